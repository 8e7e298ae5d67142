"""Enter while an answer is written: the message waits, shown, and goes when the answer ends.

Before, Enter did nothing mid-answer and left the text in the box, so the next thing typed was
glued onto it. Now the text leaves the box for a "Queued" strip above it (Edit takes it back
into the box, × drops it), and is sent as soon as the run ends — through the window's own
send, so a read-only session or a too-large message is refused exactly as if typed then. A
second Enter adds to the same queued message (one turn, paragraphs in order). When the answer
is stopped or fails, the queued text is not sent after it: it goes back into the box, first,
with whatever was typed since after it, and the status bar says so — nothing is lost.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QSizePolicy,
    QStatusBar,
    QToolButton,
    QWidget,
)

from pi_desktop.ui.announce import announce
from pi_desktop.ui.i18n import tr

PREVIEW_CHARS = 300  # the strip shows the head of a long message; the tooltip has all of it


def _joined(first: str, then: str) -> str:
    """Two texts as one message, paragraphs in order (an empty one adds nothing)."""
    return "\n\n".join(part for part in (first.strip("\n"), then.strip("\n")) if part.strip())


class QueuedStrip(QFrame):
    """The strip above the input: "Queued — sent when the answer ends: …  Edit  ×"."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("queuedMessage")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName(tr("SendQueue", "Queued message"))
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 2, 2, 2)
        self.caption = QLabel(tr("SendQueue", "Queued — sent when the answer ends:"), self)
        self.caption.setForegroundRole(QPalette.ColorRole.PlaceholderText)  # quiet, readable
        self.preview = QLabel(self)
        self.preview.setTextFormat(Qt.TextFormat.PlainText)  # the user's words, never markup
        self.preview.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.edit_button = QToolButton(self)
        self.edit_button.setText(tr("SendQueue", "Edit"))
        self.edit_button.setToolTip(tr("SendQueue", "Take the queued message back into the box"))
        self.cancel_button = QToolButton(self)
        self.cancel_button.setText("×")
        self.cancel_button.setToolTip(tr("SendQueue", "Do not send the queued message"))
        self.cancel_button.setAccessibleName(tr("SendQueue", "Cancel the queued message"))
        row.addWidget(self.caption)
        row.addWidget(self.preview, 1)
        row.addWidget(self.edit_button)
        row.addWidget(self.cancel_button)
        self.hide()

    def show_text(self, text: str) -> None:
        one_line = " ".join(text.split())
        head = one_line[:PREVIEW_CHARS]
        self.preview.setText(
            self.preview.fontMetrics().elidedText(
                head, Qt.TextElideMode.ElideRight, max(40, self.preview.width())
            )
        )
        self.preview.setToolTip(text)
        self.setAccessibleDescription(text)
        self.setVisible(bool(text))

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        tip = self.preview.toolTip()
        if tip:
            self.show_text(tip)


class SendQueue(QObject):
    """One message waiting for the run to end (see the module docstring)."""

    changed = Signal(str)  # the queued text ("" when none)

    def __init__(
        self,
        box: QPlainTextEdit,
        busy: Callable[[], bool],
        send: Callable[[], Any],
        status: QStatusBar,
        parent: QWidget,
    ) -> None:
        """``send`` is the window's send: it sends what the box holds, or refuses (None)."""
        super().__init__(parent)
        self.box = box
        self._busy = busy
        self._send = send
        self.status = status
        self.strip = QueuedStrip(parent)
        self.strip.edit_button.clicked.connect(lambda _checked=False: self.edit())
        self.strip.cancel_button.clicked.connect(lambda _checked=False: self.cancel())
        self.text = ""
        self._ended_badly = False  # the run was stopped or failed: nothing follows it
        self._placeholder = box.placeholderText()

    # -------------------------------------------------------------- what the user does
    def submit(self) -> bool:
        """Enter: queue the box's text while a run is busy (else the window sent it)."""
        typed = self.box.toPlainText()
        if not self._busy() or not typed.strip():
            return False
        self._set(_joined(self.text, typed))
        self.box.clear()
        announce(self.strip, tr("SendQueue", "Queued. It is sent when the answer ends."))
        return True

    def edit(self) -> None:
        """Back into the box (before what was typed since), to change it or send it later."""
        if not self.text:
            return
        self.box.setPlainText(_joined(self.text, self.box.toPlainText()))
        self._set("")
        self.box.moveCursor(self.box.textCursor().MoveOperation.End)
        self.box.setFocus()

    def cancel(self) -> None:
        if self.text:
            self._set("")
            self.status.showMessage(tr("SendQueue", "The queued message was dropped."), 4000)

    # -------------------------------------------------------------- what the run does
    def busy_changed(self, busy: bool) -> None:
        if busy:
            self._ended_badly = False
            self._placeholder = self.box.placeholderText() or self._placeholder
            self.box.setPlaceholderText(
                tr("SendQueue", "Enter queues your message; it is sent when the answer ends")
            )
            return
        self.box.setPlaceholderText(self._placeholder)
        if not self.text:
            return
        if self._ended_badly:
            self.edit()
            self.status.showMessage(
                tr(
                    "SendQueue",
                    "The answer did not finish: your queued message is back in the box.",
                ),
                8000,
            )
            return
        # after the window's own end-of-run handlers, outside the signal that ended the run
        QTimer.singleShot(0, self._flush)

    def run_ended(self, event: Any) -> None:
        """``runFinished`` / ``runFailed``: a stopped or failed answer is not followed."""
        if getattr(event, "stopped", True):
            self._ended_badly = True

    def _flush(self) -> None:
        if not self.text or self._busy():
            return
        queued, draft = self.text, self.box.toPlainText()
        self._set("")
        self.box.setPlainText(queued)
        if self._send() is None:  # refused (read-only, still opening…): it stays in the box
            self.box.setPlainText(_joined(queued, draft))
        else:
            self.box.setPlainText(draft)

    def _set(self, text: str) -> None:
        self.text = text
        self.strip.show_text(text)
        self.changed.emit(text)
