"""The remembered current path (``SessionState.current_path``) is only a shortcut: after any
mix of appends, branch roots, rewinds, compactions and reloads it equals a fresh walk up the
parent links, and so do ``path_to`` of any message and the compactions found on the path."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pi_desktop.context import Message
from pi_desktop.session import Session
from pi_desktop.session.entries import MessageEntry
from pi_desktop.session.errors import RewindError


def walk(session: Session, entry_id: str | None) -> list[str]:
    """Root → ``entry_id`` by the parent links, the way the cache must agree with."""
    out: list[str] = []
    while entry_id is not None:
        out.append(entry_id)
        entry_id = session.entries[entry_id].parent_id
    return out[::-1]


def naive_compactions(session: Session) -> list[str]:
    return [
        comp.id
        for eid in walk(session, session.current_id)
        for comp in session.compactions_for(eid)
    ]


ops = st.lists(
    st.tuples(st.sampled_from(["append", "append", "root", "rewind", "compact", "reload"]),
              st.integers(0, 10_000)),
    max_size=40,
)  # fmt: skip


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=ops)
def test_cached_path_equals_a_fresh_walk(tmp_path: Path, steps: list[tuple[str, int]]) -> None:
    path = Path(tempfile.mkdtemp(dir=tmp_path)) / "s.jsonl"
    session = Session.create(path, system_prompt="sys", fsync=False)
    try:
        for op, pick in steps:
            messages = [e for e in session.entries.values() if isinstance(e, MessageEntry)]
            if op == "append" or (op != "root" and not messages):
                session.append_message(Message(role="user", content=f"m{pick}"))
            elif op == "root" and session.compaction_floor is None:
                session.append_root(Message(role="user", content=f"r{pick}"))
            elif op == "root":
                continue  # refused below a floor
            elif op == "rewind":
                try:
                    session.rewind(messages[pick % len(messages)].id)
                except RewindError:
                    pass  # below the floor: refused, nothing moved
            elif op == "compact":
                current = session.get_current_path()
                kept = pick % (len(current) + 1)
                tail = [e.to_message().model_dump() for e in current[kept:]]
                first = current[kept].id if kept < len(current) else None
                session.add_summary_cache("s", 1 + kept, tail, first_kept_entry_id=first)
            else:
                session.close()
                session = Session.load(path, fsync=False)
            fresh = walk(session, session.current_id)
            assert [e.id for e in session.get_current_path()] == fresh
            assert [c.id for c in session.current_compactions()] == naive_compactions(session)
            for entry in list(session.entries.values())[:: 1 + pick % 3]:
                if isinstance(entry, MessageEntry):
                    assert [e.id for e in session.path_to(entry.id)] == walk(session, entry.id)
            # a caller changing the list it got does not change the session's path
            session.get_current_path().clear()
            assert [e.id for e in session.get_current_path()] == fresh
    finally:
        session.close()


def test_moving_along_the_path_walks_only_what_changed(tmp_path: Path) -> None:
    """An append extends the remembered path by one; a rewind back up it walks nothing."""
    session = Session.create(tmp_path / "s.jsonl", fsync=False)
    ids = [session.append_message(Message(role="user", content=str(i))) for i in range(50)]
    session.get_current_path()
    state = session.state
    reads: list[str] = []

    class Counting(dict):
        def __getitem__(self, key: str):  # type: ignore[override]
            reads.append(key)
            return super().__getitem__(key)

    state.entries = Counting(state.entries)
    session.append_message(Message(role="user", content="next"))
    assert len(session.get_current_path()) == 51 and len(reads) <= 1
    reads.clear()
    session.rewind(ids[10])
    assert [e.id for e in session.get_current_path()] == ids[:11] and reads == []
    session.close()
