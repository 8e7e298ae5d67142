"""Seeing and steering the context from the window: the breakdown behind the budget bar, the
summary history with its diffs and covered ranges, and editing a summary.

The session files are real (messages, tool results and compaction entries appended through the
Session API); the window is the app's own, on the offline provider.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from pi_desktop.agent import OfflineLLM
from pi_desktop.context import Message
from pi_desktop.session import Session
from pi_desktop.ui.dialogs.breakdown_dialog import BreakdownDialog
from pi_desktop.ui.dialogs.summary_history import branch_history
from pi_desktop.ui.dialogs.summary_viewer import SummaryViewer
from tests.ui.shots import save_shot

SYSTEM = "You are a careful assistant working on a small Python project."
SUMMARY_1 = (
    "## Goal\nFix the parser's error messages.\n## Constraints & Preferences\n- keep the API\n"
    "## Progress\n### Done\n- read src/parser.py\n### In Progress\n- line numbers\n"
    "### Blocked\n- none\n## Key Decisions\n- use a Span type\n## Next Steps\n- add tests\n"
    "## Critical Context\n- errors live in src/errors.py"
)
SUMMARY_2 = SUMMARY_1.replace("- line numbers", "- column numbers").replace(
    "- add tests", "- add tests\n- update the changelog"
)


def _turn(session: Session, k: int, big: bool = False) -> None:
    session.append_message(Message(role="user", content=f"Step {k}: look at part {k} please."))
    call = {
        "id": f"call_{k}",
        "type": "function",
        "function": {"name": "read_file", "arguments": json.dumps({"path": f"src/p{k}.py"})},
    }
    session.append_message(Message(role="assistant", content="", metadata={"tool_calls": [call]}))
    body = (f"def part_{k}(x):\n    return x + {k}\n" * (40 if big else 8)).strip()
    session.append_message(
        Message(
            role="tool", content=body, metadata={"tool_call_id": f"call_{k}", "name": "read_file"}
        )
    )
    session.append_message(Message(role="assistant", content=f"Part {k} adds {k} to its input."))


def build_session(path: Path, *, compactions: int = 2) -> Session:
    """Twelve turns with tool results; ``compactions`` summaries along the way."""
    s = Session.create(path, system_prompt=SYSTEM, fsync=False)
    summaries = [SUMMARY_1, SUMMARY_2]
    for k in range(12):
        _turn(s, k, big=k % 3 == 0)
        if k in (4, 8) and compactions > (0 if k == 4 else 1):
            index = 0 if k == 4 else 1
            covered = 1 + 4 * (k - 1)  # system + every turn but the last two
            kept = len(s.get_current_path()) - (covered - 1)
            s.add_summary_cache(
                summaries[index],
                covered,
                [{}] * kept,
                first_kept_entry_id=s.get_current_path()[covered - 1].id,
                tokens_before=9_000 + 1_000 * index,
                tokens_after=3_000 + 500 * index,
                summarized_count=covered - 1,
                summary_model="offline-summarizer",
                summary_usage={"prompt_tokens": 7_000 + index, "completion_tokens": 400},
            )
    return s


def test_clicking_the_budget_bar_opens_a_breakdown_that_adds_up(kit, qtbot, artifacts):
    path = kit.tmp / "inspect.jsonl"
    build_session(path).close()
    kit.save_settings(context_budget=16_000)
    window = kit.window(OfflineLLM(), session_path=path)
    bar = window.budget_bar
    qtbot.mouseClick(
        bar, Qt.MouseButton.LeftButton, pos=QPoint(bar.width() // 2, bar.height() // 2)
    )
    qtbot.waitUntil(lambda: isinstance(window.dialog, BreakdownDialog))
    dialog = window.dialog
    result = dialog.breakdown
    # the table's total is the bar's figure, and the rows add up to it
    assert result.total_tokens == bar.tokens == window.agent.estimate_now().estimated_tokens
    rows = dialog.table_rows()
    by_name = {r[0]: r for r in rows}
    shown = [r for r in result.rows if r.tokens or r.messages or r.key == "tools"]
    assert sum(int(by_name[r.label][1].replace(",", "")) for r in shown) == bar.tokens
    assert by_name["Total (the bar's estimate)"][1] == f"{bar.tokens:,}"
    assert result.tokens("summary") > 0 and result.summarized_count > 0
    assert result.tokens("tools") > 0  # the offline provider's tools ride with every request
    assert by_name["Compaction threshold"][1] == f"{int(16_000 * 0.8):,}"
    assert "summarized" in dialog.notes.text()
    assert "the figure on the budget bar" in dialog.notes.text()
    segments = dialog.bar.segments()
    assert segments[0][0] == "system"
    assert abs(segments[-1][2] - bar.tokens / 16_000) < 1e-9
    QTest.qWait(30)
    save_shot(dialog, "breakdown_dialog")
    # Refresh after the conversation moved on: a new message changes the figures
    window.session.append_message(Message(role="user", content="one more question " * 30))
    dialog.refresh_button.click()
    assert dialog.breakdown.total_tokens == window.agent.estimate_now().estimated_tokens
    assert dialog.breakdown.total_tokens > result.total_tokens
    # while it is open it follows the bar through a run
    window.input.setPlainText("What does part 3 do?")
    assert window.send() is not None
    qtbot.waitUntil(lambda: not window.busy, timeout=30_000)
    assert window.session.get_current_path()[-1].role == "assistant"
    assert dialog.breakdown.total_tokens == window.budget_bar.tokens
    assert dialog.breakdown.total_tokens == window.agent.estimate_now().estimated_tokens
    dialog.close()


def _open_history(window, qtbot, entry_id):
    viewer = window.open_summary(entry_id)
    assert isinstance(viewer, SummaryViewer)
    qtbot.waitExposed(viewer)
    return viewer


def test_summary_history_lists_the_branch_with_diffs_ranges_and_costs(kit, qtbot, artifacts):
    path = kit.tmp / "history.jsonl"
    build_session(path).close()
    kit.save_settings(context_budget=16_000)
    window = kit.window(OfflineLLM(), session_path=path)
    second = branch_history(window.session)[1]
    viewer = _open_history(window, qtbot, second.entry.id)
    assert [i.number for i in viewer.history] == [1, 2]
    assert viewer.history_list.count() == 2
    assert viewer.history_list.item(1).text() == "#2 automatic · 10,000 → 3,500 · in use"
    assert viewer.current_item.entry.id == second.entry.id
    # the diff against #1 marks the changed lines
    diff = viewer.diff
    assert ("-", "- line numbers") in diff and ("+", "- column numbers") in diff
    assert ("+", "- update the changelog") in diff and (" ", "## Goal") in diff
    assert "2 lines added, 1 line removed" in viewer.diff_label.text()
    assert "column numbers" in viewer.diff_view.toPlainText()
    fields = viewer.fields
    assert fields["Tokens"] == "10,000 → 3,500 (−65 %)"
    assert fields["Summary model"] == "offline-summarizer"
    assert fields["Cost"] == "prompt 7,001 · completion 400 tokens (no price known)"
    assert fields["Covers"] == "messages 1–28; new in this summary: 13–28 (16)"
    # click → the tree highlights the messages #2 newly covered and scrolls to them
    qtbot.mouseClick(viewer.select_button, Qt.MouseButton.LeftButton)
    tree = window.tree.view
    rows = tree.selected_rows()
    assert rows and len(rows) <= len(second.new_ids)
    first_row = tree.tree_layout.row_of[second.new_ids[-1]]
    assert first_row in rows
    # visible: the newest covered row lies inside the viewport
    newest = tree.tree_layout.rows[rows[0]].node_id
    assert tree.viewport().rect().contains(tree.node_rect(newest).center())
    # #1 is the first: everything is new, no edit tab for a replaced summary
    viewer.select_item(0)
    assert viewer.current_item.number == 1
    assert all(mark == "+" for mark, _ in viewer.diff)
    assert viewer.fields["Covers"] == "messages 1–12; new in this summary: 1–12 (12)"
    assert not viewer.tabs.isTabEnabled(2)
    viewer.select_item(1)
    assert viewer.tabs.isTabEnabled(2)
    viewer.tabs.setCurrentIndex(1)
    QTest.qWait(30)
    save_shot(viewer, "summary_history_diff")
    save_shot(window.tree, "summary_history_tree_range")
    viewer.close()


def test_editing_a_summary_in_the_viewer_saves_an_edited_compaction(kit, qtbot, artifacts):
    path = kit.tmp / "edit.jsonl"
    build_session(path).close()
    kit.save_settings(context_budget=16_000)
    window = kit.window(OfflineLLM(), session_path=path)
    latest = window.session.latest_compaction()
    viewer = _open_history(window, qtbot, latest.id)
    viewer.tabs.setCurrentIndex(2)
    before_bar = window.budget_bar.tokens
    # an unchanged text is refused with the reason, nothing written
    entries = len(window.session.entries)
    qtbot.mouseClick(viewer.save_button, Qt.MouseButton.LeftButton)
    assert "unchanged" in viewer.edit_status.text()
    assert len(window.session.entries) == entries
    edited = latest.summary + "\n- The user says: deploy only to staging-eu."
    viewer.editor.setPlainText(edited)
    qtbot.mouseClick(viewer.save_button, Qt.MouseButton.LeftButton)
    new = window.session.latest_compaction()
    assert new.kind == "edited" and new.edited_from == latest.id and new.summary == edited
    # the history now ends with the edit, selected, and its diff shows the added line
    assert [i.kind for i in viewer.history] == ["auto", "auto", "edited"]
    assert viewer.current_item.entry.id == new.id and viewer.current_item.in_use
    assert ("+", "- The user says: deploy only to staging-eu.") in viewer.diff
    assert viewer.fields["Kind"] == "edited by you"
    assert viewer.fields["Summary model"] == "none (written by you)"
    assert viewer.fields["Tokens"].startswith(f"{new.tokens_before:,} → {new.tokens_after:,} (+")
    assert viewer.fields["Cost"] == "no model call (your edit)"
    assert viewer.fields["Covers"] == "messages 1–28 (the same as the summary it replaces)"
    # the agent uses it at once: the bar grew by the added line, the next view carries it
    assert window.agent.context.summary == edited
    assert window.budget_bar.tokens > before_bar
    assert window.budget_bar.tokens == window.agent.estimate_now().estimated_tokens
    # the tree draws the edit as a compaction node beside the original
    window.tree.refresh()
    assert new.id in window.tree.snapshot.nodes
    assert window.tree.snapshot.nodes[new.id].label.startswith("summary edited · ")
    viewer.tabs.setCurrentIndex(1)
    QTest.qWait(30)
    save_shot(viewer, "summary_history_edited_diff")
    viewer.close()
