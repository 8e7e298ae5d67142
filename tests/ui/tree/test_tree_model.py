"""Pure layout of the session tree, built from a real ``Session`` file."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from pi_desktop.agent.history import hidden_entry_ids
from pi_desktop.context import Message
from pi_desktop.session import Session
from pi_desktop.ui.labels import format_tokens
from pi_desktop.ui.tree.layout import COLLAPSE_ABOVE, COMPACTION_LANE, layout_tree, stub_id
from pi_desktop.ui.tree.snapshot import TreeSnapshot, faded_nodes, tooltip_text
from tests.kit.messages import assistant, tool_call, tool_result, user


@dataclass
class Built:
    session: Session
    ids: dict[str, str]


def build_rich_session(path: Path) -> Built:
    """A session with folded tool calls, a collapsed and small branches, a compaction and floor.

    Shape (``*`` = current, ``[c]`` = compaction hanging off a4, floor = a4)::

        u1 - a1(read_file)+t1 - a2 - u2 - a3(write_file x2)+t2,t3 - a4[c] - u3 - a6*
                                 |     \\ a3x                                \\ a5(grep)+t5
                                 \\ b1 - b2 - b3 - b4 - b5   (collapsed: 5 nodes)
    """
    s = Session.create(path, system_prompt="You are helpful.", fsync=False)
    ids: dict[str, str] = {}

    def add(name: str, msg: Message) -> None:
        ids[name] = s.append_message(msg)

    add("u1", user("Read the config please"))
    add("a1", assistant("", [tool_call("c1", "read_file", {"path": "cfg.toml"})]))
    add("t1", tool_result("c1", "read_file", "[server]\nport = 8080"))
    add("a2", assistant("The config sets port 8080."))
    for i in range(1, 6):
        add(f"b{i}", user(f"side question {i}") if i % 2 else assistant(f"side answer {i}"))
    s.rewind(ids["a2"])
    add("u2", user("Now change the port"))
    add("a3x", assistant("First attempt, abandoned"))
    s.rewind(ids["u2"])
    add(
        "a3",
        assistant(
            "Writing both files", [tool_call("c2", "write_file"), tool_call("c3", "write_file")]
        ),
    )
    add("t2", tool_result("c2", "write_file", "ok"))
    add("t3", tool_result("c3", "write_file", "Error: permission denied"))
    add("a4", assistant("One write failed."))
    ids["comp"] = s.add_summary_cache(
        "## Goal\nChange the port",
        6,
        [],
        tokens_before=25_000,
        tokens_after=4_000,
        summarized_count=5,
        summary_model="gpt-test",
    )
    add("u3", user("continue"))
    add("a5", assistant("", [tool_call("c4", "grep")]))
    add("t5", tool_result("c4", "grep", "match at line 3"))
    s.rewind(ids["u3"])
    add("a6", assistant("Another answer", stopped=True))
    return Built(s, ids)


def test_path_folds_tool_results(tmp_path):
    b = build_rich_session(tmp_path / "s.jsonl")
    ids = b.ids
    snap = TreeSnapshot.from_session(b.session)
    assert snap.path == tuple(ids[n] for n in ("u1", "a1", "a2", "u2", "a3", "a4", "u3", "a6"))
    a1 = snap.nodes[ids["a1"]]
    assert a1.kind == "tool_call"
    assert a1.tool_status == "ok"
    assert a1.target_id == ids["t1"]  # rewinding to a call lands after its results
    assert a1.entry_ids == (ids["a1"], ids["t1"])
    assert "port = 8080" in tooltip_text(a1)
    a3 = snap.nodes[ids["a3"]]
    assert a3.tool_status == "error"
    assert a3.label == "write_file ×2 — Writing both files"  # one name, counted
    assert a3.target_id == ids["t3"]
    assert ids["t1"] not in snap.nodes  # no node of their own
    assert snap.display_of[ids["t3"]] == ids["a3"]
    assert snap.nodes[ids["a6"]].stopped
    assert snap.current_id == ids["a6"]


def test_floor_and_sealed_match_the_session_guard(tmp_path):
    b = build_rich_session(tmp_path / "s.jsonl")
    snap = TreeSnapshot.from_session(b.session)
    assert snap.floor_id == b.ids["a4"]
    for name, eid in b.ids.items():
        display = snap.display_of[eid]
        assert snap.is_sealed(display) == b.session.is_sealed(eid), name
    assert snap.is_sealed(b.ids["a1"])
    assert not snap.is_sealed(b.ids["a4"])
    assert not snap.is_sealed(b.ids["comp"])


def test_layout_lanes_stub_and_compaction_side_node(tmp_path):
    b = build_rich_session(tmp_path / "s.jsonl")
    ids = b.ids
    snap = TreeSnapshot.from_session(b.session)
    lay = layout_tree(snap)
    order = [r.node_id for r in lay.rows]
    # newest on top; the 5-node side branch is a single stub at its root's position
    assert order == [
        ids["a6"], ids["a5"], ids["u3"], ids["comp"], ids["a4"], ids["a3"], ids["a3x"],
        ids["u2"], stub_id(ids["b1"]), ids["a2"], ids["a1"], ids["u1"],
    ]  # fmt: skip
    by_id = {r.node_id: r for r in lay.rows}
    for n in ("u1", "a1", "a2", "u2", "a3", "a4", "u3", "a6"):
        assert by_id[ids[n]].lane == 0 and by_id[ids[n]].on_path
    # side branches reuse lane 1 because their row spans do not overlap
    assert by_id[ids["a5"]].lane == 1
    assert by_id[ids["a3x"]].lane == 1
    stub = by_id[stub_id(ids["b1"])]
    assert stub.kind == "stub" and stub.lane == 1 and stub.hidden_count == 5 > COLLAPSE_ABOVE
    assert stub.parent_row == lay.row_of[ids["a2"]]
    comp = by_id[ids["comp"]]
    assert comp.kind == "compaction" and comp.lane == COMPACTION_LANE
    assert comp.parent_row == lay.row_of[ids["a4"]] and comp.parent_lane == 0
    assert "compacted 5 messages · 25k → 4k" in comp.label
    assert lay.floor_row == lay.row_of[ids["a4"]]
    assert lay.current_row == 0 and by_id[ids["a6"]].current
    assert [r.sealed for r in lay.rows[lay.floor_row + 1 :]] == [True] * 7
    assert lay.lane_count == 2


def test_expanding_a_stub_shows_its_chain(tmp_path):
    b = build_rich_session(tmp_path / "s.jsonl")
    ids = b.ids
    snap = TreeSnapshot.from_session(b.session)
    lay = layout_tree(snap, frozenset({ids["b1"]}))
    lanes = {r.node_id: r.lane for r in lay.rows}
    assert all(lanes[ids[f"b{i}"]] == 1 for i in range(1, 6))
    assert len(lay.rows) == 16
    # the branch's lane runs from its newest node down into a2 on lane 0
    seg = next(s for s in lay.segments_by_lane[1] if s.top == lay.row_of[ids["b5"]])
    assert seg.bottom == lay.row_of[ids["a2"]] and seg.fork_lane == 0


def test_hidden_entries_fade_their_display_nodes(tmp_path):
    b = build_rich_session(tmp_path / "s.jsonl")
    ids = b.ids
    snap = TreeSnapshot.from_session(b.session)
    faded = faded_nodes(snap, [ids["u1"], ids["a1"], ids["t1"], "unknown-id"])
    assert faded == {ids["u1"], ids["a1"]}


def test_segments_in_window_cover_visible_rows(tmp_path):
    b = build_rich_session(tmp_path / "s.jsonl")
    lay = layout_tree(TreeSnapshot.from_session(b.session))
    segs = lay.segments_in(2, 3)
    assert any(s.lane == 0 for s in segs)
    assert any(s.lane == COMPACTION_LANE for s in segs)
    assert all(s.top <= 3 and s.bottom >= 2 for s in segs)


def test_format_tokens():
    assert [format_tokens(n) for n in (950, 12_345, 32_000, 128_000, 1_500_000, None)] == [
        "950", "12.3k", "32k", "128k", "1.5M", "?",
    ]  # fmt: skip


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 40)), min_size=1, max_size=60))
def test_random_trees_lay_out_consistently(ops):
    """Random append/rewind sequences: every node gets one row, lanes never collide."""

    @dataclass
    class E:
        id: str
        parent_id: str | None
        role: str
        content: str = "x"
        metadata: dict | None = None
        type: str = "message"

    entries: list[E] = []
    current: str | None = None
    for kind, pick in ops:
        if kind == 0 and entries:  # rewind
            current = entries[pick % len(entries)].id
            continue
        e = E(f"e{len(entries)}", current, "user" if kind % 2 else "assistant")
        entries.append(e)
        current = e.id
    snap = TreeSnapshot.from_entries(entries, current, None)
    lay = layout_tree(snap)
    shown = {r.node_id for r in lay.rows}
    stubs = [r for r in lay.rows if r.kind == "stub"]
    assert len(lay.rows) == len(shown)
    assert len(shown) + sum(s.hidden_count - 1 for s in stubs) == len(snap.nodes)
    # rows are newest first and every child sits above its parent
    for r, row in enumerate(lay.rows):
        if row.parent_row is not None:
            assert row.parent_row > r
    # no two segments in the same lane overlap
    for lane, segs in lay.segments_by_lane.items():
        for a, b2 in pairwise(segs):
            assert a.bottom < b2.top, lane


def test_hidden_indices_map_to_path_entries(tmp_path):
    """``PrepareReport.hidden`` indexes ``[system] + history``; the header holds the system."""
    b = build_rich_session(tmp_path / "s.jsonl")
    path_ids = [e.id for e in b.session.get_current_path()]
    full = b.session.get_full_history_messages()  # what prepare receives: [system] + history
    assert full[0].role == "system"
    assert [m.content for m in full[1:]] == [e.content for e in b.session.get_current_path()]
    got = hidden_entry_ids([0, 1, 2, 99], len(full), path_ids)
    assert set(got) == {path_ids[0], path_ids[1]}
    no_system = len(path_ids)  # a history without the system header
    assert set(hidden_entry_ids([0, 1], no_system, path_ids)) == {path_ids[0], path_ids[1]}
    snap = TreeSnapshot.from_session(b.session)
    # u1 and the call a1 (its result t1 is folded into it) are faded; nothing else
    assert faded_nodes(snap, hidden_entry_ids([1, 2, 3], len(full), path_ids)) == {
        b.ids["u1"],
        b.ids["a1"],
    }


OPS = st.lists(
    st.tuples(
        st.sampled_from(["user", "assistant", "call", "rewind", "compact"]),
        st.integers(0, 10_000),
    ),
    max_size=40,
)


@settings(max_examples=60, deadline=None)
@given(OPS)
def test_snapshot_agrees_with_the_real_session(tmp_path_factory, ops):
    """Random append/rewind/compact sequences on a real Session: the drawing matches its guard."""
    path = tmp_path_factory.mktemp("prop") / "s.jsonl"
    with Session.create(path, fsync=False) as s:
        for k, (op, pick) in enumerate(ops):
            if op == "user":
                s.append_message(user(f"u{k}"))
            elif op == "assistant":
                s.append_message(assistant(f"a{k}"))
            elif op == "call":
                s.append_message(assistant("", [tool_call(f"c{k}", "grep")]))
                s.append_message(tool_result(f"c{k}", "tool", f"r{k}"))
            elif op == "rewind":
                targets = [e for e in s.entries if s.can_rewind(e)]
                if targets:
                    s.rewind(targets[pick % len(targets)])
            elif s.current_id is not None:
                s.add_summary_cache(f"summary {k}", 1, [])
        snap = TreeSnapshot.from_session(s)
        for nid, node in snap.nodes.items():
            target = node.id if node.kind == "compaction" else node.target_id
            assert snap.is_sealed(nid) == s.is_sealed(target), (nid, target)
        path_display = [snap.display_of[e.id] for e in s.get_current_path()]
        assert snap.path == tuple(
            d for i, d in enumerate(path_display) if i == 0 or d != path_display[i - 1]
        )
        lay = layout_tree(snap, frozenset(snap.nodes))  # everything expanded
        assert len(lay.rows) == len(snap.nodes)
        for row in lay.rows:
            assert (row.lane == 0) == row.on_path or row.kind == "compaction"
            assert row.current == (row.node_id == snap.current_id)
        if s.compaction_floor is not None:
            assert lay.floor_row == lay.row_of[snap.display_of[s.compaction_floor]]


def test_overlapping_branches_get_separate_lanes(tmp_path):
    """Three branches grown in turns overlap in rows, so each needs its own lane."""
    with Session.create(tmp_path / "s.jsonl", fsync=False) as s:
        main = [s.append_message(user(f"main {i}")) for i in range(6)]
        tips = {}
        for b, base in enumerate(main[1:4]):
            s.rewind(base)
            tips[b] = s.append_message(user(f"branch {b}"))
        for b in range(3):
            s.rewind(tips[b])
            tips[b] = s.append_message(assistant(f"branch {b} reply"))
        s.rewind(main[5])
        snap = TreeSnapshot.from_session(s)
    lay = layout_tree(snap)
    lanes = {snap.nodes[r.node_id].text: r.lane for r in lay.rows}
    assert {lanes[f"branch {b}"] for b in range(3)} == {1, 2, 3}
    for b in range(3):
        assert lanes[f"branch {b} reply"] == lanes[f"branch {b}"]
    assert lay.lane_count == 4
    # text of a main-line row starts right of every lane crossing it
    row_main2 = lay.row_of[main[2]]
    assert lay.max_lane_at_row[row_main2] >= 2


def test_labels_drop_markdown_marks():
    @dataclass
    class E:
        id: str
        content: str
        parent_id: str | None = None
        role: str = "assistant"
        metadata: dict | None = None
        type: str = "message"

    texts = {
        "# A long text": "A long text",
        "**Read `big.txt`** — 38 lines": "Read big.txt — 38 lines",
        "- [x] done item": "done item",
        "```python\nprint('hi')\n```": "print('hi')",
        "---\n\n> quoted words": "quoted words",
        "": "(empty)",
    }
    entries = [E(f"e{i}", t) for i, t in enumerate(texts)]
    snap = TreeSnapshot.from_entries(entries, None, None)
    assert [snap.nodes[e.id].label for e in entries] == list(texts.values())
