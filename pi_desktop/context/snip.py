"""L1: over ``max_messages``, keep the head and the tail and drop the middle.

The cap follows the budget by default (:func:`budget_message_cap`): a summary then runs
because the window needs one, not because a 50th message arrived (at 128k the seed's fixed
cap forced a summary every dozen turns while the view used a tenth of the window). The seed's
fixed 50 stays an explicit policy (``ContextManager``'s ``snip_policy="summarize-50"`` /
``"drop-50"``).

head + one ``[snipped N messages]`` placeholder + tail = ``max_messages`` (3 + 1 + 46 for
the seed's 50: its off-by-one fix, ``keep_tail = max - 4``). Each boundary is moved so no
``assistant(tool_calls)`` is separated from its results. :func:`snip_plan` computes the
boundaries from a role accessor alone, so the manager can decide what survives before it
runs any per-message layer (O(view), not O(history)).
"""

from __future__ import annotations

from collections.abc import Sequence

from pi_desktop.context.message import Message
from pi_desktop.context.pairs import (
    RoleAt,
    safe_boundary_at_or_after,
    safe_boundary_at_or_before,
)

DEFAULT_MAX_MESSAGES = 50
KEEP_HEAD = 3
# the budget-following cap allows one message per this many tokens of the view's share: L1
# then only bounds a view of many tiny messages, which the token threshold would let grow long
TOKENS_PER_MESSAGE = 64


def budget_message_cap(view_limit: int) -> int:
    """The default L1 cap for a view of ``view_limit`` tokens: never below the seed's 50."""
    return max(DEFAULT_MAX_MESSAGES, max(view_limit, 0) // TOKENS_PER_MESSAGE)


def head_tail_sizes(max_messages: int) -> tuple[int, int]:
    """(head, tail) kept for ``max_messages``; head + 1 placeholder + tail == max_messages."""
    if max_messages < 3:
        raise ValueError("max_messages must be at least 3 (head, placeholder, tail)")
    head = min(KEEP_HEAD, (max_messages - 1) // 2)
    return head, max_messages - head - 1


def snip_plan(n: int, role_at: RoleAt, max_messages: int = DEFAULT_MAX_MESSAGES) -> tuple[int, int]:
    """``(head_end, tail_start)``: keep ``[0, head_end)`` and ``[tail_start, n)``.

    ``head_end == tail_start`` means nothing is snipped. The head boundary moves back and the
    tail boundary forward (both keep the count within ``max_messages``); only when the tail
    would vanish — the newest message is one huge tool fan-out — does it move back instead.
    """
    if n <= max_messages:
        return n, n
    head, tail = head_tail_sizes(max_messages)
    head_end = safe_boundary_at_or_before(role_at, n, head)
    tail_start = safe_boundary_at_or_after(role_at, n, n - tail)
    if tail_start >= n:
        tail_start = safe_boundary_at_or_before(role_at, n, n - tail, head_end)
    if tail_start <= head_end:
        return n, n
    return head_end, tail_start


def snip_placeholder(count: int) -> Message:
    """The one message that stands for ``count`` dropped ones (a user note, metadata tagged)."""
    return Message(
        role="user",
        content=f"[snipped {count} messages]",
        metadata={"snipped": count},
    )


def snip_messages(
    messages: Sequence[Message], max_messages: int = DEFAULT_MAX_MESSAGES
) -> list[Message]:
    """L1 over a list: head + placeholder + tail, tool pairs intact; input never mutated."""
    n = len(messages)
    head_end, tail_start = snip_plan(n, lambda i: messages[i].role, max_messages)
    if head_end >= tail_start:
        return list(messages)
    return [
        *messages[:head_end],
        snip_placeholder(tail_start - head_end),
        *messages[tail_start:],
    ]
