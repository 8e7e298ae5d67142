"""Ctrl+F over the conversation: a small bar at the top right of the view.

Typing searches the whole session (every row, built or not; the view does the searching) a
moment after the last key, so a fast typist never waits on a 100,000-message search per
key. Enter / F3 go to the next match, Shift+Enter / Shift+F3 to the previous one, Esc closes.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QToolButton, QWidget

from pi_desktop.ui.chat.surfaces import Panel, muted
from pi_desktop.ui.i18n import tr, trf

TYPING_PAUSE_MS = 150


class FindBar(Panel):
    """The find field, "3 of 17", previous / next and close."""

    queryChanged = Signal(str)
    nextRequested = Signal()
    previousRequested = Signal()
    closed = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__("surface", "border", 8, parent)
        self.setObjectName("findBar")
        self.setAutoFillBackground(False)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.setSpacing(4)
        self.field = QLineEdit(self)
        self.field.setPlaceholderText(tr("FindBar", "Find in this conversation"))
        self.field.setAccessibleName(tr("FindBar", "Find in this conversation"))
        self.field.setAccessibleDescription(
            tr("FindBar", "Enter goes to the next match, Shift+Enter to the previous, Esc closes.")
        )
        self.field.setClearButtonEnabled(True)
        self.field.setMinimumWidth(220)
        self.field.installEventFilter(self)
        self.count_label = muted(QLabel("", self))
        self.count_label.setObjectName("findCount")
        width = self.count_label.fontMetrics().horizontalAdvance(
            tr("FindBar", "No matches") + " · 88,888 / 88,888"
        )
        self.count_label.setMinimumWidth(width // 2)  # room for the count: the bar never jumps
        self.previous_button = self._button("▲", tr("FindBar", "Previous match (Shift+Enter)"))
        self.next_button = self._button("▼", tr("FindBar", "Next match (Enter)"))
        self.close_button = self._button("✕", tr("FindBar", "Close (Esc)"))
        self.previous_button.setAccessibleName(tr("FindBar", "Previous match"))
        self.next_button.setAccessibleName(tr("FindBar", "Next match"))
        self.close_button.setAccessibleName(tr("FindBar", "Close the find bar"))
        self.previous_button.clicked.connect(self.previousRequested)
        self.next_button.clicked.connect(self.nextRequested)
        self.close_button.clicked.connect(self.close_bar)
        for widget in (self.field, self.count_label):
            layout.addWidget(widget)
        for button in (self.previous_button, self.next_button, self.close_button):
            layout.addWidget(button)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(TYPING_PAUSE_MS)
        self._timer.timeout.connect(self.search_now)
        self.field.textEdited.connect(lambda _text: self._timer.start())
        for key, slot in (
            (QKeySequence.StandardKey.FindNext, self.nextRequested.emit),
            (QKeySequence.StandardKey.FindPrevious, self.previousRequested.emit),
        ):
            shortcut = QShortcut(key, parent)
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
            shortcut.activated.connect(slot)

    def _button(self, text: str, tip: str) -> QToolButton:
        button = QToolButton(self)
        button.setText(text)
        button.setToolTip(tip)
        button.setAutoRaise(True)
        return button

    def open(self) -> None:
        """Show the bar with the field focused and its text selected (type to replace it)."""
        self.show()
        self.raise_()
        self.place()
        self.field.setFocus()
        self.field.selectAll()
        if self.field.text():
            self.search_now()

    def search_now(self) -> None:
        self._timer.stop()
        self.queryChanged.emit(self.field.text())

    def close_bar(self) -> None:
        self._timer.stop()
        self.hide()
        self.closed.emit()

    def set_count(self, current: int, total: int) -> None:
        if not self.field.text():
            self.count_label.setText("")
        elif total == 0:
            self.count_label.setText(tr("FindBar", "No matches"))
        elif current == 0:  # counted, none chosen yet (the conversation was redrawn)
            self.count_label.setText(f"{total:,} matches")
        else:
            self.count_label.setText(trf("FindBar", "%1 of %2", current, total))
        self.previous_button.setEnabled(total > 1)
        self.next_button.setEnabled(total > 1)
        self.place()  # a longer count widens the bar

    def place(self) -> None:
        """Top right of the conversation's viewport."""
        parent = self.parentWidget()
        self.adjustSize()
        width = min(self.sizeHint().width(), max(200, parent.width() - 24))
        self.setGeometry(parent.width() - width - 16, 8, width, self.sizeHint().height())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.field and event.type() == QEvent.Type.ShortcutOverride:
            assert isinstance(event, QKeyEvent)
            if event.key() == Qt.Key.Key_Escape:  # the window's Esc (stop) must not take it
                event.accept()
                return True
        if watched is self.field and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                if self._timer.isActive():
                    self.search_now()  # the typed text first, then its first match is shown
                elif event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                    self.previousRequested.emit()
                else:
                    self.nextRequested.emit()
                return True
            if event.key() == Qt.Key.Key_Escape:
                self.close_bar()
                return True
        return super().eventFilter(watched, event)
