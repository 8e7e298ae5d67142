"""Holding a summary to its size: the allowance, and the deterministic trim of last resort.

A summary that grows with every compaction eventually crowds the conversation out of the view
(and once rejected it jammed compaction for good). The manager derives an allowance from the
budget; an answer over it gets one condense request, and if the summarizer still does not
shorten it, :func:`trim_summary` drops the oldest progress items — headings kept, the omission
stated in the summary itself — so a summarizer that never shortens never stops a conversation.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# tokens: the six headings, the header and an omission line take ~110; below this a summary
# could never be held to its allowance, however much was trimmed
MIN_ALLOWANCE = 160
MAX_ALLOWANCE = 10_000  # tokens: a summary is a completion; providers cap those at 8-16k

# the order in which items go: progress first (Done oldest first), the goal last
_TRIM_ORDER = (
    "### Done",
    "## Progress",
    "### In Progress",
    "### Blocked",
    None,  # any section the model added of its own
    "## Critical Context",
    "## Key Decisions",
    "## Constraints & Preferences",
    "## Next Steps",
    "## Goal",
)
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")
_OMISSION = re.compile(r"^- \[(\d+) older items? left out", re.MULTILINE)
_OMISSION_WHOLE = re.compile(r"^- \[\d+ older items? left out.*$\n?", re.MULTILINE)
_OMISSION_LINE = (
    "- [{n} older {items} left out to keep this summary within its size; "
    "the full history is in the session]"
)


def summary_allowance(view_limit: int) -> int:
    """Tokens the summary message (header, body and file lists) may take in the view.

    A quarter of the view's share of the threshold, at most ``MAX_ALLOWANCE``: the retained
    tail takes about another quarter, so a compaction leaves room for a dozen turns. Under a
    tiny budget it is never less than the bare structure needs (``MIN_ALLOWANCE``), and that
    floor never takes more than half the view.
    """
    floor = min(MIN_ALLOWANCE, max(view_limit, 0) // 2)
    return max(floor, min(view_limit // 4, MAX_ALLOWANCE))


def summary_target(allowance: int) -> int:
    """The size stated in the prompt (and trimmed to): 4/5 of the allowance, for overshoot."""
    return allowance * 4 // 5


def omission_line(n: int) -> str:
    """The line that states how many older items summaries left out (opens "### Done")."""
    return _OMISSION_LINE.format(n=n, items="item" if n == 1 else "items")


def strip_omissions(summary: str) -> str:
    """``summary`` without its omission lines (their count is :func:`omitted_count`)."""
    return _OMISSION_WHOLE.sub("", summary or "")


def carry_omissions(body: str, previous: str | None) -> str:
    """``body`` still stating what earlier trims left out of ``previous``.

    A model that rewrites the summary drops the "[N older items left out…]" line; the count
    is the engine's record that those items went (and that the session holds them), so it
    comes back, at the top of "### Done", whenever the new body states fewer.
    """
    earlier = omitted_count(previous or "")
    if earlier <= omitted_count(body):
        return body
    lines = strip_omissions(body).splitlines()
    at = next((i + 1 for i, line in enumerate(lines) if line.strip() == "### Done"), len(lines))
    return "\n".join([*lines[:at], omission_line(earlier), *lines[at:]])


def omitted_count(summary: str) -> int:
    """How many items earlier trims left out, as the summary states it (0 when none)."""
    return sum(int(n) for n in _OMISSION.findall(summary or ""))


class _Section:
    def __init__(self, heading: str | None) -> None:
        self.heading = heading
        self.items: list[list[str]] = []


def _parse(body: str) -> list[_Section]:
    """Sections (heading lines) of items (a bullet and its continuation lines)."""
    sections = [_Section(None)]
    for line in body.splitlines():
        if line.lstrip().startswith("#"):
            sections.append(_Section(line.strip()))
        elif not line.strip():
            continue
        elif _BULLET.match(line) or not sections[-1].items:
            sections[-1].items.append([line])
        else:
            sections[-1].items[-1].append(line)
    return sections


def _render(sections: list[_Section], removed: set[tuple[int, int]], omission: str) -> str:
    out: list[str] = []
    for s, section in enumerate(sections):
        if section.heading is not None:
            if out:
                out.append("")
            out.append(section.heading)
            if omission and section.heading == "### Done":
                out.append(omission)
        for i, item in enumerate(section.items):
            if (s, i) not in removed:
                out += item
    return "\n".join(out).strip()


def trim_summary(body: str, fits: Callable[[str], bool]) -> tuple[str, int]:
    """``body`` with the fewest oldest items dropped so that ``fits`` accepts it.

    Returns the trimmed body and how many items it dropped now. Headings stay; the "### Done"
    section opens with one line stating how many items all trims so far left out and that the
    full history is in the session. If dropping every item is still not enough the shortest
    form is returned and the caller decides (``fits`` is false for it).
    """
    if fits(body):
        return body, 0
    earlier = omitted_count(body)
    body = _OMISSION_WHOLE.sub("", body)
    sections = _parse(body)
    if not any(s.heading == "### Done" for s in sections):
        sections.append(_Section("### Done"))
    known = {h for h in _TRIM_ORDER if h}
    order: list[tuple[int, int]] = []
    for heading in _TRIM_ORDER:
        for s, section in enumerate(sections):
            own = section.heading not in known if heading is None else section.heading == heading
            if own and section.heading is not None:
                order += [(s, i) for i in range(len(section.items))]
    order += [(0, i) for i in range(len(sections[0].items))]  # prose before any heading

    def attempt(k: int) -> str:
        n = earlier + k
        line = omission_line(n) if n else ""
        return _render(sections, set(order[:k]), line)

    lo, hi = 1, len(order)  # the smallest k that fits (size is monotone in k)
    if not order:
        return attempt(0), 0
    if not fits(attempt(hi)):
        return attempt(hi), hi
    while lo < hi:
        mid = (lo + hi) // 2
        if fits(attempt(mid)):
            hi = mid
        else:
            lo = mid + 1
    return attempt(lo), lo
