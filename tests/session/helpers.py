"""Checks shared by the session tests (messages come from ``tests.kit.messages``)."""

from __future__ import annotations

from pathlib import Path

from pi_desktop.session import Session


def reloaded(session: Session) -> Session:
    """The same file opened again read-only (works while the writer holds the lock)."""
    return Session.load(session.path, read_only=True)


def assert_same_state(session: Session, path: Path | None = None) -> None:
    """Reloading the file gives exactly the in-memory state (position, floor, tree, settings)."""
    other = Session.load(path or session.path, read_only=True)
    assert other.problems == []
    assert other.state == session.state


def compact_here(session: Session, **audit: object) -> str:
    """A compaction at the current entry whose cut keeps the last path message."""
    path = session.get_current_path()
    offset = 1 if session.system_prompt is not None else 0
    covered = offset + len(path) - 1
    tail = [path[-1].to_message().model_dump()]
    return session.add_summary_cache(
        f"summary at {path[-1].id}",
        covered,
        tail,
        first_kept_entry_id=path[-1].id,
        **audit,
    )
