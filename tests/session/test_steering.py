"""Pins and branch summaries as appended session lines, folded back the same after a reload."""

import pytest

from pi_desktop.context import Message
from pi_desktop.session import BranchSummaryEntry, Session, SessionState
from pi_desktop.session.loading import load_state


def build(tmp_path):
    session = Session.create(tmp_path / "s.jsonl", system_prompt="sys", fsync=False)
    ids = [session.append_message(Message(role="user", content=f"m{k}")) for k in range(4)]
    return session, ids


def lines(session):
    return session.path.read_bytes().splitlines()


def test_pin_unpin_are_appended_lines_and_fold_from_the_path(tmp_path):
    session, ids = build(tmp_path)
    before = lines(session)
    assert session.pin(ids[1]) and not session.pin(ids[1])
    assert session.pin(ids[3])
    assert session.pinned_ids == [ids[1], ids[3]]
    assert session.unpin(ids[3]) and not session.unpin(ids[3])
    after = lines(session)
    assert after[: len(before)] == before and len(after) == len(before) + 3  # append-only
    assert b'"type":"pin"' in after[-3] and b'"type":"unpin"' in after[-1]
    session.rewind(ids[0])  # a pin off the path waits there
    assert session.pinned_ids == [] and session.is_pinned(ids[1])
    session.close()
    again = Session.load(session.path, fsync=False)
    assert again.state.pinned == {ids[1]: None}
    again.rewind(ids[3])
    assert again.pinned_ids == [ids[1]]
    # the message entries themselves are untouched: no "pinned" in their metadata
    assert all(entry.metadata is None for entry in again.get_current_path())
    again.close()


def test_pin_of_an_unknown_entry_is_refused_and_nothing_is_written(tmp_path):
    session, _ = build(tmp_path)
    before = lines(session)
    with pytest.raises(ValueError, match="not a message"):
        session.pin("nope")
    assert lines(session) == before
    session.close()


def test_branch_summary_hangs_off_its_node_and_is_removable(tmp_path):
    session, ids = build(tmp_path)
    session.rewind(ids[1])
    sid = session.add_branch_summary(ids[1], "  tried B  ", branch_leaf_id=ids[3])
    entry = session.branch_summaries_for(ids[1])[0]
    assert isinstance(entry, BranchSummaryEntry) and entry.id == sid
    assert entry.parent_id == ids[1] and entry.summary == "tried B"
    assert entry.branch_leaf_id == ids[3]
    assert session.current_id == ids[1]  # it does not move the position
    assert [e.id for e in session.branch_summaries_on_path()] == [sid]
    session.append_message(Message(role="user", content="other way"))
    assert [e.id for e in session.branch_summaries_on_path()] == [sid]  # the path passes it
    session.rewind(ids[0])
    assert session.branch_summaries_on_path() == []  # the path no longer passes ids[1]
    session.remove_branch_summary(sid)
    assert session.branch_summaries_for(ids[1]) == []
    with pytest.raises(ValueError, match="no branch summary"):
        session.remove_branch_summary(sid)
    session.close()
    state = load_state(session.path.read_bytes(), "s")
    assert state.branch_summaries == {} and not state.problems
    with pytest.raises(ValueError, match="needs text"):
        Session.load(session.path, fsync=False).add_branch_summary(ids[1], "  ")


def test_fold_reports_steering_lines_that_point_nowhere(tmp_path):
    session, ids = build(tmp_path)
    session.pin(ids[0])
    session.add_branch_summary(ids[2], "x")
    session.close()
    raw = session.path.read_bytes()
    # drop the message lines: the pin and the summary now point at unknown entries
    kept = [line for line in raw.splitlines() if b'"type":"message"' not in line]
    state = load_state(b"\n".join(kept) + b"\n", "s")
    assert state.pinned == {} and state.branch_summaries == {}
    assert any("pin of" in p for p in state.problems)
    assert any("branch summary" in p for p in state.problems)
    assert isinstance(SessionState.from_entries([]), SessionState)
