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
    dialog.close()
