"""Honest numbers in the budget bar (issue 12.3): the same conversation shows the same figure
after a restart, a rewind or a budget change; the summary count is the session's (what the
tree shows), and the tooltip speaks plain words before the details."""

from __future__ import annotations

import json
from dataclasses import replace

from pi_desktop.agent import OfflineLLM, OpenAIChatLLM
from tests.kit.openai_server import Reply
from tests.ui.flows import send as _send


def _branch_compactions(session) -> int:
    return sum(len(session.compactions_for(e.id)) for e in session.get_current_path())


def _quit(qtbot, window) -> None:
    window.close()
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=10_000)


def test_a_restart_shows_the_same_figure_and_the_sessions_summary_count(kit, qtbot):
    kit.save_settings(context_budget=3_000, threshold=0.8)
    window = kit.window(OfflineLLM(), offline=True)
    _send(qtbot, window, "list the files")
    for _ in range(3):
        _send(qtbot, window, "write a long story about the project")
    _send(qtbot, window, "read README.md")
    count = _branch_compactions(window.session)
    assert count >= 2  # the small budget was summarized more than once
    tree_count = sum(1 for n in window.tree.view.snapshot.nodes.values() if n.kind == "compaction")
    assert window.budget_bar.compactions == count == tree_count
    tip = window.budget_bar.toolTip()
    assert f"of the context used · {count} summaries so far" in tip
    assert tip.index("summaries so far") < tip.index("Details") < tip.index("Estimate")
    before = (window.budget_bar.tokens, window.budget_bar.text)
    assert before[0] == window.agent.estimate_now().estimated_tokens  # the next request's size
    path = window.session.path
    _quit(qtbot, window)

    again = kit.window(OfflineLLM(), offline=True, session_path=path)
    assert (again.budget_bar.tokens, again.budget_bar.text) == before
    assert again.budget_bar.compactions == count  # not "0" because this process made none
    assert f"{count} summaries so far" in again.budget_bar.toolTip()


def test_a_budget_change_does_not_move_the_figure(kit, qtbot, openai_server):
    """The provider counts tokens differently from 4 chars a token: the window learnt that
    (the usage anchor) and a rebuilt agent for the same model keeps it."""

    # a provider counting the messages at about one token per two characters (twice the
    # default guess) and the tool schemas as the app reserves them: a plausible anchor (a
    # constant figure whatever the request would be rejected as one)
    def counted(body):
        messages = len(json.dumps(body["messages"])) // 2
        tools = len(json.dumps(body.get("tools", []))) // 4
        return Reply(
            text="fine " * 30, usage={"prompt_tokens": messages + tools, "completion_tokens": 40}
        )

    openai_server.responder = counted
    llm = OpenAIChatLLM("test-model", base_url=openai_server.base_url, api_key="sk-test")
    window = kit.window(llm)
    _send(qtbot, window, "first question " * 20)
    _send(qtbot, window, "second question " * 20)
    ratio = window.agent.context.ratio
    assert abs(ratio - 0.25) > 0.05  # anchored far from the default guess
    before = window.budget_bar.tokens
    window.apply_settings(replace(window.settings, context_budget=2_000))
    assert window.budget_bar.budget == 2_000
    assert window.budget_bar.tokens == before  # same conversation, same figure
    assert window.agent.context.ratio == ratio
    window.apply_settings(replace(window.settings, context_budget=32_000))
    assert window.budget_bar.tokens == before
    assert "no summary yet" in window.budget_bar.toolTip()


def test_a_rewind_shows_the_figure_of_the_path_it_returns_to(kit, qtbot):
    window = kit.window(OfflineLLM(), offline=True)
    _send(qtbot, window, "hello")
    first_answer = window.session.current_id
    at_first = window.budget_bar.tokens
    _send(qtbot, window, "write a long story about rewinding")
    assert window.budget_bar.tokens > at_first
    assert window.rewind_to(first_answer)
    assert window.budget_bar.tokens == window.agent.estimate_now().estimated_tokens
    # the same messages as before; only the later answer's usage refined tokens-per-character
    # (the offline provider's count and the first, class-based estimate differ by a few %)
    assert abs(window.budget_bar.tokens - at_first) <= at_first // 10
