"""Provider presets for the settings dialog, and ``build_llm`` that turns a choice into an LLM.

A preset only fills defaults (URL, model, where the key comes from); every field can be
overridden. ``offline`` needs nothing and is what a fresh install runs on.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pi_desktop.agent.offline import OfflineLLM

if TYPE_CHECKING:  # the openai SDK takes ~0.3 s to import: only a remote provider loads it
    from pi_desktop.agent.openai_llm import OpenAIChatLLM

GENERIC_KEY_ENV = "PI_DESKTOP_API_KEY"


@dataclass(frozen=True)
class ProviderPreset:
    """One provider choice. ``base_url=None`` means the SDK default (OpenAI) or "user must
    enter one" (custom); ``api_key_env`` is consulted when no key is configured."""

    key: str
    label: str
    base_url: str | None
    default_model: str
    needs_api_key: bool
    api_key_env: str | None


PRESETS: dict[str, ProviderPreset] = {
    p.key: p
    for p in (
        ProviderPreset("offline", "Offline demo (no network)", None, "offline-demo", False, None),
        ProviderPreset("openai", "OpenAI", None, "gpt-4o-mini", True, "OPENAI_API_KEY"),
        ProviderPreset("ollama", "Ollama", "http://localhost:11434/v1", "llama3.2", False, None),
        ProviderPreset(
            "lmstudio", "LM Studio", "http://localhost:1234/v1", "local-model", False, None
        ),
        ProviderPreset(
            "vllm", "vLLM", "http://localhost:8000/v1", "Qwen/Qwen2.5-7B-Instruct", False, None
        ),
        ProviderPreset(
            "dashscope",
            "DashScope (Qwen, compatible mode)",
            "https://dashscope.aliyuncs.com/compatible-mode/v1",
            "qwen-plus",
            True,
            "DASHSCOPE_API_KEY",
        ),
        ProviderPreset("custom", "Custom OpenAI-compatible server", None, "", False, None),
    )
}


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
    **opts: Any,
) -> OfflineLLM | OpenAIChatLLM:
    """An LLM for ``preset_key``; ``opts`` go to ``OpenAIChatLLM`` (timeout, temperature,
    max_tokens, extra_headers, response_deadline, idle_deadline, max_line_bytes). Clients built
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

    return OpenAIChatLLM(chosen_model, base_url=url, api_key=key, **opts)
