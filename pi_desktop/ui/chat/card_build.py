"""A message card built in two steps, or in one from a spare made while the view was idle.

A card's widgets cost about what its markdown does, and the first card built after the
window sat still (a scroll-bar drag is mostly waiting) costs several times its usual price:
so the view keeps a few empty cards per role, made one per turn of the loop while it is
idle (``SpareCards``). A row's build takes one and fills it with the row's text in one
step; with none left, it makes one in a first step and fills it on the next turn
(``staged``). The text and the details are read from the row when the filling runs: a row
that changed in between is drawn as it is then. A spare is what ``MessageCard(role)``
makes; taking one sets what a new card would get from its row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QWidget

from pi_desktop.ui.chat.lazy_rows import BUILD_ALL_ROWS
from pi_desktop.ui.chat.message_widgets import MessageCard
from pi_desktop.ui.chat.rows import Row
from pi_desktop.ui.chat.staged import Steps

if TYPE_CHECKING:
    from pi_desktop.ui.chat.conversation import ConversationView

SPARES_PER_ROLE = 4  # a screenful at the top of a session is ~3 questions and 3 answers
SPARE_DELAY_MS = 25  # spares are made this long after the view's last work, one per turn
ROLES = ("user", "assistant")


def new_card(view: ConversationView, role: str, parent: QWidget) -> MessageCard:
    """An empty, hidden card of ``role`` wired to the view (no row yet)."""
    card = MessageCard(role, "", None)
    # not shown before its text is in: the row's stand-in is drawn meanwhile. Hidden before it
    # has a parent: hiding a child posts the parent a layout request, and each spare made
    # while the view is idle started a layout pass with nothing to lay out (after a launch,
    # eight of them over ~250 ms)
    card.hide()
    card.setParent(parent)
    card.editRequested.connect(view.editRequested)
    card.pinRequested.connect(view.pinRequested)
    return card


def staged_message_card(
    view: ConversationView, row: Row, parent: QWidget
) -> tuple[MessageCard, Steps]:
    """The card of message ``row`` (hidden, no text yet) and the step that fills it in; a
    spare is cheap to take, so it is filled at once (one step, one paint)."""
    spare = view.spares.take(row.role, parent)
    card = spare or new_card(view, row.role, parent)
    card.entry_id = row.entry_id  # what MessageCard(role, text, entry_id) sets
    card.actions.pin_button.setEnabled(row.entry_id is not None)
    if row.role == "user":
        card.setMaximumWidth(view._bubble_width())

    def fill() -> None:
        if row.content:
            card.body.set_text(row.content)
        card.set_reasoning(row.reasoning)
        if row.streaming:
            card.status_label.setText("…")
        elif row.role == "assistant":
            card.set_stats(view.stats_for(row.entry_id, row.metadata))
            card.body.setHidden(not row.content.strip())
        if row.stopped:
            card.set_stopped()

    if spare is not None:
        fill()
        return card, []
    return card, [fill]


class SpareCards:
    """Empty cards per role, made while the view is idle and taken by the next builds."""

    def __init__(self, view: ConversationView, per_role: int = SPARES_PER_ROLE) -> None:
        self._view = view
        self.per_role = per_role
        self._cards: dict[str, list[MessageCard]] = {role: [] for role in ROLES}
        self._timer = QTimer(view)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SPARE_DELAY_MS)
        self._timer.timeout.connect(self._make_one)

    def count(self, role: str) -> int:
        return len(self._cards.get(role, ()))

    def take(self, role: str, parent: QWidget) -> MessageCard | None:
        """A spare card of ``role`` under ``parent``, if one is ready (another is made later)."""
        cards = self._cards.get(role)
        self.wake()
        if not cards or cards[-1].parentWidget() is not parent:
            return None
        return cards.pop()

    def wake(self) -> None:
        """Make the missing spares once the view has been idle a moment (a conversation
        short enough to be built whole needs none)."""
        if self._view.row_count() > BUILD_ALL_ROWS and not self._timer.isActive():
            self._timer.start()

    def fill_now(self) -> None:
        """Every missing spare at once (tests, and a window that wants them ready)."""
        while self._missing() is not None:
            self._add(self._missing())

    def _missing(self) -> str | None:
        role = min(ROLES, key=lambda r: len(self._cards[r]))  # by turns: both get some soon
        return role if len(self._cards[role]) < self.per_role else None

    def _add(self, role: str) -> None:
        self._cards[role].append(new_card(self._view, role, self._view.widget()))

    def _make_one(self) -> None:
        role = self._missing()
        if role is None:
            return
        if self._view.is_busy():  # a drag, a wheel, a layout due: this turn is theirs
            self._timer.start()
            return
        self._add(role)
        if self._missing() is not None:
            self._timer.start()
