"""L2: old tool results become a one-line placeholder; the newest few stay verbatim.

Only ``content`` changes (``model_copy``), so ``tool_call_id`` and the pairing survive. A
result L3 already offloaded keeps its file path in the placeholder, so nothing becomes
unreachable. Results newer than the last assistant message have not been answered yet: the
model has never seen them, so they are never placeholdered, and ``keep_recent`` counts the
*answered* results only (one step with 8 parallel calls sends all 8 verbatim).

:func:`micro_compact` is the stateless rule. The manager applies it by *horizon* instead
(:func:`clearable_end`): it placeholders everything before a floor it moves only when the
view needs room, and then all at once, so the request prefix stays byte-identical between
turns (providers' prompt caching) instead of changing one result per turn.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from pi_desktop.context.message import Message

PLACEHOLDER = "[Earlier tool result compacted]"
DEFAULT_KEEP_RECENT = 5
DEFAULT_MIN_CHARS = 200


def tool_positions(messages: Sequence[Message]) -> tuple[list[int], int]:
    """(positions of the tool results, position of the last assistant message or -1).

    Everything L2 decides depends on these alone, so the manager finds them in the one pass
    it makes over a view anyway and asks :func:`clearable_end_at` / :func:`results_over`.
    """
    tools: list[int] = []
    last_assistant = -1
    for i, message in enumerate(messages):
        role = message.role
        if role == "tool":
            tools.append(i)
        elif role == "assistant":
            last_assistant = i
    return tools, last_assistant


def clearable_end(messages: Sequence[Message], keep_recent: int = DEFAULT_KEEP_RECENT) -> int:
    """Position before which every tool result may be placeholdered (0: none may).

    The results after the last assistant message are unanswered; of the answered ones, the
    newest ``keep_recent`` stay. Everything before the returned position is older than both.
    """
    return clearable_end_at(*tool_positions(messages), keep_recent)


def clearable_end_at(tools: Sequence[int], last_assistant: int, keep_recent: int) -> int:
    """:func:`clearable_end` from :func:`tool_positions` (``tools`` ascending)."""
    if last_assistant < 0:
        return 0
    if keep_recent <= 0:
        return last_assistant
    answered = bisect_left(tools, last_assistant)
    return tools[answered - keep_recent] if answered >= keep_recent else 0


def results_over(
    messages: Sequence[Message], tools: Sequence[int], stop: int, min_chars: int
) -> list[int]:
    """The positions in ``tools`` before ``stop`` whose result is longer than ``min_chars``."""
    return [i for i in tools[: bisect_left(tools, stop)] if len(messages[i].content) > min_chars]


def micro_targets(
    messages: Sequence[Message],
    keep_recent: int = DEFAULT_KEEP_RECENT,
    min_chars: int = DEFAULT_MIN_CHARS,
    end: int | None = None,
) -> list[int]:
    """Positions of the tool results L2 replaces: answered, older than the newest
    ``keep_recent`` answered ones, longer than ``min_chars``, and before ``end`` if given."""
    tools, last_assistant = tool_positions(messages)
    stop = clearable_end_at(tools, last_assistant, keep_recent)
    if end is not None:
        stop = min(stop, end)
    return results_over(messages, tools, stop, min_chars)


def compacted_copy(message: Message) -> Message:
    """The placeholder version of a tool result (metadata kept)."""
    offloaded = (message.metadata or {}).get("offloaded")
    content = PLACEHOLDER
    if isinstance(offloaded, dict) and offloaded.get("path"):
        content = f"{PLACEHOLDER[:-1]}; the full result is saved at {offloaded['path']}]"
    return message.model_copy(update={"content": content})


def micro_compact(
    messages: Sequence[Message],
    keep_recent: int = DEFAULT_KEEP_RECENT,
    min_chars: int = DEFAULT_MIN_CHARS,
) -> list[Message]:
    """L2 over a list; the input is never mutated."""
    result = list(messages)
    for i in micro_targets(result, keep_recent, min_chars):
        result[i] = compacted_copy(result[i])
    return result
