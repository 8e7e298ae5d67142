"""Branch summaries in the window: what a branch the user left explored, as a side node.

A rewind (or an edit and resend) that leaves an answered turn behind asks the agent to note
what that branch did (``Agent.summarize_abandoned``); the note hangs off the node returned to
and is sent as context while the conversation passes there. This part starts that request,
lets the next run wait for it, says how it went in the status bar, and removes a note on
request (``Agent.remove_branch_summary``). Both write session lines: ``changed`` tells the
views that show them (the tree's side nodes, the bar's figure) to redraw.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from pi_desktop.agent import Agent
from pi_desktop.agent.branch_summary import abandoned_messages, worth_summarizing
from pi_desktop.session import Session
from pi_desktop.ui.i18n import tr, trf

log = logging.getLogger(__name__)


class BranchSummaries(QObject):
    """Safe to call without a session or an agent: then it does nothing."""

    changed = Signal()  # a branch summary was written or removed
    status = Signal(str, int)  # a status-bar message and its timeout in ms (0: until replaced)

    def __init__(
        self,
        *,
        session: Callable[[], Session | None],
        agent: Callable[[], Agent | None],
        enabled: Callable[[], bool],
        refuse: Callable[[str], object],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._agent = agent
        self._enabled = enabled  # the setting, read when a branch is left
        self._refuse = refuse
        self.task: asyncio.Task[str | None] | None = None  # the running summary, if any
        self._task_agent: Agent | None = None  # the agent ``task`` writes through
        self._waived: asyncio.Task[str | None] | None = None  # the user stopped waiting for it

    def after_rewind(self, old_leaf: str | None, target: str) -> asyncio.Task[str | None] | None:
        """Summarize what moving from ``old_leaf`` to ``target`` left behind, hanging off
        ``target`` (when the setting is on and an answered turn was left).

        The one path for every move that abandons a branch: a rewind, and an edit and resend
        (which rewinds to the edited message's parent, or for a new first message calls this
        with the new message as ``target`` from ``Agent.run_from``'s hook).
        """
        agent, session = self._agent(), self._session()
        if agent is None or session is None or not self._enabled():
            return None
        left = abandoned_messages(session, old_leaf, target)
        if not worth_summarizing(left):
            return None
        self.status.emit(tr("BranchSummaries", "Summarizing the branch you left…"), 0)
        self.task = asyncio.ensure_future(self._summarize(agent, old_leaf, target))
        self._task_agent = agent
        return self.task

    def pending_task(self) -> asyncio.Task[str | None] | None:
        """The branch summary still being written for the open session, if any: a run
        started now waits for it, so its first request already carries the note."""
        task = self.task
        if task is None or task.done() or self._task_agent is not self._agent():
            return None
        return None if task is self._waived else task

    def waive(self) -> None:
        """The user stopped a run that waited for the summary: the next one does not wait
        (the summary still lands, and the requests after it carry the note)."""
        self._waived = self.task

    async def _summarize(self, agent: Agent, old_leaf: str | None, target: str) -> str | None:
        try:
            summary_id = await agent.summarize_abandoned(old_leaf, target)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the provider failed: nothing was written; say so once
            log.info("branch summary failed: %s", exc)
            self.status.emit(trf("BranchSummaries", "The branch summary failed: %1", exc), 8000)
            return None
        if agent is not self._agent() or summary_id is None:
            return summary_id
        self.status.emit(
            tr(
                "BranchSummaries",
                "Noted what the branch you left explored (a side node in the tree; it is sent "
                "as context while the conversation passes there — remove it from its menu).",
            ),
            8000,
        )
        self.changed.emit()
        return summary_id

    def remove(self, summary_id: str) -> bool:
        """Take a branch summary out of the view (an appended line; the note stays on file)."""
        agent = self._agent()
        if agent is None:
            return False
        try:
            agent.remove_branch_summary(summary_id)
        except Exception as exc:
            self._refuse(trf("BranchSummaries", "Could not remove the branch summary: %1", exc))
            return False
        self.changed.emit()
        return True
