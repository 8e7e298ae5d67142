"""The rows of the conversation: message cards, code blocks, tool calls, markers, errors.

Each row is a small widget that sizes itself (word-wrapped labels), so the conversation is a
plain vertical list and appending never relayouts what is above. A message's text, code
blocks included, is one ``MarkdownBody`` document (markdown_view); ``CodeBlockWidget`` shows
a tool call's arguments.
"""

from __future__ import annotations

import json
import math
from typing import Any

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QFont, QGuiApplication, QPainter, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from pi_desktop.agent.tools.paths import parse_cap_note
from pi_desktop.ui.chat.surfaces import (
    SELECTABLE,
    FlatToggle,
    LinkButton,
    Panel,
    WrapLabel,
    muted,
)
from pi_desktop.ui.chat.thinking import ThinkingBlock
from pi_desktop.ui.chat.usage_text import MessageStats
from pi_desktop.ui.i18n import capped_text, tr, trf
from pi_desktop.ui.labels import format_tokens
from pi_desktop.ui.scrollbars import slim_scroll_bars
from pi_desktop.ui.text.highlight import code_html
from pi_desktop.ui.text.markdown import Block
from pi_desktop.ui.text.markdown_view import MarkdownBody, is_dark
from pi_desktop.ui.theme import themed_icon

TOOL_RESULT_PREVIEW_CHARS = 3_000
# A tool call's arguments can be megabytes (write_file content, one JSON line): the block
# shows a bounded head and says so; Copy still copies everything.
CODE_SHOWN_CHARS = 12_000
CODE_SHOWN_LINE_CHARS = 1_000
TOOL_RESULT_PREVIEW_LINES = 40


def _monospace_font() -> QFont:
    """The application font at its size, in a monospace family (code and tool output)."""
    font = QGuiApplication.font()
    font.setFamily("monospace")
    font.setStyleHint(QFont.StyleHint.Monospace)
    return font


def shown_code(code: str) -> tuple[str, bool]:
    """The part of ``code`` a block shows, and whether anything was left out: at most
    ``CODE_SHOWN_CHARS``, each line at most ``CODE_SHOWN_LINE_CHARS`` (a label lays out all of
    its text at once, and one 1 MB line took seconds)."""
    head = code[:CODE_SHOWN_CHARS]
    cut = len(head) < len(code)
    lines = head.split("\n")
    for i, line in enumerate(lines):
        if len(line) > CODE_SHOWN_LINE_CHARS:
            lines[i] = line[:CODE_SHOWN_LINE_CHARS] + " …"
            cut = True
    shown = "\n".join(lines)
    return (shown + "\n…" if len(head) < len(code) else shown), cut


class CodeBlockWidget(Panel):
    """A code block (a tool call's arguments): language, a Copy button, highlighted monospace.

    Long lines scroll horizontally instead of widening the conversation.
    """

    def __init__(self, block: Block, parent: QWidget | None = None) -> None:
        super().__init__("code_bg", "border", 8, parent)
        self.kind = "code"
        self.setObjectName("codeBlock")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 6)
        layout.setSpacing(2)
        header = QHBoxLayout()
        self.lang_label = muted(QLabel(self))
        self.lang_label.setObjectName("codeLang")
        self.copy_button = QToolButton(self)
        self.copy_button.setAutoRaise(True)
        self.copy_button.setText(tr("MessageCard", "Copy"))
        self.copy_button.setToolTip(tr("MessageCard", "Copy this code block to the clipboard"))
        self.copy_button.clicked.connect(self._copy)
        header.addWidget(self.lang_label)
        header.addStretch(1)
        header.addWidget(self.copy_button)
        layout.addLayout(header)
        self.code_label = QLabel(self)
        self.code_label.setTextFormat(Qt.TextFormat.RichText)
        self.code_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.code_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.code_label.setFont(_monospace_font())
        self.scroll = QScrollArea(self)
        self.scroll.setWidget(self.code_label)
        self.code_label.setAutoFillBackground(False)  # setWidget turned it on
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.viewport().setAutoFillBackground(False)  # the panel's colour shows through
        slim_scroll_bars(self.scroll)
        self.scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        layout.addWidget(self.scroll)
        self.code = block.text
        self.lang = block.lang
        self.shown, cut = shown_code(block.text)
        self.lang_label.setText(block.lang or tr("MessageCard", "code"))
        if cut:
            self.lang_label.setText(
                trf(
                    "MessageCard",
                    "%1 · showing part of %2 characters; Copy copies all of it",
                    block.lang or tr("MessageCard", "code"),
                    len(block.text),
                )
            )
        self.code_label.setText(code_html(self.shown, block.lang, dark=is_dark()))
        self._fit_height()

    def changeEvent(self, event: QEvent) -> None:
        """Light/dark switched: recolour the highlighted code for the new scheme."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.code_label.setText(code_html(self.shown, self.lang, dark=is_dark()))

    def _fit_height(self) -> None:
        lines = self.shown.count("\n") + 1
        height = self.code_label.fontMetrics().lineSpacing() * lines + 8
        bar = self.scroll.horizontalScrollBar().sizeHint().height()
        self.scroll.setFixedHeight(height + bar)

    def _copy(self) -> None:
        QGuiApplication.clipboard().setText(self.code)
        self.copy_button.setText(tr("MessageCard", "Copied"))


ROLE_TITLES = {"user": "You", "assistant": "Assistant", "system": "System"}


PIN_TIP = "Pin: keep this message verbatim in every request (Ctrl+P)"
UNPIN_TIP = "Unpin: let the context layers shorten or summarize it again (Ctrl+P)"
PIN_BADGE = "⚑ pinned"


class ElidedLabel(QLabel):
    """One line of plain text that ends in "…" when the row is too narrow (the whole text is
    its tooltip's business): a long figure line must not widen or clip the conversation."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def minimumSizeHint(self) -> QSize:
        return QSize(40, self.fontMetrics().height())

    def paintEvent(self, event: QEvent) -> None:
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        shown = self.fontMetrics().elidedText(
            self.text(), Qt.TextElideMode.ElideRight, self.width()
        )
        align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(self.rect(), int(align), shown)
        painter.end()


class MessageActions(QWidget):
    """The icons under a message, shown while the pointer is over it: copy, and for the
    user's own turns edit. Its room is kept while hidden, so hovering never moves text."""

    def __init__(self, role: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("messageActions")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.copy_button = self._button(
            "copy", tr("MessageCard", "Copy"), tr("MessageCard", "Copy this message")
        )
        self.pin_button = self._button("pin", tr("MessageCard", "Pin"), tr("MessageCard", PIN_TIP))
        self.pin_button.setCheckable(True)
        self.edit_button: QToolButton | None = None
        if role == "user":
            self.edit_button = self._button(
                "edit",
                tr("MessageCard", "Edit"),
                tr("MessageCard", "Edit this message and send it again"),
            )
        if role == "user":
            layout.addStretch(1)  # a user's bubble sits on the right: so do its actions
        layout.addWidget(self.copy_button)
        layout.addWidget(self.pin_button)
        if self.edit_button is not None:
            layout.addWidget(self.edit_button)
        # an answer's cost (tokens, cache, speed), quiet beside its actions
        self.usage_label = muted(ElidedLabel(self))
        self.usage_label.setObjectName("usageLine")
        self.usage_label.hide()
        if role != "user":
            layout.addWidget(self.usage_label, 1)
            layout.addStretch(0)  # holds the icons left while there is no figure line
        policy = self.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.setSizePolicy(policy)
        self.hide()

    def _button(self, icon: str, text: str, tip: str) -> QToolButton:
        button = QToolButton(self)
        button.setObjectName(f"{icon}Action")
        button.setText(text)  # read by screen readers; the icon is what shows
        button.setIcon(themed_icon(icon))
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        button.setToolTip(tip)
        button.setCursor(Qt.CursorShape.PointingHandCursor)
        button.setAutoRaise(True)
        return button

    def set_usage(self, line: str, details: str) -> None:
        self.usage_label.setText(line)
        self.usage_label.setToolTip(details)
        self.usage_label.setVisible(bool(line))

    def show_copied(self) -> None:
        """A tick where the copy icon was, until the pointer leaves: the click did something."""
        self.copy_button.setIcon(themed_icon("check"))
        self.copy_button.setToolTip(tr("MessageCard", "Copied"))

    def recolor(self) -> None:
        self.copy_button.setIcon(themed_icon("copy"))
        self.copy_button.setToolTip(tr("MessageCard", "Copy this message"))
        self.pin_button.setIcon(themed_icon("pin"))
        if self.edit_button is not None:
            self.edit_button.setIcon(themed_icon("edit"))


class MessageCard(QFrame):
    """One user or assistant message: the markdown body and its hover actions.

    The user's turns are tinted bubbles on the right; the assistant's answer is an unboxed
    column under a quiet role line. Copy copies the message's text; Edit only asks
    (``editRequested(entry_id)``): what editing does is the window's business."""

    editRequested = Signal(str)
    pinRequested = Signal(str, bool)  # entry id, True: pin / False: unpin
    copied = Signal()

    def __init__(
        self,
        role: str,
        text: str = "",
        entry_id: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.role = role
        self.entry_id = entry_id
        self.stopped = False
        self.setObjectName(f"{role}Card")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(2)
        # the message itself: a tinted bubble for the user, an unboxed column otherwise
        self.bubble = Panel("user_bubble" if role == "user" else None, None, 14, self)
        self.bubble.setObjectName(f"{role}Bubble")
        layout = QVBoxLayout(self.bubble)
        if role == "user":
            layout.setContentsMargins(14, 8, 14, 8)
        else:
            layout.setContentsMargins(2, 0, 2, 0)
        layout.setSpacing(4)
        header = QHBoxLayout()
        self.role_label = muted(QLabel(role_title(role), self.bubble), bold=True)
        self.role_label.setObjectName("roleLabel")
        self.status_label = muted(QLabel(self.bubble))
        self.status_label.setObjectName("statusLabel")
        header.addWidget(self.role_label)
        header.addStretch(1)
        header.addWidget(self.status_label)
        if role == "user":  # the bubble says who wrote it; a status shows under it
            self.role_label.hide()
            self.status_label.hide()
        else:
            layout.addLayout(header)
        self.thinking: ThinkingBlock | None = None  # built when the answer has reasoning
        self.body = MarkdownBody(text, self.bubble)
        layout.addWidget(self.body)
        self.pinned = False
        self.pin_badge = QLabel(tr("MessageCard", PIN_BADGE), self)
        self.pin_badge.setObjectName("pinBadge")
        self.pin_badge.setToolTip(
            tr("MessageCard", "Pinned: sent verbatim in every request, never summarized")
        )
        align = Qt.AlignmentFlag.AlignRight if role == "user" else Qt.AlignmentFlag.AlignLeft
        self.pin_badge.setAlignment(align)
        self.pin_badge.hide()
        outer.addWidget(self.pin_badge)
        outer.addWidget(self.bubble)
        self.actions = MessageActions(role, self)
        self.actions.copy_button.clicked.connect(self.copy_text)
        if self.actions.edit_button is not None:
            self.actions.edit_button.clicked.connect(self._edit)
        self.actions.pin_button.clicked.connect(self._toggle_pin)
        self.actions.pin_button.setEnabled(entry_id is not None)
        outer.addWidget(self.actions)
        self.stats: dict[str, Any] | None = None

    @property
    def text(self) -> str:
        return self.body.text

    @property
    def reasoning(self) -> str:
        return self.thinking.text if self.thinking is not None else ""

    def thinking_block(self) -> ThinkingBlock:
        """The card's Thinking block, built above the answer on first use."""
        if self.thinking is None:
            self.thinking = ThinkingBlock(self.bubble)
            layout = self.bubble.layout()
            layout.insertWidget(layout.indexOf(self.body), self.thinking)
        return self.thinking

    def set_reasoning(self, text: str, seconds: float | None = None) -> None:
        """The answer's whole reasoning (a saved message, or the stream's final text)."""
        if not text.strip() and self.thinking is None:
            return
        block = self.thinking_block()
        block.set_text(text)
        block.finish(seconds)

    def set_stats(self, stats: MessageStats | None) -> None:
        """What answering cost: shown under the message while the pointer is over it, and as
        its tooltip (tokens in and out, cached share, time to first token, speed)."""
        text = stats.line() if stats is not None else ""
        self.actions.set_usage(text, stats.details() if stats is not None else "")
        self.setToolTip(stats.details() if stats is not None else "")

    def copy_text(self) -> None:
        """Copy the message as it was written (markdown, code fences and all)."""
        QGuiApplication.clipboard().setText(self.text)
        self.actions.show_copied()
        self.copied.emit()

    def _edit(self) -> None:
        if self.entry_id:
            self.editRequested.emit(self.entry_id)

    def _toggle_pin(self, _checked: bool = False) -> None:
        self.actions.pin_button.setChecked(self.pinned)  # the window decides; set_pinned shows
        if self.entry_id:
            self.pinRequested.emit(self.entry_id, not self.pinned)

    def set_pinned(self, pinned: bool) -> None:
        """Show (or clear) the pin: a badge over the message and a checked pin action."""
        self.pinned = pinned
        self.pin_badge.setVisible(pinned)
        self.actions.pin_button.setChecked(pinned)
        self.actions.pin_button.setToolTip(
            tr("MessageCard", UNPIN_TIP) if pinned else tr("MessageCard", PIN_TIP)
        )

    def set_stopped(self) -> None:
        """A stopped answer stays visible but is marked as cut short."""
        self.stopped = True
        self.status_label.setText("■ stopped")
        self.status_label.setToolTip(
            tr("MessageCard", "You stopped this answer; it is kept as it was.")
        )

    def sizeHint(self) -> QSize:
        """A user's bubble is as wide as its text (the view caps it with a maximum width)."""
        hint = super().sizeHint()
        if self.role != "user":
            return hint
        margins = self.bubble.layout().contentsMargins()
        ideal = math.ceil(self.body.document().idealWidth()) + 4
        return QSize(max(ideal, 96) + margins.left() + margins.right(), hint.height())

    def enterEvent(self, event: QEvent) -> None:
        self.actions.show()
        super().enterEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        self.actions.hide()
        self.actions.recolor()  # the tick goes: the next copy shows its own
        super().leaveEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.actions.recolor()


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
        self.result_view.setFont(_monospace_font())
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


class CompactionMarker(QFrame):
    """ "compacted 12 messages · 95k → 10k tokens · view summary"."""

    summaryRequested = Signal(str)

    def __init__(
        self,
        entry_id: str | None,
        tokens_before: int,
        tokens_after: int,
        summarized_count: int,
        *,
        manual: bool = False,
        rung: str = "model",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.entry_id = entry_id
        self.rung = rung
        self.setObjectName("compactionMarker")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        how = (
            tr("MessageCard", "compacted on request") if manual else tr("MessageCard", "compacted")
        )
        if rung == "extractive":  # no model wrote this summary: say so where it is shown
            how += " " + tr("MessageCard", "(extractive)")
            self.setToolTip(
                tr(
                    "MessageCard",
                    "Extractive summary: the model's summary failed, so this one was built "
                    "without a model (your newest messages verbatim, the files, the tool calls).",
                )
            )
        self.label = muted(
            QLabel(
                f"──  {how} "
                + tr("MessageCard", "%Ln message(s)", n=summarized_count)
                + " · "
                + trf(
                    "MessageCard",
                    "%1 → %2 tokens",
                    format_tokens(tokens_before),
                    format_tokens(tokens_after),
                )
                + " ·",
                self,
            )
        )
        self.view_button = LinkButton(tr("MessageCard", "view summary"), self)
        self.view_button.setToolTip(
            tr("MessageCard", "Open the summary history at this compaction")
        )
        self.view_button.setObjectName("linkButton")
        self.view_button.setEnabled(entry_id is not None)
        self.view_button.clicked.connect(self._view)
        layout.addStretch(1)
        layout.addWidget(self.label)
        layout.addWidget(self.view_button)
        layout.addStretch(1)

    def _view(self) -> None:
        if self.entry_id:
            self.summaryRequested.emit(self.entry_id)


BANNER_BORDERS = {"error": "error", "refusal": "refusal"}  # any other kind: the quiet border


class InlineBanner(Panel):
    """An inline, non-modal message with optional action buttons (errors, refusals, notices)."""

    def __init__(self, text: str, *, kind: str = "info", parent: QWidget | None = None) -> None:
        super().__init__(None, BANNER_BORDERS.get(kind, "border"), 8, parent)
        self.kind = kind
        self.setObjectName(f"{kind}Banner")  # its border is drawn in the kind's colour
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 6, 6)
        self.label = WrapLabel(self)
        self.label.setTextFormat(Qt.TextFormat.PlainText)  # errors quote servers' HTML pages
        self.label.setText(text)
        self.label.setTextInteractionFlags(SELECTABLE)
        layout.addWidget(self.label, 1)
        self.buttons: dict[str, QPushButton] = {}
        self._layout = layout

    @property
    def text(self) -> str:
        return self.label.text()

    def add_action(self, name: str, text: str) -> QPushButton:
        button = QPushButton(text, self)
        self._layout.addWidget(button)
        self.buttons[name] = button
        return button


def role_title(role: str) -> str:
    """ "You", "Assistant": a card's author in the interface's language."""
    titles = {
        "user": tr("MessageCard", "You"),
        "assistant": tr("MessageCard", "Assistant"),
        "system": tr("MessageCard", "System"),
    }
    return titles.get(role, role)
