"""Edit and resend, and "Answer again", in the real window against the loopback server.

The branch shape is checked in the session itself (parent ids), not only on screen.
"""

from __future__ import annotations

import itertools

from PySide6.QtCore import Qt

from pi_desktop.agent import OpenAIChatLLM
from pi_desktop.context import Message
from pi_desktop.context.pins import NOTES_HEADER
from pi_desktop.session import Session
from tests.kit.openai_server import Reply
from tests.ui.flows import idle as _idle


def _llm(server) -> OpenAIChatLLM:
    return OpenAIChatLLM("test-model", base_url=server.base_url, api_key="sk-test-secret")


def _ask(qtbot, window, text: str) -> None:
    window.input.setPlainText(text)
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: _idle(window), timeout=10_000)


def _echo(body) -> Reply:
    last = [m for m in body["messages"] if m["role"] == "user"][-1]["content"]
    return Reply(text=f"answer to: {last}")


def _two_turns(kit, qtbot, openai_server):
    openai_server.responder = _echo
    window = kit.window(_llm(openai_server))
    _ask(qtbot, window, "first question")
    _ask(qtbot, window, "second question")
    q1, a1, q2, a2 = window.session.get_current_path()
    return window, q1, a1, q2, a2


def _no_two_users_in_a_row(session: Session) -> None:
    roles = [e.role for e in session.get_current_path()]
    assert all(not (a == b == "user") for a, b in itertools.pairwise(roles)), roles


def _banner(window, name: str):
    found = [b for b in window.edits.notes() if getattr(b, "purpose", None) == name]
    return next((b for b in found if not b.isHidden()), None)


def test_edit_on_a_chat_message_resends_as_a_new_branch_from_its_parent(
    kit, qtbot, openai_server, artifacts
):
    window, _q1, a1, q2, a2 = _two_turns(kit, qtbot, openai_server)
    cards = window.conversation.message_cards()
    user_cards = [c for c in cards if c.role == "user"]
    # the edit action lives in each user card's hover bar
    assert all(c.edit_button is c.actions.edit_button for c in user_cards)
    user_cards[1].actions.show()  # as a hover does
    qtbot.mouseClick(user_cards[1].edit_button, Qt.MouseButton.LeftButton)
    assert window.input.toPlainText() == "second question"
    assert _banner(window, "edit") is not None
    assert user_cards[1].status_label.text() == "✎ editing"
    assert user_cards[0].status_label.text() == ""
    window.input.setPlainText("second question, rephrased")
    qtbot.wait(50)
    window.grab().save(str(artifacts / "edit-1-editing.png"))
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.busy)
    assert not any(
        c.edit_button.isEnabled()
        for c in window.conversation.message_cards()
        if c.role == "user" and getattr(c, "edit_button", None) is not None
    )
    qtbot.waitUntil(lambda: _idle(window), timeout=10_000)
    assert all(
        c.edit_button.isEnabled() for c in window.conversation.message_cards() if c.role == "user"
    )

    session = window.session
    path = session.get_current_path()
    assert [e.content for e in path] == [
        "first question",
        "answer to: first question",
        "second question, rephrased",
        "answer to: second question, rephrased",
    ]
    new_q = path[2]
    assert new_q.parent_id == a1.id  # branched from the edited message's parent
    assert session.children(a1.id) == [q2.id, new_q.id]  # the old branch stays
    assert session.entries[a2.id].parent_id == q2.id
    # the model was asked without the old second question; the branch left behind is
    # told as a note (the branch-summary setting is on by default), not as the conversation
    sent = [m["content"] for m in openai_server.last_request["messages"] if m["role"] == "user"]
    [side] = session.branch_summaries_for(a1.id)
    assert side.branch_leaf_id == a2.id and sent[0].startswith(NOTES_HEADER)
    assert sent[1:] == ["first question", "second question, rephrased"]
    assert [c.text for c in window.conversation.message_cards()] == [e.content for e in path]
    assert _banner(window, "edit") is None
    assert window.tree.snapshot.nodes  # the tree shows both branches
    qtbot.wait(50)
    window.grab().save(str(artifacts / "edit-2-resent.png"))
    _no_two_users_in_a_row(session)
    # a restart reads the same shape
    reread = Session.load(session.path, read_only=True)
    try:
        assert [e.id for e in reread.get_current_path()] == [e.id for e in path]
        assert reread.children(a1.id) == [q2.id, new_q.id]
    finally:
        reread.close()


def test_edit_of_the_first_message_starts_a_new_first_branch(kit, qtbot, openai_server):
    window, q1, _a1, _q2, _a2 = _two_turns(kit, qtbot, openai_server)
    assert window.edits.begin_edit(q1.id)
    window.input.setPlainText("first question, v2")
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: _idle(window), timeout=10_000)
    session = window.session
    path = session.get_current_path()
    assert [e.content for e in path] == ["first question, v2", "answer to: first question, v2"]
    assert path[0].parent_id is None
    assert session.children(None) == [q1.id, path[0].id]
    assert [c.text for c in window.conversation.message_cards()] == [e.content for e in path]
    sent = openai_server.last_request["messages"]
    # the old conversation (answered) is summarized onto the new first message: a note
    assert [m["role"] for m in sent] == ["system", "user", "user"]
    assert sent[1]["content"].startswith(NOTES_HEADER)
    assert sent[2]["content"] == "first question, v2"


def test_edit_from_the_tree_context_menu(kit, qtbot, openai_server):
    window, _q1, a1, q2, a2 = _two_turns(kit, qtbot, openai_server)
    menu = window.tree.view.build_context_menu(q2.id)
    (edit,) = [a for a in menu.actions() if a.text() == "Edit and resend…"]
    assert edit.isEnabled()
    assert not [
        a
        for a in window.tree.view.build_context_menu(a2.id).actions()
        if a.text().startswith("Edit")
    ]  # answers are not edited
    edit.trigger()
    assert window.input.toPlainText() == "second question"
    window.input.setPlainText("from the tree")
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: _idle(window), timeout=10_000)
    path = window.session.get_current_path()
    assert path[2].content == "from the tree" and path[2].parent_id == a1.id
    assert window.session.children(a1.id) == [q2.id, path[2].id]


def test_cancel_edit_sends_a_normal_follow_up(kit, qtbot, openai_server):
    window, _q1, _a1, q2, a2 = _two_turns(kit, qtbot, openai_server)
    assert window.edits.begin_edit(q2.id)
    banner = _banner(window, "edit")
    qtbot.mouseClick(banner.buttons["cancel"], Qt.MouseButton.LeftButton)
    assert window.input.toPlainText() == "" and window.edits.editing is None
    _ask(qtbot, window, "third question")
    path = window.session.get_current_path()
    assert path[-2].content == "third question" and path[-2].parent_id == a2.id


def test_clicking_a_question_offers_answer_again(kit, qtbot, openai_server, artifacts):
    window, q1, a1, q2, a2 = _two_turns(kit, qtbot, openai_server)
    window.tree.rewindRequested.emit(q2.id)  # what a click on the node does
    assert window.session.current_id == q2.id
    banner = _banner(window, "answer-again")
    assert banner is not None and "no answer on this branch" in banner.text
    qtbot.wait(50)
    window.grab().save(str(artifacts / "edit-3-answer-again.png"))
    qtbot.mouseClick(banner.buttons["answer"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: _idle(window), timeout=10_000)
    session = window.session
    path = session.get_current_path()
    assert [e.id for e in path[:3]] == [q1.id, a1.id, q2.id]  # no duplicate question
    assert path[3].role == "assistant" and path[3].parent_id == q2.id
    assert session.children(q2.id) == [a2.id, path[3].id]  # a second answer, side by side
    assert _banner(window, "answer-again") is None
    _no_two_users_in_a_row(session)


def test_typing_after_clicking_a_question_replaces_it_instead_of_stacking_two(
    kit, qtbot, openai_server
):
    """The chosen rule: the new text branches from the clicked question's parent."""
    window, _q1, a1, q2, a2 = _two_turns(kit, qtbot, openai_server)
    assert window.rewind_to(q2.id)
    _ask(qtbot, window, "a different second question")
    session = window.session
    path = session.get_current_path()
    assert [e.role for e in path] == ["user", "assistant", "user", "assistant"]
    assert path[2].content == "a different second question" and path[2].parent_id == a1.id
    assert session.children(q2.id) == [a2.id]  # the clicked question keeps its old answer
    _no_two_users_in_a_row(session)
    sent = [m["content"] for m in openai_server.last_request["messages"] if m["role"] == "user"]
    assert sent == ["first question", "a different second question"]


def test_typing_after_clicking_the_first_question_starts_a_new_first_message(
    kit, qtbot, openai_server
):
    window, q1, _a1, _q2, _a2 = _two_turns(kit, qtbot, openai_server)
    assert window.rewind_to(q1.id)
    assert _banner(window, "answer-again") is not None
    _ask(qtbot, window, "start over")
    path = window.session.get_current_path()
    assert [e.content for e in path] == ["start over", "answer to: start over"]
    _no_two_users_in_a_row(window.session)


def test_a_question_left_unanswered_at_close_is_offered_again_after_a_relaunch(
    kit, qtbot, openai_server
):
    window, _q1, _a1, q2, _a2 = _two_turns(kit, qtbot, openai_server)
    assert window.rewind_to(q2.id)
    window.close()
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=10_000)
    again = kit.window(_llm(openai_server))
    assert again.session.current_id == q2.id
    assert _banner(again, "answer-again") is not None


def test_edit_below_the_compaction_floor_is_refused_with_a_fork_offer(kit, qtbot, openai_server):
    session = kit.library.create(system_prompt="Be brief.", fsync=False)
    ids = []
    for n in range(3):
        ids.append(session.append_message(Message(role="user", content=f"q{n}")))
        ids.append(session.append_message(Message(role="assistant", content=f"a{n}")))
    session.rewind(ids[3])  # the floor goes on a1: q0..a1 are summarized
    session.add_summary_cache(summary="## Goal\nq0 and q1", covered_count=4, retained_tail=[])
    session.rewind(ids[5])
    session.close()
    openai_server.responder = _echo
    window = kit.window(_llm(openai_server))
    assert window.session.current_id == ids[5]
    assert not window.edits.begin_edit(ids[2])  # q1: its parent a0 lies below the floor
    (refusal,) = window.refusals()
    assert "compaction" in refusal.text and "fork" in refusal.buttons
    assert window.input.toPlainText() == "" and window.edits.editing is None
    assert not window.edits.begin_edit(ids[0])  # q0: a new first message is below it too
    # q2 grew after the floor (its parent a1 is the floor): editing it is allowed
    refusal.buttons["dismiss"].click()
    window.refusals()[0].buttons["dismiss"].click()
    assert not window.refusals()
    assert window.edits.begin_edit(ids[4])
    _ask(qtbot, window, "q2 edited")
    path = window.session.get_current_path()
    assert path[-2].content == "q2 edited" and path[-2].parent_id == ids[3]
    # the fork offer opens a new session from there
    window.edits.begin_edit(ids[2])
    refusal = [b for b in window.refusals() if "fork" in b.buttons][-1]
    refusal.buttons["fork"].click()
    assert window.session.path.stem != session.path.stem


def test_opening_another_session_drops_a_pending_edit(kit, qtbot, openai_server):
    window, _q1, _a1, q2, _a2 = _two_turns(kit, qtbot, openai_server)
    first = window.session.path.stem
    assert window.edits.begin_edit(q2.id)
    window.new_session()
    assert window.edits.editing is None and window.input.toPlainText() == ""
    assert window.edits.notes() == []
    assert window.sessions.open(first)
    qtbot.waitUntil(lambda: window.session.path.stem == first, timeout=10_000)
