"""The budget bar between runs: what the next request would carry, for the session on screen.

During a run the bar draws the run's own ``ContextPrepared`` (the run presenter does that).
Between runs — after a restart, a rewind, a pin, a summary edit or a budget change — it shows
a fresh estimate of the next request, never the last request's view (which lacks the answer
that came back), so the same conversation shows the same figure however it was reached. The
breakdown dialog, when open, follows it.
"""

from __future__ import annotations

from collections.abc import Callable

from pi_desktop.agent import Agent
from pi_desktop.agent.events import ContextPrepared
from pi_desktop.session import Session
from pi_desktop.ui.budget.bar import BudgetBar
from pi_desktop.ui.budget.figures import branch_compactions


class BudgetFollow:
    """Redraws ``bar`` from the open session's agent (module doc)."""

    def __init__(
        self,
        bar: BudgetBar,
        *,
        session: Callable[[], Session | None],
        agent: Callable[[], Agent | None],
        prepared: Callable[[ContextPrepared], None],
        breakdown: Callable[[], None],
    ) -> None:
        self._bar = bar
        self._session = session
        self._agent = agent
        self._prepared = prepared  # draws an estimate as a run's prepare is drawn (faded)
        self._breakdown = breakdown  # the open breakdown dialog follows the bar

    def refresh(self) -> None:
        """The next request's estimate, and the summaries of the branch."""
        agent, session = self._agent(), self._session()
        if agent is None or session is None:
            return
        ev = agent.estimate_now()
        self._bar.set_estimate(ev.estimated_tokens, ev.budget, ev.threshold, ratio=ev.ratio)
        self._bar.set_compactions(*branch_compactions(session))
        self._breakdown()

    def first_estimate(self) -> None:
        """A new agent's first estimate, drawn as a prepare would draw it (report, faded)."""
        agent = self._agent()
        assert agent is not None
        self._prepared(agent.estimate_now())
        self._breakdown()

    def agent_rebuilt(self) -> None:
        """The settings changed: the new agent's first estimate and the branch's summaries."""
        self.first_estimate()
        self.compactions()

    def compactions(self) -> None:
        """The branch's summaries (a compaction, a rewind or another session changed them)."""
        self._bar.set_compactions(*branch_compactions(self._session()))

    def session_opened(self) -> None:
        """A session shown: its first estimate (when it has an agent) and its summaries."""
        if self._agent() is not None:
            self.first_estimate()
        self._bar.reset_compactions()
        self.compactions()
