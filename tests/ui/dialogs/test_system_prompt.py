"""A system prompt per session: shown in the header, changed from its dialog, sent from the
next request on (earlier ones stay as sent), kept across a restart."""

from __future__ import annotations

from PySide6.QtCore import Qt

from pi_desktop.agent import OpenAIChatLLM
from tests.kit.openai_server import Reply
from tests.ui.flows import send

SHOTS = "/tmp/shots-17"


def _llm(server) -> OpenAIChatLLM:
    return OpenAIChatLLM("test-model", base_url=server.base_url, api_key="sk-test")


def test_the_prompt_is_edited_from_the_header_and_survives_a_restart(kit, qtbot, openai_server):
    openai_server.responder = lambda body: Reply(text="Fine.")
    window = kit.window(_llm(openai_server), new_session=True)
    first = window.session.system_prompt
    assert first and window.header.prompt_button.text().startswith("⚙ You are a helpful")
    send(qtbot, window, "hello")
    qtbot.mouseClick(window.header.prompt_button, Qt.MouseButton.LeftButton)
    dialog = window.dialog
    assert dialog is not None and dialog.text == first
    dialog.editor.setPlainText("You are a pirate. Answer like one.")
    dialog.grab().save(f"{SHOTS}/system-prompt-dialog.png")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.dialog is None)
    assert window.session.system_prompt == "You are a pirate. Answer like one."
    assert window.header.prompt_button.text() == "⚙ You are a pirate. Answer like one."

    # the tree marks where it changed: a side node at the answer that was current (the tree
    # follows the session's changes, redrawn once the event loop turns)
    def marks() -> list:
        return [n for n in window.tree.view.snapshot.nodes.values() if n.role == "system_prompt"]

    qtbot.waitUntil(lambda: len(marks()) == 1)
    snap = window.tree.view.snapshot
    (change,) = marks()
    assert change.parent_id == window.session.current_id
    assert change.label == "system prompt: You are a pirate. Answer like one."
    assert change.id in snap.compactions[change.parent_id]
    assert window.tree.view.node_rect(change.id).isValid()
    assert "later requests carry it" in window.tree.view.tooltip_for(change.id)
    send(qtbot, window, "and now?")
    before, after = openai_server.requests[0], openai_server.requests[-1]
    assert before["messages"][0] == {"role": "system", "content": first}
    assert after["messages"][0] == {
        "role": "system",
        "content": "You are a pirate. Answer like one.",
    }
    window.grab().save(f"{SHOTS}/system-prompt-header.png")
    path = window.session.path
    window.close()
    qtbot.waitUntil(lambda: not window.isVisible())

    again = kit.window(_llm(openai_server), session_path=path)
    assert again.session.system_prompt == "You are a pirate. Answer like one."
    marks = [n for n in again.tree.view.snapshot.nodes.values() if n.role == "system_prompt"]
    assert [n.id for n in marks] == [change.id]
    assert again.header.prompt_button.text() == "⚙ You are a pirate. Answer like one."
    send(qtbot, again, "still a pirate?")
    assert openai_server.requests[-1]["messages"][0]["content"].startswith("You are a pirate")


def test_the_prompt_cannot_change_under_a_running_answer(kit, qtbot, openai_server):
    openai_server.responder = lambda body: Reply(text="slow " * 40, chunk_delay=0.02)
    window = kit.window(_llm(openai_server), new_session=True)
    window.input.setPlainText("go")
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.busy)
    dialog = window.show_system_prompt()
    assert dialog.editor.isReadOnly() and not dialog.ok_button.isEnabled()
    assert "Wait for the answer" in dialog.message.text()
    assert not window.set_system_prompt("changed")
    dialog.reject()
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)


def test_saved_prompts_and_the_default_for_new_sessions(kit, qtbot, openai_server):
    openai_server.responder = lambda body: Reply(text="Arr.")
    window = kit.window(_llm(openai_server), new_session=True)
    dialog = window.show_system_prompt()
    assert dialog.saved.count() == 0 and not dialog.default_box.isEnabled()
    dialog.editor.setPlainText("You review code. Be blunt.")
    dialog.name.setText("Code reviewer")
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    dialog.editor.setPlainText("You are a pirate.")
    dialog.name.setText("Pirate")
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert [dialog.saved.itemData(i) for i in range(dialog.saved.count())] == [
        "Code reviewer",
        "Pirate",
    ]
    assert dialog.chosen_name() == "Pirate"
    dialog.default_box.setChecked(True)
    assert dialog.saved.currentText() == "Pirate  (default)"
    assert dialog.message.text() == "New sessions start with “Pirate”."
    # choosing a saved prompt loads it into the editor (OK applies it to this session)
    dialog.saved.setCurrentIndex(0)
    dialog.saved.activated.emit(0)
    assert dialog.text == "You review code. Be blunt." and not dialog.default_box.isChecked()
    dialog.grab().save(f"{SHOTS}/system-prompt-saved.png")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert window.session.system_prompt == "You review code. Be blunt."
    # the store is a file beside the settings: a new window reads it, new sessions use it
    window.close()
    qtbot.waitUntil(lambda: not window.isVisible())
    again = kit.window(_llm(openai_server), new_session=True)
    assert again.session.system_prompt == "You are a pirate."
    assert again.prompt_store.names() == ["Code reviewer", "Pirate"]
    dialog = again.show_system_prompt()
    dialog.saved.setCurrentIndex(1)
    qtbot.mouseClick(dialog.delete_button, Qt.MouseButton.LeftButton)
    assert again.prompt_store.names() == ["Code reviewer"]
    assert again.prompt_store.default_name() is None  # the default went with it
    dialog.reject()
    assert again.default_system_prompt().startswith("You are a helpful assistant")
