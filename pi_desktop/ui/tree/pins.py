"""Pins in the window: the chat card's action, the tree's menu and Ctrl+P.

A pinned message stays verbatim in every view the agent sends; the pin is a session line the
agent writes (``Agent.pin`` / ``unpin``, refused with ``PinRefused`` past its cap). This part
asks for it, shows the refusal, marks the pinned cards, and tells the views that draw pins
(the tree's marks, the bar's figure) through ``changed``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from pi_desktop.agent import Agent
from pi_desktop.context import PinRefused
from pi_desktop.session import Session
from pi_desktop.ui.chat.message_widgets import MessageCard
from pi_desktop.ui.i18n import say, tr, trf
from pi_desktop.usertext import text_of


class PinCards(Protocol):
    """The conversation as the pins see it: its cards, and its newest stored message."""

    def message_cards(self) -> list[MessageCard]: ...

    def last_entry_id(self) -> str | None: ...


class PinsController(QObject):
    """Safe to call without a session or an agent: then it does nothing."""

    changed = Signal()  # a pin was added or removed (or refused: the marks are redrawn)
    status = Signal(str, int)  # a status-bar message and its timeout in ms

    def __init__(
        self,
        *,
        session: Callable[[], Session | None],
        agent: Callable[[], Agent | None],
        cards: PinCards,
        focused_entry_id: Callable[[], str | None],
        refuse: Callable[[str], object],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._agent = agent
        self._cards = cards
        self._focused = focused_entry_id  # the tree's keyboard focus, while it has focus
        self._refuse = refuse
        self.last_refusal: str | None = None

    def set_pinned(self, entry_id: str, pinned: bool) -> bool:
        """Pin or unpin ``entry_id``; a pin past the cap is refused in a banner. True if done."""
        agent = self._agent()
        if agent is None or self._session() is None:
            return False
        self.last_refusal = None
        try:
            done = agent.pin(entry_id) if pinned else agent.unpin(entry_id)
        except PinRefused as exc:
            self.last_refusal = say(text_of(exc))
            done = False
        except Exception as exc:  # a read-only or closed session: say so, change nothing
            self.last_refusal = (
                trf("Pins", "Could not pin: %1", say(text_of(exc)))
                if pinned
                else trf("Pins", "Could not unpin: %1", say(text_of(exc)))
            )
            done = False
        if self.last_refusal is not None:
            self._refuse(self.last_refusal)
        self.decorate()
        self.changed.emit()
        if done:
            text = (
                tr("Pins", "Pinned the message.") if pinned else tr("Pins", "Unpinned the message.")
            )
            self.status.emit(text, 4000)
        return done

    def toggle_shortcut(self) -> bool:
        """Ctrl+P: the tree's focused message when the tree has focus, else the last message."""
        session = self._session()
        if session is None:
            return False
        target = self._focused() or self._cards.last_entry_id()  # built or not (long sessions)
        if target is None:
            return False
        return self.set_pinned(target, not session.is_pinned(target))

    def decorate(self, cards: Sequence[QWidget] | None = None) -> None:
        """Show the pin on every message card whose entry is pinned (all cards by default)."""
        session = self._session()
        pinned = session.state.pinned if session is not None else {}
        for card in cards if cards is not None else self._cards.message_cards():
            if isinstance(card, MessageCard):
                card.actions.pin_button.setEnabled(bool(card.entry_id))
                card.set_pinned(bool(card.entry_id) and card.entry_id in pinned)
