"""Running the summarizer: chunked, oldest first, every request inside the budget.

A transcript that does not fit one request is split; each chunk's request carries the
summary so far as ``previous_summary``, so one compaction may make several calls and still
never sends more than ``limit`` tokens. Any failure or an empty/oversized answer raises
:class:`SummaryFailed`, and the caller keeps its state untouched.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pi_desktop.context.message import Message
from pi_desktop.context.summary import (
    build_summary_request,
    ensure_sections,
    extract_summary,
    truncate_text,
)

CountTokens = Callable[[Sequence[Message]], int]


class SummaryFailed(Exception):
    """The summarizer could not produce a usable summary (the view degrades, state stays)."""


@dataclass
class SummaryRun:
    """The summary body after all chunks, and what producing it cost."""

    body: str
    calls: int = 0
    usage: dict[str, int] = field(default_factory=dict)
    model: str | None = None


def _next_chunk(
    texts: Sequence[str],
    i: int,
    previous: str | None,
    instructions: str | None,
    limit: int,
    count: CountTokens,
) -> tuple[list[Message], int]:
    """The request for the chunk starting at ``texts[i]`` and the index after it."""
    base = count(build_summary_request("", previous, instructions))
    if base >= limit:
        raise SummaryFailed("the previous summary alone exceeds the summarizer budget")
    empty = count([Message(role="user")])
    chunk: list[str] = []
    estimate = base
    while i < len(texts):  # greedy by per-text cost, then verified exactly below
        cost = count([Message(role="user", content="\n\n" + texts[i])]) - empty
        if chunk and estimate + cost > limit:
            break
        chunk.append(texts[i])
        estimate += cost
        i += 1
    request = build_summary_request("\n\n".join(chunk), previous, instructions)
    keep = len(chunk[0])
    while count(request) > limit:
        if len(chunk) > 1:
            chunk.pop()
            i -= 1
            keep = len(chunk[0])
        elif keep >= 32:
            keep //= 2  # one message larger than a whole request: keep its head
            chunk[0] = truncate_text(texts[i - 1], keep)
        else:
            raise SummaryFailed("a message cannot fit the summarizer budget")
        request = build_summary_request("\n\n".join(chunk), previous, instructions)
    return request, i


async def summarize_texts(
    llm: Any,
    texts: Sequence[str],
    previous: str | None,
    instructions: str | None,
    *,
    limit: int,
    max_summary_tokens: int,
    count: CountTokens,
) -> SummaryRun:
    """Summarize transcript ``texts`` onto ``previous`` (the summary body so far)."""
    run = SummaryRun(body=previous or "")
    i = 0
    while i < len(texts):
        request, i = _next_chunk(texts, i, previous, instructions, limit, count)
        try:
            response = await llm.chat(request, tools=[])
        except Exception as exc:  # any provider failure degrades; the name never holds secrets
            raise SummaryFailed(f"summarizer failed: {type(exc).__name__}") from exc
        run.calls += 1
        content = getattr(getattr(response, "message", None), "content", None) or ""
        summary = extract_summary(str(content))
        if not summary:
            raise SummaryFailed("the summarizer returned an empty summary")
        size = count([Message(role="user", content=summary)])
        if size > max_summary_tokens:  # it would crowd the conversation out of the view
            raise SummaryFailed(f"the summary is too long ({size} tokens)")
        previous = run.body = ensure_sections(summary)
        for key, value in (getattr(response, "usage", None) or {}).items():
            if isinstance(value, int):
                run.usage[key] = run.usage.get(key, 0) + value
        run.model = getattr(response, "model", None) or run.model
    if not run.calls:
        raise SummaryFailed("nothing to summarize")
    return run
