"""The tree model draws pins and branch summaries (headless: no Qt widgets)."""

from pi_desktop.context import Message
from pi_desktop.session import Session
from pi_desktop.ui.tree.layout import layout_tree
from pi_desktop.ui.tree.painter import PIN_MARK, row_text
from pi_desktop.ui.tree.snapshot import TreeSnapshot, tooltip_text
from tests.kit.messages import assistant, tool_call, tool_result


def test_pins_mark_nodes_and_a_pinned_result_marks_its_call(tmp_path):
    s = Session.create(tmp_path / "s.jsonl", fsync=False)
    u = s.append_message(Message(role="user", content="read a"))
    call = s.append_message(assistant("", [tool_call("c1", "read_file", {"path": "a"})]))
    result = s.append_message(tool_result("c1", "read_file", "contents"))
    s.append_message(Message(role="assistant", content="done"))
    s.pin(u)
    s.pin(result)
    snap = TreeSnapshot.from_session(s)
    assert snap.nodes[u].pinned and snap.nodes[call].pinned  # the result folds into its call
    assert [n for n in snap.nodes.values() if n.pinned] == [snap.nodes[u], snap.nodes[call]]
    layout = layout_tree(snap)
    row = layout.rows[layout.row_of[u]]
    assert row_text(row, snap.nodes[u]).startswith(PIN_MARK)
    assert "pinned" in tooltip_text(snap.nodes[u])
    s.unpin(u)
    assert not TreeSnapshot.from_session(s).nodes[u].pinned
    s.close()


def test_branch_summary_is_a_side_node_off_its_parent(tmp_path):
    s = Session.create(tmp_path / "s.jsonl", fsync=False)
    a = s.append_message(Message(role="user", content="a"))
    s.append_message(Message(role="assistant", content="b"))
    s.rewind(a)
    sid = s.add_branch_summary(a, "- tried b")
    s.append_message(Message(role="assistant", content="c"))
    snap = TreeSnapshot.from_session(s)
    node = snap.nodes[sid]
    assert node.kind == "compaction" and node.role == "branch_summary"
    assert node.parent_id == a and sid in snap.compactions[a]
    assert "explored on another branch" in node.label and node.text == "- tried b"
    assert sid in layout_tree(snap).row_of
    s.remove_branch_summary(sid)
    assert sid not in TreeSnapshot.from_session(s).nodes
    s.close()
