"""The window's status bar: a message that never runs into the permanent labels.

``QStatusBar`` draws its temporary message clipped two pixels short of the first permanent
widget, so a long note ("No key: set OPENAI_API_KEY in the environment…") ended mid-word
against the "● Offline" badge ("…environ● Offline"). Here the message is elided with "…"
inside its own area, a gap is kept before the labels, and the whole text is in the tooltip
and the accessible description, so nothing said is lost.

``RunStatus`` clears the run's progress notes ("Context is full: summarizing…") as soon as the
answer itself arrives: a note that outlives what it announced misleads.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QRect, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import QSizeGrip, QStatusBar, QStyle, QStyleOption, QWidget

# the message's margins: before it, and before the first permanent label
LEFT_MARGIN = 6
GAP = 16


class ElidingStatusBar(QStatusBar):
    """A status bar whose temporary message is elided to the room left of its labels."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("statusBar")
        self.messageChanged.connect(self._message_changed)

    def _message_changed(self, message: str) -> None:
        shown = self.shown_message()
        # the full text where the bar shows less (a tooltip), and for screen readers
        self.setToolTip(message if message and shown != message else "")
        self.setAccessibleDescription(message)
        self.update()

    def _items(self) -> list[QWidget]:
        """The visible widgets the bar lays out (normal and permanent), left to right."""
        found = [
            child
            for child in self.findChildren(
                QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly
            )
            if child.isVisible() and not child.isWindow() and not isinstance(child, QSizeGrip)
        ]
        return sorted(found, key=lambda w: w.x())

    def message_rect(self) -> QRect:
        """Where the message may be drawn: from the left margin to a gap before the labels."""
        rtl = self.layoutDirection() == Qt.LayoutDirection.RightToLeft
        left, right = LEFT_MARGIN, self.width() - LEFT_MARGIN
        items = self._items()
        if items:
            if rtl:
                left = max(left, max(w.geometry().right() for w in items) + GAP)
            else:
                right = min(right, min(w.x() for w in items) - GAP)
        return QRect(left, 0, max(0, right - left), self.height())

    def shown_message(self) -> str:
        """The message as drawn: elided with "…" when it does not fit."""
        message = " ".join(self.currentMessage().split())  # one line, whatever it holds
        return self.fontMetrics().elidedText(
            message, Qt.TextElideMode.ElideRight, self.message_rect().width()
        )

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._message_changed(self.currentMessage())

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.currentMessage():
            super().paintEvent(event)
            return
        # what QStatusBar paints, with the message elided in its own rect
        painter = QPainter(self)
        option = QStyleOption()
        option.initFrom(self)
        for item in self._items():
            option.rect = item.geometry().adjusted(-1, -1, 1, 1)
            self.style().drawPrimitive(
                QStyle.PrimitiveElement.PE_FrameStatusBarItem, option, painter, item
            )
        painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        painter.drawText(
            self.message_rect(),
            Qt.AlignmentFlag.AlignLeading
            | Qt.AlignmentFlag.AlignVCenter
            | Qt.TextFlag.TextSingleLine,
            self.shown_message(),
        )
        painter.end()


class RunStatus(QObject):
    """Clears a progress note of the run once the answer streams (or a tool starts).

    ``note_shown`` is connected after the handler that shows the note (the compaction's
    "Context is full: summarizing…"); ``progressed`` to the answer's first signs of life."""

    def __init__(self, bar: QStatusBar) -> None:
        super().__init__(bar)
        self.bar = bar
        self.note: str | None = None  # the progress note on screen, if one is

    def note_shown(self, *_args: object) -> None:
        self.note = self.bar.currentMessage() or None

    def progressed(self, *_args: object) -> None:
        """The answer moved on: a note about a step before it is stale now."""
        if self.note is not None and self.bar.currentMessage() == self.note:
            self.bar.clearMessage()
        self.note = None
