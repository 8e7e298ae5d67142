"""MCP in the real window: a chat turn calls a third-party server's tool after the approval
dialog, Settings → Tools shows and edits the servers, and quitting leaves no process behind.

The model is the loopback OpenAI server through the real ``openai`` client; the servers are
``mcp-server-time`` (from PyPI, unmodified) and the SDK-written test server.
Screenshots: /tmp/shots-21/*.png.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from pi_desktop.agent import OpenAIChatLLM
from pi_desktop.agent.mcp import ServerState, load_config
from tests.agent.mcp.conftest import sdk_server
from tests.kit.openai_server import Reply, ToolCall
from tests.kit.processes import alive
from tests.ui.flows import idle

SHOTS = Path("/tmp/shots-21")


def shot(widget, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    widget.repaint()
    assert widget.grab().save(str(SHOTS / f"{name}.png"))


def time_server() -> dict:
    beside = Path(sys.executable).with_name("mcp-server-time")  # installed beside python
    script = str(beside) if beside.exists() else shutil.which("mcp-server-time")
    command = [script] if script else [sys.executable, "-m", "mcp_server_time"]
    return {"command": command[0], "args": [*command[1:], "--local-timezone", "UTC"]}


class McpKit:
    def __init__(self, kit, qtbot, servers: dict) -> None:
        from pi_desktop.ui.mcp_runtime import McpRuntime

        self.kit, self.qtbot = kit, qtbot
        self.path = kit.tmp / "config" / "mcp.json"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps({"mcpServers": servers}))
        self.runtime = McpRuntime(kit.qsettings, config_path=self.path)

    def window(self, server):
        from pi_desktop.app import build_window
        from pi_desktop.ui.agent_factories import ProviderSetup
        from pi_desktop.ui.dialogs.settings_dialog import PresetChoice

        llm = OpenAIChatLLM("test-model", base_url=server.base_url, api_key="sk-test-secret")
        window = build_window(
            settings_store=self.kit.settings_store(),
            key_store=self.kit.key_store,
            library=self.kit.library,
            provider_factory=lambda _s: ProviderSetup(llm, None, "loopback", False),
            workspace=self.kit.workspace,
            new_session=True,
            presets=[PresetChoice("offline", "Offline")],
            mcp=self.runtime,
        )
        window.resize(1100, 760)
        window.show()
        self.kit.windows.append(window)
        self.runtime.start()
        return window

    def wait_settled(self, timeout: int = 60_000) -> None:
        def settled() -> bool:
            return all(
                s.state not in (ServerState.STARTING,) and (s.state is not ServerState.STOPPED)
                for s in self.runtime.hub.servers.values()
                if s.config.enabled
            )

        self.qtbot.waitUntil(settled, timeout=timeout)

    def close(self) -> None:
        for window in self.kit.windows:
            if window.isVisible():
                window.close()
                self.qtbot.waitUntil(lambda w=window: not w.isVisible(), timeout=10_000)
        task = asyncio.ensure_future(self.runtime.aclose())
        self.qtbot.waitUntil(task.done, timeout=30_000)


@pytest.fixture
def mcp_kit(kit, qtbot):
    made: list[McpKit] = []

    def make(servers: dict) -> McpKit:
        made.append(McpKit(kit, qtbot, servers))
        return made[-1]

    yield make
    for item in made:
        item.close()


def send(qtbot, window, text: str) -> None:
    window.input.setPlainText(text)
    qtbot.keyClick(window.input, Qt.Key.Key_Return)


def test_a_chat_turn_calls_the_third_party_tool_after_approval(mcp_kit, qtbot, openai_server):
    kit = mcp_kit({"time": time_server()})
    openai_server.enqueue(
        Reply(tool_calls=[ToolCall("time__get_current_time", {"timezone": "Europe/Paris"})]),
        Reply(text="It is daytime in Paris."),
        Reply(tool_calls=[ToolCall("time__get_current_time", {"timezone": "Asia/Tokyo"})]),
        Reply(text="And in Tokyo too."),
    )
    window = kit.window(openai_server)
    kit.wait_settled()
    qtbot.waitUntil(lambda: "time__get_current_time" in {t.name for t in window.agent.tools})
    send(qtbot, window, "What time is it in Paris?")
    prompter = kit.runtime.prompter
    qtbot.waitUntil(lambda: prompter.dialog is not None, timeout=15_000)
    dialog = prompter.dialog
    header = dialog.header.text()
    assert "<b>time</b>" in header and "<b>get_current_time</b>" in header
    assert '"timezone": "Europe/Paris"' in dialog.arguments.toPlainText()
    assert not dialog.hidden_warning.isVisible()
    assert window.busy  # the loop keeps running while the dialog is up
    shot(dialog, "mcp-approval")
    qtbot.mouseClick(dialog.allow_session, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: idle(window), timeout=30_000)
    call = window.conversation.tool_calls()[-1]
    assert not call.is_error and "Europe/Paris" in call.result
    send(qtbot, window, "And Tokyo?")  # allowed for this session: no second question
    qtbot.waitUntil(lambda: idle(window), timeout=30_000)
    assert prompter.asked == 1
    assert "Asia/Tokyo" in window.conversation.tool_calls()[-1].result
    shot(window, "mcp-window-turn")
    # another chat session asks again ("for this session" is the chat session)
    openai_server.enqueue(
        Reply(tool_calls=[ToolCall("time__get_current_time", {"timezone": "UTC"})]),
        Reply(text="UTC."),
    )
    window.new_session()
    send(qtbot, window, "And UTC?")
    qtbot.waitUntil(lambda: prompter.dialog is not None, timeout=15_000)
    qtbot.mouseClick(prompter.dialog.allow_once, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: idle(window), timeout=30_000)
    assert prompter.asked == 2
    offered = {t["function"]["name"] for t in openai_server.requests[0]["tools"]}
    assert {"time__get_current_time", "time__convert_time", "read_file"} <= offered


def test_hidden_characters_are_shown_and_deny_is_an_error_result(mcp_kit, qtbot, openai_server):
    kit = mcp_kit({"test": sdk_server()})
    sneaky = "safe.txt\u202e\u2066gpj.exe\u200b"
    openai_server.enqueue(
        Reply(tool_calls=[ToolCall("test__echo", {"text": sneaky})]),
        Reply(text="You said no."),
    )
    window = kit.window(openai_server)
    kit.wait_settled()
    send(qtbot, window, "echo it")
    qtbot.waitUntil(lambda: kit.runtime.prompter.dialog is not None, timeout=15_000)
    dialog = kit.runtime.prompter.dialog
    shown = dialog.arguments.toPlainText()
    assert "⟦U+202E⟧" in shown and "⟦U+2066⟧" in shown and "⟦U+200B⟧" in shown
    assert "\u202e" not in shown
    assert dialog.hidden_warning.isVisible()
    assert "U+202E RIGHT-TO-LEFT OVERRIDE" in dialog.hidden_warning.text()
    assert dialog.deny_button.isDefault()
    shot(dialog, "mcp-approval-hidden-chars")
    qtbot.mouseClick(dialog.deny_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: idle(window), timeout=30_000)
    denied = window.conversation.tool_calls()[-1]
    assert denied.is_error and "denied" in denied.result


def test_always_allow_outlives_the_session_and_hints_need_opt_in(mcp_kit, qtbot, openai_server):
    kit = mcp_kit({"test": sdk_server()})
    openai_server.enqueue(
        Reply(tool_calls=[ToolCall("test__echo", {"text": "one"})]),
        Reply(text="1"),
        Reply(tool_calls=[ToolCall("test__env", {"name": "HOME"})]),
        Reply(text="2"),
    )
    window = kit.window(openai_server)
    kit.wait_settled()
    send(qtbot, window, "first")
    qtbot.waitUntil(lambda: kit.runtime.prompter.dialog is not None, timeout=15_000)
    qtbot.mouseClick(kit.runtime.prompter.dialog.allow_always, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: idle(window), timeout=30_000)
    assert kit.runtime.prefs.is_always_allowed("test", "echo")
    # env is marked read-only by the server: still asked, because the user did not opt in
    send(qtbot, window, "second")
    qtbot.waitUntil(lambda: kit.runtime.prompter.dialog is not None, timeout=15_000)
    dialog = kit.runtime.prompter.dialog
    assert "read-only" in dialog.hints.text() and "not verified" in dialog.hints.text()
    qtbot.mouseClick(dialog.allow_once, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: idle(window), timeout=30_000)
    assert kit.runtime.prompter.asked == 2
    # a new prompter (the next app run) reads the same preferences
    from pi_desktop.agent.mcp import McpApprovalRequest, ToolHints
    from pi_desktop.ui.mcp_approval import McpPrompter
    from pi_desktop.ui.mcp_runtime import McpPrefs

    prefs = McpPrefs(kit.kit.qsettings)
    later = McpPrompter(prefs)
    echo = McpApprovalRequest.build("test__echo", "test", "echo", {"text": "x"})
    env = McpApprovalRequest.build("test__env", "test", "env", {}, hints=ToolHints(read_only=True))
    assert later.allowed_without_asking(echo) and not later.allowed_without_asking(env)
    prefs.trust_read_only = True
    assert later.allowed_without_asking(env)


def test_tools_page_shows_states_errors_and_edits(mcp_kit, qtbot, openai_server):
    kit = mcp_kit(
        {
            "time": time_server(),
            "test": sdk_server(),
            "broken": {"command": "no-such-mcp-server-xyz"},
        }
    )
    window = kit.window(openai_server)
    kit.wait_settled()
    dialog = window.show_settings()
    tabs = dialog.pages
    assert [tabs.tabText(i) for i in range(tabs.count())] == ["General", "Tools"]
    tabs.setCurrentIndex(1)
    page = tabs.widget(1)
    tree = page.tree
    rows = {tree.topLevelItem(i).text(0): tree.topLevelItem(i) for i in range(3)}
    assert rows["time"].text(1) == "● connected" and rows["time"].childCount() == 2
    assert rows["broken"].text(1) == "✕ failed"
    page.tree.setCurrentItem(rows["broken"])
    assert "not found on PATH" in page.detail.text()
    shot(dialog, "mcp-settings-failed-server")
    rows["test"].setExpanded(True)
    page.tree.setCurrentItem(rows["test"])
    qtbot.wait(50)
    shot(dialog, "mcp-settings-tools")

    # switching a server off stops it, saves the file and takes its tools from the model
    rows["test"].setCheckState(0, Qt.CheckState.Unchecked)
    qtbot.waitUntil(lambda: kit.runtime.hub.servers["test"].state is ServerState.DISABLED)
    assert load_config(kit.path).get("test").enabled is False
    qtbot.waitUntil(lambda: not any(t.name.startswith("test__") for t in window.agent.tools))
    assert any(t.name.startswith("time__") for t in window.agent.tools)

    # pasted JSON: a mistake is explained and nothing changes; a good block adds a server
    paste = page.open_paste()
    paste.text.setPlainText('{"mcpServers": {"echo2": {"command": 5}}}')
    paste.accept()
    assert paste.isVisible() and "mcpServers.echo2.command" in paste.error.text()
    shot(paste, "mcp-paste-error")
    paste.text.setPlainText(json.dumps({"mcpServers": {"echo2": sdk_server()}}))
    paste.accept()
    qtbot.waitUntil(
        lambda: (
            kit.runtime.hub.servers.get("echo2") is not None
            and kit.runtime.hub.servers["echo2"].state is ServerState.CONNECTED
        ),
        timeout=60_000,
    )
    assert {s.name for s in load_config(kit.path).servers} == {"time", "test", "broken", "echo2"}
    qtbot.waitUntil(lambda: any(t.name.startswith("echo2__") for t in window.agent.tools))

    # an imported file replaces same-named servers; a broken file is refused with its reason
    bad = kit.kit.tmp / "bad.json"
    bad.write_text('{"mcpServers": {"x": {"url": "ftp://nope"}}}')
    assert not page.import_file(bad) and "mcpServers.x.url" in page.banner.text()

    # the failed server's output is viewable
    rows = {tree.topLevelItem(i).text(0): tree.topLevelItem(i) for i in range(4)}
    page.tree.setCurrentItem(rows["time"])
    log = page.show_log()
    assert "started" in log.view.toPlainText()
    shot(log, "mcp-server-output")
    log.reject()
    dialog.reject()


def test_quitting_stops_every_server_and_its_helpers(mcp_kit, qtbot, openai_server):
    kit = mcp_kit({"time": time_server(), "test": sdk_server()})
    window = kit.window(openai_server)
    kit.wait_settled()
    hub = kit.runtime.hub
    kit.runtime.prompter.session_allowed.add(("test", "spawn_helper"))
    tool = next(t for t in hub.tools if t.name == "test__spawn_helper")
    task = asyncio.ensure_future(tool.handler({}))
    qtbot.waitUntil(task.done, timeout=15_000)
    helper = int(task.result())
    pids = [s._link.pid for s in hub.servers.values()] + [helper]
    assert all(alive(pid) for pid in pids)
    window.close()
    kit.close()
    qtbot.waitUntil(lambda: not any(alive(pid) for pid in pids), timeout=10_000)


def test_stop_cancels_a_running_mcp_call_and_the_server_stays(mcp_kit, qtbot, openai_server):
    kit = mcp_kit({"test": sdk_server()})
    openai_server.enqueue(
        Reply(tool_calls=[ToolCall("test__sleep", {"seconds": 120})]),
        Reply(tool_calls=[ToolCall("test__echo", {"text": "still works"})]),
        Reply(text="Echoed."),
    )
    window = kit.window(openai_server)
    kit.wait_settled()
    kit.runtime.prompter.session_allowed.update({("test", "sleep"), ("test", "echo")})
    send(qtbot, window, "sleep a long time")
    qtbot.waitUntil(lambda: window.busy, timeout=10_000)
    qtbot.wait(800)  # the call is on the wire
    assert window.send_button.text() == "Stop"
    qtbot.mouseClick(window.send_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: idle(window), timeout=15_000)
    assert kit.runtime.hub.servers["test"].state is ServerState.CONNECTED
    send(qtbot, window, "echo now")
    qtbot.waitUntil(lambda: idle(window), timeout=30_000)
    last = window.conversation.tool_calls()[-1]
    assert not last.is_error and last.result == "still works"


def test_deny_all_until_the_answer_ends(mcp_kit, qtbot, openai_server):
    kit = mcp_kit({"test": sdk_server()})
    calls = [ToolCall("test__echo", {"text": f"call {i}"}) for i in range(5)]
    openai_server.enqueue(
        Reply(tool_calls=calls),
        Reply(text="All refused."),
        Reply(tool_calls=[ToolCall("test__echo", {"text": "next answer"})]),
        Reply(text="Asked again."),
    )
    window = kit.window(openai_server)
    kit.wait_settled()
    prompter = kit.runtime.prompter
    send(qtbot, window, "call it five times")
    qtbot.waitUntil(lambda: prompter.dialog is not None, timeout=15_000)
    qtbot.mouseClick(prompter.dialog.deny_run, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: idle(window), timeout=30_000)
    results = window.conversation.tool_calls()[-5:]
    assert all(r.is_error and "denied" in r.result for r in results)
    assert prompter.asked == 1  # one question for the whole answer
    send(qtbot, window, "once more")
    qtbot.waitUntil(lambda: prompter.dialog is not None, timeout=15_000)
    qtbot.mouseClick(prompter.dialog.allow_once, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: idle(window), timeout=30_000)
    assert window.conversation.tool_calls()[-1].result == "next answer"
