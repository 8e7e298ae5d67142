"""Self-repair of the history the agent sends, never of the file.

A crash or a failed write between an assistant's tool calls and their results can leave a call
with no result on disk (and a hand-edited or damaged file a result with no call). Providers
reject such a request (HTTP 400), so every later turn would fail. The file is the truth and is
never rewritten; instead the history the agent builds from it is repaired, the same way every
time (a pure function of the path):

- a tool call with no result gets a synthetic result, :data:`INTERRUPTED_RESULT`, right after
  the results that do exist (metadata ``{"tool_call_id", "name", "interrupted": True}``);
- a tool result whose call is not in the assistant message right before it is left out.

Each change is reported as a :class:`PairRepair`, so the window can show the gap.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pi_desktop.context import Message

INTERRUPTED_RESULT = "[no result: the tool run was interrupted]"


@dataclass(frozen=True)
class PairRepair:
    """One gap the sent history papers over.

    ``kind`` is ``"missing_result"`` (``entry_id`` is the assistant message whose call
    ``tool_call_id`` got no result; a synthetic result stands in) or ``"orphan_result"``
    (``entry_id`` is the tool result that answers no call; it is left out).
    """

    kind: Literal["missing_result", "orphan_result"]
    entry_id: str | None
    tool_call_id: str | None


def _calls(message: Message) -> list[tuple[str, str]]:
    """``(id, name)`` of the well-formed tool calls of an assistant message."""
    raw = (message.metadata or {}).get("tool_calls")
    if not isinstance(raw, list):
        return []
    out: list[tuple[str, str]] = []
    for call in raw:
        if not isinstance(call, dict) or not isinstance(call.get("id"), str):
            continue
        function = call.get("function")
        name = function.get("name") if isinstance(function, dict) else None
        out.append((call["id"], name if isinstance(name, str) else ""))
    return out


def interrupted_result(tool_call_id: str, name: str) -> Message:
    """The synthetic result standing in for a call that never got one."""
    metadata = {"tool_call_id": tool_call_id, "name": name, "interrupted": True}
    return Message(role="tool", content=INTERRUPTED_RESULT, metadata=metadata)


def repair_pairs(
    messages: Sequence[Message], ids: Sequence[str | None]
) -> tuple[list[Message], list[str | None], tuple[PairRepair, ...]]:
    """``messages`` (``[system] + path``) and their path ``ids`` with every call paired.

    ``ids`` align with the end of ``messages`` (the system message has none); the returned ids
    do too, with None for each synthetic result. Without anything to repair the inputs come
    back as they are (copies of the lists, the same message objects).
    """
    offset = len(messages) - len(ids)
    out: list[Message] = list(messages[:offset])
    out_ids: list[str | None] = []
    repairs: list[PairRepair] = []
    pending: list[tuple[str, str]] = []
    owner: str | None = None

    def flush() -> None:
        for call_id, name in pending:
            out.append(interrupted_result(call_id, name))
            out_ids.append(None)
            repairs.append(PairRepair("missing_result", owner, call_id))
        pending.clear()

    for message, entry_id in zip(messages[offset:], ids, strict=True):
        if message.role == "tool":
            call_id = (message.metadata or {}).get("tool_call_id")
            call_id = call_id if isinstance(call_id, str) else None
            match = next((i for i, (cid, _) in enumerate(pending) if cid == call_id), None)
            if match is None:
                repairs.append(PairRepair("orphan_result", entry_id, call_id))
                continue
            del pending[match]
        else:
            flush()
            if message.role == "assistant":
                pending, owner = _calls(message), entry_id
        out.append(message)
        out_ids.append(entry_id)
    flush()
    if not repairs:
        return list(messages), list(ids), ()
    return out, out_ids, tuple(repairs)
