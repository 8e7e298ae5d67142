"""A thinking model end to end: the loopback server streams ``reasoning_content`` before the
answer, through the real openai client and the real window. The Thinking block counts the
reasoning live, the answer's hover shows its usage, and a restarted window shows the same
block and figures from the session file."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QApplication, QToolTip

from pi_desktop.agent import OpenAIChatLLM
from tests.kit.openai_server import Reply
from tests.ui.flows import hover, idle

REASONING = (
    "The user asks for a haiku about autumn. Five syllables, then seven, then five. "
    "Leaves, wind, the colour of the light; keep it plain and concrete. "
) * 8
ANSWER = (
    "Crisp leaves drift and fall,\nthe low sun warms the cold stones —\nsmoke from a far field."
)
USAGE = {
    "prompt_tokens": 2_048,
    "completion_tokens": 180,
    "total_tokens": 2_228,
    "prompt_tokens_details": {"cached_tokens": 1_536},
    "completion_tokens_details": {"reasoning_tokens": 150},
}


def _llm(server) -> OpenAIChatLLM:
    return OpenAIChatLLM("think-model", base_url=server.base_url, api_key="sk-test")


def _reply(_body) -> Reply:
    return Reply(
        reasoning=REASONING,
        text=ANSWER,
        chunk_chars=8,
        chunk_delay=0.01,
        usage=USAGE,
        model="think-model",
    )


def _hover_shot(window, card, path: Path) -> None:
    """The window with the answer hovered: its usage line and its tooltip drawn in place."""
    QToolTip.showText(card.mapToGlobal(QPoint(40, card.height() - 4)), card.toolTip(), card)
    shot = window.grab()
    tips = [w for w in QApplication.topLevelWidgets() if w.isVisible() and w.inherits("QTipLabel")]
    if tips:
        painter = QPainter(shot)
        tip = tips[0]
        painter.drawPixmap(window.mapFromGlobal(tip.mapToGlobal(QPoint(0, 0))), tip.grab())
        painter.end()
    shot.save(str(path))
    QToolTip.hideText()


def test_thinking_streams_live_then_reloads_the_same(kit, qtbot, openai_server, artifacts):
    openai_server.responder = _reply
    window = kit.window(_llm(openai_server), new_session=True, description="Loopback · think")
    window.input.setPlainText("Write a haiku about autumn.")
    qtbot.keyClick(window.input, Qt.Key.Key_Return)

    # while the model thinks: a live block, not an empty answer
    def thinking_live() -> bool:
        card = window.conversation.streaming_card
        return bool(card and card.thinking and card.thinking.live and card.thinking.chars > 200)

    qtbot.waitUntil(thinking_live, timeout=15_000)
    card = window.conversation.streaming_card
    assert card is not None and card.thinking is not None and card.text == ""
    head = card.thinking.header()
    assert head.startswith("Thinking… · ") and " characters · " in head and head.endswith(" s")
    assert card.status_label.text() == "thinking…"
    window.grab().save(str(artifacts / "thinking-streaming.png"))
    qtbot.waitUntil(lambda: idle(window), timeout=30_000)

    (answer,) = [c for c in window.conversation.message_cards() if c.role == "assistant"]
    assert answer.text == ANSWER and answer.reasoning == REASONING
    assert answer.thinking is not None and not answer.thinking.live
    assert answer.thinking.header().startswith("Thought for ")
    assert answer.thinking.header().endswith(f" · {len(REASONING):,} characters")
    # the reasoning is in the file, the answer's content is only the answer
    entry = window.session.entries[answer.entry_id]
    assert entry.content == ANSWER and entry.metadata["reasoning"] == REASONING
    # the hover: tokens in / out, cached share, time to first token, speed
    line = answer.actions.usage_label.text()
    assert line.startswith("2k in (75 % cached) · 180 out (150 thinking) · ")
    assert " to first token · " in line and line.endswith(" tokens/s")
    assert not answer.actions.isVisible()
    hover(answer)
    assert answer.actions.isVisible()
    assert answer.actions.usage_label.isVisible()
    assert "Served from the provider's cache: 1,536 tokens (75 %)" in answer.toolTip()
    # the session's totals in the status bar
    assert window.usage_label.text() == "Session: 2k in · 75 % cached · 180 out"
    assert "Chat: 1 answer" in window.usage_label.toolTip()
    _hover_shot(window, answer, artifacts / "usage-hover.png")
    # the tree's node says it thought
    from pi_desktop.ui.tree.snapshot import TreeSnapshot, tooltip_text

    node = TreeSnapshot.from_session(window.session).nodes[answer.entry_id]
    assert f"Thinking ({len(REASONING):,} characters)" in tooltip_text(node)
    # the reasoning of a plain answer is not sent back with the next question
    window.input.setPlainText("Another, about winter.")
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(openai_server.requests) == 2, timeout=10_000)
    qtbot.waitUntil(lambda: idle(window), timeout=30_000)
    assert "The user asks for a haiku" not in json.dumps(openai_server.requests[1]["messages"])
    path = window.session.path
    window.close()
    qtbot.waitUntil(lambda: not window.isVisible())

    again = kit.window(_llm(openai_server), session_path=path, description="Loopback · think")
    first = next(c for c in again.conversation.message_cards() if c.role == "assistant")
    assert first.reasoning == REASONING and first.text == ANSWER
    assert first.thinking is not None and not first.thinking.expanded
    assert first.thinking.header() == f"Thinking · {len(REASONING):,} characters"
    assert first.actions.usage_label.text() == line  # the same figures, from the file
    first.thinking.set_expanded(True)
    again.conversation.scroll_to_bottom()
    again.conversation.ensureWidgetVisible(first)
    qtbot.wait(50)
    assert first.thinking.body.isVisible()
    again.grab().save(str(artifacts / "thinking-reloaded.png"))
