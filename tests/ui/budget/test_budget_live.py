"""The budget bar is live: it follows the answer while it streams, and over the threshold it
says that the next message will be preceded by a summary."""

from __future__ import annotations

import pytest

from pi_desktop.agent import OpenAIChatLLM
from pi_desktop.ui.budget.bar import BudgetBar, streamed_tokens
from tests.kit.openai_server import Reply
from tests.ui.flows import idle


@pytest.fixture
def bar(qtbot):
    widget = BudgetBar()
    qtbot.addWidget(widget)
    widget.resize(360, 26)
    widget.show()
    return widget


def test_streamed_text_adds_to_the_prepared_figure_until_the_next_prepare(bar):
    bar.set_estimate(1_000, 32_000, 0.8)
    bar.add_streamed(400)
    assert bar.tokens == 1_100 and bar.streamed_tokens == 100  # chars / 4 without an anchor
    bar.add_streamed(400)
    assert bar.tokens == 1_200
    assert "of the answer being written" in bar.toolTip()
    bar.set_estimate(1_250, 32_000, 0.8)  # the next prepare counts the answer itself
    assert bar.tokens == 1_250 and bar.streamed_tokens == 0
    assert "being written" not in bar.toolTip()
    bar.set_estimate(1_000, 32_000, 0.8, ratio=0.5)  # an anchored ratio is used
    bar.add_streamed(300)
    assert bar.tokens == 1_150 == 1_000 + streamed_tokens(300, 0.5)


def test_over_the_threshold_the_tooltip_says_it_will_be_summarized_next(bar):
    bar.set_estimate(20_000, 32_000, 0.8)
    tip = bar.toolTip()
    assert "summarized when it passes 80 %" in tip and "before your next message" not in tip
    bar.add_streamed(4 * 6_000)  # the answer carries it past 25,600
    assert bar.zone == "over"
    tip = bar.toolTip()
    assert "will be summarized before your next message" in tip
    assert "when it passes" not in tip
    bar.set_estimate(38_000, 32_000, 0.8)  # 119 %: the case
    assert "will be summarized before your next message" in bar.toolTip()


def test_the_window_bar_follows_a_streaming_answer(kit, qtbot, openai_server):
    story = "Once upon a time, " + "a very long story went on and on. " * 120
    openai_server.enqueue(Reply(story, chunk_chars=20, chunk_delay=0.01))
    llm = OpenAIChatLLM("test-model", base_url=openai_server.base_url, api_key="sk-test")
    kit.save_settings(context_budget=2_400)
    window = kit.window(llm)
    bar = window.budget_bar
    seen: list[int] = []  # the bar's figure after each batch of streamed text
    window.controller.textStreamed.connect(lambda _text: seen.append(bar.tokens))
    window.input.setPlainText("tell me a story")
    window.send()
    qtbot.waitUntil(lambda: bar.streamed_tokens > 150, timeout=10_000)
    assert window.busy  # it moved while the answer was still streaming
    qtbot.waitUntil(lambda: idle(window), timeout=20_000)
    assert len(seen) > 5 and seen[-1] > seen[0]
    assert seen == sorted(seen)  # it only grew while the answer grew
    # after the run the bar shows what the next request carries; the stream estimate was close
    final = window.agent.estimate_now().estimated_tokens
    assert bar.tokens == final and bar.streamed_tokens == 0
    assert abs(max(seen) - final) < 0.2 * final
    assert bar.zone == "over"  # the story carried it past 80 % of 2,400
    assert "will be summarized before your next message" in bar.toolTip()
