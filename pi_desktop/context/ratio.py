"""Script-aware chars→tokens ratio: the estimate before the provider reports real usage.

chars/4 fits English but CJK text is ~0.75 token per char and emoji >1 (measured with
o200k_base), so a Chinese chat would be underestimated 3×. Each message gets a weighted
token figure once (cached by the manager); a view's ratio is their sum over its chars.
"""

from __future__ import annotations

import re

ASCII_WEIGHT = 0.25
CJK_WEIGHT = 0.75
ASTRAL_WEIGHT = 1.2  # emoji and other chars outside the BMP
OTHER_WEIGHT = 0.35  # accented Latin, Cyrillic, symbols
MIN_RATIO = 0.02
MAX_RATIO = 4.0

_CJK = re.compile(
    r"[\u1100-\u11ff\u2e80-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\uff00-\uffef]"
)
_ASTRAL = re.compile(r"[\U00010000-\U0010ffff]")


def weighted_tokens(text: str) -> float:
    """Expected tokens of ``text`` by script mix (a float; summed before rounding)."""
    n = len(text)
    ascii_count = len(text.encode("ascii", "ignore"))
    if ascii_count == n:
        return n * ASCII_WEIGHT
    cjk = len(_CJK.findall(text))
    astral = len(_ASTRAL.findall(text))
    other = n - ascii_count - cjk - astral
    return (
        ascii_count * ASCII_WEIGHT
        + cjk * CJK_WEIGHT
        + astral * ASTRAL_WEIGHT
        + other * OTHER_WEIGHT
    )


def clamp_ratio(ratio: float) -> float:
    """Keep a ratio inside what any tokenizer can plausibly produce."""
    return min(MAX_RATIO, max(MIN_RATIO, ratio))


def script_ratio(weighted: float, chars: int) -> float:
    """Tokens per char for a text whose weighted figure and length are given."""
    if chars <= 0:
        return ASCII_WEIGHT
    return clamp_ratio(weighted / chars)
