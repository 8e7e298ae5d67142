"""What the sessions sidebar's requests do to the window, and which session opens at start.

Kept out of ``MainWindow``: the controller sees the window only as a ``SessionHost`` (the
session on screen, showing another, a new one, a refusal, a rewind), and the window forwards
three moments (a session opened, a run started or ended, the window closes). Choices made here:

* **A switch is read in the background** (``SessionSwitch``): the session on screen stays
  usable and its row says "opening…"; a message sent meanwhile keeps the user where they are.
  Clicked or chosen with Enter, the list keeps the keyboard, so Delete and F2 act on that row.
* **Switching while an answer streams is refused**, with a note in the sidebar saying to stop
  it first (Esc): a silent stop would throw away an answer the user may be waiting for.
* **Sessions other processes add or remove show up** (``LibraryWatch``), without Ctrl+O.
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

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QSplitter, QStatusBar

from pi_desktop.session import Session, SessionInfo, SessionLibrary
from pi_desktop.ui.chat.conversation import PathItem
from pi_desktop.ui.chat.path_rows import PathRows
from pi_desktop.ui.i18n import say, tr, trf
from pi_desktop.ui.labels import shorten, title_from
from pi_desktop.ui.sessions.library_watch import LibraryWatch
from pi_desktop.ui.sessions.open_errors import OPEN_ERRORS, open_failure
from pi_desktop.ui.sessions.reveal import EntryScroller, EntrySelector, reveal_entry
from pi_desktop.ui.sessions.search import SessionSearch
from pi_desktop.ui.sessions.sidebar import SessionsSidebar
from pi_desktop.ui.sessions.switch import SessionSwitch
from pi_desktop.ui.settings import SettingsStore

log = logging.getLogger(__name__)

LAST_SESSION_KEY = "last_session"
SIDEBAR_VISIBLE_KEY = "sidebar_visible"
OUTER_SPLITTER_KEY = "outer_splitter"
UNDO_MS = 8_000
# bytes of session files a refresh reads on the GUI thread (~3 ms here); the rest in a worker
LISTING_READ_BUDGET = 1_000_000


class SessionHost(Protocol):
    """What the sidebar drives: the session on screen, and showing another."""

    @property
    def session(self) -> Session | None: ...

    @property
    def busy(self) -> bool: ...

    def open_session(
        self, session: Session, *, items: list[PathItem] | PathRows | None = None
    ) -> None: ...

    def new_session(self) -> Session | None: ...

    def show_refusal(self, text: str) -> object: ...

    def rewind_to(self, entry_id: str) -> bool: ...


class SidebarController(QObject):
    """Binds a ``SessionsSidebar`` to the session on screen: open, new, rename, delete, undo."""

    titleChanged = Signal()  # a rename touched the open session

    def __init__(
        self,
        *,
        host: SessionHost,
        library: SessionLibrary,
        settings_store: SettingsStore,
        sidebar: SessionsSidebar,
        splitter: QSplitter,
        status: QStatusBar,
        tree: EntrySelector,
        conversation: EntryScroller,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._host = host
        self._settings_store = settings_store
        self._status = status
        self._tree = tree
        self._conversation = conversation
        self.sidebar = sidebar
        self.splitter = splitter
        self.library = library
        self.pending_delete: SessionInfo | None = None
        self._delete_when_left = False  # the deleted session is still on screen
        self._stale = False
        self._listing: asyncio.Future[list[SessionInfo]] | None = None  # a full listing's read
        self._closed = False
        self._undo_timer = QTimer(self)
        self._undo_timer.setSingleShot(True)
        self._undo_timer.setInterval(UNDO_MS)
        self._undo_timer.timeout.connect(self.commit_delete)
        self.switch = SessionSwitch(library, self)
        self.switch.loadingChanged.connect(sidebar.set_loading)
        self.library.root.mkdir(parents=True, exist_ok=True)  # so it can be watched
        self.search = SessionSearch(self.library.root, self)
        self.watch = LibraryWatch(self.library.root, self)
        self.watch.changed.connect(self.refresh)  # another process added or removed one
        self._unwatch: Callable[[], None] | None = None
        self.expired = self._purge_trash()  # the 30 days are checked at every start
        self.search.repaired.connect(self._search_repaired)
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
        sidebar.newRequested.connect(host.new_session)
        sidebar.deleteRequested.connect(self.delete)
        sidebar.undoRequested.connect(self.undo)
        sidebar.model.renameRequested.connect(self.rename)
        sidebar.view.itemDelegate().closeEditor.connect(lambda *_: self._after_edit())
        self.toggle_action = QAction(tr("Sessions", "Sessions &sidebar"), self)
        self.toggle_action.setCheckable(True)
        self.toggle_action.setChecked(True)
        self.toggle_action.setShortcut(QKeySequence("Ctrl+B"))
        self.toggle_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.toggle_action.toggled.connect(self.set_visible)
        self.rename_action = QAction(tr("Sessions", "&Rename session"), self)
        self.rename_action.triggered.connect(lambda _checked=False: self.rename_open())

    def actions(self) -> list[QAction]:
        """The window-wide actions (added to the window so their shortcuts work)."""
        return [self.toggle_action, self.rename_action]

    # -- the list -------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Re-read the library (incremental index: only appended bytes are parsed; more than
        ``LISTING_READ_BUDGET`` of them are read in a worker, then shown)."""
        if self.sidebar.is_editing():
            self._stale = True  # a reset would close the editor under the user's fingers
            return
        self._stale = False
        self.watch.seen()
        listing = self.library.list_sessions_within(LISTING_READ_BUDGET)
        self._show_listing(listing.sessions)
        if listing.deferred:
            self._list_in_background()

    def _show_listing(self, infos: list[SessionInfo]) -> None:
        pending = self.pending_delete.id if self.pending_delete else None
        self.sidebar.set_sessions([info for info in infos if info.id != pending])
        self.sidebar.set_trash_count(self.library.trash.count())

    def _list_in_background(self) -> None:
        """The full listing in a worker thread, shown when it is done. One at a time: what
        changes meanwhile is seen by the next refresh (the watch, a run ending). Shown as read,
        not listed again: where the cache cannot be written (a read-only folder) a listing
        after it would defer the same files and start another worker, and another."""
        if self._listing is not None and not self._listing.done():
            return
        library = SessionLibrary(self.library.root)  # its own: ``problems`` stay the window's
        self._listing = asyncio.get_event_loop().run_in_executor(None, library.list_sessions)

        def listed(future: asyncio.Future[list[SessionInfo]]) -> None:
            if self._closed or future.cancelled():
                return
            if future.exception() is not None:  # unreadable folder: the next refresh says so
                log.warning("listing the library failed: %s", future.exception())
            elif self.sidebar.is_editing():
                self._stale = True  # listed again when the editor closes
            else:
                self._show_listing(future.result())

        self._listing.add_done_callback(listed)

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

    def session_opened(self, session: Session) -> None:
        if self._unwatch is not None:
            self._unwatch()
        self._unwatch = self.search.watch(session)  # its appends reach the index in batches
        if Path(session.path).exists():  # a fork, or a file another process wrote meanwhile
            self.search.touch(session.path)
        self._settings_store.set_value(LAST_SESSION_KEY, str(Path(session.path).resolve()))
        if self.switch.loading_id != session.path.stem:
            self.switch.cancel()  # opened some other way (a fork, New): the read is stale
        self.sidebar.model.set_open(session.path.stem)
        if self.pending_delete is None:
            self.sidebar.clear_note()
        self.refresh()
        pending = self.pending_delete
        if self._delete_when_left and pending is not None and pending.id != session.path.stem:
            self.commit_delete()  # the undo time ran out while it was still shown

    def busy_changed(self, busy: bool) -> None:
        session = self._host.session
        if busy and self.switch.loading_id is not None:  # a message sent here: stay here
            self.switch.cancel()
            self._status.showMessage(tr("Sessions", "Stayed on this session to answer."), 6000)
        self.sidebar.set_streaming(session.path.stem if busy and session else None)
        self.sidebar.new_button.setEnabled(not busy)
        self.refresh()  # a first message gives a new session its title; order follows writes

    def message_added(self) -> None:
        """A new session's first message gives its row a name: show it at once."""
        session = self._host.session
        info = self.sidebar.model.info(session.path.stem) if session is not None else None
        if info is None or (info.title is None and info.preview is None):
            self.refresh()

    def save_state(self) -> None:
        """At close: the pending delete happens, the layout is remembered, the index stops."""
        self._closed = True  # a background listing finishing now lists nothing
        self.switch.close()
        self.watch.stop()
        self.commit_delete()
        if self._unwatch is not None:
            self._unwatch()
            self._unwatch = None
        self.search.close()
        store = self._settings_store
        store.set_value(OUTER_SPLITTER_KEY, self.splitter.saveState())
        # the user's choice (Ctrl+B), not what a narrow window shows now (narrow_layout.py)
        store.set_value(SIDEBAR_VISIBLE_KEY, self.toggle_action.isChecked())

    def restore_state(self) -> None:
        store = self._settings_store
        state = store.value(OUTER_SPLITTER_KEY)
        if state is not None:
            self.splitter.restoreState(state)
        visible = store.value(SIDEBAR_VISIBLE_KEY, True)
        self.set_visible(str(visible).lower() not in ("false", "0"))

    def reopen_last(self) -> bool:
        """Open the session that was open when the app last closed; False when it is gone or
        held by another window (the caller then falls back to the newest or a new one)."""
        saved = self._settings_store.value(LAST_SESSION_KEY)
        if not saved:
            return False
        path = Path(str(saved))
        if not path.is_file():
            return False
        try:
            if path.parent.resolve() == self.library.root.resolve():
                session = self.library.open(path.stem)
            else:
                session = Session.load(path)
        except OPEN_ERRORS:  # a link, a FIFO, unreadable: start on another session instead
            return False
        self._host.open_session(session)
        return True

    # -- requests from the sidebar --------------------------------------------------------------

    def _session_name(self) -> str | None:
        session = self._host.session
        if session is None:
            return None
        return session.title or title_from(session.get_current_path())

    def _refuse_while_busy(self) -> bool:
        if not self._host.busy:
            return False
        name = self._session_name() or tr("Sessions", "this session")
        self.sidebar.show_note(
            trf(
                "Sessions",
                "An answer is streaming in “%1”. Stop it (Esc) before switching sessions.",
                shorten(name, 40),
            )
        )
        self._status.showMessage(tr("Sessions", "Stop the answer (Esc) before switching."), 6000)
        self.sidebar.select(self.sidebar.model.open_id)
        return True

    def open(self, session_id: str, *, at_entry: str | None = None) -> bool:
        """Switch to ``session_id``: read in the background while the session on screen stays
        usable (its row says "opening…"). False when refused at once (an answer streams, the
        name is not a session's); a failure found while reading is said in the refusal area."""
        if self._refuse_while_busy():
            return False
        if session_id == self.sidebar.model.open_id:
            self.switch.cancel()  # back to the one on screen: a pending switch is dropped
            return True
        if session_id == self.switch.loading_id and at_entry is None:
            return True  # already on its way (a double click)
        try:
            self.library.path_for(session_id)
        except OPEN_ERRORS as exc:
            self._open_failed(session_id, exc)
            self.sidebar.select(self.sidebar.model.open_id)
            return False
        keep_focus = self._sidebar_has_focus()
        name = self._display_name(session_id)
        self._status.showMessage(trf("Sessions", "Opening “%1”…", shorten(name, 40)))

        def show(session: Session, items: PathRows) -> bool:
            if not self._show(session, items, keep_focus=keep_focus):
                return False
            if at_entry is not None:
                self._reveal(at_entry)
            return True

        self.switch.request([session_id], show, self._open_failed)
        return True

    def _sidebar_has_focus(self) -> bool:
        focused = QApplication.focusWidget()
        return focused is not None and self.sidebar.isAncestorOf(focused)

    def _show(self, session: Session, items: PathRows, *, keep_focus: bool) -> bool:
        """The read session arrives: show it, unless an answer started meanwhile."""
        if self._host.busy:
            return False
        self._status.clearMessage()
        self._host.open_session(session, items=items)
        if keep_focus:  # clicked or Enter in the list: Delete and F2 act on that row next
            self.sidebar.view.setFocus(Qt.FocusReason.OtherFocusReason)
        return True

    def _open_failed(self, session_id: str, exc: BaseException) -> None:
        self._status.clearMessage()
        self._host.show_refusal(open_failure(f"{session_id}.jsonl", exc))
        self.sidebar.select(self.sidebar.model.open_id)

    def _display_name(self, session_id: str) -> str:
        info = self.sidebar.model.info(session_id)
        return info.display_title if info is not None else session_id

    def _search_repaired(self, problems: list[str]) -> None:
        """The index was damaged or of another format and was rebuilt: said, translated."""
        self.sidebar.show_note(
            trf("Sessions", "Message search: %1", "; ".join(say(p) for p in problems))
        )

    def _search_failed(self, _query: str, why: str) -> None:
        """Said once: titles are still filtered, message text is not searched."""
        if why != self._search_problem:
            self._search_problem = why
            self.sidebar.show_note(
                trf("Sessions", "Message search is unavailable (titles still match): %1", why)
            )

    def open_at(self, session_id: str, entry_id: str) -> bool:
        """A message search hit: open its session (in the background) and show that message."""
        if session_id == self.sidebar.model.open_id and not self._host.busy:
            self.switch.cancel()
            return self._reveal(entry_id)
        return self.open(session_id, at_entry=entry_id)

    def _reveal(self, entry_id: str) -> bool:
        return reveal_entry(
            self._host,
            entry_id,
            self.sidebar.filter.text(),
            tree=self._tree,
            conversation=self._conversation,
            status=self._status,
        )

    def rename(self, session_id: str, title: str) -> None:
        session = self._host.session
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
        session = self._host.session
        if session is None:
            return False
        self.set_visible(True)
        return self.sidebar.rename(session.path.stem)

    def delete(self, session_id: str) -> bool:
        info = self.sidebar.model.info(session_id)
        if info is None:
            return False
        leaving = session_id == self.sidebar.model.open_id
        if leaving and self._refuse_while_busy():
            return False
        if self._still_shown():  # the previous delete still waits for the switch away
            self._status.showMessage(tr("Sessions", "Still switching sessions: a moment."), 4000)
            return False
        self.commit_delete()  # one undo at a time: the previous delete happens now
        self.pending_delete = info
        self._delete_when_left = False
        if leaving:
            self._leave(session_id)
        self._undo_timer.start()
        self.refresh()
        self.sidebar.show_note(
            trf("Sessions", "Deleted “%1”.", shorten(info.display_title, 40)), undo=True
        )
        return True

    def _leave(self, session_id: str) -> None:
        """Switch from ``session_id`` to its neighbour in the list (in the background), else
        the next one that opens, else a new session."""
        ids = self.sidebar.visible_ids() or self.sidebar.model.ids()
        if session_id in ids:
            at = ids.index(session_id)
            others = ids[at + 1 :] + list(reversed(ids[:at]))
        else:
            others = [i for i in ids if i != session_id]
        if not others:
            self._host.new_session()
            return
        keep_focus = self._sidebar_has_focus()

        def then_new(task: asyncio.Task[bool]) -> None:
            shown = not task.cancelled() and task.exception() is None and task.result()
            idle = self.switch.loading_id is None and not self._host.busy
            if not shown and idle and self._still_shown():
                self._host.new_session()  # none of them opened

        task = self.switch.request(
            others, lambda s, items: self._show(s, items, keep_focus=keep_focus), lambda *_: None
        )
        task.add_done_callback(then_new)

    def _still_shown(self) -> bool:
        """The pending delete is still the session on screen."""
        session = self._host.session
        info = self.pending_delete
        return info is not None and session is not None and session.path.stem == info.id

    def undo(self) -> None:
        info = self.pending_delete
        self._undo_timer.stop()
        self.pending_delete = None
        self._delete_when_left = False
        self.sidebar.clear_note()
        self.refresh()
        if info is not None:
            self.sidebar.select(info.id)

    def commit_delete(self) -> None:
        """Move the file of the pending delete to the trash (the undo note expired or was
        superseded); while the window still shows it (the switch away is being read), that
        happens as soon as it is left."""
        self._undo_timer.stop()
        if self._still_shown():
            if not self.switch.closed:
                self._delete_when_left = True
                return
            session = self._host.session
            assert session is not None
            session.close()  # the window closes meanwhile: nothing more is written to it
        info, self.pending_delete = self.pending_delete, None
        self._delete_when_left = False
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
