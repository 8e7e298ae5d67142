"""Turn whatever a provider raised into the three errors the Agent tells apart.

The Agent's policy depends only on the class: ``ContextOverflowError`` → compact and retry once,
``TransientProviderError`` → back off (honouring ``retry_after``) and retry, any other
``ProviderError`` → stop and show the message. Everything here is pure (status, text, headers
in; an error object out) so the mapping is table-tested without a server. Messages never carry
the API key: known secrets and anything shaped like a key are masked before they are stored.
"""

from __future__ import annotations

import email.utils
import json
import math
import re
import time
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

import httpx2
import openai

from pi_desktop import safejson
from pi_desktop.agent.llm import (
    ContextOverflowError,
    ProviderError,
    ServerUnreachableError,
    TransientProviderError,
)
from pi_desktop.agent.redact import redact
from pi_desktop.agent.sse import clean_text
from pi_desktop.usertext import UserText

# Phrases providers use when a prompt does not fit the model's context window, lowercased.
# OpenAI / vLLM / OpenRouter / Mistral: "This model's maximum context length is 8192 tokens";
# vLLM (newer): "The decoder prompt (length 5000) is longer than the maximum model length of 4096";
# Ollama: "the input length exceeds the context length",
#         "prompt too long; exceeded max context length";
# llama.cpp: "request (4476 tokens) exceeds the available context size (4096 tokens)",
#            type "exceed_context_size_error", older "Context size has been exceeded";
# LM Studio: "Trying to keep the first 15857 tokens when context the overflows. However, the model
#            is loaded with context length of only 4096 tokens", "Input length 6491 exceeds context
#            length 1500", "Reached context length of 32000 tokens";
# DashScope: "<400> InternalError.Algo.InvalidParameter:
#            Range of input length should be [1, 30720]";
# Anthropic-compatible: "prompt is too long: 200001 tokens > 200000 maximum";
# Gemini-compatible: "The input token count (X) exceeds the maximum number of tokens allowed (Y)".
_OVERFLOW_PATTERNS = tuple(
    re.compile(p)
    for p in (
        r"context_length_exceeded",
        r"maximum context length",
        r"context length exceeded",
        r"exceeds? (?:the )?(?:model'?s? )?context (?:length|window|size)",
        r"exceeded max context length",
        r"exceeds the available context size",
        r"exceed_context_size",
        r"context size has been exceeded",
        r"context window (?:is )?(?:full|exceeded)",
        r"when context the overflows",
        r"context length of only",
        r"reached context length of",
        r"range of input length should be",
        r"longer than the maximum model length",
        r"prompt is too long",
        r"prompt too long",
        r"input is too long",
        r"input (?:length|tokens?) (?:exceeds|exceeded|is too long)",
        r"reduce the length of the messages",
        r"exceeds the maximum number of tokens allowed",
        r"input tokens exceed the configured limit",
        r"too many tokens in (?:the )?(?:prompt|input|request)",
    )
)

# The window size those messages state (group 1), in the same providers' wordings.
_WINDOW_PATTERNS = tuple(
    re.compile(p)
    for p in (
        r"maximum context length is (\d+)",  # OpenAI, vLLM, OpenRouter, Mistral
        r"longer than the maximum model length of (\d+)",  # vLLM (newer)
        r"available context size \((\d+) tokens?\)",  # llama.cpp
        r"context length of only (\d+)",  # LM Studio
        r"exceeds? (?:the )?context length (?:of )?(\d+)",  # LM Studio, Ollama variants
        r"reached context length of (\d+)",  # LM Studio
        r"max(?:imum)? context length (?:of |is )?(\d+)",  # Ollama variants
        r"range of input length should be \[\d+,\s*(\d+)\]",  # DashScope
        r"tokens? > (\d+) maximum",  # Anthropic-compatible
        r"maximum number of tokens allowed \((\d+)\)",  # Gemini-compatible
    )
)
# The prompt's real size those messages state (group 1): the provider's own count of the
# request just sent, so the usage anchor can be corrected at once (issue 16).
_COUNT_PATTERNS = tuple(
    re.compile(p)
    for p in (
        r"resulted in (\d+) tokens",  # OpenAI, vLLM, OpenRouter
        r"(\d+) tokens? > \d+ maximum",  # Anthropic-compatible
        r"request \((\d+) tokens?\) exceeds",  # llama.cpp
        r"requested tokens \((\d+)\) exceed",  # llama-cpp-python
        r"decoder prompt \(length (\d+)\)",  # vLLM (newer)
        r"input length (\d+) exceeds",  # LM Studio, Ollama variants
        r"keep the first (\d+) tokens",  # LM Studio
        r"input token count \((\d+)\)",  # Gemini-compatible
    )
)
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")
_MIN_WINDOW = 256  # below this a parsed number is more likely something else than a window

_TRANSIENT_STATUSES = frozenset({408, 409, 425, 429})
_TRANSIENT_TYPES = frozenset(
    {"server_error", "rate_limit_error", "rate_limit_exceeded", "overloaded_error", "timeout"}
)
_PERMANENT_TYPES = frozenset(
    {"invalid_request_error", "authentication_error", "permission_error", "not_found_error"}
)
_TRY_AGAIN_IN = re.compile(r"try again in\s+(\d+(?:\.\d+)?)\s*(ms|s|sec|seconds?)\b", re.I)
_MAX_MESSAGE_CHARS = 500


def said_by(provider: str, text: UserText) -> UserText:
    """``text`` as the provider's message: "model @ host: text" (the prefix every error has;
    the connection test shows ``text`` alone, see ``said_by_text``)."""
    return UserText("Errors", "%1: %2", provider, text)


def said_by_text(message: str) -> str | None:
    """The ``text`` of a :func:`said_by` message, or None when ``message`` is not one."""
    if isinstance(message, UserText) and message.source == "%1: %2" and len(message.args) == 2:
        inner = message.args[1]
        return inner if isinstance(inner, str) else str(inner)
    return None


def is_context_overflow_message(text: str | None) -> bool:
    """True when ``text`` reads like any known provider's "prompt too long" error."""
    if not text:
        return False
    lowered = text.lower()
    return any(p.search(lowered) for p in _OVERFLOW_PATTERNS)


def parse_window_tokens(text: str | None, body: object = None) -> int | None:
    """The context window an overflow error states (tokens), or None when it states none.

    Reads the wordings above, and llama.cpp's ``n_ctx`` field when the body carries it.
    """
    inner = body.get("error", body) if isinstance(body, Mapping) else None
    if isinstance(inner, Mapping):
        n_ctx = inner.get("n_ctx")
        if isinstance(n_ctx, int) and not isinstance(n_ctx, bool) and n_ctx >= _MIN_WINDOW:
            return n_ctx
    lowered = _THOUSANDS.sub("", (text or "").lower())  # "131,072" -> "131072"
    for pattern in _WINDOW_PATTERNS:
        match = pattern.search(lowered)
        if match is not None:
            value = int(match.group(1))
            if value >= _MIN_WINDOW:
                return value
    return None


def parse_prompt_tokens(text: str | None) -> int | None:
    """The prompt's token count an overflow error states ("resulted in N tokens", "N tokens >
    M maximum", …), or None when it states none."""
    lowered = _THOUSANDS.sub("", (text or "").lower())
    for pattern in _COUNT_PATTERNS:
        match = pattern.search(lowered)
        if match is not None:
            value = int(match.group(1))
            if value > 0:
                return value
    return None


def parse_retry_after(
    headers: Mapping[str, str] | None, message: str = "", *, now: float | None = None
) -> float | None:
    """Seconds to wait from ``Retry-After`` (seconds or HTTP date), ``retry-after-ms``, or the
    "Please try again in 1.5s" hint OpenAI puts in 429 messages; None when nothing says."""
    lowered = {k.lower(): v for k, v in (headers or {}).items()}
    raw_ms = lowered.get("retry-after-ms")
    if raw_ms:
        try:
            value = float(raw_ms) / 1000.0
            if math.isfinite(value):
                return max(0.0, value)
        except ValueError:
            pass
    raw = lowered.get("retry-after")
    if raw:
        raw = raw.strip()
        try:
            value = float(raw)
            if math.isfinite(value):
                return max(0.0, value)
        except ValueError:
            when = _parse_date(raw)
            if when is not None:
                current = time.time() if now is None else now
                return max(0.0, when.timestamp() - current)
    match = _TRY_AGAIN_IN.search(message or "")
    if match:
        value = float(match.group(1))
        return value / 1000.0 if match.group(2).lower() == "ms" else value
    return None


def _parse_date(raw: str) -> datetime | None:
    """An HTTP date, or None when ``raw`` is not one."""
    try:
        return email.utils.parsedate_to_datetime(raw)
    except (TypeError, ValueError, IndexError):
        return None


def error_details(body: object) -> tuple[str, str | None, str | None]:
    """(message, code, type) from an error body in any of the shapes servers send:
    ``{"error": {...}}``, the inner ``{...}``, ``{"error": "text"}``, ``{"detail": ...}``, text."""
    if isinstance(body, (bytes, bytearray)):
        body = body.decode("utf-8", "replace")
    if isinstance(body, str):
        try:
            body = safejson.loads(body)
        except ValueError:
            return body.strip(), None, None
    if isinstance(body, Mapping):
        inner = body.get("error", body)
        if isinstance(inner, str):
            return inner, _opt_str(body.get("code")), _opt_str(body.get("type"))
        if isinstance(inner, Mapping):
            message = inner.get("message") or inner.get("detail") or body.get("detail") or ""
            if not isinstance(message, str):
                message = json.dumps(message, ensure_ascii=False, default=str)
            return message, _opt_str(inner.get("code")), _opt_str(inner.get("type"))
    return ("" if body is None else str(body)), None, None


def _opt_str(value: object) -> str | None:
    return None if value is None else str(value)


def _clip(text: str) -> str:
    text = " ".join(clean_text(text).split())  # a lone surrogate would break the log and UI
    return text if len(text) <= _MAX_MESSAGE_CHARS else text[: _MAX_MESSAGE_CHARS - 1] + "…"


def classify_http_error(
    status: int | None,
    body: object = None,
    headers: Mapping[str, str] | None = None,
    *,
    provider: str = "provider",
    partial: str = "",
    secrets: Sequence[str | None] = (),
    now: float | None = None,
) -> ProviderError:
    """Map an HTTP failure (or, with ``status=None``, an error event inside a stream)."""
    raw_message, code, err_type = error_details(body)
    message = _clip(redact(raw_message, secrets))
    lowered_code = (code or "").lower()
    lowered_type = (err_type or "").lower()
    detail = UserText("Errors", ": %1", message) if message else ""
    overflow = (
        lowered_code == "context_length_exceeded"
        or "exceed_context_size" in lowered_type
        or is_context_overflow_message(raw_message)
    )
    if status == 413 or (overflow and status != 429):
        if isinstance(body, (str, bytes, bytearray)):
            try:
                body = safejson.loads(body)
            except ValueError:
                pass
        return ContextOverflowError(
            said_by(
                provider,
                UserText(
                    "Errors", "the request is too long for the model's context window%1", detail
                ),
            ),
            status=status,
            partial=partial,
            window_tokens=parse_window_tokens(raw_message, body),
            prompt_tokens=parse_prompt_tokens(raw_message),
        )
    if status == 429 or (status is None and lowered_type in _TRANSIENT_TYPES):
        return TransientProviderError(
            said_by(provider, UserText("Errors", "rate limited (HTTP 429)%1", detail))
            if status == 429
            else said_by(
                provider, UserText("Errors", "the server reported a temporary error%1", detail)
            ),
            status=status,
            retry_after=parse_retry_after(headers, raw_message, now=now),
            partial=partial,
        )
    if status is None:
        if lowered_type in _PERMANENT_TYPES or lowered_code in _PERMANENT_TYPES:
            return ProviderError(
                said_by(provider, UserText("Errors", "error in the response%1", detail)),
                partial=partial,
            )
        return TransientProviderError(
            said_by(
                provider, UserText("Errors", "the stream was interrupted by an error%1", detail)
            ),
            retry_after=parse_retry_after(headers, raw_message, now=now),
            partial=partial,
        )
    if status >= 500 or status in _TRANSIENT_STATUSES:
        return TransientProviderError(
            said_by(provider, UserText("Errors", "server error (HTTP %1)%2", str(status), detail)),
            status=status,
            retry_after=parse_retry_after(headers, raw_message, now=now),
            partial=partial,
        )
    if status == 401:
        text = UserText("Errors", "authentication failed (HTTP 401): check the API key")
    elif status == 403:
        text = UserText("Errors", "access denied (HTTP 403): the key may lack access to this model")
    elif status == 404:
        text = UserText(
            "Errors",
            "not found (HTTP 404): check the model name and the base URL "
            "(OpenAI-compatible servers usually end in /v1)",
        )
    else:
        text = UserText("Errors", "the request was rejected (HTTP %1)", str(status))
    message = said_by(provider, UserText("Errors", "%1%2", text, detail))
    return ProviderError(message, status=status, partial=partial)


def classify_provider_error(
    exc: BaseException,
    *,
    provider: str = "provider",
    partial: str = "",
    secrets: Sequence[str | None] = (),
) -> ProviderError:
    """Map an exception from the ``openai`` client (or the transport below it) to our errors.

    Already-classified ``ProviderError`` passes through (with ``partial`` filled in if missing).
    """
    if isinstance(exc, ProviderError):
        if partial and not exc.partial:
            exc.partial = partial
        return exc
    if isinstance(exc, openai.APITimeoutError):
        return TransientProviderError(
            said_by(provider, UserText("Errors", "the request timed out")),
            partial=partial,
            retry_after=None,
        )
    if isinstance(exc, openai.APIConnectionError | httpx2.ConnectError) and not partial:
        address = refused_address(exc)
        if address is not None:
            return ServerUnreachableError(
                unreachable_message(address), address=address, partial=partial
            )
    if isinstance(exc, openai.APIConnectionError):
        cause = exc.__cause__
        reason = f" ({type(cause).__name__})" if cause is not None else ""
        what = (
            said_by(provider, UserText("Errors", "the connection dropped mid-stream%1", reason))
            if partial
            else said_by(provider, UserText("Errors", "could not connect%1", reason))
        )
        return TransientProviderError(what, partial=partial)
    if isinstance(exc, openai.APIStatusError):
        headers: dict[str, Any] = dict(exc.response.headers.items()) if exc.response else {}
        body = exc.body if exc.body is not None else _response_text(exc)
        return classify_http_error(
            exc.status_code,
            body if body is not None else exc.message,
            headers,
            provider=provider,
            partial=partial,
            secrets=secrets,
        )
    if isinstance(exc, openai.APIError):  # an {"error": ...} event inside the stream
        body = exc.body if exc.body is not None else {"message": exc.message}
        return classify_http_error(
            None, body, None, provider=provider, partial=partial, secrets=secrets
        )
    if isinstance(exc, httpx2.TimeoutException):  # raw: the stream body is read past the SDK
        return TransientProviderError(
            said_by(provider, UserText("Errors", "the stream timed out")), partial=partial
        )
    if isinstance(exc, httpx2.TransportError):
        reason = f" ({type(exc).__name__})"
        what = (
            said_by(provider, UserText("Errors", "the connection dropped mid-stream%1", reason))
            if partial
            else said_by(provider, UserText("Errors", "the connection failed%1", reason))
        )
        return TransientProviderError(what, partial=partial)
    if isinstance(exc, (TimeoutError, ConnectionError)):
        return TransientProviderError(
            f"{provider}: {type(exc).__name__}", partial=partial, retry_after=None
        )
    text = _clip(redact(str(exc), secrets))
    detail = UserText("Errors", ": %1", text) if text else ""
    return ProviderError(
        said_by(
            provider, UserText("Errors", "unexpected error (%1)%2", type(exc).__name__, detail)
        ),
        partial=partial,
    )


# what usually listens on a local port, for the "nothing is listening" hint
_PORT_HINTS = {
    11434: UserText("Errors", "is Ollama running (`ollama serve`)?"),
    1234: UserText(
        "Errors", "is LM Studio's server started (Developer tab, or `lms server start`)?"
    ),
    8080: UserText("Errors", "is llama.cpp's server running (`llama-server -m model.gguf`)?"),
    8000: UserText(
        "Errors",
        "is the server running (vLLM: `vllm serve MODEL`; llama-cpp-python: "
        "`python -m llama_cpp.server`)?",
    ),
}


def refused_address(exc: BaseException) -> str | None:
    """``host:port`` when ``exc`` (or what caused it) is a refused connection, else None."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, ConnectionRefusedError):
            text = str(current)
            match = re.search(r"\('([^']+)', (\d+)", text)
            return (
                f"{match.group(1)}:{match.group(2)}"
                if match
                else UserText("Errors", "the server's address")
            )
        current = current.__cause__ or current.__context__
    return None


def unreachable_message(address: str) -> UserText:
    """The plain words for a refused connection, with a hint for well-known local ports."""
    port = address.rsplit(":", 1)[-1]
    hint = _PORT_HINTS.get(int(port)) if port.isdigit() else None
    if hint is None:
        return UserText("Errors", "Nothing is listening at %1.", address)
    return UserText("Errors", "Nothing is listening at %1 — %2", address, hint)


def _response_text(exc: Any) -> str | None:
    try:
        return exc.response.text
    except Exception:
        return None
