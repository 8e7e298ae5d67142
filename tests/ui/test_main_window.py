"""The main window driven through the real OpenAIChatLLM against the loopback server.

Clicks and key presses go through qtbot; the agent runs as asyncio tasks on Qt's loop.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from pi_desktop.agent import OpenAIChatLLM
from pi_desktop.session import Session
from tests.kit.openai_server import Reply, ToolCall
from tests.ui.flows import idle as _idle


def _llm(server) -> OpenAIChatLLM:
    return OpenAIChatLLM("test-model", base_url=server.base_url, api_key="sk-test-secret")


def _shot(widget, artifacts: Path, name: str) -> None:
    """A screenshot for a human to look at (tests/artifacts/window-<name>.png)."""
    widget.repaint()
    assert widget.grab().save(str(artifacts / f"window-{name}.png"))


def _type_and_enter(qtbot, window, text: str) -> None:
    window.input.setPlainText(text)
    qtbot.keyClick(window.input, Qt.Key.Key_Return)


def test_enter_sends_streams_and_shows_tool_calls(kit, qtbot, openai_server):
    openai_server.enqueue(
        Reply(tool_calls=[ToolCall("read_file", {"path": "notes.txt"}, id="call_1")]),
        Reply(text="The notes list **alpha**, beta and gamma.\n\n```python\nprint('hi')\n```"),
    )
    window = kit.window(_llm(openai_server))
    assert window.windowTitle() == "New session — pi-desktop"
    _type_and_enter(qtbot, window, "What is in notes.txt?")
    assert window.input.toPlainText() == ""
    qtbot.waitUntil(lambda: window.busy)
    assert window.send_button.text() == "Stop"
    assert not window.tree.navigation_enabled
    qtbot.waitUntil(lambda: _idle(window), timeout=15_000)
    cards = window.conversation.message_cards()
    assert [c.role for c in cards] == ["user", "assistant"]
    assert cards[1].text.startswith("The notes list **alpha**")
    (call,) = window.conversation.tool_calls()
    assert call.name == "read_file" and "gamma" in call.result
    assert window.budget_bar.tokens > 0
    assert window.tree.navigation_enabled
    assert window.windowTitle() == "What is in notes.txt? — pi-desktop"
    # the tree shows the path: user → assistant(tool call, result folded) → assistant
    path = window.session.get_current_path()
    assert [e.role for e in path] == ["user", "assistant", "tool", "assistant"]
    assert path[-1].id == window.session.current_id
    assert window.tree.view.node_rect(path[-1].id).isValid()
    # the key went to the server only in the Authorization header
    assert openai_server.request_headers[0]["authorization"] == "Bearer sk-test-secret"


def test_shift_enter_is_a_newline_and_ctrl_enter_sends(kit, qtbot, openai_server):
    openai_server.enqueue(Reply(text="ok"))
    window = kit.window(_llm(openai_server))
    window.input.setPlainText("line one")
    window.input.moveCursor(window.input.textCursor().MoveOperation.End)
    qtbot.keyClick(window.input, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert window.input.toPlainText() == "line one\n" and not window.busy
    window.input.insertPlainText("line two")
    window.send_action.trigger()  # Ctrl+Return
    qtbot.waitUntil(lambda: _idle(window) and len(window.conversation.message_cards()) == 2)
    assert window.conversation.message_cards()[0].text == "line one\nline two"


def test_stop_keeps_the_partial_answer_marked_and_the_session_consistent(
    kit, qtbot, openai_server, artifacts
):
    openai_server.enqueue(Reply(text="word " * 400, chunk_chars=5, chunk_delay=0.01))
    window = kit.window(_llm(openai_server))
    _type_and_enter(qtbot, window, "Tell me a long story")
    qtbot.waitUntil(lambda: window.conversation.streaming_card is not None, timeout=10_000)
    qtbot.waitUntil(lambda: len(window.conversation.streaming_card.text) > 20, timeout=10_000)
    qtbot.keyClick(window.input, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: _idle(window), timeout=10_000)
    card = window.conversation.message_cards()[-1]
    assert card.role == "assistant" and card.stopped
    assert 0 < len(card.text) < len("word " * 400)
    _shot(window, artifacts, "stopped")
    roles = [m.role for m in window.session.get_full_history_messages()]
    assert roles[-2:] == ["user", "assistant"]


def test_provider_error_shows_inline_and_retry_answers_the_same_turn(
    kit, qtbot, openai_server, artifacts
):
    openai_server.enqueue(Reply(text="Hi."), Reply.http_error(401, "Incorrect API key provided"))
    window = kit.window(_llm(openai_server))
    _type_and_enter(qtbot, window, "Hi")
    qtbot.waitUntil(lambda: _idle(window) and len(window.conversation.message_cards()) == 2)
    _type_and_enter(qtbot, window, "Hello?")
    qtbot.waitUntil(lambda: bool(window.conversation.banners()), timeout=10_000)
    qtbot.waitUntil(lambda: _idle(window))
    (banner,) = window.conversation.banners()
    assert banner.kind == "error" and "Incorrect API key" in banner.text
    assert "sk-test-secret" not in banner.text
    _shot(window, artifacts, "error-retry")
    openai_server.enqueue(Reply(text="Hello! How can I help?"))
    qtbot.mouseClick(banner.buttons["retry"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(
        lambda: _idle(window) and window.conversation.message_cards()[-1].role == "assistant",
        timeout=10_000,
    )
    path = [(e.role, e.content) for e in window.session.get_current_path()]
    assert path == [
        ("user", "Hi"),
        ("assistant", "Hi."),
        ("user", "Hello?"),
        ("assistant", "Hello! How can I help?"),
    ]
    assert not window.conversation.banners()
    # the stored question is answered where it stands: no duplicate, no side branch
    assert (
        sum(1 for e in window.session.entries.values() if getattr(e, "content", "") == "Hello?")
        == 1
    )
    assert all(len(window.session.children(e.id)) <= 1 for e in window.session.get_current_path())


def test_retry_of_a_failed_first_message_leaves_no_duplicate(kit, qtbot, openai_server):
    openai_server.enqueue(Reply.http_error(401, "Incorrect API key provided"), Reply(text="Hey"))
    window = kit.window(_llm(openai_server))
    _type_and_enter(qtbot, window, "Hello?")
    qtbot.waitUntil(lambda: bool(window.conversation.banners()) and _idle(window), timeout=10_000)
    window.conversation.banners()[0].buttons["retry"].click()
    qtbot.waitUntil(lambda: _idle(window) and len(window.conversation.message_cards()) == 2)
    path = [(e.role, e.content) for e in window.session.get_current_path()]
    assert path == [("user", "Hello?"), ("assistant", "Hey")]
    assert len(kit.library.list_sessions()) == 1


def test_close_while_running_cancels_and_releases_the_session(kit, qtbot, openai_server):
    openai_server.enqueue(Reply(text="slow " * 500, chunk_delay=0.02))
    window = kit.window(_llm(openai_server))
    path = window.session.path
    _type_and_enter(qtbot, window, "Write a lot")
    qtbot.waitUntil(lambda: window.conversation.streaming_card is not None, timeout=10_000)
    with qtbot.waitSignal(window.closed, timeout=15_000):
        window.close()
    assert window.session is None
    with Session.load(path) as again:  # the lock is free and the file is consistent
        roles = [e.role for e in again.get_current_path()]
    assert roles == ["user", "assistant"]


def test_compact_now_with_instructions_adds_a_marker_and_drops_the_bar(kit, qtbot, openai_server):
    def responder(body):
        if not body.get("tools"):
            return Reply(
                text="<summary>## Goal\nTalk about turns.\n## Progress\n- asked\n"
                "## Next Steps\n- answer</summary>"
            )
        return Reply(text=f"Answer number {len(body['messages'])}. " + "detail " * 60)

    openai_server.responder = responder
    window = kit.window(_llm(openai_server))
    for i in range(4):
        # long enough that the summarized first turn outweighs the summary (a repeated word
        # is ~1 token, which the class estimate knows and chars/4 overstated 4x)
        _type_and_enter(qtbot, window, f"Question {i}: " + "context " * 300)
        qtbot.waitUntil(lambda: _idle(window), timeout=10_000)
    before = window.budget_bar.tokens
    qtbot.keyClick(
        window,
        Qt.Key.Key_K,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    qtbot.waitUntil(lambda: window.dialog is not None and window.dialog.isVisible())
    window.dialog.instructions.setText("keep the questions")
    window.dialog.accept()
    # no rewinding while the summary is being written (it would land on the wrong branch)
    assert window.busy and not window.tree.navigation_enabled
    assert not window.new_action.isEnabled() and not window.compact_action.isEnabled()
    qtbot.waitUntil(lambda: bool(window.conversation.markers()) and _idle(window), timeout=10_000)
    assert window.tree.navigation_enabled
    assert window.budget_bar.tokens < before
    assert window.budget_bar.compactions == 1
    summary_requests = [r for r in openai_server.requests if not r.get("tools")]
    assert "keep the questions" in json_text(summary_requests[-1])
    comp = window.session.latest_compaction()
    assert comp is not None and comp.manual
    assert window.conversation.markers()[0].entry_id == comp.id


def json_text(body) -> str:
    import json

    return json.dumps(body, ensure_ascii=False)


def test_sessions_new_open_rename_and_title(kit, qtbot, openai_server, artifacts):
    openai_server.responder = lambda body: Reply(text="fine")
    window = kit.window(_llm(openai_server))
    first = window.session.path.stem
    _type_and_enter(qtbot, window, "First topic")
    qtbot.waitUntil(lambda: _idle(window), timeout=10_000)
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.session.path.stem != first
    assert window.windowTitle() == "New session — pi-desktop"
    assert window.conversation.message_cards() == []
    qtbot.keyClick(window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.dialog is not None and window.dialog.isVisible())
    dialog = window.dialog
    dialog.rename(first, "Renamed topic")
    _shot(dialog, artifacts, "sessions-dialog")
    dialog.tree.setCurrentItem(dialog.item_for(first))
    qtbot.mouseClick(dialog.open_button, Qt.MouseButton.LeftButton)
    # read in the background, as a click in the sidebar is (ui/sessions/switch.py)
    qtbot.waitUntil(lambda: window.session.path.stem == first, timeout=10_000)
    assert window.windowTitle() == "Renamed topic — pi-desktop"
    assert [c.text for c in window.conversation.message_cards()] == ["First topic", "fine"]


def test_settings_dialog_saves_and_rebuilds_the_agent(kit, qtbot, openai_server, artifacts):
    window = kit.window(_llm(openai_server))
    old_agent = window.agent
    qtbot.keyClick(window, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.dialog is not None and window.dialog.isVisible())
    dialog = window.dialog
    _shot(dialog, artifacts, "settings-dialog")
    dialog.budget.setValue(9_000)
    dialog.threshold.setValue(0.6)
    dialog.accept()
    assert window.agent is not old_agent
    assert (window.agent.budget, window.agent.threshold) == (9_000, 0.6)
    assert kit.settings_store().load().context_budget == 9_000
    assert window.budget_bar.budget == 9_000


def test_restart_opens_the_latest_session(kit, qtbot, openai_server):
    openai_server.responder = lambda body: Reply(text="remembered")
    window = kit.window(_llm(openai_server))
    _type_and_enter(qtbot, window, "Remember me")
    qtbot.waitUntil(lambda: _idle(window), timeout=10_000)
    path: Path = window.session.path
    qtbot.keyClick(window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)  # Quit
    qtbot.waitUntil(lambda: not window.isVisible())
    again = kit.window(_llm(openai_server))
    assert again.session.path == path
    assert [c.text for c in again.conversation.message_cards()] == ["Remember me", "remembered"]


def _app_window(kit):
    """A window built with the app's own provider factory (what a user's first start gets)."""
    from pi_desktop.app import build_window

    window = build_window(
        settings_store=kit.settings_store(),
        key_store=kit.key_store,
        library=kit.library,
        workspace=kit.workspace,
    )
    kit.windows.append(window)
    return window


def test_first_start_opens_offline_and_says_so(kit, qtbot):
    window = _app_window(kit)
    window.show()
    assert not kit.settings_store().is_configured()
    assert type(window.agent.llm).__name__ == "OfflineLLM"
    assert "Offline provider" in window.statusBar().currentMessage()
    assert "Settings (Ctrl+,)" in window.statusBar().currentMessage()
    assert "Offline" in window.provider_label.text()
    # the transient note goes after the first answer; the permanent badge does not
    assert window.offline_label.isVisible() and "Offline" in window.offline_label.text()
    window.statusBar().clearMessage()
    assert window.offline_label.isVisible()
    assert window.budget_bar.budget == 32_000
    assert [t.name for t in window.agent.tools][:2] == ["read_file", "write_file"]


def test_a_provider_without_its_key_falls_back_to_offline_with_a_reason(kit, qtbot):
    kit.save_settings(provider="openai", model="gpt-4o-mini")
    window = _app_window(kit)
    assert type(window.agent.llm).__name__ == "OfflineLLM"
    assert "needs an API key" in window.statusBar().currentMessage()
    assert not window.offline_label.isHidden()
    assert "needs an API key" in window.offline_label.toolTip()
    kit.key_store.set("openai", "sk-stored-key")
    window.apply_settings(kit.settings_store().load())
    assert type(window.agent.llm).__name__ == "OpenAIChatLLM"
    assert "OpenAI · gpt-4o-mini" in window.provider_label.text()
    assert "sk-stored-key" not in window.provider_label.text()
    assert window.offline_label.isHidden()


def test_dark_palette_is_followed(kit, qtbot, openai_server, artifacts):
    from PySide6.QtWidgets import QApplication

    from pi_desktop.ui.text.markdown_view import is_dark
    from pi_desktop.ui.theme import dark_palette

    app = QApplication.instance()
    light = app.palette()
    app.setPalette(dark_palette())
    try:
        assert is_dark()
        openai_server.enqueue(
            Reply(text="Dark mode:\n\n```python\nfor i in range(3):\n    print(i)\n```\n\nDone.")
        )
        window = kit.window(_llm(openai_server))
        _type_and_enter(qtbot, window, "show code")
        qtbot.waitUntil(lambda: _idle(window), timeout=10_000)
        body = window.conversation.message_cards()[-1].body
        html = body.toHtml()
        # github-dark's keyword colour, not the light style's
        assert "#ff7b72" in html.lower()
        qtbot.wait(50)
        window.grab().save(str(artifacts / "main-dark.png"))
    finally:
        app.setPalette(light)


def test_write_tool_asks_without_blocking_and_the_answer_is_honoured(
    kit, qtbot, openai_server, artifacts
):
    kit.save_settings(approval_policy="ask")
    openai_server.enqueue(
        Reply(tool_calls=[ToolCall("write_file", {"path": "out.txt", "content": "hello"})]),
        Reply(text="Written."),
        Reply(tool_calls=[ToolCall("write_file", {"path": "no.txt", "content": "nope"})]),
        Reply(text="Not written."),
    )
    window = kit.window(_llm(openai_server))
    _type_and_enter(qtbot, window, "write hello to out.txt")
    qtbot.waitUntil(lambda: window.approver.dialog is not None, timeout=10_000)
    dialog = window.approver.dialog
    assert "write_file" in dialog.windowTitle() and "out.txt" in dialog.summary_label.text()
    assert window.busy and window.send_button.text() == "Stop"  # the loop kept running
    _shot(dialog, artifacts, "approval")
    qtbot.mouseClick(dialog.allow_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: _idle(window), timeout=10_000)
    assert (kit.workspace / "out.txt").read_text() == "hello"
    assert not window.conversation.tool_calls()[-1].is_error
    _type_and_enter(qtbot, window, "write nope to no.txt")
    qtbot.waitUntil(lambda: window.approver.dialog is not None, timeout=10_000)
    qtbot.mouseClick(window.approver.dialog.deny_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: _idle(window), timeout=10_000)
    assert not (kit.workspace / "no.txt").exists()
    denied = window.conversation.tool_calls()[-1]
    assert denied.is_error and "denied" in denied.result


def test_a_damaged_session_file_opens_and_says_what_was_skipped(kit, qtbot, openai_server):
    openai_server.responder = lambda body: Reply(text="ok")
    window = kit.window(_llm(openai_server))
    _type_and_enter(qtbot, window, "keep me")
    qtbot.waitUntil(lambda: _idle(window), timeout=10_000)
    path = window.session.path
    window.close()
    qtbot.waitUntil(lambda: not window.isVisible())
    with open(path, "ab") as fh:
        fh.write(b'{"type":"message","id":"torn","par')  # a crash mid-write
    again = kit.window(_llm(openai_server), session_path=path)
    assert [c.text for c in again.conversation.message_cards()] == ["keep me", "ok"]
    (banner,) = again.conversation.banners()
    assert banner.kind == "error" and "skipped" in banner.text


def test_a_key_that_cannot_be_stored_is_reported_and_the_rest_is_saved(kit, qtbot):
    from dataclasses import replace

    window = _app_window(kit)
    (kit.tmp / "keys").write_text("a file where the key folder should be")
    wanted = replace(kit.settings_store().load(), provider="openai", context_budget=9_000)
    window.apply_settings(wanted, api_key="sk-unstorable-key")
    message = window.statusBar().currentMessage()
    assert "API key was not saved" in message and "sk-unstorable-key" not in message
    assert kit.settings_store().load().context_budget == 9_000
    assert type(window.agent.llm).__name__ == "OfflineLLM"  # still no key: offline, not a crash


def test_a_deep_workspace_path_does_not_crowd_out_the_status_bar(kit, qtbot, tmp_path):
    deep = tmp_path.joinpath(*[f"folder-{i:02d}-with-a-long-name" for i in range(12)])
    deep.mkdir(parents=True)
    kit.workspace = deep
    window = _app_window(kit)
    window.show()
    assert len(str(deep)) > 300
    # the whole status bar (offline badge included) fits a normal window, nothing is cut
    assert window.statusBar().minimumSizeHint().width() < 900
    assert window.provider_label.text().endswith(deep.name)
    assert str(deep) in window.provider_label.toolTip()


# ------------------------------------------------------------- settings flow (issue 12.5, 12.7)


def _shown_app_window(kit, qtbot):
    window = _app_window(kit)
    window.show()
    window.activateWindow()  # window shortcuts fire only in the active window
    qtbot.waitUntil(window.isActiveWindow)
    return window


def _open_settings(qtbot, window):
    qtbot.keyClick(window, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.dialog is not None and window.dialog.isVisible())
    return window.dialog


def test_the_settings_show_the_workspace_given_on_the_command_line(kit, qtbot, tmp_path):
    kit.save_settings()  # nothing chosen in Settings ...
    store = kit.settings_store()
    from dataclasses import replace

    store.save(replace(store.load(), workspace=""))
    window = _shown_app_window(kit, qtbot)  # ... but the app was started with --workspace
    dialog = _open_settings(qtbot, window)
    assert dialog.workspace.text() == str(kit.workspace)
    assert "--workspace" in dialog.workspace_note.text()
    dialog.accept()
    assert kit.settings_store().load().workspace == ""  # not made permanent behind one's back
    assert window.workspace() == kit.workspace
    other = tmp_path / "other-project"
    other.mkdir()
    dialog = _open_settings(qtbot, window)
    dialog.workspace.setText(str(other))
    dialog.accept()
    assert kit.settings_store().load().workspace == str(other)
    assert window.workspace() == other  # the folder chosen in Settings wins for this run too
    assert window.provider_label.text().endswith("other-project")
    assert window.agent.tools and window.agent.tools[0].name == "read_file"


def test_switching_provider_updates_the_status_bar_at_once(kit, qtbot):
    window = _shown_app_window(kit, qtbot)
    bar = window.statusBar()
    assert "Offline provider" in bar.currentMessage() and window.offline_label.isVisible()
    dialog = _open_settings(qtbot, window)
    dialog.provider.setCurrentIndex(dialog.provider.findData("ollama"))  # needs no key
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert type(window.agent.llm).__name__ == "OpenAIChatLLM"
    assert "Offline" not in bar.currentMessage()
    assert window.offline_label.isHidden()
    assert window.provider_label.text().startswith("Ollama")
    dialog = _open_settings(qtbot, window)  # and back
    dialog.provider.setCurrentIndex(dialog.provider.findData("offline"))
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert window.offline_label.isVisible() and "Offline" in window.provider_label.text()


def test_the_offline_demo_streams_at_the_set_pace_and_stop_keeps_the_partial_answer(kit, qtbot):
    """The app's offline provider is paced by the setting, so Esc can stop it mid-answer;
    settings saved meanwhile apply the moment the run ends."""
    kit.save_settings(offline_chars_per_second=400)
    window = _shown_app_window(kit, qtbot)
    assert window.agent.llm.chars_per_second == 400
    _type_and_enter(qtbot, window, "hello")
    qtbot.waitUntil(lambda: window.conversation.streaming_card is not None, timeout=10_000)
    qtbot.waitUntil(lambda: len(window.conversation.streaming_card.text) > 40, timeout=10_000)
    from dataclasses import replace

    window.apply_settings(replace(window.settings, context_budget=9_000))
    assert "apply when this answer ends" in window.statusBar().currentMessage()
    assert window.agent.budget == 32_000  # not rebuilt under the running answer
    qtbot.keyClick(window.input, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: _idle(window), timeout=10_000)
    card = window.conversation.message_cards()[-1]
    assert card.role == "assistant" and card.stopped
    stored = window.session.get_full_history_messages()[-1]
    assert stored.role == "assistant" and 0 < len(stored.content) < 1_000
    assert card.text.startswith(stored.content[:40])
    assert window.agent.budget == 9_000 and window.budget_bar.budget == 9_000
