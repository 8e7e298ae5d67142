"""The collapsed "Thinking" block of an assistant message: the model's reasoning, kept apart.

A thinking model may reason for a minute before the first word of its answer; without this
block the user stares at an empty card. While the reasoning streams, the header counts its
characters and the seconds it has taken; a click opens it. After a reload the same block is
built from the message's ``metadata["reasoning"]``. Reasoning can be long (tens of kB): the
open block shows a bounded head and says how much it left out; Copy copies all of it.
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QHBoxLayout, QSizePolicy, QToolButton, QVBoxLayout, QWidget

from pi_desktop.ui.chat.surfaces import SELECTABLE, FlatToggle, Panel, WrapLabel, muted
from pi_desktop.ui.i18n import tr, trf

# what the open block lays out at most (a label lays out all its text at once)
SHOWN_CHARS = 20_000
TICK_MS = 1_000  # the elapsed time is shown in whole seconds


def reasoning_of(metadata: Any) -> str:
    """A message's reasoning text ('' when it has none or the field is not text)."""
    if not isinstance(metadata, dict):
        return ""
    value = metadata.get("reasoning")
    return value if isinstance(value, str) and value.strip() else ""


def seconds_words(seconds: float) -> str:
    """'4 s', '1 min 05 s': how long the model thought."""
    whole = max(0, int(seconds))
    if whole < 60:
        return trf("Thinking", "%1 s", whole)
    return trf("Thinking", "%1 min %2 s", whole // 60, f"{whole % 60:02d}")


def header_text(chars: int, seconds: float | None, *, live: bool) -> str:
    """The block's one-line header: what a glance needs while it runs and after."""
    size = tr("Thinking", "%Ln character(s)", n=chars)
    if live:
        elapsed = f" · {seconds_words(seconds)}" if seconds is not None else ""
        return trf("Thinking", "Thinking… · %1", size) + elapsed
    if seconds is not None:
        return trf("Thinking", "Thought for %1 · %2", seconds_words(seconds), size)
    return trf("Thinking", "Thinking · %1", size)


class ThinkingBlock(Panel):
    """The reasoning of one answer: a header that expands to the text (see the module doc)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(None, "border", 8, parent)
        self.setObjectName("thinkingBlock")
        self._parts: list[str] = []
        self._chars = 0
        self._text_cache: str | None = ""
        self._started: float | None = None
        self.seconds: float | None = None  # how long it thought (None: not measured)
        self.live = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 1, 6, 3)
        layout.setSpacing(2)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        self.toggle = FlatToggle(self)
        self.toggle.setObjectName("thinkingToggle")
        self.toggle.setCheckable(True)
        self.toggle.setAutoRaise(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.toggle.setToolTip(
            tr("Thinking", "The model's reasoning before it answered (click to read it)")
        )
        self.toggle.toggled.connect(self.set_expanded)
        muted(self.toggle)
        self.copy_button = QToolButton(self)
        self.copy_button.setAutoRaise(True)
        self.copy_button.setText(tr("Thinking", "Copy"))
        self.copy_button.setToolTip(tr("Thinking", "Copy the whole reasoning to the clipboard"))
        self.copy_button.clicked.connect(self._copy)
        self.copy_button.hide()
        row.addWidget(self.toggle)
        row.addStretch(1)
        row.addWidget(self.copy_button)
        layout.addLayout(row)
        self.body = muted(WrapLabel(self))
        self.body.setObjectName("thinkingText")
        self.body.setTextFormat(Qt.TextFormat.PlainText)  # reasoning is the model's raw text
        self.body.setTextInteractionFlags(SELECTABLE)
        self.body.setContentsMargins(18, 0, 0, 2)
        self.body.hide()
        layout.addWidget(self.body)
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._refresh_header)
        self._refresh_header()

    # -- content -------------------------------------------------------------------------

    @property
    def text(self) -> str:
        if self._text_cache is None:
            self._text_cache = "".join(self._parts)
            self._parts = [self._text_cache]
        return self._text_cache

    @property
    def chars(self) -> int:
        return self._chars

    @property
    def expanded(self) -> bool:
        return self.toggle.isChecked()

    def append(self, text: str) -> None:
        """Streamed reasoning: the header counts it, an open block shows it as it comes."""
        if not text:
            return
        if not self.live:
            self.live = True
            self._started = time.monotonic()
            self._timer.start()
        self._parts.append(text)
        self._chars += len(text)
        self._text_cache = None
        self._refresh_header()
        if self.expanded and self._chars - len(text) < SHOWN_CHARS:
            self._show_body()

    def finish(self, seconds: float | None = None) -> None:
        """The reasoning is over (the answer started, the message arrived or the run ended);
        ``seconds`` overrides the measured duration (the provider's own figure)."""
        if self.live and self._started is not None:
            self.seconds = time.monotonic() - self._started
        if seconds is not None:
            self.seconds = seconds
        self.live = False
        self._timer.stop()
        self._refresh_header()

    def restart(self) -> None:
        """A retried request streams its reasoning again: count from nothing."""
        self._timer.stop()
        self.live = False
        self._started = None
        self.set_text("")

    def set_text(self, text: str) -> None:
        """The whole reasoning at once (a saved message, or the final text of a stream)."""
        if text == self.text:
            return
        self._parts = [text]
        self._text_cache = text
        self._chars = len(text)
        self._refresh_header()
        if self.expanded:
            self._show_body()

    def set_expanded(self, expanded: bool) -> None:
        if self.toggle.isChecked() != expanded:
            self.toggle.setChecked(expanded)  # re-enters via toggled
            return
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if expanded else Qt.ArrowType.RightArrow)
        if expanded:
            self._show_body()
        self.body.setVisible(expanded)
        self.copy_button.setVisible(expanded)

    def header(self) -> str:
        return self.toggle.text()

    # -- drawing -------------------------------------------------------------------------

    def _elapsed(self) -> float | None:
        if self.live and self._started is not None:
            return time.monotonic() - self._started
        return self.seconds

    def _refresh_header(self) -> None:
        self.toggle.setText(header_text(self._chars, self._elapsed(), live=self.live))

    def _show_body(self) -> None:
        text = self.text
        shown = text[:SHOWN_CHARS]
        if len(shown) < len(text):
            shown += "\n" + trf(
                "Thinking",
                "… (%1 more characters; Copy copies all of it)",
                len(text) - len(shown),
            )
        self.body.setText(shown)

    def _copy(self) -> None:
        QGuiApplication.clipboard().setText(self.text)
        self.copy_button.setText(tr("Thinking", "Copied"))
