"""SessionWatch: one ``changed`` signal per event-loop turn for whatever the session commits.

Why: every view that draws the session (conversation, tree, bar, sidebar) used to be told by
hand "redraw now" after each action that wrote to it. ``Session.subscribe`` already calls back
after every committed line; this object turns that into a Qt signal, coalesced so a burst of
appends (a tool step writes the assistant message and its results in one turn) redraws once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal

from pi_desktop.session import Session
from pi_desktop.session.entries import Entry


class SessionWatch(QObject):
    """Watches one session at a time; ``changed`` fires once per loop turn after commits.

    ``watch(session)`` switches to another session (or ``None``) and drops the old
    subscription; switching itself does not emit (whoever opens a session draws it then).
    The subscriber callback may run on any thread: it only emits a queued poke.
    """

    changed = Signal()
    _poked = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session: Session | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._lock = threading.Lock()  # commits may come from a worker thread
        self._entries: list[Entry] = []
        self._entries_fired: list[Entry] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._fire)
        self._poked.connect(self._schedule)

    @property
    def session(self) -> Session | None:
        """The session being watched, or ``None``."""
        return self._session

    def watch(self, session: Session | None) -> None:
        """Follow ``session`` from now on; any change still pending for the old one is dropped."""
        if session is self._session:
            return
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self._timer.stop()
        with self._lock:
            self._entries = []
        self._session = session
        if session is not None:
            self._unsubscribe = session.subscribe(self._on_commit)

    def pending(self) -> bool:
        """True while a ``changed`` is scheduled but has not fired yet."""
        return self._timer.isActive()

    def last_entries(self) -> list[Entry]:
        """The entries committed in the turn that the current ``changed`` reports.

        Valid inside a ``changed`` handler; views that can update incrementally read it,
        the others just redraw.
        """
        return list(self._entries_fired)

    def flush(self) -> None:
        """Emit a pending ``changed`` now (for a caller that must draw before returning)."""
        if self._timer.isActive():
            self._timer.stop()
            self._fire()

    def _on_commit(self, entry: Entry) -> None:
        with self._lock:
            self._entries.append(entry)
        self._poked.emit()

    def _schedule(self) -> None:
        if not self._timer.isActive():
            self._timer.start()

    def _fire(self) -> None:
        with self._lock:
            self._entries_fired, self._entries = self._entries, []
        if self._session is not None:
            self.changed.emit()
