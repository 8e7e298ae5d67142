"""Where L4 cuts: the start of the retained tail, measured the way the estimate measures.

Pure functions over a message list and a size function (serialised chars of a message as it
will appear in the view, separator included), so the rules are testable on their own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pi_desktop.context.message import Message
from pi_desktop.context.pairs import safe_boundary_at_or_after, safe_boundary_at_or_before

SizeOf = Callable[[Message], int]


def _tail_start(messages: Sequence[Message], floor: int, budget: float, size_of: SizeOf) -> int:
    """Smallest ``start >= floor`` such that ``messages[start:]`` fits ``budget`` chars."""
    start, acc = len(messages), 0
    while start > floor:
        size = size_of(messages[start - 1])
        if acc + size > budget:
            break
        acc += size
        start -= 1
    return start


def find_cut(
    messages: Sequence[Message], lo: int, keep_chars: float, size_of: SizeOf
) -> int | None:
    """Start of the kept tail: ``messages[lo:cut]`` gets summarized, ``[cut:]`` stays.

    Walk back accumulating sizes up to ``keep_chars``, then start the tail at the first user
    message inside it (a turn is kept whole). If the newest turn alone is larger, cut at that
    turn's start, so everything before it is still summarized; with no user message to cut
    at, cut at the first tool-pair-safe boundary. The tail always keeps the newest message,
    so a trailing ``assistant(tool_calls)`` is never separated from its results. None when
    nothing after ``lo`` can be summarized.
    """
    n = len(messages)

    def role(i: int) -> str:
        return messages[i].role

    last_safe = safe_boundary_at_or_before(role, n, n - 1, lo)
    if last_safe <= lo:
        return None
    floor = lo + 1
    start = _tail_start(messages, floor, keep_chars, size_of)
    cut = next((i for i in range(max(start, floor), n) if role(i) == "user"), None)
    if cut is None:
        cut = next((i for i in range(min(start, n) - 1, lo, -1) if role(i) == "user"), None)
    if cut is None:
        cut = safe_boundary_at_or_after(role, n, max(start, floor))
    cut = min(cut, last_safe)
    return cut if cut > lo else None


def tighter_cut(
    messages: Sequence[Message], cut: int, room_chars: float, size_of: SizeOf
) -> int | None:
    """A later pair-safe cut whose tail fits ``room_chars``; None when none improves on ``cut``.

    Used when system + summary + the tail from ``cut`` overshoot the threshold: the newest
    turn is then cut inside, at an assistant boundary, rather than sent over budget.
    """
    n = len(messages)

    def role(i: int) -> str:
        return messages[i].role

    last_safe = safe_boundary_at_or_before(role, n, n - 1, cut)
    start = _tail_start(messages, cut, room_chars, size_of)
    new_cut = min(safe_boundary_at_or_after(role, n, start), last_safe)
    return new_cut if new_cut > cut else None


def count_cut(messages: Sequence[Message], lo: int, keep: int) -> int | None:
    """A cut that keeps about ``keep`` messages: the first user message among the last
    ``keep``, else the first pair-safe boundary there; None when nothing after ``lo`` goes.

    Used when L1 would drop messages: keeping about half of L1's ``max_messages`` verbatim
    means the next such compaction comes only after the tail has grown by as much again.
    """
    n = len(messages)

    def role(i: int) -> str:
        return messages[i].role

    start = max(n - max(keep, 1), lo + 1)
    cut = next((i for i in range(start, n) if role(i) == "user"), None)
    if cut is None:
        cut = safe_boundary_at_or_after(role, n, start)
        if cut >= n:
            cut = safe_boundary_at_or_before(role, n, n - 1, lo)
    return cut if lo < cut < n else None
