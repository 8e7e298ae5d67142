"""L2: old tool results become a one-line placeholder; the newest few stay verbatim.

Only ``content`` changes (``model_copy``), so ``tool_call_id`` and the pairing survive. A
result L3 already offloaded keeps its file path in the placeholder, so nothing becomes
unreachable.
"""

from __future__ import annotations

from collections.abc import Sequence

from pi_desktop.context.message import Message

PLACEHOLDER = "[Earlier tool result compacted]"
DEFAULT_KEEP_RECENT = 5
DEFAULT_MIN_CHARS = 200


def micro_targets(
    messages: Sequence[Message],
    keep_recent: int = DEFAULT_KEEP_RECENT,
    min_chars: int = DEFAULT_MIN_CHARS,
) -> list[int]:
    """Positions of the tool results L2 replaces (older than the newest ``keep_recent``)."""
    tools = [i for i, m in enumerate(messages) if m.role == "tool"]
    older = tools[: max(0, len(tools) - keep_recent)]
    return [i for i in older if len(messages[i].content) > min_chars]


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
