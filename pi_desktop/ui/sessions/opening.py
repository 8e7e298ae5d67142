"""Opening a session file by path: at once, or read in the background with the window up.

``--session FILE`` and the tests open a file by its path (the sidebar and Ctrl+O open library
sessions through ``SessionSwitch``). A 100,000-message file takes seconds to read, so the
background open shows a quiet "Loading…" row and reads the file, its rows, its history and its
usage totals in a worker thread; if the user went elsewhere meanwhile (opened another session,
closed the window) the session read is closed unshown, so its lock never lingers, and a message
sent meanwhile waits in the box. A file that cannot be opened is said in words, never raised.
What a session says as it opens (read-only, skipped lines, unusable saved settings) is
``open_banners``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from PySide6.QtWidgets import QStatusBar

from pi_desktop.session import Session, SessionLibrary
from pi_desktop.session.gc_pause import paused_gc
from pi_desktop.ui.chat.conversation import PathItem
from pi_desktop.ui.chat.path_rows import EstimateFigures, PathRows, prepare_rows
from pi_desktop.ui.i18n import say, tr
from pi_desktop.ui.sessions.open_errors import OPEN_ERRORS, open_failure


class OpenHost(Protocol):
    """Where an opened session is shown, and a failure said."""

    @property
    def session(self) -> Session | None: ...

    def open_session(
        self, session: Session, *, items: list[PathItem] | PathRows | None = None
    ) -> None: ...

    def new_session(self) -> Session | None: ...

    def show_refusal(self, text: str) -> object: ...


class LoadingShown(Protocol):
    """The conversation's "Loading…" row, and what its row estimates depend on (so the
    rows of the session read are estimated in the worker thread too)."""

    def show_loading(self, name: str) -> None: ...

    def estimate_figures(self) -> EstimateFigures: ...


class SessionOpening:
    """Opens session files for ``host`` (module doc)."""

    def __init__(
        self,
        host: OpenHost,
        library: SessionLibrary,
        *,
        loading: LoadingShown,
        title: Callable[[str], None],
        status: QStatusBar,
        shown: Callable[[], bool],
        closed: Callable[[], bool],
    ) -> None:
        self._host = host
        self._library = library
        self._loading = loading
        self._title = title  # the header's and the window's title while a file is read
        self._status = status
        self._shown = shown  # the window is on screen (a failure then opens a fresh session)
        self._closed = closed  # the window closed: nothing read is shown any more
        self.failure: str | None = None  # why the last open failed
        self.loading_path: Path | None = None  # a session being read in the background
        self.task: asyncio.Task[bool] | None = None

    def ready_for_message(self) -> bool:
        """Whether a message can go now: a session is open (a new one is made), writable.
        While a file is still being read, not yet (the text stays in the box)."""
        host = self._host
        if self.loading_path is not None and host.session is None:
            self._status.showMessage("Still opening the session; send again in a moment.")
            return False
        if host.session is None:
            host.new_session()
        session = host.session
        if session is not None and session.read_only:  # refused before it runs
            host.show_refusal(
                (
                    say(session.read_only_reason)
                    or tr("MainWindow", "This session is open read-only.")
                )
                + " "
                + tr("MainWindow", "Your message is still in the box.")
            )
            return False
        return session is not None

    def open_path(self, path: Path) -> bool:
        try:
            session = Session.load(path)
        except OPEN_ERRORS as exc:
            self.failure = open_failure(path.name, exc)
            self._host.show_refusal(self.failure)
            return False
        self._host.open_session(session)
        return True

    def open_in_background(self, path: Path) -> asyncio.Task[bool]:
        """Open ``path`` with the window up at once: a quiet "Loading…" row while the file is
        read in a worker thread (a 100,000-message file takes seconds), then the session.

        Sending waits for it (a message typed meanwhile stays in the box). If the user opens
        another session first, or closes the window, the loaded one is closed unshown."""
        self.loading_path = path
        self._loading.show_loading(path.name)
        self._title(path.name)
        self._status.showMessage(f"Opening {path.name}…")

        async def load() -> bool:
            loop = asyncio.get_event_loop()  # its first step may run in a Qt event pass
            figures = self._loading.estimate_figures()  # as shown: rows estimated off it

            def read() -> tuple[Session, PathRows]:
                session = Session.load(path)  # and its rows: both pure Python, no Qt
                results = self._library.results_dir(session.path)
                return session, read_for_window(session, results, figures)

            try:
                session, items = await loop.run_in_executor(None, read)
            except OPEN_ERRORS as exc:
                self.loading_path = None
                self.failure = open_failure(path.name, exc)
                if self._host.session is None and self._shown():
                    self._host.new_session()  # as a failed --session does: a fresh one, and why
                    self._host.show_refusal(self.failure)
                return False
            finally:
                self._status.clearMessage()
            if self.loading_path != path or self._host.session is not None or self._closed():
                session.close()  # the user went elsewhere meanwhile
                return False
            self.loading_path = None
            self._host.open_session(session, items=items)
            return True

        self.task = asyncio.ensure_future(load())
        return self.task


def read_for_window(
    session: Session, results_dir: Path, figures: EstimateFigures | None
) -> PathRows:
    """Worker thread: what the window takes over from a session just read — its rows (at
    ``figures``, when known), its agents' history and its usage totals — so the loop does not.

    A few objects per entry, all kept while the session is open: made without the cyclic
    collector rescanning them as they pile up (100,000 messages: the history 650 → 390 ms,
    the rows 580 → 350 ms)."""
    from pi_desktop.agent.history import warm
    from pi_desktop.agent.stats import UsageLedger

    with paused_gc():
        rows = prepare_rows(session, results_dir, figures)
        warm(session)  # the agent's history of it, converted here too
        UsageLedger.of(session)  # and its usage totals, folded
    return rows


def open_banners(session: Session, settings_problems: list[str]) -> list[tuple[str, str]]:
    """What the chat says as ``session`` opens, as (text, banner kind): why it is read-only,
    the lines of its file that were skipped, the saved settings that could not be used."""
    banners = []
    reason = session.read_only_reason
    problems = [p for p in session.problems if p != reason]
    if reason:
        banners.append((say(reason), "refusal"))
    if problems:
        skipped = tr(
            "MainWindow", "Some lines of this session file could not be read and were skipped:"
        )
        banners.append((skipped + "\n" + "\n".join(say(p) for p in problems[:5]), "error"))
    if settings_problems:
        unusable = tr("MainWindow", "Some saved settings could not be used; the defaults apply:")
        said = "\n".join(say(problem) for problem in settings_problems[:5])
        banners.append((unusable + "\n" + said, "refusal"))
    return banners
