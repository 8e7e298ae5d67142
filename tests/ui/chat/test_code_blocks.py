"""Code blocks and long lines at the window widths people use (issue 12, point 4).

At 800, 1180 and 1600 px the window shows an answer with a 300-character code line (as the
offline provider's grep report and as a model's fenced block) and a tool call with a long
argument and a long grep line. Each block's Copy control must be whole and inside what is
visible, and the long line must be reachable (a sideways scroll range that reaches its end,
or wrapped onto more lines) instead of clipped. Screenshots: tests/artifacts/code-<w>*.png.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest

from pi_desktop.agent import OfflineLLM
from tests.ui.flows import send as _send

LONG_LINE = "total = add(" + ", ".join(f"value_{i:03d}" for i in range(26)) + ")  # END-OF-LINE"
WIDTHS = [800, 1180, 1600]


def _settle(window) -> None:
    for _ in range(3):
        QTest.qWait(30)
        window.conversation.settle()  # measure and place the rows now


def _window_with_long_lines(kit, qtbot, width: int):
    assert len(LONG_LINE) >= 300
    (kit.workspace / "wide.py").write_text(f"def f():\n    {LONG_LINE}\n")
    window = kit.window(OfflineLLM(), offline=True, description="Offline demo")
    _send(qtbot, window, "grep END-OF-LINE")  # the provider reports the grep line in a block
    view = window.conversation
    view.add_message("assistant", f"The call:\n\n```python\n{LONG_LINE}\n```\n\nDone.", "a1")
    view.add_tool_call("c1", "grep", {"pattern": LONG_LINE})
    window.resize(width, 800)
    _settle(window)
    return window


def _code_cards(window):
    return [c for c in window.conversation.message_cards() if c.body.code_blocks()]


def _visible_in_conversation(window, widget, rect: QRect) -> bool:
    """``rect`` (in ``widget``'s coordinates) lies inside the conversation's viewport width."""
    view = window.conversation.viewport()
    left = widget.mapTo(view, rect.topLeft())
    right = widget.mapTo(view, rect.topRight())
    return left.x() >= 0 and right.x() <= view.width()


def _assert_copy_visible(window, body) -> None:
    rect = body.anchor_bounds("copy:0")
    assert rect is not None, "the block has no Copy link"
    width = body.fontMetrics().horizontalAdvance("Copy")
    assert rect.width() >= width - 2, f"Copy is drawn {rect.width()} px wide, needs {width}"
    assert body.viewport().rect().contains(rect), f"Copy at {rect} is outside the body"
    assert _visible_in_conversation(window, body.viewport(), rect)


@pytest.mark.parametrize("width", WIDTHS)
def test_copy_is_whole_and_long_lines_are_reachable(kit, qtbot, artifacts, width):
    window = _window_with_long_lines(kit, qtbot, width)
    cards = _code_cards(window)
    assert len(cards) == 2  # the grep report and the fenced block
    for card in cards:
        body = card.body
        assert body.horizontalScrollBar().value() == 0  # the message never moves sideways
        _assert_copy_visible(window, body)
        # the line is kept whole and its block scrolls sideways (on its own) to its very end
        assert not body.code_wrap and body.overflows()
        rects = body.wide_blocks()
        assert rects and body.code_range(0) > 0
        assert body.code_range(0) + body.viewport().width() >= rects[0].right() - 1
        assert body.height() >= body.document().size().height()
    fenced = cards[-1].body
    assert "END-OF-LINE" in fenced.toPlainText() and LONG_LINE in fenced.code_blocks()
    window.conversation.scroll_to_bottom()
    _settle(window)
    window.grab().save(str(artifacts / f"code-{width}.png"))

    # Copy copies the whole line, clicked where it is drawn
    QGuiApplication.clipboard().clear()
    rect = fenced.anchor_bounds("copy:0")
    with qtbot.waitSignal(fenced.codeCopied):
        qtbot.mouseClick(fenced.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert QGuiApplication.clipboard().text() == LONG_LINE

    # the tool call: its Copy button whole inside the block, both long lines scroll
    call = window.conversation.tool_calls()[-1]
    call.set_expanded(True)
    _settle(window)
    block = call.args_view
    button = block.copy_button
    assert button.isVisible() and button.width() >= button.sizeHint().width()
    assert button.parentWidget() is block and block.rect().contains(button.geometry())
    assert _visible_in_conversation(window, button, button.rect())
    assert block.scroll.horizontalScrollBar().maximum() > 0
    grep_call = window.conversation.tool_calls()[0]
    grep_call.set_expanded(True)
    _settle(window)
    assert grep_call.name == "grep" and "END-OF-LINE" in grep_call.result_view.text()
    assert grep_call.result_scroll.horizontalScrollBar().maximum() > 0
    window.conversation.scroll_to_bottom()
    _settle(window)
    window.grab().save(str(artifacts / f"code-{width}-tool-call.png"))


@pytest.mark.parametrize("width", WIDTHS)
def test_wrap_link_wraps_the_block_and_copy_stays_whole(kit, qtbot, artifacts, width):
    window = _window_with_long_lines(kit, qtbot, width)
    body = _code_cards(window)[-1].body
    lines_before = body.document().size().height()
    rect = body.anchor_bounds("wrap:")
    assert rect is not None and body.viewport().rect().contains(rect)
    qtbot.mouseClick(body.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: body.code_wrap)
    _settle(window)
    assert not body.overflows() and body.wide_blocks() == []
    assert body.document().size().height() > lines_before  # the line took more rows
    assert "END-OF-LINE" in body.toPlainText()
    _assert_copy_visible(window, body)
    assert body.code_blocks() == [LONG_LINE]  # Copy still copies the line as written
    window.conversation.scroll_to_bottom()
    _settle(window)
    window.grab().save(str(artifacts / f"code-{width}-wrapped.png"))
    # and back: the link now offers scrolling
    rect = body.anchor_bounds("wrap:")
    qtbot.mouseClick(body.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: not body.code_wrap)
    assert body.overflows()


def test_a_sideways_wheel_scrolls_the_code_and_a_vertical_one_the_conversation(qtbot):
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QWheelEvent

    from pi_desktop.ui.chat.conversation import ConversationView

    view = ConversationView()
    qtbot.addWidget(view)
    view.resize(700, 400)
    view.show()
    view.add_message("assistant", f"```\n{LONG_LINE}\n```", "a1")
    body = view.message_cards()[0].body
    qtbot.waitUntil(lambda: body.code_range(0) > 0)
    (block,) = body.wide_blocks()

    def wheel(dx: int, dy: int, mods=Qt.KeyboardModifier.NoModifier) -> QWheelEvent:
        pos = QPointF(10, block.center().y())  # over the code
        return QWheelEvent(
            pos, pos, QPoint(), QPoint(dx, dy), Qt.MouseButton.NoButton, mods,
            Qt.ScrollPhase.NoScrollPhase, False,
        )  # fmt: skip

    event = wheel(-240, 0)
    body.wheelEvent(event)
    assert event.isAccepted() and body.code_offset(0) > 0
    assert body.horizontalScrollBar().value() == 0  # the block moved, not the message
    event = wheel(0, -120)
    body.wheelEvent(event)
    assert not event.isAccepted()  # left to the conversation
    body.set_code_offset(0, 0)
    body.wheelEvent(wheel(0, -120, Qt.KeyboardModifier.ShiftModifier))
    assert body.code_offset(0) > 0


def test_each_code_block_scrolls_on_its_own_and_prose_never_sideways(qtbot, artifacts):
    """Issue 18: a wide code block's sideways scroll moved the whole message, prose and the
    other blocks included. Now each block keeps its own offset; the prose is drawn in place."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QWheelEvent

    from pi_desktop.ui.chat.conversation import ConversationView

    view = ConversationView()
    qtbot.addWidget(view)
    view.resize(700, 500)
    view.show()
    prose = "Prose before the code, long enough to wrap over a line of the column, and more."
    text = (
        f"{prose}\n\n```python\n{LONG_LINE}\n```\n\nBetween.\n\n```\n{LONG_LINE} 2\n```\n\nAfter."
    )
    view.add_message("assistant", text, "a1")
    view.settle()
    body = view.message_cards()[0].body
    qtbot.waitUntil(lambda: len(body.wide_blocks()) == 2)
    first, _second = body.wide_blocks()
    band = body.viewport().rect()
    band.setBottom(int(first.top()) - 1)  # the prose above the first block
    before = body.viewport().grab(band).toImage()
    pos = QPointF(20, first.center().y())
    event = QWheelEvent(
        pos, pos, QPoint(), QPoint(-480, 0), Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False,
    )  # fmt: skip
    body.wheelEvent(event)
    assert body.code_offset(0) > 0 and body.code_offset(1) == 0
    assert body.horizontalScrollBar().value() == 0
    assert body.viewport().grab(band).toImage() == before  # the prose did not move
    body.set_code_offset(0, 10**6)
    assert body.code_offset(0) == body.code_range(0)  # to the line's end, no further
    view.grab().save(str(artifacts / "code-block-scrolled-alone.png"))
