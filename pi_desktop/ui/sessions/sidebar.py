"""The sessions sidebar: every session, newest first, filtered as you type.

The widgets over a Qt model/view (``sidebar_model``: the rows and the filter;
``sidebar_delegate``: how a row is painted), so a thousand sessions cost one list model and a
painted row each, never a widget per row. The sidebar only emits what the
user asked for (open, open at a message, new, rename, delete, undo, the trash page);
``SidebarController`` does the work, so nothing here touches a session file.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QContextMenuEvent, QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QMenu,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from pi_desktop.session import SessionInfo
from pi_desktop.session.search_index import SearchHit
from pi_desktop.ui.i18n import tr, trf
from pi_desktop.ui.scrollbars import slim_scroll_bars
from pi_desktop.ui.sessions.sidebar_delegate import SessionDelegate, hit_time
from pi_desktop.ui.sessions.sidebar_model import (
    DETAIL_ROLE,
    HIT_MARK,
    HIT_ROLE,
    ID_ROLE,
    INFO_ROLE,
    LOADING_ROLE,
    OPEN_ROLE,
    SEARCH_ROLE,
    STREAMING_ROLE,
    SessionFilterProxy,
    SessionListModel,
)
from pi_desktop.ui.sessions.trash_view import TrashPanel

__all__ = [  # the names tests and other parts import from here
    "DETAIL_ROLE",
    "HIT_MARK",
    "HIT_ROLE",
    "ID_ROLE",
    "INFO_ROLE",
    "LOADING_ROLE",
    "OPEN_ROLE",
    "SEARCH_ROLE",
    "STREAMING_ROLE",
    "SessionDelegate",
    "SessionFilterProxy",
    "SessionListModel",
    "SessionListView",
    "SessionsSidebar",
    "hit_time",
]


class SessionListView(QListView):
    """Arrows move, Enter opens, F2 renames, Delete deletes (emitted, not done here); the
    context menu offers the same for the mouse."""

    openRequested = Signal(QModelIndex)
    deleteRequested = Signal(QModelIndex)

    def build_context_menu(self, index: QModelIndex) -> QMenu:
        """The row's menu (separate from the event so tests can trigger its actions)."""
        menu = QMenu(self)
        if not index.isValid():
            return menu
        persistent = QPersistentModelIndex(index)
        menu.addAction(
            tr("Sessions", "Open"), lambda: self.openRequested.emit(QModelIndex(persistent))
        )
        menu.addAction(tr("Sessions", "Rename"), lambda: self.edit(QModelIndex(persistent)))
        menu.addSeparator()
        menu.addAction(
            tr("Sessions", "Delete"), lambda: self.deleteRequested.emit(QModelIndex(persistent))
        )
        return menu

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        index = self.indexAt(event.pos())
        if not index.isValid():
            return
        menu = self.build_context_menu(index)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.popup(event.globalPos())  # popup, not exec: no nested loop under qasync

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        index = self.currentIndex()
        if self.state() != QAbstractItemView.State.EditingState and index.isValid():
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self.openRequested.emit(index)
                return
            if key == Qt.Key.Key_F2:
                self.edit(index)
                return
            if key == Qt.Key.Key_Delete:
                self.deleteRequested.emit(index)
                return
        super().keyPressEvent(event)


class SessionsSidebar(QWidget):
    """Filter box, "New" button, the list, and a one-line note (undo, refusals)."""

    openRequested = Signal(str)  # session id
    openAtRequested = Signal(str, str)  # session id, the entry id of the message that matched
    searchRequested = Signal(str)  # the filter text, for the message search ("" clears it)
    newRequested = Signal()
    deleteRequested = Signal(str)
    undoRequested = Signal()
    trashRequested = Signal()  # show the trash page (the controller fills it)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sessionsSidebar")
        self.model = SessionListModel(self)
        self.proxy = SessionFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.filter = QLineEdit(self)
        self.filter.setPlaceholderText(tr("Sessions", "Filter sessions"))
        self.filter.setClearButtonEnabled(True)
        self.filter.setPlaceholderText(tr("Sessions", "Search sessions"))
        self.filter.setAccessibleName(tr("Sessions", "Search sessions"))
        self.filter.setToolTip(
            tr(
                "Sessions",
                "Search titles and the text of every message (↓ moves into the list, Enter opens)",
            )
        )
        self.new_button = QPushButton(tr("Sessions", "New"), self)
        self.new_button.setToolTip(tr("Sessions", "Start a new session (Ctrl+N)"))
        self.view = SessionListView(self)
        self.view.setAccessibleName(tr("Sessions", "Sessions"))
        self.view.setAccessibleDescription(
            tr(
                "Sessions",
                "Newest first. Enter opens the session, F2 renames it, Delete moves it to the "
                "trash.",
            )
        )
        self.view.setModel(self.proxy)
        self.view.setItemDelegate(SessionDelegate(self.view))
        self.view.setUniformItemSizes(True)  # 1,000 rows laid out without measuring each
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.EditKeyPressed)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setTextElideMode(Qt.TextElideMode.ElideRight)
        slim_scroll_bars(self.view)
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        self.note.setVisible(False)
        self.undo_button = QPushButton(tr("Sessions", "Undo"), self)
        self.undo_button.setToolTip(tr("Sessions", "Bring the deleted session back"))
        self.undo_button.setVisible(False)
        self.no_match = QLabel(self)  # "No session matches …" over a blank result list
        self.no_match.setWordWrap(True)
        self.no_match.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.no_match.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.no_match.setVisible(False)
        self.trash_button = QPushButton(tr("Sessions", "Trash"), self)
        self.trash_button.setFlat(True)
        self.trash_button.setToolTip(
            tr("Sessions", "Deleted sessions: restore them within 30 days")
        )
        self.trash = TrashPanel(self)
        self._search_settled = True  # the message search answered the current text
        self._search_complete = True  # … and looked at every match
        self._search_indexing = False  # … while the index was still reading the library
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.filter, 1)
        top.addWidget(self.new_button)
        note_row = QHBoxLayout()
        note_row.setContentsMargins(2, 0, 0, 0)
        note_row.addWidget(self.note, 1)
        note_row.addWidget(self.undo_button, 0, Qt.AlignmentFlag.AlignTop)
        sessions_page = QWidget(self)
        page = QVBoxLayout(sessions_page)
        page.setContentsMargins(0, 0, 0, 0)
        page.setSpacing(4)
        page.addLayout(top)
        page.addWidget(self.no_match)
        page.addWidget(self.view, 1)
        page.addLayout(note_row)
        bottom = QHBoxLayout()
        bottom.setContentsMargins(0, 0, 0, 0)
        bottom.addStretch(1)
        bottom.addWidget(self.trash_button)
        page.addLayout(bottom)
        self.pages = QStackedWidget(self)
        self.pages.addWidget(sessions_page)
        self.pages.addWidget(self.trash)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 0, 6)
        layout.addWidget(self.pages)
        self.filter.textChanged.connect(self._filter_changed)
        self.trash_button.clicked.connect(lambda _checked=False: self.trashRequested.emit())
        self.trash.backRequested.connect(self.show_sessions)
        self.filter.returnPressed.connect(self._open_first_match)
        self.filter.installEventFilter(self)
        self.new_button.clicked.connect(lambda _checked=False: self.newRequested.emit())
        self.undo_button.clicked.connect(lambda _checked=False: self.undoRequested.emit())
        self.view.clicked.connect(self._open_index)
        self.view.openRequested.connect(self._open_index)
        self.view.deleteRequested.connect(self._delete_index)

    # -- what the controller calls --------------------------------------------------------------

    def set_sessions(self, infos: Sequence[SessionInfo]) -> None:
        """Refill the list; the selection follows the open session."""
        self.model.set_sessions(infos)
        self.select(self.model.open_id)

    def set_open(self, session_id: str | None) -> None:
        self.model.set_open(session_id)
        self.select(session_id)

    def set_streaming(self, session_id: str | None) -> None:
        self.model.set_streaming(session_id)

    def set_loading(self, session_id: str | None) -> None:
        """The row of the session being opened says "opening…" until it shows."""
        self.model.set_loading(session_id)

    def select(self, session_id: str | None) -> None:
        index = self.proxy.mapFromSource(self.model.index_of(session_id)) if session_id else None
        if index is not None and index.isValid():
            self.view.setCurrentIndex(index)
            self.view.scrollTo(index)
        else:
            self.view.clearSelection()

    def is_editing(self) -> bool:
        return self.view.state() == QAbstractItemView.State.EditingState

    def rename(self, session_id: str) -> bool:
        """Start editing ``session_id``'s title in place (what F2 does)."""
        index = self.proxy.mapFromSource(self.model.index_of(session_id))
        if not index.isValid():
            return False
        self.view.setCurrentIndex(index)
        self.view.edit(index)
        return True

    def show_note(self, text: str, *, undo: bool = False) -> None:
        self.note.setText(text)
        self.note.setVisible(bool(text))
        self.undo_button.setVisible(undo and bool(text))

    def clear_note(self) -> None:
        self.show_note("")

    def set_search_results(self, query: str, hits: Sequence[SearchHit]) -> None:
        """The message search answered ``query``; ignored when the text moved on."""
        if query != " ".join(self.filter.text().split()):
            return
        self._search_settled = True
        self._search_complete = getattr(hits, "complete", True)
        self._search_indexing = getattr(hits, "indexing", False)
        self.model.set_hits(hits)
        self.proxy.hits_changed()
        self.select(self.model.open_id)
        self._update_no_match()

    def search_answered(self, query: str) -> bool:
        """The message search has answered ``query``, the text in the filter now."""
        return self._search_settled and " ".join(self.filter.text().split()) == query

    def show_trash(self) -> None:
        self.pages.setCurrentWidget(self.trash)
        self.trash.view.setFocus()

    def show_sessions(self) -> None:
        self.pages.setCurrentWidget(self.pages.widget(0))
        self.view.setFocus()

    @property
    def showing_trash(self) -> bool:
        return self.pages.currentWidget() is self.trash

    def set_trash_count(self, count: int) -> None:
        self.trash_button.setText(
            trf("Sessions", "Trash (%1)", count) if count else tr("Sessions", "Trash")
        )

    def _filter_changed(self, text: str) -> None:
        query = " ".join(text.split())
        self.model.set_hits([])  # the previous query's hits would show under the new text
        self.proxy.set_text(query)
        self._search_settled = not query
        self._search_complete = True
        self._search_indexing = False
        self.searchRequested.emit(query)
        self._update_no_match()

    def _update_no_match(self) -> None:
        """A blank result list says so — once the message search has answered too."""
        query = " ".join(self.filter.text().split())
        blank = bool(query) and self.proxy.rowCount() == 0 and self._search_settled
        settled = bool(query) and self._search_settled
        partial = settled and (not self._search_complete or self._search_indexing)
        shown = query if len(query) <= 40 else query[:39] + "…"
        if blank and self._search_indexing:
            self.no_match.setText(
                trf(
                    "Sessions",
                    "No session matches “%1” yet: the search is still reading the sessions.",
                    shown,
                )
            )
        elif blank:
            self.no_match.setText(trf("Sessions", "No session matches “%1”.", shown))
        elif partial and self._search_indexing:
            self.no_match.setText(
                tr("Sessions", "The search is still reading the sessions: more may match.")
            )
        elif partial:
            self.no_match.setText(
                tr("Sessions", "Found in many messages: the newest are shown. Add a word.")
            )
        self.no_match.setVisible(blank or partial)

    def visible_ids(self) -> list[str]:
        return [self.proxy.index(row, 0).data(ID_ROLE) for row in range(self.proxy.rowCount())]

    # -- events ---------------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            watched is self.filter
            and event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Escape
            and self.filter.text()
        ):
            event.accept()  # Esc clears the filter here, it does not stop the run
            return True
        if watched is self.filter and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() == Qt.Key.Key_Down and self.proxy.rowCount():
                self.view.setFocus()
                if not self.view.currentIndex().isValid():
                    self.view.setCurrentIndex(self.proxy.index(0, 0))
                return True
            if event.key() == Qt.Key.Key_Escape and self.filter.text():
                self.filter.clear()
                return True
        return super().eventFilter(watched, event)

    def _open_first_match(self) -> None:
        if self.proxy.rowCount():
            self._open_index(self.proxy.index(0, 0))

    def _open_index(self, index: QModelIndex) -> None:
        session_id = index.data(ID_ROLE) if index.isValid() else None
        if not session_id:
            return
        hit: SearchHit | None = index.data(HIT_ROLE)
        if hit is not None:  # a message matched: open the session at that message
            self.openAtRequested.emit(session_id, hit.entry_id)
        else:
            self.openRequested.emit(session_id)

    def _delete_index(self, index: QModelIndex) -> None:
        session_id = index.data(ID_ROLE) if index.isValid() else None
        if session_id:
            self.deleteRequested.emit(session_id)
