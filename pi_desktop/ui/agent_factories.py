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

from pi_desktop.ui.dialogs.approval import ApprovalPrompter
from pi_desktop.ui.dialogs.settings_dialog import PresetChoice
from pi_desktop.ui.i18n import tr, trf
from pi_desktop.ui.settings import AppSettings, KeyStore, thinking_flag

DEFAULT_SYSTEM_PROMPT = (
    "You are a helpful assistant in pi-desktop. You can use the workspace tools to read, "
    "search and (with the user's approval) change files. Be concise and precise."
)
OFFLINE_NOTE = (
    "Offline provider: a deterministic demo model, no network. "
    "Choose a real model in Settings (Ctrl+,)."
)


def default_prompt() -> str:
    """``DEFAULT_SYSTEM_PROMPT`` in the interface's language: it is the text a new session
    starts with and the one the prompt editor shows, so a Chinese window offers a Chinese
    prompt (stored in the session as written; a later change of language leaves it)."""
    return tr("AgentFactories", DEFAULT_SYSTEM_PROMPT)


def offline_note() -> str:
    """``OFFLINE_NOTE`` in the interface's language."""
    return tr("AgentFactories", OFFLINE_NOTE)


@dataclass
class ProviderSetup:
    """What the provider factory returns for the current settings."""

    llm: Any
    summarizer: Any = None  # None: the chat model summarizes
    description: str = ""  # for the status bar: "OpenAI · gpt-4o-mini"
    offline: bool = False
    note: str | None = None  # something the user must know (e.g. "no API key: offline")


ProviderFactory = Callable[[AppSettings], ProviderSetup]
# (workspace, approver, settings, *, results_dir=None, sessions_root=None, session_path=None)
# -> tools
ToolsFactory = Callable[..., list[Any]]


def offline_setup(note: str | None = "", chars_per_second: float = 0) -> ProviderSetup:
    """The offline demo; ``chars_per_second`` paces its streaming (0: at once)."""
    from pi_desktop.agent import OfflineLLM

    llm = OfflineLLM(chars_per_second=chars_per_second)
    note = offline_note() if note == "" else note
    return ProviderSetup(
        llm, None, tr("AgentFactories", "Offline provider (no network)"), True, note
    )


def preset_label(key: str, label: str) -> str:
    """A preset's name in the interface's language (product names stay as they are)."""
    words = {
        "offline": tr("AgentFactories", "Offline demo (no network)"),
        "dashscope": tr("AgentFactories", "Qwen (DashScope, compatible mode)"),
        "custom": tr("AgentFactories", "Custom OpenAI-compatible server"),
    }
    return words.get(key, label)


def preset_choices() -> list[PresetChoice]:
    """The provider list of the settings dialog, from the agent's presets."""
    from pi_desktop.agent.presets import PRESETS

    return [
        PresetChoice(
            key=key,
            label=preset_label(key, preset.label),
            base_url=preset.base_url or "",
            model=preset.default_model,
            needs_key=preset.needs_api_key,
            thinking=preset.thinking is not None,
            effort=preset.reasoning_effort,
        )
        for key, preset in PRESETS.items()
    ]


def make_provider_factory(key_store: KeyStore) -> ProviderFactory:
    """Build the chat LLM (and a cheaper summarizer when configured) from the settings.

    An incomplete choice (no key, no URL, no model) opens on the offline provider and says
    why in the status bar, instead of failing on the first message.
    """

    def factory(settings: AppSettings) -> ProviderSetup:
        speed = settings.offline_chars_per_second
        if settings.provider == "offline":
            return offline_setup(chars_per_second=speed)
        from pi_desktop.agent.presets import PRESETS, build_llm

        preset = PRESETS.get(settings.provider)
        label = preset.label if preset else settings.provider
        key, _source = key_store.get(settings.provider)
        common = {
            "base_url": settings.base_url or None,
            "api_key": key,
            "thinking": thinking_flag(settings.thinking),
            "reasoning_effort": settings.reasoning_effort or None,
            "response_deadline": settings.response_deadline,
            "idle_deadline": settings.idle_deadline,
        }
        try:
            llm = build_llm(settings.provider, model=settings.model or None, **common)
            summarizer = None
            if settings.summarizer_model and settings.summarizer_model != settings.model:
                summarizer = build_llm(settings.provider, model=settings.summarizer_model, **common)
        except ValueError as exc:
            note = trf("AgentFactories", "%1 — using the offline provider until then.", exc)
            return offline_setup(note, speed)
        model = getattr(llm, "model", settings.model)
        description = f"{label} · {model}"
        if summarizer is not None:
            description += f" (summaries: {settings.summarizer_model})"
        return ProviderSetup(llm, summarizer, description, False, None)

    return factory


def default_tools_factory(
    workspace: Path,
    approver: ApprovalPrompter,
    settings: AppSettings,
    *,
    results_dir: Path | None = None,
    sessions_root: Path | None = None,
    session_path: Path | None = None,
) -> list[Any]:
    """The workspace tools; writes and commands go through the approval prompt.

    The session library is out of the tools' reach even inside the workspace, and so is the
    open session's file and folder wherever it lives (``--session`` may name a file inside the
    workspace); its tool-results folder stays readable so the model can read offloaded results.
    """
    protected = [sessions_root] if sessions_root is not None else []
    if session_path is not None:
        protected += [session_path, Path(session_path).with_suffix("")]
    from pi_desktop.agent import build_workspace_tools

    return list(
        build_workspace_tools(
            workspace,
            approve=approver,
            allow_commands=settings.allow_commands,
            protected=protected,
            readable=[results_dir] if results_dir is not None else [],
        )
    )
