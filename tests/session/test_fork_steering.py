"""A fork carries the user's steering for the copied path: pins (net) and branch summaries.

The fork copies root → fork point. What the user pinned on that stretch (as it stands at the
fork, not the pin/unpin history) and the branch summaries hanging off it come along, so the
fork's first request sees what the original would send from that point; compactions do not
(the copy has no floor).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pi_desktop.session import Session
from tests.kit.messages import assistant, user
from tests.session.helpers import assert_same_state, compact_here


def kinds(path) -> list[str]:
    return [json.loads(line)["type"] for line in path.read_text().splitlines()]


def steering_at(session: Session) -> tuple[list[str], list[tuple[str, str | None, str]]]:
    """What the view takes from the steering lines at the current position."""
    notes = [(s.id, s.parent_id, s.summary) for s in session.branch_summaries_on_path()]
    return session.pinned_ids, notes


@pytest.fixture
def tree(tmp_path):
    """q1 a1 q2 a2 q3 a3 on the path, and a side branch q2' a2' off a1."""
    s = Session.create(tmp_path / "o.jsonl", system_prompt="sys", title="Orig", fsync=False)
    ids = {}
    for name in ("q1", "a1", "q2", "a2", "q3", "a3"):
        make = user if name.startswith("q") else assistant
        ids[name] = s.append_message(make(name))
    s.rewind(ids["a1"])
    ids["q2b"] = s.append_message(user("q2'"))
    ids["a2b"] = s.append_message(assistant("a2'"))
    s.rewind(ids["a3"])
    yield s, ids
    s.close()


def test_fork_keeps_the_pins_on_the_copied_path_only(tree, tmp_path):
    s, ids = tree
    s.pin(ids["q1"])  # on the copied path
    s.pin(ids["a3"])  # on the path, below the fork point only
    s.pin(ids["q2b"])  # on another branch
    with s.fork(ids["a2"], tmp_path / "f.jsonl") as fork:
        assert fork.state.pinned == {ids["q1"]: None}
        assert fork.pinned_ids == [ids["q1"]]
        assert kinds(fork.path).count("pin") == 1
        assert kinds(fork.path).count("unpin") == 0
        assert_same_state(fork)
    assert list(s.state.pinned) == [ids["q1"], ids["a3"], ids["q2b"]]  # original untouched


def test_fork_keeps_the_window_the_provider_stated(tree, tmp_path):
    """The window is the model's, session-wide: a fork must not overflow once more to learn it."""
    s, ids = tree
    with s.fork(ids["a2"], tmp_path / "plain.jsonl") as fork:
        assert fork.model_window is None
    s.set_model_window(8_192, 7_372)
    with s.fork(ids["a2"], tmp_path / "f.jsonl") as fork:
        assert fork.model_window is not None
        assert (fork.model_window.window_tokens, fork.model_window.budget) == (8_192, 7_372)
        assert kinds(fork.path).count("model_window") == 1
        assert_same_state(fork)


def test_fork_carries_the_net_pin_state_not_the_history(tree, tmp_path):
    s, ids = tree
    s.pin(ids["q1"])
    s.pin(ids["a1"])
    s.unpin(ids["q1"])  # unpinned …
    s.pin(ids["q1"])  # … and pinned again
    s.pin(ids["q2"])
    s.unpin(ids["q2"])  # unpinned for good
    with s.fork(ids["q3"], tmp_path / "f.jsonl") as fork:
        assert list(fork.state.pinned) == [ids["a1"], ids["q1"]]  # the original's order
        assert fork.pinned_ids == [ids["q1"], ids["a1"]]  # path order
        assert kinds(fork.path).count("pin") == 2 and "unpin" not in kinds(fork.path)
        assert_same_state(fork)


def test_fork_at_the_pinned_message_itself_keeps_its_pin(tree, tmp_path):
    s, ids = tree
    s.pin(ids["q2"])
    with s.fork(ids["q2"], tmp_path / "f.jsonl") as fork:
        assert fork.pinned_ids == [ids["q2"]]
        assert fork.current_id == ids["q2"]  # the steering lines do not move the position


def test_fork_carries_branch_summaries_hanging_off_the_copied_path(tree, tmp_path):
    s, ids = tree
    on_path = s.add_branch_summary(ids["a1"], "tried q2' and got a2'", branch_leaf_id=ids["a2b"])
    at_point = s.add_branch_summary(ids["a2"], "tried something at a2")
    below = s.add_branch_summary(ids["a3"], "hangs below the fork point")
    elsewhere = s.add_branch_summary(ids["q2b"], "hangs off the side branch")
    removed = s.add_branch_summary(ids["q1"], "removed by the user")
    s.remove_branch_summary(removed)
    with s.fork(ids["a2"], tmp_path / "f.jsonl") as fork:
        assert set(fork.state.branch_summaries) == {on_path, at_point}
        copied = fork.state.branch_summaries[on_path]
        original = s.state.branch_summaries[on_path]
        assert copied == original  # same id, parent, text, timestamp, audit fields
        assert [e.id for e in fork.branch_summaries_on_path()] == [on_path, at_point]
        assert "branch_summary_removed" not in kinds(fork.path)
        assert below not in fork.state.branch_summaries
        assert elsewhere not in fork.state.branch_summaries
        assert_same_state(fork)


def test_fork_sends_what_the_original_sends_from_that_point_without_compactions(tree, tmp_path):
    s, ids = tree
    s.pin(ids["q1"])
    s.add_branch_summary(ids["a1"], "tried q2'")
    compact_here(s)  # a floor at a3 in the original
    assert s.compaction_floor == ids["a3"]
    with s.fork(ids["a3"], tmp_path / "f.jsonl") as fork:
        assert fork.compaction_floor is None and fork.get_latest_compaction_cache() is None
        assert "compaction" not in kinds(fork.path)
        assert steering_at(fork) == steering_at(s)
        assert fork.get_full_history_messages() == s.get_full_history_messages()
        fork.rewind(ids["q1"])  # no floor: any point of the copy is a rewind target
        assert fork.pinned_ids == [ids["q1"]]


def test_fork_reloads_with_identical_state_after_a_restart(tree, tmp_path):
    s, ids = tree
    s.pin(ids["q1"])
    s.pin(ids["q3"])
    s.add_branch_summary(ids["a1"], "tried q2'")
    fork = s.fork(ids["q3"], tmp_path / "f.jsonl", title="Forked")
    state = fork.state
    fork.close()
    s.close()
    again = Session.load(tmp_path / "f.jsonl", fsync=False)
    with again:
        assert again.problems == []
        assert again.state == state
        assert again.pinned_ids == [ids["q1"], ids["q3"]]
        assert again.state.forked_from == f"{s.id}:{ids['q3']}"
        # the fork is a normal session: steering goes on there, append-only
        assert again.unpin(ids["q1"]) and again.pinned_ids == [ids["q3"]]
        assert_same_state(again)


def test_fork_from_a_read_only_session_carries_the_steering(tree, tmp_path):
    s, ids = tree
    s.pin(ids["a1"])
    s.add_branch_summary(ids["q1"], "note")
    reader = Session.load(s.path, read_only=True)
    with reader.fork(ids["a2"], tmp_path / "f.jsonl") as fork:
        assert fork.pinned_ids == [ids["a1"]]
        assert [e.summary for e in fork.branch_summaries_on_path()] == ["note"]


# --------------------------------------------------------------------------- property

_OPS = st.lists(
    st.tuples(
        st.sampled_from(["user", "assistant", "rewind", "pin", "unpin", "side", "unside", "cut"]),
        st.integers(min_value=0, max_value=10_000),
    ),
    min_size=1,
    max_size=40,
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ops=_OPS, point=st.integers(min_value=0, max_value=10_000))
def test_property_fork_steering_is_the_original_restricted_to_the_copied_path(
    tmp_path_factory, ops, point
):
    """For any history of messages, rewinds, pins/unpins, branch summaries and compactions,
    and any fork point: the fork's pinned set is the original's restricted to the copied path
    (same order), its branch summaries are the live ones hanging off that path, and a reload
    reads the same state."""
    folder = tmp_path_factory.mktemp("prop")
    with Session.create(folder / "o.jsonl", system_prompt="sys", fsync=False) as s:
        messages: list[str] = [s.append_message(user("first"))]
        sides: list[str] = []
        for op, k in ops:
            if op in ("user", "assistant"):
                make = user if op == "user" else assistant
                messages.append(s.append_message(make(f"{op} {len(messages)}")))
            elif op == "rewind" and s.can_rewind(messages[k % len(messages)]):
                s.rewind(messages[k % len(messages)])
            elif op == "pin":
                s.pin(messages[k % len(messages)])
            elif op == "unpin":
                s.unpin(messages[k % len(messages)])
            elif op == "side":
                sides.append(s.add_branch_summary(messages[k % len(messages)], f"note {k}"))
            elif op == "unside" and sides:
                sid = sides.pop(k % len(sides))
                s.remove_branch_summary(sid)
            elif op == "cut":
                compact_here(s)
        target = messages[point % len(messages)]
        path_ids = [e.id for e in s.path_to(target)]
        fork = s.fork(target, folder / "f.jsonl")
        with fork:
            assert list(fork.state.pinned) == [k for k in s.state.pinned if k in path_ids]
            expected_sides = [
                entry.id for eid in path_ids for entry in s.state.branch_summaries_for(eid)
            ]
            assert [e.id for e in fork.branch_summaries_on_path()] == expected_sides
            assert set(fork.state.branch_summaries) == set(expected_sides)
            assert [e.id for e in fork.get_current_path()] == path_ids
            assert fork.compaction_floor is None
            assert_same_state(fork)
            if s.can_rewind(target):  # where the original can go back, it sends the same
                s.rewind(target)
                assert steering_at(fork) == steering_at(s)
