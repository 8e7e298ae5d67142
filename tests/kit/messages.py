"""The one set of message builders every test uses, in the shapes the app stores and sends.

A turn is ``user`` → (``assistant`` with ``tool_call``s → one ``tool_result`` per call)* →
``assistant``; ``FakeResponse`` is what an LLM double answers (the fields ``ChatResponse`` has
that the context engine reads).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pi_desktop.context import Message


def user(text: str) -> Message:
    return Message(role="user", content=text)


def assistant(
    text: str = "", calls: Sequence[dict[str, Any]] | None = None, *, stopped: bool = False
) -> Message:
    """An answer; ``calls`` (from ``tool_call``) make it a tool round, ``stopped`` a cut answer."""
    meta: dict[str, Any] = {}
    if calls:
        meta["tool_calls"] = list(calls)
    if stopped:
        meta["stopped"] = True
    return Message(role="assistant", content=text, metadata=meta or None)


def tool_call(call_id: str, name: str, arguments: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(arguments or {}, ensure_ascii=False)},
    }


def tool_result(call_id: str, name: str, text: str) -> Message:
    return Message(role="tool", content=text, metadata={"tool_call_id": call_id, "name": name})


@dataclass
class FakeResponse:
    message: Message
    usage: dict[str, Any] | None = None
    model: str | None = "fake-summarizer"
