"""L4 for ``ContextManager``: summarize up to a cut, hold the summary to its size, commit only
if it helps.

:class:`Compactor` runs one compaction and returns its outcome — a :class:`Compacted` record
(the new cache entry, the session's ``CompactionInfo`` and the view) or a
:class:`NotCompacted` one (the degraded view and why) — and changes nothing itself: the
manager commits a ``Compacted`` to its cache. It reads the figures it needs through
:class:`CompactionSettings` and is given the view builder, the calibration, the pins and the
record of failed summarizer inputs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pi_desktop.context.cache import CachedSummary, SummaryCache
from pi_desktop.context.calibration import UsageCalibration
from pi_desktop.context.cut import count_cut, find_cut, tighter_cut
from pi_desktop.context.files import FileLists, file_blocks, update_file_lists, with_blocks
from pi_desktop.context.memo import SEPARATOR_CHARS, MessageMemo
from pi_desktop.context.message import Message
from pi_desktop.context.pins import PinsAndNotes
from pi_desktop.context.report import CompactionInfo
from pi_desktop.context.summarizer import (
    RUNGS,
    FailedInputs,
    SummaryFailed,
    SummaryLimits,
    summarize_texts,
)
from pi_desktop.context.summary import serialize_message, strip_file_blocks, summary_message
from pi_desktop.context.views import ViewBuilder, _View
from pi_desktop.usertext import UserText, text_of

_MAX_TIGHTEN_ROUNDS = 4


def _helps(before: int, after: int, threshold: int, budget: int) -> bool:
    """Whether a compaction is worth committing (moving the floor for good).

    It must land under the threshold or save at least a fifth of the request; one that turns
    a request over the budget into one within it counts too (without it that request fails).
    A compaction that saves nothing ("1.7k → 1.7k") is never committed.
    """
    return after <= threshold or (before - after) * 5 >= before or after <= budget < before


class CompactionSettings(Protocol):
    """The figures a compaction reads (``ContextManager``'s public ones, read on every use)."""

    budget: int
    reserved_tokens: int
    snip_policy: str

    @property
    def threshold_tokens(self) -> int: ...

    @property
    def view_limit(self) -> int: ...

    @property
    def keep_recent_tokens(self) -> int: ...

    @property
    def max_messages(self) -> int: ...

    @property
    def summary_allowance(self) -> int: ...


@dataclass(frozen=True)
class Compacted:
    """A compaction worth committing: the new cache entry, what the session records, the view."""

    entry: CachedSummary
    info: CompactionInfo
    view: _View


@dataclass(frozen=True)
class NotCompacted:
    """No summary: the view sent instead (the free layers, L2 clearing all it may) and why."""

    view: _View
    reason: str


class Compactor:
    """Runs L4 for one ``ContextManager`` (see the module docstring)."""

    def __init__(
        self,
        settings: CompactionSettings,
        views: ViewBuilder,
        memo: MessageMemo,
        calibration: UsageCalibration,
        pins: PinsAndNotes,
        failed_inputs: FailedInputs,
    ) -> None:
        self._settings = settings
        self._views = views
        self._memo = memo
        self._calibration = calibration
        self._pins = pins
        self._failed_inputs = failed_inputs

    async def run(
        self,
        messages: Sequence[Message],
        base: _View,
        cache: SummaryCache,
        micro_floor: int,
        summarizer: Any,
        *,
        instructions: str | None,
    ) -> Compacted | NotCompacted:
        """Summarize up to a cut, hold the summary to its size; commit only if it helps.

        ``base`` is the view that asked for it (built with ``cache`` and ``micro_floor``)."""
        s = self._settings
        tokens_before = self._views.tokens(base) + s.reserved_tokens
        has_system = bool(messages) and messages[0].role == "system"
        entry = cache.entry if base.cache_used else None
        lo = entry.covered_count if entry is not None else int(has_system)
        previous = entry.summary if entry is not None else None

        def failure(reason: str) -> NotCompacted:
            return NotCompacted(self._views.degraded(messages, base, cache, micro_floor), reason)

        cut = self._first_cut(messages, lo, base)
        if cut is None:
            return failure(UserText("Context", "nothing outside the kept tail to summarize"))
        files = entry.files if entry is not None else FileLists()
        if files is None:  # restored from disk: the summary's lists are capped, re-derive
            files = update_file_lists(FileLists(), messages[int(has_system) : lo])
        body = strip_file_blocks(previous) if previous else None
        pos, calls = lo, 0
        usage: dict[str, int] = {}
        model: str | None = None
        candidate: _View | None = None
        summary_msg: Message | None = None
        summary = ""
        allowance = s.summary_allowance
        limits: SummaryLimits | None = None
        rung, reason = "model", None
        for _ in range(_MAX_TIGHTEN_ROUNDS):
            ops = update_file_lists(files, messages[lo:cut])
            blocks = file_blocks(
                ops, fits=lambda t: self._calibration.text_tokens(t) <= allowance // 3
            )
            measure = self._summary_measure(blocks, cut)
            if limits is None:
                limits = SummaryLimits(allowance, measure)
            else:
                limits.measure = measure
            # offloaded results are serialised as their marker: the summary can name the file
            texts = [serialize_message(self._views.l3(m)) for m in messages[pos:cut]]
            try:
                run = await summarize_texts(
                    summarizer,
                    texts,
                    body,
                    instructions,
                    limit=s.threshold_tokens,  # the summary's own output needs room too
                    count=self._calibration.summarizer_request_tokens,
                    limits=limits,
                    failed=self._failed_inputs,
                )
            except SummaryFailed as exc:
                return failure(text_of(exc))
            body, calls, model = run.body, calls + run.calls, run.model or model
            if RUNGS.index(run.rung) > RUNGS.index(rung):
                rung = run.rung
            reason = reason or run.reason
            for key, value in run.usage.items():
                usage[key] = usage.get(key, 0) + value
            summary = with_blocks(body, blocks)
            summary_msg = summary_message(summary, cut)
            # a new summary starts a new prefix: the tail verbatim (L2's floor at the cut)
            # unless it does not fit
            candidate = self._views.build(
                messages, summary_msg, cut, messages[cut:], cut, float(s.view_limit)
            )
            over = self._views.tokens(candidate) - s.view_limit
            if over <= 0:
                break
            fixed = self._memo.measure(summary_msg)[0]
            if has_system:
                fixed += self._memo.measure(messages[0])[0]
            fixed += self._steer_chars(messages, cut)  # notes and pins it keeps verbatim
            r = self._calibration.ratio_for(candidate.weighted, candidate.chars)
            room = s.view_limit / r - fixed - 64
            later = tighter_cut(messages, cut, room, self._views.size_in_view)
            if later is None:
                break  # system + summary + newest turn do not fit: the best we can do
            pos, cut = cut, later
        assert candidate is not None and summary_msg is not None and limits is not None
        tokens_after = self._views.tokens(candidate) + s.reserved_tokens
        if not _helps(tokens_before, tokens_after, s.threshold_tokens, s.budget):
            return failure(
                UserText(
                    "Context",
                    "a summary would not help (%1 → %2 tokens, still over the threshold)",
                    tokens_before,
                    tokens_after,
                )
            )
        tail = tuple(messages[cut:])
        info = CompactionInfo(
            tokens_before=tokens_before,
            tokens_after=tokens_after,
            summarized_count=cut - lo,
            summary=summary,
            covered_count=cut,
            retained_tail=[m.model_dump() for m in tail],
            summary_usage=usage or None,
            summary_model=model,
            read_files=sorted(ops.read),
            modified_files=sorted(ops.modified),
            summarizer_calls=calls,
            instructions=instructions,
            summary_tokens=self._views.message_tokens([summary_msg]),
            summary_allowance=allowance,
            omitted_items=limits.omitted,
            condensed=limits.condensed,
            rung=rung,
            fallback_reason=reason,
        )
        entry = CachedSummary(summary, cut, tail, summary_msg, ops)
        return Compacted(entry, info, candidate)

    def _first_cut(self, messages: Sequence[Message], lo: int, base: _View) -> int | None:
        """The kept tail's start: ``keep_recent_tokens`` of history, and — when L1 is snipping
        this view and does not only drop — no more than half of ``max_messages``, so L1 stays
        quiet for ~a dozen turns. (A view L1 leaves whole keeps its token-sized tail.)"""
        s = self._settings
        ratio = self._calibration.ratio_for(base.weighted, base.chars)
        cut = find_cut(messages, lo, s.keep_recent_tokens / ratio, self._views.size_in_view)
        if cut is None or s.snip_policy == "drop" or not base.snipped:
            return cut
        by_count = count_cut(messages, lo, s.max_messages // 2)
        return max(cut, by_count) if by_count is not None else cut

    def _summary_measure(self, blocks: str, cut: int) -> Callable[[str], int]:
        """``body -> tokens`` of the summary message that body and ``blocks`` make."""

        def measure(body: str) -> int:
            message = summary_message(with_blocks(body, blocks), cut)
            return self._calibration.request_tokens([message])

        return measure

    def _steer_chars(self, messages: Sequence[Message], covered: int) -> int:
        """Serialised chars the notes and the pins inside ``[1, covered)`` add to a prefix."""
        lo = int(bool(messages) and messages[0].role == "system")
        chars = sum(
            self._memo.measure(messages[k])[0] + SEPARATOR_CHARS
            for k in self._pins.units_in(messages, lo, covered)
        )
        notes = self._pins.notes_message
        if notes is not None:
            chars += self._memo.measure(notes)[0] + SEPARATOR_CHARS
        return chars
