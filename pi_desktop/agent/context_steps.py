"""The Agent's side of the context engine: prepare, compaction, estimates, usage, window.

Before each request the history goes through ``ContextManager.prepare`` (with the path's pins
and notes); a compaction it made is written to the session and announced once; the bar's
figures (``estimate_now``, ``breakdown``) count exactly what the next request would carry; the
provider's usage anchors the estimate, and a window an overflow error states lowers the budget
for this session. The Agent owns the run (busy, the terminal event); this object owns the
engine's state seen from the agent: the budget, the once-per-session fallback notice and the
hidden-ids memo.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pi_desktop.agent.events import (
    CompactionStarted,
    ContextCompacted,
    ContextPrepared,
    Notice,
    SummaryFallback,
    UsageRecorded,
)
from pi_desktop.agent.history import report_hidden_entry_ids
from pi_desktop.agent.llm import ChatResponse, ContextOverflowError, ProviderError
from pi_desktop.agent.model_window import lowered_budget, window_notice
from pi_desktop.agent.schema_budget import no_room_message, usage_for_anchor
from pi_desktop.context import (
    ContextBreakdown,
    Message,
    context_breakdown,
    estimate_tokens,
)
from pi_desktop.session import SessionError
from pi_desktop.usertext import UserText, text_of

if TYPE_CHECKING:
    from pi_desktop.agent.bridge import ContextSessionBridge
    from pi_desktop.agent.history import History
    from pi_desktop.agent.pins_notes import SessionPinsAndNotes
    from pi_desktop.agent.summary_probe import SummaryProbe
    from pi_desktop.context import ContextManager
    from pi_desktop.context.report import PrepareReport
    from pi_desktop.session import Session


class ContextSteps:
    """Prepare, compact, estimate and record usage for one agent.

    ``ctx`` None means no context management: the view is the full history and the figures
    have no budget. ``bridge`` (with a session) persists compactions, the usage anchor and a
    learned window; ``pins`` steers every view; ``probe`` (the summarizer the ContextManager
    calls) is armed during a prepare, so it announces only a summary that really runs;
    ``emit`` reports the events; ``tools_tokens`` is what the tool schemas add to every
    request; ``threshold`` the fraction of the budget a view may fill.
    """

    def __init__(
        self,
        ctx: ContextManager | None,
        history: History,
        pins: SessionPinsAndNotes,
        emit: Callable[[Any], None],
        *,
        session: Session | None,
        bridge: ContextSessionBridge | None,
        probe: SummaryProbe,
        tools_tokens: int,
        threshold: float,
    ) -> None:
        self._ctx = ctx
        self._history = history
        self._pins = pins
        self._emit = emit
        self._session = session
        self._bridge = bridge
        self._probe = probe
        self._tools_tokens = tools_tokens
        self._threshold = threshold
        self._fallback_told = False  # a SummaryFallback was emitted for this session
        # (covered_count, offset, entry id at the span's end) -> hidden ids: see _hidden_ids
        self._hidden_cache: tuple[tuple[int, int, str | None], tuple[str, ...]] | None = None

    @property
    def budget(self) -> int | None:
        """The budget in force (lowered by a learned window), None without context management."""
        return self._ctx.budget if self._ctx is not None else None

    @property
    def ratio(self) -> float | None:
        return self._ctx.ratio if self._ctx is not None else None

    def check_turn(self, messages: list[Message]) -> None:
        """Raise ``TurnTooLarge`` when the newest turn alone cannot fit the view (when a budget
        the tool schemas fill is not the reason: the first prepare reports that)."""
        if self._ctx is not None and self._ctx.view_limit > 0:
            self._ctx.check_turn(messages)

    def fit_window(self, window_tokens: int) -> int | None:
        """A window the server stated: lower the budget to fit it (and remember it in the
        session); the new budget, or None when the current one already fits."""
        budget = self.budget
        if self._ctx is None or budget is None:
            return None
        lowered = lowered_budget(budget, window_tokens)
        if lowered is None:
            return None
        self._ctx.set_budget(lowered)
        if self._bridge is not None:
            self._bridge.save_window(window_tokens, lowered)
        return lowered

    def anchor_count(self, prompt_tokens: int) -> None:
        """Anchor the estimate on a count of the messages alone (a server's tokenizer)."""
        if self._ctx is not None:
            self._ctx.record_usage({"prompt_tokens": prompt_tokens, "completion_tokens": 0})

    async def compact(self, instructions: str | None = None) -> bool:
        """Summarize now (the user's "Compact" button); True when a compaction was stored.

        Emits ``CompactionStarted(manual=True)``, then ``ContextCompacted(manual=True)`` when
        the summary succeeded and was saved (a ``Notice`` says why otherwise), then
        ``ContextPrepared`` with the new estimate in every case. The caller guards the run
        (one at a time); the usage anchor is saved at the end.
        """
        if self._ctx is None:
            return False
        try:
            messages, path_ids = self._history.snapshot()
            if self._ctx.view_limit <= 0:
                self._emit(Notice(no_room_message(self._ctx)))
                self._emit(self.estimate_now())
                return False
            self._emit(CompactionStarted(manual=True))
            self._pins.apply(messages, path_ids)
            try:
                view = await self._ctx.force_compact(messages, instructions)
            except ProviderError as exc:
                self._emit(Notice(UserText("Agent", "Compaction failed: %1", text_of(exc))))
                view = None
            except asyncio.CancelledError:
                self._emit(self.estimate_now())  # ends the window's "compacting" state
                raise
            done = False
            if self._ctx.pending_compaction is not None:
                try:
                    done = self._handle_compaction(manual=True)
                except SessionError as exc:  # kept in memory for this session, not on disk
                    said = UserText("Agent", "The compaction could not be saved: %1", text_of(exc))
                    self._emit(Notice(said))
            elif view is not None:
                report = self._ctx.last_report
                reason = report.summary_failed if report is not None else None
                self._emit(
                    Notice(
                        UserText("Agent", "Nothing was compacted: %1", reason)
                        if reason
                        else UserText("Agent", "Nothing was compacted.")
                    )
                )
            if view is not None:
                self._emit(self._prepared_event(messages, path_ids))
            else:
                self._emit(self.estimate_now())
            return done
        finally:
            self.save_usage()

    def take_path_cache(self) -> None:
        """After the position moved: forget the cache, take the one that fits the new path."""
        if self._ctx is not None:
            self._ctx.reset()
            if self._bridge is not None:
                self._bridge.restore_cache(self._ctx)

    def estimate_now(self) -> ContextPrepared:
        """A fresh estimate of what the next request would carry, without calling any LLM.

        The view ``prepare`` would return if no summary ran (the cache path or the free
        layers), plus the tool schemas, exactly as the next prepare would count it.
        """
        messages, path_ids = self._history.snapshot()
        if self._ctx is None:
            return self._unmanaged_estimate(messages)
        self._pins.apply(messages, path_ids)
        _, tokens = self._ctx.preview(messages)
        ratio = self._ctx.ratio
        return ContextPrepared(tokens + self._tools_tokens, self.budget, self._threshold, ratio)

    def edit_summary(self, compaction_id: str, summary: str) -> str:
        """Save the user's edit of the summary in use; the next request carries it (0 calls).

        Appended as a compaction of kind "edited" (the original stays in the history); the
        ContextManager takes it at once through the bridge, as a restarted app would. The
        entry records the estimate before and with the edit. Raises ``ValueError`` with the
        reason for a refused edit (see ``Session.summary_edit_refusal``), ``RuntimeError``
        without a session. Emits a ``ContextPrepared``.
        """
        if self._session is None:
            raise RuntimeError("editing a summary needs a session")
        refusal = self._session.summary_edit_refusal(compaction_id, summary)
        if refusal is not None:
            raise ValueError(refusal)
        before = after = self.estimate_now().estimated_tokens
        ctx = self._ctx
        if ctx is not None and ctx.summary is not None:  # the figure with the edit, no I/O
            saved = (ctx.summary, ctx.covered_count, ctx.retained_tail)
            ctx.restore_cache(summary, saved[1], saved[2])
            after = self.estimate_now().estimated_tokens
            ctx.restore_cache(*saved)
        entry_id = self._session.add_edited_summary(
            compaction_id, summary, tokens_before=before, tokens_after=after
        )
        self.take_path_cache()  # the edited compaction is now the one that applies
        self._emit(self.estimate_now())
        return entry_id

    def breakdown(self) -> ContextBreakdown:
        """Where the tokens of ``estimate_now()`` go, by category; no LLM call.

        The same view and ratio as the estimate plus the tool schemas as their own row, so
        ``breakdown().total_tokens == estimate_now().estimated_tokens`` always.
        """
        messages, path_ids = self._history.snapshot()
        if self._ctx is None:
            result = context_breakdown(messages, None)
        else:
            self._pins.apply(messages, path_ids)  # pins and notes, as the next prepare sees them
            result = self._ctx.breakdown(messages)
        return result.with_row("tools", self._tools_tokens)

    async def prepare(self, messages: list[Message], path_ids: list[str | None]) -> list[Message]:
        """The view of the next request (the whole history without context management); a
        compaction it made is saved and announced, then a ``ContextPrepared`` follows."""
        if self._ctx is None:
            self._emit(self._unmanaged_estimate(messages))
            return messages
        if self._ctx.view_limit <= 0:  # no request could stay within the budget
            raise ContextOverflowError(no_room_message(self._ctx))
        self._pins.apply(messages, path_ids)
        self._probe.armed = True
        try:
            view = await self._ctx.prepare(messages)
        finally:
            self._probe.armed = False
        self._handle_compaction(manual=False)
        self._emit(self._prepared_event(messages, path_ids))
        return view

    def _handle_compaction(self, *, manual: bool) -> bool:
        """Persist and announce the ContextManager's pending compaction; True if there was one.

        Every prepare and force_compact clears ``pending_compaction`` first, and this runs once
        after each, so a compaction is never written or announced twice.
        """
        assert self._ctx is not None
        info = self._ctx.pending_compaction
        if info is None:
            return False
        entry_id = None
        if self._bridge is not None:
            entry_id = self._bridge.write_compaction(
                self._ctx, manual=manual, path_ids=self._history.clean_path_ids()
            )
        self._emit(
            ContextCompacted(
                info.tokens_before,
                info.tokens_after,
                info.summarized_count,
                entry_id,
                info.summary,
                manual,
                info.rung,
            )
        )
        if info.fallback_reason and not self._fallback_told:  # once per session
            self._fallback_told = True
            self._emit(SummaryFallback(info.rung, info.fallback_reason))
        return True

    def _unmanaged_estimate(self, messages: list[Message]) -> ContextPrepared:
        """Without context management the request is the full history plus the schemas."""
        return ContextPrepared(
            estimate_tokens(messages) + self._tools_tokens, None, self._threshold, None
        )

    def _prepared_event(
        self, messages: list[Message], path_ids: list[str | None]
    ) -> ContextPrepared:
        """The bar's figures from the report of the prepare or compaction that just ran."""
        assert self._ctx is not None and self._ctx.last_report is not None
        report = self._ctx.last_report
        hidden = self._hidden_ids(report, len(messages), path_ids)
        tokens = report.request_tokens  # the view and the tool schemas, as the budget counts
        return ContextPrepared(
            tokens, self.budget, self._threshold, self._ctx.ratio, report, hidden
        )

    def _hidden_ids(
        self, report: PrepareReport, count: int, path_ids: list[str | None]
    ) -> tuple[str, ...]:
        """``report_hidden_entry_ids``, kept while only the summary hides anything.

        The summarized span is the same turn after turn between two compactions and grows with
        the session; within one session the entry at its end names it (entry ids are unique
        and the path to an entry is unique), so it is mapped once per compaction, not per turn.
        """
        covered, offset = report.covered_count, count - len(path_ids)
        end = covered - 1 - offset
        if report.snipped or report.pinned or covered <= 1 or not 0 <= end < len(path_ids):
            return report_hidden_entry_ids(report, count, path_ids)
        key = (covered, offset, path_ids[end])
        cached = self._hidden_cache
        if cached is not None and cached[0] == key:
            return cached[1]
        hidden = report_hidden_entry_ids(report, count, path_ids)
        self._hidden_cache = (key, hidden)
        return hidden

    async def compact_after_overflow(
        self, messages: list[Message], path_ids: list[str | None], error: ContextOverflowError
    ) -> list[Message]:
        """The provider said "too long": summarize now, or fail clearly if that is impossible."""
        assert self._ctx is not None
        self._emit(CompactionStarted(manual=False))
        self._pins.apply(messages, path_ids)
        view = await self._ctx.force_compact(messages)
        compacted = self._handle_compaction(manual=False)
        self._emit(self._prepared_event(messages, path_ids))
        if not compacted:
            raise ContextOverflowError(
                UserText(
                    "Errors",
                    "%1 — and the conversation could not be compacted to fit. Lower the context "
                    "budget in the settings or start a new session.",
                    text_of(error),
                ),
                status=error.status,
            )
        return view

    def learn_window(self, error: ContextOverflowError) -> None:
        """The error stated the model's window: lower this session's budget to fit, say so once.

        When it also stated the prompt's real size, the usage anchor takes that count at once
        (minus the tool schemas, as usage is): the estimate that let this view through is
        corrected before the compaction that follows, so the same cause never overflows twice.
        """
        assert self._ctx is not None
        if error.prompt_tokens:
            self._ctx.record_overflow(error.prompt_tokens - self._tools_tokens)
        old = self.budget
        if error.window_tokens is None or old is None:
            return
        budget = self.fit_window(error.window_tokens)
        if budget is not None:
            self._emit(Notice(window_notice(error.window_tokens, old, budget)))

    def save_usage(self) -> None:
        """Persist the usage anchor when it changed (once per run or compaction, at its end),
        so an app restarted between runs estimates exactly as this one."""
        if self._bridge is not None and self._ctx is not None:
            self._bridge.save_usage(self._ctx)

    def record_usage(self, response: ChatResponse) -> None:
        if self._ctx is not None:
            self._ctx.record_usage(usage_for_anchor(response.usage, self._tools_tokens))
        ratio = self._ctx.ratio if self._ctx is not None else None
        self._emit(UsageRecorded(response.usage, response.model, ratio))
