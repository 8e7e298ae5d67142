"""A splitter whose handles are a one-pixel line in the theme's border colour.

The theme's style sheet cannot draw the handles: set on the splitter it would reach every
widget inside, the conversation's message cards included (see ui/chat/surfaces.py for what
that costs). So the handle paints itself, for the palette in use.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QSplitter, QSplitterHandle, QWidget

from pi_desktop.ui.theme import color, is_dark


class LineHandle(QSplitterHandle):
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), color("border", is_dark(self.palette())))
        painter.end()


class ThinSplitter(QSplitter):
    """``QSplitter`` with ``LineHandle`` handles, one pixel wide."""

    def __init__(self, orientation: Qt.Orientation, parent: QWidget | None = None) -> None:
        super().__init__(orientation, parent)
        self.setHandleWidth(1)

    def createHandle(self) -> QSplitterHandle:
        return LineHandle(self.orientation(), self)
