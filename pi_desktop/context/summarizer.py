"""Running the summarizer: chunked, oldest first, every request inside the budget, and a
ladder so that no failure ever jams a session.

A transcript that does not fit one request is split; each chunk's request carries the
summary so far as ``previous_summary``, so one compaction may make several calls and still
never sends more than ``limit`` tokens. A single message larger than a request is split across
chunks in order (never cut to its head). Each answer is read as real models write it
(``normalize``) and held to its size (:class:`SummaryLimits`: one condense request, then a
deterministic trim).

The ladder, per compaction: the model's summary → when that answer is junk (empty, a
refusal, a continuation), one repair request → the extractive summary (``extractive``, no
API call) for this chunk and every later one. A summarizer that errors (down, over its
window, rate-limited after the retries) goes straight to the extractive rung, and so does an
input that failed before (:class:`FailedInputs`): it is never resent as it was. The run says
which rung it reached (``SummaryRun.rung``) and why it left the model (``reason``).
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pi_desktop.context.extractive import entries_of, extractive_summary
from pi_desktop.context.message import Message
from pi_desktop.context.summary import (
    build_condense_request,
    build_repair_request,
    build_summary_request,
    ensure_sections,
    extract_summary,
    summary_problem,
)
from pi_desktop.context.summary_trim import (
    carry_omissions,
    omitted_count,
    summary_target,
    trim_summary,
)
from pi_desktop.usertext import UserText, text_of

CountTokens = Callable[[Sequence[Message]], int]

_CONTINUES = "\n[… continued in the next part]"
_CONTINUED = "[… continued] "
_MIN_PIECE = 64  # chars: a smaller piece would not advance through the text


RUNGS = ("model", "repaired", "extractive")  # who wrote a summary, best first
_PROBLEM_CHARS = 120  # summary_problem's reasons are shorter
QUOTE_SHARE = 0.4  # of the stated size: the newest user messages, verbatim, in an extractive


class SummaryFailed(Exception):
    """No summary could be made at all (the view degrades, state stays); the ladder makes
    this rare: only when there is nothing to summarize or not even an extractive summary
    can be held to its size."""


class FailedInputs:
    """Fingerprints of summarizer requests that failed, so they are not resent unchanged.

    A failed input sent again fails again (the same weak model, the same overflow) and costs
    a request every turn; the ladder goes to the extractive rung at once instead. Bounded (the
    newest ``size``); ``clear()`` when the user asks for the model's summary again.
    """

    def __init__(self, size: int = 64) -> None:
        self._size = size
        self._keys: OrderedDict[str, None] = OrderedDict()

    @staticmethod
    def key(request: Sequence[Message]) -> str:
        text = json.dumps([[m.role, m.content] for m in request], ensure_ascii=False)
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()

    def add(self, request: Sequence[Message]) -> None:
        self._keys[self.key(request)] = None
        while len(self._keys) > self._size:
            self._keys.popitem(last=False)

    def __contains__(self, request: object) -> bool:
        return isinstance(request, list) and self.key(request) in self._keys

    def __len__(self) -> int:
        return len(self._keys)

    def clear(self) -> None:
        self._keys.clear()


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
    rung: str = "model"  # the lowest rung any chunk needed (see RUNGS)
    reason: str | None = None  # why the model's summary was not taken (the first failure)

    def reached(self, rung: str, reason: str | None = None) -> None:
        if RUNGS.index(rung) > RUNGS.index(self.rung):
            self.rung = rung
        if reason and self.reason is None:
            self.reason = reason

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
        raise SummaryFailed(UserText("Context", "a message cannot fit the summarizer budget"))
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
        raise SummaryFailed(
            UserText("Context", "the previous summary alone exceeds the summarizer budget")
        )
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


def _is_extractive(response: Any) -> bool:
    """A provider that summarizes by rules says so (the offline demo)."""
    metadata = getattr(getattr(response, "message", None), "metadata", None) or {}
    return bool(metadata.get("extractive"))


async def _bounded(
    llm: Any,
    body: str,
    limits: SummaryLimits,
    limit: int,
    count: CountTokens,
    run: SummaryRun,
    *,
    condense: bool = True,
) -> str:
    """``body`` held to ``limits``: one condense request, then the deterministic trim."""
    if limits.fits(body):
        return body
    if condense and not limits.condensed:
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
            UserText(
                "Context",
                "the summary cannot be held to its size (%1 tokens even trimmed, allowance %2)",
                limits.measure(body),
                limits.allowance,
            )
        )
    return body


async def _ask(
    llm: Any, request: list[Message], limit: int, count: CountTokens, run: SummaryRun
) -> tuple[str | None, str | None]:
    """(the model's summary or None, why not): the answer, else one repair request."""
    try:
        response = await llm.chat(request, tools=[])
    except Exception as exc:  # any provider failure: the name never holds secrets
        return None, UserText("Context", "the summarizer failed (%1)", type(exc).__name__)
    run.add(response)
    answer = _content(response)
    summary = extract_summary(answer)
    problem = summary_problem(summary)
    if problem is None:
        if _is_extractive(response):
            run.reached("extractive")
        return ensure_sections(summary), None
    repair = build_repair_request(request, answer, problem)
    if count(repair) > limit:
        repair = build_repair_request(request, answer, problem, with_answer=False)
    if count(repair) > limit:
        return None, problem
    try:
        response = await llm.chat(repair, tools=[])
    except Exception as exc:
        return None, UserText(
            "Context", "%1; the repair request failed (%2)", problem, type(exc).__name__
        )
    run.add(response)
    repaired = extract_summary(_content(response))
    if summary_problem(repaired) is not None:
        return None, UserText("Context", "%1, and again after a repair request", problem)
    run.reached("repaired", problem)
    return ensure_sections(repaired), None


def _repair_reserve(count: CountTokens) -> int:
    """Tokens a repair request adds to its request when it does not echo the answer."""
    base = [Message(role="user", content="")]
    problem = "p" * _PROBLEM_CHARS  # the longest reason summary_problem gives, and some
    return count(build_repair_request(base, "", problem)) - count(base)


def _extractive(
    texts: Sequence[str],
    previous: str | None,
    instructions: str | None,
    limits: SummaryLimits | None,
) -> str:
    """The extractive rung: ``previous`` updated by ``texts`` without any API call."""
    quote_fits = None
    if limits is not None:
        share = max(int(limits.stated * QUOTE_SHARE), 1)
        empty = limits.measure("")

        def quote_fits(quotes: str) -> bool:
            return limits.measure(quotes) - empty <= share

    body = extractive_summary(
        previous, entries_of(texts), focus=instructions, quote_fits=quote_fits
    )
    if limits is not None:
        limits.omitted += max(omitted_count(body) - omitted_count(previous or ""), 0)
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
    failed: FailedInputs | None = None,
) -> SummaryRun:
    """Summarize transcript ``texts`` onto ``previous`` (the summary body so far).

    ``limits`` holds every answer to a size (``max_summary_tokens`` is shorthand for limits
    measured as one user message); without either, answers are taken at any size. Climbs the
    ladder (see the module docstring) instead of failing; ``failed`` remembers the inputs
    that failed, across calls.
    """
    if limits is None and max_summary_tokens is not None:
        limits = SummaryLimits(
            max_summary_tokens, lambda body: count([Message(role="user", content=body)])
        )
    stated = limits.stated if limits is not None else None
    pending = list(texts)
    run = SummaryRun(body=previous or "")
    if not pending:
        raise SummaryFailed(UserText("Context", "nothing to summarize"))
    # each chunk leaves room for its repair request's instruction, so the repair fits
    room = limit - _repair_reserve(count)
    i = 0
    while i < len(pending):
        body: str | None = None
        try:
            request, after = _next_chunk(pending, i, previous, instructions, room, count, stated)
        except SummaryFailed as exc:  # no request would fit: never send one over the budget
            reason: str | None = text_of(exc)
        else:
            if failed is not None and request in failed:
                reason = UserText(
                    "Context", "the same summarizer input failed before; it was not sent again"
                )
            else:
                body, reason = await _ask(llm, request, limit, count, run)
                if body is None and failed is not None:
                    failed.add(request)
        if body is None:  # the extractive rung, for this chunk and all later ones
            run.reached("extractive", reason)
            body = _extractive(pending[i:], previous, instructions, limits)
            if limits is not None:
                body = await _bounded(llm, body, limits, limit, count, run, condense=False)
            run.body = body
            return run
        body = carry_omissions(body, previous)
        if limits is not None:
            body = await _bounded(llm, body, limits, limit, count, run)
        previous = run.body = body
        i = after
    return run
