"""One-line plain-text labels from markdown messages (tree rows, window titles).

Pure and Qt-free: a label is read at a glance, so markdown syntax (headings, list bullets,
emphasis, code ticks, links) is dropped rather than shown as raw characters.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

_MD_PREFIX = re.compile(r"^(?:#{1,6}\s+|>\s*|[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+)")
_MD_MARKS = re.compile(r"\*\*|__|`+|~~")
_MD_RULE = re.compile(r"^(?:[-*_]\s*){3,}$")
# single * or _ emphasis: only at a word's edge, so snake_case names and "2 * 3" survive
_EMPHASIS_OPEN = re.compile(r"(?<![\w*])[*_](?=[^\s*_])")
_EMPHASIS_CLOSE = re.compile(r"(?<=[^\s*_])[*_](?![\w*])")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")


def shorten(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, an ellipsis marking the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def plain_inline(line: str) -> str:
    """``line`` without inline markdown: links keep their text, emphasis and ticks vanish."""
    if "](" in line:
        # a function, not r"\1": a template replacement re-imports on every call under PySide6
        line = _LINK.sub(lambda m: m.group(1), line)
    if not any(mark in line for mark in "*_`~"):
        return line  # most labels carry no markup: skip the scans
    line = _MD_MARKS.sub("", line)
    line = _EMPHASIS_OPEN.sub("", line)
    return _EMPHASIS_CLOSE.sub("", line)


def first_line(text: str, limit: int) -> str:
    """The first line with words, without markdown, shortened to ``limit``; '' if none."""
    for raw in text.splitlines():
        raw = raw.strip()
        if raw.startswith(("```", "~~~")) or _MD_RULE.match(raw):
            continue  # fences and rules carry no words
        # only the head can show: a 10,000-entry tree must not scan whole paragraphs
        line = " ".join(plain_inline(_MD_PREFIX.sub("", raw[: limit * 3])).split())
        if line:
            return shorten(line, limit)
    return ""


def count_of(n: int, noun: str, plural: str | None = None) -> str:
    """'1 message', '2 messages', '12,345 messages': figures read as sentences, not '1 messages'."""
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"


def format_tokens(n: int | None) -> str:
    """12345 → '12.3k', 1010 → '1k', 32000 → '32k', 950 → '950': one style everywhere.

    The bar, the tree and the conversation's compaction marker all show the same figures, so
    they must read the same ("1.0k" next to "1k" looks like two different numbers).
    """
    if n is None:
        return "?"
    if abs(n) < 1000:
        return str(n)
    value, unit = (n / 1000, "k") if abs(n) < 999_500 else (n / 1_000_000, "M")
    text = f"{value:.0f}" if abs(value) >= 100 else f"{value:.1f}".removesuffix(".0")
    return text + unit


def title_from(entries: Iterable[Any], limit: int = 60) -> str | None:
    """A session's name until the user gives it one: its first user message, on one line."""
    for entry in entries:
        # only the head can show: splitting a 5 MB message for a 60-char title stalls the loop
        head = entry.content[: limit * 4 + 64]
        if entry.role == "user" and head.strip():
            return shorten(" ".join(head.split()), limit)
        if entry.role == "user" and entry.content.strip():  # megabytes of blanks, then words
            return shorten(" ".join(entry.content.split()[:limit]), limit)
    return None
