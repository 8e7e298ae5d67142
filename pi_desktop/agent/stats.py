"""What one model response cost and how fast it came: the figures the message hover shows.

Kept beside the message in the session entry (``MessageEntry.stats``), never in its metadata:
metadata is counted by the estimate and parts of it are sent, these figures are neither.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

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
    (``summary_usage``, ``summarizer_calls``). Pure: reads the folded entries only."""
    from pi_desktop.session import CompactionEntry, MessageEntry

    prompt = completion = cached = reasoning = calls = known = 0
    s_calls = s_prompt = s_completion = 0
    for entry in session.entries.values():
        if isinstance(entry, MessageEntry):
            stats = entry.stats
            if not stats:
                continue
            calls += 1
            figures = read_usage(stats.get("usage"))
            if figures is None:
                continue
            prompt += figures.prompt_total
            completion += figures.completion
            reasoning += figures.reasoning or 0
            if figures.cached is not None:
                cached += figures.cached
                known += figures.prompt_total
        elif isinstance(entry, CompactionEntry):
            if entry.kind == "edited":
                continue  # the user's edit made no call
            s_calls += max(0, entry.summarizer_calls)
            figures = read_usage(entry.summary_usage)
            if figures is not None:
                s_prompt += figures.prompt_total
                s_completion += figures.completion
    return UsageTotals(
        prompt, completion, cached, reasoning, calls, known, s_calls, s_prompt, s_completion
    )


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
    from pi_desktop.session import CompactionEntry, MessageEntry

    total: float | None = None
    for entry in session.entries.values():
        if isinstance(entry, MessageEntry) and entry.stats:
            usage, model = entry.stats.get("usage"), entry.stats.get("model")
        elif isinstance(entry, CompactionEntry) and entry.kind != "edited":
            usage, model = entry.summary_usage, entry.summary_model
        else:
            continue
        cost = cost_of(usage, prices.get(model)) if isinstance(model, str) else None
        if cost is not None:
            total = (total or 0.0) + cost
    return total
