"""The window's steering: pins (chat action, tree menu, Ctrl+P) and branch summaries.

Pins and branch summaries are session lines the agent writes (``Agent.pin``/``unpin``,
``summarize_abandoned``/``remove_branch_summary``); this part asks for them, shows the
refusal when a pin would pass its cap, and redraws the pin marks and side nodes.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from PySide6.QtCore import QObject

from pi_desktop.context import PinRefused
from pi_desktop.ui.chat.message_widgets import MessageCard
from pi_desktop.ui.i18n import tr, trf

log = logging.getLogger(__name__)


class Steering(QObject):
    """Owned by the main window; every method is safe to call without a session."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.task: asyncio.Task[Any] | None = None  # the running branch summary, if any
        self._task_agent: Any = None  # the agent ``task`` writes through
        self._waived: asyncio.Task[Any] | None = None  # the user stopped waiting for it
        self.last_refusal: str | None = None

    # ------------------------------------------------------------------ pins
    def set_pinned(self, entry_id: str, pinned: bool) -> bool:
        """Pin or unpin ``entry_id``; a pin past the cap is refused in a banner. True if done."""
        agent = self.window.agent
        if agent is None or self.window.session is None:
            return False
        self.last_refusal = None
        try:
            done = agent.pin(entry_id) if pinned else agent.unpin(entry_id)
        except PinRefused as exc:
            self.last_refusal = str(exc)
            self.window.show_refusal(str(exc))
            done = False
        except Exception as exc:  # a read-only or closed session: say so, change nothing
            self.last_refusal = (
                trf("Steering", "Could not pin: %1", exc)
                if pinned
                else trf("Steering", "Could not unpin: %1", exc)
            )
            self.window.show_refusal(self.last_refusal)
            done = False
        self.redraw()
        if done:
            text = (
                tr("Steering", "Pinned the message.")
                if pinned
                else tr("Steering", "Unpinned the message.")
            )
            self.window.statusBar().showMessage(text, 4000)
        return done

    def toggle_pin_shortcut(self) -> bool:
        """Ctrl+P: the tree's focused node when the tree has focus, else the last message."""
        session = self.window.session
        if session is None:
            return False
        target = self._tree_focus() or self._last_message()
        if target is None:
            return False
        return self.set_pinned(target, not session.is_pinned(target))

    def _tree_focus(self) -> str | None:
        view = self.window.tree.view
        row = view.focus_row
        if not view.hasFocus() or row is None or row >= len(view.tree_layout.rows):
            return None
        node = view.snapshot.nodes.get(view.tree_layout.rows[row].node_id)
        if node is None or node.kind == "compaction":
            return None
        return node.id

    def _last_message(self) -> str | None:
        return self.window.conversation.last_entry_id()  # built or not (a long session)

    def decorate(self, cards: list[Any] | None = None) -> None:
        """Show the pin on every message card whose entry is pinned."""
        session = self.window.session
        pinned = session.state.pinned if session is not None else {}
        for card in cards if cards is not None else self.window.conversation.message_cards():
            if isinstance(card, MessageCard):
                card.actions.pin_button.setEnabled(bool(card.entry_id))
                card.set_pinned(bool(card.entry_id) and card.entry_id in pinned)

    def redraw(self) -> None:
        self.window.tree.refresh()
        self.decorate()
        self.window._refresh_bar()

    # ------------------------------------------------------------------ branch summaries
    def after_rewind(self, old_leaf: str | None, target: str) -> asyncio.Task[Any] | None:
        """Summarize what moving from ``old_leaf`` to ``target`` left behind, hanging off
        ``target`` (when the setting is on and an answered turn was left).

        The one path for every move that abandons a branch: a rewind, and an edit and resend
        (which rewinds to the edited message's parent, or for a new first message calls this
        with the new message as ``target`` from ``Agent.run_from``'s hook).
        """
        agent, session = self.window.agent, self.window.session
        if agent is None or session is None or not self.window.settings.branch_summaries:
            return None
        from pi_desktop.agent.branch_summary import abandoned_messages, worth_summarizing

        left = abandoned_messages(session, old_leaf, target)
        if not worth_summarizing(left):
            return None
        self.window.statusBar().showMessage(tr("Steering", "Summarizing the branch you left…"))
        self.task = asyncio.ensure_future(self._summarize(agent, old_leaf, target))
        self._task_agent = agent
        return self.task

    def pending_task(self) -> asyncio.Task[Any] | None:
        """The branch summary still being written for this window's session, if any: a run
        started now waits for it, so its first request already carries the note."""
        task = self.task
        if task is None or task.done() or self._task_agent is not self.window.agent:
            return None
        return None if task is self._waived else task

    def waive(self) -> None:
        """The user stopped a run that waited for the summary: the next one does not wait
        (the summary still lands, and the requests after it carry the note)."""
        self._waived = self.task

    async def _summarize(self, agent: Any, old_leaf: str | None, target: str) -> str | None:
        try:
            summary_id = await agent.summarize_abandoned(old_leaf, target)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the provider failed: nothing was written; say so once
            log.info("branch summary failed: %s", exc)
            self.window.statusBar().showMessage(
                trf("Steering", "The branch summary failed: %1", exc), 8000
            )
            return None
        if agent is not self.window.agent or summary_id is None:
            return summary_id
        self.window.statusBar().showMessage(
            tr(
                "Steering",
                "Noted what the branch you left explored (a side node in the tree; it is sent "
                "as context while the conversation passes there — remove it from its menu).",
            ),
            8000,
        )
        self.window.tree.refresh()
        self.window._refresh_bar()
        return summary_id

    def remove_branch_summary(self, summary_id: str) -> bool:
        agent = self.window.agent
        if agent is None:
            return False
        try:
            agent.remove_branch_summary(summary_id)
        except Exception as exc:
            self.window.show_refusal(
                trf("Steering", "Could not remove the branch summary: %1", exc)
            )
            return False
        self.window.tree.refresh()
        self.window._refresh_bar()
        return True
