"""Show one message of the open session: what a search hit does after opening its session.

A message on the current path is scrolled into view and selected in the tree. A message on
another branch is reached the way a click in the tree reaches it: the window rewinds to the
newest end of that branch (so the whole branch shows, the hit included) — below the
compaction floor the window refuses that with its usual banner, which offers a fork.
The conversation may offer ``scroll_to_entry(entry_id)`` (a view that builds rows lazily
must, since the row may not exist yet); otherwise the built card is scrolled to.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QTimer

from pi_desktop.ui.i18n import tr, trf
from pi_desktop.ui.labels import shorten

PIN_MS = 1_500


def branch_end(session: Any, entry_id: str) -> str:
    """The newest leaf below ``entry_id`` (following the latest child at each fork)."""
    current = entry_id
    seen = {current}
    while True:
        children = [c for c in session.children(current) if c in session.entries]
        messages = [c for c in children if getattr(session.entries[c], "type", "") == "message"]
        if not messages or messages[-1] in seen:
            return current
        current = messages[-1]
        seen.add(current)


def reveal_entry(window: Any, entry_id: str, query: str = "") -> bool:
    """Scroll the window's conversation to message ``entry_id``; False when it cannot."""
    session = window.session
    if session is None or entry_id not in session.entries:
        return False
    on_path = any(entry.id == entry_id for entry in session.get_current_path())
    if not on_path and not window.rewind_to(branch_end(session, entry_id)):
        return False  # refused (below the floor): the window's banner says why
    window.tree.select_entries([entry_id])
    scroll = getattr(window.conversation, "scroll_to_entry", None)
    if callable(scroll):
        scroll(entry_id)
    else:
        _PinToCard(window.conversation, entry_id)
    text = (
        trf("Sessions", "Showing the message that matched “%1”.", shorten(query, 30))
        if query.strip()
        else tr("Sessions", "Showing the message.")
    )
    window.statusBar().showMessage(text, 6000)
    return True


class _PinToCard(QObject):
    """Keeps the card of ``entry_id`` in view while the just-opened conversation lays out.

    The rows get their heights over the next few event-loop turns, and each time the scroll
    range grows the view follows the bottom; this listener runs after the view's own (it is
    connected later) and scrolls back to the card, until ``PIN_MS`` have passed."""

    def __init__(self, conversation: Any, entry_id: str) -> None:
        super().__init__(conversation)
        self._conversation = conversation
        self._entry_id = entry_id
        conversation.verticalScrollBar().rangeChanged.connect(self._apply)
        QTimer.singleShot(0, self._apply)
        QTimer.singleShot(PIN_MS, self.deleteLater)

    def _apply(self, *_args: object) -> None:
        conversation = self._conversation
        card = next((c for c in conversation.message_cards() if c.entry_id == self._entry_id), None)
        if card is not None:
            conversation.ensureWidgetVisible(card, 0, 48)
