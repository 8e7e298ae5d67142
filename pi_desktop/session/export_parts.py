"""What both export formats show of an entry: names, arguments, compaction lines, dates."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from typing import Any

from pi_desktop import safejson
from pi_desktop.session.entries import CompactionEntry, MessageEntry

TimeFormat = Callable[[datetime], str]

ROLE_TITLES = {"system": "System", "user": "User", "assistant": "Assistant", "tool": "Tool result"}


def branch_items(session: Any) -> list[MessageEntry | CompactionEntry]:
    """The current path root → current, each message followed by the compactions hanging off it."""
    items: list[MessageEntry | CompactionEntry] = []
    for entry in session.get_current_path():
        items.append(entry)
        items.extend(session.compactions_for(entry.id))
    return items


def tool_calls(entry: MessageEntry) -> list[dict[str, Any]]:
    calls = (entry.metadata or {}).get("tool_calls")
    return [c for c in calls if isinstance(c, dict)] if isinstance(calls, list) else []


def call_parts(call: dict[str, Any]) -> tuple[str, str]:
    """(name, arguments pretty-printed when they are JSON)."""
    function = call.get("function") if isinstance(call.get("function"), dict) else {}
    name = str(function.get("name") or "tool")
    raw = function.get("arguments")
    if isinstance(raw, str):
        try:
            return name, json.dumps(safejson.loads(raw), indent=2, ensure_ascii=False)
        except ValueError as exc:
            if isinstance(exc, safejson.JSONLimitError):
                return name, f"[unreadable arguments: {exc}; {len(raw):,} characters]"
            return name, raw
    shown = safejson.dumps_or_none(raw, indent=2, ensure_ascii=False, default=str)
    return name, shown if shown is not None else "[unreadable arguments: nested too deep]"


def tool_name(entry: MessageEntry) -> str:
    return str((entry.metadata or {}).get("name") or "tool")


def local_time(moment: datetime) -> str:
    """The default way a date is shown: local time, to the minute, with the zone."""
    return moment.astimezone().strftime("%Y-%m-%d %H:%M %Z").strip()


def shown_time(timestamp: str, format_time: TimeFormat | None = None) -> str:
    """An entry's ISO timestamp as the reader's clock shows it (as written if unreadable)."""
    try:
        moment = datetime.fromisoformat(timestamp)
    except (TypeError, ValueError):
        return timestamp
    try:
        return (format_time or local_time)(moment)
    except (ValueError, OverflowError, OSError):
        return timestamp


def compaction_line(comp: CompactionEntry, format_time: TimeFormat | None = None) -> str:
    kind = "manual " if comp.manual else ""
    if comp.kind == "edited":  # the user's edit of the summary before it
        kind = "edited "
    parts = [f"{kind}compaction: {comp.summarized_count} messages summarized"]
    if comp.tokens_before or comp.tokens_after:
        parts.append(f"{comp.tokens_before:,} → {comp.tokens_after:,} tokens")
    if comp.summary_model:
        parts.append(f"by {comp.summary_model}")
    parts.append(shown_time(comp.timestamp, format_time))
    text = ", ".join(parts)
    return text[0].upper() + text[1:]


def one_line(text: str | None) -> str:
    return " ".join((text or "").split())


def reasoning(entry: MessageEntry) -> str:
    """An assistant message's reasoning (``metadata["reasoning"]``), shown collapsed."""
    value = (entry.metadata or {}).get("reasoning") if entry.role == "assistant" else None
    return value.strip() if isinstance(value, str) else ""


def thinking_label(thought: str) -> str:
    return f"Thinking ({len(thought):,} chars)"
