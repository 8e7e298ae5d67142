"""How the agent observes the context engine: summary announcements, the tool schemas' share
of the budget, the usage figure the ratio is anchored on, and early L3 files.

The window must know *before* a summary request goes out that one is running (navigation
waits); every chat request carries the tool schemas, so they are reserved out of the budget;
the anchor must describe the messages the estimate counts, not the schemas sent beside them.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
from collections.abc import Callable, Sequence
from typing import Any

from pi_desktop.agent.llm import LLM, ChatResponse, DeltaCallback
from pi_desktop.agent.retry import RetryNotice, RetryPolicy, Sleep, call_with_retries
from pi_desktop.context import CHARS_PER_TOKEN, ContextManager, Message
from pi_desktop.context.offload import offload_message
from pi_desktop.context.usage import read_usage


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


def schema_tokens(schemas: Sequence[dict[str, Any]]) -> int:
    """Tokens the tool schemas add to every chat request: serialised chars / 4, rounded up.

    JSON tokenizes close to 4 chars per token. The figure is reserved out of the budget (the
    ContextManager's ``reserved_tokens``) and taken out of ``prompt_tokens`` before anchoring.
    """
    if not schemas:
        return 0
    return -(-len(json.dumps(list(schemas), ensure_ascii=False)) // CHARS_PER_TOKEN)


def no_room_message(ctx: ContextManager) -> str:
    """Why nothing can be sent: the tool schemas alone fill the budget's threshold."""
    needed = math.ceil(2 * ctx.reserved_tokens / ctx.threshold)
    return (
        f"The tool definitions alone take {ctx.reserved_tokens:,} tokens, and the context "
        f"budget of {ctx.budget:,} tokens compacts at {ctx.threshold_tokens:,}: nothing is "
        f"left for the conversation. Raise the context budget (to {needed:,} tokens or more) "
        "or turn tools off."
    )


def usage_for_anchor(usage: dict[str, Any] | None, tools_tokens: int) -> dict[str, Any] | None:
    """``usage`` reduced to the messages' prompt count, for anchoring.

    The prompt count is ``read_usage(usage).prompt_total`` (a cached prefix counted in every
    dialect). Providers count the tool schemas in it, but the estimate (and so the ratio
    anchored on it) covers the messages only. Left in, a fixed few hundred schema tokens over
    a short view push the ratio towards its ceiling, every estimate balloons, and even the
    summarizer's own prompt looks over budget. ``tools_tokens`` is ``schema_tokens`` (the
    same figure the budget reserves); when nothing would remain, no anchor is taken.
    """
    if not usage or tools_tokens <= 0:
        return usage  # ``record_usage`` reads it through ``read_usage`` itself
    figures = read_usage(usage)
    if figures is None or figures.prompt_total <= 0:
        return usage
    rest = figures.prompt_total - tools_tokens
    if rest <= 0:
        return None
    return {"prompt_tokens": rest, "completion_tokens": figures.completion}


def offload_now(
    result: Message, ctx: ContextManager | None, results_dir: str | os.PathLike[str] | None
) -> str | None:
    """Write a large tool result to its L3 file now, so the window can open it at once.

    The stored message keeps the full text (the truth is lossless); ``prepare`` finds the
    same file later because the offload is idempotent. Returns the file's path, or None.
    """
    if ctx is None or results_dir is None:
        return None
    offloaded = offload_message(result, ctx.tool_chars_limit, results_dir)  # never raises OSError
    info = (offloaded.metadata or {}).get("offloaded")
    return str(info["path"]) if isinstance(info, dict) and info.get("path") else None
