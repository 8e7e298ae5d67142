"""The session tree view: a custom-painted scroll area over the pure layout in ``tree.layout``.

Only the rows inside the viewport are painted and hit-tested by arithmetic (row = y / height),
so a 10,000-entry session costs one O(n log n) layout per full refresh and O(visible rows) per
paint. Clicks, keys and menu actions never touch the session: the view emits signals and the
window decides. Split from the panel so this module keeps to drawing and interaction.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from PySide6.QtCore import QEvent, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QContextMenuEvent,
    QFocusEvent,
    QFontMetrics,
    QGuiApplication,
    QHelpEvent,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import QAbstractScrollArea, QMenu, QToolTip, QWidget

from pi_desktop.ui.i18n import tr
from pi_desktop.ui.theme import theme_for
from pi_desktop.ui.tree.layout import LayoutRow, TreeLayout, layout_tree
from pi_desktop.ui.tree.painter import NODE_R, TreePainter, lane_x
from pi_desktop.ui.tree.snapshot import TreeNode, TreeSnapshot, faded_nodes, tooltip_text


class SessionTreeView(QAbstractScrollArea):
    """Paints a ``TreeLayout``; rows are newest-first, lane 0 is the current path."""

    rewindRequested = Signal(str)
    forkRequested = Signal(str)
    compactionActivated = Signal(str)
    pinRequested = Signal(str, bool)  # entry id, True: pin / False: unpin
    branchSummaryRemoveRequested = Signal(str)
    copyRequested = Signal(str)
    sealedClicked = Signal(str)
    editRequested = Signal(str)  # a user message: edit and resend from before it

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
        self._selected: frozenset[str] = frozenset()  # entries picked from outside (a range)
        self._row_h = 24
        self._empty_text: str | None = None  # what an empty view says (None: no messages yet)
        self.setAccessibleName(tr("Tree", "Session tree"))
        self.setAccessibleDescription(
            tr(
                "Tree",
                "The messages of this session as a tree. Arrows move, Enter rewinds to a message "
                "or opens a summary, the Menu key shows its actions.",
            )
        )
        self.viewport().setCursor(Qt.CursorShape.PointingHandCursor)
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
        self._faded = faded_nodes(snapshot, self._hidden_entries)
        self._relayout()
        if follow:
            self.scroll_to_current()

    def apply_update(self, snapshot: TreeSnapshot, layout: TreeLayout) -> None:
        """Show ``snapshot`` with its ``layout`` already computed (the incremental path).

        ``layout`` must equal ``layout_tree(snapshot, expansions)``; expansions are kept.
        """
        follow = self._current_visible()
        self._snapshot = snapshot
        self._faded = faded_nodes(snapshot, self._hidden_entries)
        self._layout = layout
        self._after_layout()
        if follow:
            self.scroll_to_current()

    def set_hidden_ids(self, entry_ids: Iterable[str]) -> None:
        self._hidden_entries = frozenset(entry_ids)
        self._faded = faded_nodes(self._snapshot, self._hidden_entries)
        self.viewport().update()

    def set_navigation_enabled(self, enabled: bool) -> None:
        self._nav_enabled = enabled
        self.viewport().setCursor(
            Qt.CursorShape.PointingHandCursor if enabled else Qt.CursorShape.ForbiddenCursor
        )
        self.viewport().update()

    def set_empty_text(self, text: str | None) -> None:
        """What the view says while it has no rows (None: that the session has no messages)."""
        self._empty_text = text
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

    def select_entries(self, entry_ids: Iterable[str]) -> int:
        """Highlight the rows of ``entry_ids`` and scroll the newest of them into view.

        For ranges picked elsewhere (the messages a summary covered); it neither rewinds nor
        changes the current node. Returns how many rows are highlighted.
        """
        self._selected = frozenset(entry_ids)
        rows = self.selected_rows()
        if rows:
            self._focus_row = rows[0]
            bar = self.verticalScrollBar()
            top, bottom = rows[0] * self._row_h, (rows[-1] + 1) * self._row_h
            vh = self.viewport().height()
            if bottom - top <= vh:
                bar.setValue(max(0, top - (vh - (bottom - top)) // 2))
            else:
                bar.setValue(max(0, top - self._row_h))
        self.viewport().update()
        return len(rows)

    def selected_rows(self) -> list[int]:
        """Layout rows drawn highlighted, top (newest) first."""
        rows = {self._row_for_id(entry_id) for entry_id in self._selected}
        return sorted(r for r in rows if r is not None)

    def reset_view_state(self) -> None:
        """Forget expansions and hidden ids (a different session); the next snapshot relayouts."""
        self._selected = frozenset()
        self._expanded.clear()
        self._hidden_entries = frozenset()
        self._faded = frozenset()

    def _relayout(self) -> None:
        self._layout = layout_tree(self._snapshot, frozenset(self._expanded))
        self._after_layout()

    def _after_layout(self) -> None:
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

    def _row_y(self, row: int) -> float:
        """Centre of ``row`` in viewport coordinates."""
        return row * self._row_h - self.verticalScrollBar().value() + self._row_h / 2

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
        x, y = lane_x(lane), self._row_y(row)
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

    def _painter(self) -> TreePainter:
        return TreePainter(
            layout=self._layout,
            snapshot=self._snapshot,
            faded=self._faded,
            theme=theme_for(self.palette()),
            font=self.font(),
            row_h=self._row_h,
            scroll=self.verticalScrollBar().value(),
            width=self.viewport().width(),
            height=self.viewport().height(),
            hover_row=self._hover_row,
            focus_row=self._focus_row,
            has_focus=self.hasFocus(),
            nav_enabled=self._nav_enabled,
            empty_text=self._empty_text,
        )

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self.viewport())
        self._painter().paint(p, self.viewport().rect())
        if self._selected:
            self._paint_selection(p)
        p.end()

    def _paint_selection(self, p: QPainter) -> None:
        """A translucent band with an accent edge over each selected row."""
        theme = theme_for(self.palette())
        fill = QColor(theme.highlight)
        fill.setAlphaF(0.18)
        width = self.viewport().width()
        for row in self.selected_rows():
            top = int(self._row_y(row) - self._row_h / 2)
            if top + self._row_h < 0 or top > self.viewport().height():
                continue
            p.fillRect(QRect(0, top, width, self._row_h), fill)
            p.fillRect(QRect(0, top, 3, self._row_h), theme.highlight)

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
            if lr.kind == "compaction" and self._is_summary(lr.node_id):
                self.compactionActivated.emit(lr.node_id)

    def _is_summary(self, node_id: str) -> bool:
        """A compaction node (the viewer opens it), not a branch summary side node."""
        node = self._snapshot.nodes.get(node_id)
        return node is not None and node.role == "compaction"

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
            menu.addAction(tr("Tree", "Expand branch"), lambda: self.toggle_branch(root))
            return menu
        node = self._snapshot.nodes[row.node_id]
        if node.role == "branch_summary":
            menu.addAction(
                tr("Tree", "Remove branch summary"),
                lambda: self.branchSummaryRemoveRequested.emit(node.id),
            )
        elif node.role == "system_prompt":
            return menu  # a marker of where the prompt changed: its tooltip holds the text
        elif row.kind == "compaction":
            menu.addAction(
                tr("Tree", "View summary"), lambda: self.compactionActivated.emit(node.id)
            )
        else:
            rewind = QAction(tr("Tree", "Rewind here"), menu)
            rewind.setEnabled(self._nav_enabled and not row.sealed and not row.current)
            if row.sealed:
                rewind.setText(tr("Tree", "Rewind here (sealed by compaction)"))
            rewind.triggered.connect(lambda: self.rewindRequested.emit(node.target_id))
            menu.addAction(rewind)
            if node.role == "user":
                edit = QAction(tr("Tree", "Edit and resend…"), menu)
                edit.setEnabled(self._nav_enabled and not row.sealed)  # as the chat's Edit
                if row.sealed:
                    edit.setText(tr("Tree", "Edit and resend (sealed by compaction)"))
                edit.triggered.connect(lambda: self.editRequested.emit(node.target_id))
                menu.addAction(edit)
            menu.addAction(
                tr("Tree", "Fork to new session from here"),
                lambda: self.forkRequested.emit(node.target_id),
            )
            pin_id = node.id  # a call node pins the call (its results come along)
            menu.addAction(
                tr("Tree", "Unpin message")
                if node.pinned
                else tr("Tree", "Pin message (keep verbatim)"),
                lambda: self.pinRequested.emit(pin_id, not node.pinned),
            )
        menu.addAction(tr("Tree", "Copy text"), lambda: self.copy_node(node.id))
        if node.parent_id is not None and node.id in self._expanded:
            menu.addAction(tr("Tree", "Collapse branch"), lambda: self.toggle_branch(node.id))
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

    def focused_entry_id(self) -> str | None:
        """The message the keyboard focus is on, while the view has focus; None on a side node
        (a compaction or branch summary is no message) or a collapsed stub."""
        row = self._focus_row
        if not self.hasFocus() or row is None or row >= len(self._layout.rows):
            return None
        node = self._snapshot.nodes.get(self._layout.rows[row].node_id)
        return None if node is None or node.kind == "compaction" else node.id

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
                if self._is_summary(self._layout.rows[row].node_id):
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
            return tr("Tree", "Collapsed branch of %Ln message(s).", n=row.hidden_count) + (
                "\n" + tr("Tree", "Click to expand.")
            )
        if node is None:
            return ""
        lines = [tooltip_text(node)]
        if node.role == "system_prompt":
            lines.append(tr("Tree", "The system prompt changed here; later requests carry it."))
        elif row.kind == "compaction":
            lines.append(tr("Tree", "Double-click to view the summary."))
        elif row.sealed:
            lines.append(
                tr(
                    "Tree",
                    "Sealed: below the compaction floor. Rewinding here is not possible; "
                    "fork to a new session to continue from this point.",
                )
            )
        elif row.current:
            lines.append(tr("Tree", "Current position."))
        elif self._nav_enabled:
            lines.append(tr("Tree", "Click to rewind here."))
        if row.node_id in self._faded:
            lines.append(tr("Tree", "Not sent to the model verbatim (summarized or snipped)."))
        if not self._nav_enabled:
            lines.append(tr("Tree", "Navigation is paused while the agent is busy."))
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
