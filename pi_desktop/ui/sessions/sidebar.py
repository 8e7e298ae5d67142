"""The sessions sidebar: every session, newest first, filtered as you type.

Qt model/view so a thousand sessions cost one list model and a painted row each, never a
widget per row: ``SessionListModel`` holds the library's ``SessionInfo`` rows (plus which one
is open and which one is streaming), ``SessionFilterProxy`` filters on title and first
message and keeps the sessions whose *messages* match (the search index's hits, which arrive
a moment later), ``SessionDelegate`` paints the title, the date and the marks — or, for a
message hit, its time and a snippet with the match in bold. The sidebar only emits what the
user asked for (open, open at a message, new, rename, delete, undo, the trash page);
``SidebarController`` does the work, so nothing here touches a session file.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QRegularExpression,
    QSize,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QContextMenuEvent, QFont, QFontMetrics, QKeyEvent, QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QMenu,
    QPushButton,
    QStackedWidget,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from pi_desktop.session import SessionInfo
from pi_desktop.session.search_index import SearchHit
from pi_desktop.ui.i18n import tr, trf
from pi_desktop.ui.scrollbars import slim_scroll_bars
from pi_desktop.ui.sessions.dialog import format_updated
from pi_desktop.ui.theme import theme_for

ID_ROLE = Qt.ItemDataRole.UserRole + 1
INFO_ROLE = Qt.ItemDataRole.UserRole + 2
OPEN_ROLE = Qt.ItemDataRole.UserRole + 3
STREAMING_ROLE = Qt.ItemDataRole.UserRole + 4
SEARCH_ROLE = Qt.ItemDataRole.UserRole + 5
HIT_ROLE = Qt.ItemDataRole.UserRole + 6  # the SearchHit of a message that matched, or None
DETAIL_ROLE = Qt.ItemDataRole.UserRole + 7  # a second line instead of date · count (trash)
_SEARCH_ROLE = int(SEARCH_ROLE)  # the filter asks for it once per row: compared as a plain int
HIT_MARK = "\x00message-hit"  # ends the filter text of a row whose messages matched

_Index = QModelIndex | QPersistentModelIndex


class SessionListModel(QAbstractListModel):
    """The library's sessions in the order given (the library lists newest first).

    Editing a title does not write anything: it emits ``renameRequested`` and the controller
    renames through the library (or the open ``Session``), then refreshes the list.
    """

    renameRequested = Signal(str, str)  # session id, new title ("" clears it)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[SessionInfo] = []
        self._row_of: dict[str, int] = {}
        self._open_id: str | None = None
        self._streaming_id: str | None = None
        self._hits: dict[str, SearchHit] = {}

    # -- contents ---------------------------------------------------------------------------

    def set_sessions(self, infos: Sequence[SessionInfo]) -> None:
        self.beginResetModel()
        self._rows = list(infos)
        self._row_of = {info.id: row for row, info in enumerate(self._rows)}
        self.endResetModel()

    def ids(self) -> list[str]:
        return [info.id for info in self._rows]

    def set_hits(self, hits: Sequence[SearchHit]) -> None:
        """The message search's answer: one hit per session (empty: no search)."""
        self._hits = {hit.session_id: hit for hit in hits}
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, 0))

    def hit(self, session_id: str) -> SearchHit | None:
        return self._hits.get(session_id)

    def info(self, session_id: str) -> SessionInfo | None:
        row = self._row_of.get(session_id)
        return self._rows[row] if row is not None else None

    def index_of(self, session_id: str) -> QModelIndex:
        row = self._row_of.get(session_id)
        return self.index(row, 0) if row is not None else QModelIndex()

    @property
    def open_id(self) -> str | None:
        return self._open_id

    def set_open(self, session_id: str | None) -> None:
        old, self._open_id = self._open_id, session_id
        self._changed(old, session_id)

    def set_streaming(self, session_id: str | None) -> None:
        old, self._streaming_id = self._streaming_id, session_id
        self._changed(old, session_id)

    def _changed(self, *session_ids: str | None) -> None:
        for session_id in session_ids:
            index = self.index_of(session_id) if session_id else QModelIndex()
            if index.isValid():
                self.dataChanged.emit(index, index)

    # -- Qt model API -----------------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        info = self._rows[index.row()]
        if role == _SEARCH_ROLE:  # first: the filter reads it for every row on each keystroke
            text = f"{info.title or ''}\n{info.preview or ''}"
            return text + HIT_MARK if info.id in self._hits else text
        if role == Qt.ItemDataRole.DisplayRole:
            return info.display_title
        if role == Qt.ItemDataRole.EditRole:
            return info.title or info.display_title
        if role == Qt.ItemDataRole.ToolTipRole:
            tip = info.display_title + "\n" + tr("Sessions", "%Ln message(s)", n=info.message_count)
            if info.id == self._streaming_id:
                tip += " · " + tr("Sessions", "an answer is streaming")
            hit = self._hits.get(info.id)
            if hit is not None:
                tip += "\n" + tr(
                    "Sessions", "%Ln matching message(s) · Enter opens the newest", n=hit.hits
                )
            return tip
        if role == ID_ROLE:
            return info.id
        if role == INFO_ROLE:
            return info
        if role == OPEN_ROLE:
            return info.id == self._open_id
        if role == STREAMING_ROLE:
            return info.id == self._streaming_id
        if role == HIT_ROLE:
            return self._hits.get(info.id)
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEditable

    def setData(self, index: _Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        info = self._rows[index.row()]
        title = " ".join(str(value or "").split())
        if title == (info.title or info.display_title):
            return False  # unchanged: no title line written
        self.renameRequested.emit(info.id, title)
        return True


class SessionFilterProxy(QSortFilterProxyModel):
    """Case-insensitive filter on the title and the first user message, plus the sessions
    the message search found; keeps the order.

    One regular expression does both (the literal text, or the mark the model appends to a
    row with a message hit), so the filtering runs in Qt's C++ loop, not a Python override
    per row: a thousand sessions refilter in a few milliseconds on every keystroke."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setFilterRole(SEARCH_ROLE)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setDynamicSortFilter(False)

    def set_text(self, text: str) -> None:
        text = " ".join(text.split())
        if not text:
            self.setFilterRegularExpression(QRegularExpression())
            return
        pattern = QRegularExpression.escape(text) + "|" + QRegularExpression.escape(HIT_MARK)
        option = QRegularExpression.PatternOption.CaseInsensitiveOption
        self.setFilterRegularExpression(QRegularExpression(pattern, option))

    def hits_changed(self) -> None:
        if hasattr(self, "beginFilterChange"):  # Qt 6.10+; invalidateRowsFilter is deprecated
            self.beginFilterChange()
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self.invalidateRowsFilter()


class SessionDelegate(QStyledItemDelegate):
    """Two lines per session: the title (bold when open) and its date; marks on the left.

    The open session gets an accent bar, a streaming one a dot and "answering…" in place of
    the message count. Every row has the same height, so the view lays out 1,000 rows at once.
    """

    PAD = 6
    MARK = 4

    def sizeHint(self, option: QStyleOptionViewItem, index: _Index) -> QSize:
        metrics = QFontMetrics(option.font)
        return QSize(160, 2 * metrics.height() + 2 * self.PAD + 2)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        info: SessionInfo | None = index.data(INFO_ROLE)
        if info is None:
            return
        widget = option.widget
        style = widget.style() if widget is not None else None
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        if style is not None:  # the selection/hover background, as the platform draws it
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        palette: QPalette = option.palette
        theme = theme_for(palette)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        rect: QRect = option.rect
        is_open = bool(index.data(OPEN_ROLE))
        streaming = bool(index.data(STREAMING_ROLE))
        painter.save()
        if is_open:  # on the selection colour the accent would vanish: use its text colour
            bar = palette.color(QPalette.ColorRole.HighlightedText) if selected else theme.user
            painter.fillRect(QRect(rect.left(), rect.top() + 3, self.MARK, rect.height() - 6), bar)
        text_left = rect.left() + self.MARK + self.PAD + 2
        title_font = QFont(option.font)
        title_font.setBold(is_open)
        metrics = QFontMetrics(title_font)
        line_h = QFontMetrics(option.font).height()
        top = rect.top() + self.PAD
        right = rect.right() - self.PAD
        if streaming:  # a green dot, centred on the row, where it is seen at a glance
            dot = max(8, (line_h * 2) // 3)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(theme.ok)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            painter.drawEllipse(right - dot, rect.center().y() - dot // 2, dot, dot)
            right -= dot + self.PAD
        main = palette.color(
            QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        )
        muted = main if selected else theme.muted
        painter.setFont(title_font)
        painter.setPen(main)
        title = metrics.elidedText(
            info.display_title, Qt.TextElideMode.ElideRight, max(0, right - text_left)
        )
        painter.drawText(QRect(text_left, top, right - text_left, line_h), 0, title)
        painter.setFont(option.font)
        painter.setPen(muted)
        width = rect.right() - self.PAD - text_left
        second = QRect(text_left, top + line_h + 2, width, line_h)
        hit: SearchHit | None = index.data(HIT_ROLE)
        if hit is not None:
            self._paint_hit(painter, option.font, second, hit, main)
            painter.restore()
            return
        detail = index.data(DETAIL_ROLE)
        if not isinstance(detail, str):
            detail = format_updated(info.updated) + " · "
            detail += (
                tr("Sessions", "answering…")
                if streaming
                else tr("Sessions", "%Ln message(s)", n=info.message_count)
            )
        detail = QFontMetrics(option.font).elidedText(detail, Qt.TextElideMode.ElideRight, width)
        painter.drawText(second, 0, detail)
        painter.restore()

    def _paint_hit(
        self, painter: QPainter, font: QFont, rect: QRect, hit: SearchHit, strong: Any
    ) -> None:
        """'14:05 · …the matched words…' with the match in bold, elided to the row."""
        metrics = QFontMetrics(font)
        when = hit_time(hit) + " · "
        x = rect.left()
        painter.drawText(QRect(x, rect.top(), rect.width(), rect.height()), 0, when)
        x += metrics.horizontalAdvance(when)
        right = rect.right()
        snippet = hit.snippet
        start, end = hit.match if hit.match is not None else (0, 0)
        # keep the match in sight: drop words off the front when the prefix is too wide
        before = snippet[:start]
        budget = (right - x) // 3
        fits = metrics.horizontalAdvance(snippet) + 8 <= right - x  # bold is a little wider
        if not fits and metrics.horizontalAdvance(before) > budget:
            before = "…" + metrics.elidedText(before, Qt.TextElideMode.ElideLeft, budget)[1:]
        bold = QFont(font)
        bold.setBold(True)
        bold_metrics = QFontMetrics(bold)
        for text, face, face_metrics, pen in (
            (before, font, metrics, None),
            (snippet[start:end], bold, bold_metrics, strong),
            (snippet[end:], font, metrics, None),
        ):
            if not text or x >= right:
                continue
            shown = face_metrics.elidedText(text, Qt.TextElideMode.ElideRight, right - x)
            painter.setFont(face)
            if pen is not None:
                painter.save()
                painter.setPen(pen)
            painter.drawText(QRect(x, rect.top(), right - x, rect.height()), 0, shown)
            if pen is not None:
                painter.restore()
            x += face_metrics.horizontalAdvance(shown)
        painter.setFont(font)


def hit_time(hit: SearchHit, now: datetime | None = None) -> str:
    """When the matching message was written ("14:05", "Mon 14:05", a date)."""
    try:
        when = datetime.fromisoformat(hit.timestamp or "")
    except ValueError:
        return "—"
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return format_updated(when, now)


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
        from pi_desktop.ui.sessions.trash_view import TrashPanel

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
