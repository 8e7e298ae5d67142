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

from PySide6.QtCore import QTimer

from pi_desktop.ui.labels import shorten


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
        _scroll_to_card(window.conversation, entry_id)
        QTimer.singleShot(0, lambda: _scroll_to_card(window.conversation, entry_id))
    where = f"the message that matched “{shorten(query, 30)}”" if query.strip() else "the message"
    window.statusBar().showMessage(f"Showing {where}.", 6000)
    return True


def _scroll_to_card(conversation: Any, entry_id: str) -> bool:
    card = next((c for c in conversation.message_cards() if c.entry_id == entry_id), None)
    if card is None:
        return False
    content = conversation.widget()
    if content is not None and content.layout() is not None:
        content.layout().activate()  # a just-built card has no geometry before this
    conversation.ensureWidgetVisible(card, 0, 48)
    return True
