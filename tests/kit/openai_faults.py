"""How the loopback server writes its stream faults (mixed into its request handler).

Malformed and half chunks, keep-alives that never end, one huge ``data:`` line: raw bytes in
HTTP chunked framing, exactly what a broken proxy or server would put on the wire.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tests.kit.openai_server import Reply


class StreamFaultWriter:
    """Needs ``wfile``, ``server.owner``, ``_raw_event``, ``_event`` and ``_end`` (the handler)."""

    wfile: Any
    server: Any
    _raw_event: Callable[[str], None]
    _event: Callable[[dict[str, Any]], None]
    _end: Callable[[], None]

    def _stream_fault(self, reply: Reply, sent: int, once: set[str], last: bool = False) -> bool:
        """Send a malformed or half chunk once ``sent`` reaches its mark; True = stream over."""
        mark = reply.malformed_after_chars
        if mark is not None and (last or sent >= mark) and "malformed" not in once:
            once.add("malformed")
            self._raw_event('{"choices": [{"index": 0, "delta": {"content": "bro')
        mark = reply.truncated_chunk_after_chars
        if mark is not None and (last or sent >= mark):
            self._raw_bytes(b'data: {"choices": [{"index": 0, "delta": {"content": "hal')
            self._end()
            return True
        return False

    def _keepalive(self, reply: Reply, chunk: Callable[..., dict[str, Any]]) -> None:
        owner = self.server.owner
        while not owner._stopping.is_set():
            if reply.keepalive == "comment":
                self._raw_bytes(b": keep-alive\n\n")
            elif reply.keepalive == "empty_delta":
                self._event(chunk({"content": ""}))
            else:
                self._event(chunk({"content": "."}))
            owner._sleep(reply.keepalive_interval)
        self._end()

    def _huge_line(self, size: int) -> None:
        head = b'data: {"choices": [{"index": 0, "delta": {"content": "'
        self._raw_bytes(head)
        piece = b"x" * (1 << 20)
        left = size - len(head)
        while left > 0:
            self._raw_bytes(piece[: min(left, len(piece))])
            left -= len(piece)
        self._raw_bytes(b'"}}]}\n\n')
        self._end()

    def _raw_bytes(self, payload: bytes) -> None:
        self.wfile.write(f"{len(payload):x}\r\n".encode() + payload + b"\r\n")
        self.wfile.flush()
