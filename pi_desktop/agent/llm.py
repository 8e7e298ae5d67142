"""The LLM protocol every provider speaks, and the errors the agent tells apart.

The agent and the summarizer only ever call ``chat``; providers translate their wire
format and failure modes into these types so retry/overflow policy lives in one place. A
provider may also take ``on_reasoning`` (reasoning text as it streams) and ``on_retract``
(the text streamed so far was reasoning after all) as keywords; the agent passes them only
where ``chat`` accepts them (:func:`accepts_keyword`).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from pi_desktop.context import Message

DeltaCallback = Callable[[str], Any]


def accepts_keyword(function: Callable[..., Any], name: str) -> bool:
    """Whether ``function`` takes keyword ``name`` (``chat``'s optional streams:
    ``on_reasoning``, ``on_retract``; LLM doubles may not take them)."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(
        (p.name == name and p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD))
        or p.kind == p.VAR_KEYWORD
        for p in parameters
    )


@dataclass
class ChatResponse:
    """One completed assistant turn: the message (tool calls in metadata), usage, model."""

    message: Message
    usage: dict[str, Any] | None = None
    model: str | None = None
    finish_reason: str | None = None


@runtime_checkable
class LLM(Protocol):
    """Anything that can answer a chat: OpenAI-compatible servers, the offline provider, fakes."""

    async def chat(
        self,
        messages: Sequence[Message],
        tools: Sequence[dict[str, Any]] | None = None,
        on_delta: DeltaCallback | None = None,
    ) -> ChatResponse: ...


class ProviderError(Exception):
    """A provider failed; the message is safe to show (never contains the API key)."""

    def __init__(self, message: str, *, status: int | None = None, partial: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.partial = partial  # text streamed before the failure, if any


class ContextOverflowError(ProviderError):
    """The provider refused the request as too long for the model's context window.

    ``window_tokens`` is the window size the error stated, when it stated one;
    ``prompt_tokens`` the request's real size, when it stated that.
    """

    def __init__(
        self,
        message: str,
        *,
        status: int | None = None,
        partial: str = "",
        window_tokens: int | None = None,
        prompt_tokens: int | None = None,
    ) -> None:
        super().__init__(message, status=status, partial=partial)
        self.window_tokens = window_tokens
        self.prompt_tokens = prompt_tokens


class TransientProviderError(ProviderError):
    """Worth retrying after a pause: 429, 5xx, timeouts, dropped connections."""

    def __init__(
        self,
        message: str,
        *,
        status: int | None = None,
        retry_after: float | None = None,
        partial: str = "",
    ) -> None:
        super().__init__(message, status=status, partial=partial)
        self.retry_after = retry_after


class ServerUnreachableError(ProviderError):
    """Nothing is listening at the server's address (connection refused): reported at once,
    since waiting and retrying does not start a server. ``address`` is ``host:port``."""

    def __init__(self, message: str, *, address: str = "", partial: str = "") -> None:
        super().__init__(message, partial=partial)
        self.address = address
