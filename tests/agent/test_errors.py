"""The provider-error table: every status and every provider's wording lands in the right class."""

from __future__ import annotations

import httpx2
import openai
import pytest

from pi_desktop.agent.errors import (
    classify_http_error,
    classify_provider_error,
    error_details,
    is_context_overflow_message,
    parse_retry_after,
    redact,
)
from pi_desktop.agent.llm import ContextOverflowError, ProviderError, TransientProviderError
from tests.kit.openai_server import OVERFLOW_BODIES

OVERFLOW_MESSAGES = [
    # OpenAI
    "This model's maximum context length is 8192 tokens. However, your messages resulted in "
    "9120 tokens. Please reduce the length of the messages.",
    "Input tokens exceed the configured limit of 272000 tokens.",
    # vLLM
    "This model's maximum context length is 4096 tokens. However, you requested 5120 tokens",
    "The decoder prompt (length 5000) is longer than the maximum model length of 4096.",
    # Ollama
    "the input length exceeds the context length",
    "prompt too long; exceeded max context length by 1200 tokens",
    # llama.cpp
    "request (4476 tokens) exceeds the available context size (4096 tokens), try increasing it",
    "Context size has been exceeded.",
    # LM Studio
    "Trying to keep the first 15857 tokens when context the overflows. However, the model is "
    "loaded with context length of only 4096 tokens, which is not enough.",
    "Input length 6491 exceeds context length 1500",
    "Reached context length of 32000 tokens with model (arch: gpt-oss)",
    # DashScope
    "<400> InternalError.Algo.InvalidParameter: Range of input length should be [1, 30720]",
    # Anthropic- and Gemini-compatible gateways
    "prompt is too long: 200001 tokens > 200000 maximum",
    "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).",
]

TRANSIENT = TransientProviderError

NOT_OVERFLOW = [
    "",
    "Rate limit reached for gpt-4o on tokens per min (TPM)",
    "Invalid API key",
    "The model `gpt-9` does not exist or you do not have access to it.",
    "max_tokens must be at least 1",
    "Unsupported parameter: 'temperature'",
    "The server had an error while processing your request",
]


@pytest.mark.parametrize("message", OVERFLOW_MESSAGES)
def test_overflow_wordings_are_recognised(message: str):
    assert is_context_overflow_message(message)
    assert is_context_overflow_message(message.upper())
    exc = classify_http_error(400, {"error": {"message": message}})
    assert isinstance(exc, ContextOverflowError)


@pytest.mark.parametrize("message", NOT_OVERFLOW)
def test_other_messages_are_not_overflow(message: str):
    assert not is_context_overflow_message(message)


@pytest.mark.parametrize("provider", sorted(OVERFLOW_BODIES))
def test_server_overflow_bodies_classify(provider: str):
    status, body = OVERFLOW_BODIES[provider]
    assert isinstance(classify_http_error(status, body), ContextOverflowError)


@pytest.mark.parametrize(
    ("status", "body", "cls"),
    [
        (413, None, ContextOverflowError),
        (400, {"error": {"message": "x", "code": "context_length_exceeded"}}, ContextOverflowError),
        (500, {"error": {"message": "Context size has been exceeded."}}, ContextOverflowError),
        (
            400,
            {"error": {"message": "bad", "type": "exceed_context_size_error"}},
            ContextOverflowError,
        ),
        (
            429,
            {"error": {"message": "maximum context length tokens per min"}},
            TransientProviderError,
        ),
        (429, None, TransientProviderError),
        (408, None, TransientProviderError),
        (409, None, TransientProviderError),
        (500, None, TransientProviderError),
        (502, "<html>Bad Gateway</html>", TransientProviderError),
        (503, {"detail": "overloaded"}, TransientProviderError),
        (400, {"error": {"message": "Unsupported parameter"}}, ProviderError),
        (401, None, ProviderError),
        (403, None, ProviderError),
        (404, None, ProviderError),
        (422, {"detail": [{"msg": "field required"}]}, ProviderError),
        # status None = an {"error": ...} event inside a stream
        (
            None,
            {"message": "The server had an error", "type": "server_error"},
            TransientProviderError,
        ),
        (None, {"message": "something odd"}, TransientProviderError),
        (None, {"message": "bad request", "type": "invalid_request_error"}, ProviderError),
        (None, {"message": "maximum context length is 4096"}, ContextOverflowError),
    ],
)
def test_status_table(status, body, cls):
    exc = classify_http_error(status, body, provider="p")
    assert type(exc) is cls
    assert exc.status == status
    assert str(exc).startswith("p: ")


def test_messages_are_clear_per_status():
    assert "check the API key" in str(classify_http_error(401, None))
    assert "model name" in str(classify_http_error(404, None))
    assert "HTTP 403" in str(classify_http_error(403, None))
    assert "rate limited" in str(classify_http_error(429, None))
    assert "HTTP 503" in str(classify_http_error(503, None))


def test_partial_text_is_carried():
    exc = classify_http_error(None, {"message": "boom"}, partial="half an ans")
    assert exc.partial == "half an ans"


def test_retry_after_variants():
    assert parse_retry_after({"Retry-After": "12"}) == 12.0
    assert parse_retry_after({"retry-after": "0.5"}) == 0.5
    assert parse_retry_after({"retry-after-ms": "1500", "retry-after": "9"}) == 1.5
    assert parse_retry_after({"Retry-After": "-3"}) == 0.0
    now = 1_700_000_000.0
    assert parse_retry_after({"Retry-After": "Tue, 14 Nov 2023 22:15:00 GMT"}, now=now) == 100.0
    assert parse_retry_after({"Retry-After": "Tue, 14 Nov 2023 22:00:00 GMT"}, now=now) == 0.0
    assert parse_retry_after({"Retry-After": "soon"}) is None
    assert parse_retry_after({}) is None
    assert parse_retry_after(None, "Rate limit reached. Please try again in 20s.") == 20.0
    assert parse_retry_after(None, "Please try again in 750ms.") == 0.75


def test_retry_after_reaches_the_error():
    exc = classify_http_error(429, None, {"Retry-After": "3"})
    assert isinstance(exc, TransientProviderError) and exc.retry_after == 3.0
    exc = classify_http_error(503, None, {"Retry-After": "4"})
    assert isinstance(exc, TransientProviderError) and exc.retry_after == 4.0
    exc = classify_http_error(500, None)
    assert isinstance(exc, TransientProviderError) and exc.retry_after is None


def test_redact_masks_given_secrets_and_key_shapes():
    secret = "my-very-private-token-42"
    text = f"key {secret} and sk-proj-AbC123xyz and Bearer abcdefghijklmnop and sk-ab***cdef"
    out = redact(text, [secret, None, ""])
    assert secret not in out and "sk-proj" not in out and "abcdefghijklmnop" not in out
    assert "sk-ab" not in out
    assert out.count("***") >= 4


def test_error_details_shapes():
    assert error_details({"error": {"message": "m", "code": 400, "type": "t"}}) == ("m", "400", "t")
    assert error_details({"error": "plain"}) == ("plain", None, None)
    assert error_details({"message": "flat", "type": "x"}) == ("flat", None, "x")
    assert error_details('{"error": {"message": "from text"}}')[0] == "from text"
    assert error_details(b"not json") == ("not json", None, None)
    assert error_details(None) == ("", None, None)


def test_long_messages_are_clipped():
    exc = classify_http_error(400, {"error": {"message": "x" * 5000}})
    assert len(str(exc)) < 700


def _request() -> httpx2.Request:
    return httpx2.Request("POST", "http://127.0.0.1:9/v1/chat/completions")


def test_classify_sdk_exceptions():
    req = _request()
    timeout = classify_provider_error(openai.APITimeoutError(request=req), partial="ab")
    assert isinstance(timeout, TransientProviderError) and timeout.partial == "ab"
    conn = classify_provider_error(openai.APIConnectionError(request=req))
    assert isinstance(conn, TransientProviderError)
    response = httpx2.Response(429, headers={"retry-after": "2"}, request=req)
    status_error = openai.RateLimitError("Error code: 429", response=response, body=None)
    limited = classify_provider_error(status_error)
    assert isinstance(limited, TransientProviderError) and limited.retry_after == 2.0
    stream_error = openai.APIError(
        "maximum context length", req, body={"message": "maximum context length is 10"}
    )
    assert isinstance(classify_provider_error(stream_error), ContextOverflowError)
    assert isinstance(classify_provider_error(ConnectionResetError()), TransientProviderError)
    odd = classify_provider_error(ValueError("key sk-live-abcdef123456 broke"), secrets=["x"])
    assert type(odd) is ProviderError and "sk-live" not in str(odd)


def test_already_classified_passes_through():
    original = ContextOverflowError("too long")
    assert classify_provider_error(original, partial="p") is original
    assert original.partial == "p"
