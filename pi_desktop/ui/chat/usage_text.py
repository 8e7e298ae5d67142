"""What a response cost, in words: per message (the hover line) and per session (totals).

Pure and Qt-free. Every figure comes from the provider's own usage, read through
``pi_desktop.context.usage.read_usage`` (one meaning for every dialect: OpenAI's
``cached_tokens``, DeepSeek's cache hits, Anthropic-style input). A price is shown only when
the user entered one for that model; nothing here guesses a provider's tariff.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

from pi_desktop.context.usage import UsageFigures, read_usage
from pi_desktop.ui.labels import format_tokens


@dataclass(frozen=True)
class Price:
    """What one model costs, per million tokens (input not cached, cached input, output)."""

    input: float = 0.0
    cached: float = 0.0
    output: float = 0.0

    @property
    def empty(self) -> bool:
        return not (self.input or self.cached or self.output)

    def cost(self, figures: UsageFigures) -> float:
        cached = figures.cached or 0
        fresh = max(0, figures.prompt_total - cached)
        cached_rate = self.cached if self.cached else self.input  # no cache tariff: full price
        return (fresh * self.input + cached * cached_rate + figures.completion * self.output) / 1e6


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    value = float(value)
    return value if math.isfinite(value) and value >= 0 else None


def parse_prices(text: str) -> dict[str, Price]:
    """The settings' price table (JSON ``{model: [input, cached, output]}``); a broken table or
    entry is ignored, never fatal (the file may be hand-edited)."""
    try:
        raw = json.loads(text or "{}")
    except (TypeError, ValueError):
        return {}
    if not isinstance(raw, dict):
        return {}
    prices: dict[str, Price] = {}
    for model, row in raw.items():
        if not isinstance(model, str) or not isinstance(row, list | tuple) or len(row) != 3:
            continue
        values = [_number(v) for v in row]
        if any(v is None for v in values):
            continue
        price = Price(*values)  # type: ignore[arg-type]
        if not price.empty:
            prices[model] = price
    return prices


def dump_prices(prices: dict[str, Price]) -> str:
    rows = {m: [p.input, p.cached, p.output] for m, p in sorted(prices.items()) if not p.empty}
    return json.dumps(rows, separators=(",", ":")) if rows else ""


def money(amount: float) -> str:
    """'$0.0042', '$1.27': small amounts keep two significant digits."""
    if amount >= 1:
        return f"${amount:,.2f}"
    if amount <= 0:
        return "$0"
    digits = max(2, 1 - math.floor(math.log10(amount)))
    return f"${amount:.{min(digits, 8)}f}"


def _percent(share: float) -> str:
    return f"{share * 100:.0f} %"


def _seconds(value: float) -> str:
    return f"{value:.1f} s" if value < 10 else f"{value:.0f} s"


@dataclass(frozen=True)
class MessageStats:
    """One answer's figures: the provider's usage, time to first token, total time, model."""

    figures: UsageFigures | None
    ttft_s: float | None = None
    duration_s: float | None = None
    model: str | None = None
    price: Price | None = None
    rate: float | None = None  # the agent's measured output speed, tokens/s

    @classmethod
    def from_stats(cls, stats: Any, prices: dict[str, Price] | None = None) -> MessageStats | None:
        """From a message entry's ``stats`` (``pi_desktop.agent.stats.response_stats``:
        usage, model, ttft_s, duration_s, completion_tokens_per_s); None when there is
        nothing to say (no usage and no timing, or not a dict)."""
        if not isinstance(stats, dict):
            return None
        usage = stats.get("usage")
        figures = read_usage(usage) if isinstance(usage, dict) else None
        ttft, duration = _number(stats.get("ttft_s")), _number(stats.get("duration_s"))
        if figures is None and ttft is None and duration is None:
            return None
        model = stats.get("model")
        name = model if isinstance(model, str) and model else None
        price = (prices or {}).get(name) if name else None
        rate = _number(stats.get("completion_tokens_per_s"))
        return cls(figures, ttft, duration, name, price, rate)

    @property
    def tokens_per_second(self) -> float | None:
        """Output speed: the agent's figure, else completion tokens over the time after the
        first token (a slow prompt phase must not make a fast model look slow)."""
        if self.rate:
            return self.rate
        if self.figures is None or not self.figures.completion or self.duration_s is None:
            return None
        span = self.duration_s - (self.ttft_s or 0)
        if span <= 0.05:  # everything came in one piece: no meaningful rate
            return None
        return self.figures.completion / span

    def line(self) -> str:
        """The short hover line: '1.2k in (87 % cached) · 56 out · 0.8 s to first token · …'."""
        parts = []
        f = self.figures
        if f is not None:
            cached = f" ({_percent(f.cached_share)} cached)" if f.cached_share else ""
            parts.append(f"{format_tokens(f.prompt_total)} in{cached}")
            out = f"{format_tokens(f.completion)} out"
            if f.reasoning:
                out += f" ({format_tokens(f.reasoning)} thinking)"
            parts.append(out)
        if self.ttft_s is not None:
            parts.append(f"{_seconds(self.ttft_s)} to first token")
        rate = self.tokens_per_second
        if rate is not None:
            parts.append(f"{rate:.0f} tokens/s")
        if self.price is not None and f is not None:
            parts.append(money(self.price.cost(f)))
        return " · ".join(parts)

    def details(self) -> str:
        """The tooltip: every figure with its name, one per line."""
        lines = []
        f = self.figures
        if self.model:
            lines.append(f"Model: {self.model}")
        if f is not None:
            lines.append(f"Prompt: {f.prompt_total:,} tokens")
            if f.cached is not None:
                share = f" ({_percent(f.cached_share)})" if f.cached_share is not None else ""
                lines.append(f"Served from the provider's cache: {f.cached:,} tokens{share}")
            else:
                lines.append("Cache: the provider did not say")
            lines.append(f"Answer: {f.completion:,} tokens")
            if f.reasoning:
                lines.append(f"  of which thinking: {f.reasoning:,} tokens")
        else:
            lines.append("The provider reported no token usage")
        if self.ttft_s is not None:
            lines.append(f"Time to first token: {self.ttft_s:.2f} s")
        if self.duration_s is not None:
            lines.append(f"Whole response: {self.duration_s:.2f} s")
        rate = self.tokens_per_second
        if rate is not None:
            lines.append(f"Speed: {rate:.1f} tokens/s")
        if self.price is not None and f is not None:
            lines.append(f"Cost at your price: {money(self.price.cost(f))}")
        return "\n".join(lines)


@dataclass(frozen=True)
class UsageTotals:
    """A session's sums, chat and summarizer apart (summaries cost money too, but the cache
    rate that matters is the chat's, whose prefix the engine keeps byte-identical)."""

    prompt: int = 0
    cached: int = 0
    cached_known: int = 0  # prompt tokens of the responses that said how much was cached
    completion: int = 0
    reasoning: int = 0
    responses: int = 0
    cost: float | None = None  # None: no price entered for any model used

    def add(self, figures: UsageFigures, cost: float | None = None) -> UsageTotals:
        known = figures.cached is not None
        return UsageTotals(
            self.prompt + figures.prompt_total,
            self.cached + (figures.cached or 0),
            self.cached_known + (figures.prompt_total if known else 0),
            self.completion + figures.completion,
            self.reasoning + (figures.reasoning or 0),
            self.responses + 1,
            cost if self.cost is None else (self.cost + (cost or 0)),
        )

    @property
    def cache_hit_rate(self) -> float | None:
        if self.cached_known <= 0:
            return None
        return self.cached / self.cached_known


def totals_line(chat: UsageTotals, summaries: UsageTotals | None = None) -> str:
    """The status bar's few words: '12.3k in · 64 % cached · 1.2k out · $0.03'."""
    if not chat.responses and not (summaries and summaries.responses):
        return ""
    parts = [f"{format_tokens(chat.prompt)} in"]
    if chat.cache_hit_rate is not None:
        parts.append(f"{_percent(chat.cache_hit_rate)} cached")
    parts.append(f"{format_tokens(chat.completion)} out")
    cost = _sum_cost(chat, summaries)
    if cost is not None:
        parts.append(money(cost))
    return " · ".join(parts)


def _sum_cost(chat: UsageTotals, summaries: UsageTotals | None) -> float | None:
    costs = [t.cost for t in (chat, summaries) if t is not None and t.cost is not None]
    return sum(costs) if costs else None


def totals_details(chat: UsageTotals, summaries: UsageTotals | None = None) -> str:
    """The tooltip of the totals: chat and summarizer apart, each with its figures."""
    lines = ["This session's token usage (as the provider counted it)"]
    for title, t in (("Chat", chat), ("Summaries", summaries)):
        if t is None or not t.responses:
            continue
        noun = "response" if t.responses == 1 else "responses"
        lines.append(f"{title}: {t.responses:,} {noun}")
        lines.append(f"  prompt {t.prompt:,} tokens, answers {t.completion:,} tokens")
        if t.reasoning:
            lines.append(f"  thinking {t.reasoning:,} tokens")
        if t.cache_hit_rate is not None:
            lines.append(f"  served from cache: {t.cached:,} tokens ({_percent(t.cache_hit_rate)})")
        else:
            lines.append("  cache: the provider did not say")
        if t.cost is not None:
            lines.append(f"  cost at your prices: {money(t.cost)}")
    return "\n".join(lines)


def session_totals(
    entries: Any, prices: dict[str, Price] | None = None
) -> tuple[UsageTotals, UsageTotals]:
    """(chat, summaries) summed over every entry of a session file — every branch: what
    the provider counted is what was spent, whichever branch it went to. Chat figures are
    the answers' ``stats``; summaries are the compactions' (and branch notes')
    ``summary_usage``, priced at ``summary_model``."""
    prices = prices or {}
    chat, summaries = UsageTotals(), UsageTotals()
    for entry in entries:
        stats = getattr(entry, "stats", None)
        if isinstance(stats, dict):
            figures = read_usage(stats.get("usage"))
            if figures is not None:
                price = prices.get(str(stats.get("model") or ""))
                chat = chat.add(figures, price.cost(figures) if price else None)
            continue
        usage = getattr(entry, "summary_usage", None)
        if isinstance(usage, dict):
            figures = read_usage(usage)
            if figures is not None:
                price = prices.get(str(getattr(entry, "summary_model", "") or ""))
                summaries = summaries.add(figures, price.cost(figures) if price else None)
    return chat, summaries
