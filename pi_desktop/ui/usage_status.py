"""What the window shows of cost: each answer's figures and the session's totals.

Answers' figures (usage, time to first token, speed) are stored beside each message in the
session (``MessageEntry.stats``); the conversation asks for them through ``message_stats``,
so a reloaded session shows the same hover as the live one. Money appears only for models
the user gave a price in Settings. The totals follow the session: the window calls
``follow`` with what its ``SessionWatch`` reports the session stored.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence

from PySide6.QtWidgets import QLabel, QWidget

from pi_desktop.agent.stats import ModelPrice, session_cost, session_usage_totals
from pi_desktop.session import CompactionEntry, MessageEntry, Session
from pi_desktop.session.entries import Entry
from pi_desktop.ui.chat.message_widgets import MessageCard
from pi_desktop.ui.chat.usage_text import (
    MessageStats,
    parse_prices,
    totals_details,
    totals_line,
)
from pi_desktop.ui.i18n import trf

log = logging.getLogger(__name__)


class UsageStatus:
    """The status bar's session totals (``label``) and the answers' hover figures."""

    def __init__(self, prices_setting: Callable[[], str], parent: QWidget) -> None:
        """``prices_setting()`` is the user's price list as typed in Settings."""
        self._prices_setting = prices_setting
        self._prices_key: str | None = None
        self._prices: dict[str, ModelPrice] = {}
        self._session: Session | None = None
        self.label = QLabel(parent)
        self.label.setObjectName("sessionUsage")
        self.label.setContentsMargins(0, 0, 12, 0)
        self.label.hide()

    def set_session(self, session: Session | None) -> None:
        self._session = session
        self.refresh()

    def prices(self) -> dict[str, ModelPrice]:
        """The user's prices, parsed once per change of the setting."""
        key = self._prices_setting()
        if key != self._prices_key:
            self._prices_key, self._prices = key, parse_prices(key)
        return self._prices

    def message_stats(self, entry_id: str | None, _metadata: object = None) -> MessageStats | None:
        """An answer's figures from its session entry (None: not measured, e.g. offline)."""
        if self._session is None or entry_id is None:
            return None
        entry = self._session.entries.get(entry_id)
        stats = entry.stats if isinstance(entry, MessageEntry) else None
        return MessageStats.from_stats(stats, self.prices())

    def refresh(self) -> None:
        """The session totals: tokens in and out, cache-hit rate, money."""
        if self._session is None:
            self.label.hide()
            return
        totals = session_usage_totals(self._session)
        cost = session_cost(self._session, self.prices())
        line = totals_line(totals, cost)
        self.label.setText(trf("MainWindow", "Session: %1", line) if line else "")
        self.label.setToolTip(totals_details(totals, cost) if line else "")
        self.label.setVisible(bool(line))

    def follow(self, entries: Sequence[Entry]) -> None:
        """The session changed: the totals move only with an answer or a compaction (each
        refresh reads every entry, so a user message or a pin does not pay for one)."""
        answers = (isinstance(e, MessageEntry) and e.role == "assistant" for e in entries)
        if any(isinstance(e, CompactionEntry) for e in entries) or any(answers):
            self.refresh()

    def restat(self, cards: Iterable[MessageCard]) -> None:
        """Prices changed (Settings): every answer's hover and the totals say it anew."""
        for card in cards:
            if card.role == "assistant" and card.entry_id:
                card.set_stats(self.message_stats(card.entry_id))
        self.refresh()
