"""Switching sessions from the sidebar without blocking the window.

A 100,000-message file takes seconds to read and fold, and building its rows more: done on
the event loop, the window froze (and showed stale pixels) for that long. ``SessionSwitch``
reads the session and its conversation rows in a worker thread — the same pure-Python work
``--session`` does in the background at launch — while the session on screen stays usable,
then hands both to ``show`` on the GUI thread. One switch at a time: a newer request (another
click), ``cancel`` (the user went back, or started a run) or ``close`` (the window closes)
supersedes the read in flight, and the session it produced is closed unshown, so its lock
never lingers; a newer read starts only once the one before has let go.

A request may name several sessions (deleting the open one moves to its neighbour, else the
next one): they are tried in order, and the ones that cannot be opened are reported.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, Signal

from pi_desktop.session import Session, SessionLibrary
from pi_desktop.ui.chat.path_rows import PathRows
from pi_desktop.ui.sessions.open_errors import OPEN_ERRORS
from pi_desktop.ui.sessions.opening import read_for_window

Show = Callable[[Session, PathRows], bool]  # False: not shown (the session is closed)


@dataclass
class Opened:
    """What the worker read: the session of the first candidate that opened (or none), and
    the reasons the candidates before it failed."""

    session: Session | None = None
    items: PathRows = field(default_factory=PathRows)
    failures: list[tuple[str, BaseException]] = field(default_factory=list)


class SessionSwitch(QObject):
    """Reads library sessions off the GUI thread, the newest request winning (module doc)."""

    loadingChanged = Signal(object)  # the session id being read, or None when idle

    def __init__(self, library: SessionLibrary, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._library = library
        self._generation = 0
        self._loading: str | None = None
        self._task: asyncio.Task[bool] | None = None
        self._closed = False

    @property
    def loading_id(self) -> str | None:
        """The session being read now (the first candidate of the request in flight)."""
        return self._loading

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def task(self) -> asyncio.Task[bool] | None:
        return self._task

    def request(
        self,
        candidates: Sequence[str],
        show: Show,
        failed: Callable[[str, BaseException], None],
    ) -> asyncio.Task[bool]:
        """Open the first of ``candidates`` that opens and ``show`` it; ``failed`` hears of
        each one that did not. The task's result: whether a session was shown."""
        self._generation += 1
        generation = self._generation
        ids = list(candidates)
        self._set_loading(ids[0] if ids else None)

        previous = self._task

        async def run() -> bool:
            loop = asyncio.get_running_loop()
            if previous is not None and not previous.done():
                # one read at a time: the one before releases what it opened (a click back
                # to the same session would otherwise find it locked by the stale read)
                await asyncio.wait([previous])
            if generation != self._generation or self._closed:
                return False
            try:
                opened = await loop.run_in_executor(None, self._read, ids)
            finally:
                if generation == self._generation:
                    self._set_loading(None)
            current = generation == self._generation and not self._closed
            if current:
                for session_id, exc in opened.failures:
                    failed(session_id, exc)
            if opened.session is None:
                return False
            if not current or not show(opened.session, opened.items):
                opened.session.close()  # superseded or refused: its lock goes at once
                return False
            return True

        self._task = asyncio.ensure_future(run())
        return self._task

    def cancel(self) -> None:
        """Drop the request in flight (its session is closed when the read ends)."""
        self._generation += 1
        self._set_loading(None)

    def close(self) -> None:
        """The window closes: nothing read from now on is shown."""
        self._closed = True
        self.cancel()

    def _read(self, ids: list[str]) -> Opened:
        """Worker thread: no Qt here, only the session files."""
        opened = Opened()
        for session_id in ids:
            try:
                session = self._library.open(session_id)
            except OPEN_ERRORS as exc:
                opened.failures.append((session_id, exc))
                continue
            try:
                # the rows, the agent's history and the usage totals: made here, not on the loop
                results = self._library.results_dir(session.path)
                opened.items = read_for_window(session, results, None)
            except Exception:
                session.close()
                raise
            opened.session = session
            break
        return opened

    def _set_loading(self, session_id: str | None) -> None:
        if session_id != self._loading:
            self._loading = session_id
            self.loadingChanged.emit(session_id)
