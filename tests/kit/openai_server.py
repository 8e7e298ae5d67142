"""A real OpenAI-compatible HTTP server on 127.0.0.1 for end-to-end tests (standard library only).

It speaks ``POST /v1/chat/completions`` both streaming (SSE, chunked, exactly the wire format the
``openai`` client accepts) and non-streaming, plus ``GET /v1/models``. Replies come from a FIFO
queue of scripted :class:`Reply` objects; when the queue is empty, a *responder* callable
``(request_body: dict) -> Reply`` is asked (for long conversations); with neither, the server
answers HTTP 500 "no scripted reply" so a test that under-scripts fails loudly.

Usage::

    from tests.kit.openai_server import OpenAIServer, Reply, ToolCall

    with OpenAIServer() as server:                      # or the ``openai_server`` fixture
        server.enqueue(Reply(text="Hello!"))
        server.enqueue(Reply(tool_calls=[ToolCall("read_file", {"path": "README.md"})]))
        server.enqueue(Reply.rate_limited(retry_after="2"))
        server.responder = lambda body: Reply(text=f"turn {len(body['messages'])}")
        llm = OpenAIChatLLM("test-model", base_url=server.base_url, api_key="sk-test")
        ...
        server.requests          # every request body received (parsed JSON), in order
        server.request_headers   # the matching headers (lower-cased names)
        server.max_prompt_chars()  # largest json.dumps(body["messages"]) seen

``Reply`` fields: ``text``; ``tool_calls`` (``ToolCall(name, arguments, id=None)`` — ``arguments``
a dict is JSON-encoded, a str is sent verbatim, so garbage JSON reaches the client intact);
``usage`` (``"auto"`` = counted from the request at 4 chars per token, ``None`` = no usage chunk, or
a dict); ``model``; ``finish_reason`` (default ``tool_calls``/``stop``); ``chunk_chars`` (text
per delta); ``reasoning`` (``reasoning_content`` deltas some servers send). Faults:
``status`` + ``error_body`` + ``headers`` (an HTTP error instead of a completion),
``cut_after_chars`` (stream that many text chars, then drop the connection mid-chunk),
``first_byte_delay`` (seconds before the response starts), ``chunk_delay`` (seconds between
chunks), ``error_event_after_chars`` + ``error_event`` (an ``{"error": …}`` event mid-stream).
Constructors for the usual faults: :meth:`Reply.rate_limited`, :meth:`Reply.server_error`,
:meth:`Reply.context_overflow` (one per provider's wording, see ``OVERFLOW_BODIES``),
:meth:`Reply.http_error`, :meth:`Reply.cut`, :meth:`Reply.slow`, :meth:`Reply.stream_error`.

Stream faults: :meth:`Reply.malformed` (a chunk that is not JSON, the rest valid),
:meth:`Reply.truncated_chunk` (half a chunk, then a clean end), :meth:`Reply.truncated` (no finish
reason, no usage, no [DONE]), :meth:`Reply.trickle` (keep-alive comments, empty deltas or single
tokens forever), :meth:`Reply.huge_line` (one ``data:`` line of N bytes); ``ignore_stream=True``
answers one JSON completion to a streaming request, as some local servers do. Lone surrogates
need no fault: ``ToolCall("f", {"s": "\ud800"})`` or ``Reply(text="\ud800")`` reach the client as
the JSON escape ``\ud800``.

Chaos mode (``tests/kit/openai_chaos.py``): ``server.chaos = Chaos(seed=…)`` turns a share of the
responder's replies into seeded random faults; every request is recorded in ``server.served``
(arrival, fault, marker), and ``server.verdict(accepted_texts)`` lists findings: a request sent
before a 429's Retry-After had elapsed, or a broken stream's text kept as an answer. The stream
faults are written by ``tests/kit/openai_faults.py``.

A model with a real context window: ``server.responder = window_limited(4096, responder)``
refuses larger prompts with an error stating the window (``WINDOW_WORDINGS``).
"""

from __future__ import annotations

import itertools
import json
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.kit.openai_chaos import CHAOS_FAULTS, Chaos, Served, verdict
from tests.kit.openai_faults import StreamFaultWriter

__all__ = [
    "CHAOS_FAULTS",
    "OVERFLOW_BODIES",
    "Chaos",
    "OpenAIServer",
    "Reply",
    "Served",
    "ToolCall",
]

Responder = Callable[[dict[str, Any]], "Reply"]

# What each provider returns when the prompt does not fit (status, JSON body).
OVERFLOW_BODIES: dict[str, tuple[int, dict[str, Any]]] = {
    "openai": (
        400,
        {
            "error": {
                "message": "This model's maximum context length is 8192 tokens. However, your "
                "messages resulted in 9120 tokens. Please reduce the length of the messages.",
                "type": "invalid_request_error",
                "param": "messages",
                "code": "context_length_exceeded",
            }
        },
    ),
    "http413": (413, {"error": {"message": "Request Entity Too Large", "type": "invalid_request"}}),
    "vllm": (
        400,
        {
            "object": "error",
            "message": "This model's maximum context length is 4096 tokens. However, you requested "
            "5120 tokens (4096 in the messages, 1024 in the completion). Please reduce the length "
            "of the messages or completion.",
            "type": "BadRequestError",
            "param": None,
            "code": 400,
        },
    ),
    "ollama": (
        400,
        {"error": {"message": "the input length exceeds the context length", "type": "api_error"}},
    ),
    "llamacpp": (
        400,
        {
            "error": {
                "code": 400,
                "message": "request (4476 tokens) exceeds the available context size (4096 "
                "tokens), try increasing it",
                "type": "exceed_context_size_error",
                "n_prompt_tokens": 4476,
                "n_ctx": 4096,
            }
        },
    ),
    "lmstudio": (
        400,
        {
            "error": "Trying to keep the first 15857 tokens when context the overflows. However, "
            "the model is loaded with context length of only 4096 tokens, which is not enough. "
            "Try to load the model with a larger context length, or provide a shorter input."
        },
    ),
    "dashscope": (
        400,
        {
            "error": {
                "code": "invalid_parameter_error",
                "message": "<400> InternalError.Algo.InvalidParameter: Range of input length "
                "should be [1, 30720]",
                "param": None,
                "type": "invalid_request_error",
            },
            "request_id": "0f0e0d0c-0000-0000-0000-000000000000",
        },
    ),
}


@dataclass
class ToolCall:
    """A tool call the scripted model makes; ``arguments`` as a dict or the raw string to send."""

    name: str
    arguments: dict[str, Any] | str = field(default_factory=dict)
    id: str | None = None

    def raw_arguments(self) -> str:
        if isinstance(self.arguments, str):
            return self.arguments
        return json.dumps(self.arguments, ensure_ascii=False)


@dataclass
class Reply:
    """One scripted response (a completion or a fault); see the module docstring."""

    text: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    usage: dict[str, Any] | str | None = "auto"
    model: str = "test-model"
    finish_reason: str | None = None
    chunk_chars: int = 5
    reasoning: str = ""
    status: int = 200
    error_body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    cut_after_chars: int | None = None
    first_byte_delay: float = 0.0
    chunk_delay: float = 0.0
    error_event_after_chars: int | None = None
    error_event: dict[str, Any] | None = None
    # stream faults (see "Stream faults" in the module docstring)
    malformed_after_chars: int | None = None
    truncated_chunk_after_chars: int | None = None
    truncate: bool = False
    keepalive: str | None = None
    keepalive_interval: float = 0.05
    huge_line_bytes: int | None = None
    ignore_stream: bool = False  # answer one JSON completion even when a stream was asked for
    fault: str | None = None  # a label the server records (chaos mode, the verdict)
    marker: str | None = None  # text only this faulty reply carries; accepted → a finding

    @classmethod
    def http_error(
        cls, status: int, message: str = "error", *, headers: dict[str, str] | None = None, **kw
    ) -> Reply:
        body = {"error": {"message": message, "type": kw.pop("type", "api_error"), "code": None}}
        return cls(status=status, error_body=body, headers=headers or {}, **kw)

    @classmethod
    def rate_limited(
        cls, retry_after: str | None = "1", message: str = "Rate limit reached"
    ) -> Reply:
        headers = {"Retry-After": retry_after} if retry_after is not None else {}
        body = {"error": {"message": message, "type": "requests", "code": "rate_limit_exceeded"}}
        return cls(status=429, error_body=body, headers=headers)

    @classmethod
    def server_error(cls, status: int = 500, message: str = "The server had an error") -> Reply:
        return cls.http_error(status, message, type="server_error")

    @classmethod
    def context_overflow(cls, provider: str = "openai") -> Reply:
        status, body = OVERFLOW_BODIES[provider]
        return cls(status=status, error_body=body)

    @classmethod
    def cut(cls, text: str, after_chars: int) -> Reply:
        return cls(text=text, cut_after_chars=after_chars)

    @classmethod
    def slow(cls, text: str, delay: float) -> Reply:
        return cls(text=text, first_byte_delay=delay)

    # stream faults -------------------------------------------------------------------------
    @classmethod
    def malformed(cls, text: str, after_chars: int = 0, **kw: Any) -> Reply:
        """A chunk that is not valid JSON after ``after_chars`` chars; the rest of the stream
        (finish reason, usage, [DONE]) follows as if nothing happened."""
        return cls(text=text, malformed_after_chars=after_chars, **kw)

    @classmethod
    def truncated_chunk(cls, text: str, after_chars: int = 0) -> Reply:
        """Half a chunk's JSON with no line end after ``after_chars`` chars, then a clean end."""
        return cls(text=text, truncated_chunk_after_chars=after_chars)

    @classmethod
    def truncated(cls, text: str, **kw: Any) -> Reply:
        """Every delta, then a clean end with no finish reason, no usage and no [DONE]."""
        return cls(text=text, truncate=True, **kw)

    @classmethod
    def trickle(cls, kind: str = "comment", interval: float = 0.05, text: str = "hi") -> Reply:
        """``text``, then forever (until the client leaves) one ``kind`` every ``interval`` s:
        ``"comment"`` (``: keep-alive``), ``"empty_delta"`` or ``"tokens"`` (one char each)."""
        assert kind in ("comment", "empty_delta", "tokens"), kind
        return cls(text=text, keepalive=kind, keepalive_interval=interval)

    @classmethod
    def huge_line(cls, size: int) -> Reply:
        """One ``data:`` line of ``size`` bytes (sent in 1 MiB pieces, never held whole)."""
        return cls(huge_line_bytes=size)

    @classmethod
    def stream_error(
        cls,
        text: str,
        after_chars: int,
        message: str = "The server had an error while processing your request",
        err_type: str = "server_error",
    ) -> Reply:
        event = {"message": message, "type": err_type, "code": None}
        return cls(text=text, error_event_after_chars=after_chars, error_event=event)


# What each provider says when the prompt exceeds a window of ``{window}`` tokens
# (``{prompt}`` = the prompt's tokens): for :func:`window_limited`.
WINDOW_WORDINGS: dict[str, Callable[[int, int], Any]] = {
    "openai": lambda window, prompt: {
        "error": {
            "message": f"This model's maximum context length is {window} tokens. However, your "
            f"messages resulted in {prompt} tokens. Please reduce the length of the messages.",
            "type": "invalid_request_error",
            "param": "messages",
            "code": "context_length_exceeded",
        }
    },
    "llamacpp": lambda window, prompt: {
        "error": {
            "code": 400,
            "message": f"request ({prompt} tokens) exceeds the available context size "
            f"({window} tokens), try increasing it",
            "type": "exceed_context_size_error",
        }
    },
    "lmstudio": lambda window, prompt: {
        "error": f"Trying to keep the first {prompt} tokens when context the overflows. However, "
        f"the model is loaded with context length of only {window} tokens, which is not enough."
    },
    "dashscope": lambda window, prompt: {
        "error": {
            "code": "invalid_parameter_error",
            "message": "<400> InternalError.Algo.InvalidParameter: Range of input length "
            f"should be [1, {window}]",
            "type": "invalid_request_error",
        }
    },
}


def window_limited(
    window: int, responder: Responder, provider: str = "openai"
) -> Callable[[dict[str, Any]], Reply]:
    """A responder for a model whose context window is ``window`` tokens (counted as
    :func:`auto_usage` counts): a larger prompt gets HTTP 400 stating the window in
    ``provider``'s wording; the others go to ``responder``. ``overflows`` counts refusals."""

    def respond(body: dict[str, Any]) -> Reply:
        prompt = auto_usage(body, Reply())["prompt_tokens"]
        if prompt > window:
            respond.overflows += 1  # type: ignore[attr-defined]
            return Reply(status=400, error_body=WINDOW_WORDINGS[provider](window, prompt))
        return responder(body)

    respond.overflows = 0  # type: ignore[attr-defined]
    return respond


class LoopbackHTTPServer(ThreadingHTTPServer):
    """A threading HTTP server whose handlers reach the test server that owns it."""

    daemon_threads = True
    allow_reuse_address = True
    owner: Any

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that hangs up (a cut stream it gave up on) is not a server error."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class ServerThread:
    """``handler`` served on 127.0.0.1 (a free port) from a daemon thread, for ``owner``."""

    def __init__(self, handler: type[BaseHTTPRequestHandler], owner: Any, name: str) -> None:
        self._handler, self._owner, self._name = handler, owner, name
        self._httpd: LoopbackHTTPServer | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        httpd = LoopbackHTTPServer(("127.0.0.1", 0), self._handler)
        httpd.owner = self._owner
        self._httpd = httpd
        self._thread = threading.Thread(
            target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, name=self._name
        )
        self._thread.daemon = True
        self._thread.start()

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    @property
    def port(self) -> int:
        assert self._httpd is not None, "server not started"
        return self._httpd.server_address[1]


class OpenAIServer:
    """The loopback server; start/stop it, or use it as a context manager."""

    def __init__(self, replies: list[Reply] | None = None, responder: Responder | None = None):
        self._queue: deque[Reply] = deque(replies or [])
        self.responder: Responder | None = responder
        self.requests: list[dict[str, Any]] = []
        self.request_headers: list[dict[str, str]] = []
        self.paths: list[str] = []
        self.models: list[str] = ["test-model"]  # what ``GET /v1/models`` lists
        self.chaos: Chaos | None = None
        self.served: list[Served] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._ids = itertools.count(1)
        self._server = ServerThread(_Handler, self, "openai-test-server")

    # lifecycle ---------------------------------------------------------------------------------
    def start(self) -> OpenAIServer:
        self._stopping.clear()
        self._server.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        self._server.stop()

    def __enter__(self) -> OpenAIServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        return self._server.port

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    # scripting ---------------------------------------------------------------------------------
    def enqueue(self, *replies: Reply) -> None:
        with self._lock:
            self._queue.extend(replies)

    @property
    def pending(self) -> int:
        with self._lock:
            return len(self._queue)

    @property
    def last_request(self) -> dict[str, Any]:
        with self._lock:
            return self.requests[-1]

    def max_prompt_chars(self) -> int:
        """The largest serialised ``messages`` list any request carried (0 if none)."""
        with self._lock:
            return max((len(json.dumps(r.get("messages", []))) for r in self.requests), default=0)

    def _next_reply(self, body: dict[str, Any]) -> tuple[int, Reply | None]:
        with self._lock:
            self.requests.append(body)
            index = len(self.requests) - 1
            if self._queue:
                return index, self._queue.popleft()
            responder = self.responder
            chaos = self.chaos
        reply = responder(body) if responder is not None else None
        if chaos is not None and reply is not None:
            reply = chaos.disturb(index, reply)
        return index, reply

    def _served(self, index: int, arrival: float, reply: Reply) -> None:
        retry_after = None
        if reply.status == 429:
            raw = {k.lower(): v for k, v in reply.headers.items()}.get("retry-after")
            try:
                retry_after = float(raw) if raw is not None else None
            except ValueError:
                retry_after = None
        record = Served(
            index, arrival, time.monotonic(), reply.fault, reply.marker, reply.status, retry_after
        )
        with self._lock:
            self.served.append(record)

    def verdict(self, accepted: Iterable[str] = ()) -> list[str]:
        """Strict findings about the client, empty when it behaved (see ``tests.kit.openai_chaos``).

        ``accepted`` is every text the client kept (stored messages, summaries): a faulty
        reply's marker found there means a broken stream was taken as an answer.
        """
        with self._lock:
            served = list(self.served)
        return verdict(served, accepted)

    def _record_headers(self, headers: dict[str, str], path: str) -> None:
        with self._lock:
            self.request_headers.append(headers)
            self.paths.append(path)

    def _next_id(self) -> int:
        return next(self._ids)

    def _sleep(self, seconds: float) -> None:
        if seconds > 0:
            self._stopping.wait(seconds)


def auto_usage(body: dict[str, Any], reply: Reply) -> dict[str, int]:
    """Plausible usage: 4 chars per token of the messages (+tools) sent and of the reply."""
    prompt = len(json.dumps(body.get("messages", []))) + len(json.dumps(body.get("tools") or []))
    completion = len(reply.text) + sum(
        len(c.name) + len(c.raw_arguments()) for c in reply.tool_calls
    )
    p, c = max(1, prompt // 4), max(1, completion // 4)
    return {"prompt_tokens": p, "completion_tokens": c, "total_tokens": p + c}


class _Handler(StreamFaultWriter, BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: LoopbackHTTPServer

    def log_message(self, format: str, *args: Any) -> None:  # quiet test output
        pass

    def do_GET(self) -> None:
        owner = self.server.owner
        owner._record_headers({k.lower(): v for k, v in self.headers.items()}, self.path)
        if self.path.rstrip("/").endswith("/models"):
            data = [{"id": name, "object": "model"} for name in owner.models]
            self._send_json(200, {"object": "list", "data": data})
        else:
            self._send_json(
                404, {"error": {"message": f"no route {self.path}", "type": "not_found"}}
            )

    def do_POST(self) -> None:
        try:
            self._post()
        except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeout, cancel)
            self.close_connection = True

    def _post(self) -> None:
        owner = self.server.owner
        arrival = time.monotonic()
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        owner._record_headers({k.lower(): v for k, v in self.headers.items()}, self.path)
        if not self.path.rstrip("/").endswith("/chat/completions"):
            self._send_json(
                404, {"error": {"message": f"no route {self.path}", "type": "not_found"}}
            )
            return
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            self._send_json(400, {"error": {"message": "invalid JSON body", "type": "invalid"}})
            return
        index, reply = owner._next_reply(body)
        if reply is None:
            self._send_json(500, {"error": {"message": "no scripted reply", "type": "test_error"}})
            return
        try:
            owner._sleep(reply.first_byte_delay)
            if reply.status != 200:
                self._send_json(reply.status, reply.error_body, reply.headers)
            elif body.get("stream") and not reply.ignore_stream:
                self._stream(body, reply)
            else:
                self._send_json(200, self._completion(body, reply), reply.headers)
        finally:
            owner._served(index, arrival, reply)

    def _not_found(self) -> None:
        error = {"message": f"no route {self.path}", "type": "not_found"}
        self._send_json(404, {"error": error})

    # responses ---------------------------------------------------------------------------------
    def _send_json(self, status: int, payload: Any, headers: dict[str, str] | None = None) -> None:
        data = json.dumps(payload).encode() if not isinstance(payload, bytes) else payload
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)
        self.wfile.flush()

    def _completion(self, body: dict[str, Any], reply: Reply) -> dict[str, Any]:
        owner = self.server.owner
        message: dict[str, Any] = {"role": "assistant", "content": reply.text or None}
        if reply.tool_calls:
            message["tool_calls"] = [
                {
                    "id": call.id or f"call_{owner._next_id()}",
                    "type": "function",
                    "function": {"name": call.name, "arguments": call.raw_arguments()},
                }
                for call in reply.tool_calls
            ]
        result: dict[str, Any] = {
            "id": f"chatcmpl-{owner._next_id()}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": reply.model,
            "choices": [{"index": 0, "message": message, "finish_reason": _finish(reply)}],
        }
        usage = _usage(body, reply)
        if usage is not None:
            result["usage"] = usage
        return result

    def _stream(self, body: dict[str, Any], reply: Reply) -> None:
        owner = self.server.owner
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        for name, value in reply.headers.items():
            self.send_header(name, value)
        self.end_headers()
        base = {
            "id": f"chatcmpl-{owner._next_id()}",
            "object": "chat.completion.chunk",
            "created": int(time.time()),
            "model": reply.model,
        }

        def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
            return {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}

        try:
            self._event(chunk({"role": "assistant", "content": ""}))
            step = max(1, reply.chunk_chars)
            for i in range(0, len(reply.reasoning), step):
                owner._sleep(reply.chunk_delay)  # a model thinks at its own pace too
                self._event(chunk({"reasoning_content": reply.reasoning[i : i + step]}))
            if reply.huge_line_bytes is not None:
                self._huge_line(reply.huge_line_bytes)
                return
            sent = 0
            once: set[str] = set()
            for i in range(0, len(reply.text), step):
                piece = reply.text[i : i + step]
                if reply.cut_after_chars is not None and sent + len(piece) > reply.cut_after_chars:
                    self._cut()
                    return
                if self._stream_fault(reply, sent, once):
                    return
                if (
                    reply.error_event_after_chars is not None
                    and sent >= reply.error_event_after_chars
                ):
                    self._event({"error": reply.error_event or {"message": "stream error"}})
                    self._end()
                    return
                owner._sleep(reply.chunk_delay)
                self._event(chunk({"content": piece}))
                sent += len(piece)
            if reply.error_event_after_chars is not None:
                self._event({"error": reply.error_event or {"message": "stream error"}})
                self._end()
                return
            if reply.cut_after_chars is not None:
                self._cut()
                return
            if self._stream_fault(reply, sent, once, last=True):
                return
            for index, call in enumerate(reply.tool_calls):
                call_id = call.id or f"call_{owner._next_id()}"
                head = {"index": index, "id": call_id, "type": "function"}
                head["function"] = {"name": call.name, "arguments": ""}
                self._event(chunk({"tool_calls": [head]}))
                raw = call.raw_arguments()
                for j in range(0, len(raw), 7):
                    piece = {"index": index, "function": {"arguments": raw[j : j + 7]}}
                    self._event(chunk({"tool_calls": [piece]}))
            if reply.keepalive is not None:
                self._keepalive(reply, chunk)
                return
            if reply.truncate:
                self._end()
                return
            self._event(chunk({}, _finish(reply)))
            usage = _usage(body, reply)
            if usage is not None and (body.get("stream_options") or {}).get("include_usage"):
                self._event({**base, "choices": [], "usage": usage})
            self._raw_event("[DONE]")
            self._end()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def _event(self, payload: dict[str, Any]) -> None:
        self._raw_event(json.dumps(payload))

    def _raw_event(self, data: str) -> None:
        payload = f"data: {data}\n\n".encode()
        self.wfile.write(f"{len(payload):x}\r\n".encode() + payload + b"\r\n")
        self.wfile.flush()

    def _end(self) -> None:
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def _cut(self) -> None:
        """Announce a chunk, send half of it, and drop the connection: an incomplete body."""
        payload = b'data: {"choices": [{"index": 0, "delta": {"content": "never arrives"}}]}\n\n'
        self.wfile.write(f"{len(payload):x}\r\n".encode() + payload[: len(payload) // 2])
        self.wfile.flush()
        self.close_connection = True
        self.connection.shutdown(2)  # socket.SHUT_RDWR


def _finish(reply: Reply) -> str:
    if reply.finish_reason is not None:
        return reply.finish_reason
    return "tool_calls" if reply.tool_calls else "stop"


def _usage(body: dict[str, Any], reply: Reply) -> dict[str, Any] | None:
    if reply.usage is None:
        return None
    if reply.usage == "auto":
        return auto_usage(body, reply)
    assert isinstance(reply.usage, dict)
    return reply.usage
