"""Backoff for transient provider failures (429, 5xx, timeouts, dropped connections).

Kept apart from context overflow on purpose: waiting never makes a too-long request fit, and
compacting never cures a rate limit. The policy is a pure function of the attempt number and
the server's Retry-After, so it is tested without sleeping.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

from pi_desktop.agent.llm import TransientProviderError

T = TypeVar("T")

RetryNotice = Callable[[int, float, TransientProviderError], None]
Sleep = Callable[[float], Awaitable[object]]


@dataclass(frozen=True)
class RetryPolicy:
    """How long to wait before retry ``attempt`` (1-based); ``None`` means give up.

    A server's Retry-After is honoured exactly (it knows its own limits better than our
    backoff does), unless it asks for more than ``max_retry_after`` seconds: a desktop user
    is better served by a clear failure than by a window that silently waits ten minutes.
    """

    max_retries: int = 3
    base_delay: float = 1.0
    max_delay: float = 60.0
    max_retry_after: float = 300.0

    def __post_init__(self) -> None:
        if self.max_retries < 0:
            raise ValueError("max_retries must be >= 0")
        if self.base_delay < 0 or self.max_delay < 0:
            raise ValueError("retry delays must be >= 0")

    def delay_for(self, attempt: int, retry_after: float | None = None) -> float | None:
        if attempt < 1 or attempt > self.max_retries:
            return None
        if retry_after is not None and retry_after >= 0:
            if retry_after > self.max_retry_after:
                return None
            return float(retry_after)
        return float(min(self.max_delay, self.base_delay * 2 ** (attempt - 1)))


@dataclass
class RateGate:
    """The earliest moment the next request to one provider may go out (a Retry-After).

    Shared by every request to the provider — chat, summarizer, the overflow path's immediate
    forced compaction — so a wait a server asked for is honoured whoever sends next, even after
    the caller that was told has given up. ``clock`` is monotonic seconds.
    """

    clock: Callable[[], float] = time.monotonic
    not_before: float = field(default=0.0)
    max_hold: float = 300.0  # a bogus Retry-After (a far-off date) cannot lock the app out

    def hold(self, seconds: float | None) -> None:
        """No request before ``seconds`` from now (a later hold never shortens an earlier one)."""
        if seconds is not None and seconds > 0:
            until = self.clock() + min(seconds, self.max_hold)
            self.not_before = max(self.not_before, until)

    def remaining(self) -> float:
        """Seconds left before a request may be sent (0 when it may go now)."""
        return max(0.0, self.not_before - self.clock())


def as_transient(error: BaseException) -> TransientProviderError | None:
    """The error as a retryable one, or None: raw timeouts and connection drops count too.

    Providers should already translate their failures; this only catches what slips through
    (an ``asyncio.TimeoutError`` or ``ConnectionError`` from a hand-written provider).
    """
    if isinstance(error, TransientProviderError):
        return error
    if isinstance(error, TimeoutError | ConnectionError):
        kind = "timed out" if isinstance(error, TimeoutError) else "connection failed"
        return TransientProviderError(f"The provider {kind}.")
    return None


async def call_with_retries(
    call: Callable[[], Awaitable[T]],
    policy: RetryPolicy,
    on_retry: RetryNotice | None = None,
    sleep: Sleep = asyncio.sleep,
) -> T:
    """Await ``call()``, retrying transient failures per ``policy``; other errors pass through.

    ``on_retry(attempt, delay, error)`` runs before each pause so the window can say what is
    happening (and drop any text streamed by the failed attempt). When retries run out the
    last transient error is raised.
    """
    attempt = 0
    while True:
        try:
            return await call()
        except (TransientProviderError, TimeoutError, ConnectionError) as raw:
            error = as_transient(raw)
            assert error is not None  # the except clause only admits retryable types
            attempt += 1
            delay = policy.delay_for(attempt, error.retry_after)
            if delay is None:
                if error is raw:
                    raise
                raise error from raw
            if on_retry is not None:
                on_retry(attempt, delay, error)
            await sleep(delay)
