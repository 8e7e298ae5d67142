"""The summary history of the current branch: every compaction in order, what each one newly
covered, how its text differs from the one before, and what it cost. Pure (no widgets), so the
viewer and the tests read the same figures.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

KIND_WORDS = {
    "auto": "automatic (threshold reached)",
    "manual": "manual (Compact now)",
    "edited": "edited by you",
}


@dataclass(frozen=True)
class HistoryItem:
    """One compaction on the branch; ``number`` is 1-based in branch order.

    ``covered_ids`` are the path entries the summary stands for (all of them), ``new_ids`` the
    ones no earlier summary covered — what this compaction added. ``previous`` is the summary
    it is diffed against (None for the first).
    """

    entry: Any
    number: int
    previous: Any | None
    covered_ids: tuple[str, ...]
    new_ids: tuple[str, ...]
    first_new: int  # 1-based message number of new_ids[0] on the path (0 when none)
    in_use: bool

    @property
    def kind(self) -> str:
        return str(getattr(self.entry, "kind", None) or "auto")

    @property
    def select_ids(self) -> tuple[str, ...]:
        """What a click selects in the tree: the new range, else (an edit) the whole one."""
        return self.new_ids or self.covered_ids

    def title(self) -> str:
        """The list row: '#2 automatic · 9,000 → 3,000 · in use' (tokens before → after)."""
        e = self.entry
        kind = {"auto": "automatic", "manual": "manual", "edited": "edited"}.get(
            self.kind, self.kind
        )
        parts = [f"#{self.number} {kind}"]
        if getattr(e, "rung", "model") == "extractive" and self.kind != "edited":
            parts[0] += " (extractive)"
        before = int(getattr(e, "tokens_before", 0) or 0)
        after = int(getattr(e, "tokens_after", 0) or 0)
        if before or after:
            parts.append(f"{before:,} → {after:,}")
        if self.in_use:
            parts.append("in use")
        return " · ".join(parts)

    def range_text(self) -> str:
        """Which messages it covers, in the tree's numbering (path position, 1-based)."""
        total = len(self.covered_ids)
        if not total:
            return "no messages (only the system prompt)"
        if self.new_ids:
            last = self.first_new + len(self.new_ids) - 1
            text = f"messages 1–{total}; new in this summary: {self.first_new}–{last}"
            return text + f" ({len(self.new_ids)})"
        return f"messages 1–{total} (the same as the summary it replaces)"


def branch_history(session: Any) -> list[HistoryItem]:
    """Every compaction hanging off the current path, in path then file order."""
    if session is None:
        return []
    path = session.get_current_path()
    offset = 1 if session.system_prompt is not None else 0
    latest = session.latest_compaction()
    items: list[HistoryItem] = []
    done = 0
    previous = None
    for entry in path:
        for comp in session.compactions_for(entry.id):
            end = min(len(path), max(0, int(comp.covered_count) - offset))
            new = path[done:end] if end > done else []
            items.append(
                HistoryItem(
                    entry=comp,
                    number=len(items) + 1,
                    previous=previous,
                    covered_ids=tuple(e.id for e in path[:end]),
                    new_ids=tuple(e.id for e in new),
                    first_new=done + 1 if new else 0,
                    in_use=latest is not None and comp.id == latest.id,
                )
            )
            done = max(done, end)
            previous = comp
    return items


def diff_lines(old: str | None, new: str) -> list[tuple[str, str]]:
    """(mark, line) with mark "+" added, "-" removed, " " unchanged; all "+" without ``old``."""
    if old is None:
        return [("+", line) for line in new.splitlines()]
    a, b = old.splitlines(), new.splitlines()
    out: list[tuple[str, str]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            out += [(" ", line) for line in a[i1:i2]]
            continue
        out += [("-", line) for line in a[i1:i2]]
        out += [("+", line) for line in b[j1:j2]]
    return out


def diff_counts(lines: list[tuple[str, str]]) -> tuple[int, int]:
    """(added, removed) line counts of a ``diff_lines`` result."""
    return sum(m == "+" for m, _ in lines), sum(m == "-" for m, _ in lines)


def cost_text(entry: Any) -> str:
    """The summarizer's cost: tokens from its usage, a price only when the provider stated one."""
    if getattr(entry, "kind", None) == "edited":
        return "no model call (your edit)"
    usage = getattr(entry, "summary_usage", None) or {}
    parts = []
    for key, label in (("prompt_tokens", "prompt"), ("completion_tokens", "completion")):
        value = usage.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            parts.append(f"{label} {value:,}")
    text = " · ".join(parts) + " tokens" if parts else "usage not reported"
    calls = getattr(entry, "summarizer_calls", 1) or 0
    if calls > 1:
        text += f" in {calls} calls"
    price = usage.get("cost")
    if isinstance(price, int | float) and not isinstance(price, bool) and price >= 0:
        text += f" · ${price:.4f}"
    else:
        text += " (no price known)"
    return text
