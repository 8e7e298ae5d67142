"""Provider presets for the settings dialog, and ``build_llm`` that turns a choice into an LLM.

A preset only fills defaults (URL, model, where the key comes from); every field can be
overridden. ``offline`` needs nothing and is what a fresh install runs on.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pi_desktop.agent.offline import OfflineLLM
from pi_desktop.usertext import UserText

if TYPE_CHECKING:  # the openai SDK takes ~0.3 s to import: only a remote provider loads it
    from pi_desktop.agent.openai_llm import OpenAIChatLLM

GENERIC_KEY_ENV = "PI_DESKTOP_API_KEY"


@dataclass(frozen=True)
class ProviderPreset:
    """One provider choice. ``base_url=None`` means the SDK default (OpenAI) or "user must
    enter one" (custom); ``api_key_env`` is consulted when no key is configured.

    ``thinking`` says how the provider switches a model's thinking on and off: "deepseek"
    (``extra_body={"thinking": {"type": "enabled"|"disabled"}}``), "qwen"
    (``extra_body={"enable_thinking": bool}``), "openrouter" (``extra_body={"reasoning":
    {...}}``) or None (the model decides). ``reasoning_effort`` whether the provider takes
    ``reasoning_effort``; ``server`` which local server's extra endpoints it has (the context
    window and a tokenizer: "ollama", "llamacpp", "vllm", "lmstudio"); ``send_reasoning``
    whether reasoning of tool-call turns goes back (OpenAI's API has no such field).
    """

    key: str
    label: str
    base_url: str | None
    default_model: str
    needs_api_key: bool
    api_key_env: str | None
    thinking: str | None = None
    reasoning_effort: bool = False
    server: str | None = None
    send_reasoning: bool = True
    local: bool = False


PRESETS: dict[str, ProviderPreset] = {
    p.key: p
    for p in (
        ProviderPreset("offline", "Offline demo (no network)", None, "offline-demo", False, None),
        ProviderPreset(
            "openai",
            "OpenAI",
            None,
            "gpt-4o-mini",
            True,
            "OPENAI_API_KEY",
            reasoning_effort=True,
            send_reasoning=False,
        ),
        ProviderPreset(
            "deepseek",
            "DeepSeek",
            "https://api.deepseek.com",
            "deepseek-chat",
            True,
            "DEEPSEEK_API_KEY",
            thinking="deepseek",
            reasoning_effort=True,
        ),
        ProviderPreset(
            "dashscope",
            "Qwen (DashScope, compatible mode)",
            "https://dashscope.aliyuncs.com/compatible-mode/v1",
            "qwen-plus",
            True,
            "DASHSCOPE_API_KEY",
            thinking="qwen",
        ),
        ProviderPreset(
            "openrouter",
            "OpenRouter",
            "https://openrouter.ai/api/v1",
            "openai/gpt-4o-mini",
            True,
            "OPENROUTER_API_KEY",
            thinking="openrouter",
            reasoning_effort=True,
        ),
        ProviderPreset(
            "ollama",
            "Ollama",
            "http://localhost:11434/v1",
            "llama3.2",
            False,
            None,
            server="ollama",
            local=True,
        ),
        ProviderPreset(
            "lmstudio",
            "LM Studio",
            "http://localhost:1234/v1",
            "local-model",
            False,
            None,
            server="lmstudio",
            local=True,
        ),
        ProviderPreset(
            "vllm",
            "vLLM",
            "http://localhost:8000/v1",
            "Qwen/Qwen2.5-7B-Instruct",
            False,
            None,
            server="vllm",
            local=True,
        ),
        ProviderPreset(
            "llamacpp",
            "llama.cpp server",
            "http://localhost:8080/v1",
            "local-model",
            False,
            None,
            server="llamacpp",
            local=True,
        ),
        ProviderPreset("custom", "Custom OpenAI-compatible server", None, "", False, None),
    )
}

REASONING_EFFORTS = ("low", "medium", "high")


def thinking_options(
    preset: ProviderPreset, thinking: bool | None, reasoning_effort: str | None
) -> dict[str, Any]:
    """``OpenAIChatLLM`` keywords (``extra_body``, ``reasoning_effort``) for the user's choice.

    ``thinking=None`` leaves the provider's default (DeepSeek and Qwen thinking models think);
    an effort is only sent where the provider takes one (OpenRouter takes it in its
    ``reasoning`` object).
    """
    extra: dict[str, Any] = {}
    effort = reasoning_effort if preset.reasoning_effort and reasoning_effort else None
    out: dict[str, Any] = {}
    if preset.thinking == "deepseek":
        if thinking is not None:
            extra["thinking"] = {"type": "enabled" if thinking else "disabled"}
        if thinking is False:
            effort = None
    elif preset.thinking == "qwen":
        if thinking is not None:
            extra["enable_thinking"] = bool(thinking)
    elif preset.thinking == "openrouter":
        if thinking is False:
            extra["reasoning"] = {"enabled": False}
        elif effort:
            extra["reasoning"] = {"effort": effort}
        elif thinking:
            extra["reasoning"] = {"enabled": True}
        effort = None
    if extra:
        out["extra_body"] = extra
    if effort:
        out["reasoning_effort"] = effort
    return out


def missing_key(preset_key: str, api_key: str | None) -> str | None:
    """The inline warning for a preset that needs a key and has none (explicit or from the
    environment), else None."""
    preset = PRESETS.get(preset_key)
    if preset is None or not preset.needs_api_key or resolve_api_key(preset, api_key):
        return None
    if preset.api_key_env:
        return UserText(
            "Connect",
            "%1 needs an API key: enter it here or set %2.",
            preset.label,
            preset.api_key_env,
        )
    return UserText("Connect", "%1 needs an API key: enter it here.", preset.label)


def key_env_names(preset: ProviderPreset) -> tuple[str, ...]:
    """The environment variables a key may come from, in order: the app's own, then the one the
    preset names — never another provider's (an OpenAI key must not reach a custom server)."""
    return tuple(var for var in (GENERIC_KEY_ENV, preset.api_key_env) if var)


def resolve_api_key(preset: ProviderPreset, api_key: str | None) -> str | None:
    """The explicit key, else the first of :func:`key_env_names` that is set."""
    if api_key:
        return api_key
    return next((os.environ[v] for v in key_env_names(preset) if os.environ.get(v)), None)


def build_llm(
    preset_key: str,
    *,
    model: str | None = None,
    base_url: str | None = None,
    api_key: str | None = None,
    thinking: bool | None = None,
    reasoning_effort: str | None = None,
    **opts: Any,
) -> OfflineLLM | OpenAIChatLLM:
    """An LLM for ``preset_key``; ``opts`` go to ``OpenAIChatLLM`` (timeout, temperature,
    max_tokens, extra_headers, response_deadline, idle_deadline, max_line_bytes);
    ``thinking`` / ``reasoning_effort`` become the provider's own fields (see
    :func:`thinking_options`). Clients built
    for the same URL and key share one Retry-After gate (a chat and a summarizer model).
    Raises ``ValueError`` with a message fit for the settings dialog when the choice is
    incomplete (unknown preset, no URL, no model, missing key)."""
    preset = PRESETS.get(preset_key)
    if preset is None:
        known = ", ".join(PRESETS)
        raise ValueError(f"unknown provider {preset_key!r}; choose one of: {known}")
    if preset.key == "offline":
        return OfflineLLM()
    url = (base_url or "").strip() or preset.base_url
    if preset.key == "custom" and not url:
        raise ValueError("a custom provider needs a base URL, e.g. http://localhost:8080/v1")
    chosen_model = (model or "").strip() or preset.default_model
    if not chosen_model:
        raise ValueError(f"{preset.label}: choose a model name")
    key = resolve_api_key(preset, api_key)
    if preset.needs_api_key and not key:
        where = f" or the {preset.api_key_env} environment variable" if preset.api_key_env else ""
        raise ValueError(f"{preset.label} needs an API key: enter it in Settings{where}")
    from pi_desktop.agent.openai_llm import OpenAIChatLLM

    options = {
        "send_reasoning": preset.send_reasoning,
        "always_reasoning": preset.thinking == "deepseek",
        "server": preset.server,
        **thinking_options(preset, thinking, reasoning_effort),
        **opts,
    }
    return OpenAIChatLLM(chosen_model, base_url=url, api_key=key, **options)
