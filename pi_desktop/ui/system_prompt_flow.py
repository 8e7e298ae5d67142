"""The session's system prompt: what a new session starts with, and changing it mid-session.

A change is one more entry in the session, used from the next request on; it is refused while
an answer is written (the request in flight was built with the old one). Through the agent
when there is one, so the agent re-estimates and the budget bar moves with the change. Saved
prompts live in a file beside the settings (``SavedPrompts``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtWidgets import QStatusBar

from pi_desktop.agent import Agent
from pi_desktop.session import Session
from pi_desktop.ui.agent_factories import default_prompt
from pi_desktop.ui.dialogs.system_prompt import SavedPrompts
from pi_desktop.ui.i18n import tr, trf


class PromptShown(Protocol):
    """The chat header's prompt link."""

    def set_system_prompt(self, prompt: str | None) -> None: ...


class SystemPromptFlow:
    """Reads, shows and changes the open session's system prompt (module doc)."""

    def __init__(
        self,
        store: SavedPrompts,
        *,
        session: Callable[[], Session | None],
        agent: Callable[[], Agent | None],
        busy: Callable[[], bool],
        header: PromptShown,
        refuse: Callable[[str], object],
        status: QStatusBar,
    ) -> None:
        self.store = store
        self._session = session
        self._agent = agent
        self._busy = busy
        self._header = header
        self._refuse = refuse  # why it was not changed, in the refusal area
        self._status = status

    def default_text(self) -> str:
        """What a new session starts with: the saved default prompt, else the built-in one."""
        return self.store.default_text() or default_prompt()

    def refresh(self) -> None:
        session = self._session()
        self._header.set_system_prompt(session.system_prompt if session else None)

    def choose(self, text: str) -> bool:
        """This session's prompt from the next request on (one more entry in the session)."""
        session = self._session()
        if session is None or self._busy():
            return False
        prompt = text if text.strip() else None
        if prompt == session.system_prompt:
            return False
        agent = self._agent()
        try:  # the agent appends the entry and re-estimates (its ContextPrepared moves the bar)
            if agent is not None:
                agent.set_system_prompt(prompt)
            else:
                session.set_system_prompt(prompt)
        except (OSError, ValueError, RuntimeError) as exc:
            self._refuse(trf("MainWindow", "The system prompt was not changed: %1", exc))
            return False
        self.refresh()
        self._status.showMessage(
            tr("MainWindow", "System prompt changed; your next message uses it."), 6000
        )
        return True
