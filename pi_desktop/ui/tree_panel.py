"""The session tree panel: a custom-painted scroll area over the pure layout in ``tree_model``.

Only the rows inside the viewport are painted and hit-tested by arithmetic (row = y / height),
so a 10,000-entry session costs one O(n log n) layout per refresh and O(visible rows) per
paint. Clicks never touch the session: the panel emits signals and the window decides.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QBrush,
    QColor,
    QContextMenuEvent,
    QFocusEvent,
    QFont,
    QFontMetrics,
    QGuiApplication,
    QHelpEvent,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QPolygonF,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QLabel,
    QMenu,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from pi_desktop.ui.theme import Theme, blend, theme_for
from pi_desktop.ui.tree_model import (
    COMPACTION_LANE,
    LayoutRow,
    Segment,
    TreeLayout,
    TreeNode,
    TreeSnapshot,
    faded_nodes,
    layout_tree,
    tooltip_text,
)

LANE_W = 18
GUTTER_W = 22  # the compaction column left of lane 0
LEFT_PAD = 6
NODE_R = 5.0


class SessionTreeView(QAbstractScrollArea):
    """Paints a ``TreeLayout``; rows are newest-first, lane 0 is the current path."""

    rewindRequested = Signal(str)
    forkRequested = Signal(str)
    compactionActivated = Signal(str)
    copyRequested = Signal(str)
    sealedClicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._snapshot = TreeSnapshot.empty()
        self._layout = layout_tree(self._snapshot)
        self._expanded: set[str] = set()
        self._hidden_entries: frozenset[str] = frozenset()
        self._faded: frozenset[str] = frozenset()
        self._nav_enabled = True
        self._hover_row: int | None = None
        self._press_row: int | None = None
        self._swallow_release = False
        self._scroll_pending = False
        self._focus_row: int | None = None
        self._row_h = 24
        self.setAccessibleName("Session tree")
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.viewport().setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._update_metrics()

    # ---- data -------------------------------------------------------------------------------

    @property
    def snapshot(self) -> TreeSnapshot:
        return self._snapshot

    @property
    def tree_layout(self) -> TreeLayout:
        return self._layout

    @property
    def navigation_enabled(self) -> bool:
        return self._nav_enabled

    def set_snapshot(self, snapshot: TreeSnapshot) -> None:
        """Show a new snapshot; keep expansions; follow the current node if it was in view."""
        follow = self._current_visible()
        self._snapshot = snapshot
        self._expanded &= set(snapshot.nodes)
        self._relayout()
        if follow:
            self.scroll_to_current()

    def set_hidden_ids(self, entry_ids: frozenset[str] | set[str] | list[str]) -> None:
        self._hidden_entries = frozenset(entry_ids)
        self._faded = faded_nodes(self._snapshot, self._hidden_entries)
        self.viewport().update()

    def set_navigation_enabled(self, enabled: bool) -> None:
        self._nav_enabled = enabled
        self.viewport().setCursor(
            Qt.CursorShape.PointingHandCursor if enabled else Qt.CursorShape.ForbiddenCursor
        )
        self.viewport().update()

    def toggle_branch(self, root_id: str) -> None:
        """Expand a collapsed side subtree, or collapse an expanded one."""
        if root_id in self._expanded:
            self._expanded.discard(root_id)
        else:
            self._expanded.add(root_id)
        self._relayout()

    def is_faded(self, node_id: str) -> bool:
        return node_id in self._faded

    @property
    def faded_count(self) -> int:
        return len(self._faded)

    def reset_view_state(self) -> None:
        """Forget expansions and hidden ids (a different session); the next snapshot relayouts."""
        self._expanded.clear()
        self._hidden_entries = frozenset()
        self._faded = frozenset()

    def _relayout(self) -> None:
        self._layout = layout_tree(self._snapshot, frozenset(self._expanded))
        self._faded = faded_nodes(self._snapshot, self._hidden_entries)
        self._hover_row = None
        self._focus_row = self._layout.current_row
        self._update_scrollbar()
        self.viewport().update()

    # ---- geometry ---------------------------------------------------------------------------

    def _update_metrics(self) -> None:
        self._row_h = max(22, QFontMetrics(self.font()).height() + 10)
        self.verticalScrollBar().setSingleStep(self._row_h)

    def _update_scrollbar(self) -> None:
        total = len(self._layout.rows) * self._row_h
        bar = self.verticalScrollBar()
        bar.setPageStep(self.viewport().height())
        bar.setRange(0, max(0, total - self.viewport().height()))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._update_scrollbar()
        if self._scroll_pending and self.isVisible():
            self.scroll_to_current()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._scroll_pending:
            self._update_scrollbar()
            self.scroll_to_current()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._update_metrics()
            self._update_scrollbar()

    def sizeHint(self) -> QSize:
        return QSize(280, 400)

    @staticmethod
    def lane_x(lane: int) -> float:
        if lane == COMPACTION_LANE:
            return LEFT_PAD + GUTTER_W / 2
        return LEFT_PAD + GUTTER_W + lane * LANE_W + LANE_W / 2

    def _row_y(self, row: int) -> float:
        """Centre of ``row`` in viewport coordinates."""
        return row * self._row_h - self.verticalScrollBar().value() + self._row_h / 2

    def _text_x(self, row: int, lane: int) -> float:
        rightmost = max(self._layout.max_lane_at_row[row], lane, 0)
        return self.lane_x(rightmost) + LANE_W / 2 + 4

    def row_at(self, point: QPoint) -> int | None:
        row = (point.y() + self.verticalScrollBar().value()) // self._row_h
        return row if 0 <= row < len(self._layout.rows) else None

    def node_at(self, point: QPoint) -> str | None:
        """The node (or ``stub:<root>``) drawn on the row under ``point`` (viewport coords)."""
        row = self.row_at(point)
        return None if row is None else self._layout.rows[row].node_id

    def _row_for_id(self, entry_id: str) -> int | None:
        row = self._layout.row_of.get(entry_id)
        if row is None:
            display = self._snapshot.display_of.get(entry_id)
            row = self._layout.row_of.get(display) if display else None
        return row

    def node_rect(self, entry_id: str) -> QRect:
        """The node's glyph in viewport coordinates; empty if it is not drawn (collapsed)."""
        row = self._row_for_id(entry_id)
        if row is None:
            return QRect()
        lane = self._layout.rows[row].lane
        x, y = self.lane_x(lane), self._row_y(row)
        r = int(NODE_R) + 2
        return QRect(int(x) - r, int(y) - r, 2 * r + 1, 2 * r + 1)

    def scroll_to_current(self) -> None:
        """Bring the current node into view (centred if it was outside); retried after a resize
        when the view has no size yet."""
        row = self._layout.current_row
        if row is None:
            return
        retry = self._scroll_pending
        self._scroll_pending = not self.isVisible()
        bar = self.verticalScrollBar()
        top = row * self._row_h
        vh = self.viewport().height()
        if retry or top < bar.value() or top + self._row_h > bar.value() + vh:
            bar.setValue(max(0, top - (vh - self._row_h) // 2))

    def _current_visible(self) -> bool:
        row = self._layout.current_row
        if row is None:
            return True
        top = row * self._row_h - self.verticalScrollBar().value()
        return -self._row_h < top < self.viewport().height()

    # ---- painting ---------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        theme = theme_for(self.palette())
        p = QPainter(self.viewport())
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        width = self.viewport().width()
        p.fillRect(self.viewport().rect(), theme.base)
        rows = self._layout.rows
        if not rows:
            p.setPen(theme.muted)
            p.drawText(
                self.viewport().rect().adjusted(8, 8, -8, -8),
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                "No messages yet",
            )
            p.end()
            return
        scroll = self.verticalScrollBar().value()
        first = max(0, scroll // self._row_h)
        last = min(len(rows) - 1, (scroll + self.viewport().height()) // self._row_h)
        self._paint_backgrounds(p, theme, first, last, width)
        for seg in self._layout.segments_in(first, last):
            self._paint_segment(p, theme, seg)
        self._paint_floor(p, theme, width)
        font = QFont(self.font())
        for r in range(first, last + 1):
            self._paint_row(p, theme, r, rows[r], width, font)
        p.end()

    def _paint_backgrounds(self, p: QPainter, t: Theme, first: int, last: int, w: int) -> None:
        floor = self._layout.floor_row
        sealed_bg = QColor(t.sealed)
        sealed_bg.setAlphaF(0.10)
        for r in range(first, last + 1):
            top = int(self._row_y(r) - self._row_h / 2)
            row = self._layout.rows[r]
            if floor is not None and r > floor:
                p.fillRect(0, top, w, self._row_h, sealed_bg)
            if row.current:
                hl = QColor(t.highlight)
                hl.setAlphaF(0.22)
                p.fillRect(0, top, w, self._row_h, hl)
            elif r == self._hover_row and self._nav_enabled:
                hv = QColor(t.highlight)
                hv.setAlphaF(0.09)
                p.fillRect(0, top, w, self._row_h, hv)
            if r == self._focus_row and self.hasFocus():
                p.setPen(QPen(t.highlight, 1.0, Qt.PenStyle.DotLine))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRect(QRectF(0.5, top + 0.5, w - 1, self._row_h - 1))

    def _paint_segment(self, p: QPainter, t: Theme, seg: Segment) -> None:
        x = self.lane_x(seg.lane)
        y_top = self._row_y(seg.top)
        y_bottom = self._row_y(seg.bottom)
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
        fx = self.lane_x(seg.fork_lane)
        bend = y_bottom - self._row_h * 0.55
        path = QPainterPath(QPointF(x, y_top))
        path.lineTo(x, max(y_top, bend))
        path.cubicTo(QPointF(x, y_bottom - 2), QPointF(fx, y_bottom - 2), QPointF(fx, y_bottom))
        p.drawPath(path)

    def _paint_floor(self, p: QPainter, t: Theme, w: int) -> None:
        row = self._layout.floor_row
        if row is None:
            return
        y = self._row_y(row) + self._row_h / 2
        if y < -20 or y > self.viewport().height() + 20:
            return
        p.setPen(QPen(t.floor, 1.5, Qt.PenStyle.DashLine))
        p.drawLine(QPointF(0, y), QPointF(w, y))
        small = QFont(self.font())
        small.setPointSizeF(max(6.0, small.pointSizeF() * 0.8))
        p.setFont(small)
        fm = QFontMetrics(small)
        label = "▲ compaction floor · sealed below"
        tw = fm.horizontalAdvance(label) + 10
        box = QRectF(w - tw - 4, y - fm.height() / 2 - 1, tw, fm.height() + 2)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(t.base)
        p.drawRoundedRect(box, 3, 3)
        p.setPen(t.floor)
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, label)

    def _paint_row(
        self, p: QPainter, t: Theme, r: int, row: LayoutRow, w: int, font: QFont
    ) -> None:
        x, y = self.lane_x(row.lane), self._row_y(r)
        node = self._snapshot.nodes.get(row.stub_root or row.node_id)
        faded = row.node_id in self._faded
        colour = self._node_colour(t, row, node)
        if row.sealed:
            colour = t.sealed
        if faded:
            colour = t.faded(colour)
        self._paint_glyph(p, t, row, x, y, colour)
        # text
        tx = self._text_x(r, row.lane)
        if row.sealed:
            self._paint_lock(p, t, tx + 5, y)
            tx += 14
        text = self._row_text(row, node)
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
        avail = int(w - tx - 6)
        if avail > 10:
            elided = fm.elidedText(text, Qt.TextElideMode.ElideRight, avail)
            p.drawText(
                QRectF(tx, y - self._row_h / 2, avail, self._row_h),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                elided,
            )

    @staticmethod
    def _node_colour(t: Theme, row: LayoutRow, node: TreeNode | None) -> QColor:
        if row.kind == "compaction":
            return t.compaction
        if row.kind == "stub":
            return t.stub
        if row.kind == "tool_call":
            return t.tool_error if node and node.tool_status == "error" else t.tool
        if node and node.role == "user":
            return t.user
        return t.assistant

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

    @staticmethod
    def _row_text(row: LayoutRow, node: TreeNode | None) -> str:
        if row.kind == "stub" or node is None:
            return row.label
        if row.kind == "tool_call":
            mark = {"ok": "✓", "error": "✗", "pending": "…"}.get(node.tool_status, "")
            text = f"⚙ {row.label} {mark}"
        else:
            text = row.label
        return text + (" (stopped)" if node.stopped else "")

    # ---- interaction ------------------------------------------------------------------------

    def _node_for_row(self, row: LayoutRow) -> TreeNode | None:
        return self._snapshot.nodes.get(row.stub_root or row.node_id)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        row = self.row_at(event.position().toPoint())
        if row != self._hover_row:
            self._hover_row = row
            self.viewport().update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        self._hover_row = None
        self.viewport().update()
        super().leaveEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press_row = self.row_at(event.position().toPoint())
            if self._press_row is not None:
                self._focus_row = self._press_row
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        row = self.row_at(event.position().toPoint())
        pressed, self._press_row = self._press_row, None
        if self._swallow_release:
            self._swallow_release = False
        elif event.button() == Qt.MouseButton.LeftButton and row is not None and row == pressed:
            self.activate_row(row)
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        self._swallow_release = True  # the click already acted on the first release
        row = self.row_at(event.position().toPoint())
        if row is not None and event.button() == Qt.MouseButton.LeftButton:
            lr = self._layout.rows[row]
            if lr.kind == "compaction":
                self.compactionActivated.emit(lr.node_id)

    def activate_row(self, row_index: int) -> None:
        """A single click: expand a stub, rewind to a message, or report a sealed target."""
        row = self._layout.rows[row_index]
        if row.kind == "stub":
            assert row.stub_root is not None
            self.toggle_branch(row.stub_root)
            return
        if not self._nav_enabled or row.kind == "compaction" or row.current:
            return
        node = self._snapshot.nodes[row.node_id]
        if row.sealed:
            self.sealedClicked.emit(node.target_id)
        else:
            self.rewindRequested.emit(node.target_id)

    def build_context_menu(self, node_id: str) -> QMenu:
        """The menu for one node (separate from the event so tests can trigger its actions)."""
        menu = QMenu(self)
        row_index = self._row_for_id(node_id)
        if row_index is None:
            return menu
        row = self._layout.rows[row_index]
        if row.kind == "stub":
            assert row.stub_root is not None
            root = row.stub_root
            menu.addAction("Expand branch", lambda: self.toggle_branch(root))
            return menu
        node = self._snapshot.nodes[row.node_id]
        if row.kind == "compaction":
            menu.addAction("View summary", lambda: self.compactionActivated.emit(node.id))
        else:
            rewind = QAction("Rewind here", menu)
            rewind.setEnabled(self._nav_enabled and not row.sealed and not row.current)
            if row.sealed:
                rewind.setText("Rewind here (sealed by compaction)")
            rewind.triggered.connect(lambda: self.rewindRequested.emit(node.target_id))
            menu.addAction(rewind)
            menu.addAction(
                "Fork to new session from here",
                lambda: self.forkRequested.emit(node.target_id),
            )
        menu.addAction("Copy text", lambda: self.copy_node(node.id))
        if node.parent_id is not None and node.id in self._expanded:
            menu.addAction("Collapse branch", lambda: self.toggle_branch(node.id))
        return menu

    def copy_node(self, node_id: str) -> None:
        node = self._snapshot.nodes.get(node_id)
        if node is None:
            return
        QGuiApplication.clipboard().setText(node.text)
        self.copyRequested.emit(node_id)

    @property
    def focus_row(self) -> int | None:
        return self._focus_row

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Keyboard use: arrows/Page/Home/End move, Enter/Space act, Ctrl+C copies."""
        rows = len(self._layout.rows)
        key = event.key()
        if rows == 0:
            super().keyPressEvent(event)
            return
        page = max(1, self.viewport().height() // self._row_h - 1)
        row = self._focus_row if self._focus_row is not None else 0
        moves = {
            Qt.Key.Key_Up: row - 1,
            Qt.Key.Key_Down: row + 1,
            Qt.Key.Key_PageUp: row - page,
            Qt.Key.Key_PageDown: row + page,
            Qt.Key.Key_Home: 0,
            Qt.Key.Key_End: rows - 1,
        }
        if key in moves:
            self._set_focus_row(min(rows - 1, max(0, moves[key])))
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            if self._layout.rows[row].kind == "compaction":
                self.compactionActivated.emit(self._layout.rows[row].node_id)
            else:
                self.activate_row(row)
        elif event.matches(QKeySequence.StandardKey.Copy):
            self.copy_node(self._layout.rows[row].stub_root or self._layout.rows[row].node_id)
        elif key == Qt.Key.Key_Menu:
            rect = self.node_rect(self._layout.rows[row].node_id)
            menu = self.build_context_menu(self._layout.rows[row].node_id)
            menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            menu.popup(self.viewport().mapToGlobal(rect.center()))
        else:
            super().keyPressEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.viewport().update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.viewport().update()

    def _set_focus_row(self, row: int) -> None:
        self._focus_row = row
        bar = self.verticalScrollBar()
        top = row * self._row_h
        if top < bar.value():
            bar.setValue(top)
        elif top + self._row_h > bar.value() + self.viewport().height():
            bar.setValue(top + self._row_h - self.viewport().height())
        self.viewport().update()

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        node_id = self.node_at(self.viewport().mapFrom(self, event.pos()))
        if node_id is None:
            return
        menu = self.build_context_menu(node_id)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.popup(event.globalPos())  # popup, not exec: no nested loop under qasync

    def tooltip_for(self, node_id: str) -> str:
        """Plain text of the tooltip for a row (the event shows it escaped as rich text)."""
        row_index = self._row_for_id(node_id)
        if row_index is None:
            return ""
        row = self._layout.rows[row_index]
        node = self._node_for_row(row)
        if row.kind == "stub":
            return f"Collapsed branch of {row.hidden_count} messages.\nClick to expand."
        if node is None:
            return ""
        lines = [tooltip_text(node)]
        if row.kind == "compaction":
            lines.append("Double-click to view the summary.")
        elif row.sealed:
            lines.append(
                "Sealed: below the compaction floor. Rewinding here is not possible; "
                "fork to a new session to continue from this point."
            )
        elif row.current:
            lines.append("Current position.")
        elif self._nav_enabled:
            lines.append("Click to rewind here.")
        if row.node_id in self._faded:
            lines.append("Not sent to the model verbatim (summarized or snipped).")
        if not self._nav_enabled:
            lines.append("Navigation is paused while the agent is busy.")
        return "\n".join(lines)

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            assert isinstance(event, QHelpEvent)
            node_id = self.node_at(event.pos())
            text = self.tooltip_for(node_id) if node_id else ""
            if text:
                rich = html.escape(text).replace("\n", "<br>")
                QToolTip.showText(event.globalPos(), f"<qt>{rich}</qt>", self.viewport())
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().viewportEvent(event)


class SessionTreePanel(QWidget):
    """The tree view with a status line; embed it in the window and connect its signals."""

    rewindRequested = Signal(str)
    forkRequested = Signal(str)
    compactionActivated = Signal(str)
    copyRequested = Signal(str)
    sealedClicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session: Any = None
        self.view = SessionTreeView(self)
        self._status = QLabel(self)
        self._status.setWordWrap(True)
        self._status.setTextFormat(Qt.TextFormat.PlainText)
        self._banner = QLabel("Navigation paused while the agent is running or compacting.", self)
        self._banner.setWordWrap(True)
        self._banner.setAutoFillBackground(True)
        self._banner.setContentsMargins(6, 3, 6, 3)
        self._banner.setVisible(False)
        self._style_banner()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self._status)
        layout.addWidget(self._banner)
        layout.addWidget(self.view, 1)
        for name in (
            "rewindRequested",
            "forkRequested",
            "compactionActivated",
            "copyRequested",
            "sealedClicked",
        ):
            getattr(self.view, name).connect(getattr(self, name))
        self._update_status()

    @property
    def session(self) -> Any:
        return self._session

    @property
    def snapshot(self) -> TreeSnapshot:
        return self.view.snapshot

    @property
    def navigation_enabled(self) -> bool:
        return self.view.navigation_enabled

    @property
    def status_text(self) -> str:
        return self._status.text()

    @property
    def banner_visible(self) -> bool:
        return not self._banner.isHidden()

    def set_session(self, session: Any) -> None:
        """Draw ``session`` (or nothing for None); expansions and hidden ids start fresh."""
        self._session = session
        self.view.reset_view_state()
        self.refresh()
        self.view.scroll_to_current()

    def refresh(self) -> None:
        """Rebuild the snapshot and layout after the session changed: O(n log n), no I/O."""
        snap = TreeSnapshot.from_session(self._session) if self._session else TreeSnapshot.empty()
        self.view.set_snapshot(snap)
        self._update_status()

    def set_hidden_ids(self, entry_ids: frozenset[str] | set[str] | list[str]) -> None:
        """Entry ids the last prepared view does not send verbatim: drawn faded."""
        self.view.set_hidden_ids(entry_ids)
        self._update_status()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._style_banner()

    def _style_banner(self) -> None:
        """A warn-tinted strip that reads in light and dark palettes alike."""
        theme = theme_for(self.palette())
        pal = self._banner.palette()
        pal.setColor(QPalette.ColorRole.Window, blend(theme.warn, theme.base, 0.75))
        pal.setColor(QPalette.ColorRole.WindowText, theme.text)
        self._banner.setPalette(pal)

    def set_navigation_enabled(self, enabled: bool) -> None:
        """Off while a run or compaction is in flight: clicks do nothing, the banner says why."""
        self.view.set_navigation_enabled(enabled)
        self._banner.setVisible(not enabled)

    def node_rect(self, entry_id: str) -> QRect:
        return self.view.node_rect(entry_id)

    def node_at(self, point: QPoint) -> str | None:
        return self.view.node_at(point)

    def scroll_to_current(self) -> None:
        self.view.scroll_to_current()

    def _update_status(self) -> None:
        snap = self.view.snapshot
        messages = sum(1 for n in snap.nodes.values() if n.kind != "compaction")
        compactions = len(snap.nodes) - messages
        parts = [f"{len(snap.path)} on path", f"{messages} nodes"]
        if compactions:
            parts.append(f"{compactions} compaction{'s' if compactions != 1 else ''}")
        faded = self.view.faded_count
        if faded:
            parts.append(f"{faded} not in view")
        self._status.setText(" · ".join(parts) if snap.nodes else "Empty session")
        self._status.setContentsMargins(6, 2, 6, 2)
