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
# tokens a compaction leaves free for the conversation to grow into (see ``landing_cap``)
HEADROOM_TOKENS = 1_120
LANDING_SHARE = 0.3  # of the view: what the summary and the tail get when headroom cannot

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


def landing_cap(view_limit: int) -> int:
    """Tokens the summary and the kept tail may take together right after a compaction.

    Why: a compaction rewrites the request prefix (prompt caching, a local model's KV cache)
    and costs summarizer calls, so how often it comes is set by the room it leaves. Turns do
    not shrink with the window: an ordinary chat turn is ~300 tokens at any budget, a fifth
    of a 2k budget's view. A quarter-view summary plus a ``budget // 4`` tail (56 % of the
    view) leaves room for a dozen turns at 8k but for two at 2k, where every third request
    then compacted (2k soaks: 70 % of requests extended the previous one). So a compaction
    leaves at least ``HEADROOM_TOKENS`` (about four ordinary turns) free where the view
    allows it, and the summary and the tail never take less than ``LANDING_SHARE`` of the
    view between them. From a ~3.2k budget up the cap is above the usual shares: nothing
    changes there.
    """
    view = max(view_limit, 0)
    return max(view - HEADROOM_TOKENS, int(view * LANDING_SHARE))


def summary_allowance(view_limit: int) -> int:
    """Tokens the summary message (header, body and file lists) may take in the view.

    A quarter of the view's share of the threshold, at most ``MAX_ALLOWANCE``: the retained
    tail takes about another quarter, so a compaction leaves room for a dozen turns. Under a
    small budget at most two thirds of :func:`landing_cap` (the tail gets the rest), but not
    below twice ``MIN_ALLOWANCE`` for that reason: a summary held near the bare structure is
    trimmed at every compaction and says little. Under a tiny budget it is never less than the
    bare structure needs (``MIN_ALLOWANCE``), and that floor never takes more than half the
    view.
    """
    floor = min(MIN_ALLOWANCE, max(view_limit, 0) // 2)
    small = max(landing_cap(view_limit) * 2 // 3, 2 * MIN_ALLOWANCE)
    return max(floor, min(view_limit // 4, MAX_ALLOWANCE, small))


def default_keep_recent(budget: int, view_limit: int) -> int:
    """Tokens of recent history a compaction keeps verbatim unless set: ``budget // 4``, or
    under a small budget what :func:`landing_cap` leaves after the summary's allowance (at
    least a tenth of the view; the newest turn is kept whole whatever its size)."""
    rest = landing_cap(view_limit) - summary_allowance(view_limit)
    return min(budget // 4, max(rest, max(view_limit, 0) // 10))


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
