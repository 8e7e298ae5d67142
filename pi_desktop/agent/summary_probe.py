"""The summarizer as the ContextManager sees it: it announces a summary and retries faults.

The window must know *before* a summary request goes out that one is running (navigation
waits), and a summary request deserves the chat's fault handling.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

from pi_desktop.agent.llm import LLM, ChatResponse, DeltaCallback
from pi_desktop.agent.retry import RetryNotice, RetryPolicy, Sleep, call_with_retries
from pi_desktop.context import Message


class SummaryProbe:
    """The summarizer as the ContextManager sees it: announces a summary, and retries faults.

    This makes ``CompactionStarted`` exact for automatic compactions: it is emitted right
    before the first summarizer request of an armed ``prepare`` (so only when a summary really
    runs), not guessed from an estimate. ``calls`` counts every summarizer request, retries
    included.

    A summarizer request gets the chat's fault handling: transient failures (429 with its
    Retry-After, 5xx, dropped, stalled, truncated or malformed streams) are retried per
    ``policy`` with ``on_retry(attempt, delay, error)`` before each pause, so the window can
    show it; only when retries run out does the error reach the ContextManager, whose
    compaction then climbs its ladder (the extractive summary, no further request).
    ``policy=None`` sends each request once.
    """

    def __init__(
        self,
        inner: LLM,
        announce: Callable[[], None],
        *,
        policy: RetryPolicy | None = None,
        on_retry: RetryNotice | None = None,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self.inner = inner
        self._announce = announce
        self._policy = policy if policy is not None else RetryPolicy(max_retries=0)
        self._on_retry = on_retry
        self._sleep = sleep
        self.armed = False
        self.calls = 0

    async def chat(
        self,
        messages: Sequence[Message],
        tools: Sequence[dict[str, Any]] | None = None,
        on_delta: DeltaCallback | None = None,
    ) -> ChatResponse:
        if self.armed:
            self.armed = False
            self._announce()

        async def attempt() -> ChatResponse:
            self.calls += 1
            return await self.inner.chat(messages, tools=tools, on_delta=on_delta)

        return await call_with_retries(attempt, self._policy, self._on_retry, self._sleep)
