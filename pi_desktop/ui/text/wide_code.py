"""A read-only rich-text view whose wide code blocks scroll sideways, each on its own.

Prose always wraps at the column; a code block whose longest line is wider keeps its lines
and gets its own sideways offset (Shift+wheel or a sideways wheel over it), drawn shifted and
clipped with a slim position bar. The view itself never scrolls sideways, so selecting past
the edge cannot slide the whole message.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QMouseEvent,
    QPainter,
    QPalette,
    QRegion,
    QTextCharFormat,
)
from PySide6.QtWidgets import QWidget

from pi_desktop.ui.text.markdown_html import is_dark
from pi_desktop.ui.text.safe_text import SafeBrowser
from pi_desktop.ui.theme import color


class WideCodeBrowser(SafeBrowser):
    """A ``SafeBrowser`` that draws each code block wider than the column scrolled by its
    own offset (``code_offset``); subclasses call ``reset_code_offsets`` on a new text."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.horizontalScrollBar().valueChanged.connect(self._pin_left)
        self._offsets: dict[int, int] = {}  # a wide block's index → its sideways offset

    def reset_code_offsets(self) -> None:
        self._offsets.clear()

    def overflows(self) -> bool:
        """True when a code line is wider than the column (its block scrolls sideways)."""
        doc = self.document()
        return doc.size().width() > max(doc.textWidth(), 0) + 1

    # -- wide code blocks: each scrolls sideways on its own ---------------------------------

    def wide_blocks(self) -> list[QRectF]:
        """Where each code block wider than the column is laid out (document coordinates,
        as wide as its longest line), in order."""
        if not self.overflows():
            return []
        doc = self.document()
        layout = doc.documentLayout()
        limit = max(doc.textWidth(), 0) + 1
        rects = []
        for frame in doc.rootFrame().childFrames():
            rect = layout.frameBoundingRect(frame)
            if rect.width() > limit:
                # a table's rectangle comes shifted by its cell padding: where it is drawn
                pad = frame.frameFormat().toTableFormat().cellPadding()
                rects.append(rect.translated(-pad, -pad))
        return rects

    def code_range(self, index: int) -> int:
        """How far wide block ``index`` scrolls sideways (0: it fits)."""
        rects = self.wide_blocks()
        if index >= len(rects):
            return 0
        return max(0, math.ceil(rects[index].right() - self.viewport().width()))

    def code_offset(self, index: int) -> int:
        return self._offsets.get(index, 0)

    def set_code_offset(self, index: int, offset: int) -> None:
        offset = max(0, min(self.code_range(index), offset))
        if offset != self._offsets.get(index, 0):
            self._offsets[index] = offset
            self.viewport().update()

    def wide_block_at(self, pos) -> int | None:
        for index, rect in enumerate(self.wide_blocks()):
            if rect.top() <= pos.y() <= rect.bottom():
                return index
        return None

    def _pin_left(self, value: int) -> None:
        """Selecting past the edge must not slide the whole message: blocks scroll alone."""
        if value:
            self.horizontalScrollBar().setValue(0)

    def paintEvent(self, event) -> None:
        """The document as QTextEdit paints it, except that each wide code block is drawn
        shifted by its own offset (clipped to the column) with a slim position bar."""
        rects = self.wide_blocks()
        if not rects:
            super().paintEvent(event)
            return
        painter = QPainter(self.viewport())
        layout = self.document().documentLayout()
        context = QAbstractTextDocumentLayout.PaintContext()
        context.palette = self.palette()
        context.selections = self._paint_selections()
        width = self.viewport().width()
        rest = QRegion(event.rect())
        for rect in rects:
            rest -= QRegion(QRectF(0, rect.top(), width, rect.height()).toAlignedRect())
        for part in rest:
            painter.save()
            painter.setClipRect(part)
            context.clip = QRectF(part)
            layout.draw(painter, context)
            painter.restore()
        bar = color("muted", is_dark())
        for index, rect in enumerate(rects):
            shown = QRectF(rect.left(), rect.top(), width - rect.left(), rect.height())
            if not shown.intersects(QRectF(event.rect())):
                continue
            offset = self._offsets.get(index, 0)
            painter.save()
            painter.setClipRect(shown)
            painter.translate(-offset, 0)
            context.clip = shown.translated(offset, 0)
            layout.draw(painter, context)
            painter.restore()
            span = max(1.0, rect.right())  # the position bar: what part of the line shows
            left = rect.left() + (width - rect.left()) * offset / span
            length = max(24.0, (width - rect.left()) * width / span)
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(bar)
            painter.setOpacity(0.45)
            painter.drawRoundedRect(QRectF(left + 4, rect.bottom() - 4, length - 8, 3), 1.5, 1.5)
            painter.restore()
        painter.end()

    def _paint_selections(self) -> list:
        """The find highlights and the mouse selection, as QTextEdit passes them on."""
        selections = []
        for extra in self.extraSelections():
            selection = QAbstractTextDocumentLayout.Selection()
            selection.cursor, selection.format = extra.cursor, extra.format
            selections.append(selection)
        cursor = self.textCursor()
        if cursor.hasSelection():
            selection = QAbstractTextDocumentLayout.Selection()
            selection.cursor = cursor
            fmt = QTextCharFormat()
            palette = self.palette()
            fmt.setBackground(palette.brush(QPalette.ColorRole.Highlight))
            fmt.setForeground(palette.brush(QPalette.ColorRole.HighlightedText))
            selection.format = fmt
            selections.append(selection)
        return selections

    def _shifted(self, event):
        """A mouse event over a scrolled block, moved to where its text is laid out."""
        index = self.wide_block_at(event.position())
        offset = self._offsets.get(index, 0) if index is not None else 0
        if not offset:
            return event
        return QMouseEvent(
            event.type(),
            event.position() + QPointF(offset, 0),
            event.globalPosition(),
            event.button(),
            event.buttons(),
            event.modifiers(),
        )

    def mousePressEvent(self, event) -> None:
        super().mousePressEvent(self._shifted(event))

    def mouseMoveEvent(self, event) -> None:
        super().mouseMoveEvent(self._shifted(event))

    def mouseReleaseEvent(self, event) -> None:
        super().mouseReleaseEvent(self._shifted(event))

    def mouseDoubleClickEvent(self, event) -> None:
        super().mouseDoubleClickEvent(self._shifted(event))

    def wheelEvent(self, event) -> None:
        """Sideways wheels (or Shift+wheel) over a wide code block scroll that block alone;
        the rest goes to the conversation, which does the vertical scrolling."""
        delta = event.angleDelta()
        sideways = abs(delta.x()) > abs(delta.y())
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        index = self.wide_block_at(event.position()) if (sideways or shift) else None
        if index is not None and self.code_range(index) > 0:
            step = delta.x() if sideways else delta.y()
            self.set_code_offset(index, self.code_offset(index) - step)
            event.accept()
            return
        event.ignore()
