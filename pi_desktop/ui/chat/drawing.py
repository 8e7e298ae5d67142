"""The chat drawn from the session: its current path, each card with its edit action and pin.

The conversation builds its cards lazily, as their rows scroll into view, so decorating is
done twice: for the cards built when the path is shown, and for each card built later
(``decorate_card``). History repairs the agent made on load are said under the path.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from PySide6.QtWidgets import QWidget

from pi_desktop.agent import Agent
from pi_desktop.agent.repair import PairRepair
from pi_desktop.session import Session, SessionLibrary
from pi_desktop.ui.chat.conversation import ConversationView, PathItem, path_items
from pi_desktop.ui.chat.path_rows import PathRows


class Decorates(Protocol):
    """Edit-and-resend and the pins: each adds its action to message cards."""

    def decorate(self, cards: list[QWidget] | None = None) -> None: ...


class ChatDrawing:
    """Draws the open session's current path into ``conversation`` (module doc)."""

    def __init__(
        self,
        conversation: ConversationView,
        library: SessionLibrary,
        *,
        session: Callable[[], Session | None],
        agent: Callable[[], Agent | None],
        show_repairs: Callable[[Iterable[PairRepair]], None],
        decorators: Sequence[Decorates],
    ) -> None:
        self._conversation = conversation
        self._library = library
        self._session = session
        self._agent = agent
        self._show_repairs = show_repairs  # the run presenter's note of repaired history
        self._decorators = decorators

    def render_path(self, items: list[PathItem] | PathRows | None = None) -> None:
        """Redraw the conversation from the session's current path (after rewind/load)."""
        session = self._session()
        if session is None:
            self._conversation.clear()
            return
        if items is None:  # else read with the session, off the event loop
            items = path_items(session, self._library.results_dir(session.path))
        self._conversation.show_path(items)
        agent = self._agent()
        if agent is not None:
            self._show_repairs(agent.history_repairs)
        for decorator in self._decorators:
            decorator.decorate()

    def decorate_card(self, card: QWidget) -> None:
        """A card built as its row scrolled into view: its edit action and its pin."""
        for decorator in self._decorators:
            decorator.decorate([card])

    def summary_edited(self, compaction_id: str, entry_id: str) -> None:
        """The chat shows a summary's edit at once (as a reload would)."""
        session = self._session()
        edit = session.entries[entry_id] if session is not None else None
        if edit is not None:
            before, after = edit.tokens_before, edit.tokens_after
            self._conversation.add_edited_summary(
                compaction_id, entry_id, before, after, edit.summarized_count
            )
