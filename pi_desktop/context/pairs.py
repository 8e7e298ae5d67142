"""Tool-call pair boundaries, shared by L1 snipping and the L4 cut.

The OpenAI chat protocol puts an assistant's tool results directly after it, so a position
``b`` is a safe place to split a conversation exactly when the message at ``b`` is not a tool
result: splitting there never separates an ``assistant(tool_calls)`` from its results.
Functions take a role accessor instead of a list so callers can ask about a *virtual*
sequence (cached view parts) without materialising it — per-turn cost stays O(view).
"""

from __future__ import annotations

from collections.abc import Callable

RoleAt = Callable[[int], str]


def is_safe_boundary(role_at: RoleAt, n: int, b: int) -> bool:
    """True when splitting before position ``b`` of an ``n``-long sequence splits no pair."""
    return b >= n or b <= 0 or role_at(b) != "tool"


def safe_boundary_at_or_after(role_at: RoleAt, n: int, b: int) -> int:
    """First safe boundary ``>= b`` (``n`` when only tool results follow)."""
    while b < n and not is_safe_boundary(role_at, n, b):
        b += 1
    return b


def safe_boundary_at_or_before(role_at: RoleAt, n: int, b: int, floor: int = 0) -> int:
    """Last safe boundary ``<= b`` and ``>= floor`` (``floor`` if none lies between)."""
    while b > floor and not is_safe_boundary(role_at, n, b):
        b -= 1
    return max(b, floor)
