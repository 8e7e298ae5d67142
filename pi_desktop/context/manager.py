"""The pipeline: ``ContextManager`` turns the full history into the view that is sent.

Decision tree (DESIGN §3, the write-up's ``prepare``): with a cached summary the view is
``[system] + [summary] + retained tail + newly``; without one it is the history through the
free layers (L3 offload, L1 snip, L2 micro). Under ``int(budget * threshold)`` the view is
returned (0 API); over it — or, with ``snip_policy="summarize"`` (the default), when L1 would
drop messages no summary covers — the uncovered part before the cut is summarized (L4, in
``compaction.py``), in chunks when it would not fit one summarizer request, each chunk
updating the previous summary. A newest message that cannot fit even alone is refused with
:class:`TurnTooLarge` before any call (``check_turn`` lets the agent ask before storing it).

Requests carry more than the messages: a chat request also carries the tool schemas.
``reserved_tokens`` is that fixed share; the threshold applies to the whole request, so the
messages get ``view_limit = int(budget * threshold) - reserved_tokens`` and every figure
compared with the budget (``PrepareReport.request_tokens``, ``CompactionInfo.tokens_before``
/ ``tokens_after``) includes it. Summarizer requests carry no tools and keep the whole
``int(budget * threshold)``.

Per-turn cost is O(view): L1 boundaries are found on a role accessor first, L3/L2 run only on
survivors (the view is built in ``views.py``), and per-message sizes, offload copies and
placeholders are memoised by message identity in a ``MessageMemo`` (messages are immutable
values, as everywhere in the engine).

The manager is a façade over small parts it owns, each given what it uses: the summary cache
(``cache.py``), the usage calibration (``calibration.py``), the pins and notes (``pins.py``),
the view builder (``views.py``) and the compactor (``compaction.py``), whose run returns a
record the manager commits. The builder and the compactor read the settings through the
manager's public figures (typed as the Protocols they declare), never its private state.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from pi_desktop.context.breakdown import ContextBreakdown, context_breakdown
from pi_desktop.context.cache import SummaryCache
from pi_desktop.context.calibration import UsageCalibration
from pi_desktop.context.compaction import Compacted, Compactor
from pi_desktop.context.errors import TurnTooLarge
from pi_desktop.context.memo import MessageMemo
from pi_desktop.context.message import Message
from pi_desktop.context.micro import DEFAULT_KEEP_RECENT, DEFAULT_MIN_CHARS
from pi_desktop.context.offload import DEFAULT_MAX_CHARS, PREVIEW_CHARS
from pi_desktop.context.pins import PinRefused, PinsAndNotes, all_pinned_units, pin_cap
from pi_desktop.context.ratio import ASCII_WEIGHT
from pi_desktop.context.report import CompactionInfo, OffloadedResult, PrepareReport
from pi_desktop.context.snip import DEFAULT_MAX_MESSAGES, budget_message_cap
from pi_desktop.context.squeeze import (
    admit_tight,
    note_sent,
    restore_tight,
    saved_tight,
    trailing_step,
)
from pi_desktop.context.summarizer import FailedInputs
from pi_desktop.context.summary_trim import (
    default_keep_recent,
    summary_allowance,
    summary_target,
)
from pi_desktop.context.tokens import tokens_from_chars
from pi_desktop.context.views import ViewBuilder, _View

# L1 policies: what happens to the messages L1 pushes out (summarized first, or dropped) and
# where its cap lies (following the budget, or the seed's fixed 50 messages)
_L1_POLICIES: dict[str, tuple[str, int | None]] = {
    "summarize": ("summarize", None),
    "drop": ("drop", None),
    "summarize-50": ("summarize", DEFAULT_MAX_MESSAGES),
    "drop-50": ("drop", DEFAULT_MAX_MESSAGES),
}
SNIP_POLICIES = tuple(_L1_POLICIES)


class ContextManager:
    """The four-layer context pipeline with a summary cache; see the module docstring.

    ``llm`` and ``summarizer`` are duck-typed (``await chat(messages, tools=[])`` returning an
    object with ``.message.content``, ``.usage``, ``.model``); ``summarizer`` defaults to
    ``llm``. After every ``prepare``/``force_compact``: ``last_report`` says what each layer
    did, ``pending_compaction`` holds a new summary for the session (else None), and
    ``last_view_tokens`` is the returned view's estimate. The layer settings below are class
    attributes so an instance can override them. ``reserved_tokens`` is the part of every chat
    request that is not messages (the tool schemas): see the module docstring.
    """

    max_tool_chars: int = DEFAULT_MAX_CHARS
    keep_recent_results: int = DEFAULT_KEEP_RECENT
    micro_min_chars: int = DEFAULT_MIN_CHARS
    # L2 clears (in bulk) only when the view is above this share of ``view_limit`` and the
    # clearing saves at least ``micro_min_gain`` of it; a smaller saving would be undone in a
    # turn or two, so the summary (which also frees the old chat) runs instead. Measured on
    # the 300-turn replay (bench (e)): clearing at the limit breaks the prefix least; a gain
    # of 0.35 gives 90.5 % byte-identical prefixes (0.25: 89.9 %, 0.5: 91.9 % but 5 more
    # summarizer calls).
    micro_trigger: float = 1.0
    micro_min_gain: float = 0.35

    def __init__(
        self,
        budget: int,
        llm: Any,
        keep_recent_tokens: int | None = None,
        results_dir: str | os.PathLike[str] | None = None,
        threshold: float = 0.8,
        *,
        summarizer: Any | None = None,
        reserved_tokens: int = 0,
        snip_policy: str = "summarize",
    ) -> None:
        if int(budget) <= 0:
            raise ValueError("budget must be a positive number of tokens")
        if int(reserved_tokens) < 0:
            raise ValueError("reserved_tokens must be >= 0")
        if not 0 < threshold <= 1:
            raise ValueError("threshold must lie in (0, 1]")
        if snip_policy not in SNIP_POLICIES:
            raise ValueError(f"snip_policy must be one of {SNIP_POLICIES}")
        # "summarize": messages L1 would drop are summarized first; "drop": the seed's L1;
        # a "-50" policy keeps the seed's fixed cap instead of the budget's (``max_messages``)
        self.l1_policy = snip_policy
        self.snip_policy, self._max_messages = _L1_POLICIES[snip_policy]
        self.budget = int(budget)
        self.threshold = float(threshold)
        self.llm = llm
        self.summarizer = summarizer if summarizer is not None else llm
        self.reserved_tokens = int(reserved_tokens)
        self.keep_recent_tokens = keep_recent_tokens
        self.results_dir = results_dir
        self._memo = MessageMemo()
        # summarizer inputs that failed: never resent unchanged (see ``FailedInputs``)
        self._failed_inputs = FailedInputs()
        self._calibration = UsageCalibration()
        self._pins = PinsAndNotes()  # set by ``steer``
        self._cache = SummaryCache()
        self._views = ViewBuilder(self, self._memo, self._calibration, self._pins)
        self._compactor = Compactor(
            self, self._views, self._memo, self._calibration, self._pins, self._failed_inputs
        )
        # L2's horizon: answered tool results before this input index are placeholdered
        self._micro_floor = 0
        # (summary message, anchor, its tokens): see _summary_tokens
        self._summary_tokens_for: tuple[Message, tuple[float, float] | None, int] | None = None
        self.reset()

    # ------------------------------------------------------------------ public state

    def reset(self) -> None:
        """Forget the summary cache and reports (the usage anchor describes the model: kept)."""
        self._cache.clear()
        self._micro_floor = 0
        self.pending_compaction: CompactionInfo | None = None
        self.last_report: PrepareReport | None = None
        self.last_view_tokens = 0

    @property
    def summary(self) -> str | None:
        """The cached summary text (with its file lists), or None before any compaction."""
        entry = self._cache.entry
        return entry.summary if entry is not None else None

    @property
    def covered_count(self) -> int:
        """``messages[:covered_count]`` (system included) are represented by the summary."""
        entry = self._cache.entry
        return entry.covered_count if entry is not None else 0

    @property
    def retained_tail(self) -> list[Message]:
        """The tail kept verbatim at the last compaction (a copy)."""
        entry = self._cache.entry
        return list(entry.retained_tail) if entry is not None else []

    @property
    def ratio(self) -> float:
        """Tokens per serialised char the estimates currently use (anchored or script-aware)."""
        return self._calibration.ratio

    # ------------------------------------------------------------------ usage anchor

    @property
    def rejected_usage(self) -> int:
        """Usage figures not taken as an anchor (implausible; see ``calibration.py``)."""
        return self._calibration.rejected_usage

    def record_usage(self, usage: dict[str, Any] | None) -> None:
        """Anchor the ratio on the prompt tokens of the view prepare last returned (see
        :meth:`UsageCalibration.record_usage`: cached-token dialects, implausible figures)."""
        self._calibration.record_usage(usage)

    def record_overflow(self, prompt_tokens: int | None) -> bool:
        """The provider refused the last view and stated its size: anchor on it now (True
        when taken; see :meth:`UsageCalibration.record_overflow`)."""
        return self._calibration.record_overflow(prompt_tokens)

    @property
    def l3_correction(self) -> float:
        """The anchor's correction of the class estimate as L3 uses it (see ``calibration``)."""
        return self._calibration.l3_correction

    @property
    def usage_anchor(self) -> dict[str, Any]:
        """Everything besides the messages the estimate depends on, JSON-serialisable.

        A session saves it and a restarted manager takes it back (``restore_usage_anchor``),
        so the restarted app estimates — and therefore summarizes — exactly as the live one.
        (The last view's size is not in it: the next ``record_usage`` follows a prepare. Nor is
        the last view's own ratio, which every prepare recomputes from the anchor; ``ratio`` is
        the anchored one, so the value changes only when the anchor does — one session line
        per real change, not one per turn.) L2's horizon decides which results the view
        placeholders: a restart must clear the same ones (it moves only when L2 clears in
        bulk, so this stays rare).
        """
        saved = {**self._calibration.saved(), "micro_floor": self._micro_floor}
        return {**saved, "tight_steps": saved_tight(self._views)} if self._views.tight else saved

    def restore_usage_anchor(self, anchor: dict[str, Any] | None) -> bool:
        """Take back a saved ``usage_anchor``; a malformed one is ignored (False), never fatal."""
        if not isinstance(anchor, dict):
            return False
        floor = anchor.get("micro_floor", 0)
        if not isinstance(floor, int) or isinstance(floor, bool) or floor < 0:
            return False
        if not self._calibration.restore(anchor):
            return False
        restore_tight(self._views, anchor.get("tight_steps", {}))  # malformed: none kept
        self._micro_floor = floor  # restore_cache (called after) keeps the later of the two
        return True

    # ------------------------------------------------------------------ pins and notes

    @property
    def pinned(self) -> frozenset[int]:
        """Input indices (of ``[system] + history``) the user pinned; see ``context/pins.py``."""
        return self._pins.pinned

    def steer(self, pinned: Iterable[int] = (), notes: Sequence[str] = ()) -> None:
        """Set the pins and context notes the next views honour (the agent calls it per turn).

        Indices refer to the ``messages`` the next ``prepare``/``preview``/``force_compact``
        receives. No LLM call; the summary cache is unaffected (pins in the covered part come
        back after the summary, so a new pin needs no new summary).
        """
        self._pins.set(pinned, notes)

    def pinned_tokens(self, messages: Sequence[Message], pinned: Iterable[int]) -> int:
        """The estimate of every pinned unit (a call with its results) as it stays in the view."""
        units = all_pinned_units(messages, pinned)
        return self._message_tokens([messages[k] for k in units]) if units else 0

    @property
    def pin_cap_tokens(self) -> int:
        """Tokens all pinned units together may take (``PIN_SHARE`` of ``view_limit``)."""
        return pin_cap(self.view_limit)

    def check_pins(self, messages: Sequence[Message], pinned: Iterable[int]) -> int:
        """Raise :class:`PinRefused` when ``pinned`` would exceed the cap; else their tokens."""
        tokens = self.pinned_tokens(messages, pinned)
        if tokens > self.pin_cap_tokens:
            raise PinRefused(tokens, self.pin_cap_tokens, self.view_limit)
        return tokens

    # ------------------------------------------------------------------ budget figures

    @property
    def threshold_tokens(self) -> int:
        """Where a whole request (messages + reserved) triggers a summary."""
        return int(self.budget * self.threshold)

    @property
    def view_limit(self) -> int:
        """The messages' share of the threshold; <= 0 when the reserved part fills it."""
        return self.threshold_tokens - self.reserved_tokens

    @property
    def keep_recent_tokens(self) -> int:
        """Tokens of recent history a compaction keeps verbatim (``budget // 4`` unless set;
        less under a small budget, see ``summary_trim.landing_cap``)."""
        if self._keep_recent_tokens is not None:
            return self._keep_recent_tokens
        return default_keep_recent(self.budget, self.view_limit)

    @keep_recent_tokens.setter
    def keep_recent_tokens(self, value: int | None) -> None:
        self._keep_recent_tokens = int(value) if value is not None else None

    @property
    def summary_allowance(self) -> int:
        """Tokens the summary message (header, body, file lists) may take in the view.

        Derived from the live budget (see ``summary_trim.summary_allowance``): a budget
        lowered at run time lowers it for the next compaction.
        """
        return summary_allowance(self.view_limit)

    @property
    def summary_target(self) -> int:
        """The summary size stated in the summarizer's prompt (and what a trim goes down to)."""
        return summary_target(self.summary_allowance)

    @property
    def max_messages(self) -> int:
        """L1's cap: set explicitly (or by a "-50" policy), else following the budget."""
        if self._max_messages is not None:
            return self._max_messages
        return budget_message_cap(self.view_limit)

    @max_messages.setter
    def max_messages(self, value: int | None) -> None:
        self._max_messages = int(value) if value is not None else None

    @property
    def step_share_tokens(self) -> float:
        """Tokens the results of one step (its parallel tool calls) may take together.

        Half the messages' share of the threshold: the newest step cannot be summarized, so
        its results together must leave room for the system prompt, the question, the calls
        and a summary. L3 offloads a step's largest results first until the step fits it.
        """
        return max(self.view_limit, 0) / 2

    def preview_chars_for(self, count: int) -> int:
        """The preview an offloaded result's marker carries in a step of ``count`` results.

        At most ``PREVIEW_CHARS``; under a small budget or a wide fan-out, a quarter of each
        result's fair share of the step, so even a step whose every result went to a file
        fits (the marker's own line is the rest). Counted at the plain chars/4 of ASCII text,
        never the usage anchor: an anchor that moves a little would resize every preview in
        the view and break the request prefix each time.
        """
        per_result = self.step_share_tokens / max(count, 1) / 4
        return max(0, min(PREVIEW_CHARS, int(per_result / ASCII_WEIGHT)))

    @property
    def tool_chars_limit(self) -> int:
        """L3's threshold for a result alone in its step: ``max_tool_chars``, lowered under a
        small budget.

        A tool result of the newest turn cannot be summarized, so one that alone outgrew the
        step's share would force a request over the budget. A result may take at most the
        step's share before it goes to a file, but never less than its marker costs (the
        floor follows the budget with the marker's preview); an explicit ``max_tool_chars``
        below that is kept as set. This is the figure for ASCII text;
        :meth:`tool_chars_limit_for` scales it by a result's own script mix. Both depend only
        on the budget and the usage anchor, never on earlier views, so a restarted manager
        offloads exactly what the live one did.
        """
        return self._views.chars_limit(self._calibration.l3_ratio_for(ASCII_WEIGHT, 1))

    def tool_chars_limit_for(self, message: Message) -> int:
        """L3's threshold for one tool result alone, at that result's own tokens per char."""
        return self._views.tool_chars_limit_for(message)

    def restore_cache(
        self,
        summary: str,
        covered_count: int,
        retained_tail: Sequence[dict[str, Any] | Message],
    ) -> None:
        """Refill the cache from a session's compaction entry: the next prepare costs 0 API.

        The cache is used only while ``retained_tail`` matches the history at
        ``covered_count``; otherwise prepare falls back to the free layers (and summarizes
        from scratch if needed). An empty summary clears the cache.
        """
        self._cache.restore(summary, covered_count, retained_tail)
        if self._cache.entry is None:
            self._micro_floor = 0
            return
        # as a live compaction leaves it, or later if a saved floor says L2 cleared since
        self._micro_floor = max(self._cache.entry.covered_count, self._micro_floor)

    def set_budget(self, budget: int) -> None:
        """Change the budget (e.g. to a window the provider stated); the cache is kept.

        Everything derived from the budget (the default ``keep_recent_tokens``, the summary
        allowance, L3's threshold) is computed on use, so it follows.
        """
        if int(budget) <= 0:
            raise ValueError("budget must be a positive number of tokens")
        self.budget = int(budget)

    # ------------------------------------------------------------------ the pipeline

    async def prepare(self, messages: Sequence[Message]) -> list[Message]:
        """The send view of ``messages`` (``[system] + history``); never mutates the input.

        Summarizes when the view is over ``view_limit``, or — with ``snip_policy ==
        "summarize"`` — when L1 would drop messages no summary covers. Raises
        :class:`TurnTooLarge` (before any summarizer call, state unchanged) when the newest
        user message cannot fit the view even alone with the system prompt.
        """
        self.pending_compaction = None
        view = self._base_view(messages)
        over = self._tokens(view) > self.view_limit
        unread = self.snip_policy == "summarize" and len(view.snipped) > 0
        if not over and not unread:
            return self._finish(messages, view)
        if over and not unread and not self._pins.units(messages):  # see squeeze.py
            step = trailing_step(view)
            preview = self.preview_chars_for(len(step))
            args = (self._views, messages, view, self._cache, self._micro_floor)
            tight = admit_tight(*args, self.view_limit, preview) if step else None
            if tight is not None:
                return self._finish(messages, tight)
        if over:
            newest = next(
                (k for k in range(len(messages) - 1, -1, -1) if messages[k].role == "user"), None
            )
            covered = self.covered_count if view.cache_used else 0
            if newest is not None and newest >= covered:  # a covered one is not sent
                self._check_fits(messages, messages[newest])
        return await self._compact(messages, view, instructions=None)

    def check_turn(self, messages: Sequence[Message]) -> None:
        """Refuse a new message that cannot fit: call before storing it.

        ``messages`` is ``[system] + history + [new message]``. Raises :class:`TurnTooLarge`
        when the system prompt and the new message alone exceed ``view_limit`` (L3 does not
        apply to user messages; no summary can make room for the newest turn). No LLM call,
        no change of state.
        """
        if messages:
            self._check_fits(messages, messages[-1])

    def _check_fits(self, messages: Sequence[Message], newest: Message) -> None:
        # measured outside the memo: a refused paste must not stay referenced by it
        system = [messages[0]] if messages[0].role == "system" and messages[0] is not newest else []
        if self._request_tokens([*system, newest]) > self.view_limit:
            system_tokens = self._message_tokens(system) if system else 0
            alone = self._request_tokens([newest])
            raise TurnTooLarge(alone, self.view_limit, self.budget, system_tokens)

    async def force_compact(
        self, messages: Sequence[Message], instructions: str | None = None
    ) -> list[Message]:
        """Summarize now, even under the threshold; ``instructions`` adds a focus line.

        The user asked for it ("Compact now", "Try the model's summary again"): inputs that
        failed before are offered to the model again."""
        self.pending_compaction = None
        self._failed_inputs.clear()
        view = self._base_view(messages)
        return await self._compact(messages, view, instructions=instructions)

    async def _compact(
        self, messages: Sequence[Message], base: _View, *, instructions: str | None
    ) -> list[Message]:
        """Run the compactor; commit its summary, or send the view it fell back to."""
        outcome = await self._compactor.run(
            messages,
            base,
            self._cache,
            self._micro_floor,
            self.summarizer,
            instructions=instructions,
        )
        if not isinstance(outcome, Compacted):
            return self._finish(messages, outcome.view, failed=outcome.reason)
        self._cache.commit(outcome.entry)
        self.pending_compaction = outcome.info
        return self._finish(messages, outcome.view, summarized=True)

    def _base_view(self, messages: Sequence[Message]) -> _View:
        return self._views.base(messages, self._cache, self._micro_floor)

    def preview(self, messages: Sequence[Message]) -> tuple[list[Message], int]:
        """The view ``prepare`` would send if no summary ran, and its estimate.

        No LLM call and no change to the cache or the report: for drawing the budget bar
        between turns. (L3 may still write an offload file, as ``prepare`` would.)
        """
        view = self._base_view(messages)
        return list(view.messages), self._tokens(view)

    def breakdown(self, messages: Sequence[Message]) -> ContextBreakdown:
        """Where the tokens of the view ``preview`` returns go, by category (no LLM call).

        The rows add up exactly to ``preview(messages)[1]`` (same view, same ratio); the
        reserved part (tool schemas) is the caller's to add. No change to cache or report.
        """
        view = self._base_view(messages)
        micro = set(view.micro)
        placeholdered = {
            i for i, src in enumerate(view.sources) if src is not None and src in micro
        }
        protected = set(self._pins.units(messages))
        pinned = {i for i, src in enumerate(view.sources) if src is not None and src in protected}
        result = context_breakdown(
            view.messages,
            self._calibration.ratio_for(view.weighted, view.chars),
            placeholdered=placeholdered,
            pinned=pinned,
        )
        covered = self.covered_count if view.cache_used else 0
        has_system = bool(messages) and messages[0].role == "system"
        return replace(
            result,
            budget=self.budget,
            threshold_tokens=self.threshold_tokens,
            summarized_count=max(0, covered - (1 if has_system else 0)),
            snipped_count=len(view.snipped),
            input_count=len(messages),
        )

    # ------------------------------------------------------------------ sizes

    def _tokens(self, view: _View) -> int:
        return self._views.tokens(view)

    def _summary_tokens(self) -> int:
        """The summary message's estimate (every report carries it).

        It depends on the summary message and the usage anchor alone, so it is kept until
        either is replaced (both are replaced, never changed in place: compared by identity;
        the entry holds both objects, so their ids cannot be reused meanwhile).
        """
        entry = self._cache.entry
        if entry is None:
            return 0
        message, anchor = entry.message, self._calibration.anchor
        kept = self._summary_tokens_for
        if kept is not None and kept[0] is message and kept[1] is anchor:
            return kept[2]
        tokens = self._message_tokens([message])
        self._summary_tokens_for = (message, anchor, tokens)
        return tokens

    def _message_tokens(self, messages: Sequence[Message]) -> int:
        """The estimate of ``messages`` as a list of their own (memoised sizes)."""
        return self._views.message_tokens(messages)

    def _request_tokens(self, request: Sequence[Message]) -> int:
        """The estimate of ``request`` serialised on its own (outside the memo)."""
        return self._calibration.request_tokens(request)

    def l3_copy(self, message: Message) -> Message:
        """``message`` as L3 puts it in the view (the step's decision when a view held it)."""
        return self._views.l3(message)

    def _finish(
        self,
        messages: Sequence[Message],
        view: _View,
        *,
        summarized: bool = False,
        failed: str | None = None,
    ) -> list[Message]:
        """Record what was sent (for ``record_usage`` and the report) and return the view."""
        newest = self._memo.measure(view.messages[-1])[1] if view.messages else 0.0
        ratio = self._calibration.observe(view.chars, view.weighted, newest)
        self._micro_floor = view.micro_floor
        note_sent(self._views, messages, view)
        self.last_view_tokens = tokens_from_chars(view.chars, ratio)
        offloaded = []
        for i in view.offloaded:  # the markers the L3 pass found (L2 keeps their metadata)
            src, message = view.sources[i], view.messages[i]
            info = (message.metadata or {}).get("offloaded")
            if src is None or not isinstance(info, dict):
                continue
            offloaded.append(
                OffloadedResult(
                    index=src,
                    tool_call_id=message.tool_call_id or "",
                    path=str(info["path"]),
                    original_chars=int(info.get("original_chars") or 0),
                )
            )
        self.last_report = PrepareReport(
            input_count=len(messages),
            view_count=len(view.messages),
            tokens=self.last_view_tokens,
            budget=self.budget,
            threshold_tokens=self.threshold_tokens,
            reserved_tokens=self.reserved_tokens,
            ratio=ratio,
            cache_used=view.cache_used,
            summarized=summarized,
            covered_count=self.covered_count if view.cache_used else 0,
            snipped=view.snipped,
            micro_compacted=view.micro,
            offloaded=tuple(offloaded),
            summary_failed=failed,
            snip_policy=self.snip_policy,
            summary_tokens=self._summary_tokens() if view.cache_used else 0,
            summary_allowance=self.summary_allowance,
            pinned=tuple(self._pins.units(messages)),
        )
        self._memo.prune(view.messages, self.retained_tail)
        return list(view.messages)
