"""The sidebar's message search: the library's ``SearchIndex`` behind Qt signals.

The index answers on its own thread with a ``concurrent.futures.Future``; its done-callback
emits a private signal from that thread, which Qt queues to this object's (the GUI) thread,
so results arrive as an ordinary slot call and nothing here ever waits. Typing is debounced,
and an answer to a query the user has already typed past is dropped (a generation count).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from pi_desktop.session.search_index import SearchHit, SearchIndex
from pi_desktop.ui.i18n import say
from pi_desktop.usertext import text_of

log = logging.getLogger(__name__)

DEBOUNCE_MS = 120
RESULT_LIMIT = 200  # sessions with a matching message shown at most


class SessionSearch(QObject):
    """Debounced queries to the index; ``resultsReady(query, hits)`` in the GUI thread."""

    resultsReady = Signal(str, object)  # the query, list[SearchHit]
    failed = Signal(str, str)  # the query, why
    repaired = Signal(object)  # list[UserText] (object: a list signal loses the keys)
    _opened = Signal(object)  # from the worker thread: the start future
    _answered = Signal(int, str, object)  # from the worker thread: generation, query, future

    def __init__(
        self, root: Path, parent: QObject | None = None, *, debounce_ms: int = DEBOUNCE_MS
    ):
        super().__init__(parent)
        self.index = SearchIndex(root)
        self._generation = 0
        self._text = ""
        self._closed = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(debounce_ms)
        self._timer.timeout.connect(self._submit)
        self._answered.connect(self._deliver)  # queued: emitted from the index's thread
        self._opened.connect(self._after_open)
        self.last_query: str | None = None  # the query whose results were delivered last

    def start(self) -> Future[None]:
        """Open the index and catch up with the library in the background."""
        future = self.index.start()
        future.add_done_callback(_log_failure)

        def opened(fut: Future[None]) -> None:
            try:
                self._opened.emit(fut)
            except RuntimeError:  # the sidebar went away while the index opened
                pass

        future.add_done_callback(opened)
        return future

    def _after_open(self, future: Future[None]) -> None:
        if self._closed or future.cancelled() or future.exception() is not None:
            return
        if self.index.problems:
            self.repaired.emit(list(self.index.problems))

    def request(self, text: str) -> None:
        """Search for ``text`` once typing pauses; an empty text cancels."""
        self._text = " ".join(text.split())
        self._generation += 1  # whatever was on its way is stale now
        if not self._text:
            self._timer.stop()
            return
        self._timer.start()

    def request_now(self, text: str) -> None:
        self.request(text)
        if self._timer.isActive():
            self._timer.stop()
            self._submit()

    @property
    def pending(self) -> bool:
        """A query is typed but its results have not arrived."""
        return bool(self._text) and self.last_query != self._text

    def watch(self, session: Any) -> Callable[[], None]:
        return self.index.watch(session)

    def touch(self, path: Path, *, now: bool = False) -> None:
        """``path`` changed; ``now``: index it at once instead of with the next batch."""
        self.index.touch(path)
        if now:
            self.index.idle().add_done_callback(_log_failure)

    def forget(self, session_id: str) -> None:
        self.index.forget(session_id).add_done_callback(_log_failure)

    def close(self) -> None:
        self._closed = True
        self._timer.stop()
        self.index.close()

    def _submit(self) -> None:
        if self._closed or not self._text:
            return
        generation, query = self._generation, self._text
        future = self.index.search(query, limit=RESULT_LIMIT)

        def done(fut: Future[list[SearchHit]]) -> None:
            try:
                self._answered.emit(generation, query, fut)
            except RuntimeError:  # the sidebar went away while the query ran
                pass

        future.add_done_callback(done)

    def _deliver(self, generation: int, query: str, future: Future[list[SearchHit]]) -> None:
        if generation != self._generation or self._closed:
            return
        self.last_query = query
        try:
            hits = future.result()
        except Exception as exc:  # the index is a convenience: the title filter still works
            log.warning("message search failed: %s", exc)
            self.failed.emit(query, say(text_of(exc)))
            self.resultsReady.emit(query, [])
            return
        self.resultsReady.emit(query, hits)


def _log_failure(future: Future[Any]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.warning("search index: %s", future.exception())
