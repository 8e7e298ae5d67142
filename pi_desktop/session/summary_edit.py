"""The user's edit of the summary in use: when it is refused, and the entry that records it.

Pure functions of the folded state (``Session.add_edited_summary`` writes the entry). The
edit keeps the original's cut (``covered_count``, the kept tail, the file lists) and hangs off
the same entry, so it is the cache from then on and the floor does not move.
"""

from __future__ import annotations

from typing import Any

from pi_desktop.session.entries import CompactionEntry
from pi_desktop.session.state import SessionState
from pi_desktop.usertext import UserText

EDIT_AUDIT_FIELDS = frozenset({"tokens_before", "tokens_after"})


def edit_refusal(state: SessionState, compaction_id: str, summary: str) -> str | None:
    """Why ``summary`` cannot replace the text of compaction ``compaction_id``, or None.

    Only the summary in use (the latest compaction that applies to the current path) can be
    edited: an older one no longer feeds any view.
    """
    original = state.entries.get(compaction_id)
    if not isinstance(original, CompactionEntry):
        return UserText("Session", "no compaction %1 in this session", compaction_id)
    if not summary.strip():
        return UserText(
            "Session", "an empty summary would leave the model without the earlier conversation"
        )
    latest = state.latest_compaction()
    if latest is None or latest.id != compaction_id:
        return UserText(
            "Session",
            "only the summary in use can be edited (the latest one on the current branch); "
            "this one was replaced by a later compaction",
        )
    if summary == original.summary:
        return UserText("Session", "the summary is unchanged")
    return None


def edited_entry(
    state: SessionState, compaction_id: str, summary: str, audit: dict[str, Any]
) -> CompactionEntry:
    """The ``edited`` compaction for an edit ``edit_refusal`` accepted."""
    unknown = set(audit) - EDIT_AUDIT_FIELDS
    if unknown:
        raise TypeError(f"unknown fields for an edited summary: {', '.join(sorted(unknown))}")
    original = state.entries[compaction_id]
    assert isinstance(original, CompactionEntry) and original.parent_id is not None
    parent = original.parent_id
    if state.rewind_refusal(parent) is not None:  # below a later floor: hang there
        parent = state.compaction_floor or parent
    return CompactionEntry(
        parent_id=parent,
        summary=summary,
        covered_count=original.covered_count,
        retained_count=original.retained_count,
        retained_tail=list(original.retained_tail),
        first_kept_entry_id=original.first_kept_entry_id,
        read_files=list(original.read_files),
        modified_files=list(original.modified_files),
        summarized_count=original.summarized_count,
        summarizer_calls=0,
        manual=True,
        kind="edited",
        edited_from=original.id,
        **audit,
    )
