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
    back as they are (the same lists: copying a long history costs every turn).
    """
    fold = PairFold(messages[: len(messages) - len(ids)])
    fold.feed(messages[len(messages) - len(ids) :], ids)
    return fold.result(messages, ids)


class PairFold:
    """:func:`repair_pairs` as a left fold that can be fed the messages appended since.

    The repair of a message depends only on the messages before it, so a history that only
    grows is folded once: each ``feed`` costs what was appended, and ``result`` costs a list
    copy (C-level) plus the calls still waiting for their results. ``head`` is the messages
    without an id (the system prompt).
    """

    def __init__(self, head: Sequence[Message] = ()) -> None:
        self.head_count = len(head)
        self.count = 0  # messages with an id folded so far
        self._out: list[Message] = list(head)
        self._out_ids: list[str | None] = []
        self._repairs: list[PairRepair] = []
        self._pending: list[tuple[str, str]] = []
        self._owner: str | None = None
        self._synthetic: dict[tuple[str, str], Message] = {}

    def _flush(self) -> None:
        for call_id, name in self._pending:
            self._out.append(self._interrupted(call_id, name))
            self._out_ids.append(None)
            self._repairs.append(PairRepair("missing_result", self._owner, call_id))
        self._pending = []

    def _interrupted(self, call_id: str, name: str) -> Message:
        """One synthetic object per call, so every snapshot hands out the same message."""
        key = (call_id, name)
        message = self._synthetic.get(key)
        if message is None:
            message = self._synthetic[key] = interrupted_result(call_id, name)
        return message

    def feed(self, messages: Sequence[Message], ids: Sequence[str | None]) -> None:
        """Fold the next ``messages`` (each with its path id)."""
        out, out_ids = self._out, self._out_ids
        for message, entry_id in zip(messages, ids, strict=True):
            if message.role == "tool":
                call_id = (message.metadata or {}).get("tool_call_id")
                call_id = call_id if isinstance(call_id, str) else None
                pending = self._pending
                match = next((i for i, (cid, _) in enumerate(pending) if cid == call_id), None)
                if match is None:
                    self._repairs.append(PairRepair("orphan_result", entry_id, call_id))
                    continue
                del pending[match]
            else:
                if self._pending:
                    self._flush()
                if message.role == "assistant":
                    self._pending, self._owner = _calls(message), entry_id
            out.append(message)
            out_ids.append(entry_id)
        self.count += len(messages)

    def result(
        self, messages: Sequence[Message], ids: Sequence[str | None]
    ) -> tuple[list[Message], list[str | None], tuple[PairRepair, ...]]:
        """The repaired history for the ``messages`` / ``ids`` folded so far (the same ones);
        without repairs the very lists given (a caller handing them out copies them once)."""
        if not self._repairs and not self._pending:
            return messages, ids, ()  # type: ignore[return-value]
        out, out_ids, repairs = list(self._out), list(self._out_ids), list(self._repairs)
        for call_id, name in self._pending:  # the trailing calls still without a result
            out.append(self._interrupted(call_id, name))
            out_ids.append(None)
            repairs.append(PairRepair("missing_result", self._owner, call_id))
        return out, out_ids, tuple(repairs)
