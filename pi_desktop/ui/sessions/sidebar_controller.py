"""What the sessions sidebar's requests do to the window, and which session opens at start.

Kept out of ``MainWindow`` so the window only forwards three moments (a session opened, a
run started or ended, the window closes). Choices made here:

* **Switching while an answer streams is refused**, with a note in the sidebar saying to stop
  it first (Esc): a silent stop would throw away an answer the user may be waiting for.
* **Delete is undoable** instead of confirmed: the row disappears at once and the file moves
  to the trash when the undo note expires, another session is deleted, or the window closes;
  from the trash it can be restored for 30 days (expired ones are removed at start and when
  the trash is shown). Deleting the open session first switches to its neighbour (or a new
  session).
* **The filter searches messages too**: the library's full-text index (``SessionSearch``)
  answers off the GUI thread; a message hit opens its session at that message.
* **The session open at close is reopened at start**: its path is saved in the window
  settings each time a session opens (so a crash remembers it too).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QSplitter

from pi_desktop.session import SessionInfo
from pi_desktop.ui.i18n import tr, trf
from pi_desktop.ui.labels import shorten
from pi_desktop.ui.sessions.open_errors import OPEN_ERRORS
from pi_desktop.ui.sessions.reveal import reveal_entry
from pi_desktop.ui.sessions.search import SessionSearch
from pi_desktop.ui.sessions.sidebar import SessionsSidebar

if TYPE_CHECKING:
    from pi_desktop.ui.main_window import MainWindow

LAST_SESSION_KEY = "last_session"
SIDEBAR_VISIBLE_KEY = "sidebar_visible"
OUTER_SPLITTER_KEY = "outer_splitter"
UNDO_MS = 8_000


class SidebarController(QObject):
    """Binds a ``SessionsSidebar`` to a ``MainWindow``: open, new, rename, delete, undo."""

    titleChanged = Signal()  # a rename touched the open session

    def __init__(self, window: MainWindow, sidebar: SessionsSidebar, splitter: QSplitter):
        super().__init__(window)
        self.window = window
        self.sidebar = sidebar
        self.splitter = splitter
        self.library = window.library
        self.pending_delete: SessionInfo | None = None
        self._stale = False
        self._undo_timer = QTimer(self)
        self._undo_timer.setSingleShot(True)
        self._undo_timer.setInterval(UNDO_MS)
        self._undo_timer.timeout.connect(self.commit_delete)
        self.search = SessionSearch(self.library.root, self)
        self._unwatch: Any = None
        self.expired = self._purge_trash()  # the 30 days are checked at every start
        self.search.start()
        sidebar.openRequested.connect(self.open)
        sidebar.openAtRequested.connect(self.open_at)
        sidebar.searchRequested.connect(self.search.request)
        self.search.resultsReady.connect(sidebar.set_search_results)
        self.search.failed.connect(self._search_failed)
        self._search_problem: str | None = None
        sidebar.trashRequested.connect(self.show_trash)
        sidebar.trash.restoreRequested.connect(self.restore)
        sidebar.trash.deleteForeverRequested.connect(self.delete_forever)
        sidebar.trash.emptyRequested.connect(self.empty_trash)
        sidebar.newRequested.connect(window.new_session)
        sidebar.deleteRequested.connect(self.delete)
        sidebar.undoRequested.connect(self.undo)
        sidebar.model.renameRequested.connect(self.rename)
        sidebar.view.itemDelegate().closeEditor.connect(lambda *_: self._after_edit())
        self.toggle_action = QAction(tr("Sessions", "Sessions &sidebar"), window)
        self.toggle_action.setCheckable(True)
        self.toggle_action.setChecked(True)
        self.toggle_action.setShortcut(QKeySequence("Ctrl+B"))
        self.toggle_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.toggle_action.toggled.connect(self.set_visible)
        window.addAction(self.toggle_action)
        self.rename_action = QAction(tr("Sessions", "&Rename session"), window)
        self.rename_action.triggered.connect(lambda _checked=False: self.rename_open())
        window.addAction(self.rename_action)

    # -- the list -------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Re-read the library (incremental index: only appended bytes are parsed)."""
        if self.sidebar.is_editing():
            self._stale = True  # a reset would close the editor under the user's fingers
            return
        self._stale = False
        infos = self.library.list_sessions()
        pending = self.pending_delete.id if self.pending_delete else None
        self.sidebar.set_sessions([info for info in infos if info.id != pending])
        self.sidebar.set_trash_count(self.library.trash.count())

    def _after_edit(self) -> None:
        if self._stale:
            QTimer.singleShot(0, self.refresh)

    def set_visible(self, visible: bool) -> None:
        self.sidebar.setVisible(visible)
        if self.toggle_action.isChecked() != visible:
            self.toggle_action.setChecked(visible)
        if visible:
            self.refresh()

    # -- moments the window forwards ------------------------------------------------------------

    def session_opened(self, session: Any) -> None:
        if self._unwatch is not None:
            self._unwatch()
        self._unwatch = self.search.watch(session)  # its appends reach the index in batches
        if Path(session.path).exists():  # a fork, or a file another process wrote meanwhile
            self.search.touch(session.path)
        self.window.settings_store.set_value(LAST_SESSION_KEY, str(Path(session.path).resolve()))
        self.sidebar.model.set_open(session.path.stem)
        if self.pending_delete is None:
            self.sidebar.clear_note()
        self.refresh()

    def busy_changed(self, busy: bool) -> None:
        session = self.window.session
        self.sidebar.set_streaming(session.path.stem if busy and session else None)
        self.sidebar.new_button.setEnabled(not busy)
        self.refresh()  # a first message gives a new session its title; order follows writes

    def message_added(self) -> None:
        """A new session's first message gives its row a name: show it at once."""
        session = self.window.session
        info = self.sidebar.model.info(session.path.stem) if session is not None else None
        if info is None or (info.title is None and info.preview is None):
            self.refresh()

    def save_state(self) -> None:
        """At close: the pending delete happens, the layout is remembered, the index stops."""
        self.commit_delete()
        if self._unwatch is not None:
            self._unwatch()
            self._unwatch = None
        self.search.close()
        store = self.window.settings_store
        store.set_value(OUTER_SPLITTER_KEY, self.splitter.saveState())
        # the user's choice (Ctrl+B), not what a narrow window shows now (narrow_layout.py)
        store.set_value(SIDEBAR_VISIBLE_KEY, self.toggle_action.isChecked())

    def restore_state(self) -> None:
        store = self.window.settings_store
        state = store.value(OUTER_SPLITTER_KEY)
        if state is not None:
            self.splitter.restoreState(state)
        visible = store.value(SIDEBAR_VISIBLE_KEY, True)
        self.set_visible(str(visible).lower() not in ("false", "0"))

    def reopen_last(self) -> bool:
        """Open the session that was open when the app last closed; False when it is gone or
        held by another window (the caller then falls back to the newest or a new one)."""
        saved = self.window.settings_store.value(LAST_SESSION_KEY)
        if not saved:
            return False
        path = Path(str(saved))
        if not path.is_file():
            return False
        try:
            if path.parent.resolve() == self.library.root.resolve():
                session = self.library.open(path.stem)
            else:
                from pi_desktop.session import Session

                session = Session.load(path)
        except OPEN_ERRORS:  # a link, a FIFO, unreadable: start on another session instead
            return False
        self.window.open_session(session)
        return True

    # -- requests from the sidebar --------------------------------------------------------------

    def _refuse_while_busy(self) -> bool:
        if not self.window.busy:
            return False
        name = self.window.session_name() or tr("Sessions", "this session")
        self.sidebar.show_note(
            trf(
                "Sessions",
                "An answer is streaming in “%1”. Stop it (Esc) before switching sessions.",
                shorten(name, 40),
            )
        )
        self.window.statusBar().showMessage(
            tr("Sessions", "Stop the answer (Esc) before switching."), 6000
        )
        self.sidebar.select(self.sidebar.model.open_id)
        return True

    def open(self, session_id: str) -> bool:
        if self._refuse_while_busy():
            return False
        if session_id == self.sidebar.model.open_id:
            return True
        opened = self.window.open_session_id(session_id)
        if not opened:
            self.sidebar.select(self.sidebar.model.open_id)
        return opened

    def _search_failed(self, _query: str, why: str) -> None:
        """Said once: titles are still filtered, message text is not searched."""
        if why != self._search_problem:
            self._search_problem = why
            self.sidebar.show_note(
                trf("Sessions", "Message search is unavailable (titles still match): %1", why)
            )

    def open_at(self, session_id: str, entry_id: str) -> bool:
        """A message search hit: open its session and show that message."""
        if not self.open(session_id):
            return False
        return reveal_entry(self.window, entry_id, self.sidebar.filter.text())

    def rename(self, session_id: str, title: str) -> None:
        session = self.window.session
        try:
            if session is not None and session.path.stem == session_id:
                session.set_title(title or None)
                self.titleChanged.emit()
            else:
                self.library.rename(session_id, title or None)
        except OPEN_ERRORS as exc:  # locked, read-only (no header), an odd name, unreadable
            self.sidebar.show_note(trf("Sessions", "Could not rename: %1", exc))
        QTimer.singleShot(0, self.refresh)  # after the editor closed

    def rename_open(self) -> bool:
        session = self.window.session
        if session is None:
            return False
        self.set_visible(True)
        return self.sidebar.rename(session.path.stem)

    def delete(self, session_id: str) -> bool:
        info = self.sidebar.model.info(session_id)
        if info is None:
            return False
        if session_id == self.sidebar.model.open_id:
            if self._refuse_while_busy():
                return False
            if not self._leave(session_id):
                return False
        self.commit_delete()  # one undo at a time: the previous delete happens now
        self.pending_delete = info
        self._undo_timer.start()
        self.refresh()
        self.sidebar.show_note(
            trf("Sessions", "Deleted “%1”.", shorten(info.display_title, 40)), undo=True
        )
        return True

    def _leave(self, session_id: str) -> bool:
        """Open the neighbour of ``session_id`` in the list (or a new session)."""
        ids = self.sidebar.visible_ids() or self.sidebar.model.ids()
        if session_id in ids:
            at = ids.index(session_id)
            others = ids[at + 1 :] + list(reversed(ids[:at]))
        else:
            others = [i for i in ids if i != session_id]
        for other in others:
            if self.window.open_session_id(other):
                return True
        return self.window.new_session() is not None

    def undo(self) -> None:
        info = self.pending_delete
        self._undo_timer.stop()
        self.pending_delete = None
        self.sidebar.clear_note()
        self.refresh()
        if info is not None:
            self.sidebar.select(info.id)

    def commit_delete(self) -> None:
        """Remove the file of the pending delete (the undo note expired or was superseded)."""
        self._undo_timer.stop()
        info, self.pending_delete = self.pending_delete, None
        if info is None:
            return
        try:
            self.library.move_to_trash(info.id)
        except OPEN_ERRORS as exc:
            self.sidebar.show_note(
                trf("Sessions", "“%1” was not deleted: %2", shorten(info.display_title, 40), exc)
            )
        else:
            self.search.forget(info.id)
            self.sidebar.clear_note()
        self.refresh()

    # -- the trash ------------------------------------------------------------------------------

    def _purge_trash(self) -> list[str]:
        try:
            return self.library.trash.purge_expired()
        except OSError as exc:
            self.sidebar.show_note(trf("Sessions", "The trash could not be cleaned up: %1", exc))
            return []

    def show_trash(self) -> None:
        """The trash page, with what expired meanwhile gone first."""
        self.commit_delete()  # the session just deleted is in the trash, not in limbo
        self._purge_trash()
        self._fill_trash()
        self.sidebar.show_trash()

    def _fill_trash(self) -> None:
        trash = self.library.trash
        self.sidebar.trash.set_items(trash.list(), trash.clock())
        self.sidebar.set_trash_count(self.sidebar.trash.model.rowCount())

    def restore(self, session_id: str) -> bool:
        try:
            path = self.library.trash.restore(session_id)
        except OSError as exc:
            self.sidebar.trash.hint.setText(trf("Sessions", "Could not restore: %1", exc))
            return False
        self.search.touch(path, now=True)
        self._fill_trash()
        self.refresh()
        self.sidebar.show_sessions()
        self.sidebar.select(session_id)
        info = self.sidebar.model.info(session_id)
        name = info.display_title if info is not None else session_id
        self.sidebar.show_note(trf("Sessions", "Restored “%1”.", shorten(name, 40)))
        return True

    def delete_forever(self, session_id: str) -> None:
        try:
            self.library.trash.delete(session_id)
        except OSError as exc:
            self.sidebar.trash.hint.setText(trf("Sessions", "Could not delete: %1", exc))
        self._fill_trash()

    def empty_trash(self) -> None:
        try:
            self.library.trash.empty()
        except OSError as exc:
            self.sidebar.trash.hint.setText(trf("Sessions", "Could not empty the trash: %1", exc))
        self._fill_trash()
