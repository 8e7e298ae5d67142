"""What the conversation draws for a stored path: one ``PathItem`` per message or
compaction, and an assistant message's tool calls read defensively from its metadata.

Kept apart from the view: it reads the session (and the L3 folder for offloaded results),
and it is where a hand-edited session file's odd fields are turned into reasons, not errors.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pi_desktop import safejson
from pi_desktop.context.offload import offload_path
from pi_desktop.ui.i18n import trf


@dataclass(frozen=True)
class PathItem:
    """One row to draw when a whole path is shown: a message or a compaction marker."""

    kind: str  # "message" or "compaction"
    entry_id: str | None
    role: str = ""
    content: str = ""
    metadata: dict[str, Any] | None = None
    tokens_before: int = 0
    tokens_after: int = 0
    summarized_count: int = 0
    offloaded_path: str | None = None  # tool messages: the L3 file, when one exists
    # compactions: who wrote the summary — "model", "extractive" (no model), "edited" (the user)
    rung: str = "model"


def path_items(session: Any, results_dir: Path) -> list[PathItem]:
    """The rows of a session's current path: its messages, and each compaction after the
    message it hangs off. A tool result that L3 saved to a file keeps its link on reload."""
    items: list[PathItem] = []
    for entry in session.get_current_path():
        offloaded = None
        if entry.role == "tool":
            meta = entry.metadata if isinstance(entry.metadata, dict) else {}
            call_id = str(meta.get("tool_call_id", ""))
            candidate = offload_path(results_dir, call_id) if call_id else None
            offloaded = str(candidate) if candidate and candidate.is_file() else None
        items.append(
            PathItem(
                "message",
                entry.id,
                entry.role,
                entry.content,
                entry.metadata,
                offloaded_path=offloaded,
            )
        )
        for comp in session.compactions_for(entry.id):
            items.append(
                PathItem(
                    "compaction",
                    comp.id,
                    tokens_before=comp.tokens_before,
                    tokens_after=comp.tokens_after,
                    summarized_count=comp.summarized_count,
                    rung="edited"
                    if getattr(comp, "kind", None) == "edited"
                    else getattr(comp, "rung", "model"),
                )
            )
    return items


def tool_calls_of(
    metadata: Any,
) -> tuple[list[tuple[str, str, dict[str, Any] | str]], list[str]]:
    """An assistant message's tool calls as (id, name, arguments), and what was skipped.

    A session file may be hand-edited or written by another tool: ``tool_calls`` can be a
    string, a call can be a number, ``function`` a list. Such fields are skipped with a reason
    instead of raising at every start."""
    if not isinstance(metadata, dict) or metadata.get("tool_calls") in (None, []):
        return [], []
    raw = metadata["tool_calls"]
    if not isinstance(raw, list):
        return [], [trf("Conversation", "tool_calls is %1, not a list", type(raw).__name__)]
    calls: list[tuple[str, str, dict[str, Any] | str]] = []
    problems: list[str] = []
    for index, call in enumerate(raw):
        if not isinstance(call, dict):
            problems.append(
                trf("Conversation", "tool call %1 is %2, not an object", index, type(call).__name__)
            )
            continue
        function = call.get("function")
        if function is None:
            function = {}
        if not isinstance(function, dict):
            problems.append(
                trf("Conversation", "tool call %1: function is %2", index, type(function).__name__)
            )
            function = {}
        name = function.get("name")
        calls.append(
            (
                str(call.get("id", "")),
                name if isinstance(name, str) and name else "tool",
                _parse_arguments(function.get("arguments", "")),
            )
        )
    return calls, problems


def _parse_arguments(raw: Any) -> dict[str, Any] | str:
    if isinstance(raw, dict):
        return raw
    try:  # bounded: a call nested 100,000 deep must not stop the window from opening
        value = safejson.loads(raw or "{}")
    except safejson.JSONLimitError as exc:
        return f"[unreadable arguments: {exc}; {len(raw):,} characters]"
    except (TypeError, ValueError):
        return str(raw)
    return value if isinstance(value, dict) else str(raw)
