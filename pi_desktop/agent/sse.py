"""Bounded server-sent-events decoding for chat streams, and lone-surrogate cleaning.

The SDK's decoder buffers a line of any length (one 200 MB ``data:`` line grew a process to
~1 GB) and lets a malformed chunk escape as a bare ``JSONDecodeError``. Decoding the raw bytes
here keeps memory bounded by a cap and turns every malformed input into ``StreamFormatError``,
which the provider maps to a retryable failure. A lone UTF-16 surrogate (``"\\ud800"`` in a
chunk's JSON) cannot be encoded as UTF-8: stored in a message it would make every later request
and session write fail, so text is cleaned as it is received.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

DEFAULT_MAX_LINE_BYTES = 8 * 1024 * 1024  # one event's data; real chunks are a few hundred bytes

_LINE_END = re.compile(rb"[\r\n]")
_SURROGATE = re.compile("[\ud800-\udfff]")


class StreamFormatError(ValueError):
    """The stream is not well-formed SSE / JSON (bad UTF-8, cut mid-event, not a chunk)."""


class StreamLimitError(ValueError):
    """One SSE line or event is larger than the cap."""


@dataclass(frozen=True)
class SSEEvent:
    event: str | None
    data: str


class SSEDecoder:
    """Split raw bytes into events (CR, LF or CRLF lines; ``data:`` lines joined by "\\n").

    Holds at most ``max_line_bytes`` of an unfinished line or event: the check runs before the
    bytes are kept, so a huge line fails at the cap instead of growing the process.
    Comments (``: keep-alive``) produce no event; ``comments`` counts them.
    """

    def __init__(self, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES) -> None:
        if max_line_bytes < 1:
            raise ValueError("max_line_bytes must be >= 1")
        self.max_line_bytes = max_line_bytes
        self.comments = 0
        self._buffer = bytearray()
        self._skip_lf = False
        self._event: str | None = None
        self._data: list[str] = []
        self._data_bytes = 0

    def feed(self, chunk: bytes) -> list[SSEEvent]:
        events: list[SSEEvent] = []
        start = 0
        for match in _LINE_END.finditer(chunk):
            end = match.start()
            if self._skip_lf and end == start and chunk[end] == 0x0A:  # the LF of a CRLF
                self._skip_lf = False
                start = end + 1
                continue
            self._skip_lf = chunk[end] == 0x0D
            self._check(len(self._buffer) + end - start)
            if self._buffer:
                self._buffer += chunk[start:end]
                line = bytes(self._buffer)
                self._buffer.clear()
            else:
                line = chunk[start:end]
            start = end + 1
            event = self._line(line)
            if event is not None:
                events.append(event)
        if start < len(chunk):
            self._skip_lf = False
            self._check(len(self._buffer) + len(chunk) - start)
            self._buffer += memoryview(chunk)[start:]
        return events

    def finish(self) -> list[SSEEvent]:
        """The event left when the stream ends without its blank line (lenient, like browsers
        are not: a complete last chunk is kept; a cut one fails as malformed JSON later)."""
        events: list[SSEEvent] = []
        if self._buffer:
            line = bytes(self._buffer)
            self._buffer.clear()
            event = self._line(line)
            if event is not None:
                events.append(event)
        event = self._line(b"")
        if event is not None:
            events.append(event)
        return events

    def _check(self, size: int) -> None:
        if size > self.max_line_bytes or self._data_bytes + size > self.max_line_bytes:
            raise StreamLimitError(
                f"one stream event is larger than {self.max_line_bytes:,} bytes (the limit)"
            )

    def _line(self, line: bytes) -> SSEEvent | None:
        if not line:
            if not self._data and self._event is None:
                return None
            event = SSEEvent(self._event, "\n".join(self._data))
            self._event, self._data, self._data_bytes = None, [], 0
            return event
        if line.startswith(b":"):
            self.comments += 1
            return None
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise StreamFormatError(f"a stream line is not UTF-8 (byte {exc.start})") from None
        name, _, value = text.partition(":")
        if value.startswith(" "):
            value = value[1:]
        if name == "data":  # an event's lines count with one separator between them
            self._data_bytes += len(line) + (1 if self._data else 0)
            self._data.append(value)
        elif name == "event":
            self._event = value
        return None  # id, retry and unknown fields do not matter to a chat stream


def clean_text(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD (a paired one is joined)."""
    if not _SURROGATE.search(text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


class TextCleaner:
    """``clean_text`` for a text that arrives in pieces: a high surrogate ending one piece is
    held back until the next shows whether its pair follows."""

    def __init__(self) -> None:
        self._held = ""

    def feed(self, piece: str) -> str:
        text = self._held + piece
        self._held = ""
        if text and "\ud800" <= text[-1] <= "\udbff":
            text, self._held = text[:-1], text[-1]
        return clean_text(text)

    def flush(self) -> str:
        held, self._held = self._held, ""
        return clean_text(held)
