"""A message card: the markdown body of one user or assistant message, its Thinking block,
its pin badge and the hover actions (copy, pin, edit) with the answer's figure line.

The other rows live beside it (code_block, tool_call, row_markers) and are re-exported here,
where the window and older code import them from.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from pi_desktop.ui.chat.code_block import CodeBlockWidget
from pi_desktop.ui.chat.copied import CopiedNote
from pi_desktop.ui.chat.row_markers import CompactionMarker, InlineBanner
from pi_desktop.ui.chat.surfaces import ElidedLabel, Panel, muted
from pi_desktop.ui.chat.thinking import ThinkingBlock
from pi_desktop.ui.chat.tool_call import ToolCallWidget
from pi_desktop.ui.chat.usage_text import MessageStats
from pi_desktop.ui.i18n import tr
from pi_desktop.ui.text.markdown_view import MarkdownBody
from pi_desktop.ui.theme import themed_icon

__all__ = [
    "CodeBlockWidget",
    "CompactionMarker",
    "InlineBanner",
    "MessageActions",
    "MessageCard",
    "ToolCallWidget",
    "role_title",
]


PIN_TIP = "Pin: keep this message verbatim in every request (Ctrl+P)"
UNPIN_TIP = "Unpin: let the context layers shorten or summarize it again (Ctrl+P)"
PIN_BADGE = "⚑ pinned"


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
        self.copied_note = CopiedNote(self)  # "✓ Copied" for a moment after a copy
        layout.addWidget(self.copied_note)
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

    def show_copied(self, what: str | None = None) -> None:
        """A tick where the copy icon was and "✓ Copied" beside it for a moment, also said
        to a screen reader: the click did something."""
        self.copy_button.setIcon(themed_icon("check"))
        self.copy_button.setToolTip(tr("MessageCard", "Copied"))
        self.show()
        self.copied_note.flash(what)

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
        self.actions.copied_note.expired.connect(self._copied_expired)
        self.body.codeCopied.connect(
            lambda _index: self.actions.show_copied(tr("MessageCard", "Code copied"))
        )
        self.body.textCopied.connect(
            lambda: self.actions.show_copied(tr("MessageCard", "Message copied"))
        )
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

    def set_editable(self, editable: bool) -> None:
        """Offer Edit or not: a question a compaction summarized cannot branch (edit_floor)."""
        if self.actions.edit_button is not None:
            self.actions.edit_button.setVisible(editable)

    @property
    def editable(self) -> bool:
        button = self.actions.edit_button
        return button is not None and not button.isHidden()

    def _edit(self) -> None:
        if self.entry_id and self.editable:
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
        if not self.actions.copied_note.active:  # else the confirmation stays until it ends
            self.actions.hide()
            self.actions.recolor()  # the tick goes: the next copy shows its own
        super().leaveEvent(event)

    def _copied_expired(self) -> None:
        self.actions.recolor()
        if not self.underMouse():
            self.actions.hide()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.actions.recolor()


def role_title(role: str) -> str:
    """ "You", "Assistant": a card's author in the interface's language."""
    titles = {
        "user": tr("MessageCard", "You"),
        "assistant": tr("MessageCard", "Assistant"),
        "system": tr("MessageCard", "System"),
    }
    return titles.get(role, role)
