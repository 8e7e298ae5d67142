"""Model doubles that count with a real tokenizer (o200k_base) and refuse what their window
cannot hold, the way a real provider does.

The count is what a chat request carries to the model: each message's content, its tool
calls (id, name, arguments) and its tool_call_id, plus the chat template's few tokens of
framing per message. Metadata the app keeps for itself (``offloaded``, ``snipped``) is not
sent, so it is not counted: the engine's estimate, which includes it, stays on the safe side.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bpe_openai import get_encoding

from pi_desktop.context import Message
from tests.kit.messages import FakeResponse

ENCODING = get_encoding("o200k_base")
_PER_MESSAGE = 4  # role and the template's delimiters
_PER_REQUEST = 3
_counted: dict[int, tuple[Message, int]] = {}


def text_tokens(text: str) -> int:
    """o200k_base tokens of ``text`` (long texts in slices: the encoder is quadratic-ish)."""
    step = 200_000
    return sum(len(ENCODING.encode(text[i : i + step])) for i in range(0, len(text), step))


def message_tokens(message: Message) -> int:
    """What one message costs the model's window (memoised by identity: messages are values)."""
    hit = _counted.get(id(message))
    if hit is not None and hit[0] is message:
        return hit[1]
    n = _PER_MESSAGE + text_tokens(message.content)
    for call in message.tool_calls:
        fn = call.get("function") or {}
        n += 8 + text_tokens(str(fn.get("name", ""))) + text_tokens(str(fn.get("arguments", "")))
        n += text_tokens(str(call.get("id", "")))
    if message.tool_call_id:
        n += text_tokens(message.tool_call_id)
    if len(_counted) > 50_000:
        _counted.clear()
    _counted[id(message)] = (message, n)
    return n


def request_tokens(messages: Sequence[Message]) -> int:
    """The prompt tokens of a chat request made of ``messages``."""
    return _PER_REQUEST + sum(message_tokens(m) for m in messages)


class WindowOverflow(Exception):
    """What a provider says when the prompt is longer than the window (with the real count,
    in OpenAI's wording, so the agent's error mapping can read it)."""

    def __init__(self, tokens: int, window: int) -> None:
        super().__init__(
            f"This model's maximum context length is {window} tokens. However, your messages "
            f"resulted in {tokens} tokens. Please reduce the length of the messages."
        )
        self.tokens = tokens
        self.window = window


@dataclass
class TokenizerModel:
    """A chat model whose window is ``window`` o200k tokens; records every request's size.

    ``usage`` shapes the reported usage from the true prompt count: ``"openai"`` (the truth),
    ``"none"`` (no usage at all), ``"uncached"`` (a proxy whose ``prompt_tokens`` leaves the
    cached prefix out and says nothing else), ``"anthropic"`` (``prompt_tokens`` without the
    cache, beside ``cache_read_input_tokens``). The cached prefix is the previous request's
    size when this request extends it.
    """

    window: int
    usage: str = "openai"
    answer: str = "ok"
    sizes: list[int] = field(default_factory=list)
    overflows: int = 0
    _previous: list[Message] = field(default_factory=list)

    async def chat(
        self, messages: Sequence[Message], tools: Any = None, on_delta: Any = None
    ) -> FakeResponse:
        size = request_tokens(messages)
        self.sizes.append(size)
        if size > self.window:
            self.overflows += 1
            raise WindowOverflow(size, self.window)
        cached = self._cached(messages)
        self._previous = list(messages)
        message = Message(role="assistant", content=self.answer)
        return FakeResponse(message, self._usage(size, cached), "tokenizer-model")

    def _cached(self, messages: Sequence[Message]) -> int:
        prev = self._previous
        if not prev or len(prev) > len(messages):
            return 0
        same = 0
        for a, b in zip(prev, messages, strict=False):
            if a != b:
                break
            same += 1
        return 0 if same < len(prev) else request_tokens(prev) // 128 * 128

    def _usage(self, size: int, cached: int) -> dict[str, Any] | None:
        completion = text_tokens(self.answer)
        if self.usage == "none":
            return None
        if self.usage == "uncached":
            return {"prompt_tokens": size - cached, "completion_tokens": completion}
        if self.usage == "anthropic":
            return {
                "prompt_tokens": size - cached,
                "completion_tokens": completion,
                "cache_read_input_tokens": cached,
                "cache_creation_input_tokens": 0,
            }
        return {
            "prompt_tokens": size,
            "completion_tokens": completion,
            "prompt_tokens_details": {"cached_tokens": cached},
        }
