"""The quiet line over the conversation: the session's title, its system prompt, the model.

It repeats what the window title says, where the eye is (window titles are often hidden by
the desktop), names the model, as chat apps do, and shows the session's system prompt — the
instructions every request starts with — as a link that opens it for reading and editing.
Plain text: titles and prompts come from files. Each part ends in "…" rather than hold the
window wide; in a narrow window (narrow_layout.py) it also carries the toggles that open the
sessions sidebar and the tree.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QToolButton, QWidget

from pi_desktop.ui.chat.surfaces import ElidedLabel, LinkButton
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
        self.sessions_toggle = self._toggle(
            "☰ " + tr("Header", "Sessions"),
            tr("Header", "Sessions"),
            tr("Header", "Show or hide the list of sessions (the window is too narrow for both)"),
        )
        self.title_label = ElidedLabel(self)
        self.title_label.setText(tr("Header", "New session"))
        self.title_label.setObjectName("chatTitle")
        self.prompt_button = LinkButton("", self, elide=True)
        self.prompt_button.setObjectName("chatPrompt")
        self.prompt_button.clicked.connect(self.systemPromptRequested)
        self.model_label = ElidedLabel(self)
        self.model_label.setObjectName("chatModel")
        self.tree_toggle = self._toggle(
            tr("Header", "Tree") + " ▸",
            tr("Header", "Session tree"),
            tr("Header", "Show or hide the session tree (the window is too narrow for both)"),
        )
        layout.addWidget(self.sessions_toggle)
        layout.addWidget(self.title_label, 2)
        layout.addWidget(self.prompt_button, 2, Qt.AlignmentFlag.AlignRight)
        layout.addSpacing(12)
        layout.addWidget(self.model_label, 1, Qt.AlignmentFlag.AlignRight)
        layout.addWidget(self.tree_toggle)
        style(self)
        self.set_system_prompt(None)

    def _toggle(self, text: str, name: str, tip: str) -> QToolButton:
        """A checkable button the narrow layout shows (hidden in a wide window)."""
        button = QToolButton(self)
        button.setText(text)
        button.setAccessibleName(name)
        button.setToolTip(tip)
        button.setCheckable(True)
        button.setAutoRaise(True)
        button.hide()
        return button

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
