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

from PySide6.QtCore import QLocale

from pi_desktop.agent.stats import ModelPrice, cost_of
from pi_desktop.context.usage import UsageFigures, read_usage
from pi_desktop.ui.i18n import tr, trf
from pi_desktop.ui.labels import format_tokens


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    value = float(value)
    return value if math.isfinite(value) and value >= 0 else None


def parse_prices(text: str) -> dict[str, ModelPrice]:
    """The settings' price table (JSON ``{model: [input, cached input, output]}``, dollars per
    million tokens; a cached price of 0 means "as input"); a broken table or entry is ignored,
    never fatal (the file may be hand-edited). A row of zeros is no price."""
    try:
        raw = json.loads(text or "{}")
    except (TypeError, ValueError):
        return {}
    if not isinstance(raw, dict):
        return {}
    prices: dict[str, ModelPrice] = {}
    for model, row in raw.items():
        if not isinstance(model, str) or not isinstance(row, list | tuple) or len(row) != 3:
            continue
        values = [_number(v) for v in row]
        if any(v is None for v in values) or not any(values):
            continue
        given, cached, output = values
        prices[model] = ModelPrice(prompt=given, completion=output, cached=cached or None)  # type: ignore[arg-type]
    return prices


def price_row(price: ModelPrice | None) -> tuple[float, float, float]:
    """(input, cached input, output) as the settings show them (0: none / as input)."""
    if price is None:
        return 0.0, 0.0, 0.0
    return price.prompt, price.cached or 0.0, price.completion


def dump_prices(prices: dict[str, ModelPrice]) -> str:
    rows = {m: list(price_row(p)) for m, p in sorted(prices.items()) if any(price_row(p))}
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
    cost: float | None = None  # at the user's price for the model (None: no price)
    rate: float | None = None  # the agent's measured output speed, tokens/s

    @classmethod
    def from_stats(
        cls, stats: Any, prices: dict[str, ModelPrice] | None = None
    ) -> MessageStats | None:
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
        cost = cost_of(usage, price) if isinstance(usage, dict) else None
        rate = _number(stats.get("completion_tokens_per_s"))
        return cls(figures, ttft, duration, name, cost, rate)

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
            cached = (
                " " + trf("Usage", "(%1 cached)", _percent(f.cached_share))
                if f.cached_share
                else ""
            )
            parts.append(trf("Usage", "%1 in", format_tokens(f.prompt_total)) + cached)
            out = trf("Usage", "%1 out", format_tokens(f.completion))
            if f.reasoning:
                out += " " + trf("Usage", "(%1 thinking)", format_tokens(f.reasoning))
            parts.append(out)
        if self.ttft_s is not None:
            parts.append(trf("Usage", "%1 to first token", _seconds(self.ttft_s)))
        rate = self.tokens_per_second
        if rate is not None:
            parts.append(trf("Usage", "%1 tokens/s", round(rate)))
        if self.cost is not None:
            parts.append(money(self.cost))
        return " · ".join(parts)

    def details(self) -> str:
        """The tooltip: every figure with its name, one per line."""
        lines = []
        f = self.figures
        if self.model:
            lines.append(trf("Usage", "Model: %1", self.model))
        if f is not None:
            lines.append(trf("Usage", "Prompt: %1 tokens", f.prompt_total))
            if f.cached is not None:
                share = f" ({_percent(f.cached_share)})" if f.cached_share is not None else ""
                lines.append(
                    trf("Usage", "Served from the provider's cache: %1 tokens", f.cached) + share
                )
            else:
                lines.append(tr("Usage", "Cache: the provider did not say"))
            lines.append(trf("Usage", "Answer: %1 tokens", f.completion))
            if f.reasoning:
                lines.append("  " + trf("Usage", "of which thinking: %1 tokens", f.reasoning))
        else:
            lines.append(tr("Usage", "The provider reported no token usage"))
        locale = QLocale()
        if self.ttft_s is not None:
            lines.append(
                trf("Usage", "Time to first token: %1 s", locale.toString(self.ttft_s, "f", 2))
            )
        if self.duration_s is not None:
            lines.append(
                trf("Usage", "Whole response: %1 s", locale.toString(self.duration_s, "f", 2))
            )
        rate = self.tokens_per_second
        if rate is not None:
            lines.append(trf("Usage", "Speed: %1 tokens/s", locale.toString(rate, "f", 1)))
        if self.cost is not None:
            lines.append(trf("Usage", "Cost at your price: %1", money(self.cost)))
        return "\n".join(lines)


def totals_line(totals: Any, cost: float | None = None) -> str:
    """The status bar's few words: '12.3k in · 64 % cached · 1.2k out · $0.03' (``totals``
    is ``pi_desktop.agent.stats.UsageTotals``); '' before the first measured answer."""
    if not totals.calls and not totals.summarizer_calls:
        return ""
    parts = [trf("Usage", "%1 in", format_tokens(totals.prompt + totals.summarizer_prompt))]
    if totals.cache_hit_rate is not None:
        parts.append(trf("Usage", "%1 cached", _percent(totals.cache_hit_rate)))
    parts.append(
        trf("Usage", "%1 out", format_tokens(totals.completion + totals.summarizer_completion))
    )
    if cost is not None:
        parts.append(money(cost))
    return " · ".join(parts)


def totals_details(totals: Any, cost: float | None = None) -> str:
    """The tooltip of the totals: chat and summarizer apart, each with its figures."""
    lines = [tr("Usage", "This session's token usage, as the providers counted it (every branch)")]
    lines.append(tr("Usage", "Chat: %Ln answer(s)", n=totals.calls))
    lines.append(
        "  "
        + trf("Usage", "prompts %1 tokens, answers %2 tokens", totals.prompt, totals.completion)
    )
    if totals.reasoning:
        lines.append("  " + trf("Usage", "of which thinking: %1 tokens", totals.reasoning))
    if totals.cache_hit_rate is not None:
        lines.append(
            "  "
            + trf(
                "Usage",
                "cache hits: %1 prompt tokens (%2 of the prompts whose provider said)",
                totals.cached,
                _percent(totals.cache_hit_rate),
            )
        )
    else:
        lines.append("  " + tr("Usage", "cache hits: the provider did not say"))
    if totals.summarizer_calls:
        lines.append(tr("Usage", "Summaries: %Ln summarizer call(s)", n=totals.summarizer_calls))
        lines.append(
            "  "
            + trf(
                "Usage",
                "prompts %1 tokens, summaries %2 tokens",
                totals.summarizer_prompt,
                totals.summarizer_completion,
            )
        )
    if cost is not None:
        lines.append(trf("Usage", "Cost at your prices: %1", money(cost)))
    return "\n".join(lines)
