"""The OpenAI-compatible chat provider (OpenAI, Ollama, LM Studio, vLLM, DashScope, llama.cpp…).

Always streams (``stream_options.include_usage``) so the window sees text as it arrives and a
dropped stream still yields the partial answer. The SSE body is read raw through the SDK's
``with_streaming_response`` and decoded by :mod:`pi_desktop.agent.sse`, so a stream is bounded
(deadlines, a line cap) and a malformed or cut chunk is a retryable error, never a crash. The
SDK's own retries are off (``max_retries=0``): the Agent owns retry policy and must see 429/5xx
itself. Every failure leaves as one of the errors in :mod:`pi_desktop.agent.llm`, classified by
:mod:`pi_desktop.agent.errors`, with the API key masked. One ``AsyncOpenAI`` client serves every
call until :meth:`aclose`. Chunks are folded by :mod:`pi_desktop.agent.openai_stream`.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import uuid
import weakref
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any
from urllib.parse import urlparse

import httpx2
import openai

from pi_desktop import safejson
from pi_desktop.agent.errors import classify_http_error, classify_provider_error, said_by
from pi_desktop.agent.llm import (
    ChatResponse,
    DeltaCallback,
    ProviderError,
    TransientProviderError,
)
from pi_desktop.agent.openai_stream import StreamState
from pi_desktop.agent.retry import RateGate
from pi_desktop.agent.sse import (
    DEFAULT_MAX_LINE_BYTES,
    SSEEvent,
    StreamFormatError,
    StreamLimitError,
    clean_text,
)
from pi_desktop.context import Message
from pi_desktop.usertext import UserText

# Sent when no key is configured: local servers ignore it, and it stops the SDK from silently
# picking up OPENAI_API_KEY for a server the user did not mean to send it to.
NO_KEY = "no-key"

DEFAULT_RESPONSE_DEADLINE = 600.0  # seconds for a whole response, however it trickles
DEFAULT_IDLE_DEADLINE = 120.0  # seconds without progress; keep-alives do not count
GATE_SLEEP_MAX = 0.5  # a pending Retry-After shorter than this is waited out silently
DEFAULT_MAX_RESPONSE_BYTES = 128 * 1024 * 1024  # raw SSE bytes of one response (~10x a long one)
MAX_ERROR_BODY_BYTES = 1024 * 1024  # an error page; real ones are a few hundred bytes
DRAIN_SECONDS = 0.1  # after [DONE], read what is left this long so the connection is reused


def normalize_base_url(base_url: str | None) -> str | None:
    """Accept what users paste: surrounding spaces, a trailing slash, or the full endpoint."""
    if base_url is None or not base_url.strip():
        return None
    url = base_url.strip().rstrip("/")
    for suffix in ("/chat/completions", "/completions"):
        if url.endswith(suffix):
            url = url[: -len(suffix)]
    return url


def to_openai_messages(
    messages: Sequence[Message], *, send_reasoning: bool = True, always_reasoning: bool = False
) -> list[dict[str, Any]]:
    """Our messages as OpenAI chat dicts: tool calls and tool_call_id only, no other metadata.

    An assistant message with tool calls carries its reasoning back as ``reasoning_content``
    (DeepSeek's thinking mode rejects the request without it; servers that do not know the
    field ignore it); a plain turn's reasoning is never sent (no provider reads it).
    ``send_reasoning=False`` leaves it out everywhere (a provider known to reject it);
    ``always_reasoning`` sends an empty one for a tool-call message that has none (DeepSeek
    checks the field is there: a call made with thinking off must not jam a session that
    turns it on).
    """
    out: list[dict[str, Any]] = []
    for m in messages:
        item: dict[str, Any] = {"role": m.role, "content": m.content}
        if m.role == "assistant" and m.tool_calls:
            item["tool_calls"] = [_wire_tool_call(call) for call in m.tool_calls]
            reasoning = (m.metadata or {}).get("reasoning")
            if send_reasoning and isinstance(reasoning, str) and reasoning:
                item["reasoning_content"] = reasoning
            elif send_reasoning and always_reasoning:
                item["reasoning_content"] = ""
        elif m.role == "tool":
            item["tool_call_id"] = m.tool_call_id or ""
        out.append(item)
    return out


def _wire_tool_call(call: dict[str, Any]) -> dict[str, Any]:
    function = call.get("function") or {}
    arguments = function.get("arguments", "")
    if not isinstance(arguments, str):
        arguments = json.dumps(arguments, ensure_ascii=False)
    return {
        "id": str(call.get("id", "")),
        "type": "function",
        "function": {"name": str(function.get("name", "")), "arguments": arguments},
    }


class OpenAIChatLLM:
    """A chat model behind any OpenAI-compatible ``/chat/completions`` endpoint.

    Streams are bounded: ``response_deadline`` seconds for the whole response, and
    ``idle_deadline`` seconds without progress (text, tool-call pieces, a finish reason —
    SSE comments and empty deltas do not count, so keep-alives cannot hold a stall open);
    one SSE event may hold at most ``max_line_bytes`` and one response ``max_response_bytes``
    (so a fast hostile stream cannot fill memory before the deadline). ``timeout`` is the
    HTTP client's connect/read timeout. Requests to one server with one key share a
    :class:`RateGate`, so a 429's Retry-After holds back the chat and the summarizer alike.
    """

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout: float = 60.0,
        temperature: float | None = None,
        max_tokens: int | None = None,
        extra_headers: dict[str, str] | None = None,
        response_deadline: float = DEFAULT_RESPONSE_DEADLINE,
        idle_deadline: float = DEFAULT_IDLE_DEADLINE,
        max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
        max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
        rate_gate: RateGate | None = None,
        extra_body: dict[str, Any] | None = None,
        reasoning_effort: str | None = None,
        send_reasoning: bool = True,
        always_reasoning: bool = False,
        server: str | None = None,
        context_window: int | None = None,
    ) -> None:
        if response_deadline <= 0 or idle_deadline <= 0:
            raise ValueError("response_deadline and idle_deadline must be > 0 seconds")
        if max_line_bytes < 1 or max_response_bytes < 1:
            raise ValueError("max_line_bytes and max_response_bytes must be >= 1")
        self.model = model
        self.base_url = normalize_base_url(base_url)
        self.timeout = timeout
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.response_deadline = float(response_deadline)
        self.idle_deadline = float(idle_deadline)
        self.max_line_bytes = int(max_line_bytes)
        self.max_response_bytes = int(max_response_bytes)
        self.extra_body = dict(extra_body) if extra_body else None
        self.reasoning_effort = reasoning_effort or None
        self.send_reasoning = send_reasoning
        self.always_reasoning = always_reasoning
        self.server = server  # "ollama", "llamacpp", "vllm", "lmstudio": its extra endpoints
        self.context_window = context_window  # the server's window, when something stated it
        self._secret = api_key or None
        self.rate_gate = rate_gate if rate_gate is not None else shared_gate(self.base_url, api_key)
        self._client = openai.AsyncOpenAI(
            api_key=api_key or NO_KEY,
            base_url=self.base_url,
            timeout=timeout,
            max_retries=0,
            default_headers=extra_headers,
            http_client=openai.DefaultAsyncHttpxClient(event_hooks={"response": [_cap_error_body]}),
        )
        self._stream_options = True  # dropped for servers that reject the field

    @property
    def name(self) -> str:
        """Short label for the status bar: the model name."""
        return self.model

    def describe(self) -> str:
        """``model @ host`` — never the key."""
        host = urlparse(self.base_url).netloc if self.base_url else "api.openai.com"
        return f"{self.model} @ {host or self.base_url}"

    def __repr__(self) -> str:
        return f"OpenAIChatLLM(model={self.model!r}, base_url={self.base_url!r})"

    async def aclose(self) -> None:
        await self._client.close()

    async def list_models(self) -> list[str]:
        """The model ids the server offers (``GET /models``), sorted; errors are classified
        like a chat's (a refused connection is ``ServerUnreachableError`` at once)."""
        try:
            page = await self._client.models.list()
            ids = {clean_text(str(m.id)) for m in page.data if getattr(m, "id", None)}
        except (openai.OpenAIError, httpx2.HTTPError, OSError) as exc:
            raise classify_provider_error(
                exc, provider=self.describe(), secrets=[self._secret]
            ) from None
        return sorted(ids, key=str.lower)

    async def __aenter__(self) -> OpenAIChatLLM:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    def _request(
        self, messages: Sequence[Message], tools: Sequence[dict[str, Any]] | None
    ) -> dict[str, Any]:
        request: dict[str, Any] = {
            "model": self.model,
            "messages": to_openai_messages(
                messages, send_reasoning=self.send_reasoning, always_reasoning=self.always_reasoning
            ),
            "stream": True,
        }
        if self.reasoning_effort is not None:
            request["reasoning_effort"] = self.reasoning_effort
        if self.extra_body:
            request["extra_body"] = dict(self.extra_body)
        if self._stream_options:
            request["stream_options"] = {"include_usage": True}
        if tools:
            request["tools"] = list(tools)
        if self.temperature is not None:
            request["temperature"] = self.temperature
        if self.max_tokens is not None:
            request["max_tokens"] = self.max_tokens
        return request

    async def chat(
        self,
        messages: Sequence[Message],
        tools: Sequence[dict[str, Any]] | None = None,
        on_delta: DeltaCallback | None = None,
        *,
        on_reasoning: DeltaCallback | None = None,
        on_retract: Callable[[], Any] | None = None,
    ) -> ChatResponse:
        """Stream one completion; text goes to ``on_delta`` as it arrives, reasoning (however
        the server sends it) to ``on_reasoning``; the message keeps it in
        ``metadata["reasoning"]``. ``on_retract()`` says the text given so far was reasoning
        after all (a lone ``</think>``, see :mod:`pi_desktop.agent.think`): drop it.

        Raises ``ContextOverflowError``, ``TransientProviderError`` (``partial`` holds the text
        streamed before a failure) or ``ProviderError``. A server that rejects
        ``stream_options`` (older local servers) is asked once more without it, and remembered.
        While a Retry-After is pending nothing is sent: a short rest is waited out here, a
        longer one raises ``TransientProviderError`` with the rest as ``retry_after``.
        """
        await self._wait_for_gate()
        try:
            try:
                return await self._stream(messages, tools, on_delta, on_reasoning, on_retract)
            except ProviderError as exc:
                rejected = exc.status in (400, 422) and "stream_options" in str(exc).lower()
                if not (rejected and self._stream_options and not exc.partial):
                    raise
                self._stream_options = False
            return await self._stream(messages, tools, on_delta, on_reasoning, on_retract)
        except TransientProviderError as exc:
            self.rate_gate.hold(exc.retry_after)
            raise

    async def _wait_for_gate(self) -> None:
        while (rest := self.rate_gate.remaining()) > 0:
            if rest > GATE_SLEEP_MAX:
                raise TransientProviderError(
                    said_by(
                        self.describe(),
                        UserText(
                            "Errors",
                            "rate limited — the server asked to wait %1 s more before the next "
                            "request",
                            f"{rest:.1f}",
                        ),
                    ),
                    status=429,
                    retry_after=rest,
                )
            await asyncio.sleep(rest)

    async def _stream(
        self,
        messages: Sequence[Message],
        tools: Sequence[dict[str, Any]] | None,
        on_delta: DeltaCallback | None,
        on_reasoning: DeltaCallback | None = None,
        on_retract: Callable[[], Any] | None = None,
    ) -> ChatResponse:
        state = StreamState(self.max_line_bytes)
        state.on_delta, state.on_reasoning = on_delta, on_reasoning
        state.on_retract = on_retract
        loop = asyncio.get_running_loop()
        hard = loop.time() + self.response_deadline
        deadline = asyncio.timeout_at(min(hard, loop.time() + self.idle_deadline))
        create = self._client.chat.completions.with_streaming_response.create
        try:
            async with deadline, create(**self._request(messages, tools)) as response:
                body = response.http_response.aiter_bytes()
                if _is_json(response.http_response.headers.get("content-type")):
                    await self._whole_json(body, state, on_delta)
                else:
                    await self._read_sse(body, state, on_delta, deadline, hard)
        except TimeoutError as exc:
            if deadline.expired() and not state.done:
                raise self._deadline_error(state, loop.time() >= hard) from None
            if not deadline.expired():  # not ours: a timeout from below the client
                self._raise_unless_complete(exc, state)
        except (StreamFormatError, StreamLimitError) as exc:
            raise self._format_error(exc, state) from None
        except (openai.OpenAIError, httpx2.HTTPError, OSError) as exc:
            self._raise_unless_complete(exc, state)
        tail, thought = state.flush()
        if state.take_retracted():
            await _call(on_retract)
        if thought:
            await _deliver(on_reasoning, thought)
        if tail:
            await _deliver(on_delta, tail)
        if state.finish_reason is None:
            raise TransientProviderError(
                said_by(
                    self.describe(),
                    UserText("Errors", "the stream ended before the response was complete"),
                ),
                partial=state.partial,
            )
        calls = state.calls.result(prefix=f"call_{uuid.uuid4().hex[:12]}")
        metadata: dict[str, Any] = {"tool_calls": calls} if calls else {}
        reasoning = state.partial_reasoning
        if reasoning.strip():
            metadata["reasoning"] = reasoning
        message = Message(role="assistant", content=state.partial, metadata=metadata or None)
        return ChatResponse(
            message=message,
            usage=state.usage,
            model=state.model or self.model,
            finish_reason=state.finish_reason,
        )

    async def _read_sse(
        self,
        body: AsyncIterator[bytes],
        state: StreamState,
        on_delta: DeltaCallback | None,
        deadline: asyncio.Timeout,
        hard: float,
    ) -> None:
        """Decode the SSE body; each bit of progress moves the idle deadline (never past
        ``hard``); after [DONE] the rest is drained briefly so the connection can be reused."""
        loop = asyncio.get_running_loop()
        received = 0
        async for raw in body:
            if state.done:
                continue
            received += len(raw)
            if received > self.max_response_bytes:
                raise StreamLimitError(
                    f"the response is larger than {self.max_response_bytes:,} bytes (the limit)"
                )
            if await self._events(state.decoder.feed(raw), state, on_delta):
                deadline.reschedule(min(hard, loop.time() + self.idle_deadline))
            if state.done:
                deadline.reschedule(min(hard, loop.time() + DRAIN_SECONDS))
        if not state.done:
            await self._events(state.decoder.finish(), state, on_delta)

    async def _events(
        self, events: list[SSEEvent], state: StreamState, on_delta: DeltaCallback | None
    ) -> bool:
        """Apply decoded events; True when any made progress. Stops at ``[DONE]``."""
        progress = False
        for event in events:
            if state.done:
                break
            data = event.data
            if data.startswith("[DONE]"):
                state.done = True
                break
            if not data.strip() and event.event is None:
                continue  # an empty data line: another keep-alive
            payload = _json_object(data)
            if event.event == "error":
                payload.setdefault("error", payload)
            progress = await self._apply(payload, state, on_delta) or progress
        return progress

    async def _apply(
        self, payload: dict[str, Any], state: StreamState, on_delta: DeltaCallback | None
    ) -> bool:
        error = payload.get("error")
        if error:
            raise classify_http_error(
                None, error, provider=self.describe(), partial=state.partial, secrets=[self._secret]
            )
        moved, text, thought = state.apply(payload)
        if state.take_retracted():
            await _call(state.on_retract)
        if thought:
            await _deliver(state.on_reasoning, thought)
        if text:
            await _deliver(on_delta, text)
        return moved

    async def _whole_json(
        self, body: AsyncIterator[bytes], state: StreamState, on_delta: DeltaCallback | None
    ) -> None:
        """A server that ignored ``stream`` and sent one JSON completion: read it (capped) and
        fold it in as a single chunk, its ``message`` taken as the ``delta``."""
        data = bytearray()
        async for raw in body:
            if len(data) + len(raw) > self.max_line_bytes:
                raise StreamLimitError(
                    f"the response is larger than {self.max_line_bytes:,} bytes (the limit)"
                )
            data += raw
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise StreamFormatError("the response is not UTF-8") from None
        payload = _json_object(text)
        for choice in payload.get("choices") or []:
            if isinstance(choice, dict) and "delta" not in choice:
                choice["delta"] = choice.pop("message", None)
        await self._apply(payload, state, on_delta)
        state.done = True

    def _raise_unless_complete(self, exc: BaseException, state: StreamState) -> None:
        """A transport failure after a finished answer and its [DONE] (while draining) is
        harmless; any other is classified and raised."""
        if not (state.done and state.finish_reason):
            raise classify_provider_error(
                exc, provider=self.describe(), partial=state.partial, secrets=[self._secret]
            ) from None

    def _deadline_error(self, state: StreamState, overall: bool) -> ProviderError:
        if overall:
            return ProviderError(
                said_by(
                    self.describe(),
                    UserText(
                        "Errors",
                        "no complete response within %1 s (the response deadline in Settings); "
                        "the stream was stopped",
                        f"{self.response_deadline:g}",
                    ),
                ),
                partial=state.partial,
            )
        return TransientProviderError(
            said_by(
                self.describe(),
                UserText(
                    "Errors",
                    "the response stalled — no progress for %1 s (keep-alives do not count)",
                    f"{self.idle_deadline:g}",
                ),
            ),
            partial=state.partial,
        )

    def _format_error(self, exc: ValueError, state: StreamState) -> ProviderError:
        if isinstance(exc, ErrorBodyTooLarge):
            kind = TransientProviderError if exc.status >= 500 or exc.status == 429 else None
            text = f"{self.describe()}: HTTP {exc.status}, and {exc}"
            if kind is not None:
                return kind(text, status=exc.status)
            return ProviderError(text, status=exc.status)
        if isinstance(exc, StreamLimitError):
            return ProviderError(
                f"{self.describe()}: {exc}; the stream was stopped", partial=state.partial
            )
        return TransientProviderError(
            said_by(
                self.describe(),
                UserText("Errors", "the stream sent a malformed chunk (%1)", str(exc)),
            ),
            partial=state.partial,
        )


class ErrorBodyTooLarge(StreamLimitError):
    """An error response's body is over ``MAX_ERROR_BODY_BYTES`` (it is not read further)."""

    def __init__(self, status: int) -> None:
        super().__init__(
            f"its error body is larger than {MAX_ERROR_BODY_BYTES:,} bytes (not read further)"
        )
        self.status = status


class _CappedBody(httpx2.AsyncByteStream):
    """A response body that stops at ``MAX_ERROR_BODY_BYTES``: the SDK reads an error body
    whole before raising, so a hostile server's endless 500 page would fill memory."""

    def __init__(self, inner: Any, status: int) -> None:
        self._inner = inner
        self._status = status

    async def __aiter__(self) -> AsyncIterator[bytes]:
        seen = 0
        async for chunk in self._inner:
            seen += len(chunk)
            if seen > MAX_ERROR_BODY_BYTES:
                raise ErrorBodyTooLarge(self._status)
            yield chunk

    async def aclose(self) -> None:
        await self._inner.aclose()


async def _cap_error_body(response: httpx2.Response) -> None:
    if response.status_code >= 400:
        response.stream = _CappedBody(response.stream, response.status_code)


def _is_json(content_type: str | None) -> bool:
    kind = (content_type or "").split(";")[0].strip().lower()
    return kind == "application/json" or kind.endswith("+json")


def _json_object(data: str) -> dict[str, Any]:
    try:
        payload = safejson.loads(data)  # bounded depth: a hostile chunk nests 100,000 deep
    except (ValueError, RecursionError):
        raise StreamFormatError("a chunk is not valid JSON") from None
    if not isinstance(payload, dict):
        raise StreamFormatError("a chunk is not a JSON object")
    return payload


async def _call(callback: Callable[[], Any] | None) -> None:
    if callback is not None:
        result = callback()
        if inspect.isawaitable(result):
            await result


async def _deliver(on_delta: DeltaCallback | None, text: str) -> None:
    if on_delta is not None:
        result = on_delta(text)
        if inspect.isawaitable(result):
            await result


_GATES: weakref.WeakValueDictionary[tuple[str, str], RateGate] = weakref.WeakValueDictionary()


def shared_gate(base_url: str | None, api_key: str | None) -> RateGate:
    """The :class:`RateGate` of one server and key, shared by every client made for them
    (the chat model and a separate summarizer model hit the same rate limit)."""
    key = (base_url or "https://api.openai.com/v1", api_key or "")
    gate = _GATES.get(key)
    if gate is None:
        gate = RateGate()
        _GATES[key] = gate
    return gate
