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


@dataclass(frozen=True)
class Block:
    """``kind`` is "text" (markdown) or "code" (``lang`` may be empty)."""

    kind: str
    text: str
    lang: str = ""


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

    @property
    def pending(self) -> Block | None:
        """The open block as it would render now (None when nothing is open)."""
        text = "\n".join([*self._lines, self._partial]) if self._lines else self._partial
        if self._fence is not None:
            return Block("code", text, self._lang)
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
        if self._fence is None and len(self._partial) > MAX_OPEN_CHARS:
            cut = self._partial.rfind(" ", 0, MAX_OPEN_CHARS) + 1 or MAX_OPEN_CHARS
            head, self._partial = self._partial[:cut], self._partial[cut:]
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
                done.append(Block("code", "\n".join(self._lines).rstrip("\n"), self._lang))
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

    def _flush_text(self, done: list[Block]) -> None:
        text = "\n".join(self._lines).strip("\n")
        if text.strip():
            done.append(Block("text", text))
        self._reset()

    def _line(self, line: str, done: list[Block]) -> None:
        if self._fence is not None:
            if _closes(line, self._fence):
                done.append(Block("code", "\n".join(self._lines).rstrip("\n"), self._lang))
                self._reset()
            else:
                self._lines.append(line)
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
        self._lines.append(line)
        self._open_chars += len(line) + 1
        if self._open_chars > MAX_OPEN_CHARS:
            self._flush_text(done)


def split_blocks(text: str) -> list[Block]:
    """A whole message as blocks; consecutive text paragraphs are merged into one block."""
    splitter = StreamSplitter()
    blocks = splitter.feed(text) + splitter.finish()
    merged: list[Block] = []
    for block in blocks:
        if block.kind == "text" and merged and merged[-1].kind == "text":
            merged[-1] = Block("text", merged[-1].text + "\n\n" + block.text)
        else:
            merged.append(block)
    return merged
