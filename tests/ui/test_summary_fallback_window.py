"""Issue 16 in the window: a summarizer that never summarizes (as a weak local model answers)
does not jam the session. The compaction is made extractively, marked so on the chat line, in
the tree and in the summary viewer; one notice says what happened and offers "Try the model's
summary again", which runs Compact now.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from pi_desktop.agent import OpenAIChatLLM
from pi_desktop.ui.dialogs.summary_history import branch_history
from pi_desktop.ui.dialogs.summary_viewer import summary_fields
from pi_desktop.ui.tree.snapshot import _compaction_node
from tests.kit.openai_server import Reply
from tests.ui.flows import idle

JUNK = "Sure! Let me continue with the refactor: I'll split the parser next."


def _llm(server) -> OpenAIChatLLM:
    return OpenAIChatLLM("test-model", base_url=server.base_url, api_key="sk-test-secret")


def _compact(qtbot, window) -> None:
    qtbot.keyClick(
        window,
        Qt.Key.Key_K,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    qtbot.waitUntil(lambda: window.dialog is not None and window.dialog.isVisible())
    window.dialog.accept()


def _fallback_banners(window):
    return [b for b in window.conversation.banners() if "summary_again" in b.buttons]


def test_a_junk_summarizer_compacts_extractively_and_offers_the_model_again(
    kit, qtbot, openai_server, artifacts: Path
):
    def responder(body):
        if not body.get("tools"):  # the summarizer: carries on with the chat, every time
            return Reply(text=JUNK)
        return Reply(text=f"Answer number {len(body['messages'])}. " + "detail " * 60)

    openai_server.responder = responder
    window = kit.window(_llm(openai_server))
    for i in range(4):
        window.input.setPlainText(f"Question {i}: " + "context " * 300)
        qtbot.keyClick(window.input, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: idle(window), timeout=10_000)
    summaries = lambda: [r for r in openai_server.requests if not r.get("tools")]  # noqa: E731

    _compact(qtbot, window)
    qtbot.waitUntil(lambda: bool(window.conversation.markers()) and idle(window), timeout=10_000)
    assert len(summaries()) == 2  # the answer, then one repair request
    comp = window.session.latest_compaction()
    assert comp is not None and comp.rung == "extractive"
    # marked extractive on the chat line, in the tree and in the viewer (and its history)
    marker = window.conversation.markers()[-1]
    assert "extractive" in marker.label.text() and marker.entry_id == comp.id
    assert "(extractive)" in _compaction_node(comp, None, 0).label
    assert "extractive summary" in summary_fields(comp)["Kind"]
    assert "(extractive)" in branch_history(window.session)[-1].title()
    # one notice, with the way back to the model's summary
    (banner,) = _fallback_banners(window)
    assert "extractive summary built without a model" in banner.text
    assert "(extractive)" in marker.label.text()
    window.repaint()
    assert window.grab().save(str(artifacts / "window-summary-fallback.png"))

    viewer = window.open_summary(comp.id)
    assert viewer is not None and "extractive" in viewer.fields["Kind"]
    viewer.repaint()
    assert viewer.grab().save(str(artifacts / "viewer-extractive-summary.png"))
    viewer.close()

    qtbot.mouseClick(banner.buttons["summary_again"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(summaries()) > 2 and idle(window), timeout=10_000)
    assert len(window.conversation.markers()) == 2  # Compact now ran (extractive again)
    assert _fallback_banners(window) == []  # the notice went; it comes once per session
