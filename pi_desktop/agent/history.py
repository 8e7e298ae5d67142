"""Where the agent's conversation lives: a Session on disk, or a plain list in memory.

The loop speaks to one small interface either way, so "without a session the agent keeps the
history in memory" costs no branches in the loop itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from pi_desktop.context import Message

if TYPE_CHECKING:
    from pi_desktop.session import Session


class History(Protocol):
    """The conversation truth: ``[system] + path`` messages and the path's entry ids."""

    def messages(self) -> list[Message]: ...

    def path_ids(self) -> list[str | None]: ...

    def append(self, message: Message) -> str | None: ...


class SessionHistory:
    """The session file is the truth; every append is one durable line."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def messages(self) -> list[Message]:
        return list(self.session.get_full_history_messages())

    def path_ids(self) -> list[str | None]:
        return [entry.id for entry in self.session.get_current_path()]

    def append(self, message: Message) -> str | None:
        return self.session.append_message(message)


class MemoryHistory:
    """A list in memory (no session): entry ids are None, nothing survives the process."""

    def __init__(self, system_prompt: str | None = None) -> None:
        self._messages: list[Message] = []
        if system_prompt:
            self._messages.append(Message(role="system", content=system_prompt))

    def messages(self) -> list[Message]:
        return list(self._messages)

    def path_ids(self) -> list[str | None]:
        return [None] * sum(1 for m in self._messages if m.role != "system")

    def append(self, message: Message) -> str | None:
        self._messages.append(message)
        return None


def hidden_entry_ids(
    hidden: tuple[int, ...] | list[int], message_count: int, path_ids: list[str | None]
) -> tuple[str, ...]:
    """Map the report's hidden input indices to path entry ids.

    Input index ``i`` of ``[system] + path`` is ``path_ids[i - offset]`` where ``offset`` is 1
    when the history starts with the session's system prompt, else 0; the system message itself
    is never hidden and has no entry.
    """
    offset = message_count - len(path_ids)
    ids: list[str] = []
    for index in hidden:
        position = index - offset
        if 0 <= position < len(path_ids):
            entry_id = path_ids[position]
            if entry_id is not None:
                ids.append(entry_id)
    return tuple(ids)
