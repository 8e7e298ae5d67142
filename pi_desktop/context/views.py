"""Building the view: one pass over ``[system] + (summary + retained tail) + newly``.

L1 boundaries are found on a role accessor first, then only the survivors go through L3 and
L2; pinned units come back after the snip placeholder, and L2 clears in bulk (its horizon
moves only when the view is over its limit), so between two clearings the request prefix is
byte-identical. ``ContextManager`` owns one :class:`ViewBuilder`; the builder reads the
layer settings through :class:`LayerSettings` (the manager's public figures) and is given the
memo, the calibration and the pins it works with. Its own state is L3's last pass (the
shortcut of ``_l3_view``).
"""

from __future__ import annotations

import hashlib
import os
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from pi_desktop.context.cache import SummaryCache
from pi_desktop.context.calibration import UsageCalibration
from pi_desktop.context.memo import SEPARATOR_CHARS, MessageMemo
from pi_desktop.context.message import Message
from pi_desktop.context.micro import clearable_end_at, compacted_copy, results_over
from pi_desktop.context.offload import (
    MARKER_MIN_SAVING,
    floor_chars,
    is_offloaded,
    offload_message,
)
from pi_desktop.context.pins import PinsAndNotes
from pi_desktop.context.ratio import list_weight
from pi_desktop.context.snip import snip_plan
from pi_desktop.context.tokens import list_chars_from_sizes

STEP_KIND = "l3step"  # the memo kind of the L3 decision a view made for a result in its step


def step_runs(tools: Sequence[int]) -> list[tuple[int, int]]:
    """``(start, stop)`` slices of ``tools`` (sorted view positions of tool results) that are
    consecutive: the results of one step answer one assistant message side by side."""
    runs: list[tuple[int, int]] = []
    start = 0
    for k in range(1, len(tools) + 1):
        if k == len(tools) or tools[k] != tools[k - 1] + 1:
            runs.append((start, k))
            start = k
    return runs


@dataclass
class _View:
    """A built view plus where each message came from (input index, or None if synthetic)."""

    messages: list[Message]
    sources: list[int | None]
    snipped: range | tuple[int, ...]
    micro: tuple[int, ...]
    chars: int
    weighted: float
    cache_used: bool
    micro_floor: int = 0  # L2's horizon (input index) this view was built with
    tools: tuple[int, ...] = ()  # positions of the tool results in ``messages``
    offloaded: tuple[int, ...] = ()  # positions of the offloaded markers among them


def step_key(first: Message) -> str:
    """A step's name that survives a restart: its first result's call id and a digest of
    that result (providers that reuse ids, ``call_0``, get different keys)."""
    digest = hashlib.sha256(first.content.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    return f"{first.tool_call_id or ''}:{digest}"


def _offload_info(message: Message) -> dict | None:
    """The ``offloaded`` metadata of an L3 marker (L2's placeholder keeps it), else None."""
    info = (message.metadata or {}).get("offloaded")
    return info if isinstance(info, dict) and "path" in info else None


class LayerSettings(Protocol):
    """What the layers are set to (``ContextManager``'s public figures, read on every use, so
    a budget changed at run time applies to the next view)."""

    results_dir: str | os.PathLike[str] | None
    max_tool_chars: int
    keep_recent_results: int
    micro_min_chars: int
    micro_trigger: float
    micro_min_gain: float

    @property
    def view_limit(self) -> int: ...

    @property
    def max_messages(self) -> int: ...

    @property
    def step_share_tokens(self) -> float: ...

    def preview_chars_for(self, count: int) -> int: ...


class ViewBuilder:
    """Builds views (see the module docstring); one per ``ContextManager``."""

    def __init__(
        self,
        settings: LayerSettings,
        memo: MessageMemo,
        calibration: UsageCalibration,
        pins: PinsAndNotes,
    ) -> None:
        self._settings = settings
        self._memo = memo
        self._calibration = calibration
        self._pins = pins
        # the last view's L3 pass: (settings, input, output, tools, assistants, stable end)
        self._l3_last: tuple | None = None
        # a fresh step planned to a tighter share (see ``squeeze.py``): (its first result,
        # share tokens, preview chars) while probing, and the plan made under it
        self.squeeze: tuple[Message, float, int] | None = None
        self.squeezed: tuple[Message, object, tuple[Message, ...], tuple[Message, ...]] | None
        self.squeezed = None
        self.sent_step: Message | None = None  # first result of the last sent view's newest step
        # the steps admitted tighter, by ``step_key``: (share, preview) — saved with the usage
        # anchor, so a restarted manager plans them as the live one did
        self.tight: dict[str, tuple[float, int]] = {}

    # ------------------------------------------------------------------ sizes

    def tokens(self, view: _View) -> int:
        return self._calibration.tokens(view.chars, view.weighted)

    def message_tokens(self, messages: Sequence[Message]) -> int:
        """The estimate of ``messages`` as a list of their own (memoised sizes)."""
        chars, weighted = self.size(messages)
        return self._calibration.tokens(chars, weighted)

    def size(self, out: Sequence[Message]) -> tuple[int, float]:
        """(serialised chars, class estimate) of ``out`` as one list."""
        chars_sum, weighted = self._memo.total(out)
        chars = list_chars_from_sizes(chars_sum, len(out))
        return chars, weighted + list_weight(len(out))

    def size_in_view(self, message: Message) -> int:
        """Chars ``message`` adds to a view (as L3 puts it there, separator included)."""
        return self._memo.measure(self.l3(message))[0] + SEPARATOR_CHARS

    # ------------------------------------------------------------------ views

    def base(
        self,
        messages: Sequence[Message],
        cache: SummaryCache,
        micro_floor: int,
        *,
        clear_all: bool = False,
    ) -> _View:
        """The free-layer view; ``clear_all``: L2 clears whatever helps (no minimum gain)."""
        s = self._settings
        gain = 0.0 if clear_all else s.micro_min_gain
        trigger = s.view_limit * s.micro_trigger
        entry = cache.entry
        if entry is not None and cache.fits(messages):
            return self.build(
                messages,
                entry.message,
                entry.covered_count,
                entry.retained_tail,
                micro_floor,
                trigger,
                gain,
            )
        return self.build(messages, None, 0, [], micro_floor, trigger, gain)

    def degraded(
        self, messages: Sequence[Message], base: _View, cache: SummaryCache, micro_floor: int
    ) -> _View:
        """The view sent when no summary comes: over the limit, L2 clears all it may."""
        if self.tokens(base) <= self._settings.view_limit:
            return base
        return self.base(messages, cache, micro_floor, clear_all=True)

    def build(
        self,
        messages: Sequence[Message],
        summary: Message | None,
        covered: int,
        tail: Sequence[Message],
        micro_floor: int = 0,
        micro_trigger: float | None = None,
        micro_gain: float = 0.0,
    ) -> _View:
        """One view over a virtual sequence: prefix (system, summary) + tail + newly.

        Without a summary the whole history is "newly". L1 boundaries are computed first on
        the virtual sequence; only survivors go through L3 and L2. L2 placeholders the results
        before ``micro_floor``; over ``micro_trigger`` tokens it may move the floor (see
        :meth:`_micro`), and the view records the floor it used (committed by ``_finish``).
        """
        has_system = bool(messages) and messages[0].role == "system"
        notes = self._pins.notes_message
        pins = self._pins
        prefix: list[Message] = []
        prefix_src: list[int | None] = []
        if has_system and (summary is not None or notes is not None):
            prefix.append(messages[0])
            prefix_src.append(0)
        if notes is not None:
            prefix.append(notes)
            prefix_src.append(None)
        if summary is not None:
            prefix.append(summary)
            prefix_src.append(None)
            # pinned messages the summary covers stay verbatim right after it, in order
            for k in pins.units_in(messages, int(has_system), covered):
                prefix.append(messages[k])
                prefix_src.append(k)
            newly_start = covered + len(tail)
        else:
            newly_start = int(has_system) if notes is not None else 0
        p, t = len(prefix), len(tail)
        total = p + t + (len(messages) - newly_start)

        def role_at(j: int) -> str:
            if j < p:
                return prefix[j].role
            if j < p + t:
                return tail[j - p].role
            return messages[newly_start + j - p - t].role

        def take(a: int, b: int, out: list[Message], src: list[int | None]) -> None:
            """Append virtual positions ``[a, b)`` (``0 <= a <= b <= total``) by slicing the
            three segments: prefix ``[0, p)``, tail ``[p, p + t)``, newly ``[p + t, total)``.
            (Comparisons, not min/max calls: this runs twice per turn.)"""
            if a < p:
                hi = b if b < p else p
                out += prefix[a:hi]
                src += prefix_src[a:hi]
            pt = p + t
            if a < pt and b > p:
                lo = a if a > p else p
                hi = b if b < pt else pt
                out += tail[lo - p : hi - p]
                src += range(covered + lo - p, covered + hi - p)
            if b > pt:
                lo = a if a > pt else pt
                k = newly_start + lo - pt
                out += messages[k : k + b - lo]
                src += range(k, k + b - lo)

        head_end, tail_start = snip_plan(total, role_at, self._settings.max_messages)
        head_end = max(head_end, p)
        if tail_start <= head_end:
            head_end = tail_start = total
        out: list[Message] = []
        sources: list[int | None] = []
        take(0, head_end, out, sources)
        snipped: range | tuple[int, ...] = range(0)
        if tail_start > head_end:
            rest: list[Message] = []
            rest_src: list[int | None] = []
            take(tail_start, total, rest, rest_src)
            # positions past the prefix map to input indices contiguously
            first_kept = rest_src[0]
            assert first_kept is not None
            snipped = range(first_kept - (tail_start - head_end), first_kept)
            keep = pins.units_in(messages, snipped.start, snipped.stop)
            if keep:  # pinned messages come back right after the placeholder, in order
                kept = set(keep)
                snipped = tuple(k for k in snipped if k not in kept)
            if snipped:
                out.append(self._memo.placeholder(len(snipped)))
                sources.append(None)
            out += [messages[k] for k in keep]
            sources += keep
            out += rest
            sources += rest_src
        protected = set(pins.units(messages))
        # the one pass over the view by role: L3 here, L2 and the report read ``tools``
        tools, last_assistant, marked = self._l3_view(out, sources, protected)
        micro, chars, weighted, micro_floor = self._micro(
            out, sources, tools, last_assistant, micro_floor, micro_trigger, micro_gain, protected
        )
        return _View(
            out,
            sources,
            snipped,
            micro,
            chars,
            weighted,
            summary is not None,
            micro_floor,
            tuple(tools),
            tuple(marked),
        )

    def _l3_view(
        self, out: list[Message], sources: list[int | None], protected: set[int]
    ) -> tuple[list[int], int, list[int]]:
        """L3 in place over the view: (positions of the tool results, last assistant or -1,
        positions of the offloaded markers).

        A view usually extends the previous one. When it starts with the part of the last
        view that no later message can change (everything before its trailing tool results,
        checked by one C-level list comparison) and the budget and anchor are the same, that
        part takes the last view's L3 output as it is and only the rest is scanned: a turn
        costs what is new, not the view (pinned units disable the shortcut). The markers'
        positions are kept the same way, so the report lists them without a pass over every
        result in the view.
        """
        s = self._settings
        offloading = s.results_dir is not None
        settings = (s.view_limit, self._calibration.l3_correction, s.max_tool_chars, offloading)
        start = 0
        tools: list[int] = []
        assistants: list[int] = []
        marked: list[int] = []
        before: list[Message] = []
        last = self._l3_last
        if last is not None and not protected and last[0] == settings:
            _, last_before, last_after, last_tools, last_assistants, last_marked, stable = last
            if stable and len(out) >= stable and out[:stable] == last_before[:stable]:
                before = last_before[:stable]
                out[:stable] = last_after[:stable]
                tools = last_tools[: bisect_left(last_tools, stable)]
                assistants = last_assistants[: bisect_left(last_assistants, stable)]
                marked = last_marked[: bisect_left(last_marked, stable)]
                start = stable
        before += out[start:]
        first_new = len(tools)
        for i in range(start, len(out)):
            role = out[i].role
            if role == "tool":
                tools.append(i)
            elif role == "assistant":
                assistants.append(i)
        new_tools = tools[first_new:]
        if offloading:
            for a, b in step_runs(new_tools):
                self._l3_step(out, sources, new_tools[a:b], protected)
        marked += [i for i in new_tools if _offload_info(out[i]) is not None]
        stable = len(out)
        if tools and tools[-1] == len(out) - 1:  # a trailing step may still be answered
            k = len(tools) - 1
            while k > 0 and tools[k - 1] == tools[k] - 1:
                k -= 1
            stable = tools[k]
        self._l3_last = (settings, before, list(out), tools, assistants, marked, stable)
        return list(tools), assistants[-1] if assistants else -1, list(marked)

    def _l3_step(
        self,
        out: list[Message],
        sources: list[int | None],
        step: Sequence[int],
        protected: set[int],
    ) -> None:
        """L3 in place for the results of one step (view positions ``step``).

        A result over ``max_tool_chars`` goes to a file; then, while the step is over
        ``step_share_tokens``, the largest remaining result does (ties: the earlier one), as
        long as its marker is smaller than it (within the share only a result over the floor
        is worth a file). The marker's preview shrinks with the budget and the step's width,
        so a step fits unless no result left is worth a file; growing a result never makes its
        step larger than the share. The decision depends on the step, the budget and the
        anchor, and once made it is kept while it holds (``_plan_holds``: the anchor moving
        does not re-decide a step already sent); it is remembered per result so the
        compaction serialises exactly what the view holds.
        """
        first = out[step[0]]
        s = self._settings
        settings = (s.view_limit, self._calibration.l3_correction, s.max_tool_chars)
        squeeze = self.squeeze if self.squeeze is not None and self.squeeze[0] is first else None
        plan = self._memo.plans.get(id(first)) if not protected and squeeze is None else None
        if (
            plan is not None
            and plan[0] is first
            and len(plan[2]) == len(step)
            and all(out[i] is m for i, m in zip(step, plan[2], strict=True))
            and (
                plan[1] == settings
                or self._plan_holds(plan[1], plan[2], plan[3], step[-1] + 1 < len(out))
            )
        ):  # the same step: the same decision, O(1) per result (see _plan_holds)
            for i, chosen in zip(step, plan[3], strict=True):
                out[i] = chosen
            return
        saved = self.tight.get(step_key(first)) if squeeze is None and self.tight else None
        tight = squeeze[1:] if squeeze is not None else saved
        share = s.step_share_tokens if tight is None else tight[0]
        preview = s.preview_chars_for(len(step)) if tight is None else tight[1]
        floor = min(floor_chars(preview), s.max_tool_chars)
        originals = [out[i] for i in step]
        tokens = [self.result_tokens(m) for m in originals]
        total = sum(tokens)
        hard = s.max_tool_chars
        for j in sorted(range(len(step)), key=lambda j: (-tokens[j], j)):
            i, message = step[j], originals[j]
            over = total > share
            if not over and len(message.content) <= hard:
                continue  # a later, smaller result may still be over ``hard``
            # within the share only a result over the floor is worth a file; over it, any
            # result its marker is smaller than (checked below once the marker exists)
            least = preview + MARKER_MIN_SAVING if over else floor
            if len(message.content) <= least or sources[i] in protected:
                continue
            if is_offloaded(message.content):
                continue
            marker = self.offload(message, preview)
            if marker is message:  # no folder or an I/O error: the content stays
                continue
            saved = tokens[j] - self.result_tokens(marker)
            if saved <= 0:  # the marker would cost more: the result stays (its file is kept)
                continue
            total -= saved
            out[i] = marker
        plan = (first, settings, tuple(originals), tuple(out[i] for i in step))
        if squeeze is not None:  # a probe: kept only if the view it makes is taken
            self.squeezed = plan
            return
        self.commit_plan(plan, protected)

    def commit_plan(self, plan: tuple, protected: set[int] | frozenset[int] = frozenset()) -> None:
        """Remember a step's decision: per result (what a compaction serialises) and as the
        step's sticky plan (not for a step with a pinned result)."""
        first, _, originals, chosen = plan
        for original, out in zip(originals, chosen, strict=True):
            self._memo.remember(STEP_KIND, original, out)
        if not protected:
            self._memo.plans[id(first)] = plan

    def _plan_holds(
        self,
        planned: object,
        originals: Sequence[Message],
        chosen: Sequence[Message],
        answered: bool = False,
    ) -> bool:
        """Whether a step's plan, made under the settings ``planned``, holds after the usage
        anchor moved.

        Sticky decisions: under the same budget, a result once sent as a marker stays one and
        one sent inline stays inline, as long as the results look no larger than when the plan
        was made (a lower correction) or the step as planned still fits its share, and no
        inline result is over ``max_tool_chars``. Re-deciding whenever the anchor crosses a
        rounding step would move results between inline and offloaded — under a 2k budget
        the anchor moves by a fifth — and every such move rewrites the view's prefix.
        An ``answered`` step (a message follows it) keeps its plan whatever the anchor: the
        share protects only the newest step, which cannot be summarized; an answered one can
        (a compaction cuts before it, or inside the newest turn), so re-deciding it would
        only rewrite the prefix (an inline result offloaded in the next request, with the
        view far under the threshold).
        """
        s = self._settings
        limit, correction, hard = planned  # type: ignore[misc]
        if limit != s.view_limit or hard != s.max_tool_chars:
            return False
        if any(o is c and len(o.content) > hard for o, c in zip(originals, chosen, strict=True)):
            return False
        if answered:
            return True
        if self._calibration.l3_correction <= correction:
            return True
        return sum(self.result_tokens(c) for c in chosen) <= s.step_share_tokens

    def result_tokens(self, message: Message) -> float:
        chars, weighted = self._memo.measure(message)
        return chars * self._calibration.l3_ratio_for(weighted, chars)

    def _micro(
        self,
        out: list[Message],
        sources: list[int | None],
        tools: list[int],
        last_assistant: int,
        floor: int,
        trigger: float | None,
        min_gain: float,
        protected: set[int] | frozenset[int] = frozenset(),
    ) -> tuple[tuple[int, ...], int, float, int]:
        """L2 in place on ``out``: (placeholdered input indices, chars, weighted, floor).

        The floor moves only when the view is over ``trigger`` tokens, and then to the newest
        position :func:`clearable_end_at` allows, if that saves at least ``min_gain`` of
        ``view_limit``: between two clearings
        the placeholdered set, hence the request prefix, does not change. Unanswered and the
        ``keep_recent_results`` newest answered results are never placeholdered, nor are the
        ``protected`` input indices (pinned units).
        """
        keep, min_chars = self._settings.keep_recent_results, self._settings.micro_min_chars
        end = clearable_end_at(tools, last_assistant, keep)
        at = 0
        if end:
            at = next((i for i, s in enumerate(sources) if s is not None and s >= floor), len(out))
        targets = results_over(out, tools, min(end, at), min_chars) if at else []
        if protected:  # a pinned unit stays verbatim
            targets = [i for i in targets if sources[i] not in protected]
        for i in targets:
            out[i] = self._l2(out[i])
        chars, weighted = self.size(out)
        if trigger is not None and end > at:
            tokens = self._calibration.tokens(chars, weighted)
            if tokens > trigger:
                # results before ``at`` are placeholders already (short: not re-listed)
                more = [
                    i
                    for i in results_over(out, tools, end, min_chars)
                    if i >= at and sources[i] not in protected
                ]
                bulk = targets + more
                moved = list(out)
                for i in more:
                    moved[i] = self._l2(out[i])
                m_chars, m_weighted = self.size(moved)
                saved = tokens - self._calibration.tokens(m_chars, m_weighted)
                if saved > 0 and saved >= min_gain * self._settings.view_limit:
                    out[:] = moved
                    targets, chars, weighted = bulk, m_chars, m_weighted
                    floor = sources[end] if end < len(sources) else floor
                    assert floor is not None  # an assistant or a tool result, never synthetic
        micro = tuple(s for s in (sources[i] for i in targets) if s is not None)
        return micro, chars, weighted, floor

    # ------------------------------------------------------------------ L3 and L2, memoised

    def l3(self, message: Message) -> Message:
        """L3 for one result: what the last view decided for its step, else the result alone."""
        if message.role != "tool" or self._settings.results_dir is None:
            return message
        decided = self._memo.peek(STEP_KIND, message)
        if decided is not None:
            return decided
        if len(message.content) <= self.tool_chars_limit_for(message):
            return message
        return self.offload(message, self._settings.preview_chars_for(1))

    def offload(self, message: Message, preview: int) -> Message:
        """``message`` offloaded with a ``preview``-char marker (itself when that failed)."""
        folder = self._settings.results_dir
        return self._memo.derive(
            f"l3:{preview}", message, lambda m: offload_message(m, 0, folder, preview)
        )

    def _l2(self, message: Message) -> Message:
        return self._memo.derive("l2", message, compacted_copy)

    def tool_chars_limit_for(self, message: Message) -> int:
        """L3's threshold for one tool result alone, at that result's own tokens per char."""
        s = self._settings
        if len(message.content) <= min(self._floor(), s.max_tool_chars):
            return s.max_tool_chars  # too small to matter: skip measuring it
        chars, weighted = self._memo.measure(message)
        return self.chars_limit(self._calibration.l3_ratio_for(weighted, chars))

    def chars_limit(self, ratio: float) -> int:
        """L3's threshold at ``ratio`` tokens per char (see ``ContextManager.tool_chars_limit``)."""
        s = self._settings
        share = int(s.step_share_tokens / ratio)
        return min(s.max_tool_chars, max(self._floor(), share))

    def _floor(self) -> int:
        return floor_chars(self._settings.preview_chars_for(1))
