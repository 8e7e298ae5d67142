"""The session tree as one part of the window: the panel, what its clicks do, pins and notes.

A click on a node rewinds the conversation there (the branch left behind may get its summary,
``BranchSummaries.after_rewind``); below the compaction floor a rewind would leave a gap no
summary covers, so it is refused in a banner that offers a fork instead. The part owns the
panel widget (``panel``), the pins (``pins``) and the branch summaries (``branches``); it reads
the open session and agent through the callables it is given and tells the window what
happened through signals, so it never holds the window.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from pi_desktop.agent import Agent
from pi_desktop.session import RewindError, Session
from pi_desktop.ui.chat.message_widgets import InlineBanner
from pi_desktop.ui.i18n import say, tr, trf
from pi_desktop.ui.labels import title_from
from pi_desktop.ui.tree.branch_summaries import BranchSummaries
from pi_desktop.ui.tree.panel import SessionTreePanel
from pi_desktop.ui.tree.pins import PinCards, PinsController
from pi_desktop.usertext import text_of


class Refusals(Protocol):
    """Where a refusal is shown (``RefusalArea``): a banner that can carry actions."""

    def show_refusal(self, text: str) -> InlineBanner: ...

    def clear(self) -> None: ...


class Forks(Protocol):
    """What makes a fork (``SessionLibrary``): a new session holding the path to a point."""

    def fork(self, session: Session, entry_id: str, *, title: str | None = None) -> Session: ...


class SessionTree(QObject):
    """The tree panel and its actions; connect its signals, call ``session_changed``."""

    rewound = Signal(str)  # the conversation now ends at this entry: redraw the path
    forkCreated = Signal(object)  # a Session forked from the open one: open it
    status = Signal(str, int)  # a status-bar message and its timeout in ms (0: until replaced)
    entriesChanged = Signal()  # a pin or branch summary was written: redraw what counts it

    def __init__(
        self,
        parent: QWidget,
        *,
        session: Callable[[], Session | None],
        agent: Callable[[], Agent | None],
        busy: Callable[[], bool],
        refusals: Refusals,
        forks: Forks,
        cards: PinCards,
        branch_summaries: Callable[[], bool],
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._agent = agent
        self._busy = busy
        self._refusals = refusals
        self._forks = forks
        self.panel = SessionTreePanel(parent)
        self.pins = PinsController(
            session=session,
            agent=agent,
            cards=cards,
            focused_entry_id=self.focused_entry_id,
            refuse=refusals.show_refusal,
            parent=self,
        )
        self.branches = BranchSummaries(
            session=session,
            agent=agent,
            enabled=branch_summaries,
            refuse=refusals.show_refusal,
            parent=self,
        )
        for part in (self.pins, self.branches):
            part.changed.connect(self._entries_changed)
            part.status.connect(self.status)
        self.panel.rewindRequested.connect(self.rewind_to)
        self.panel.sealedClicked.connect(self.rewind_to)  # refused, with the fork offered
        self.panel.forkRequested.connect(self.fork_from)
        self.panel.pinRequested.connect(self.pins.set_pinned)
        self.panel.branchSummaryRemoveRequested.connect(self.branches.remove)

    def focused_entry_id(self) -> str | None:
        """The message the tree's keyboard focus is on, while the tree has focus."""
        return self.panel.focused_entry_id()

    def session_changed(self) -> None:
        """The open session changed (an appended line, a move of its current entry)."""
        self.panel.refresh()

    def _entries_changed(self) -> None:
        self.panel.refresh()
        self.entriesChanged.emit()

    def rewind_to(self, entry_id: str) -> bool:
        """A click in the tree: rewind there, or explain why not and offer a fork."""
        agent, session = self._agent(), self._session()
        if self._busy() or agent is None:
            return False
        self._refusals.clear()
        old_leaf = session.current_id if session is not None else None
        try:
            agent.rewind(entry_id)
        except RewindError as exc:
            self.refuse_rewind(entry_id, say(text_of(exc)))
            return False
        self.branches.after_rewind(old_leaf, entry_id)
        self.panel.refresh()
        self.rewound.emit(entry_id)
        return True

    def refuse_rewind(self, entry_id: str, detail: str) -> InlineBanner:
        """The below-the-floor refusal, with a fork from ``entry_id`` offered instead."""
        banner = self._refusals.show_refusal(
            tr(
                "MainWindow",
                "Can't go back there in this session: that message lies below the compaction "
                "floor, and its history was summarized — continuing from it would leave a gap "
                "the summary does not cover. Fork a new session from that point instead.",
            )
        )
        banner.label.setToolTip(detail)
        button = banner.add_action("fork", tr("MainWindow", "Fork to new session from here"))
        button.clicked.connect(lambda: self.fork_from(entry_id))
        return banner

    def fork_from(self, entry_id: str) -> Session | None:
        """A new session holding the path to ``entry_id``; ``forkCreated`` opens it."""
        session = self._session()
        if self._busy() or session is None:
            return None
        name = session.title or title_from(session.get_current_path())
        title = trf("MainWindow", "%1 (fork)", name or tr("MainWindow", "Session"))
        fork = self._forks.fork(session, entry_id, title=title)
        self.forkCreated.emit(fork)
        self.status.emit(tr("MainWindow", "Opened the fork in a new session."), 6000)
        return fork
