"""A one-line label whose width is settled before its dialog shows, so typing never moves OK.

A field's range beside it ("1,000 – 2,000,000 tokens") gives way to a message while the value
is wrong ("Enter a number: …"). A plain ``QLabel`` asks for the width of whatever it says, so
a longer message widened the whole dialog and moved its buttons under the user's pointer.
This label reserves, while its window is hidden, the width of the longest text it is told
about (``reserve``), and from then on draws longer texts elided with "…", the whole text in
its tooltip and accessible name; ``text()`` stays the whole text.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class SteadyLabel(QLabel):
    """See the module docstring."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self._width = 0
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def reserve(self, text: str) -> None:
        """Make room for ``text`` (until the window is first shown; then the width is kept)."""
        if self.window().isVisible():
            return
        width = self.fontMetrics().horizontalAdvance(text) + 2
        if width > self._width:
            self._width = width
            self.updateGeometry()

    def setText(self, text: str) -> None:
        self._full = text
        self.reserve(text)
        self._show()

    def text(self) -> str:
        return self._full

    def sizeHint(self) -> QSize:
        return QSize(self._width, super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._show()

    def _show(self) -> None:
        shown = self.fontMetrics().elidedText(
            self._full, Qt.TextElideMode.ElideRight, max(0, self.width() - 2)
        )
        QLabel.setText(self, shown)
        self.setToolTip(self._full if shown != self._full else "")
        self.setAccessibleName(self._full)
