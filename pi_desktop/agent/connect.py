"""What the Settings dialog asks a provider before the user presses OK.

``list_models`` (the model list of "Fetch models") and ``test_connection`` (one tiny streamed
request, answered in plain words). Both take a :class:`ProviderConfig`, the choice the dialog
holds, so nothing here knows about Qt or the settings storage. A refused connection is said at
once; no retry runs here.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from pi_desktop.agent.llm import (
    ContextOverflowError,
    ProviderError,
    ServerUnreachableError,
    TransientProviderError,
)
from pi_desktop.agent.model_window import fitted_budget
from pi_desktop.agent.presets import PRESETS, build_llm, missing_key
from pi_desktop.agent.provider_steps import ollama_warning
from pi_desktop.agent.server_info import ServerWindow, probe_window
from pi_desktop.context import Message
from pi_desktop.usertext import UserText, text_of

PING = "Reply with the single word: OK"


@dataclass(frozen=True)
class ProviderConfig:
    """A provider choice as the dialog holds it (``api_key`` never shown or logged)."""

    preset: str
    model: str = ""
    base_url: str = ""
    api_key: str | None = field(default=None, repr=False)
    thinking: bool | None = None
    reasoning_effort: str | None = None
    timeout: float = 15.0


@dataclass(frozen=True)
class ConnectionResult:
    """The outcome in plain words; ``models`` when the server listed them; ``window`` the
    context the server states (local servers, see :mod:`pi_desktop.agent.server_info`)."""

    ok: bool
    message: str
    models: tuple[str, ...] = ()
    seconds: float | None = None
    window: ServerWindow | None = None

    def budget_warning(self, budget: int) -> str | None:
        """What to say inline when the context budget is larger than the server's window."""
        window = self.window
        if window is None or budget <= window.tokens:
            return None
        if window.silent_truncation:
            return ollama_warning(window, budget)
        fitted = fitted_budget(window.tokens)
        return UserText(
            "Connect",
            "The server's context window is %1 tokens (%2), smaller than the budget of %3: "
            "the app will use %4.",
            window.tokens,
            window.source,
            budget,
            fitted,
        )


def _llm(config: ProviderConfig, **opts: Any) -> Any:
    return build_llm(
        config.preset,
        model=config.model or None,
        base_url=config.base_url or None,
        api_key=config.api_key,
        thinking=config.thinking,
        reasoning_effort=config.reasoning_effort,
        timeout=config.timeout,
        response_deadline=max(config.timeout, 1.0),
        idle_deadline=max(config.timeout, 1.0),
        **opts,
    )


async def list_models(config: ProviderConfig) -> list[str]:
    """The server's model ids (``GET /models``), sorted. Raises ``ValueError`` for an
    incomplete choice and ``ProviderError`` (plain words) when the server cannot be asked."""
    if config.preset == "offline":
        return [PRESETS["offline"].default_model]
    llm = _llm(config)
    try:
        return await llm.list_models()
    finally:
        await llm.aclose()


async def test_connection(config: ProviderConfig) -> ConnectionResult:
    """Send one tiny request with this choice and say what happened in plain words."""
    if config.preset == "offline":
        return ConnectionResult(True, UserText("Connect", "The offline demo needs no connection."))
    warning = missing_key(config.preset, config.api_key)
    if warning is not None:
        return ConnectionResult(False, warning)
    try:
        llm = _llm(config, max_tokens=16)
    except ValueError as exc:
        return ConnectionResult(False, text_of(exc))
    started = time.monotonic()
    try:
        async with asyncio.timeout(config.timeout + 5):
            response = await llm.chat([Message(role="user", content=PING)])
    except ServerUnreachableError as exc:
        return ConnectionResult(False, text_of(exc))
    except ContextOverflowError:
        return ConnectionResult(
            True,
            UserText(
                "Connect",
                "Connected (the server answered, but said the tiny test prompt is over its "
                "context window — check its settings).",
            ),
        )
    except ProviderError as exc:
        return ConnectionResult(False, await _explain(llm, config, exc))
    except TimeoutError:
        return ConnectionResult(
            False, UserText("Connect", "No answer within %1 s.", f"{config.timeout:g}")
        )
    finally:
        await llm.aclose()
    seconds = time.monotonic() - started
    model = response.model or llm.model
    took = f"{seconds:.1f}"
    if response.message.content.strip():
        message = UserText("Connect", "Connected: %1 answered in %2 s.", model, took)
    else:
        message = UserText(
            "Connect", "Connected: %1 replied (no text, only thinking) in %2 s.", model, took
        )
    window = await probe_window(llm.server, llm.base_url, llm.model, config.api_key)
    if window is not None and window.assumed:
        message = UserText(
            "Connect",
            "%1 Context window: %2 tokens (its default; the model does not set one).",
            message,
            window.tokens,
        )
    elif window is not None:
        message = UserText("Connect", "%1 Context window: %2 tokens.", message, window.tokens)
    return ConnectionResult(True, message, (), seconds, window)


async def _explain(llm: Any, config: ProviderConfig, exc: ProviderError) -> str:
    status = exc.status
    if status == 401:
        return UserText(
            "Connect", "The key was refused (401). Check the API key for this provider."
        )
    if status == 403:
        return UserText(
            "Connect",
            "The key is not allowed to use this (403): check the key's permissions or plan.",
        )
    if status == 404:
        try:
            models = await llm.list_models()
        except ProviderError:
            models = []
        if models and llm.model not in models:
            shown = ", ".join(models[:8]) + (" …" if len(models) > 8 else "")
            return UserText(
                "Connect",
                "The server has no model named %1 (404). It offers: %2",
                repr(llm.model),
                shown,
            )
        where = llm.base_url or UserText("Connect", "the default URL")
        return UserText(
            "Connect",
            "Not found (404) at %1: check the base URL (it usually ends in /v1) and the model "
            "name.",
            where,
        )
    if status == 429:
        return UserText(
            "Connect", "The server is rate limiting or the account has no quota left (429)."
        )
    if isinstance(exc, TransientProviderError) and status is None:
        return UserText("Connect", "The connection failed: %1", _detail(exc))
    return _detail(exc)


def _detail(exc: ProviderError) -> str:
    """The error without the "model @ host: " prefix the provider puts on every message."""
    from pi_desktop.agent.errors import said_by_text  # errors imports the openai SDK

    text = text_of(exc)
    inner = said_by_text(text)
    if inner is not None:
        return inner
    head, sep, rest = text.partition(": ")
    return rest if sep and "@" in head else text
