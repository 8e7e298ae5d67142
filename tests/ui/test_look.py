"""The window's look, in light and dark: a conversation with a user turn, an answer with a
code block (one line of 300 characters), a tool call and a compaction marker, built with the
offline provider. Screenshots land in tests/artifacts/look-<scheme>.png for a human to look at.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QEnterEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from pi_desktop.agent import OfflineLLM
from tests.ui.flows import send as _send

LONG_LINE = "result = compute(" + ", ".join(f"argument_{i:03d}" for i in range(22)) + ")  # END"


def _set_scheme(dark: bool) -> None:
    try:
        from pi_desktop.ui.theme import apply_theme
    except ImportError:  # before the theme existed: the palette alone
        from PySide6.QtGui import QPalette

        from pi_desktop.ui.theme import dark_palette

        QApplication.instance().setPalette(dark_palette() if dark else QPalette())
        return
    apply_theme(QApplication.instance(), dark=dark)


def build_scene(kit, qtbot):
    """A window showing every kind of row: compaction marker, user turns, tool calls, an
    answer with a code block whose line is 300 characters long."""
    assert len(LONG_LINE) >= 300
    (kit.workspace / "wide.py").write_text(f"def f():\n    {LONG_LINE}\n    return result\n")
    kit.save_settings(context_budget=2_000, threshold=0.8)
    window = kit.window(
        OfflineLLM(long_answer_chars=900), OfflineLLM(), offline=True, description="Offline demo"
    )
    for _ in range(12):
        _send(qtbot, window, "write a long story about the project")
        if window.conversation.markers():
            break
    assert window.conversation.markers()
    _send(qtbot, window, "grep END")
    return window


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_look_screenshots(kit, qtbot, artifacts, scheme):
    _set_scheme(scheme == "dark")
    try:
        window = build_scene(kit, qtbot)
        window.resize(1180, 1000)
        window.conversation.tool_calls()[-1].set_expanded(True)
        QTest.qWait(50)
        marker = window.conversation.markers()[-1]
        window.conversation.ensureWidgetVisible(marker, 0, 0)
        bar = window.conversation.verticalScrollBar()
        bar.setValue(marker.y() - 8)
        QTest.qWait(50)
        # the pointer over the last answer: its actions (copy) show under it
        card = window.conversation.message_cards()[-1]
        pos = QPointF(5, 5)
        QApplication.sendEvent(card, QEnterEvent(pos, pos, card.mapToGlobal(pos)))
        assert card.actions.isVisible()
        assert window.header.title_label.text() and window.header.model_label.text()
        assert window.grab().save(str(artifacts / f"look-{scheme}.png"))
    finally:
        _set_scheme(False)
