"""Whether "Edit" is offered on a user message: an edit sends the new text as a branch from
the message's parent, so that parent must still be a rewind target (at or after the
compaction floor). Below the floor the history was summarized and a branch would leave a
gap; offering Edit there only to refuse it a click later is the rough edge this removes.
"""

from __future__ import annotations

from typing import Any


def can_edit(session: Any, entry_id: str) -> bool:
    """True when editing user message ``entry_id`` of ``session`` could be sent (Qt-free).

    The same rule edit-and-resend applies when it branches: a parent that ``can_rewind``,
    or no parent while the session has no compaction yet (a new first message)."""
    if session is None:
        return False
    entry = session.entries.get(entry_id)
    if entry is None or getattr(entry, "role", None) != "user":
        return False
    parent = getattr(entry, "parent_id", None)
    if parent is None:
        return session.compaction_floor is None
    return bool(session.can_rewind(parent))
