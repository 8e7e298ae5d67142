"""The one message model every layer speaks (OpenAI chat roles, tool calls in metadata)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

Role = Literal["system", "user", "assistant", "tool"]


class Message(BaseModel):
    """A chat message.

    An assistant message's tool calls live in ``metadata["tool_calls"]`` (OpenAI chat format);
    a tool result carries ``metadata["tool_call_id"]`` and ``metadata["name"]``.
    Messages are treated as immutable values: layers build new ones with ``model_copy``.
    """

    model_config = ConfigDict(frozen=False, extra="forbid")

    role: Role
    content: str = ""
    metadata: dict[str, Any] | None = None

    @property
    def tool_calls(self) -> list[dict[str, Any]]:
        """The assistant's tool calls (empty for every other message)."""
        if self.role != "assistant" or not isinstance(self.metadata, dict):
            return []
        calls = self.metadata.get("tool_calls")
        # a hand-edited or foreign session may hold anything here ("abc", 5, [1, 2])
        if not isinstance(calls, list):
            return []
        return [call for call in calls if isinstance(call, dict)]

    @property
    def tool_call_id(self) -> str | None:
        """The id of the call a tool result answers (None for other roles)."""
        if self.role != "tool" or not isinstance(self.metadata, dict):
            return None
        value = self.metadata.get("tool_call_id")
        return str(value) if isinstance(value, str | int) and not isinstance(value, bool) else None


_FIELDS = frozenset(Message.model_fields)
_new = object.__new__
_set = object.__setattr__


def trusted_message(role: Role, content: str, metadata: dict[str, Any] | None) -> Message:
    """A message from fields already validated (a session line pydantic parsed), made the way
    ``model_construct`` makes it but without its generic field loop: a 100,000-message session
    converts its whole path when it opens (270 → 130 ms). ``tests/context`` checks it equals
    ``Message(...)`` and ``model_construct`` in every attribute pydantic keeps."""
    message = _new(Message)
    _set(message, "__dict__", {"role": role, "content": content, "metadata": metadata})
    _set(message, "__pydantic_fields_set__", set(_FIELDS))
    _set(message, "__pydantic_extra__", None)
    _set(message, "__pydantic_private__", None)
    return message
