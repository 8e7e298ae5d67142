"""What one model response cost and how fast it came: the figures the message hover shows.

Kept beside the message in the session entry (``MessageEntry.stats``), never in its metadata:
metadata is counted by the estimate and parts of it are sent, these figures are neither.
"""

from __future__ import annotations

import itertools
import threading
import weakref
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pi_desktop.context.usage import read_usage


@dataclass
class ResponseClock:
    """Times of one request on the event loop's clock: sent, first delta, done."""

    started: float = 0.0
    first: float | None = None  # first text or reasoning delta
    finished: float | None = None
    attempts: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def start(self, now: float) -> None:
        self.started, self.first, self.finished = now, None, None
        self.attempts += 1

    def delta(self, now: float) -> None:
        if self.first is None:
            self.first = now

    def finish(self, now: float) -> None:
        self.finished = now


def response_stats(
    usage: dict[str, Any] | None, model: str | None, clock: ResponseClock | None
) -> dict[str, Any]:
    """``{usage, model, ttft_s, duration_s, completion_tokens_per_s}``; a figure that is not
    known is left out (the line in the session file stays short).

    Tokens per second are counted over the generation time (first delta to the end), so a
    slow prompt phase does not make a fast model look slow.
    """
    ttft = duration = speed = None
    if clock is not None and clock.finished is not None:
        duration = round(max(0.0, clock.finished - clock.started), 3)
        if clock.first is not None:
            ttft = round(max(0.0, clock.first - clock.started), 3)
            figures = read_usage(usage)
            generating = clock.finished - clock.first
            if figures is not None and figures.completion > 0 and generating > 0:
                speed = round(figures.completion / generating, 1)
    stats = {
        "usage": usage,
        "model": model,
        "ttft_s": ttft,
        "duration_s": duration,
        "completion_tokens_per_s": speed,
    }
    return {key: value for key, value in stats.items() if value is not None}


@dataclass(frozen=True)
class UsageTotals:
    """A session's spend: chat calls (every branch: they were all paid for) and, apart, the
    summarizer's. ``cached`` counts only calls whose provider said (``cache_known`` of them),
    so ``cache_hit_rate`` is over those calls' prompts; None when no provider said."""

    prompt: int = 0
    completion: int = 0
    cached: int = 0
    reasoning: int = 0
    calls: int = 0
    cache_known_prompt: int = 0
    summarizer_calls: int = 0
    summarizer_prompt: int = 0
    summarizer_completion: int = 0

    @property
    def cache_hit_rate(self) -> float | None:
        if self.cache_known_prompt <= 0:
            return None
        return min(1.0, self.cached / self.cache_known_prompt)

    def as_dict(self) -> dict[str, Any]:
        return {
            "prompt": self.prompt,
            "completion": self.completion,
            "cached": self.cached,
            "reasoning": self.reasoning,
            "cache_hit_rate": self.cache_hit_rate,
            "calls": self.calls,
            "summarizer_calls": self.summarizer_calls,
            "summarizer_prompt": self.summarizer_prompt,
            "summarizer_completion": self.summarizer_completion,
        }


def session_usage_totals(session: Any) -> UsageTotals:
    """Totals over a session's stored answers (``MessageEntry.stats``) and compactions
    (``summary_usage``, ``summarizer_calls``). Pure: reads the folded entries only, each
    once (see ``UsageLedger``)."""
    return UsageLedger.of(session).totals()


@dataclass(frozen=True)
class ModelPrice:
    """What the user says a model costs, per million tokens (no built-in price list: prices
    change, and a wrong figure is worse than none). ``cached`` defaults to ``prompt``."""

    prompt: float
    completion: float
    cached: float | None = None

    def __post_init__(self) -> None:
        if min(self.prompt, self.completion, self.cached or 0.0) < 0:
            raise ValueError("a price cannot be negative")


def cost_of(usage: dict[str, Any] | None, price: ModelPrice | None) -> float | None:
    """The cost of one response's usage at ``price`` (None without a price or usage)."""
    figures = read_usage(usage)
    if price is None or figures is None:
        return None
    cached = figures.cached or 0
    cached_rate = price.cached if price.cached is not None else price.prompt
    fresh = max(0, figures.prompt_total - cached)
    return (
        fresh * price.prompt + cached * cached_rate + figures.completion * price.completion
    ) / 1_000_000


def session_cost(session: Any, prices: dict[str, ModelPrice]) -> float | None:
    """The chat calls' cost where the user priced the answering model (None if none was);
    summarizer calls are priced by their ``summary_model`` the same way."""
    return UsageLedger.of(session).cost(prices)


class UsageLedger:
    """A session's usage, folded as the session grows: each entry is read once.

    The window asks for the totals when a session opens and after every run; over a
    100,000-entry session a walk over every entry each time costs tens of milliseconds on the
    event loop. Entries are append-only and ``session.entries`` keeps them in append order,
    so only the entries since the last call are read. The cost is linear in each answer's
    fresh prompt, cached prompt and completion tokens, so those are summed per model and
    priced when asked (prices change in the settings, the figures do not).

    ``of(session)`` keeps one ledger per session object (weakly: it never keeps a session
    alive, and holds none itself); calling it where the session was read (a loader thread,
    before anything else uses the session) folds the entries there.
    """

    _shared: ClassVar[weakref.WeakKeyDictionary[Any, UsageLedger]] = weakref.WeakKeyDictionary()
    _shared_lock: ClassVar[threading.Lock] = threading.Lock()  # a loader thread may warm one

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self._seen = 0  # entries folded so far
        self._chat = [0] * 6  # prompt, completion, cached, reasoning, calls, known prompt
        self._summary = [0] * 3  # calls, prompt, completion
        self._priced: dict[str, list[int]] = {}  # model -> [fresh, cached, completion]

    @classmethod
    def of(cls, session: Any) -> UsageLedger:
        """The ledger of ``session``, brought up to date."""
        with cls._shared_lock:
            ledger = cls._shared.get(session)
            if ledger is None:
                ledger = cls._shared[session] = cls()
        ledger.follow(session.entries)
        return ledger

    def follow(self, entries: dict[str, Any]) -> None:
        """Fold the entries appended since the last call (all of them the first time)."""
        if len(entries) < self._seen:  # not the same growing session: start over
            self._reset()
        if len(entries) == self._seen:
            return
        from pi_desktop.session import CompactionEntry, MessageEntry

        for entry in itertools.islice(entries.values(), self._seen, None):
            if isinstance(entry, MessageEntry):
                if entry.stats:
                    self._answer(entry.stats)
            elif isinstance(entry, CompactionEntry) and entry.kind != "edited":
                self._compaction(entry)  # (the user's edit made no call)
        self._seen = len(entries)

    def _answer(self, stats: dict[str, Any]) -> None:
        chat = self._chat
        chat[4] += 1
        usage = stats.get("usage")
        figures = read_usage(usage)
        if figures is None:
            return
        chat[0] += figures.prompt_total
        chat[1] += figures.completion
        chat[3] += figures.reasoning or 0
        if figures.cached is not None:
            chat[2] += figures.cached
            chat[5] += figures.prompt_total
        self._price_later(stats.get("model"), usage)

    def _compaction(self, entry: Any) -> None:
        summary = self._summary
        summary[0] += max(0, entry.summarizer_calls)
        figures = read_usage(entry.summary_usage)
        if figures is not None:
            summary[1] += figures.prompt_total
            summary[2] += figures.completion
        self._price_later(entry.summary_model, entry.summary_usage)

    def _price_later(self, model: Any, usage: dict[str, Any] | None) -> None:
        figures = read_usage(usage)
        if not isinstance(model, str) or figures is None:
            return
        cached = figures.cached or 0
        sums = self._priced.setdefault(model, [0, 0, 0])
        sums[0] += max(0, figures.prompt_total - cached)
        sums[1] += cached
        sums[2] += figures.completion

    def totals(self) -> UsageTotals:
        return UsageTotals(*self._chat, *self._summary)

    def cost(self, prices: dict[str, ModelPrice]) -> float | None:
        """What the priced models' calls cost (None when no call's model has a price)."""
        total: float | None = None
        for model, (fresh, cached, completion) in self._priced.items():
            price = prices.get(model)
            if price is None:
                continue
            cached_rate = price.cached if price.cached is not None else price.prompt
            cost = fresh * price.prompt + cached * cached_rate + completion * price.completion
            total = (total or 0.0) + cost / 1_000_000
        return total
