"""L4 for ``ContextManager``: summarize up to a cut, hold the summary to its size, commit only
if it helps.

A mixin so the pipeline (views, layers, report) and the summary (cut, summarizer runs, file
lists, the commit rule) live in separate modules; it works on ``ContextManager``'s state.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from pi_desktop.context.cut import count_cut, find_cut, tighter_cut
from pi_desktop.context.files import FileLists, file_blocks, update_file_lists, with_blocks
from pi_desktop.context.message import Message
from pi_desktop.context.ratio import script_ratio, weighted_tokens
from pi_desktop.context.report import CompactionInfo
from pi_desktop.context.summarizer import RUNGS, SummaryFailed, SummaryLimits, summarize_texts
from pi_desktop.context.summary import serialize_message, strip_file_blocks, summary_message
from pi_desktop.context.tokens import tokens_from_chars

if TYPE_CHECKING:
    from pi_desktop.context.views import _View

_MAX_TIGHTEN_ROUNDS = 4


def _helps(before: int, after: int, threshold: int, budget: int) -> bool:
    """Whether a compaction is worth committing (moving the floor for good).

    It must land under the threshold or save at least a fifth of the request; one that turns
    a request over the budget into one within it counts too (without it that request fails).
    A compaction that saves nothing ("1.7k → 1.7k") is never committed.
    """
    return after <= threshold or (before - after) * 5 >= before or after <= budget < before


class Compaction:
    """The L4 half of ``ContextManager`` (see the module docstring)."""

    # It uses ContextManager's state and helpers (_build, _finish, _tokens, _l3, _memo, the
    # cache fields and the budget properties); it is not meant to be used on its own.

    async def _compact(
        self,
        messages: Sequence[Message],
        base: _View,
        *,
        instructions: str | None,
    ) -> list[Message]:
        """Summarize up to a cut, hold the summary to its size, commit only if it helps."""
        tokens_before = self._tokens(base) + self.reserved_tokens
        has_system = bool(messages) and messages[0].role == "system"
        cached = base.cache_used
        lo = self._covered_count if cached else int(has_system)
        previous = self._summary if cached else None
        cut = self._first_cut(messages, lo, base)
        if cut is None:
            return self._finish(
                messages,
                self._degraded(messages, base),
                failed="nothing outside the kept tail to summarize",
            )
        files = self._files if cached else FileLists()
        if files is None:  # restored from disk: the summary's lists are capped, re-derive
            files = update_file_lists(FileLists(), messages[int(has_system) : lo])
        body = strip_file_blocks(previous) if previous else None
        pos, calls = lo, 0
        usage: dict[str, int] = {}
        model: str | None = None
        candidate: _View | None = None
        summary_msg: Message | None = None
        summary = ""
        allowance = self.summary_allowance
        limits: SummaryLimits | None = None
        rung, reason = "model", None
        for _ in range(_MAX_TIGHTEN_ROUNDS):
            ops = update_file_lists(files, messages[lo:cut])
            blocks = file_blocks(ops, fits=lambda t: self._text_tokens(t) <= allowance // 3)
            measure = self._summary_measure(blocks, cut)
            if limits is None:
                limits = SummaryLimits(allowance, measure)
            else:
                limits.measure = measure
            # offloaded results are serialised as their marker: the summary can name the file
            texts = [serialize_message(self._l3(m)) for m in messages[pos:cut]]
            try:
                run = await summarize_texts(
                    self.summarizer,
                    texts,
                    body,
                    instructions,
                    limit=self.threshold_tokens,  # the summary's own output needs room too
                    count=self._summarizer_request_tokens,
                    limits=limits,
                    failed=self._failed_inputs,
                )
            except SummaryFailed as exc:
                return self._finish(messages, self._degraded(messages, base), failed=str(exc))
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
            candidate = self._build(
                messages, summary_msg, cut, messages[cut:], cut, float(self.view_limit)
            )
            over = self._tokens(candidate) - self.view_limit
            if over <= 0:
                break
            fixed = self._memo.measure(summary_msg)[0]
            if has_system:
                fixed += self._memo.measure(messages[0])[0]
            fixed += self._steer_chars(messages, cut)  # notes and pins it keeps verbatim
            r = self._ratio_for(candidate.weighted, candidate.chars)
            room = self.view_limit / r - fixed - 64
            later = tighter_cut(messages, cut, room, self._size_in_view)
            if later is None:
                break  # system + summary + newest turn do not fit: the best we can do
            pos, cut = cut, later
        assert candidate is not None and summary_msg is not None and limits is not None
        tokens_after = self._tokens(candidate) + self.reserved_tokens
        if not _helps(tokens_before, tokens_after, self.threshold_tokens, self.budget):
            return self._finish(
                messages,
                self._degraded(messages, base),
                failed=f"a summary would not help ({tokens_before:,} → {tokens_after:,} "
                "tokens, still over the threshold): nothing was compacted",
            )
        self._summary = summary
        self._covered_count = cut
        self._retained_tail = list(messages[cut:])
        self._summary_msg = summary_msg
        self._files = ops
        self._verified = list(self._retained_tail)
        self.pending_compaction = CompactionInfo(
            tokens_before=tokens_before,
            tokens_after=tokens_after,
            summarized_count=cut - lo,
            summary=summary,
            covered_count=cut,
            retained_tail=[m.model_dump() for m in self._retained_tail],
            summary_usage=usage or None,
            summary_model=model,
            read_files=sorted(ops.read),
            modified_files=sorted(ops.modified),
            summarizer_calls=calls,
            instructions=instructions,
            summary_tokens=self._message_tokens([summary_msg]),
            summary_allowance=allowance,
            omitted_items=limits.omitted,
            condensed=limits.condensed,
            rung=rung,
            fallback_reason=reason,
        )
        return self._finish(messages, candidate, summarized=True)

    def _first_cut(self, messages: Sequence[Message], lo: int, base: _View) -> int | None:
        """The kept tail's start: ``keep_recent_tokens`` of history, and — when L1 is snipping
        this view and does not only drop — no more than half of ``max_messages``, so L1 stays
        quiet for ~a dozen turns. (A view L1 leaves whole keeps its token-sized tail.)"""
        ratio = self._ratio_for(base.weighted, base.chars)
        cut = find_cut(messages, lo, self.keep_recent_tokens / ratio, self._size_in_view)
        if cut is None or self.snip_policy == "drop" or not base.snipped:
            return cut
        by_count = count_cut(messages, lo, self.max_messages // 2)
        return max(cut, by_count) if by_count is not None else cut

    def _summary_measure(self, blocks: str, cut: int) -> Callable[[str], int]:
        """``body -> tokens`` of the summary message that body and ``blocks`` make."""

        def measure(body: str) -> int:
            return self._request_tokens([summary_message(with_blocks(body, blocks), cut)])

        return measure

    def _text_tokens(self, text: str) -> int:
        return tokens_from_chars(len(text), self._ratio_for(weighted_tokens(text), len(text)))

    def _summarizer_request_tokens(self, request: Sequence[Message]) -> int:
        """A summarizer request's size, never below its class estimate.

        The usage anchor is taken on chat views, whose serialised chars are largely message
        framing (roles, metadata) the provider hardly counts; a summarizer request is one dense
        transcript (random ids, file paths), so the anchor's lower ratio undercounts it — at
        2k by a quarter, past the window (2k junk soak: the repair request overflowed at
        2,054 of 2,000, estimated under 1,600). The class estimate, or the anchor where it is
        higher, stays on the safe side.
        """
        text = json.dumps([m.model_dump() for m in request], ensure_ascii=False, default=str)
        weighted = weighted_tokens(text)
        ratio = max(self._ratio_for(weighted, len(text)), script_ratio(weighted, len(text)))
        return tokens_from_chars(len(text), ratio)

    def _request_tokens(self, request: Sequence[Message]) -> int:
        text = json.dumps([m.model_dump() for m in request], ensure_ascii=False, default=str)
        return tokens_from_chars(len(text), self._ratio_for(weighted_tokens(text), len(text)))
