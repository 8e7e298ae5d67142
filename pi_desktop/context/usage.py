"""What a provider's usage figures mean, whichever dialect they come in.

Providers report the same facts under different names: OpenAI's ``prompt_tokens`` includes
the cached prefix (``prompt_tokens_details.cached_tokens`` says how much of it), DeepSeek adds
``prompt_cache_hit_tokens`` / ``prompt_cache_miss_tokens``, and Anthropic-style usage (and
proxies that pass it through in OpenAI form) reports ``input_tokens`` *without* the cached
prefix, beside ``cache_read_input_tokens`` / ``cache_creation_input_tokens``. A usage anchor
or a cache-hit figure taken from the wrong field is off by the whole cached prefix, so every
reader goes through :func:`read_usage`, which returns the one shape the app reasons about.

The raw usage dict travels as the provider sent it (only numeric fields and their ``*_details``
dicts kept, see :func:`raw_usage`); nothing here does I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

_TOP_KEYS = (
    "prompt_tokens",
    "completion_tokens",
    "total_tokens",
    "prompt_cache_hit_tokens",
    "prompt_cache_miss_tokens",
    "input_tokens",
    "output_tokens",
    "cache_read_input_tokens",
    "cache_creation_input_tokens",
    "reasoning_tokens",
    "cached_tokens",
)
_DETAIL_KEYS = ("prompt_tokens_details", "completion_tokens_details", "input_tokens_details")


def count(value: Any) -> int | None:
    """A token count as a non-negative int, or None for anything that is not one."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if value != value or abs(value) >= 2**53 or value < 0:
        return None
    return int(value)


def raw_usage(usage: Any) -> dict[str, Any] | None:
    """The usage (a chunk's dict or an SDK object) reduced to plain, JSON-safe numbers.

    Keeps the three classic counts and every dialect's cache and reasoning fields, so what the
    provider said survives into the session file and :func:`read_usage` can interpret it.
    Returns None when neither a prompt nor a completion count is present in any dialect.
    """
    if usage is None:
        return None
    get = usage.get if isinstance(usage, dict) else lambda name: getattr(usage, name, None)
    out: dict[str, Any] = {}
    for key in _TOP_KEYS:
        value = count(get(key))
        if value is not None:
            out[key] = value
    for key in _DETAIL_KEYS:
        details = get(key)
        if details is None:
            continue
        dget = (
            details.get if isinstance(details, dict) else lambda n, d=details: getattr(d, n, None)
        )
        kept = {
            name: value
            for name in ("cached_tokens", "reasoning_tokens", "audio_tokens")
            if (value := count(dget(name))) is not None
        }
        if kept:
            out[key] = kept
    prompt = out.get("prompt_tokens", out.get("input_tokens"))
    completion = out.get("completion_tokens", out.get("output_tokens"))
    if prompt is None and completion is None:
        return None
    out.setdefault("prompt_tokens", prompt or 0)
    out.setdefault("completion_tokens", completion or 0)
    out.setdefault("total_tokens", out["prompt_tokens"] + out["completion_tokens"])
    return out


@dataclass(frozen=True)
class UsageFigures:
    """One response's usage in a single meaning.

    ``prompt_total`` is every token the request's prompt cost the model's window, cached or
    not (the figure a usage anchor must be taken on); ``cached`` how many of them the provider
    served from its prompt cache (None: the provider did not say); ``reasoning`` the
    completion's thinking tokens (None: not reported).
    """

    prompt_total: int
    completion: int
    cached: int | None = None
    reasoning: int | None = None

    @property
    def cached_share(self) -> float | None:
        """The cached part of the prompt, 0..1 (None when unknown or the prompt is empty)."""
        if self.cached is None or self.prompt_total <= 0:
            return None
        return min(1.0, self.cached / self.prompt_total)


def read_usage(usage: dict[str, Any] | None) -> UsageFigures | None:
    """Interpret a usage dict of any dialect (see the module docstring); None if unusable.

    Anthropic-style figures (``input_tokens`` beside ``cache_read_input_tokens`` /
    ``cache_creation_input_tokens``, no ``prompt_tokens_details``) are added up, since there
    the input count leaves the cached prefix out. OpenAI and DeepSeek ``prompt_tokens`` already
    include it.
    """
    if not isinstance(usage, dict):
        return None
    prompt = count(usage.get("prompt_tokens"))
    completion = count(usage.get("completion_tokens"))
    if completion is None:
        completion = count(usage.get("output_tokens")) or 0
    details = usage.get("prompt_tokens_details")
    details = details if isinstance(details, dict) else {}
    cdetails = usage.get("completion_tokens_details")
    cdetails = cdetails if isinstance(cdetails, dict) else {}
    reasoning = count(cdetails.get("reasoning_tokens"))
    if reasoning is None:
        reasoning = count(usage.get("reasoning_tokens"))

    cache_read = count(usage.get("cache_read_input_tokens"))
    cache_write = count(usage.get("cache_creation_input_tokens"))
    hit = count(usage.get("prompt_cache_hit_tokens"))
    miss = count(usage.get("prompt_cache_miss_tokens"))
    if cache_read is not None or cache_write is not None:
        # Anthropic-style: the input count excludes what was read from or written to the cache
        base = count(usage.get("input_tokens"))
        if base is None:
            base = prompt or 0
        total = base + (cache_read or 0) + (cache_write or 0)
        # a proxy that already folded the cache into prompt_tokens reports the larger figure
        if prompt is not None and prompt >= total:
            total = prompt
        return UsageFigures(total, completion, cache_read or 0, reasoning)
    if prompt is None:
        prompt = count(usage.get("input_tokens"))
    if hit is not None or miss is not None:
        total = max(prompt or 0, (hit or 0) + (miss or 0))
        return UsageFigures(total, completion, hit or 0, reasoning)
    if prompt is None:
        return None if not completion else UsageFigures(0, completion, None, reasoning)
    cached = count(details.get("cached_tokens"))
    if cached is None:
        cached = count(usage.get("cached_tokens"))
    if cached is not None:
        cached = min(cached, prompt)
    return UsageFigures(prompt, completion, cached, reasoning)
