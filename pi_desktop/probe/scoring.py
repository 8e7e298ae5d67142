"""Scoring the probe's answers and laying out the table: pure functions.

Codewords and paths are matched exactly (case-insensitive, not inside a longer word or path);
the free-text part is keyword overlap, or a judge model's count when one is given (the runner
asks it and passes the number in).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pi_desktop.probe.scenario import KINDS, Probe


def mentions(answer: str, item: str) -> bool:
    """``item`` appears in ``answer`` as a whole token (``src/app.py`` ≠ ``src/app.pyc``)."""
    pattern = r"(?<![\w/.\-])" + re.escape(item) + r"(?![\w/\-]|\.\w)"
    return re.search(pattern, answer, re.I) is not None


def _stem(word: str) -> str:
    return word.lower()[:5]


def keyword_hits(answer: str, keywords: Sequence[str]) -> int:
    """How many keywords the answer contains, by word stems. A keyword may be several words
    (all must occur) and list alternatives with ``|`` ("not found|no such file")."""
    stems = {_stem(w) for w in re.findall(r"[A-Za-z]+", answer)}

    def found(phrase: str) -> bool:
        words = re.findall(r"[A-Za-z]+", phrase)
        return bool(words) and all(_stem(w) in stems for w in words)

    return sum(any(found(alt) for alt in kw.split("|")) for kw in keywords)


def exact_points(probe: Probe, answer: str) -> int:
    """Exact items found, minus distractors named, never below zero."""
    found = sum(mentions(answer, item) for item in probe.exact)
    wrong = sum(mentions(answer, item) for item in probe.distractors)
    return max(0, found - wrong)


@dataclass(frozen=True)
class ProbeScore:
    summarizer: str
    kind: str
    name: str
    score: int
    max_points: int
    answer: str


def score_answer(
    probe: Probe, answer: str, summarizer: str, judged: int | None = None
) -> ProbeScore:
    """Points for one answer; ``judged`` (the judge's count) replaces keyword overlap."""
    free = keyword_hits(answer, probe.keywords) if judged is None else judged
    free = max(0, min(len(probe.keywords), free))
    return ProbeScore(
        summarizer,
        probe.kind,
        probe.name,
        exact_points(probe, answer) + free,
        probe.max_points,
        answer,
    )


def parse_judgement(reply: str, limit: int) -> int | None:
    """The first integer of a judge's reply, clamped to ``0..limit`` (None when there is none)."""
    match = re.search(r"-?\d+", reply)
    return None if match is None else max(0, min(limit, int(match.group())))


@dataclass(frozen=True)
class Row:
    summarizer: str
    kind: str
    score: int
    max_points: int

    @property
    def percent(self) -> float:
        return 100.0 * self.score / self.max_points if self.max_points else 0.0


def table_rows(scores: Iterable[ProbeScore]) -> list[Row]:
    """One row per summarizer and probe kind (in the fixed kind order), then its total."""
    by: dict[str, list[ProbeScore]] = {}
    for item in scores:
        by.setdefault(item.summarizer, []).append(item)
    rows: list[Row] = []
    for summarizer, items in by.items():
        for kind in KINDS:
            mine = [i for i in items if i.kind == kind]
            if mine:
                rows.append(Row(summarizer, kind, sum(i.score for i in mine),
                                sum(i.max_points for i in mine)))  # fmt: skip
        rows.append(Row(summarizer, "all", sum(i.score for i in items),
                        sum(i.max_points for i in items)))  # fmt: skip
    return rows


HEADER = ("summarizer", "probe", "score", "max", "%")


def format_table(rows: Sequence[Row]) -> str:
    """A plain fixed-width table (it goes to a terminal and to the window's viewer)."""
    cells = [HEADER] + [
        (r.summarizer, r.kind, str(r.score), str(r.max_points), f"{r.percent:.1f}") for r in rows
    ]
    widths = [max(len(row[i]) for row in cells) for i in range(len(HEADER))]
    lines = []
    for n, row in enumerate(cells):
        left = [row[i].ljust(widths[i]) for i in range(2)]
        right = [row[i].rjust(widths[i]) for i in range(2, len(HEADER))]
        lines.append("  ".join(left + right).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)
