"""Edit and resend, and "Answer again" for a question the current branch leaves unanswered.

"Edit" on a user message (the chat card's button, the tree's context menu) puts its text in
the input; sending then branches from that message's parent, so the old branch stays in the
tree. A parent below the compaction floor is refused with the window's usual refusal and fork
offer. The branch the edit leaves gets the rewind's branch summary (same setting, same rule,
same code: ``Steering.after_rewind``), and the edited question waits for it, so its own request
already says what the old branch explored; a new first message carries that note itself.

When the path ends with a user message (a click on a question in the tree, a session reopened
there), the window offers "Answer again" (the agent's ``resume``). If the user types a new
message instead, it **replaces** that question: it is sent as a new branch from the question's
parent, like an edit — never appended after it, which would leave two questions in a row with
the first unanswered. The choice follows what chat apps do with an edited question.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from PySide6.QtCore import QObject
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QPlainTextEdit, QStatusBar, QVBoxLayout, QWidget

from pi_desktop.session import MessageEntry, Session
from pi_desktop.ui.chat.message_widgets import InlineBanner, MessageCard
from pi_desktop.ui.i18n import tr, trf
from pi_desktop.ui.labels import shorten


class BranchHost(Protocol):
    """What an edit needs from whoever shows the session: which one, and moving in it."""

    @property
    def session(self) -> Session | None: ...

    def rewind_to(self, entry_id: str) -> bool: ...

    def refuse_rewind(self, entry_id: str, detail: str) -> object: ...

    def render_path(self) -> None: ...


class Runs(Protocol):
    """The run starter (``AgentController``)."""

    @property
    def busy(self) -> bool: ...

    def start_run(
        self, text: str, *, after: asyncio.Future[Any] | None = None
    ) -> asyncio.Task[Any] | None: ...

    def start_run_from(
        self,
        parent_id: str | None,
        text: str,
        *,
        on_branched: Callable[[str], Coroutine[Any, Any, Any]] | None = None,
    ) -> asyncio.Task[Any] | None: ...

    def start_resume(self) -> asyncio.Task[Any] | None: ...


class BranchNotes(Protocol):
    """The branch summaries a rewind writes (the window's steering)."""

    def after_rewind(self, old_leaf: str | None, target: str) -> asyncio.Task[Any] | None: ...

    def pending_task(self) -> asyncio.Task[Any] | None: ...

    def waive(self) -> None: ...


class Cards(Protocol):
    """The conversation view, as far as Edit buttons go."""

    def message_cards(self) -> list[Any]: ...

    def clear(self) -> None: ...


EDIT_TIP = (
    "Edit and resend: puts this message in the box; sending makes a new branch from before "
    "it (the old branch stays in the tree)"
)


class EditResend(QObject):
    """One per window; the window routes Send through ``send``. The notes go in
    ``offer_area`` (a layout this object owns the contents of)."""

    def __init__(
        self,
        *,
        host: BranchHost,
        runs: Runs,
        notes: BranchNotes,
        conversation: Cards,
        input_box: QPlainTextEdit,
        offer_area: QVBoxLayout,
        status: QStatusBar,
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self._host = host
        self._runs = runs
        self._notes = notes
        self._conversation = conversation
        self._input = input_box
        self._offer_area = offer_area
        self._status = status
        self._parent = parent
        self.editing: str | None = None  # the user message whose edit is in the input
        self.edit_banner: InlineBanner | None = None
        self.answer_banner: InlineBanner | None = None

    # -- the chat's Edit buttons ----------------------------------------------------------------

    def decorate(self, cards: list[Any] | None = None) -> None:
        """Give every stored user message card an Edit button (once)."""
        for card in cards if cards is not None else self._conversation.message_cards():
            if (
                isinstance(card, MessageCard)
                and card.role == "user"
                and card.entry_id
                and getattr(card, "edit_button", None) is None
            ):
                self._add_edit_button(card)
                if card.entry_id == self.editing:  # rebuilt while its edit is in the input
                    card.status_label.setText(tr("EditResend", "✎ editing"))

    def _add_edit_button(self, card: MessageCard) -> None:
        """Wire the card's own hover "edit" action (the look's action bar) to an edit."""
        button = card.actions.edit_button
        if button is None:  # only user cards have one
            return
        button.setToolTip(tr("EditResend", EDIT_TIP))
        button.setAccessibleName(tr("EditResend", "Edit and resend"))
        button.setEnabled(not self._runs.busy)
        card.editRequested.connect(self.begin_edit)
        card.edit_button = button  # type: ignore[attr-defined]

    def set_enabled(self, enabled: bool) -> None:
        """Edit buttons are off while an answer runs (an edit branches: stop first)."""
        for card in self._conversation.message_cards():
            button = getattr(card, "edit_button", None)
            if button is not None:
                button.setEnabled(enabled)

    def _mark_editing(self, entry_id: str | None) -> None:
        """The card being edited says so, so the user sees which message Send replaces."""
        for card in self._conversation.message_cards():
            if getattr(card, "edit_button", None) is None:
                continue
            editing = entry_id is not None and card.entry_id == entry_id
            if editing:
                card.status_label.setText(tr("EditResend", "✎ editing"))
            elif card.status_label.text() == "✎ editing":
                card.status_label.setText("")

    # -- editing -------------------------------------------------------------------------------

    def begin_edit(self, entry_id: str | None) -> bool:
        """Put the message's text in the input; Send will branch from its parent."""
        session = self._host.session
        if self._runs.busy or session is None or entry_id is None:
            return False
        entry = session.entries.get(entry_id)
        if entry is None or getattr(entry, "role", None) != "user":
            return False
        if not self._branch_allowed(entry.parent_id, fork_at=entry.parent_id or entry_id):
            return False
        self.cancel_edit()
        self._drop_answer_banner()
        self.editing = entry_id
        self._mark_editing(entry_id)
        self._input.setPlainText(entry.content)
        self._input.moveCursor(QTextCursor.MoveOperation.End)
        self._input.setFocus()
        banner = InlineBanner(
            trf(
                "EditResend",
                "Editing “%1”. Send makes a new branch from before it; the old branch stays in "
                "the tree.",
                shorten(" ".join(entry.content.split()), 60),
            ),
            kind="info",
            parent=self._parent,
        )
        banner.purpose = "edit"  # type: ignore[attr-defined]
        banner.add_action("cancel", tr("EditResend", "Cancel edit")).clicked.connect(
            lambda _checked=False: self.cancel_edit(clear_input=True)
        )
        self._offer_area.addWidget(banner)
        banner.show()
        self.edit_banner = banner
        return True

    def cancel_edit(self, *, clear_input: bool = False) -> None:
        if self.editing is not None and clear_input:
            self._input.clear()
        self.editing = None
        self._mark_editing(None)
        if self.edit_banner is not None:
            self._remove(self.edit_banner)
            self.edit_banner = None

    def reset(self) -> None:
        """Another session opened: nothing of the old one's edit survives (not even its text
        in the input, which would otherwise be sent there as a new message)."""
        if self.editing is not None:
            self._input.clear()
        self.editing = None
        self.clear_notes()

    def clear_notes(self) -> None:
        """A run started or another session opened: the edit and answer-again notes go."""
        for banner in self.notes():
            self._remove(banner)
        self.edit_banner = None
        self.answer_banner = None

    def notes(self) -> list[InlineBanner]:
        """The notes on screen (edit in progress, answer again)."""
        area = self._offer_area
        items = (area.itemAt(i) for i in range(area.count()))
        return [w for item in items if isinstance(w := item.widget(), InlineBanner)]

    # -- answer again --------------------------------------------------------------------------

    def unanswered_question(self) -> MessageEntry | None:
        """The user message the current path ends with, if the path ends with one."""
        session = self._host.session
        if session is None or session.current_id is None:
            return None
        entry = session.entries.get(session.current_id)
        return entry if isinstance(entry, MessageEntry) and entry.role == "user" else None

    def offer_answer_again(self) -> InlineBanner | None:
        """After a rewind or an open: a question with no answer gets the offer, once."""
        self._drop_answer_banner()
        question = self.unanswered_question()
        if question is None or self._runs.busy:
            return None
        banner = InlineBanner(
            tr(
                "EditResend",
                "This question has no answer on this branch. Answer it again, or type what to "
                "ask instead: that goes on a new branch, and this question stays in the tree.",
            ),
            kind="info",
            parent=self._parent,
        )
        banner.purpose = "answer-again"  # type: ignore[attr-defined]
        banner.add_action("answer", tr("EditResend", "Answer again")).clicked.connect(
            lambda _checked=False: self.answer_again()
        )
        banner.add_action("edit", tr("EditResend", "Edit")).clicked.connect(
            lambda _checked=False, qid=question.id: self.begin_edit(qid)
        )
        self._offer_area.addWidget(banner)
        banner.show()
        self.answer_banner = banner
        return banner

    def answer_again(self) -> asyncio.Task[Any] | None:
        self._drop_answer_banner()
        return None if self._runs.busy else self._runs.start_resume()

    # -- sending -------------------------------------------------------------------------------

    def send(self, text: str) -> asyncio.Task[Any] | None:
        """Start the run for ``text``: an edit or a replaced question branches, else append."""
        session = self._host.session
        if session is None:
            return None
        if self.editing is not None:
            entry = session.entries.get(self.editing)
            self.cancel_edit()
            if entry is not None:
                return self._branch(entry.parent_id, text, fork_at=entry.parent_id or entry.id)
        question = self.unanswered_question()
        if question is not None:
            return self._branch(question.parent_id, text, fork_at=question.parent_id or question.id)
        return self._runs.start_run(text, after=self._notes.pending_task())

    def withdrawn(self, text: str) -> None:
        """Stop came while the run waited for the branch summary: nothing was sent, so the
        text goes back into the input (unless the user already typed something else)."""
        self._notes.waive()  # sending it again goes at once
        self._host.render_path()  # an edited first message cleared the chat before it started
        if not self._input.toPlainText().strip():
            self._input.setPlainText(text)
            self._input.moveCursor(QTextCursor.MoveOperation.End)
        self._status.showMessage(
            tr(
                "EditResend",
                "Stopped before sending: your message was not sent and is back in the input.",
            ),
            8000,
        )

    def _branch(
        self, parent_id: str | None, text: str, *, fork_at: str
    ) -> asyncio.Task[Any] | None:
        session = self._host.session
        assert session is not None
        if not self._branch_allowed(parent_id, fork_at=fork_at):
            return None
        if parent_id is not None:
            # the rewind offers the summary of the branch left behind, like any rewind; the
            # run waits for it so the edited question's own request carries the note
            if parent_id != session.current_id and not self._host.rewind_to(parent_id):
                return None
            return self._runs.start_run(text, after=self._notes.pending_task())
        old_leaf = session.current_id

        async def summarize_left(new_root: str) -> None:
            # a new first message: no parent to rewind to, so the note of the old
            # conversation hangs off the new message itself, before its first request
            summary = self._notes.after_rewind(old_leaf, new_root)
            if summary is not None:
                await asyncio.wait([summary])  # Stop cancels the run, not the summary

        task = self._runs.start_run_from(None, text, on_branched=summarize_left)
        if task is not None:
            self._conversation.clear()
        return task

    def _branch_allowed(self, parent_id: str | None, *, fork_at: str) -> bool:
        """A parent below the compaction floor (or a new root after a compaction) is refused
        with the window's refusal and its fork offer."""
        session = self._host.session
        assert session is not None
        if parent_id is None:
            allowed = session.compaction_floor is None
        else:
            allowed = session.can_rewind(parent_id)
        if not allowed:
            self._host.refuse_rewind(
                fork_at, tr("EditResend", "the message before it was summarized")
            )
        return allowed

    # -- helpers -------------------------------------------------------------------------------

    def _drop_answer_banner(self) -> None:
        if self.answer_banner is not None:
            self._remove(self.answer_banner)
            self.answer_banner = None

    def _remove(self, banner: InlineBanner) -> None:
        """Remove ``banner`` unless it is already gone."""
        if banner in self.notes():
            self._offer_area.removeWidget(banner)
            banner.hide()
            banner.deleteLater()
