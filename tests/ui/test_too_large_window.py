"""A message too large for the view (issue 11.7, the window's side): the run is refused before
anything is stored, the text stays in the input box, and the window says so."""

from __future__ import annotations

from PySide6.QtCore import Qt

from pi_desktop.agent import OfflineLLM
from tests.ui.flows import idle as _idle
from tests.ui.flows import send as _send
from tests.ui.shots import ARTIFACTS


def test_a_message_too_large_to_send_stays_in_the_input_and_nothing_is_stored(kit, qtbot):
    window = kit.window(OfflineLLM(), offline=True)
    _send(qtbot, window, "hello")
    before = window.session.path.read_bytes()
    paste = "pasted line of a log\n" * 20_000  # ~100k tokens against the default budget
    window.input.setPlainText(paste)
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: _idle(window) and bool(window.conversation.banners()), timeout=30_000)
    assert window.input.toPlainText() == paste  # given back, whole
    (banner,) = [b for b in window.conversation.banners() if "input box" in b.text]
    assert "tokens" in banner.text and "budget" in banner.text
    assert window.session.path.read_bytes() == before  # nothing appended
    assert [c.text for c in window.conversation.message_cards()][-1] != paste
    window.grab().save(str(ARTIFACTS / "window-too-large.png"))
