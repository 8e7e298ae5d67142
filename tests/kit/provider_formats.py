"""A loopback server that streams each provider's own chunk format, and its extra endpoints.

``tests/kit/openai_server.py`` speaks plain OpenAI; the providers people use differ in the details
that matter here: where reasoning comes (DeepSeek, DashScope/Qwen and llama.cpp's server
``delta.reasoning_content``; OpenRouter and Ollama ``delta.reasoning``; LM Studio, Ollama's
older templates and llama-cpp-python ``<think>`` inside ``content``), the ``null`` fields beside
it, SSE comments (OpenRouter's ``: OPENROUTER PROCESSING``), and the usage dialects (OpenAI
``prompt_tokens_details.cached_tokens``, DeepSeek ``prompt_cache_hit_tokens`` /
``prompt_cache_miss_tokens``, none at all from llama-cpp-python). The chunks follow the
providers' documented examples (read from their API docs), not what this app sends.

Extras per server: Ollama ``POST /api/show``; llama.cpp ``GET /props``, ``POST
/apply-template``, ``POST /tokenize``; llama-cpp-python ``POST /extras/tokenize/count``; vLLM
``GET /v1/models`` with ``max_model_len`` and ``POST /tokenize``; LM Studio ``GET
/api/v0/models/<id>``.

Behaviours: ``deepseek_rule`` answers HTTP 400 "Missing `reasoning_content` field in the
assistant message at message index N" for a request whose assistant message with tool calls
lacks it (DeepSeek's thinking mode); ``window`` makes a prompt over that many tokens (4 chars
per token of the messages) get HTTP 200 and a broken stream, as llama.cpp's server does;
``api_key`` refuses any other bearer token with 401; ``strict_models`` answers 404 for a model
not in ``models``.
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.kit.openai_server import LoopbackHTTPServer, ServerThread

DIALECTS = (
    "openai",
    "deepseek",
    "dashscope",
    "openrouter",
    "ollama",
    "ollama_think",
    "lmstudio",
    "vllm",
    "llamacpp",
    "llama_cpp_python",
)
# which preset each dialect's server stands for
PRESET_OF = {
    "openai": "openai",
    "deepseek": "deepseek",
    "dashscope": "dashscope",
    "openrouter": "openrouter",
    "ollama": "ollama",
    "ollama_think": "ollama",
    "lmstudio": "lmstudio",
    "vllm": "vllm",
    "llamacpp": "llamacpp",
    "llama_cpp_python": "llamacpp",
}
THINK_IN_CONTENT = frozenset({"ollama_think", "lmstudio", "llama_cpp_python"})
NO_USAGE = frozenset({"llama_cpp_python"})


@dataclass
class Turn:
    """One scripted answer: reasoning, text, tool calls ``[(name, arguments dict)]``."""

    text: str = ""
    reasoning: str = ""
    tool_calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    cached_tokens: int = 0
    open_in_prompt: bool = False  # the template put <think> in the prompt: only </think> comes


Responder = Callable[[dict[str, Any]], Turn]


def prompt_tokens(body: dict[str, Any]) -> int:
    return max(1, len(json.dumps(body.get("messages", []))) // 4)


def template_tokens(body: dict[str, Any]) -> int:
    """What llama-cpp-python counts: its chat template rendered, 4 chars a token."""
    rendered = "".join(
        f"<|im_start|>{m.get('role')}\n{m.get('content') or ''}<|im_end|>\n"
        for m in body.get("messages", [])
    )
    return max(1, len(rendered + "<|im_start|>assistant\n") // 4)


def completion_tokens(turn: Turn) -> int:
    calls = sum(len(n) + len(json.dumps(a)) for n, a in turn.tool_calls)
    return max(1, (len(turn.text) + len(turn.reasoning) + calls) // 4)


def usage_for(dialect: str, body: dict[str, Any], turn: Turn) -> dict[str, Any] | None:
    """The usage object in ``dialect``'s own field names."""
    if dialect in NO_USAGE:
        return None
    p, c = prompt_tokens(body), completion_tokens(turn)
    r = max(0, len(turn.reasoning) // 4)
    cached = min(turn.cached_tokens, p)
    usage: dict[str, Any] = {"prompt_tokens": p, "completion_tokens": c, "total_tokens": p + c}
    if dialect == "openai":
        usage["prompt_tokens_details"] = {"cached_tokens": cached, "audio_tokens": 0}
        usage["completion_tokens_details"] = {
            "reasoning_tokens": r,
            "audio_tokens": 0,
            "accepted_prediction_tokens": 0,
            "rejected_prediction_tokens": 0,
        }
    elif dialect == "deepseek":
        usage["prompt_tokens_details"] = {"cached_tokens": cached}
        usage["completion_tokens_details"] = {"reasoning_tokens": r}
        usage["prompt_cache_hit_tokens"] = cached
        usage["prompt_cache_miss_tokens"] = p - cached
    elif dialect == "dashscope":
        usage["completion_tokens_details"] = {"reasoning_tokens": r}
        usage["prompt_tokens_details"] = {"cached_tokens": cached}
    elif dialect == "openrouter":
        usage["cost"] = 0.00012
        usage["prompt_tokens_details"] = {"cached_tokens": cached}
        usage["completion_tokens_details"] = {"reasoning_tokens": r}
    elif dialect == "vllm":
        usage["prompt_tokens_details"] = None
    return usage


def _pieces(text: str, size: int) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)]


def stream_events(
    dialect: str, body: dict[str, Any], turn: Turn, *, size: int = 3, model: str = "m"
) -> list[str]:
    """The SSE ``data:`` payloads (and ``:`` comments, as ``": ..."``) ``dialect`` streams."""
    ids = f"chatcmpl-{int(time.time() * 1000) % 100000}"
    base: dict[str, Any] = {
        "id": ids,
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": model,
    }
    if dialect == "openai":
        base["system_fingerprint"] = "fp_0123456789"
    elif dialect in ("ollama", "ollama_think"):
        base["system_fingerprint"] = "fp_ollama"
    elif dialect == "llamacpp":
        base["system_fingerprint"] = "b6000-0123abcd"

    def chunk(delta: dict[str, Any], finish: str | None = None, **extra: Any) -> str:
        choice: dict[str, Any] = {"index": 0, "delta": delta, "finish_reason": finish}
        if dialect in ("openai", "dashscope"):
            choice["logprobs"] = None
        if dialect == "openrouter" and finish:
            choice["native_finish_reason"] = finish
        return json.dumps({**base, "choices": [choice], **extra})

    out: list[str] = []
    if dialect == "openrouter":
        out.append(": OPENROUTER PROCESSING")
    reasoning, text = turn.reasoning, turn.text
    if dialect in THINK_IN_CONTENT and reasoning:
        opening = "" if turn.open_in_prompt else "<think>\n"
        text = f"{opening}{reasoning}\n</think>\n\n{text}"
        reasoning = ""
    # the opening chunk
    if dialect == "openai":
        out.append(chunk({"role": "assistant", "content": "", "refusal": None}))
    elif dialect in ("deepseek", "dashscope"):
        out.append(chunk({"role": "assistant", "content": None, "reasoning_content": ""}))
    elif dialect == "llamacpp":
        out.append(chunk({"role": "assistant", "content": None}))
    else:
        out.append(chunk({"role": "assistant", "content": ""}))
    for piece in _pieces(reasoning, size):
        if dialect in ("deepseek", "dashscope"):
            out.append(chunk({"content": None, "reasoning_content": piece}))
        elif dialect in ("vllm", "llamacpp"):
            out.append(chunk({"reasoning_content": piece}))
        elif dialect == "openrouter":
            detail = {"type": "reasoning.text", "text": piece, "format": "unknown", "index": 0}
            out.append(
                chunk(
                    {
                        "role": "assistant",
                        "content": "",
                        "reasoning": piece,
                        "reasoning_details": [detail],
                    }
                )
            )
        elif dialect == "ollama":
            out.append(chunk({"role": "assistant", "content": "", "reasoning": piece}))
        else:  # openai: o-series models keep their reasoning hidden
            pass
    for piece in _pieces(text, size):
        if dialect in ("deepseek", "dashscope"):
            out.append(chunk({"content": piece, "reasoning_content": None}))
        elif dialect in ("openrouter", "ollama", "ollama_think"):
            out.append(chunk({"role": "assistant", "content": piece}))
        else:
            out.append(chunk({"content": piece}))
    for index, (name, arguments) in enumerate(turn.tool_calls):
        raw = json.dumps(arguments)
        head = {
            "index": index,
            "id": f"call_{index}_{abs(hash(raw)) % 10**8}",
            "type": "function",
            "function": {"name": name, "arguments": ""},
        }
        out.append(chunk({"tool_calls": [head]}))
        for piece in _pieces(raw, 6):
            out.append(chunk({"tool_calls": [{"index": index, "function": {"arguments": piece}}]}))
    finish = "tool_calls" if turn.tool_calls else "stop"
    usage = usage_for(dialect, body, turn)
    wants_usage = bool((body.get("stream_options") or {}).get("include_usage"))
    if dialect in ("deepseek", "dashscope"):
        out.append(chunk({"content": "", "reasoning_content": None}, finish))
    elif dialect == "llamacpp":
        timings = {"prompt_n": prompt_tokens(body), "predicted_n": completion_tokens(turn)}
        out.append(chunk({}, finish, timings=timings))
    else:
        out.append(chunk({}, finish))
    if usage is not None and wants_usage:
        out.append(json.dumps({**base, "choices": [], "usage": usage}))
    out.append("[DONE]")
    return out


class ProviderServer:
    """One provider's server on 127.0.0.1 (see the module docstring)."""

    def __init__(
        self,
        dialect: str,
        responder: Responder | None = None,
        *,
        model: str = "m",
        models: tuple[str, ...] = (),
        deepseek_rule: bool = False,
        window: int | None = None,
        api_key: str | None = None,
        ollama_num_ctx: int | None = None,
        ollama_context_length: int = 131072,
        ollama_loaded_ctx: int | None = None,
        chunk_size: int = 3,
        strict_models: bool = False,
        blank_reasoning_every: float | None = None,
        chunk_delay: float = 0.0,
    ) -> None:
        assert dialect in DIALECTS, dialect
        self.dialect = dialect
        self.responder = responder or (lambda body: Turn(text="ok"))
        self.model = model
        self.models = models or (model,)
        self.deepseek_rule = deepseek_rule
        self.window = window
        self.api_key = api_key
        self.ollama_num_ctx = ollama_num_ctx
        self.ollama_context_length = ollama_context_length
        self.ollama_loaded_ctx = ollama_loaded_ctx  # /api/ps: the loaded model's context
        self.chunk_size = chunk_size
        self.strict_models = strict_models  # an unknown model gets 404, as OpenAI answers
        # stream reasoning deltas of blanks at this interval until the client hangs up
        self.blank_reasoning_every = blank_reasoning_every
        self.blank_deltas = 0
        self.chunk_delay = chunk_delay  # seconds between chunks (a live Thinking block)
        self.requests: list[dict[str, Any]] = []
        self.rejected: list[str] = []  # the DeepSeek rule's 400 messages
        self.broken: int = 0  # streams broken for being over the window
        self.paths: list[str] = []
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._server = ServerThread(_Handler, self, "provider-test-server")

    def start(self) -> ProviderServer:
        self._server.start()
        return self

    def stop(self) -> None:
        self._server.stop()

    def __enter__(self) -> ProviderServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def root(self) -> str:
        return f"http://127.0.0.1:{self._server.port}"

    @property
    def base_url(self) -> str:
        return f"{self.root}/v1"

    def chat_requests(self) -> list[dict[str, Any]]:
        with self._lock:
            return [r for r in self.requests if "messages" in r and "stream" in r]

    def deepseek_violation(self, body: dict[str, Any]) -> str | None:
        """DeepSeek's rule: every assistant message with tool calls carries the
        ``reasoning_content`` field (the server checks it is there, as its wording says)."""
        for index, message in enumerate(body.get("messages", [])):
            if (
                message.get("role") == "assistant"
                and message.get("tool_calls")
                and not isinstance(message.get("reasoning_content"), str)
            ):
                return (
                    "Missing `reasoning_content` field in the assistant message at message "
                    f"index {index}"
                )
        return None


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: LoopbackHTTPServer

    def log_message(self, format: str, *args: Any) -> None:
        pass

    @property
    def owner(self) -> ProviderServer:
        return self.server.owner

    def _authorized(self) -> bool:
        key = self.owner.api_key
        if key is None or self.headers.get("Authorization") == f"Bearer {key}":
            return True
        self._json(
            401,
            {
                "error": {
                    "message": "Incorrect API key provided: sk-****. You can find your API key "
                    "in your account settings.",
                    "type": "invalid_request_error",
                    "param": None,
                    "code": "invalid_api_key",
                }
            },
        )
        return False

    def do_GET(self) -> None:
        owner = self.owner
        with owner._lock:
            owner.paths.append(self.path)
        path = self.path.rstrip("/")
        if path == "/v1/models":
            if not self._authorized():
                return
            data = []
            for name in owner.models:
                item: dict[str, Any] = {"id": name, "object": "model", "owned_by": "owner"}
                if owner.dialect == "vllm" and owner.window:
                    item["max_model_len"] = owner.window
                data.append(item)
            self._json(200, {"object": "list", "data": data})
        elif path == "/api/ps" and owner.dialect.startswith("ollama"):
            loaded = []
            if owner.ollama_loaded_ctx:
                loaded.append(
                    {"name": owner.model, "model": owner.model, "size_vram": 1,
                     "context_length": owner.ollama_loaded_ctx}
                )  # fmt: skip
            self._json(200, {"models": loaded})
        elif path == "/props" and owner.dialect == "llamacpp" and owner.window:
            self._json(
                200,
                {"default_generation_settings": {"n_ctx": owner.window}, "total_slots": 1},
            )
        elif path.startswith("/api/v0/models/") and owner.dialect == "lmstudio" and owner.window:
            self._json(
                200,
                {
                    "id": path.rsplit("/", 1)[1],
                    "state": "loaded",
                    "max_context_length": 131072,
                    "loaded_context_length": owner.window,
                },
            )
        else:
            self._json(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})

    def do_POST(self) -> None:
        try:
            self._post()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def _post(self) -> None:
        owner = self.owner
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}")
        with owner._lock:
            owner.paths.append(self.path)
            owner.requests.append(body)
        path = self.path.rstrip("/")
        if path == "/api/show" and owner.dialect.startswith("ollama"):
            self._ollama_show(body)
        elif path == "/apply-template" and owner.dialect == "llamacpp":
            text = "".join(
                f"<|im_start|>{m['role']}\n{m['content']}<|im_end|>\n" for m in body["messages"]
            )
            self._json(200, {"prompt": text + "<|im_start|>assistant\n"})
        elif path == "/tokenize" and owner.dialect == "llamacpp":
            content = body.get("content", "")
            self._json(200, {"tokens": list(range(max(1, len(content) // 4)))})
        elif path == "/extras/tokenize/count" and owner.dialect == "llama_cpp_python":
            self._json(200, {"count": max(1, len(body.get("input", "")) // 4)})
        elif path == "/tokenize" and owner.dialect == "vllm":
            count = max(1, len(json.dumps(body.get("messages", []))) // 4)
            self._json(200, {"count": count, "max_model_len": owner.window, "tokens": []})
        elif path == "/v1/chat/completions":
            if self._authorized():
                self._chat(body)
        else:
            self._json(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})

    def _ollama_show(self, body: dict[str, Any]) -> None:
        owner = self.owner
        params = 'stop "<|im_end|>"\ntemperature 0.7'
        if owner.ollama_num_ctx:
            params = f"num_ctx {owner.ollama_num_ctx}\n" + params
        self._json(
            200,
            {
                "modelfile": '# Modelfile generated by "ollama show"',
                "parameters": params,
                "template": "{{ .Prompt }}",
                "details": {"family": "qwen3", "parameter_size": "0.6B"},
                "model_info": {
                    "general.architecture": "qwen3",
                    "qwen3.context_length": owner.ollama_context_length,
                },
                "capabilities": ["completion", "tools", "thinking"],
            },
        )

    def _chat(self, body: dict[str, Any]) -> None:
        owner = self.owner
        if owner.deepseek_rule:
            problem = owner.deepseek_violation(body)
            if problem is not None:
                with owner._lock:
                    owner.rejected.append(problem)
                self._json(
                    400,
                    {
                        "error": {
                            "message": problem,
                            "type": "invalid_request_error",
                            "param": None,
                            "code": "invalid_request_error",
                        }
                    },
                )
                return
        if owner.strict_models and body.get("model") not in owner.models:
            self._json(
                404,
                {
                    "error": {
                        "message": f"The model `{body.get('model')}` does not exist or you do "
                        "not have access to it.",
                        "type": "invalid_request_error",
                        "param": None,
                        "code": "model_not_found",
                    }
                },
            )
            return
        size = template_tokens(body) if owner.dialect == "llama_cpp_python" else prompt_tokens(body)
        if owner.window is not None and size > owner.window:
            with owner._lock:
                owner.broken += 1
            self._broken_stream()
            return
        if owner.blank_reasoning_every is not None:
            self._blank_reasoning(owner.blank_reasoning_every)
            return
        turn = owner.responder(body)
        events = stream_events(
            owner.dialect, body, turn, size=owner.chunk_size, model=body.get("model", "m")
        )
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for event in events:
            line = event if event.startswith(":") else f"data: {event}"
            payload = f"{line}\n\n".encode()
            self.wfile.write(f"{len(payload):x}\r\n".encode() + payload + b"\r\n")
            if owner.chunk_delay:
                self.wfile.flush()
                time.sleep(owner.chunk_delay)
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def _blank_reasoning(self, every: float) -> None:
        """A model "thinking" in spaces forever: chunks keep coming, nothing is said."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        chunk = {"choices": [{"index": 0, "delta": {"reasoning_content": " \n"}}]}
        payload = f"data: {json.dumps(chunk)}\n\n".encode()
        try:
            for _ in range(10_000):
                self.wfile.write(f"{len(payload):x}\r\n".encode() + payload + b"\r\n")
                self.wfile.flush()
                with self.owner._lock:
                    self.owner.blank_deltas += 1
                time.sleep(every)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def _broken_stream(self) -> None:
        """llama-cpp-python over its window: the headers say 200, then the body just ends."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.wfile.flush()
        self.close_connection = True
        self.connection.shutdown(2)

    def _json(self, status: int, payload: Any) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        self.wfile.flush()
