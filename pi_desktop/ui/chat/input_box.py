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

from pi_desktop.ui.i18n import tr


class InputBox(QPlainTextEdit):
    """Enter (or Ctrl+Enter) sends, Shift+Enter is a newline, Esc stops the run; Tab and
    Shift+Tab move the focus as everywhere else in the window, Ctrl+Tab types a tab."""

    submitted = Signal()
    stopRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTabChangesFocus(True)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key == Qt.Key.Key_Tab and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.insertPlainText("\t")
            return
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
        self.setWindowTitle(tr("CompactDialog", "Compact now"))
        layout = QVBoxLayout(self)
        label = QLabel(
            tr("CompactDialog", "Summarize the conversation so far. Optional &focus:"), self
        )
        layout.addWidget(label)
        self.instructions = QLineEdit(self)
        label.setBuddy(self.instructions)
        self.instructions.setPlaceholderText(
            tr("CompactDialog", "e.g. keep the API design decisions in detail")
        )
        self.instructions.setAccessibleDescription(
            tr("CompactDialog", "What the summary should keep in detail (optional).")
        )
        layout.addWidget(self.instructions)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("CompactDialog", "Compact"))
        buttons.button(QDialogButtonBox.StandardButton.Ok).setToolTip(
            tr("CompactDialog", "Summarize the older turns now")
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(480, self.sizeHint().height())
