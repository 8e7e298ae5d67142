"""The quiet line over the conversation: the session's title, its system prompt, the model.

It repeats what the window title says, where the eye is (window titles are often hidden by
the desktop), names the model, as chat apps do, and shows the session's system prompt — the
instructions every request starts with — as a link that opens it for reading and editing.
Plain text: titles and prompts come from files.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from pi_desktop.ui.chat.surfaces import LinkButton
from pi_desktop.ui.i18n import tr
from pi_desktop.ui.labels import first_line, shorten
from pi_desktop.ui.theme import style

TITLE_CHARS = 80
PROMPT_CHARS = 48
PROMPT_TIP_CHARS = 1_500


class ChatHeader(QWidget):
    """``set_title``, ``set_system_prompt`` and ``set_model`` fill it; a click on the prompt
    asks for it (``systemPromptRequested``). The theme styles ``#chatHeader``."""

    systemPromptRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chatHeader")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(16, 8, 16, 8)
        self.title_label = QLabel(tr("Header", "New session"), self)
        self.title_label.setObjectName("chatTitle")
        self.title_label.setTextFormat(Qt.TextFormat.PlainText)
        self.prompt_button = LinkButton("", self)
        self.prompt_button.setObjectName("chatPrompt")
        self.prompt_button.clicked.connect(self.systemPromptRequested)
        self.model_label = QLabel(self)
        self.model_label.setObjectName("chatModel")
        self.model_label.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.title_label, 1)
        layout.addWidget(self.prompt_button, 0, Qt.AlignmentFlag.AlignRight)
        layout.addSpacing(12)
        layout.addWidget(self.model_label, 0, Qt.AlignmentFlag.AlignRight)
        style(self)
        self.set_system_prompt(None)

    def set_title(self, title: str | None) -> None:
        text = " ".join((title or tr("Header", "New session")).split())
        self.title_label.setText(shorten(text, TITLE_CHARS))
        self.title_label.setToolTip(text if len(text) > TITLE_CHARS else "")

    def set_system_prompt(self, prompt: str | None) -> None:
        """The prompt's first words as the link; the whole prompt (bounded) as its tooltip."""
        head = first_line(prompt or "", PROMPT_CHARS)
        self.prompt_button.setText(f"⚙ {head}" if head else "⚙ " + tr("Header", "No system prompt"))
        self.prompt_button.setAccessibleName(tr("Header", "System prompt"))
        tip = (prompt or "").strip()
        if len(tip) > PROMPT_TIP_CHARS:
            tip = tip[:PROMPT_TIP_CHARS] + "…"
        self.prompt_button.setToolTip(
            (tr("Header", "System prompt (click to view or change it):") + "\n\n" + tip)
            if tip
            else tr("Header", "This session has no system prompt (click to give it one)")
        )
        self.prompt_button.updateGeometry()

    def set_model(self, model: str) -> None:
        self.model_label.setText(model)
