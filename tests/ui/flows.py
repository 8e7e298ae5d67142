"""Driving the real window the way a user does: type, press Enter, wait until it is idle.

Shared by the window tests (each kept its own copy of these lines before)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QEnterEvent
from PySide6.QtWidgets import QApplication


def idle(window) -> bool:
    """No run in flight and the button back to "Send"."""
    return not window.busy and window.send_button.text() == "Send"


def send(qtbot, window, text: str, timeout: int = 30_000) -> None:
    """Type ``text``, press Enter, and wait until the answer is done."""
    window.input.setPlainText(text)
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: idle(window), timeout=timeout)


def menu_action(window, node_id: str, text: str):
    """The one action of the tree's context menu on ``node_id`` whose text starts so."""
    menu = window.tree.view.build_context_menu(node_id)
    [action] = [a for a in menu.actions() if a.text().startswith(text)]
    return action


def card_of(window, entry_id: str):
    """The conversation's message card of ``entry_id``."""
    return next(c for c in window.conversation.message_cards() if c.entry_id == entry_id)


def row_label(window, node_id: str) -> str:
    """The text the tree draws on ``node_id``'s row."""
    from pi_desktop.ui.tree.painter import row_text

    view = window.tree.view
    row = view.tree_layout.rows[view.tree_layout.row_of[node_id]]
    return row_text(row, view.snapshot.nodes[node_id])


def hover(widget) -> None:
    """The pointer enters ``widget``: the Enter event Qt sends when it does. A synthetic mouse move
    is not enough under the offscreen platform: whether it produces an Enter depends on where an
    earlier test left the cursor and which window the platform thinks is under it (failed in CI)."""
    pos = QPointF(5, 5)
    QApplication.sendEvent(widget, QEnterEvent(pos, pos, widget.mapToGlobal(pos)))
