"""The quiet line over the conversation: the session's title and the model answering.

It repeats what the window title says, where the eye is (window titles are often hidden by
the desktop), and names the model, as chat apps do. Plain text: titles come from files.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from pi_desktop.ui.labels import shorten
from pi_desktop.ui.theme import style

TITLE_CHARS = 80


class ChatHeader(QWidget):
    """``set_title`` and ``set_model`` fill it; the theme styles ``#chatHeader``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chatHeader")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(16, 8, 16, 8)
        self.title_label = QLabel("New session", self)
        self.title_label.setObjectName("chatTitle")
        self.title_label.setTextFormat(Qt.TextFormat.PlainText)
        self.model_label = QLabel(self)
        self.model_label.setObjectName("chatModel")
        self.model_label.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.title_label, 1)
        layout.addWidget(self.model_label, 0, Qt.AlignmentFlag.AlignRight)
        style(self)

    def set_title(self, title: str | None) -> None:
        text = " ".join((title or "New session").split())
        self.title_label.setText(shorten(text, TITLE_CHARS))
        self.title_label.setToolTip(text if len(text) > TITLE_CHARS else "")

    def set_model(self, model: str) -> None:
        self.model_label.setText(model)
