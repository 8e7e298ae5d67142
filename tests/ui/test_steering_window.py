"""Pins and branch summaries in the real window, on the real offline provider.

Pin from the chat card's hover action, from the tree's context menu and with Ctrl+P; the pin
shows on the card and the tree node; a pin past the cap is refused in a banner naming sizes.
A rewind that leaves messages behind adds a branch-summary side node; removing it from the
tree's menu takes it out of the view. Screenshots land in tests/artifacts/.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from pi_desktop.context.pins import NOTES_HEADER
from pi_desktop.ui.tree.painter import PIN_MARK
from tests.kit.recording_llm import RecordingLLM
from tests.ui.flows import card_of, menu_action, row_label
from tests.ui.flows import send as _send


def test_pin_from_chat_tree_and_shortcut_and_branch_summary(kit, qtbot, artifacts):
    kit.save_settings(context_budget=8_000, threshold=0.8)
    llm = RecordingLLM()
    window = kit.window(llm, offline=True, description="Offline demo")
    _send(qtbot, window, "Remember the codeword HELIOTROPE-7. We must keep the API stable.")
    session = window.session
    first_user, first_answer = [e.id for e in session.get_current_path()]
    _send(qtbot, window, "Now try a regex tokenizer for the parser.")

    # chat: the card's hover pin action
    card = card_of(window, first_user)
    qtbot.mouseClick(card.actions.pin_button, Qt.MouseButton.LeftButton)
    assert session.is_pinned(first_user)
    assert card.pinned and card.pin_badge.isVisible() and card.actions.pin_button.isChecked()
    assert row_label(window, first_user).startswith(PIN_MARK)

    # tree: the context menu pins the first answer
    menu_action(window, first_answer, "Pin message").trigger()
    assert session.pinned_ids == [first_user, first_answer]
    assert card_of(window, first_answer).pin_badge.isVisible()

    # shortcut: Ctrl+P toggles the last message
    last = session.current_id
    window.conversation.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert session.is_pinned(last)
    qtbot.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert not session.is_pinned(last)

    _send(qtbot, window, "What was the codeword?")
    sent = llm.requests[-1]
    assert any("HELIOTROPE-7" in m.content and m.role == "user" for m in sent)

    # rewind to the first answer: the regex branch is left behind and summarized
    leaf = session.current_id
    assert window.rewind_to(first_answer)
    task = window.session_tree.branches.task
    assert task is not None
    qtbot.waitUntil(task.done, timeout=10_000)
    [side] = session.branch_summaries_for(first_answer)
    assert side.branch_leaf_id == leaf and "regex" in side.summary.lower()
    node = window.tree.snapshot.nodes[side.id]
    assert node.kind == "compaction" and node.role == "branch_summary"
    assert side.id in window.tree.view.tree_layout.row_of  # drawn as a side node
    _send(qtbot, window, "Let us do the hand-written one.")
    assert any(m.content.startswith(NOTES_HEADER) for m in llm.requests[-1])

    pinned_card = card_of(window, first_user)  # redrawn after the rewind: still marked
    assert pinned_card.pinned and pinned_card.pin_badge.isVisible()
    QTest.qWait(50)  # layout passes first, then scroll the pinned first turn into sight
    window.conversation.verticalScrollBar().setValue(0)
    window.conversation.ensureWidgetVisible(pinned_card, 0, 40)
    QTest.qWait(50)
    window.repaint()
    assert window.grab().save(str(artifacts / "pins-window-pinned-message.png"))
    assert pinned_card.grab().save(str(artifacts / "pins-card.png"))
    assert window.tree.grab().save(str(artifacts / "pins-tree-branch-summary.png"))

    menu_action(window, side.id, "Remove branch summary").trigger()
    assert session.branch_summaries_for(first_answer) == []
    assert side.id not in window.tree.snapshot.nodes
    _send(qtbot, window, "Continue.")
    assert not any(m.content.startswith(NOTES_HEADER) for m in llm.requests[-1])


def test_a_pin_past_the_cap_is_refused_in_a_banner(kit, qtbot):
    kit.save_settings(context_budget=2_000, threshold=0.8)
    window = kit.window(RecordingLLM(), offline=True, description="Offline demo")
    _send(qtbot, window, "Explain the parser in detail please. " + "word " * 150)
    session = window.session
    ids = [e.id for e in session.get_current_path()]
    for eid in ids:
        window.pins.set_pinned(eid, True)
    assert window.pins.last_refusal is not None
    assert "cap" in window.pins.last_refusal and "25%" in window.pins.last_refusal
    assert any("Cannot pin" in b.text for b in window.refusals())
    refused = [eid for eid in ids if not session.is_pinned(eid)]
    assert refused and not any(card_of(window, eid).pinned for eid in refused)


def test_branch_summaries_off_in_the_settings(kit, qtbot):
    kit.save_settings(context_budget=8_000, branch_summaries=False)
    window = kit.window(RecordingLLM(), offline=True, description="Offline demo")
    _send(qtbot, window, "first")
    target = window.session.current_id
    _send(qtbot, window, "second")
    assert window.rewind_to(target)
    assert window.session_tree.branches.task is None
    assert window.session.state.branch_summaries == {}


def test_settings_dialog_has_the_branch_summary_switch(qtbot, tmp_path):
    from pi_desktop.ui.dialogs.settings_dialog import PresetChoice, SettingsDialog
    from pi_desktop.ui.settings import AppSettings, KeyStore

    presets = [PresetChoice("offline", "Offline")]
    dialog = SettingsDialog(AppSettings(), presets, KeyStore(tmp_path, use_keyring=False))
    qtbot.addWidget(dialog)
    assert dialog.branch_summaries.isChecked()
    dialog.branch_summaries.setChecked(False)
    assert dialog.result_settings().branch_summaries is False
