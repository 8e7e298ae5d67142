"""Hostile session files and model output in the real window (issue 20): the window builds,
says what it refused in plain words, and writes nothing where it must not."""

from __future__ import annotations

import asyncio
import json
import os

import pytest
from PySide6.QtCore import Qt

from pi_desktop.agent import OfflineLLM
from pi_desktop.agent.tools import ApprovalRequest
from pi_desktop.context import Message
from pi_desktop.ui.dialogs.approval import ApprovalPrompter

DEEP = "[" * 100_000
BASHRC = b"# ~/.bashrc\nalias ll='ls -la'\n"


def _deep_call_session(library, *, answered: bool) -> str:
    with library.create(fsync=False) as session:
        session.append_message(Message(role="user", content="go"))
        call = {"id": "c1", "type": "function", "function": {"name": "echo", "arguments": DEEP}}
        session.append_message(Message(role="assistant", metadata={"tool_calls": [call]}))
        if answered:
            session.append_message(
                Message(
                    role="tool",
                    content="Error: could not call echo: the arguments were not read",
                    metadata={"tool_call_id": "c1", "name": "echo", "is_error": True},
                )
            )
        return session.path.stem


@pytest.mark.parametrize("answered", [True, False], ids=["answered", "dangling"])
def test_a_session_holding_a_deep_json_call_opens_and_shows_unreadable_arguments(
    kit, qtbot, answered, artifacts
):
    session_id = _deep_call_session(kit.library, answered=answered)
    window = kit.window(OfflineLLM(), offline=True)
    assert window.session.path.stem == session_id
    (call,) = window.conversation.tool_calls()
    assert isinstance(call.arguments, str) and call.arguments.startswith("[unreadable arguments")
    assert "deeper than 64 levels" in call.arguments and "100,000 characters" in call.arguments
    call.toggle.setChecked(True)
    qtbot.wait(20)
    assert window.grab().save(str(artifacts / "deep-json-session.png"))
    window.export_actions["html"].trigger()  # export works on it too
    target = kit.tmp / "deep.html"
    window.dialog.fileSelected.emit(str(target))
    assert "unreadable arguments" in target.read_text(encoding="utf-8")


def test_a_symlinked_session_is_not_listed_and_session_flag_refuses_it(kit, qtbot):
    bashrc = kit.tmp / "bashrc"
    bashrc.write_bytes(BASHRC)
    kit.library.root.mkdir(parents=True, exist_ok=True)
    (kit.library.root / f"{'a' * 32}.jsonl").symlink_to(bashrc)
    link = kit.tmp / "chat.jsonl"
    link.symlink_to(bashrc)
    window = kit.window(OfflineLLM(), offline=True, session_path=link)
    assert window.session is not None and window.session.path != link
    (banner,) = window.refusals()
    assert "symbolic link" in banner.text
    assert "a" * 32 not in window.sidebar.visible_ids()
    assert bashrc.read_bytes() == BASHRC


def test_a_file_without_a_session_header_opens_read_only_with_a_banner(kit, qtbot):
    path = kit.tmp / "notes.jsonl"
    path.write_bytes(BASHRC)
    window = kit.window(OfflineLLM(), offline=True, session_path=path)
    assert window.session.path == path and window.session.read_only
    texts = [b.text for b in window.conversation.banners()]
    assert any("session header" in t and "read-only" in t for t in texts)
    window.input.setPlainText("sure $(touch PWNED)")
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.wait(200)
    assert path.read_bytes() == BASHRC
    (refusal,) = window.refusals()
    assert "read-only" in refusal.text and "still in the box" in refusal.text
    assert window.input.toPlainText() == "sure $(touch PWNED)" and not window.busy


def test_sidebar_opens_that_fail_are_said_in_plain_words(kit, qtbot, monkeypatch):
    with kit.library.create(fsync=False) as s:
        s.append_message(Message(role="user", content="first"))
    odd = kit.library.root / "my chat.jsonl"
    odd.write_bytes((kit.library.root / f"{s.id}.jsonl").read_bytes())
    locked = kit.library.create(fsync=False)
    locked.append_message(Message(role="user", content="unreadable"))
    locked.close()
    window = kit.window(OfflineLLM(), offline=True, new_session=True)
    window.sessions.refresh()
    assert "my chat" in window.sidebar.visible_ids()
    assert window.sessions.open("my chat") is False
    assert any("name is not one pi-desktop gives" in b.text for b in window.refusals())
    if os.geteuid() == 0:  # root reads any file: the kernel's answer is simulated
        from pi_desktop.session import journal

        real = journal.open_regular

        def refuse(path, flags):
            if path.name == locked.path.name:
                raise PermissionError(13, "Permission denied", str(path))
            return real(path, flags)

        monkeypatch.setattr(journal, "open_regular", refuse)
    else:
        locked.path.chmod(0)
    window.sessions.open(locked.id)  # read in the background: the refusal comes after
    qtbot.waitUntil(lambda: any("no permission to read it" in b.text for b in window.refusals()))
    assert window.session is not None  # still on the session it had


def test_renaming_or_deleting_an_odd_or_headerless_file_says_why(kit, qtbot):
    kit.library.root.mkdir(parents=True, exist_ok=True)
    (kit.library.root / "my chat.jsonl").write_bytes(BASHRC)
    headerless = kit.library.root / f"{'d' * 32}.jsonl"
    headerless.write_bytes(BASHRC)
    window = kit.window(OfflineLLM(), offline=True, new_session=True)
    window.sessions.refresh()
    window.sessions.rename("d" * 32, "new title")
    assert "Could not rename" in window.sidebar.note.text()
    window.sessions.rename("my chat", "new title")
    assert "not a session id" in window.sidebar.note.text()
    assert window.sessions.delete("my chat")
    window.sessions.commit_delete()
    assert "was not deleted" in window.sidebar.note.text()
    assert headerless.read_bytes() == BASHRC
    assert (kit.library.root / "my chat.jsonl").read_bytes() == BASHRC


# ------------------------------------------------------------------ the approval dialog


SPOOF = "ls -la \u202e\u2066; touch MARK \u2069\u2066 #\u2069\u202c"


def test_the_approval_dialog_writes_out_and_flags_bidi_controls(qloop, qtbot, artifacts):
    from PySide6.QtGui import QTextDocument

    prompter = ApprovalPrompter(None, "ask")
    request = ApprovalRequest("run_command", f"run `{SPOOF}`", SPOOF)
    task = asyncio.ensure_future(prompter(request))
    qtbot.waitUntil(lambda: prompter.dialog is not None and prompter.dialog.isVisible())
    dialog = prompter.dialog
    assert dialog.flagged and dialog.warning_label.isVisible()
    assert "U+202E RIGHT-TO-LEFT OVERRIDE" in dialog.warning_label.text()
    shown = QTextDocument()
    shown.setHtml(dialog.summary_label.text())
    text = shown.toPlainText()
    assert "\u202e" not in text and "\u2066" not in text
    assert "ls -la ⟦U+202E⟧⟦U+2066⟧; touch MARK ⟦U+2069⟧⟦U+2066⟧ #⟦U+2069⟧⟦U+202C⟧" in text
    assert dialog.summary_label.text().count("<span style=") == 6  # each one highlighted
    details = dialog.details_view.toPlainText()
    assert "\u202e" not in details and details.count("⟦U+") == 6
    assert len(dialog.details_view.extraSelections()) == 6
    assert dialog.deny_button.isDefault()
    dialog.resize(640, 300)
    assert dialog.grab().save(str(artifacts / "approval-bidi.png"))
    qtbot.mouseClick(dialog.deny_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(task.done)
    assert task.result() is False


def test_a_plain_request_is_not_flagged(qloop, qtbot):
    prompter = ApprovalPrompter(None, "ask")
    request = ApprovalRequest("write_file", "create notes.md", "# Notizen\n👩‍💻 ❤️ 中文\r\n")
    task = asyncio.ensure_future(prompter(request))
    qtbot.waitUntil(lambda: prompter.dialog is not None and prompter.dialog.isVisible())
    assert prompter.dialog.flagged  # the ZWJ inside the emoji is written out, honestly
    assert prompter.dialog.hidden == ["U+200D ZERO WIDTH JOINER"]
    prompter.dialog.reject()
    qtbot.waitUntil(task.done)
    plain = ApprovalPrompter(None, "ask")
    task = asyncio.ensure_future(plain(ApprovalRequest("run_command", "run `ls -la`", "ls -la")))
    qtbot.waitUntil(lambda: plain.dialog is not None and plain.dialog.isVisible())
    assert not plain.dialog.flagged and not plain.dialog.warning_label.isVisible()
    plain.dialog.reject()
    qtbot.waitUntil(task.done)


def test_many_requests_at_once_open_one_dialog_at_a_time(qloop, qtbot):
    prompter = ApprovalPrompter(None, "ask")
    tasks = [
        asyncio.ensure_future(prompter(ApprovalRequest("write_file", f"write f{i}.txt")))
        for i in range(5)
    ]
    answered = []
    for i in range(5):
        qtbot.waitUntil(lambda: prompter.dialog is not None and prompter.dialog.isVisible())
        dialog = prompter.dialog
        assert f"f{i}.txt" in dialog.summary_label.text()  # in order
        if i == 1:
            dialog.remember.setChecked(True)
            qtbot.mouseClick(dialog.allow_button, Qt.MouseButton.LeftButton)
            break
        qtbot.mouseClick(dialog.deny_button, Qt.MouseButton.LeftButton)
        answered.append(i)
        qtbot.waitUntil(lambda i=i: tasks[i].done())
    qtbot.waitUntil(lambda: all(t.done() for t in tasks))
    assert [t.result() for t in tasks] == [False, True, True, True, True]
    assert prompter.asked == 2 and prompter.most_open == 1


def test_session_lines_stay_bounded_when_a_model_floods_tool_calls(kit, qtbot):
    """10,000 calls in one answer through the window: capped, one result line each kept."""
    from tests.kit.openai_server import OpenAIServer, Reply, ToolCall

    with OpenAIServer() as server:
        flood = [ToolCall("list_dir", {"path": "."}) for _ in range(10_000)]
        server.enqueue(Reply(tool_calls=flood), Reply(text="done"))
        from pi_desktop.agent import OpenAIChatLLM

        llm = OpenAIChatLLM("m", base_url=server.base_url, api_key="sk-test")
        window = kit.window(llm, new_session=True)
        from tests.ui.flows import send

        send(qtbot, window, "flood", timeout=60_000)
        lines = window.session.path.read_bytes().count(b"\n")
        assert lines < 200
        results = [e for e in window.session.get_current_path() if e.role == "tool"]
        assert len(results) == 65 and "10,000 tool calls" in results[-1].content
        # rows, built or not (the view builds widgets only near the viewport: issue 18)
        assert window.conversation.count_rows("tool") == 65
        assert len(window.conversation.tool_calls()) <= 65
        assert json.loads(window.session.path.read_bytes().splitlines()[0])["type"] == "session"


def test_deny_all_ends_the_asking_for_a_flood_of_writes(kit, qtbot, artifacts):
    """Ask mode, 10,000 write_file calls: one dialog, "Deny all", the rest refused quietly."""
    from pi_desktop.agent import OpenAIChatLLM
    from tests.kit.openai_server import OpenAIServer, Reply, ToolCall

    kit.save_settings(approval_policy="ask")
    with OpenAIServer() as server:
        flood = [
            ToolCall("write_file", {"path": f"f{i}.txt", "content": "x"}) for i in range(10_000)
        ]
        server.enqueue(Reply(tool_calls=flood), Reply(text="understood"))
        llm = OpenAIChatLLM("m", base_url=server.base_url, api_key="sk-test")
        window = kit.window(llm, new_session=True)
        window.input.setPlainText("write them all")
        qtbot.keyClick(window.input, Qt.Key.Key_Return)
        approver = window.approver
        qtbot.waitUntil(
            lambda: approver.dialog is not None and approver.dialog.isVisible(), timeout=60_000
        )
        assert approver.dialog.grab().save(str(artifacts / "approval-deny-all.png"))
        qtbot.mouseClick(approver.dialog.deny_all_button, Qt.MouseButton.LeftButton)
        from tests.ui.flows import idle

        qtbot.waitUntil(lambda: idle(window), timeout=60_000)
        assert approver.asked == 1 and approver.most_open == 1
        assert not approver.denying  # the next answer asks again
        results = [e for e in window.session.get_current_path() if e.role == "tool"]
        assert len(results) == 65
        assert all("denied" in r.content for r in results[:64])
        assert list(kit.workspace.glob("f*.txt")) == []
