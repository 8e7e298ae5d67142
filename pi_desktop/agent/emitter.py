"""Delivering agent events to subscribers without letting any of them break the run.

The window's controller, loggers and tests all subscribe; a bug in one of them must never
stop a conversation half way (the session would still be consistent, but the user would lose
the answer), so every delivery is isolated.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Callable
from typing import Any

from pi_desktop.agent.events import AgentEvent

log = logging.getLogger(__name__)

Subscriber = Callable[[AgentEvent], Any]


class EventEmitter:
    """A subscriber list with isolated delivery, in subscription order."""

    def __init__(self) -> None:
        self._subscribers: list[Subscriber] = []
        self._pending: set[asyncio.Future[Any]] = set()

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(event)`` for every event; returns a function that unsubscribes."""
        self._subscribers.append(callback)
        return lambda: self.unsubscribe(callback)

    def unsubscribe(self, callback: Subscriber) -> None:
        """Stop sending events to ``callback`` (no error if it was not subscribed)."""
        try:
            self._subscribers.remove(callback)
        except ValueError:
            pass

    def emit(self, event: AgentEvent) -> None:
        """Deliver to every subscriber; one that raises is logged and skipped.

        A subscriber returning an awaitable has it scheduled on the running loop (its errors
        are logged too), so an async callback can neither stall the loop nor break the run.
        """
        for callback in list(self._subscribers):
            try:
                result = callback(event)
            except Exception:
                log.exception("event subscriber %r raised on %s", callback, type(event).__name__)
                continue
            if inspect.isawaitable(result):
                self._schedule(result)

    def _schedule(self, awaitable: Any) -> None:
        try:
            future = asyncio.ensure_future(awaitable)
        except RuntimeError:  # no running loop: nothing could ever await it
            if inspect.iscoroutine(awaitable):
                awaitable.close()
            log.warning("async event subscriber called without a running event loop")
            return
        self._pending.add(future)  # keep a reference until it is done
        future.add_done_callback(self._done)

    def _done(self, future: asyncio.Future[Any]) -> None:
        self._pending.discard(future)
        if not future.cancelled() and future.exception() is not None:
            log.error("async event subscriber failed", exc_info=future.exception())
