"""End to end through the real OpenAIChatLLM against the loopback server, driving the window.

A chat model and a separate (cheaper) summarizer model on the same server: the small budget
forces an automatic compaction, the summary request goes to the summarizer model with no
tools, and a restarted window on the same session sends no summarizer request at all.
"""

from __future__ import annotations

import json

from PySide6.QtCore import Qt

from pi_desktop.agent import OpenAIChatLLM
from tests.kit.openai_server import Reply, ToolCall
from tests.ui.flows import idle as _idle

SUMMARY = (
    "<analysis>draft</analysis><summary>## Goal\nDiscuss the notes.\n## Constraints & Preferences\n"
    "- none\n## Progress\n### Done\n- read notes.txt\n### In Progress\n- talking\n### Blocked\n"
    "- none\n## Key Decisions\n- none\n## Next Steps\n- continue\n## Critical Context\n- none"
    "</summary>"
)


def _responder(body):
    if body["model"] == "summary-model":
        return Reply(text=SUMMARY, model="summary-model")
    last = body["messages"][-1]
    if last["role"] == "user" and "notes" in last["content"]:
        return Reply(tool_calls=[ToolCall("read_file", {"path": "notes.txt"})])
    return Reply(text="Noted. " + "Some words about it. " * 40)


def _send(qtbot, window, text):
    window.input.setPlainText(text)
    qtbot.mouseClick(window.send_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.busy or bool(window.conversation.banners()), timeout=5_000)
    qtbot.waitUntil(lambda: _idle(window), timeout=30_000)


def test_window_through_openai_client_compacts_and_restarts_without_summaries(
    kit, qtbot, openai_server, artifacts
):
    openai_server.responder = _responder
    kit.save_settings(context_budget=3_000, threshold=0.8)

    def llms():
        chat = OpenAIChatLLM("chat-model", base_url=openai_server.base_url, api_key="sk-x")
        summary = OpenAIChatLLM("summary-model", base_url=openai_server.base_url, api_key="sk-x")
        return chat, summary

    window = kit.window(*llms(), description="Loopback · chat-model")
    _send(qtbot, window, "please read the notes")
    (call,) = window.conversation.tool_calls()
    assert call.name == "read_file" and "gamma" in call.result
    for i in range(10):
        _send(qtbot, window, f"tell me more, part {i}")
        if window.conversation.markers():
            break
    assert window.conversation.markers(), "the small budget never compacted"
    assert not window.conversation.banners()
    summary_requests = [r for r in openai_server.requests if r["model"] == "summary-model"]
    assert summary_requests and all(not r.get("tools") for r in summary_requests)
    # no request the app sent exceeded the budget (4 chars per token on the wire, rough bound)
    assert max(len(json.dumps(r["messages"])) for r in openai_server.requests) < 3_000 * 4 * 1.5
    comp = window.session.latest_compaction()
    assert comp is not None and comp.summary_model == "summary-model"
    assert window.budget_bar.compactions == 1
    qtbot.wait(50)  # let the last layout pass land, as it would on screen
    window.grab().save(str(artifacts / "openai-compacted.png"))
    path = window.session.path
    window.close()
    qtbot.waitUntil(lambda: not window.isVisible())

    before = len(openai_server.requests)
    again = kit.window(*llms(), session_path=path)
    assert again.conversation.markers()[0].entry_id == comp.id
    _send(qtbot, again, "and one more thing")
    new = openai_server.requests[before:]
    assert [r["model"] for r in new] == ["chat-model"]  # no summarizer request after restart
    sent = json.dumps(new[0]["messages"])
    assert "Discuss the notes." in sent  # the cached summary went out instead of old turns
    assert again.agent.summarizer_calls == 0
