"""Property: whatever the user does with ask / edit / click-a-node / answer-again, the tree only
grows (no entry lost or re-parented) and the current path never holds two questions in a row.

Driven through the real window and the loopback server; each example starts a new session.
"""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pi_desktop.agent import OpenAIChatLLM
from tests.kit.openai_server import Reply
from tests.ui.flows import idle as _idle

OPS = st.lists(
    st.one_of(
        st.tuples(st.just("ask"), st.integers(0, 99)),
        st.tuples(st.just("edit"), st.integers(0, 99)),
        st.tuples(st.just("click"), st.integers(0, 99)),
        st.tuples(st.just("click_user"), st.integers(0, 99)),
        st.tuples(st.just("answer"), st.just(0)),
    ),
    min_size=1,
    max_size=7,
)


def _echo(body) -> Reply:
    users = [m for m in body["messages"] if m["role"] == "user"]
    return Reply(text=f"re: {users[-1]['content'] if users else ''}")


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(ops=OPS)
def test_the_tree_only_grows_and_no_two_questions_stand_in_a_row(kit, qtbot, openai_server, ops):
    openai_server.responder = _echo
    window = (
        kit.windows[0]
        if kit.windows
        else kit.window(
            OpenAIChatLLM("test-model", base_url=openai_server.base_url, api_key="sk-test")
        )
    )
    window.new_session()
    session = window.session
    seen: dict[str, str | None] = {}
    for step, (op, k) in enumerate(ops):
        messages = [e for e in session.entries.values() if e.type == "message"]
        users = [e for e in messages if e.role == "user"]
        task = None
        if op == "ask":
            window.input.setPlainText(f"ask {step}")
            task = window.send()
        elif op == "edit" and users:
            if window.edits.begin_edit(users[k % len(users)].id):
                window.input.setPlainText(f"edit {step}")
                task = window.send()
        elif op == "click" and messages:
            window.rewind_to(messages[k % len(messages)].id)
        elif op == "click_user" and users:
            window.rewind_to(users[k % len(users)].id)
        elif op == "answer" and window.edits.unanswered_question() is not None:
            task = window.edits.answer_again()
        if task is not None:
            qtbot.waitUntil(lambda: _idle(window), timeout=10_000)
            assert session.get_current_path()[-1].role == "assistant"  # answered
        # the tree only grows: nothing lost, nothing re-parented
        for entry_id, parent in seen.items():
            assert session.entries[entry_id].parent_id == parent
        seen = {i: e.parent_id for i, e in session.entries.items()}
        roles = [e.role for e in session.get_current_path()]
        assert all(not (a == b == "user") for a, b in itertools.pairwise(roles)), roles
