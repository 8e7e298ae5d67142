"""Running the summarizer: chunked, oldest first, every request inside the budget.

A transcript that does not fit one request is split; each chunk's request carries the
summary so far as ``previous_summary``, so one compaction may make several calls and still
never sends more than ``limit`` tokens. A single message larger than a request is split across
chunks in order (never cut to its head). Every answer must be a summary (see
``summary_problem``) and is held to its size (:class:`SummaryLimits`: one condense request,
then a deterministic trim). A failure, or an answer that is not a summary, raises
:class:`SummaryFailed`, and the caller keeps its state untouched.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pi_desktop.context.message import Message
from pi_desktop.context.summary import (
    build_condense_request,
    build_summary_request,
    ensure_sections,
    extract_summary,
    summary_problem,
)
from pi_desktop.context.summary_trim import summary_target, trim_summary

CountTokens = Callable[[Sequence[Message]], int]

_CONTINUES = "\n[… continued in the next part]"
_CONTINUED = "[… continued] "
_MIN_PIECE = 64  # chars: a smaller piece would not advance through the text


class SummaryFailed(Exception):
    """The summarizer could not produce a usable summary (the view degrades, state stays)."""


@dataclass
class SummaryLimits:
    """The size a summary is held to; ``measure(body)`` is the summary message's tokens.

    ``allowance`` is the hard limit, ``target`` what the prompt asks for and what a trim goes
    down to. One condense request per compaction (``condensed`` records it); ``omitted``
    counts the items trims dropped.
    """

    allowance: int
    measure: Callable[[str], int]
    target: int = 0
    condensed: bool = False
    omitted: int = 0

    def __post_init__(self) -> None:
        if not self.target:
            self.target = summary_target(self.allowance)

    @property
    def stated(self) -> int:
        """The body's share of the target (header and file lists take the rest)."""
        return max(self.target - self.measure(""), self.target // 4, 1)

    def fits(self, body: str) -> bool:
        return self.measure(body) <= self.allowance


@dataclass
class SummaryRun:
    """The summary body after all chunks, and what producing it cost."""

    body: str
    calls: int = 0
    usage: dict[str, int] = field(default_factory=dict)
    model: str | None = None

    def add(self, response: Any) -> None:
        self.calls += 1
        for key, value in (getattr(response, "usage", None) or {}).items():
            if isinstance(value, int):
                self.usage[key] = self.usage.get(key, 0) + value
        self.model = getattr(response, "model", None) or self.model


def _split(text: str, fits: Callable[[str], bool]) -> tuple[str, str]:
    """The longest head of ``text`` whose request fits, and the rest (both marked)."""
    lo, hi = _MIN_PIECE, len(text) - 1
    if hi < lo or not fits(text[:lo] + _CONTINUES):
        raise SummaryFailed("a message cannot fit the summarizer budget")
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(text[:mid] + _CONTINUES):
            lo = mid
        else:
            hi = mid - 1
    at = max(text.rfind("\n", lo * 9 // 10, lo), text.rfind(" ", lo * 19 // 20, lo))
    cut = at if at > _MIN_PIECE else lo
    return text[:cut] + _CONTINUES, _CONTINUED + text[cut:]


def _next_chunk(
    texts: list[str],
    i: int,
    previous: str | None,
    instructions: str | None,
    limit: int,
    count: CountTokens,
    stated: int | None,
) -> tuple[list[Message], int]:
    """The request for the chunk starting at ``texts[i]`` and the index after it.

    A text larger than a whole request is split: its head goes now, ``texts[i]`` becomes the
    rest, and the returned index stays at ``i`` so the next chunk carries on with it.
    """

    def build(chunk: list[str]) -> list[Message]:
        return build_summary_request("\n\n".join(chunk), previous, instructions, stated)

    base = count(build([]))
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
    request = build(chunk)
    while len(chunk) > 1 and count(request) > limit:
        chunk.pop()
        i -= 1
        request = build(chunk)
    if count(request) > limit:  # one message larger than a whole request
        head, texts[i - 1] = _split(chunk[0], lambda h: count(build([h])) <= limit)
        return build([head]), i - 1
    return request, i


def _content(response: Any) -> str:
    return str(getattr(getattr(response, "message", None), "content", None) or "")


async def _bounded(
    llm: Any, body: str, limits: SummaryLimits, limit: int, count: CountTokens, run: SummaryRun
) -> str:
    """``body`` held to ``limits``: one condense request, then the deterministic trim."""
    if limits.fits(body):
        return body
    if not limits.condensed:
        limits.condensed = True
        request = build_condense_request(body, limits.stated)
        if count(request) <= limit:
            try:
                response = await llm.chat(request, tools=[])
            except Exception:  # the trim below still holds the summary to its size
                response = None
                run.calls += 1  # it was sent all the same
            if response is not None:
                run.add(response)
                shorter = extract_summary(_content(response))
                if summary_problem(shorter) is None:
                    shorter = ensure_sections(shorter)
                    if limits.measure(shorter) < limits.measure(body):
                        body = shorter
            if limits.fits(body):
                return body
    body, dropped = trim_summary(body, lambda b: limits.measure(b) <= limits.target)
    limits.omitted += dropped
    if not limits.fits(body):
        raise SummaryFailed(
            f"the summary cannot be held to its size ({limits.measure(body):,} tokens "
            f"even trimmed, allowance {limits.allowance:,})"
        )
    return body


async def summarize_texts(
    llm: Any,
    texts: Sequence[str],
    previous: str | None,
    instructions: str | None,
    *,
    limit: int,
    count: CountTokens,
    limits: SummaryLimits | None = None,
    max_summary_tokens: int | None = None,
) -> SummaryRun:
    """Summarize transcript ``texts`` onto ``previous`` (the summary body so far).

    ``limits`` holds every answer to a size (``max_summary_tokens`` is shorthand for limits
    measured as one user message); without either, answers are taken at any size.
    """
    if limits is None and max_summary_tokens is not None:
        limits = SummaryLimits(
            max_summary_tokens, lambda body: count([Message(role="user", content=body)])
        )
    stated = limits.stated if limits is not None else None
    pending = list(texts)
    run = SummaryRun(body=previous or "")
    i = 0
    while i < len(pending):
        request, i = _next_chunk(pending, i, previous, instructions, limit, count, stated)
        try:
            response = await llm.chat(request, tools=[])
        except Exception as exc:  # any provider failure degrades; the name never holds secrets
            raise SummaryFailed(f"summarizer failed: {type(exc).__name__}") from exc
        run.add(response)
        summary = extract_summary(_content(response))
        problem = summary_problem(summary)
        if problem is not None:
            raise SummaryFailed(problem)
        body = ensure_sections(summary)
        if limits is not None:
            body = await _bounded(llm, body, limits, limit, count, run)
        previous = run.body = body
    if not run.calls:
        raise SummaryFailed("nothing to summarize")
    return run
