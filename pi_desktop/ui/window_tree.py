"""Rewinding and forking from the tree, and the refusals the window shows when it cannot.

A click on a node rewinds the conversation there (the branch left behind may get its summary,
``steering.after_rewind``); below the compaction floor a rewind would leave a gap no summary
covers, so the window refuses it in a banner over the input and offers a fork instead.
``MainWindow`` inherits this half; the session, agent, tree and banner area are the window's.
"""

from __future__ import annotations

from pi_desktop.session import RewindError, Session
from pi_desktop.ui.chat.message_widgets import InlineBanner
from pi_desktop.ui.i18n import tr, trf


class WindowTreeActions:
    """The tree's rewind and fork actions of ``MainWindow`` (see the module docstring)."""

    def rewind_to(self, entry_id: str) -> bool:
        """Click in the tree: rewind there, or explain why not and offer a fork."""
        if self.busy or self.agent is None:
            return False
        self._clear_refusals()
        old_leaf = self.session.current_id if self.session is not None else None
        try:
            self.agent.rewind(entry_id)
        except RewindError as exc:
            self.refuse_rewind(entry_id, str(exc))
            return False
        self.steering.after_rewind(old_leaf, entry_id)
        self.tree.refresh()
        self.render_path()
        self._update_title()
        self._refresh_bar()
        self.edits.offer_answer_again()  # a question rewound to is offered an answer
        return True

    def refuse_rewind(self, entry_id: str, detail: str) -> InlineBanner:
        """The below-the-floor refusal, with a fork from ``entry_id`` offered instead."""
        banner = self.show_refusal(
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
        if self.busy or self.session is None:
            return None
        title = trf("MainWindow", "%1 (fork)", self.session_name() or tr("MainWindow", "Session"))
        fork = self.library.fork(self.session, entry_id, title=title)
        self.open_session(fork)
        self.statusBar().showMessage(tr("MainWindow", "Opened the fork in a new session."), 6000)
        return fork

    def show_refusal(self, text: str) -> InlineBanner:
        banner = InlineBanner(text, kind="refusal", parent=self)
        close = banner.add_action("dismiss", tr("MainWindow", "Dismiss"))
        close.clicked.connect(lambda: self._remove_refusal(banner))
        self.refusal_area.addWidget(banner)
        return banner

    def refusals(self) -> list[InlineBanner]:
        items = (self.refusal_area.itemAt(i) for i in range(self.refusal_area.count()))
        return [w for item in items if isinstance(w := item.widget(), InlineBanner)]

    def _remove_refusal(self, banner: InlineBanner) -> None:
        self.refusal_area.removeWidget(banner)
        banner.hide()  # at once: deletion waits for the event loop
        banner.deleteLater()

    def _clear_refusals(self) -> None:
        for banner in self.refusals():
            self._remove_refusal(banner)
