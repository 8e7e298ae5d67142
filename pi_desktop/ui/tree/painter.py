"""Painting of the session tree: one row at a time, only the rows inside the viewport.

Split from the view so the widget module keeps to interaction; everything here is drawn from
a ``TreeLayout`` plus a little view state, with colours from the palette-aware ``Theme``.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)

from pi_desktop.ui.i18n import tr
from pi_desktop.ui.theme import Theme
from pi_desktop.ui.tree.layout import COMPACTION_LANE, LayoutRow, Segment, TreeLayout
from pi_desktop.ui.tree.snapshot import TreeNode, TreeSnapshot

LANE_W = 18
GUTTER_W = 22  # the compaction column left of lane 0
LEFT_PAD = 6
NODE_R = 5.0
FLOOR_LABEL = "▲ compaction floor"  # English; floor_label() is what is painted


def floor_label() -> str:
    return tr("Tree", "▲ compaction floor")


PIN_MARK = "⚑ "  # a pinned node (DejaVu has the flag; no emoji font is assumed)


def lane_x(lane: int) -> float:
    """Horizontal centre of a lane; the compaction gutter sits left of lane 0."""
    if lane == COMPACTION_LANE:
        return LEFT_PAD + GUTTER_W / 2
    return LEFT_PAD + GUTTER_W + lane * LANE_W + LANE_W / 2


def node_colour(t: Theme, row: LayoutRow, node: TreeNode | None) -> QColor:
    """Colour by meaning: role, tool call (red when a result failed), compaction, branch stub."""
    if row.kind == "compaction":
        return t.compaction
    if row.kind == "stub":
        return t.stub
    if row.kind == "tool_call":
        return t.tool_error if node and node.tool_status == "error" else t.tool
    if node and node.role == "user":
        return t.user
    return t.assistant


def row_text(row: LayoutRow, node: TreeNode | None) -> str:
    """The row's label; a call shows its tool names and a status mark (DejaVu has these glyphs)."""
    if row.kind == "stub" or node is None:
        return row.label
    if row.kind == "tool_call":
        mark = {"ok": "✓", "error": "✗", "pending": "…"}.get(node.tool_status, "")
        text = f"⚙ {row.label} {mark}"
    else:
        text = row.label
    text += " (stopped)" if node.stopped else ""
    return PIN_MARK + text if node.pinned else text


@dataclass
class TreePainter:
    """Paints rows ``first..last`` of a layout; geometry is rows of ``row_h`` under ``scroll``."""

    layout: TreeLayout
    snapshot: TreeSnapshot
    faded: frozenset[str]
    theme: Theme
    font: QFont
    row_h: int
    scroll: int
    width: int
    height: int
    hover_row: int | None = None
    focus_row: int | None = None
    has_focus: bool = False
    nav_enabled: bool = True
    empty_text: str | None = None  # said in an empty view (None: "No messages yet")

    def row_y(self, row: int) -> float:
        """Centre of ``row`` in viewport coordinates."""
        return row * self.row_h - self.scroll + self.row_h / 2

    def text_x(self, row: int, lane: int) -> float:
        """Text starts right of every lane crossing the row, so lines never run through it."""
        rightmost = max(self.layout.max_lane_at_row[row], lane, 0)
        return lane_x(rightmost) + LANE_W / 2 + 4

    def paint(self, p: QPainter, viewport: QRect) -> None:
        t = self.theme
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(viewport, t.base)
        rows = self.layout.rows
        if not rows:
            text = tr("Tree", "No messages yet") if self.empty_text is None else self.empty_text
            p.setPen(t.muted)
            p.drawText(
                viewport.adjusted(8, 8, -8, -8),
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                text,
            )
            return
        first = max(0, self.scroll // self.row_h)
        last = min(len(rows) - 1, (self.scroll + self.height) // self.row_h)
        self.paint_backgrounds(p, t, first, last, self.width)
        for seg in self.layout.segments_in(first, last):
            self.paint_segment(p, t, seg)
        font = QFont(self.font)
        for r in range(first, last + 1):
            self.paint_row(p, t, r, rows[r], self.width, font)
        self.paint_floor(p, t, self.width)  # last: its label sits on top of the row border

    def paint_backgrounds(self, p: QPainter, t: Theme, first: int, last: int, w: int) -> None:
        floor = self.layout.floor_row
        sealed_bg = QColor(t.sealed)
        sealed_bg.setAlphaF(0.10)
        for r in range(first, last + 1):
            top = int(self.row_y(r) - self.row_h / 2)
            row = self.layout.rows[r]
            if floor is not None and r > floor:
                p.fillRect(0, top, w, self.row_h, sealed_bg)
            if row.current:
                hl = QColor(t.highlight)
                hl.setAlphaF(0.22)
                p.fillRect(0, top, w, self.row_h, hl)
            elif r == self.hover_row and self.nav_enabled:
                hv = QColor(t.highlight)
                hv.setAlphaF(0.09)
                p.fillRect(0, top, w, self.row_h, hv)
            if r == self.focus_row and self.has_focus:
                p.setPen(QPen(t.highlight, 1.0, Qt.PenStyle.DotLine))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRect(QRectF(0.5, top + 0.5, w - 1, self.row_h - 1))

    def paint_segment(self, p: QPainter, t: Theme, seg: Segment) -> None:
        x = lane_x(seg.lane)
        y_top = self.row_y(seg.top)
        y_bottom = self.row_y(seg.bottom)
        if seg.lane == COMPACTION_LANE:
            pen = QPen(t.compaction, 1.4, Qt.PenStyle.DashLine)
        elif seg.lane == 0:
            pen = QPen(t.muted, 2.0)
        else:
            pen = QPen(t.stub, 1.4)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        if seg.fork_lane is None or seg.fork_lane == seg.lane:
            p.drawLine(QPointF(x, y_top), QPointF(x, y_bottom))
            return
        # run down the own lane, then bend into the node it forks from
        fx = lane_x(seg.fork_lane)
        bend = y_bottom - self.row_h * 0.55
        path = QPainterPath(QPointF(x, y_top))
        path.lineTo(x, max(y_top, bend))
        path.cubicTo(QPointF(x, y_bottom - 2), QPointF(fx, y_bottom - 2), QPointF(fx, y_bottom))
        p.drawPath(path)

    def _floor_font(self) -> QFont:
        small = QFont(self.font)
        small.setPointSizeF(max(6.0, small.pointSizeF() * 0.8))
        return small

    def _floor_label_width(self) -> int:
        return QFontMetrics(self._floor_font()).horizontalAdvance(floor_label()) + 18

    def paint_floor(self, p: QPainter, t: Theme, w: int) -> None:
        row = self.layout.floor_row
        if row is None:
            return
        y = self.row_y(row) + self.row_h / 2
        if y < -20 or y > self.height + 20:
            return
        p.setPen(QPen(t.floor, 1.5, Qt.PenStyle.DashLine))
        p.drawLine(QPointF(0, y), QPointF(w, y))
        small = self._floor_font()
        p.setFont(small)
        fm = QFontMetrics(small)
        label = floor_label()
        tw = fm.horizontalAdvance(label) + 10
        # hangs just below the line, inside the first sealed row: the row above the floor (often
        # the current node) keeps its whole width for its label
        box = QRectF(w - tw - 4, y + 1, tw, fm.height() + 2)
        p.setPen(t.floor)
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, label)

    def paint_row(self, p: QPainter, t: Theme, r: int, row: LayoutRow, w: int, font: QFont) -> None:
        x, y = lane_x(row.lane), self.row_y(r)
        node = self.snapshot.nodes.get(row.stub_root or row.node_id)
        faded = row.node_id in self.faded
        colour = node_colour(t, row, node)
        if row.sealed:
            colour = t.sealed
        if faded:
            colour = t.faded(colour)
        self._paint_glyph(p, t, row, x, y, colour)
        # text
        tx = self.text_x(r, row.lane)
        if row.sealed:
            self._paint_lock(p, t, tx + 5, y)
            tx += 14
        text = row_text(row, node)
        f = QFont(font)
        if row.current:
            f.setBold(True)
        if faded or row.kind == "stub":
            f.setItalic(True)
        p.setFont(f)
        fm = QFontMetrics(f)
        text_colour = t.text
        if row.sealed or faded:
            text_colour = t.muted
        elif row.kind == "compaction":
            text_colour = t.compaction
        p.setPen(text_colour)
        avail = self.text_room(r, tx, w)
        if avail > 10:
            elided = fm.elidedText(text, Qt.TextElideMode.ElideRight, avail)
            p.drawText(
                QRectF(tx, y - self.row_h / 2, avail, self.row_h),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                elided,
            )

    def text_room(self, r: int, tx: float, w: int) -> int:
        """Pixels for row ``r``'s label; only the first sealed row yields to the floor label."""
        avail = int(w - tx - 6)
        floor = self.layout.floor_row
        if floor is not None and r == floor + 1:
            avail -= self._floor_label_width()
        return avail

    def _paint_glyph(
        self, p: QPainter, t: Theme, row: LayoutRow, x: float, y: float, colour: QColor
    ) -> None:
        r = NODE_R
        p.setPen(QPen(t.base, 1.5))
        p.setBrush(QBrush(colour))
        if row.kind == "compaction":
            poly = QPolygonF(
                [
                    QPointF(x, y - r - 2),
                    QPointF(x + r + 2, y),
                    QPointF(x, y + r + 2),
                    QPointF(x - r - 2, y),
                ]
            )
            p.drawPolygon(poly)
        elif row.kind == "tool_call":
            p.drawRoundedRect(QRectF(x - r, y - r, 2 * r, 2 * r), 2, 2)
        elif row.kind == "stub":
            p.setPen(QPen(colour, 1.4, Qt.PenStyle.DashLine))
            p.setBrush(t.base)
            p.drawEllipse(QPointF(x, y), r + 1, r + 1)
            p.setPen(QPen(colour, 1.4))
            p.drawLine(QPointF(x - 3, y), QPointF(x + 3, y))
            p.drawLine(QPointF(x, y - 3), QPointF(x, y + 3))
        else:
            p.drawEllipse(QPointF(x, y), r, r)
        if row.current:
            p.setPen(QPen(t.highlight, 2.0))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(QPointF(x, y), r + 4, r + 4)

    @staticmethod
    def _paint_lock(p: QPainter, t: Theme, cx: float, cy: float) -> None:
        """A small padlock (the bundled fonts have no lock emoji)."""
        p.setPen(QPen(t.muted, 1.3))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawArc(QRectF(cx - 3, cy - 6, 6, 7), 0, 180 * 16)
        p.drawLine(QPointF(cx - 3, cy - 2.5), QPointF(cx - 3, cy - 1))
        p.drawLine(QPointF(cx + 3, cy - 2.5), QPointF(cx + 3, cy - 1))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(t.muted)
        p.drawRoundedRect(QRectF(cx - 4.5, cy - 1.5, 9, 6.5), 1.2, 1.2)
