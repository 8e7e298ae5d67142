"""The OpenAI-compatible chat provider (OpenAI, Ollama, LM Studio, vLLM, DashScope, llama.cpp…).

Always streams (``stream_options.include_usage``) so the window sees text as it arrives and a
dropped stream still yields the partial answer. The SDK's own retries are off (``max_retries=0``):
the Agent owns retry policy and must see 429/5xx itself. Every failure leaves as one of the
errors in :mod:`pi_desktop.agent.llm`, classified by :mod:`pi_desktop.agent.errors`, with the API
key masked. One ``AsyncOpenAI`` client serves every call until :meth:`aclose`.
"""

from __future__ import annotations

import inspect
import json
import uuid
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlparse

import httpx2
import openai

from pi_desktop.agent.errors import classify_provider_error
from pi_desktop.agent.llm import (
    ChatResponse,
    DeltaCallback,
    ProviderError,
    TransientProviderError,
)
from pi_desktop.context import Message

# Sent when no key is configured: local servers ignore it, and it stops the SDK from silently
# picking up OPENAI_API_KEY for a server the user did not mean to send it to.
NO_KEY = "no-key"


def normalize_base_url(base_url: str | None) -> str | None:
    """Accept what users paste: surrounding spaces, a trailing slash, or the full endpoint."""
    if base_url is None or not base_url.strip():
        return None
    url = base_url.strip().rstrip("/")
    for suffix in ("/chat/completions", "/completions"):
        if url.endswith(suffix):
            url = url[: -len(suffix)]
    return url


def to_openai_messages(messages: Sequence[Message]) -> list[dict[str, Any]]:
    """Our messages as OpenAI chat dicts: tool calls and tool_call_id only, no other metadata."""
    out: list[dict[str, Any]] = []
    for m in messages:
        item: dict[str, Any] = {"role": m.role, "content": m.content}
        if m.role == "assistant" and m.tool_calls:
            item["tool_calls"] = [_wire_tool_call(call) for call in m.tool_calls]
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


class _ToolCallAssembler:
    """Joins streamed tool-call fragments by index (id/name once, arguments appended)."""

    def __init__(self) -> None:
        self._calls: dict[int, dict[str, str]] = {}

    def add(self, fragment: Any) -> None:
        index = fragment.index
        if index is None:  # some servers omit it: a new id opens a call, else continue the last
            new = fragment.id and all(c["id"] != fragment.id for c in self._calls.values())
            index = len(self._calls) if new or not self._calls else max(self._calls)
        call = self._calls.setdefault(index, {"id": "", "name": "", "arguments": ""})
        if fragment.id and not call["id"]:
            call["id"] = fragment.id
        function = fragment.function
        if function is not None:
            if function.name and function.name != call["name"]:
                call["name"] = function.name if not call["name"] else call["name"] + function.name
            if function.arguments:
                call["arguments"] += function.arguments

    def result(self, prefix: str) -> list[dict[str, Any]]:
        calls = []
        for position, index in enumerate(sorted(self._calls)):
            c = self._calls[index]
            calls.append(
                {
                    "id": c["id"] or f"{prefix}_{position}",
                    "type": "function",
                    "function": {"name": c["name"], "arguments": c["arguments"]},
                }
            )
        return calls


def usage_dict(usage: Any) -> dict[str, Any] | None:
    """The usage object as a plain dict with the three counts (None when absent)."""
    if usage is None:
        return None
    prompt = getattr(usage, "prompt_tokens", None)
    completion = getattr(usage, "completion_tokens", None)
    total = getattr(usage, "total_tokens", None)
    if prompt is None and completion is None:
        return None
    prompt, completion = int(prompt or 0), int(completion or 0)
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": int(total) if total is not None else prompt + completion,
    }


class OpenAIChatLLM:
    """A chat model behind any OpenAI-compatible ``/chat/completions`` endpoint."""

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
    ) -> None:
        self.model = model
        self.base_url = normalize_base_url(base_url)
        self.timeout = timeout
        self.temperature = temperature
        self.max_tokens = max_tokens
        self._secret = api_key or None
        self._client = openai.AsyncOpenAI(
            api_key=api_key or NO_KEY,
            base_url=self.base_url,
            timeout=timeout,
            max_retries=0,
            default_headers=extra_headers,
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

    async def __aenter__(self) -> OpenAIChatLLM:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    def _request(
        self, messages: Sequence[Message], tools: Sequence[dict[str, Any]] | None
    ) -> dict[str, Any]:
        request: dict[str, Any] = {
            "model": self.model,
            "messages": to_openai_messages(messages),
            "stream": True,
        }
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
    ) -> ChatResponse:
        """Stream one completion; text goes to ``on_delta`` as it arrives.

        Raises ``ContextOverflowError``, ``TransientProviderError`` (``partial`` holds the text
        streamed before a failure) or ``ProviderError``. A server that rejects
        ``stream_options`` (older local servers) is asked once more without it, and remembered.
        """
        try:
            return await self._stream(messages, tools, on_delta)
        except ProviderError as exc:
            rejected = exc.status in (400, 422) and "stream_options" in str(exc).lower()
            if not (rejected and self._stream_options and not exc.partial):
                raise
            self._stream_options = False
        return await self._stream(messages, tools, on_delta)

    async def _stream(
        self,
        messages: Sequence[Message],
        tools: Sequence[dict[str, Any]] | None,
        on_delta: DeltaCallback | None,
    ) -> ChatResponse:
        text: list[str] = []
        assembler = _ToolCallAssembler()
        usage: dict[str, Any] | None = None
        model: str | None = None
        finish_reason: str | None = None
        try:
            stream = await self._client.chat.completions.create(**self._request(messages, tools))
            async with stream:
                async for chunk in stream:
                    model = chunk.model or model
                    if chunk.usage is not None:
                        usage = usage_dict(chunk.usage) or usage
                    for choice in chunk.choices or []:
                        delta = choice.delta
                        if delta is not None and delta.content:
                            text.append(delta.content)
                            if on_delta is not None:
                                result = on_delta(delta.content)
                                if inspect.isawaitable(result):
                                    await result
                        if delta is not None and delta.tool_calls:
                            for fragment in delta.tool_calls:
                                assembler.add(fragment)
                        if choice.finish_reason:
                            finish_reason = choice.finish_reason
        except (openai.OpenAIError, httpx2.HTTPError, OSError) as exc:
            raise classify_provider_error(
                exc, provider=self.describe(), partial="".join(text), secrets=[self._secret]
            ) from None
        if finish_reason is None:
            raise TransientProviderError(
                f"{self.describe()}: the stream ended before the response was complete",
                partial="".join(text),
            )
        calls = assembler.result(prefix=f"call_{uuid.uuid4().hex[:12]}")
        metadata = {"tool_calls": calls} if calls else None
        message = Message(role="assistant", content="".join(text), metadata=metadata)
        return ChatResponse(
            message=message, usage=usage, model=model or self.model, finish_reason=finish_reason
        )
