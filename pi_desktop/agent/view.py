"""How the agent observes the context engine: summary announcements, no-LLM estimates, and
the usage figure the ratio is anchored on.

The window must know *before* a summary request goes out that one is running (navigation
waits), and it must draw the budget bar at start-up without sending anything; the anchor
must describe the messages the estimate counts, not the tool schemas sent beside them.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Sequence
from typing import Any

from pi_desktop.agent.llm import LLM, ChatResponse, DeltaCallback
from pi_desktop.context import (
    CHARS_PER_TOKEN,
    ContextManager,
    Message,
    budget_tool_results,
    micro_compact,
    snip_messages,
)
from pi_desktop.context.summary import summary_message

log = logging.getLogger(__name__)


class SummaryProbe:
    """The summarizer as the ContextManager sees it, announcing the first request of a summary.

    This makes ``CompactionStarted`` exact for automatic compactions: it is emitted right
    before the first summarizer request of an armed ``prepare`` (so only when a summary really
    runs), not guessed from an estimate. ``calls`` counts every summarizer request.
    """

    def __init__(self, inner: LLM, announce: Callable[[], None]) -> None:
        self.inner = inner
        self._announce = announce
        self.armed = False
        self.calls = 0

    async def chat(
        self,
        messages: Sequence[Message],
        tools: Sequence[dict[str, Any]] | None = None,
        on_delta: DeltaCallback | None = None,
    ) -> ChatResponse:
        self.calls += 1
        if self.armed:
            self.armed = False
            self._announce()
        return await self.inner.chat(messages, tools=tools, on_delta=on_delta)


def estimated_view(
    messages: Sequence[Message],
    ctx: ContextManager,
    results_dir: str | os.PathLike[str] | None,
) -> list[Message]:
    """What ``prepare`` would send if no summary had to run, built from the public layers.

    The cache path when the cached tail still lies inside the history, else the full history;
    then L3, L1 and L2 with the manager's settings. Used only for estimates (no LLM call).
    """
    view = list(messages)
    covered = ctx.covered_count
    if ctx.summary and covered > 0 and covered + len(ctx.retained_tail) <= len(view):
        head = [view[0]] if view[0].role == "system" else []
        view = [*head, summary_message(ctx.summary, covered), *view[covered:]]
    view = budget_tool_results(view, ctx.max_tool_chars, results_dir)
    view = snip_messages(view, ctx.max_messages)
    return micro_compact(view, ctx.keep_recent_results, ctx.micro_min_chars)


def usage_for_anchor(usage: dict[str, Any] | None, tools_chars: int) -> dict[str, Any] | None:
    """``usage`` with the tool schemas' share taken out of ``prompt_tokens``, for anchoring.

    Providers count the tool schemas in ``prompt_tokens``, but the estimate (and so the ratio
    anchored on it) covers the messages only. Left in, a fixed few hundred schema tokens over
    a short view push the ratio towards its ceiling, every estimate balloons, and even the
    summarizer's own prompt looks over budget. The schemas are charged at 4 chars per token
    (JSON tokenizes close to that); when nothing would remain, no anchor is taken.
    """
    if not usage or tools_chars <= 0:
        return usage
    try:
        prompt = int(usage.get("prompt_tokens") or 0)
    except (TypeError, ValueError):
        return usage
    if prompt <= 0:
        return usage
    rest = prompt - tools_chars // CHARS_PER_TOKEN
    if rest <= 0:
        return None
    return {**usage, "prompt_tokens": rest}


def offload_now(
    result: Message, ctx: ContextManager | None, results_dir: str | os.PathLike[str] | None
) -> str | None:
    """Write a large tool result to its L3 file now, so the window can open it at once.

    The stored message keeps the full text (the truth is lossless); ``prepare`` finds the
    same file later because the offload is idempotent. Returns the file's path, or None.
    """
    if ctx is None or results_dir is None:
        return None
    try:
        offloaded = budget_tool_results([result], ctx.max_tool_chars, results_dir)
    except OSError:
        log.warning("could not write an offloaded tool result", exc_info=True)
        return None
    info = (offloaded[0].metadata or {}).get("offloaded") if offloaded else None
    return str(info["path"]) if isinstance(info, dict) and info.get("path") else None
