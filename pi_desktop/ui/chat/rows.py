"""The conversation's model: one ``Row`` per thing drawn (message, tool call, marker, banner).

A row holds everything its widget shows, so the widget can be built when the row comes near
the viewport and dropped when it is far away, and built again the same (pinned, stopped,
expanded, its result and its saved-file link). Until a row has been built and measured, its
height is estimated from its text, so the scroll bar is about right from the first paint.
Pure Python (no Qt): the view measures fonts and passes the figures in.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

# what a row's estimate adds to its text lines (role line, hover actions, paddings), in lines
_MESSAGE_EXTRA_LINES = {"user": 2.6, "assistant": 3.4}
# what an estimate reads of a huge message (a message above this collapses to a head anyway)
_ESTIMATE_CHARS = 8_000


@dataclass(eq=False, slots=True)
class Row:
    """One row of the conversation and the state its widget is rebuilt from."""

    kind: str  # "message", "tool", "compaction" or "banner"
    entry_id: str | None = None
    # messages
    role: str = ""
    content: str = ""
    metadata: Any = None
    reasoning: str = ""
    stopped: bool = False
    streaming: bool = False  # the running answer: never dropped while it streams
    # tool calls
    call_id: str = ""
    name: str = ""
    arguments: Any = None
    result: str | None = None
    is_error: bool = False
    offloaded_path: str | None = None
    stored: bool = False
    expanded: bool = False
    # compaction markers
    tokens_before: int = 0
    tokens_after: int = 0
    summarized_count: int = 0
    manual: bool = False
    rung: str = "model"  # who wrote the summary: "model", "extractive", "edited" (the user)
    # banners
    text: str = ""
    banner_kind: str = "info"
    # the view's bookkeeping
    widget: Any = None
    height: int = 0
    measured: bool = False
    index: int = 0
    _search: str | None = field(default=None, repr=False)

    def search_text(self) -> str:
        """What Ctrl+F looks in, case-folded once (the text a reader sees in the row)."""
        if self._search is None:
            if self.kind == "message":
                text = self.content
            elif self.kind == "tool":
                args = self.arguments
                if not isinstance(args, str):
                    args = json.dumps(args, ensure_ascii=False)
                text = f"{self.name} {args}\n{self.result or ''}"
            elif self.kind == "banner":
                text = self.text
            else:
                text = ""
            self._search = text.casefold()
        return self._search

    def forget_search(self) -> None:
        self._search = None

    def preview(self, limit: int = 300) -> str:
        """A cheap stand-in drawn while the row's widget is not built yet."""
        if self.kind == "message":
            return " ".join(self.content[:limit].split())
        if self.kind == "tool":
            return f"⚙ {self.name}"
        if self.kind == "banner":
            return self.text[:limit]
        return "── compacted"


def estimate_height(row: Row, width: int, char_width: float, line_height: int) -> int:
    """The row's likely height at ``width`` px, from its text: lines that wrap at about
    ``width / char_width`` characters, plus the row's fixed parts."""
    per_line = max(16, int(width / max(1.0, char_width)))
    if row.kind == "message":
        text = row.content[:_ESTIMATE_CHARS]
        lines = text.count("\n") + len(text) // per_line + 1
        if row.reasoning:
            lines += 2
        extra = _MESSAGE_EXTRA_LINES.get(row.role, 3.0)
        return int((lines + extra) * line_height) + 8
    if row.kind == "tool":
        return int(line_height * 2.2)
    if row.kind == "banner":
        lines = row.text.count("\n") + len(row.text) // per_line + 1
        return lines * line_height + 16
    return int(line_height * 1.8)
