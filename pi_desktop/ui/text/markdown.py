"""Markdown split into text and fenced-code blocks, whole or incrementally while streaming.

The message body renders text blocks as markdown and code blocks highlighted under a header
with a Copy link. While an answer streams, ``StreamSplitter`` looks only at the new characters:
each finished block is rendered once and never again, and only the open block is redrawn per
flush — so the cost of a flush is bounded by the open block, not by the whole answer.
Pure Python, no Qt.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)[^`]*$")
# An open paragraph longer than this is committed at a line or word break, so a model that
# never writes a blank line cannot make every flush re-render an ever-growing block.
MAX_OPEN_CHARS = 2_000
# An open code block longer than this is committed as a segment (``Block.part`` > 0 continues
# it), so streaming a 200 KB code block redraws at most this much per flush.
MAX_CODE_SEGMENT = 2_000
# Consecutive paragraphs of a whole message are merged (loose lists, reference links) up to
# this size: one markdown import must stay small enough for one turn of the event loop, and a
# stream redraws its open run each time a paragraph joins it (so the run's size is paid per
# paragraph: 6,000 made a fast stream of short paragraphs take 70 % longer to draw).
MAX_MERGED_CHARS = 2_000
# Container syntax (quotes, list markers, indentation) at the start of a line is capped: deeper
# nesting adds nothing a reader can see, and 10,000 nested levels stall Qt's layout.
MAX_NESTING = 8
MAX_INDENT = 2 * MAX_NESTING  # a list level takes at least two columns ("- ")
# A GFM table wider than this keeps its first columns; the rest of a row stays text in the
# last cell (Qt lays a 1,000-column table out in ~0.3 s).
MAX_TABLE_COLUMNS = 32
_DELIMITER_ROW = re.compile(r"^[\s|:-]+$")
_CONTAINER = re.compile(r"[ \t]+|>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)")


@dataclass(frozen=True)
class Block:
    """``kind`` is "text" (markdown) or "code" (``lang`` may be empty).

    A long code block comes in segments: ``part`` 0 opens it (with the header), ``part`` > 0
    continues it; the segments' texts concatenated are the code."""

    kind: str
    text: str
    lang: str = ""
    part: int = 0


def cap_nesting(text: str) -> str:
    """``text`` with at most ``MAX_NESTING`` quote/list levels and ``MAX_INDENT`` columns of
    indentation per line; deeper container syntax is dropped, the line's words are kept."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        # cheap filter: only a line whose container-looking prefix is long (in characters,
        # or in columns once its tabs are expanded) can be too deep
        prefix = line[: len(line) - len(line.lstrip(_PREFIX_CHARS))]
        if len(prefix) > MAX_NESTING or len(prefix.expandtabs(4)) > MAX_INDENT:
            lines[i] = _cap_line(line)
    return "\n".join(lines)


_PREFIX_CHARS = " \t>-*+0123456789.)"


def cap_tables(text: str) -> str:
    """Escape the pipes of a line beyond ``MAX_TABLE_COLUMNS`` columns, so no table is wider."""
    if text.count("|") <= MAX_TABLE_COLUMNS:
        return text
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.count("|") > MAX_TABLE_COLUMNS + 1:
            head, sep, tail = _split_after(line, "|", MAX_TABLE_COLUMNS + 1)
            if _DELIMITER_ROW.match(line):
                lines[i] = head + sep  # a delimiter row only loses its extra columns
            else:
                lines[i] = head + sep + tail.replace("\\|", "|").replace("|", "\\|")
    return "\n".join(lines)


def _split_after(line: str, mark: str, n: int) -> tuple[str, str, str]:
    """``line`` cut after its ``n``-th ``mark``: (before it, the mark, the rest)."""
    at = -1
    for _ in range(n):
        at = line.find(mark, at + 1)
    return line[:at], line[at], line[at + 1 :]


def bounded_markdown(text: str) -> str:
    """What the views import as markdown: nesting and table width capped."""
    return cap_tables(cap_nesting(text))


def _cap_line(line: str) -> str:
    pos = depth = width = 0
    while (match := _CONTAINER.match(line, pos)) and match.end() > pos:
        token = match.group()
        marker = not token.isspace()
        step = len(token) if marker else len(token.expandtabs(4))
        if depth + marker > MAX_NESTING or width + step > MAX_INDENT:
            rest = pos  # drop this and every further container token
            while (more := _CONTAINER.match(line, rest)) and more.end() > rest:
                rest = more.end()
            return line[:pos] + line[rest:]
        depth += marker
        width += step
        pos = match.end()
    return line


def _closes(line: str, fence: str) -> bool:
    stripped = line.strip()
    return (
        len(stripped) >= len(fence)
        and set(stripped) == {fence[0]}
        and len(line) - len(line.lstrip(" ")) <= 3
    )


class StreamSplitter:
    """Feed text chunks; get back the blocks that became complete.

    ``pending`` is the open block (text so far, including a partial last line) that the
    view shows provisionally. ``finish()`` closes everything (an unclosed fence still becomes
    a code block, as CommonMark renders it).
    """

    def __init__(self) -> None:
        self._partial = ""  # the current line without its newline
        self._lines: list[str] = []  # complete lines of the open block
        self._open_chars = 0
        self._fence: str | None = None
        self._lang = ""
        self._part = 0  # the segment of the open code block

    @property
    def pending(self) -> Block | None:
        """The open block as it would render now (None when nothing is open)."""
        partial = self._partial
        if self._fence is not None and len(partial) > MAX_CODE_SEGMENT:
            partial = partial[:MAX_CODE_SEGMENT] + "…"  # a huge line is cut when it completes
        text = "\n".join([*self._lines, partial]) if self._lines else partial
        if self._fence is not None:
            return Block("code", text, self._lang, self._part)
        if not text.strip():
            return None
        return Block("text", text)

    def feed(self, chunk: str) -> list[Block]:
        done: list[Block] = []
        if not chunk:
            return done
        pieces = (self._partial + chunk).split("\n")
        self._partial = pieces.pop()
        for line in pieces:
            self._line(line, done)
        while self._fence is None and len(self._partial) > MAX_OPEN_CHARS:
            head, self._partial = _cut(self._partial)
            self._lines.append(head)
            self._flush_text(done)
        return done

    def finish(self) -> list[Block]:
        done: list[Block] = []
        if self._partial or self._fence is not None:
            if self._fence is not None:
                if self._partial and _closes(self._partial, self._fence):
                    self._partial = ""
                else:
                    self._lines.append(self._partial)
                    self._partial = ""
                done.append(
                    Block("code", "\n".join(self._lines).rstrip("\n"), self._lang, self._part)
                )
                self._reset()
                return done
            self._lines.append(self._partial)
            self._partial = ""
        self._flush_text(done)
        return done

    def _reset(self) -> None:
        self._lines = []
        self._open_chars = 0
        self._fence = None
        self._lang = ""
        self._part = 0

    def _code_segment(self, done: list[Block], text: str) -> None:
        done.append(Block("code", text, self._lang, self._part))
        self._part += 1
        self._lines = []
        self._open_chars = 0

    def _flush_text(self, done: list[Block]) -> None:
        text = "\n".join(self._lines).strip("\n")
        if text.strip():
            done.append(Block("text", text))
        self._reset()

    def _line(self, line: str, done: list[Block]) -> None:
        if self._fence is not None:
            if _closes(line, self._fence):
                text = "\n".join(self._lines).rstrip("\n")
                done.append(Block("code", text, self._lang, self._part))
                self._reset()
                return
            if self._lines and self._open_chars + len(line) + 1 > MAX_CODE_SEGMENT:
                self._code_segment(done, "\n".join(self._lines) + "\n")
            while len(line) > MAX_CODE_SEGMENT:  # one huge line: hard pieces, no newline
                self._code_segment(done, line[:MAX_CODE_SEGMENT])
                line = line[MAX_CODE_SEGMENT:]
            self._lines.append(line)
            self._open_chars += len(line) + 1
            return
        match = _FENCE.match(line)
        if match:
            self._flush_text(done)
            self._fence = match.group(1)
            self._lang = match.group(2).lower()
            return
        if not line.strip():
            self._flush_text(done)
            return
        while len(line) > MAX_OPEN_CHARS:  # the same cuts as a streamed partial line gets
            head, line = _cut(line)
            self._lines.append(head)
            self._flush_text(done)
        self._lines.append(line)
        self._open_chars += len(line) + 1
        if self._open_chars > MAX_OPEN_CHARS:
            self._flush_text(done)


def _cut(line: str) -> tuple[str, str]:
    """Split a too-long line at its last space within ``MAX_OPEN_CHARS`` (or hard)."""
    cut = line.rfind(" ", 0, MAX_OPEN_CHARS) + 1 or MAX_OPEN_CHARS
    return line[:cut], line[cut:]


class TextRun:
    """Consecutive text paragraphs that render as one markdown import (loose lists, reference
    links), up to ``MAX_MERGED_CHARS``: the unit a whole message is drawn in, and the unit
    the streamed view redraws — the same rule for both, so a stream ends exactly as the
    saved message renders."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.size = 0

    def fits(self, text: str) -> bool:
        return not self.parts or self.size + len(text) <= MAX_MERGED_CHARS

    def add(self, text: str) -> None:
        self.parts.append(text)
        self.size += len(text) + 2

    @property
    def text(self) -> str:
        return "\n\n".join(self.parts)

    def clear(self) -> None:
        self.parts = []
        self.size = 0


def split_blocks(text: str) -> list[Block]:
    """A whole message as blocks; consecutive text paragraphs are merged into ``TextRun``s of
    at most ``MAX_MERGED_CHARS`` (a bigger one would stall the loop in one import)."""
    splitter = StreamSplitter()
    blocks = splitter.feed(text) + splitter.finish()
    merged: list[Block] = []
    run = TextRun()

    def close_run() -> None:
        if run.parts:
            merged.append(Block("text", run.text))
            run.clear()

    for block in blocks:
        if block.kind != "text":
            close_run()
            merged.append(block)
            continue
        if not run.fits(block.text):
            close_run()
        run.add(block.text)
    close_run()
    return merged
