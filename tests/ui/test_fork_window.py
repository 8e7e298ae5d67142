"""Fork from the tree in the real window: the new session keeps the pins and branch summaries.

The user pins the first turn, explores and leaves a branch (summarized), goes on, then forks
from the tree's menu. The forked session shows the pin on its card and its tree row, draws the
branch summary as a side node, and its next request carries both. Screenshot in
tests/artifacts/fork-window-pinned.png.
"""

from __future__ import annotations

from PySide6.QtTest import QTest

from pi_desktop.context.pins import NOTES_HEADER
from pi_desktop.session import Session
from pi_desktop.ui.tree.painter import PIN_MARK
from tests.kit.recording_llm import RecordingLLM
from tests.ui.flows import card_of, menu_action, row_label, send


def test_fork_from_the_tree_keeps_the_pin_and_the_branch_summary(kit, qtbot, artifacts):
    kit.save_settings(context_budget=8_000, threshold=0.8)
    llm = RecordingLLM()
    window = kit.window(llm, offline=True, description="Offline demo")
    send(qtbot, window, "Remember the codeword HELIOTROPE-7. We must keep the API stable.")
    original = window.session
    q1, a1 = (e.id for e in original.get_current_path())
    send(qtbot, window, "Now try a regex tokenizer for the parser.")
    assert window.rewind_to(a1)  # leaves the regex branch behind: summarized
    qtbot.waitUntil(window.session_tree.branches.task.done, timeout=10_000)
    [side] = original.branch_summaries_for(a1)
    send(qtbot, window, "Let us do the hand-written tokenizer.")
    a3 = original.current_id
    send(qtbot, window, "And add tests for it.")
    a4 = original.current_id
    assert window.pins.set_pinned(q1, True)
    assert window.pins.set_pinned(a4, True)  # below the fork point: stays behind

    menu_action(window, a3, "Fork to new session").trigger()
    fork = window.session
    assert fork is not original and fork.path != original.path
    assert fork.current_id == a3 and "(fork)" in window.windowTitle()
    assert fork.pinned_ids == [q1] and not fork.is_pinned(a4)
    card = card_of(window, q1)
    assert card.pinned and card.actions.pin_button.isChecked()
    qtbot.waitUntil(card.pin_badge.isVisible)  # the new cards show on the next event pass
    assert not card_of(window, a1).pin_badge.isVisible()
    assert row_label(window, q1).startswith(PIN_MARK)
    assert not row_label(window, a1).startswith(PIN_MARK)
    assert [s.id for s in fork.branch_summaries_for(a1)] == [side.id]
    assert window.tree.snapshot.nodes[side.id].role == "branch_summary"
    assert side.id in window.tree.view.tree_layout.row_of  # drawn as a side node

    QTest.qWait(50)  # layout passes first, then scroll the pinned first turn into sight
    window.conversation.verticalScrollBar().setValue(0)
    window.conversation.ensureWidgetVisible(card, 0, 40)
    QTest.qWait(50)
    window.repaint()
    assert window.grab().save(str(artifacts / "fork-window-pinned.png"))

    # the fork's next request keeps the pinned turn and tells the model what was explored
    send(qtbot, window, "What was the codeword?")
    sent = llm.requests[-1]
    assert any(m.role == "user" and "HELIOTROPE-7" in m.content for m in sent)
    assert any(m.content.startswith(NOTES_HEADER) and "regex" in m.content for m in sent)
    # and the original session file still holds its own pins and position
    with Session.load(original.path, read_only=True) as again:
        assert again.pinned_ids == [q1, a4] and again.current_id == a4
