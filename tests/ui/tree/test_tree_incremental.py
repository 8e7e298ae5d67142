"""The incremental tree update draws exactly what a full rebuild draws, on a real ``Session``."""

from __future__ import annotations

from pathlib import Path
from tempfile import TemporaryDirectory

from hypothesis import given, settings
from hypothesis import strategies as st

from pi_desktop.context import Message
from pi_desktop.session import Session
from pi_desktop.ui.tree import incremental as tree_incremental
from pi_desktop.ui.tree.incremental import MAX_HEAD, Fingerprint, incremental_update
from pi_desktop.ui.tree.layout import TreeLayout, layout_tree
from pi_desktop.ui.tree.snapshot import TreeSnapshot


def _call(call_id: str) -> dict:
    return {"id": call_id, "type": "function", "function": {"name": "read_file", "arguments": "{}"}}


def fingerprint(s: Session) -> Fingerprint:
    return (id(s), len(s.entries), s.current_id, s.compaction_floor)


class Drawn:
    """What a panel holds: the last snapshot, its layout, and the fingerprint they were built at."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.expanded: frozenset[str] = frozenset()
        self.incremental_steps = 0
        self.full()

    def full(self) -> None:
        self.snap = TreeSnapshot.from_session(self.session)
        self.layout = layout_tree(self.snap, self.expanded)
        self.key = fingerprint(self.session)

    def refresh(self) -> None:
        key = fingerprint(self.session)
        if key == self.key:
            return
        update = incremental_update(self.session, self.key, self.snap, self.layout)
        if update is None:
            self.full()
            return
        self.snap, self.layout = update
        self.key = key
        self.incremental_steps += 1

    def expand(self, pick: int) -> None:
        ids = sorted(self.snap.nodes)
        if ids:
            self.expanded = self.expanded ^ {ids[pick % len(ids)]}
            self.layout = layout_tree(self.snap, self.expanded)

    def check(self) -> None:
        full = TreeSnapshot.from_session(self.session)
        assert self.snap == full
        assert_same_layout(self.layout, layout_tree(full, self.expanded))


def assert_same_layout(got: TreeLayout, want: TreeLayout) -> None:
    """Field by field first, so a failure names what differs; lazy rows read like a tuple."""
    assert list(got.rows) == list(want.rows)
    assert [got.rows[i] for i in range(-len(want.rows), 0)] == list(want.rows)
    assert got.rows[1:-1:2] == want.rows[1:-1:2]
    assert dict(got.row_of) == dict(want.row_of)
    assert got.rows == want.rows
    assert got.row_of == want.row_of
    assert got.segments_by_lane == want.segments_by_lane
    assert got.tops_by_lane == want.tops_by_lane
    assert got.max_lane_at_row == want.max_lane_at_row
    assert (got.lane_count, got.floor_row, got.current_row) == (
        want.lane_count,
        want.floor_row,
        want.current_row,
    )
    assert got == want


OPS = st.one_of(
    st.tuples(st.just("user"), st.integers(0, 3)),
    st.tuples(st.just("assistant"), st.integers(0, 3)),  # number of tool calls
    st.tuples(st.just("tool"), st.integers(0, 4)),  # result for one of the last calls, or a stray
    st.tuples(st.just("error"), st.integers(0, 4)),
    st.tuples(st.just("stopped"), st.integers(0, 1)),
    st.tuples(st.just("rewind"), st.integers(0, 10_000)),
    st.tuples(st.just("compact"), st.integers(0, 1)),
    st.tuples(st.just("expand"), st.integers(0, 10_000)),
    st.tuples(st.just("refresh"), st.integers(0, 1)),  # draw now; otherwise ops batch up
)


def apply(op: tuple[str, int], s: Session, d: Drawn, calls: list[str], n: list[int]) -> None:
    kind, arg = op
    n[0] += 1
    if kind == "user":
        s.append_message(Message(role="user", content=f"question {n[0]}\n" + "x" * arg))
    elif kind in ("assistant", "stopped"):
        ids = [f"c{n[0]}_{i}" for i in range(arg if kind == "assistant" else 1)]
        calls[:] = ids or calls
        meta: dict = {"tool_calls": [_call(i) for i in ids]} if ids else {}
        if kind == "stopped":
            meta["stopped"] = True
        s.append_message(Message(role="assistant", content=f"answer {n[0]}", metadata=meta or None))
    elif kind in ("tool", "error"):
        call_id = calls[arg] if arg < len(calls) else f"stray{n[0]}"
        text = "Error: no such file" if kind == "error" else f"contents {n[0]}"
        s.append_message(Message(role="tool", content=text, metadata={"tool_call_id": call_id}))
    elif kind == "rewind":
        targets = [e for e in s.entries if s.can_rewind(e)]
        if targets:
            s.rewind(targets[arg % len(targets)])
    elif kind == "compact":
        if s.current_id is not None:
            s.add_summary_cache(f"summary {n[0]}", covered_count=arg + 1, retained_tail=[])
    elif kind == "expand":
        d.expand(arg)
    elif kind == "refresh":
        d.refresh()
        d.check()


@settings(max_examples=150, deadline=None)
@given(st.lists(OPS, min_size=5, max_size=60), st.sampled_from([2, 3, MAX_HEAD]))
def test_incremental_update_equals_full_rebuild(ops: list[tuple[str, int]], fold: int) -> None:
    """``fold``: after how many pushed rows the lazy rows are folded into a plain tuple."""
    with TemporaryDirectory() as tmp, Session.create(Path(tmp) / "s.jsonl", fsync=False) as s:
        tree_incremental.MAX_HEAD = fold
        try:
            d = Drawn(s)
            calls: list[str] = []
            n = [0]
            for op in ops:
                apply(op, s, d, calls, n)
                if op[0] != "expand" and n[0] % 3:  # most steps draw at once, some batch up
                    d.refresh()
                    d.check()
            d.refresh()
            d.check()
        finally:
            tree_incremental.MAX_HEAD = MAX_HEAD


def test_common_appends_take_the_incremental_path(tmp_path: Path) -> None:
    """Messages, tool calls and their results appended at the current entry, under a floor
    and with a side branch: each one is incremental, and each result equals a full rebuild."""
    with Session.create(tmp_path / "s.jsonl", fsync=False) as s:
        s.append_message(Message(role="user", content="start"))
        side = s.append_message(Message(role="assistant", content="first answer"))
        for i in range(6):
            s.append_message(Message(role="user", content=f"side {i}"))
        s.rewind(side)
        s.add_summary_cache("summary", covered_count=2, retained_tail=[])
        d = Drawn(s)
        steps = [
            Message(role="user", content="read it"),
            Message(role="assistant", metadata={"tool_calls": [_call("a"), _call("b")]}),
            Message(role="tool", content="one", metadata={"tool_call_id": "a"}),
            Message(role="tool", content="Error: two", metadata={"tool_call_id": "b"}),
            Message(role="assistant", content="done"),
        ]
        for m in steps:
            s.append_message(m)
            d.refresh()
            d.check()
        assert d.incremental_steps == len(steps)
        call_node = d.snap.nodes[d.snap.path[-2]]
        assert call_node.tool_status == "error" and len(call_node.tool_results) == 2
        # two appends drawn at once are one incremental update
        s.append_message(Message(role="user", content="more"))
        s.append_message(Message(role="assistant", content="sure"))
        d.refresh()
        d.check()
        assert d.incremental_steps == len(steps) + 1


def test_rewind_compaction_and_other_sessions_rebuild_in_full(tmp_path: Path) -> None:
    with Session.create(tmp_path / "s.jsonl", fsync=False) as s:
        first = s.append_message(Message(role="user", content="a"))
        s.append_message(Message(role="assistant", content="b"))
        d = Drawn(s)
        s.rewind(first)
        s.append_message(Message(role="assistant", content="b2"))  # appended after a rewind
        assert incremental_update(s, d.key, d.snap, d.layout) is None
        d.full()
        s.add_summary_cache("summary", covered_count=1, retained_tail=[])  # the floor moves
        assert incremental_update(s, d.key, d.snap, d.layout) is None
        d.full()
        with Session.create(tmp_path / "other.jsonl", fsync=False) as other:
            other.append_message(Message(role="user", content="x"))
            other.append_message(Message(role="user", content="y"))
            other.append_message(Message(role="user", content="z"))
            other.append_message(Message(role="user", content="w"))
            assert incremental_update(other, d.key, d.snap, d.layout) is None
