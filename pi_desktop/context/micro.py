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

from collections.abc import Sequence

from pi_desktop.context.message import Message

PLACEHOLDER = "[Earlier tool result compacted]"
DEFAULT_KEEP_RECENT = 5
DEFAULT_MIN_CHARS = 200


def clearable_end(messages: Sequence[Message], keep_recent: int = DEFAULT_KEEP_RECENT) -> int:
    """Position before which every tool result may be placeholdered (0: none may).

    The results after the last assistant message are unanswered; of the answered ones, the
    newest ``keep_recent`` stay. Everything before the returned position is older than both.
    """
    last_assistant = -1
    for i in range(len(messages) - 1, -1, -1):
        if messages[i].role == "assistant":
            last_assistant = i
            break
    if last_assistant < 0:
        return 0
    if keep_recent <= 0:
        return last_assistant
    seen = 0
    for i in range(last_assistant - 1, -1, -1):
        if messages[i].role == "tool":
            seen += 1
            if seen == keep_recent:
                return i
    return 0


def micro_targets(
    messages: Sequence[Message],
    keep_recent: int = DEFAULT_KEEP_RECENT,
    min_chars: int = DEFAULT_MIN_CHARS,
    end: int | None = None,
) -> list[int]:
    """Positions of the tool results L2 replaces: answered, older than the newest
    ``keep_recent`` answered ones, longer than ``min_chars``, and before ``end`` if given."""
    stop = clearable_end(messages, keep_recent)
    if end is not None:
        stop = min(stop, end)
    return [
        i
        for i in range(stop)
        if messages[i].role == "tool" and len(messages[i].content) > min_chars
    ]


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
