"""Sanitise what a message line says beyond its schema, so nothing downstream trips over it.

The entry models check types (``content`` a string, ``metadata`` a dict), but ``metadata`` is
free-form: a hand-edited or foreign file may hold ``tool_calls = "abc"``, a tool call without an
id, an ``offloaded`` record whose size is text. Readers (the window, the context engine, the
agent) assume the shapes of DESIGN §2, so the loader repairs the metadata here — dropping what
is malformed and saying so in ``problems`` — instead of letting a reader crash at every start.
The same function runs on appends, so what is in memory is always what a reload reads.
"""

from __future__ import annotations

from typing import Any

from pi_desktop.session.entries import MessageEntry
from pi_desktop.usertext import UserText


def clean_tool_calls(value: Any) -> tuple[list[dict[str, Any]] | None, str | None]:
    """The well-formed OpenAI tool calls of ``value`` and, if some were dropped, why."""
    if not isinstance(value, list):
        return None, UserText(
            "Session", "metadata.tool_calls is a %1, not a list; dropped", type(value).__name__
        )
    kept: list[dict[str, Any]] = []
    for item in value:
        if not isinstance(item, dict):
            continue
        function = item.get("function")
        if not isinstance(item.get("id"), str) or not isinstance(function, dict):
            continue
        if not isinstance(function.get("name"), str):
            continue
        arguments = function.get("arguments", "")
        if not isinstance(arguments, str):
            continue
        kept.append(item)
    if len(kept) == len(value):
        return value, None
    dropped = len(value) - len(kept)
    reason = UserText(
        "Session", "%1 malformed tool call(s) in metadata.tool_calls dropped", dropped
    )
    return (kept or None), reason


def _clean_offloaded(value: Any) -> bool:
    if not isinstance(value, dict) or not isinstance(value.get("path"), str):
        return False
    size = value.get("original_chars", 0)
    return isinstance(size, int) and not isinstance(size, bool)


def clean_metadata(metadata: dict[str, Any] | None) -> tuple[dict[str, Any] | None, list[str]]:
    """``metadata`` with the known keys in the shapes readers expect; the reasons for changes."""
    if not metadata:
        return metadata, []
    problems: list[str] = []
    out = dict(metadata)
    if "tool_calls" in out:
        calls, reason = clean_tool_calls(out["tool_calls"])
        if reason is not None:
            problems.append(reason)
            if calls is None:
                del out["tool_calls"]
            else:
                out["tool_calls"] = calls
    for key in ("tool_call_id", "name"):
        if key in out and not isinstance(out[key], str):
            problems.append(UserText("Session", "metadata.%1 is not text; dropped", key))
            del out[key]
    if "offloaded" in out and not _clean_offloaded(out["offloaded"]):
        problems.append(UserText("Session", "metadata.offloaded is malformed; dropped"))
        del out["offloaded"]
    for key in ("stopped", "is_error"):
        if key in out and not isinstance(out[key], bool):
            problems.append(UserText("Session", "metadata.%1 is not true/false; dropped", key))
            del out[key]
    if not problems:
        return metadata, []
    return out, problems


def clean_message_entry(entry: MessageEntry) -> tuple[MessageEntry, list[str]]:
    """``entry`` with its metadata sanitised (the same object when nothing was wrong)."""
    metadata, problems = clean_metadata(entry.metadata)
    if not problems:
        return entry, []
    return entry.model_copy(update={"metadata": metadata}), problems
