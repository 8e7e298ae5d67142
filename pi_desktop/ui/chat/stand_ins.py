"""The quiet stand-in a row gets while its widget is not built yet: its first words, where the
widget will be (a user's bubble on the right), in the palette's placeholder colour. Painted
by the conversation's page (``lazy_rows``) for the rows in view, so a scroll-bar drag across
10,000 rows shows text at once and builds cards only once the thumb rests."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QWidget

from pi_desktop.ui.chat.rows import Row

_FLAGS = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop) | int(Qt.TextFlag.TextWordWrap)


def paint_stand_ins(
    canvas: QWidget,
    rows: Sequence[Row],
    tops: Sequence[int],
    offset: int,
    column: tuple[int, int],
    bubble: int,
) -> None:
    """Paint ``rows`` (those without a widget) on ``canvas`` scrolled by ``offset``; ``column``
    is the column's left edge and inner width, ``bubble`` a user bubble's width."""
    if not rows:
        return
    side, inner = column
    painter = QPainter(canvas)
    painter.setPen(canvas.palette().color(QPalette.ColorRole.PlaceholderText))
    for row in rows:
        box = QRect(side, tops[row.index] - offset, inner, row.height)
        if row.role == "user":  # where its bubble will be: on the right
            width = min(inner, bubble)
            box = QRect(side + inner - width, box.top(), width, row.height)
        painter.drawText(box.adjusted(4, 4, -4, -4), _FLAGS, row.preview())
    painter.end()
