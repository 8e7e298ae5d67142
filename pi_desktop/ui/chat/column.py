"""The chat column of the window, top to bottom: header, conversation, refusals, the notes of
edit-and-resend, the budget bar, (the send queue's strip) and the message box with Send.

It only lays the widgets out and gives them their words; the parts that drive them (the run
presenter, the refusal area, edit-and-resend, the send queue) are given the widgets they use.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from pi_desktop.ui.budget.bar import BudgetBar
from pi_desktop.ui.chat.conversation import ConversationView
from pi_desktop.ui.chat.header import ChatHeader
from pi_desktop.ui.chat.input_box import InputBox
from pi_desktop.ui.i18n import tr
from pi_desktop.ui.refusals import RefusalArea
from pi_desktop.ui.scrollbars import slim_scroll_bars
from pi_desktop.ui.theme import style

INPUT_HEIGHT = 84  # four lines; the zoom scales it


class ChatColumn(QWidget):
    """The widgets of the conversation side of the window (module doc)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.header = ChatHeader(self)
        self.conversation = ConversationView(self)
        self.budget_bar = BudgetBar(self)
        self.refusal_area = RefusalArea(self)
        self.input = InputBox(self)
        self.input.setPlaceholderText(
            tr("MainWindow", "Message — Enter sends, Shift+Enter for a new line")
        )
        self.input.setAccessibleName(tr("MainWindow", "Message"))
        self.input.setAccessibleDescription(
            tr("MainWindow", "Your next message. Enter sends it, Shift+Enter starts a new line.")
        )
        self.input.setFixedHeight(INPUT_HEIGHT)
        self.send_button = QPushButton(tr("MainWindow", "Send"), self)
        self.send_button.setAccessibleDescription(
            tr("MainWindow", "Sends the message, or stops the answer while one is written.")
        )
        self.send_button.setObjectName("sendButton")  # the accent button
        self.send_button.setMinimumWidth(80)
        style(self.input)  # the chrome carries the theme's style sheet, the conversation not
        style(self.send_button)
        slim_scroll_bars(self.input)
        row = QHBoxLayout()
        row.addWidget(self.input, 1)
        row.addWidget(self.send_button, 0, Qt.AlignmentFlag.AlignBottom)
        self._column = QVBoxLayout(self)
        self._column.setContentsMargins(6, 0, 6, 6)
        self._column.addWidget(self.header)
        self._column.addWidget(self.conversation, 1)
        self._column.addWidget(self.refusal_area)
        self.offer_area = QVBoxLayout()  # edit-and-resend's notes (EditResend owns them)
        self.offer_area.setContentsMargins(0, 0, 0, 0)
        self._column.addLayout(self.offer_area)
        self._column.addWidget(self.budget_bar)
        self._column.addLayout(row)

    def add_above_input(self, widget: QWidget) -> None:
        """``widget`` just above the message box (the send queue's strip)."""
        self._column.insertWidget(self._column.count() - 1, widget)
