"""The session tree: shape, floor and rewind guard, cache lookup, fork, reload equality."""

from __future__ import annotations

import json

import pytest

from pi_desktop.context import Message
from pi_desktop.session import (
    CompactionEntry,
    LeafEntry,
    MessageEntry,
    RewindError,
    Session,
    SessionReadOnlyError,
    TitleEntry,
)
from tests.kit.messages import assistant, user
from tests.session.helpers import assert_same_state, compact_here


@pytest.fixture
def session(tmp_path):
    with Session.create(tmp_path / "s.jsonl", system_prompt="You are terse.", fsync=False) as s:
        yield s


def test_header_is_first_line_and_ids_are_uuid_hex(session):
    first = json.loads(session.path.read_text().splitlines()[0])
    assert first["type"] == "session" and first["system_prompt"] == "You are terse."
    assert len(session.id) == 32 and int(session.id, 16) >= 0
    eid = session.append_message(user("hi"))
    assert len(eid) == 32 and session.entries[eid].parent_id is None
    assert_same_state(session)


def test_append_builds_a_chain_and_history_is_system_plus_path(session):
    ids = [session.append_message(user("q1")), session.append_message(assistant("a1"))]
    tool_msg = Message(role="tool", content="out", metadata={"tool_call_id": "c1", "name": "ls"})
    ids.append(session.append_message(tool_msg))
    assert [e.id for e in session.get_current_path()] == ids
    history = session.get_full_history_messages()
    assert history[0] == Message(role="system", content="You are terse.")
    assert history[1:] == [user("q1"), assistant("a1"), tool_msg]
    assert session.children(None) == [ids[0]] and session.children(ids[0]) == [ids[1]]
    assert_same_state(session)


def test_history_without_system_prompt_has_no_system_message(tmp_path):
    with Session.create(tmp_path / "n.jsonl", fsync=False) as s:
        s.append_message(user("x"))
        assert s.get_full_history_messages() == [user("x")]


def test_compaction_hangs_off_the_branch_and_sets_the_floor(session):
    a = session.append_message(user("q1"))
    b = session.append_message(assistant("a1"))
    c = compact_here(session, tokens_before=900, tokens_after=100, summarized_count=1)
    entry = session.entries[c]
    assert isinstance(entry, CompactionEntry) and entry.parent_id == b
    assert session.current_id == b and session.compaction_floor == b
    assert [e.id for e in session.get_current_path()] == [a, b]
    assert session.children(b) == [] and [x.id for x in session.compactions_for(b)] == [c]
    d = session.append_message(user("q2"))
    assert session.entries[d].parent_id == b  # the next message follows b, not the compaction
    assert session.get_latest_compaction_cache() == {
        "summary": f"summary at {b}",
        "covered_count": 2,
        "retained_tail": [assistant("a1").model_dump()],
    }
    assert_same_state(session)


def test_rewind_guard_below_the_floor_changes_nothing(session):
    a = session.append_message(user("q1"))
    b = session.append_message(assistant("a1"))
    c = session.append_message(user("q2"))
    compact_here(session)
    d = session.append_message(assistant("a2"))
    size = session.path.stat().st_size
    for target in (a, b):
        assert not session.can_rewind(target) and session.is_sealed(target)
        with pytest.raises(RewindError, match="Fork to new session"):
            session.rewind(target)
    assert session.current_id == d and session.path.stat().st_size == size
    assert session.can_rewind(c) and not session.is_sealed(c)
    session.rewind(c)  # the floor itself
    assert session.current_id == c
    e = session.append_message(assistant("a2'"))
    assert session.children(c) == [d, e]
    session.rewind(d)  # anything that grew after the floor
    assert session.current_id == d
    assert_same_state(session)


def test_rewind_refuses_unknown_and_compaction_targets(session):
    session.append_message(user("q"))
    comp = compact_here(session)
    with pytest.raises(RewindError, match="no entry"):
        session.rewind("0" * 32)
    with pytest.raises(RewindError, match="compaction"):
        session.rewind(comp)


def test_rewind_is_a_line_and_position_survives_restart(tmp_path):
    path = tmp_path / "r.jsonl"
    with Session.create(path, fsync=False) as s:
        a = s.append_message(user("q1"))
        s.append_message(assistant("a1"))
        s.rewind(a)
        lines = path.read_text().splitlines()
        assert json.loads(lines[-1])["type"] == "leaf"
    with Session.load(path) as again:
        assert again.current_id == a
        b2 = again.append_message(assistant("other answer"))
        assert again.children(a)[-1] == b2 and len(again.children(a)) == 2


def test_rewind_to_current_writes_nothing(session):
    a = session.append_message(user("q"))
    size = session.path.stat().st_size
    session.rewind(a)
    assert session.path.stat().st_size == size


def test_floor_moves_forward_with_each_compaction(session):
    session.append_message(user("q1"))
    b = session.append_message(assistant("a1"))
    first = compact_here(session)
    session.append_message(user("q2"))
    d = session.append_message(assistant("a2"))
    second = compact_here(session)
    assert session.compaction_floor == d
    assert session.is_sealed(b) and session.is_sealed(first) and not session.is_sealed(second)
    assert session.get_latest_compaction_cache()["summary"] == f"summary at {d}"
    with pytest.raises(RewindError):
        session.rewind(b)
    assert_same_state(session)


def test_cache_applies_only_to_paths_that_contain_it(tmp_path):
    # Without a floor violation the only way onto another branch is a fork: the fork has no cache.
    with Session.create(tmp_path / "c.jsonl", system_prompt="p", fsync=False) as s:
        a = s.append_message(user("q1"))
        s.append_message(assistant("a1"))
        compact_here(s)
        assert s.get_latest_compaction_cache() is not None
        with s.fork(a, tmp_path / "f.jsonl") as fork:
            assert fork.get_latest_compaction_cache() is None
            assert fork.compaction_floor is None


def test_cache_that_no_longer_fits_the_path_is_ignored(session):
    a = session.append_message(user("q1"))
    session.append_message(assistant("a1"))
    # A cache claiming more messages than the path holds, or a first kept entry elsewhere.
    session.add_summary_cache("too long", 5, [{"role": "user", "content": "x"}])
    assert session.get_latest_compaction_cache() is None
    session.add_summary_cache("wrong anchor", 1, [], first_kept_entry_id="f" * 32)
    assert session.get_latest_compaction_cache() is None
    session.add_summary_cache("good", 1, [user("q1").model_dump()], first_kept_entry_id=a)
    assert session.get_latest_compaction_cache()["summary"] == "good"


def test_deepest_compaction_wins(session):
    session.append_message(user("q1"))
    session.append_message(assistant("a1"))
    compact_here(session)
    session.append_message(user("q2"))
    session.append_message(assistant("a2"))
    latest = compact_here(session, summary_model="m", summary_usage={"prompt_tokens": 5})
    assert session.latest_compaction().id == latest
    entry = session.entries[latest]
    assert entry.summary_model == "m" and entry.summary_usage == {"prompt_tokens": 5}


def test_add_summary_cache_rejects_unknown_fields_and_empty_sessions(session):
    with pytest.raises(ValueError, match="without messages"):
        session.add_summary_cache("s", 0, [])
    session.append_message(user("q"))
    with pytest.raises(TypeError, match="bogus"):
        session.add_summary_cache("s", 1, [], bogus=1)
    assert not any(isinstance(e, CompactionEntry) for e in session.entries.values())


def test_fork_copies_the_path_with_settings_from_any_point(tmp_path):
    with Session.create(
        tmp_path / "o.jsonl", system_prompt="sys", workspace="/w", title="Orig", fsync=False
    ) as s:
        a = s.append_message(user("q1"))
        b = s.append_message(assistant("a1"))
        compact_here(s)
        s.append_message(user("q2"))
        fork = s.fork(a, tmp_path / "fork.jsonl", title="Forked")
        with fork:
            assert [e.id for e in fork.get_current_path()] == [a]
            assert fork.system_prompt == "sys" and fork.workspace == "/w"
            assert fork.title == "Forked" and fork.id != s.id
            assert fork.get_full_history_messages() == s.get_full_history_messages()[:2]
            fork.append_message(assistant("different"))
            fork.rewind(a)  # no floor in the fork
            assert_same_state(fork)
        assert s.children(a) == [b]  # the original is untouched
        with pytest.raises(FileExistsError):
            s.fork(a, tmp_path / "fork.jsonl")


def test_title_and_system_prompt_changes_are_lines(session):
    session.append_message(user("q"))
    session.set_title("Renamed")
    session.set_system_prompt("New persona")
    assert session.title == "Renamed"
    assert session.get_full_history_messages()[0].content == "New persona"
    assert_same_state(session)
    kinds = [json.loads(x)["type"] for x in session.path.read_text().splitlines()]
    assert kinds == ["session", "message", "title", "system_prompt"]


def test_read_only_session_reads_but_refuses_changes(session):
    a = session.append_message(user("q"))
    ro = Session.load(session.path, read_only=True)
    assert ro.read_only and ro.current_id == a
    with pytest.raises(SessionReadOnlyError):
        ro.append_message(user("nope"))
    with pytest.raises(SessionReadOnlyError):
        ro.rewind(a)


def test_subscribers_see_each_committed_entry(session):
    seen: list[object] = []
    unsubscribe = session.subscribe(seen.append)
    a = session.append_message(user("q"))
    session.set_title("t")
    unsubscribe()
    session.append_message(assistant("a"))
    assert isinstance(seen[0], MessageEntry) and seen[0].id == a
    assert isinstance(seen[1], TitleEntry) and len(seen) == 2


def test_a_failing_subscriber_does_not_undo_the_commit(session, caplog):
    def broken(entry: object) -> None:
        raise RuntimeError("listener bug")

    seen: list[object] = []
    session.subscribe(broken)
    session.subscribe(seen.append)
    eid = session.append_message(user("q"))
    assert session.current_id == eid and [e.id for e in seen] == [eid]
    assert "session subscriber failed" in caplog.text
    assert_same_state(session)


def test_to_message_does_not_share_metadata(session):
    meta = {"tool_calls": [{"id": "c", "type": "function", "function": {"name": "f"}}]}
    session.append_message(Message(role="assistant", content="", metadata=meta))
    first = session.get_full_history_messages()[-1]
    first.metadata["extra"] = 1
    assert "extra" not in session.get_full_history_messages()[-1].metadata


def test_leaf_line_refers_to_its_target(session):
    a = session.append_message(user("q"))
    session.append_message(assistant("a"))
    session.rewind(a)
    last = json.loads(session.path.read_text().splitlines()[-1])
    assert LeafEntry.model_validate(last).target_id == a
