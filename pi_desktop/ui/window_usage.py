"""What the window shows of cost and instructions: each answer's figures, the session's
totals in the status bar, and the session's system prompt in the header.

Answers' figures (usage, time to first token, speed) are stored beside each message in the
session (``MessageEntry.stats``); the conversation asks for them through ``stats_source``,
so a reloaded session shows the same hover as the live one. Money appears only for models
the user gave a price in Settings.

``MainWindow`` inherits this half; the state it reads (session, settings, the parts it
redraws) is the window's.
"""

from __future__ import annotations

import logging
from typing import Any

from PySide6.QtWidgets import QLabel

from pi_desktop.agent.stats import ModelPrice, session_cost, session_usage_totals
from pi_desktop.ui.chat.usage_text import (
    MessageStats,
    parse_prices,
    totals_details,
    totals_line,
)

log = logging.getLogger(__name__)


class WindowUsage:
    """The usage and system-prompt handlers of ``MainWindow`` (see the module docstring)."""

    def _build_usage(self) -> None:
        self._prices_key: str | None = None
        self._prices: dict[str, ModelPrice] = {}
        self.usage_label = QLabel(self)
        self.usage_label.setObjectName("sessionUsage")
        self.usage_label.setContentsMargins(0, 0, 12, 0)
        self.usage_label.hide()
        self.statusBar().addPermanentWidget(self.usage_label)
        self.conversation.stats_source = self.message_stats
        self.header.systemPromptRequested.connect(self.show_system_prompt)

    def prices(self) -> dict[str, ModelPrice]:
        """The user's prices, parsed once per change of the setting."""
        key = self.settings.model_prices
        if key != self._prices_key:
            self._prices_key, self._prices = key, parse_prices(key)
        return self._prices

    def message_stats(self, entry_id: str | None, _metadata: Any = None) -> MessageStats | None:
        """An answer's figures from its session entry (None: not measured, e.g. offline)."""
        if self.session is None or entry_id is None:
            return None
        entry = self.session.entries.get(entry_id)
        return MessageStats.from_stats(getattr(entry, "stats", None), self.prices())

    def refresh_usage(self) -> None:
        """The status bar's session totals: tokens in and out, cache-hit rate, money."""
        if self.session is None:
            self.usage_label.hide()
            return
        totals = session_usage_totals(self.session)
        cost = session_cost(self.session, self.prices())
        line = totals_line(totals, cost)
        self.usage_label.setText(f"Session: {line}" if line else "")
        self.usage_label.setToolTip(totals_details(totals, cost) if line else "")
        self.usage_label.setVisible(bool(line))

    def restat(self) -> None:
        """Prices changed (Settings): every answer's hover and the totals say it anew."""
        for card in self.conversation.message_cards():
            if card.role == "assistant" and card.entry_id:
                card.set_stats(self.message_stats(card.entry_id))
        self.refresh_usage()

    # -- the system prompt ---------------------------------------------------------------

    def refresh_system_prompt(self) -> None:
        self.header.set_system_prompt(self.session.system_prompt if self.session else None)

    def show_system_prompt(self) -> Any:
        """The header's prompt link: view, change, save or choose a prompt (``open()``)."""
        from pi_desktop.ui.dialogs.system_prompt import SystemPromptDialog

        if self.session is None:
            self.new_session()
        if self.session is None:
            return None
        dialog = SystemPromptDialog(self.session.system_prompt, self.prompt_store, self)
        if self.busy:
            dialog.set_editable(False, "Wait for the answer to finish to change the prompt.")
        dialog.promptChosen.connect(self.set_system_prompt)
        return self._show_dialog(dialog)

    def set_system_prompt(self, text: str) -> bool:
        """This session's prompt from the next request on (one more entry in the session)."""
        if self.session is None or self.busy:
            return False
        prompt = text if text.strip() else None
        if prompt == self.session.system_prompt:
            return False
        try:  # the agent appends the entry and re-estimates (its ContextPrepared moves the bar)
            if self.agent is not None:
                self.agent.set_system_prompt(prompt)
            else:
                self.session.set_system_prompt(prompt)
        except (OSError, ValueError, RuntimeError) as exc:
            self.show_refusal(f"The system prompt was not changed: {exc}")
            return False
        self.refresh_system_prompt()
        self.tree.refresh()
        self.statusBar().showMessage("System prompt changed; your next message uses it.", 6000)
        return True
