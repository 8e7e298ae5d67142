"""Show one message of the open session: what a search hit does after opening its session.

A message on the current path is scrolled into view and selected in the tree. A message on
another branch is reached the way a click in the tree reaches it: the window rewinds to the
newest end of that branch (so the whole branch shows, the hit included) — below the
compaction floor the window refuses that with its usual banner, which offers a fork.
The conversation builds the row first when it is not built yet (``scroll_to_entry``).
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtWidgets import QStatusBar

from pi_desktop.session import Session
from pi_desktop.ui.i18n import tr, trf
from pi_desktop.ui.labels import shorten


def branch_end(session: Session, entry_id: str) -> str:
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


class Rewinder(Protocol):
    """The open session and the window's rewind (which refuses below the floor, in words)."""

    @property
    def session(self) -> Session | None: ...

    def rewind_to(self, entry_id: str) -> bool: ...


class EntrySelector(Protocol):
    """The session tree panel."""

    def select_entries(self, entry_ids: list[str]) -> object: ...


class EntryScroller(Protocol):
    """The conversation view (it builds the row first when it is not built yet)."""

    def scroll_to_entry(self, entry_id: str) -> object: ...


def reveal_entry(
    host: Rewinder,
    entry_id: str,
    query: str = "",
    *,
    tree: EntrySelector,
    conversation: EntryScroller,
    status: QStatusBar,
) -> bool:
    """Scroll ``conversation`` to message ``entry_id`` of the open session; False when it
    cannot."""
    session = host.session
    if session is None or entry_id not in session.entries:
        return False
    on_path = any(entry.id == entry_id for entry in session.get_current_path())
    if not on_path and not host.rewind_to(branch_end(session, entry_id)):
        return False  # refused (below the floor): the window's banner says why
    tree.select_entries([entry_id])
    conversation.scroll_to_entry(entry_id)
    text = (
        trf("Sessions", "Showing the message that matched “%1”.", shorten(query, 30))
        if query.strip()
        else tr("Sessions", "Showing the message.")
    )
    status.showMessage(text, 6000)
    return True
