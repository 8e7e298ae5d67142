"""How the window gets its LLMs and tools from the settings (the app's default factories).

The window takes factories instead of building providers itself, so tests drive the real
window with the real offline provider (wrapped to count summarizer calls) or with the real
``OpenAIChatLLM`` pointed at a loopback server. A provider that needs a key it does not have
falls back to the offline provider and says so — the app always opens and always works.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pi_desktop.ui.approval import ApprovalPrompter
from pi_desktop.ui.settings import AppSettings, KeyStore
from pi_desktop.ui.settings_dialog import PresetChoice

DEFAULT_SYSTEM_PROMPT = (
    "You are a helpful assistant in pi-desktop. You can use the workspace tools to read, "
    "search and (with the user's approval) change files. Be concise and precise."
)
OFFLINE_NOTE = (
    "Offline provider: a deterministic demo model, no network. "
    "Choose a real model in Settings (Ctrl+,)."
)


@dataclass
class ProviderSetup:
    """What the provider factory returns for the current settings."""

    llm: Any
    summarizer: Any = None  # None: the chat model summarizes
    description: str = ""  # for the status bar: "OpenAI · gpt-4o-mini"
    offline: bool = False
    note: str | None = None  # something the user must know (e.g. "no API key: offline")


ProviderFactory = Callable[[AppSettings], ProviderSetup]
ToolsFactory = Callable[[Path, ApprovalPrompter, AppSettings], list[Any]]


def offline_setup(note: str | None = OFFLINE_NOTE) -> ProviderSetup:
    from pi_desktop.agent import OfflineLLM

    return ProviderSetup(OfflineLLM(), None, "Offline provider (no network)", True, note)


def preset_choices() -> list[PresetChoice]:
    """The provider list of the settings dialog, from the agent's presets."""
    from pi_desktop.agent.presets import PRESETS

    choices: list[PresetChoice] = []
    for key, preset in _preset_items(PRESETS):
        choices.append(
            PresetChoice(
                key=key,
                label=str(getattr(preset, "label", None) or key),
                base_url=str(getattr(preset, "base_url", None) or ""),
                model=str(getattr(preset, "model", None) or ""),
                needs_key=bool(getattr(preset, "needs_key", False)),
            )
        )
    if not any(c.key == "offline" for c in choices):
        choices.insert(0, PresetChoice("offline", "Offline (no network)"))
    return choices


def _preset_items(presets: Any) -> list[tuple[str, Any]]:
    if isinstance(presets, dict):
        return [(str(k), v) for k, v in presets.items()]
    return [(str(getattr(p, "key", getattr(p, "name", ""))), p) for p in presets]


def make_provider_factory(key_store: KeyStore) -> ProviderFactory:
    """Build the chat LLM (and a cheaper summarizer when configured) from the settings."""

    def factory(settings: AppSettings) -> ProviderSetup:
        if settings.provider == "offline":
            return offline_setup()
        from pi_desktop.agent import OpenAIChatLLM

        choices = {c.key: c for c in preset_choices()}
        preset = choices.get(settings.provider)
        base_url = settings.base_url or (preset.base_url if preset else "")
        model = settings.model or (preset.model if preset else "")
        key, _source = key_store.get(settings.provider)
        label = preset.label if preset else settings.provider
        if not model:
            return offline_setup(f"{label}: no model is set, so the offline provider is used.")
        if preset is not None and preset.needs_key and not key:
            return offline_setup(
                f"{label} needs an API key and none is stored; using the offline provider. "
                "Add the key in Settings (Ctrl+,)."
            )
        llm = OpenAIChatLLM(model, base_url=base_url or None, api_key=key or "not-needed")
        summarizer = None
        if settings.summarizer_model and settings.summarizer_model != model:
            summarizer = OpenAIChatLLM(
                settings.summarizer_model, base_url=base_url or None, api_key=key or "not-needed"
            )
        description = f"{label} · {model}"
        if summarizer is not None:
            description += f" (summaries: {settings.summarizer_model})"
        return ProviderSetup(llm, summarizer, description, False, None)

    return factory


def default_tools_factory(
    workspace: Path, approver: ApprovalPrompter, settings: AppSettings
) -> list[Any]:
    """The workspace tools; writes and commands go through the approval prompt."""
    from pi_desktop.agent import build_workspace_tools

    return list(
        build_workspace_tools(workspace, approve=approver, allow_commands=settings.allow_commands)
    )
