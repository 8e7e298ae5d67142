"""Edit and resend summarizes the branch it leaves, as a rewind does (loopback server).

Editing a user message sends the new text as a branch from that message's parent; the old
branch (the original question and its answers) stays in the tree. With the branch-summary
setting on and at least one answered turn left behind, the left branch gets the rewind's
summary, hanging where a rewind would hang it, and the edited question's own request already
carries the note. The summarizer request is told apart from chat requests by its system
prompt (the summarizer's); everything runs through the real ``openai`` client.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from pi_desktop.agent import OpenAIChatLLM
from pi_desktop.agent.branch_summary import NOTE_PREFIX
from pi_desktop.context import SUMMARIZATION_SYSTEM_PROMPT, Message
from pi_desktop.context.pins import NOTES_HEADER
from pi_desktop.session import Session
from tests.kit.openai_server import Reply
from tests.ui.flows import idle

NOTE = "- tried the second question and got its answer"


def _is_summary(body) -> bool:
    return body["messages"][0]["content"] == SUMMARIZATION_SYSTEM_PROMPT


def _respond(body) -> Reply:
    if _is_summary(body):
        return Reply(text=f"<summary>\n{NOTE}\n</summary>")
    last = [m for m in body["messages"] if m["role"] == "user"][-1]["content"]
    return Reply(text=f"answer to: {last}")


def _window(kit, openai_server, **settings):
    kit.save_settings(**settings)
    openai_server.responder = _respond
    llm = OpenAIChatLLM("test-model", base_url=openai_server.base_url, api_key="sk-test")
    return kit.window(llm)


def _ask(qtbot, window, text: str) -> None:
    window.input.setPlainText(text)
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: idle(window), timeout=10_000)


def _chats(server) -> list[dict]:
    return [body for body in server.requests if not _is_summary(body)]


def _notes(body) -> list[str]:
    return [m["content"] for m in body["messages"] if m["content"].startswith(NOTES_HEADER)]


def _edit(qtbot, window, entry_id: str, text: str) -> None:
    assert window.edits.begin_edit(entry_id)
    _ask(qtbot, window, text)
    qtbot.waitUntil(lambda: window.session_tree.branches.pending_task() is None, timeout=10_000)


def test_edit_and_resend_summarizes_the_branch_it_leaves(kit, qtbot, openai_server, artifacts):
    window = _window(kit, openai_server)
    _ask(qtbot, window, "first question")
    _ask(qtbot, window, "second question")
    session = window.session
    _q1, a1, q2, a2 = (e.id for e in session.get_current_path())
    assert not any(_is_summary(b) for b in openai_server.requests)

    _edit(qtbot, window, q2, "second question, rephrased")
    path = session.get_current_path()
    assert [e.content for e in path][2:] == [
        "second question, rephrased",
        "answer to: second question, rephrased",
    ]
    # the rewind's summary, where a rewind to a1 would hang it
    [side] = session.branch_summaries_for(a1)
    assert side.summary == NOTE and side.branch_leaf_id == a2 and side.summarized_count == 2
    node = window.tree.snapshot.nodes[side.id]
    assert node.role == "branch_summary" and side.id in window.tree.view.tree_layout.row_of
    # one summarizer call, made before the edited question was sent, and that request has it
    summaries = [k for k, b in enumerate(openai_server.requests) if _is_summary(b)]
    assert len(summaries) == 1
    edited = openai_server.requests[summaries[0] + 1]
    assert edited["messages"][-1]["content"] == "second question, rephrased"
    [note] = _notes(edited)
    assert NOTE_PREFIX + NOTE in note
    transcript = openai_server.requests[summaries[0]]["messages"][1]["content"]
    assert "second question" in transcript and "first question" not in transcript
    window.grab().save(str(artifacts / "edit-resend-branch-summary.png"))

    _ask(qtbot, window, "and then?")  # later requests on the new branch keep telling it
    assert _notes(openai_server.last_request)
    with Session.load(session.path, read_only=True) as again:
        assert [s.id for s in again.branch_summaries_on_path()] == [side.id]


def test_edit_and_resend_with_the_setting_off_writes_no_summary(kit, qtbot, openai_server):
    window = _window(kit, openai_server, branch_summaries=False)
    _ask(qtbot, window, "first question")
    _ask(qtbot, window, "second question")
    session = window.session
    _q1, a1, q2, _a2 = (e.id for e in session.get_current_path())
    _edit(qtbot, window, q2, "second question, rephrased")
    assert session.get_current_path()[2].parent_id == a1
    assert session.state.branch_summaries == {}
    assert not any(_is_summary(b) for b in openai_server.requests)
    assert not any(_notes(b) for b in openai_server.requests)
    assert window.session_tree.branches.task is None


def test_editing_the_first_message_with_nothing_answered_after_it_writes_no_summary(
    kit, qtbot, openai_server
):
    session = kit.library.create(system_prompt="Be brief.", fsync=False)
    q1 = session.append_message(Message(role="user", content="first question"))  # unanswered
    session.close()
    window = _window(kit, openai_server)
    assert window.session.current_id == q1
    _edit(qtbot, window, q1, "first question, v2")
    session = window.session
    path = session.get_current_path()
    assert [e.content for e in path] == ["first question, v2", "answer to: first question, v2"]
    assert session.children(None) == [q1, path[0].id]  # the old first message stays
    assert session.state.branch_summaries == {}
    assert not any(_is_summary(b) for b in openai_server.requests)
    assert [m["role"] for m in openai_server.last_request["messages"]] == ["system", "user"]


def test_editing_the_first_message_after_answers_summarizes_the_old_conversation(
    kit, qtbot, openai_server
):
    """A new first message has no parent to return to: the note hangs off the new first
    message itself, so the new conversation passes it from its first request on."""
    window = _window(kit, openai_server)
    _ask(qtbot, window, "first question")
    _ask(qtbot, window, "second question")
    session = window.session
    q1, _a1, _q2, a2 = (e.id for e in session.get_current_path())
    _edit(qtbot, window, q1, "first question, v2")
    root = session.get_current_path()[0]
    assert root.parent_id is None and root.content == "first question, v2"
    [side] = session.branch_summaries_for(root.id)
    assert side.branch_leaf_id == a2 and side.summarized_count == 4
    first_request = _chats(openai_server)[-1]
    assert [m["role"] for m in first_request["messages"]] == ["system", "user", "user"]
    [note] = _notes(first_request)
    assert NOTE_PREFIX + NOTE in note
    assert side.id in window.tree.view.tree_layout.row_of


@pytest.mark.parametrize("when", ["at once", "while the summarizer answers"])
def test_stop_while_the_summary_is_written_gives_the_text_back(kit, qtbot, openai_server, when):
    """The edited question waits for the summary; Stop then sends nothing and loses nothing:
    the text is back in the input, and the summary still lands (as after a plain rewind).
    "at once" stops before the run's first step, the other one during the wait."""
    window = _window(kit, openai_server)
    _ask(qtbot, window, "first question")
    _ask(qtbot, window, "second question")
    session = window.session
    _q1, a1, q2, _a2 = (e.id for e in session.get_current_path())

    def slow_summary(body) -> Reply:
        if _is_summary(body):
            return Reply.slow(f"<summary>\n{NOTE}\n</summary>", delay=0.5)
        return _respond(body)

    openai_server.responder = slow_summary
    chats_before = len(_chats(openai_server))
    assert window.edits.begin_edit(q2)
    window.input.setPlainText("second question, rephrased")
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    assert window.busy and window.send_button.text() == "Stop"
    if when != "at once":
        qtbot.waitUntil(lambda: _is_summary(openai_server.last_request), timeout=10_000)
        assert window.busy
    qtbot.mouseClick(window.send_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: idle(window), timeout=10_000)
    assert window.input.toPlainText() == "second question, rephrased"
    assert session.current_id == a1  # the rewind happened; nothing was appended
    assert len(_chats(openai_server)) == chats_before
    qtbot.waitUntil(window.session_tree.branches.task.done, timeout=10_000)
    assert [s.summary for s in session.branch_summaries_for(a1)] == [NOTE]
    _ask(qtbot, window, window.input.toPlainText())  # sending again goes on from a1
    assert session.get_current_path()[2].parent_id == a1
    assert _notes(openai_server.last_request)


def test_a_message_typed_right_after_a_rewind_waits_for_its_summary(kit, qtbot, openai_server):
    """The same wait serves a plain rewind: the next question is sent with the note."""
    window = _window(kit, openai_server)
    _ask(qtbot, window, "first question")
    _ask(qtbot, window, "second question")
    session = window.session
    _q1, a1, _q2, _a2 = (e.id for e in session.get_current_path())

    def slow_summary(body) -> Reply:
        if _is_summary(body):
            return Reply.slow(f"<summary>\n{NOTE}\n</summary>", delay=0.3)
        return _respond(body)

    openai_server.responder = slow_summary
    assert window.rewind_to(a1)
    assert window.session_tree.branches.pending_task() is not None
    _ask(qtbot, window, "a third way")  # typed before the summary came back
    request = openai_server.last_request
    assert request["messages"][-1]["content"] == "a third way"
    [note] = _notes(request)
    assert NOTE_PREFIX + NOTE in note


def test_after_a_stop_the_resent_text_does_not_wait_again(kit, qtbot, openai_server):
    """Stop while waiting means "don't wait": sending again goes at once, and the summary
    reaches the requests after it lands."""
    window = _window(kit, openai_server)
    _ask(qtbot, window, "first question")
    _ask(qtbot, window, "second question")
    session = window.session
    _q1, a1, q2, _a2 = (e.id for e in session.get_current_path())

    def held_summary(body) -> Reply:
        if _is_summary(body):
            return Reply.slow(f"<summary>\n{NOTE}\n</summary>", delay=1.0)
        return _respond(body)

    openai_server.responder = held_summary
    assert window.edits.begin_edit(q2)
    window.input.setPlainText("second question, rephrased")
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.mouseClick(window.send_button, Qt.MouseButton.LeftButton)  # Stop
    qtbot.waitUntil(lambda: idle(window), timeout=10_000)
    task = window.session_tree.branches.task
    assert task is not None and not task.done()
    _ask(qtbot, window, window.input.toPlainText())
    sent = openai_server.last_request
    assert sent["messages"][-1]["content"] == "second question, rephrased"
    assert not _notes(sent) and not window.session_tree.branches.task.done()  # it did not wait
    assert session.get_current_path()[2].parent_id == a1
    qtbot.waitUntil(window.session_tree.branches.task.done, timeout=10_000)
    assert [s.summary for s in session.branch_summaries_for(a1)] == [NOTE]
    _ask(qtbot, window, "and then?")
    assert _notes(openai_server.last_request)


def test_stop_at_once_on_an_edited_first_message_loses_nothing(kit, qtbot, openai_server):
    window = _window(kit, openai_server)
    _ask(qtbot, window, "first question")
    session = window.session
    q1, a1 = (e.id for e in session.get_current_path())
    assert window.edits.begin_edit(q1)
    window.input.setPlainText("first question, v2")
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.mouseClick(window.send_button, Qt.MouseButton.LeftButton)  # Stop, before it starts
    qtbot.waitUntil(lambda: idle(window), timeout=10_000)
    assert window.input.toPlainText() == "first question, v2"
    assert session.children(None) == [q1] and session.current_id == a1  # nothing stored
    assert [c.entry_id for c in window.conversation.message_cards()] == [q1, a1]
