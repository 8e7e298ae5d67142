"""The estimate before the provider reports usage: tokens of serialised text by character class.

A flat chars/4 misses in both directions (measured against o200k_base on the serialised view,
bench (c)): English chat is overestimated by a quarter, CJK underestimated 3× (~0.75 token per
char), and JSON-heavy tool results vary with their punctuation. Tokenizers cut text into words,
digit groups, punctuation and whitespace runs, so the estimate counts those: each *word* (a run
of letters) costs about one token plus a little per letter, digits, escapes (``\\n``, ``\\"``,
which the serialised JSON doubles) and punctuation cost about one each, a space almost nothing
(it merges into the next word), CJK ~0.75 per char, emoji and other astral chars more than one.

The weights are a least-squares fit of relative error over English chat (ShareGPT), agent
sessions whose tool results are real source files and real JSON documents, and Chinese chat,
then scaled by 1.05 so the error is mostly an overestimate (the safe side); the escape and
escaped-quote weights were then moved by hand (1.507 → 1.7, 0.709 → 0.5) so JSON results' median
error falls under 10 % and code stays mostly overestimated (bench (c)). Every count is a
C-level pass over the text (``bytes.translate``/``count``; regexes only for non-ASCII text), so
the cost stays O(len) and small next to ``json.dumps``. Each message gets its figure once
(memoised by the manager); a view's ratio is their sum over its chars.
"""

from __future__ import annotations

import re

# per-class weights (tokens per item), fitted as described above
WORD_WEIGHT = 0.994  # per run of letters
LETTER_WEIGHT = 0.012  # per letter, on top of its word
# per 16 letters of one run (a hash, a blob, "rrrr…"): such runs cost ~0.25-0.6 token per
# letter, not one word; natural words are shorter, so this is 0 for prose. Real JSON
# documents hold long runs that tokenize in big pieces, so this stays near the floor
# (~0.2 per letter; "x" * 50 is 7 tokens) rather than the worst case
LONG_RUN_WEIGHT = 3.0
DIGIT_WEIGHT = 1.058
SPACE_WEIGHT = 0.025
ESCAPE_WEIGHT = 1.7  # per JSON escape (``\n``, ``\uXXXX``...)
QUOTE_WEIGHT = 0.5  # per escaped quote: in JSON text it merges with ``:`` / ``,`` more often
PUNCT_WEIGHT = 0.161  # other ASCII (punctuation, the JSON skeleton)
CJK_WEIGHT = 0.754
OTHER_LETTER_WEIGHT = 0.17  # accented Latin, Greek, Cyrillic: per char, on top of its word
SYMBOL_WEIGHT = 1.5  # other BMP chars: typographic quotes, dashes, bullets
ASTRAL_WEIGHT = 2.0  # emoji and other chars outside the BMP

# chars/4: what a plain ASCII char costs in the DESIGN §2 estimate (and a neutral fallback)
ASCII_WEIGHT = 0.25
MIN_RATIO = 0.02
MAX_RATIO = 4.0

_LETTERS = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_DIGITS = b"0123456789"
# lower → "a", upper → "A", everything else → " ": a word starts at " a", " A" and at a
# camelCase hump "aA" (``additionalProperties`` is two tokens, not one long word)
_WORD_MAP = bytes(
    0x61 if chr(c).islower() and c < 128 else 0x41 if chr(c).isupper() and c < 128 else 0x20
    for c in range(256)
)
_LONG_RUN = b"a" * 16
# letters → "a", digits → "0", space, backslash, newline/tab → "n", everything else → "."
_CLASS_MAP = bytes(
    0x61
    if chr(c).isalpha() and c < 128
    else 0x30
    if chr(c).isdigit() and c < 128
    else c
    if c in (0x20, 0x5C)
    else 0x6E
    if c in (0x0A, 0x09)
    else 0x2E
    for c in range(256)
)
_CJK = re.compile(
    r"[\u1100-\u11ff\u2e80-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\uff00-\uffef]"
)
_ASTRAL = re.compile(r"[\U00010000-\U0010ffff]")
_OTHER_WORDS = re.compile(r"[\u00c0-\u024f\u0370-\u052f]+")


# the order of :func:`char_classes`
WEIGHTS = (
    WORD_WEIGHT,
    LETTER_WEIGHT,
    LONG_RUN_WEIGHT,
    DIGIT_WEIGHT,
    SPACE_WEIGHT,
    ESCAPE_WEIGHT,
    QUOTE_WEIGHT,
    PUNCT_WEIGHT,
    CJK_WEIGHT,
    WORD_WEIGHT,  # a run of accented Latin / Greek / Cyrillic letters is a word too
    OTHER_LETTER_WEIGHT,
    SYMBOL_WEIGHT,
    ASTRAL_WEIGHT,
)


def char_classes(text: str) -> tuple[int, ...]:
    """Counts the weights apply to: words, letters, 16-letter chunks of long runs, digits,
    spaces, escapes, escaped quotes, punctuation, CJK, non-ASCII words and their letters,
    other symbols, astral chars."""
    if not text:
        return (0,) * len(WEIGHTS)
    ascii_only = text.isascii()
    # one byte per char: non-ASCII becomes "?" (counted apart below)
    raw = text.encode("ascii") if ascii_only else text.encode("ascii", "replace")
    n = len(raw)
    classes = raw.translate(_CLASS_MAP)
    letters = classes.count(b"a")
    digits = classes.count(b"0")
    spaces = classes.count(b" ")
    mapped = raw.translate(_WORD_MAP)
    words = mapped.count(b" a")
    if b"A" in mapped:  # words that start with a capital, camelCase humps (none without one)
        words += mapped.count(b" A") + mapped.count(b"aA")
    words += mapped[0] != 0x20
    long_runs = mapped.count(_LONG_RUN)
    breaks = classes.count(b"n")  # raw newlines and tabs (text that was not serialised)
    escapes, quotes = _escapes(raw, classes) if b"\\" in raw else (0, 0)
    escapes += breaks  # a raw break costs what its escape costs
    punct = n - letters - digits - spaces - 2 * escapes - breaks
    other = 0 if ascii_only else n - len(text.encode("ascii", "ignore"))
    if ascii_only:  # no other script: skip the regex passes, every count after ``punct`` is 0
        rest: tuple[int, ...] = (0,) * 5
    else:
        cjk = len(_CJK.findall(text))
        astral = len(_ASTRAL.findall(text))
        runs = _OTHER_WORDS.findall(text)
        other_letters = sum(map(len, runs))
        symbols = max(other - cjk - astral - other_letters, 0)
        rest = (cjk, len(runs), other_letters, symbols, astral)
    return (
        words,
        letters,
        long_runs,
        digits,
        spaces,
        escapes - quotes,
        quotes,
        max(punct - other, 0),
        *rest,
    )


def _escapes(raw: bytes, classes: bytes) -> tuple[int, int]:
    """(JSON escapes, escaped quotes) in ``raw``: only text with a backslash has any, so
    :func:`char_classes` skips these passes for the many messages without one."""
    return classes.count(b"\\") - raw.count(b"\\\\"), raw.count(b'\\"')


def weighted_tokens(text: str) -> float:
    """Expected tokens of ``text`` (serialised JSON or plain) by character class; a float,
    summed over messages before rounding."""
    c = char_classes(text)
    total = (
        c[0] * WORD_WEIGHT
        + c[1] * LETTER_WEIGHT
        + c[2] * LONG_RUN_WEIGHT
        + c[3] * DIGIT_WEIGHT
        + c[4] * SPACE_WEIGHT
        + c[5] * ESCAPE_WEIGHT
        + c[6] * QUOTE_WEIGHT
        + c[7] * PUNCT_WEIGHT
    )
    if c[8] or c[9] or c[11] or c[12]:
        total += (
            c[8] * CJK_WEIGHT
            + c[9] * WORD_WEIGHT
            + c[10] * OTHER_LETTER_WEIGHT
            + c[11] * SYMBOL_WEIGHT
            + c[12] * ASTRAL_WEIGHT
        )
    return total


def list_weight(count: int) -> float:
    """What the serialised list adds around ``count`` messages: ``[``, ``]`` and ``", "``
    between them, so per-message figures sum to exactly ``weighted_tokens`` of the list."""
    if count <= 0:
        return 2 * PUNCT_WEIGHT
    return (count + 1) * PUNCT_WEIGHT + (count - 1) * SPACE_WEIGHT


def clamp_ratio(ratio: float) -> float:
    """Keep a ratio inside what any tokenizer can plausibly produce."""
    return min(MAX_RATIO, max(MIN_RATIO, ratio))


def script_ratio(weighted: float, chars: int) -> float:
    """Tokens per char for a text whose weighted figure and length are given."""
    if chars <= 0:
        return ASCII_WEIGHT
    return clamp_ratio(weighted / chars)
