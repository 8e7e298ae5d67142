"""A tool call in the conversation: a header (the call, its status) that opens onto the
arguments and the result, with a link to the file when L3 saved the result to disk."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

from pi_desktop.agent.tools.paths import parse_cap_note
from pi_desktop.ui.chat.code_block import CodeBlockWidget, monospace_font
from pi_desktop.ui.chat.surfaces import SELECTABLE, FlatToggle, LinkButton, Panel
from pi_desktop.ui.i18n import capped_text, tr, trf
from pi_desktop.ui.scrollbars import slim_scroll_bars
from pi_desktop.ui.text.markdown import Block

TOOL_RESULT_PREVIEW_CHARS = 3_000
TOOL_RESULT_PREVIEW_LINES = 40


def _format_arguments(arguments: dict[str, Any] | str) -> str:
    if isinstance(arguments, str):
        return arguments
    return json.dumps(arguments, ensure_ascii=False, indent=2)


def _short_arguments(arguments: dict[str, Any] | str, limit: int = 60) -> str:
    if isinstance(arguments, str):
        text = arguments
    else:
        text = ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in arguments.items())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class ToolCallWidget(Panel):
    """A tool call: a header that expands to the arguments and the result.

    An offloaded result (L3 wrote it to a file) gets a link that opens the saved file.
    """

    openFileRequested = Signal(str)

    def __init__(
        self,
        call_id: str,
        name: str,
        arguments: dict[str, Any] | str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("surface", "border", 10, parent)
        self.call_id = call_id
        self.name = name
        self.arguments = arguments
        self.result: str | None = None
        self.is_error = False
        self.offloaded_path: str | None = None
        self.stored = False  # drawn for a stored assistant message (not only from the stream)
        self.setObjectName("toolCall")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 4)
        layout.setSpacing(2)
        self.toggle = FlatToggle(self)
        self.toggle.setObjectName("toolToggle")
        self.toggle.setAccessibleDescription(
            tr("MessageCard", "A tool call: Space shows or hides its arguments and result.")
        )
        self.toggle.setCheckable(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.setAutoRaise(True)
        self.toggle.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._header = self._call = self._status = ""
        self.toggle.toggled.connect(self.set_expanded)
        layout.addWidget(self.toggle)
        self.details = QWidget(self)
        details = QVBoxLayout(self.details)
        details.setContentsMargins(18, 0, 0, 0)
        unreadable = isinstance(arguments, str) and arguments.startswith("[unreadable arguments")
        language = "text" if unreadable else "json"  # a note about the JSON is not JSON
        self.args_view = CodeBlockWidget(Block("code", _format_arguments(arguments), language))
        details.addWidget(QLabel(tr("MessageCard", "Arguments"), self.details))
        details.addWidget(self.args_view)
        self.result_title = QLabel(tr("MessageCard", "Result"), self.details)
        # tool output is line-oriented (grep, listings): lines keep whole and scroll sideways
        self.result_view = QLabel(self.details)
        self.result_view.setObjectName("toolResult")
        self.result_view.setAccessibleName(tr("MessageCard", "Result"))
        self.result_view.setTextFormat(Qt.TextFormat.PlainText)
        self.result_view.setTextInteractionFlags(SELECTABLE)
        self.result_view.setFont(monospace_font())
        self.result_view.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.result_scroll = QScrollArea(self.details)
        self.result_scroll.setObjectName("toolResult")
        self.result_scroll.setWidget(self.result_view)
        self.result_view.setAutoFillBackground(False)  # setWidget turned it on
        self.result_scroll.setWidgetResizable(True)
        self.result_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.result_scroll.viewport().setAutoFillBackground(False)
        slim_scroll_bars(self.result_scroll)
        self.result_scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.result_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.result_scroll.hide()
        self.open_button = LinkButton("", self.details)
        self.open_button.setObjectName("linkButton")
        self.open_button.clicked.connect(self._open)
        self.open_button.hide()
        details.addWidget(self.result_title)
        details.addWidget(self.result_scroll)
        details.addWidget(self.open_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.details)
        self.details.hide()
        self._update_header()

    @property
    def expanded(self) -> bool:
        return self.toggle.isChecked()

    def set_expanded(self, expanded: bool) -> None:
        if self.toggle.isChecked() != expanded:
            self.toggle.setChecked(expanded)  # re-enters via toggled
            return
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if expanded else Qt.ArrowType.RightArrow)
        self.details.setVisible(expanded)

    def set_result(self, result: str, *, is_error: bool = False, offloaded_path: str | None = None):
        self.result = result
        self.is_error = is_error
        if offloaded_path:
            self.offloaded_path = offloaded_path
        head = result[:TOOL_RESULT_PREVIEW_CHARS].split("\n")[:TOOL_RESULT_PREVIEW_LINES]
        shown = "\n".join(head)
        if len(shown) < len(result):
            shown += "\n" + trf("MessageCard", "… (%1 more characters)", len(result) - len(shown))
        self.result_view.setText(shown)
        lines = shown.count("\n") + 1
        bar = self.result_scroll.horizontalScrollBar().sizeHint().height()
        height = self.result_view.fontMetrics().lineSpacing() * lines + 4
        self.result_scroll.setFixedHeight(height + bar)
        self.result_scroll.show()
        if self.offloaded_path:
            name = self.offloaded_path.replace("\\", "/").rsplit("/", 1)[-1]
            cap = parse_cap_note(result)  # a capped output: say how much of the input it holds
            held = (
                trf("MessageCard", "%1 the tool read", capped_text(cap))
                if cap
                else trf("MessageCard", "%1 characters", len(result))
            )
            self.open_button.setText(
                trf("MessageCard", "Open the saved result ↗  (%1: %2)", name, held)
            )
            self.open_button.setToolTip(
                trf("MessageCard", "Saved to %1 to keep the context small", self.offloaded_path)
            )
            self.open_button.show()
        self._update_header()

    def _update_header(self) -> None:
        if self.result is None:
            status = tr("MessageCard", "running…")
        elif self.is_error:
            status = "✗ error"
        else:
            cap = parse_cap_note(self.result)
            status = (
                f"✓ {capped_text(cap)}"
                if cap
                else "✓ " + trf("MessageCard", "%1 chars", len(self.result))
            )
            if self.offloaded_path:
                status += " · " + tr("MessageCard", "saved to file")
        self._call = f"⚙ {self.name}({_short_arguments(self.arguments)})"
        self._status = status
        self._header = f"{self._call}   {status}"
        self._fit_header()

    def _fit_header(self) -> None:
        """The call's part of the header elided to the row (the status always shows whole):
        a long call must not widen the conversation, or a narrow window clips every row."""
        text = self._header
        if self.isVisible():  # laid out: its width is the row's
            metrics = self.toggle.fontMetrics()
            room = self.width() - 48 - metrics.horizontalAdvance(f"   {self._status}")
            if metrics.horizontalAdvance(self._call) > room:
                call = metrics.elidedText(self._call, Qt.TextElideMode.ElideRight, max(40, room))
                text = f"{call}   {self._status}"
        self.toggle.setText(text)
        self.toggle.setToolTip(self._header if text != self._header else "")

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fit_header()

    def _open(self) -> None:
        if self.offloaded_path:
            self.openFileRequested.emit(self.offloaded_path)
