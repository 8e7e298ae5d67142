"""The input box and the small "Compact now" dialog of the main window."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)


class InputBox(QPlainTextEdit):
    """Enter (or Ctrl+Enter) sends, Shift+Enter is a newline, Esc stops the run."""

    submitted = Signal()
    stopRequested = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                self.insertPlainText("\n")
            else:
                self.submitted.emit()
            return
        if key == Qt.Key.Key_Escape:
            self.stopRequested.emit()
            return
        super().keyPressEvent(event)


class CompactDialog(QDialog):
    """ "Compact now" with an optional focus line for the summary."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Compact now")
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Summarize the conversation so far. Optional focus:", self))
        self.instructions = QLineEdit(self)
        self.instructions.setPlaceholderText("e.g. keep the API design decisions in detail")
        layout.addWidget(self.instructions)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Compact")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(480, self.sizeHint().height())
