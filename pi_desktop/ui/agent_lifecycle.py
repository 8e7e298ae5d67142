"""The agent of the open session: built from the settings, rebuilt when they change.

The settings can change at any time (Settings, an MCP server's tools coming and going) but an
agent must not be swapped under a running answer: a change made during a run is kept and
applied as soon as the run ends, so the provider the status bar names is always the one the
next message goes to. A rebuilt agent restores the usage anchor and summary cache the session
saved, so rebuilding costs no model call. This part owns the settings, the provider and the
agent; it sees the window only through the few callables it is given.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from PySide6.QtWidgets import QStatusBar

from pi_desktop.agent import Agent, Tool
from pi_desktop.session import Session, SessionLibrary
from pi_desktop.ui.agent_factories import ProviderFactory, ProviderSetup, ToolsFactory
from pi_desktop.ui.dialogs.approval import ApprovalPrompter
from pi_desktop.ui.i18n import tr, trf
from pi_desktop.ui.provider_status import ProviderStatus
from pi_desktop.ui.settings import AppSettings, KeyStore, SettingsStore
from pi_desktop.ui.text.safe_text import image_policy


class AgentSlot(Protocol):
    """The controller, which runs the agent it is given."""

    @property
    def busy(self) -> bool: ...

    def set_agent(self, agent: Agent | None) -> None: ...


@dataclass(frozen=True)
class SettingsChange:
    """What a saved change of settings touched (the window redraws what shows it)."""

    prices: bool  # the answers' costs are said anew
    provider: bool  # the previous provider's errors no longer apply
    key_failed: str | None  # why the API key was not stored


class AgentLifecycle:
    """Builds, drops and rebuilds the agent of the open session (module doc)."""

    def __init__(
        self,
        *,
        settings: AppSettings,
        settings_store: SettingsStore,
        key_store: KeyStore,
        library: SessionLibrary,
        provider_factory: ProviderFactory,
        tools_factory: ToolsFactory | None,
        approver: ApprovalPrompter,
        controller: AgentSlot,
        session: Callable[[], Session | None],
        provider_status: ProviderStatus,
        status: QStatusBar,
        rebuilt: Callable[[], None],
        workspace: Path | None = None,
    ) -> None:
        self._settings_store = settings_store
        self._key_store = key_store
        self._library = library
        self._provider_factory = provider_factory
        self._tools_factory = tools_factory
        self._approver = approver
        self._controller = controller
        self._session = session
        self._provider_status = provider_status
        self._status = status
        self._rebuilt = rebuilt  # a rebuilt agent's first estimate is drawn by the window
        self._workspace_override = workspace
        self.settings = settings
        self.agent: Agent | None = None
        self.provider: ProviderSetup | None = None
        self.pending = False  # settings saved during a run: applied when it ends

    # ---------------------------------------------------------------- workspace

    def workspace_choice(self) -> str | None:
        """The folder a new session records: --workspace, else the settings' (or none)."""
        chosen = self._workspace_override or self.settings.workspace or None
        return str(chosen) if chosen else None

    def effective_workspace(self) -> tuple[Path, str]:
        """The folder the tools use and where it came from ("argument", "settings", "session",
        "cwd"), so the settings dialog can show the real one and say why."""
        session = self._session()
        for candidate, origin in (
            (self._workspace_override, "argument"),
            (self.settings.workspace, "settings"),
            (session.workspace if session else None, "session"),
        ):
            if candidate:
                return Path(candidate).expanduser(), origin
        return Path.cwd(), "cwd"

    def workspace(self) -> Path:
        return self.effective_workspace()[0]

    # ---------------------------------------------------------------- the agent

    def extend_tools(self, extra: Callable[[list[Tool]], list[Tool]]) -> None:
        """Offer ``extra(tools)`` beside the tools every new agent gets (MCP servers' tools);
        ``extra`` receives the built-in ones so its names can stay clear of them."""
        base = self._tools_factory

        def factory(*args: object, **kwargs: object) -> list[Tool]:
            tools = list(base(*args, **kwargs)) if base is not None else []
            return tools + extra(tools)

        self._tools_factory = factory

    def build(self) -> Agent:
        """The agent of the open session, handed to the controller, its provider shown."""
        session = self._session()
        assert session is not None
        settings = self.settings
        self.provider = self._provider_factory(settings)
        self._approver.policy = settings.approval_policy
        self._approver.remembered.clear()
        tools = (
            self._tools_factory(
                self.workspace(),
                self._approver,
                settings,
                results_dir=self._library.results_dir(session.path),
                sessions_root=self._library.root,
                session_path=session.path,
            )
            if self._tools_factory
            else []
        )
        self.agent = Agent(
            self.provider.llm,
            tools,
            session=session,
            context_budget=settings.context_budget,
            keep_recent_tokens=settings.keep_recent_tokens or None,
            summarizer=self.provider.summarizer,
            threshold=settings.threshold,
            snip_policy=settings.snip_policy,
        )
        self._controller.set_agent(self.agent)
        self._provider_status.show(self.provider, self.workspace())
        return self.agent

    def drop(self) -> None:
        """No agent: the session is being closed."""
        self._controller.set_agent(None)
        self.agent = None

    def rebuild(self) -> None:
        """A new agent for the new settings (it restores the usage anchor the session saved)."""
        self.pending = False
        if self._session() is None:
            return
        self._controller.set_agent(None)
        self.build()
        self._rebuilt()

    def rebuild_between_runs(self) -> None:
        """A new agent now, or when the running answer ends."""
        if self._session() is None:
            return
        if self._controller.busy:
            self.pending = True  # applied when the run ends
        else:
            self.rebuild()

    def run_ended(self) -> bool:
        """A run ended: a change saved meanwhile applies now. True when the agent was rebuilt."""
        self._approver.end_run()  # "Deny all until the answer ends" ends here
        if not self.pending:
            return False
        self.rebuild()
        return True

    # ---------------------------------------------------------------- settings

    def store(self, settings: AppSettings, api_key: str | None = None) -> SettingsChange:
        """Persist ``settings`` (and the key, in the key store); ``apply`` then uses them."""
        failed = None
        if api_key is not None and settings.provider != "offline":
            failed = self._key_store.set(settings.provider, api_key)
        old = self.settings
        if settings.workspace != old.workspace:
            self._workspace_override = None  # a folder chosen in Settings beats --workspace
        provider_changed = api_key is not None or (
            (settings.provider, settings.model, settings.base_url)
            != (old.provider, old.model, old.base_url)
            or (settings.thinking, settings.reasoning_effort)
            != (old.thinking, old.reasoning_effort)
        )
        self.settings = settings
        self._settings_store.save(settings)
        image_policy().set_remote_images(settings.remote_images)
        return SettingsChange(settings.model_prices != old.model_prices, provider_changed, failed)

    def apply(self, change: SettingsChange) -> None:
        """The stored settings take effect: now, or when the running answer ends."""
        if self._controller.busy:
            self.pending = True
            self._status.showMessage(
                tr("MainWindow", "Settings saved; they apply when this answer ends."), 6000
            )
        else:
            self.rebuild()
        if change.key_failed:
            self._status.showMessage(
                trf("MainWindow", "The API key was not saved: %1.", change.key_failed)
            )
