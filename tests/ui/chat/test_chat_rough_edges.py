"""Rough edges of the chat a daily user met, each pinned down: Copy confirms itself (seen and
heard), Edit is not offered on a question a compaction summarized, an edited summary is named
as such, and the column rewraps at any window width."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from pi_desktop.agent import OfflineLLM
from pi_desktop.context import Message
from pi_desktop.session import Session
from pi_desktop.ui import announce
from pi_desktop.ui.chat.code_block import CodeBlockWidget
from pi_desktop.ui.chat.conversation import ConversationView, path_items
from pi_desktop.ui.chat.edit_floor import can_edit
from pi_desktop.ui.dialogs.summary_viewer import percent_change
from pi_desktop.ui.text.markdown import Block
from tests.ui.dialogs.test_context_inspect import build_session
from tests.ui.flows import hover


def _view(qtbot, width: int = 800, height: int = 600) -> ConversationView:
    view = ConversationView()
    qtbot.addWidget(view)
    view.resize(width, height)
    view.show()
    return view


# -- Copy says it copied ------------------------------------------------------------------


def test_copy_shows_and_announces_a_confirmation_that_then_goes(qtbot, artifacts):
    view = _view(qtbot)
    answer = view.add_message("assistant", "Run `make test` and read the failures.", "a1")
    view.settle()
    hover(answer)
    note = answer.actions.copied_note
    assert note.isHidden()
    QGuiApplication.clipboard().clear()
    qtbot.mouseClick(answer.actions.copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == "Run `make test` and read the failures."
    assert note.isVisible() and note.text() == "✓ Copied"  # seen beside the button
    assert note.accessibleName() == "Copied"
    assert announce.recent[-1] == "Copied"  # and said to a screen reader
    view.grab().save(str(artifacts / "chat-copied.png"))
    QApplication.sendEvent(answer, QEvent(QEvent.Type.Leave))
    assert answer.actions.isVisible()  # the pointer left: the confirmation still reads
    qtbot.waitUntil(note.isHidden, timeout=5_000)
    assert answer.actions.isHidden()  # then the hover actions go with it
    assert answer.actions.copy_button.toolTip() == "Copy this message"


def test_a_code_blocks_copy_link_confirms_on_its_card(qtbot):
    view = _view(qtbot)
    card = view.add_message("assistant", "Try:\n\n```sh\nmake test\n```\n", "a1")
    view.settle()
    card.body.copy_code(0)
    assert QGuiApplication.clipboard().text() == "make test"
    assert card.actions.isVisible() and card.actions.copied_note.text() == "✓ Code copied"
    assert announce.recent[-1] == "Code copied"


def test_a_tool_calls_arguments_copy_confirms_and_the_button_keeps_its_name(qtbot):
    block = CodeBlockWidget(Block("code", '{"path": "notes.txt"}', "json"))
    qtbot.addWidget(block)
    block.show()
    qtbot.mouseClick(block.copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == '{"path": "notes.txt"}'
    assert block.copied_note.isVisible() and block.copy_button.text() == "Copy"
    qtbot.waitUntil(block.copied_note.isHidden, timeout=5_000)


# -- Edit is offered only where an edit can be sent ---------------------------------------


def _session_with_turns(path: Path, turns: int) -> Session:
    session = Session.create(path, system_prompt="You help.", fsync=False)
    for k in range(turns):
        session.append_message(Message(role="user", content=f"question {k}"))
        session.append_message(Message(role="assistant", content=f"answer {k}"))
    return session


def _editable(view: ConversationView) -> dict[str, bool]:
    return {c.text: c.editable for c in view.message_cards() if c.role == "user"}


def test_edit_is_not_offered_on_questions_a_compaction_summarized(qtbot, tmp_path):
    session = _session_with_turns(tmp_path / "s.jsonl", 3)
    view = _view(qtbot)
    view.edit_allowed = lambda entry_id: can_edit(session, entry_id)
    view.show_path(path_items(session, tmp_path))
    assert _editable(view) == {"question 0": True, "question 1": True, "question 2": True}
    # a compaction now hangs off the last answer: every question so far lies below the floor
    comp = session.add_summary_cache("## Goal\nhelp", 5, [], summarized_count=6)
    view.add_compaction(comp, 9_000, 3_000, 6)
    assert _editable(view) == {"question 0": False, "question 1": False, "question 2": False}
    card = view.message_cards()[0]
    hover(card)
    assert card.actions.isVisible() and card.actions.edit_button.isHidden()
    with qtbot.assertNotEmitted(view.editRequested):
        card._edit()  # a stale click (keyboard, a menu) asks nothing either
    session.append_message(Message(role="user", content="question 3"))
    entry = session.current_id
    view.add_message("user", "question 3", entry)
    assert _editable(view)["question 3"] is True  # after the floor: an edit can branch
    # redrawn from the file (a reload, a rewind), the same answer
    view.show_path(path_items(session, tmp_path))
    assert _editable(view) == {
        "question 0": False,
        "question 1": False,
        "question 2": False,
        "question 3": True,
    }


def test_the_window_offers_edit_only_after_the_floor(kit, qtbot):
    path = kit.tmp / "floor.jsonl"
    build_session(path).close()
    kit.save_settings(context_budget=16_000)
    window = kit.window(OfflineLLM(), session_path=path)
    qtbot.waitUntil(lambda: window.session is not None and window.conversation.row_count() > 0)
    session = window.session
    for row in window.conversation.model_rows():
        if row.kind == "message" and row.role == "user":
            window.conversation.scroll_to_row(row.index)  # built, so its card can be read
            card = row.widget
            assert card.editable == can_edit(session, row.entry_id), row.content
    users = [r for r in window.conversation.model_rows() if r.role == "user"]
    assert not can_edit(session, users[0].entry_id) and can_edit(session, users[-1].entry_id)
    # the tree's context menu agrees: no Edit to refuse on a sealed question
    for row, enabled in ((users[0], False), (users[-1], True)):
        menu = window.tree.view.build_context_menu(row.entry_id)
        (edit,) = [a for a in menu.actions() if a.text().startswith("Edit and resend")]
        assert edit.isEnabled() is enabled, row.content
    assert "sealed" in edit_text(window, users[0].entry_id)


def edit_text(window, entry_id: str) -> str:
    menu = window.tree.view.build_context_menu(entry_id)
    return next(a.text() for a in menu.actions() if a.text().startswith("Edit and resend"))


# -- an edited summary is named as one, with the right sign -------------------------------


def test_the_change_in_tokens_has_the_sign_of_the_figures():
    assert percent_change(95_000, 10_000) == "−89 %"
    assert percent_change(10_000, 10_040) == "+0.4 %"  # a small growth read "−0 %"
    assert percent_change(10_000, 9_990) == "−0.1 %"
    assert percent_change(10_000, 10_000) == "±0 %"
    assert percent_change(10_000, 10_001) == "+0.1 %"  # never "+0.0 %"
    assert percent_change(1_000, 1_300) == "+30 %"


def test_an_edited_summary_is_named_in_the_viewer_the_tree_and_the_conversation(
    kit, qtbot, artifacts
):
    path = kit.tmp / "edited.jsonl"
    build_session(path).close()
    kit.save_settings(context_budget=16_000)
    window = kit.window(OfflineLLM(), session_path=path)
    latest = window.session.latest_compaction()
    viewer = window.open_summary(latest.id)
    qtbot.waitExposed(viewer)
    viewer.tabs.setCurrentIndex(2)
    viewer.editor.setPlainText(latest.summary + "\n- Deploy only to staging-eu.")
    qtbot.mouseClick(viewer.save_button, Qt.MouseButton.LeftButton)
    new = window.session.latest_compaction()
    assert new.kind == "edited"
    grew = new.tokens_after > new.tokens_before
    assert grew and viewer.fields["Tokens"].split("(")[1].startswith("+")
    assert "−" not in viewer.fields["Tokens"]
    viewer.close()
    # the tree follows the session one loop turn after the change (SessionWatch)
    qtbot.waitUntil(lambda: new.id in window.tree.snapshot.nodes, timeout=5_000)
    label = window.tree.snapshot.nodes[new.id].label
    assert label.startswith("summary edited · ") and "compacted" not in label
    # the conversation shows the edit at once, right after the compaction it replaces
    rows = window.conversation.model_rows()
    at = next(r.index for r in rows if r.entry_id == latest.id)
    edit_row = rows[at + 1]
    assert edit_row.entry_id == new.id and edit_row.rung == "edited"
    marker = window.conversation.scroll_to_row(edit_row.index)
    assert marker.label.text().startswith("──  edited by you · ")
    window.grab().save(str(artifacts / "chat-edited-summary.png"))
    # and a reload draws the same
    items = path_items(window.session, kit.tmp)
    assert [i.rung for i in items if i.kind == "compaction"] == ["model", "model", "edited"]
