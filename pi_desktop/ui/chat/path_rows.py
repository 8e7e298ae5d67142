"""A stored path turned into the conversation's rows, with their estimated heights, in pure
Python — so a long session's 100,000 rows can be made in the thread that reads the file, and
the event loop only takes them over.

``rows_of`` is the one place a whole path becomes rows (``Conversation.show_path`` uses it
too); the figures an estimate needs (font and column widths) are read on the loop beforehand
and travel with the rows, so the view re-estimates only when they changed meanwhile.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pi_desktop.ui.chat.path_items import PathItem, path_items, tool_calls_of
from pi_desktop.ui.chat.rows import Row, estimate_height
from pi_desktop.ui.chat.thinking import reasoning_of
from pi_desktop.ui.text.highlight import _lexer

# the rows drawn first on open are the last ones: their code fences' lexers load off the loop
_WARM_TAIL_ROWS = 40
_FENCE = re.compile(r"^\s*(?:```|~~~)\s*([\w+#.-]+)", re.MULTILINE)


@dataclass(frozen=True)
class EstimateFigures:
    """What a row's height estimate depends on, read from the view's fonts and width."""

    inner: int  # the column's inner width, px
    bubble: int  # a user bubble's text width, px
    char: float  # an average character's width, px
    line: int  # a line's height, px

    def estimate(self, row: Row) -> int:
        return estimate_height(row, self.bubble if row.role == "user" else self.inner, self.char,
                               self.line)  # fmt: skip


@dataclass
class PathRows:
    """The rows of one path, the tool-call rows by call id (results attach to them), and the
    fields that could not be drawn; ``figures`` the heights were estimated with, if any."""

    rows: list[Row] = field(default_factory=list)
    tool_calls: dict[str, Row] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    figures: EstimateFigures | None = None

    def estimate(self, figures: EstimateFigures) -> None:
        """Number the rows and estimate their heights at ``figures`` (skipped when done)."""
        if figures == self.figures:
            return
        for index, row in enumerate(self.rows):
            row.index = index
            row.height = figures.estimate(row)
        self.figures = figures


def rows_of(items: Iterable[PathItem], figures: EstimateFigures | None = None) -> PathRows:
    """The rows ``items`` draw, as the live conversation adds them one by one: a tool result
    attaches to its call (a call never seen gets a row of its own), an assistant message's
    tool calls follow it, and a message with nothing to show gets no row."""
    out = PathRows()
    rows, calls = out.rows, out.tool_calls
    for item in items:
        if item.kind == "compaction":
            rows.append(
                Row(
                    "compaction",
                    item.entry_id,
                    tokens_before=item.tokens_before,
                    tokens_after=item.tokens_after,
                    summarized_count=item.summarized_count,
                    rung=item.rung,
                )
            )
            continue
        role, content, metadata = item.role, item.content, item.metadata
        if role == "system":
            continue
        if role == "tool":
            meta = metadata if isinstance(metadata, dict) else {}
            call_id = str(meta.get("tool_call_id", ""))
            row = calls.get(call_id)
            if row is None:
                row = _tool_row(out, call_id, str(meta.get("name", "tool")), {}, stored=False)
            if row.result is None:
                row.result, row.is_error = content, False
                if item.offloaded_path:
                    row.offloaded_path = item.offloaded_path
            continue
        reasoning = reasoning_of(metadata) if role == "assistant" else ""
        if content.strip() or role == "user" or reasoning:
            row = Row("message", item.entry_id, role=role, content=content, metadata=metadata)
            row.reasoning = reasoning
            rows.append(row)
        if role == "assistant" and metadata:
            found, problems = tool_calls_of(metadata)
            for problem in problems:
                out.problems.append(f"message {item.entry_id or '(new)'}: {problem}")
            for call_id, name, arguments in found:
                _tool_row(out, call_id, name, arguments, stored=True)
    if figures is not None:
        out.estimate(figures)
    return out


def _tool_row(out: PathRows, call_id: str, name: str, arguments: object, *, stored: bool) -> Row:
    """As ``Conversation._tool_row`` for rows not built yet: a stored call takes over an
    unstored one with its id; a result finds the call it belongs to."""
    existing = out.tool_calls.get(call_id)
    if existing is not None:
        if stored and not existing.stored:
            existing.stored = True
            return existing
        if not stored and (not existing.stored or existing.result is None):
            return existing
    row = Row("tool", call_id=call_id, name=name, arguments=arguments, stored=stored)
    out.tool_calls[call_id] = row
    out.rows.append(row)
    return row


def prepare_rows(
    session: Any, results_dir: Path, figures: EstimateFigures | None = None
) -> PathRows:
    """Worker thread: the rows of ``session``'s current path estimated at ``figures``, and
    the syntax highlighters of the code blocks in its last rows loaded (the first cards the
    window builds; a lexer's first load compiles its patterns, ~0.1 s for Python)."""
    rows = rows_of(path_items(session, results_dir), figures)
    for row in rows.rows[-_WARM_TAIL_ROWS:]:
        if row.kind == "message" and ("```" in row.content or "~~~" in row.content):
            for lang in set(_FENCE.findall(row.content)):
                _lexer(lang.lower())
    return rows
