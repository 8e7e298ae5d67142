"""Driving the real window the way a user does: type, press Enter, wait until it is idle.

Shared by the window tests (each kept its own copy of these lines before)."""

from __future__ import annotations

from PySide6.QtCore import Qt


def idle(window) -> bool:
    """No run in flight and the button back to "Send"."""
    return not window.busy and window.send_button.text() == "Send"


def send(qtbot, window, text: str, timeout: int = 30_000) -> None:
    """Type ``text``, press Enter, and wait until the answer is done."""
    window.input.setPlainText(text)
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: idle(window), timeout=timeout)
