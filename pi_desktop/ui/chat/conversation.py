"""The conversation view: a scrolling column of message cards, tool calls and markers.

The rows are a model (``rows.Row``) and only those near the viewport have widgets, so a long
session opens at once and costs what is on screen. It is driven by the controller's signals
(append a user message, stream a delta, attach a tool result, mark a compaction) and can
redraw a whole path after a rewind or on load. It knows nothing about the agent: it only
shows, and asks for things through signals (open a summary, open an offloaded file, retry).
"""

from __future__ import annotations

import time
from bisect import bisect_right
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QPoint, QRect, Qt, QTimer, Signal
from PySide6.QtGui import (
    QKeySequence,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
    QShortcut,
    QTextCharFormat,
    QTextCursor,
)
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QFrame,
    QLabel,
    QTextEdit,
    QToolButton,
    QWidget,
)

from pi_desktop import safejson
from pi_desktop.agent.repair import INTERRUPTED_RESULT, PairRepair
from pi_desktop.context.offload import offload_path
from pi_desktop.ui.chat.find_bar import FindBar
from pi_desktop.ui.chat.message_widgets import (
    CompactionMarker,
    InlineBanner,
    MessageCard,
    ToolCallWidget,
)
from pi_desktop.ui.chat.rows import Row, estimate_height
from pi_desktop.ui.chat.thinking import reasoning_of
from pi_desktop.ui.chat.usage_text import MessageStats
from pi_desktop.ui.i18n import tr, trf
from pi_desktop.ui.scrollbars import slim_scroll_bars
from pi_desktop.ui.text.markdown_view import is_dark
from pi_desktop.ui.theme import color as theme_color


@dataclass(frozen=True)
class PathItem:
    """One row to draw when a whole path is shown: a message or a compaction marker."""

    kind: str  # "message" or "compaction"
    entry_id: str | None
    role: str = ""
    content: str = ""
    metadata: dict[str, Any] | None = None
    tokens_before: int = 0
    tokens_after: int = 0
    summarized_count: int = 0
    offloaded_path: str | None = None  # tool messages: the L3 file, when one exists
    rung: str = "model"  # compactions: "extractive" when no model wrote the summary


MAX_PROBLEMS_SHOWN = 5
# The rows form a centred column about 80 characters wide, as chat apps lay out answers:
# long lines are hard to read, and a wide window gains margins instead.
COLUMN_CHARS = 80
SIDE_MARGIN = 16
ROW_SPACING = 14
TOP_MARGIN = 16
BOTTOM_MARGIN = 16
# rows this far above and below the viewport are built too (a wheel step finds them ready)
OVERSCAN_PX = 400
# widgets kept at most; beyond, the farthest from the viewport are dropped (a card is ~150 kB)
MAX_BUILT = 60
# a conversation this short is built whole (as cheap as a screenful, and every card is there
# for the keyboard and for tests); longer ones only near the viewport
BUILD_ALL_ROWS = 40
# time a layout pass may spend building rows (~4 ms a card); the rest waits for the next turn
# of the loop and is drawn as a quiet stand-in meanwhile, so a scroll-bar drag never stalls
BUILD_BUDGET_S = 0.008
# a scroll-bar drag builds no card until the thumb has rested this long (stand-ins meanwhile):
# a card costs ~5 ms, and a drag across 10,000 rows asks for new ones every frame
DRAG_REST_S = 0.05
TEXT_WRAP = int(Qt.TextFlag.TextWordWrap)
USER_BUBBLE_SHARE = 0.8  # a user's bubble takes at most this share of the column
EMPTY_HINT = (
    "Type a message below — Enter sends.\n\n"
    "The bar above the input shows how full the model's context is; when it passes the mark, "
    "older turns are summarized. The tree on the right shows every message: click one to go "
    "back to it."
)


class _Canvas(QWidget):
    """The viewport's page: the built rows are its children; rows not built yet are drawn as
    quiet stand-ins. A row whose size changed (an answer growing, a tool call opened) posts
    a layout request here, and the view measures it again."""

    def __init__(self, view: ConversationView) -> None:
        super().__init__(view.viewport())
        self._view = view
        self.setObjectName("conversationContent")
        # the page colour from the palette; no style sheet may reach the rows (surfaces.py)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self.setAutoFillBackground(True)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self._view.schedule_layout()
        return super().event(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        self._view.paint_stand_ins(self, event.rect())


class ConversationView(QAbstractScrollArea):
    """Shows one path of the session; streams the running answer in place.

    The messages are a list of ``Row``s (rows.py); a row's widget exists only while the row
    is near the viewport (at most ``MAX_BUILT`` at a time), so a 100,000-message session
    costs what is on screen. Heights are estimated until measured; measuring keeps the row
    at the top of the viewport where it was, or the end in sight while following it."""

    summaryRequested = Signal(str)  # compaction entry id
    openFileRequested = Signal(str)  # offloaded tool-result path
    retryRequested = Signal()
    editRequested = Signal(str)  # a user message's entry id: edit it and send it again
    pinRequested = Signal(str, bool)  # a message's entry id; True: pin, False: unpin
    cardBuilt = Signal(QWidget)  # a message card was (re)built: the window decorates it
    matchesChanged = Signal(int, int)  # Ctrl+F: the current match (1-based, 0: none), count

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(tr("Conversation", "Conversation"))
        self.setAccessibleDescription(
            tr(
                "Conversation",
                "The messages of this session; Ctrl+F finds text, Page Up and Page Down scroll.",
            )
        )
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setObjectName("conversation")
        self._content = _Canvas(self)
        self._rows: list[Row] = []
        self._tops: list[int] = []  # each row's top, in content coordinates
        self._dirty_from: int | None = None  # tops from here on need recomputing
        self._built: set[Row] = set()
        self._streaming_row: Row | None = None
        self._tool_calls: dict[str, Row] = {}
        self._in_layout = False
        self._restoring = False
        self._width = 0  # the width the heights were estimated at
        # how an answer's figures are found (the window sets it: the session holds them)
        self.stats_source: Callable[[str | None, Any], MessageStats | None] | None = None
        self._follow = True
        # fields of saved messages that could not be drawn (skipped, and said so in a banner)
        self.problems: list[str] = []
        self._query = ""
        self._matches: list[tuple[int, int]] = []  # (row index, occurrence in the row)
        self._match = -1
        self._layout_timer = QTimer(self)  # one relayout per turn of the loop, however many asks
        self._layout_timer.setSingleShot(True)
        self._layout_timer.setInterval(0)
        self._layout_timer.timeout.connect(self._relayout)
        self._last_scroll = 0.0
        self._rest_timer = QTimer(self)  # a drag that paused: build what it rests on
        self._rest_timer.setSingleShot(True)
        self._rest_timer.setInterval(int(DRAG_REST_S * 1000))
        self._rest_timer.timeout.connect(self._relayout)
        slim_scroll_bars(self)
        bar = self.verticalScrollBar()
        bar.setSingleStep(40)
        bar.valueChanged.connect(self._on_scrolled)
        self.hint = QLabel(
            tr("Conversation", EMPTY_HINT), self.viewport()
        )  # what a first start sees, until a row
        self.hint.setWordWrap(True)
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.hint.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.find_bar = FindBar(self)
        self.find_bar.queryChanged.connect(self.find)
        self.find_bar.nextRequested.connect(self.find_next)
        self.find_bar.previousRequested.connect(self.find_previous)
        self.find_bar.closed.connect(lambda: self.find(""))
        self.matchesChanged.connect(self.find_bar.set_count)
        self.find_bar.hide()
        find = QShortcut(QKeySequence.StandardKey.Find, self)
        find.setContext(Qt.ShortcutContext.WindowShortcut)
        find.activated.connect(self.open_find)

    # -- queries (tests and the window read these) ---------------------------------------

    def widget(self) -> QWidget:
        """The page the built rows sit on (a child of the viewport, as large as it)."""
        return self._content

    def rows(self) -> list[QWidget]:
        """The widgets built now, in the conversation's order (rows far from the viewport
        of a long session have none: see ``row_count``)."""
        return [row.widget for row in sorted(self._built, key=lambda r: r.index)]

    def row_count(self) -> int:
        return len(self._rows)

    def last_entry_id(self) -> str | None:
        """The newest stored message of the path, built or not (Ctrl+P pins it)."""
        for row in reversed(self._rows):
            if row.kind == "message" and row.entry_id:
                return row.entry_id
        return None

    def count_rows(self, kind: str) -> int:
        """Rows of ``kind`` ("message", "tool", "compaction", "banner"), built or not."""
        return sum(1 for row in self._rows if row.kind == kind)

    def built_count(self) -> int:
        return len(self._built)

    def message_cards(self) -> list[MessageCard]:
        return [w for w in self.rows() if isinstance(w, MessageCard)]

    def tool_calls(self) -> list[ToolCallWidget]:
        return [w for w in self.rows() if isinstance(w, ToolCallWidget)]

    def markers(self) -> list[CompactionMarker]:
        return [w for w in self.rows() if isinstance(w, CompactionMarker)]

    def banners(self) -> list[InlineBanner]:
        return [w for w in self.rows() if isinstance(w, InlineBanner)]

    @property
    def streaming_card(self) -> MessageCard | None:
        row = self._streaming_row
        return row.widget if row is not None else None

    def stats_for(self, entry_id: str | None, metadata: Any) -> MessageStats | None:
        if self.stats_source is None:
            return None
        return self.stats_source(entry_id, metadata)

    # -- geometry ------------------------------------------------------------------------

    def column_width(self) -> int:
        """The width of the rows' column: about ``COLUMN_CHARS`` characters of body text."""
        chars = self.fontMetrics().horizontalAdvance("abcdefghij klmnopqrs tuvwxyz ") / 30
        return int(chars * COLUMN_CHARS) + 2 * SIDE_MARGIN

    def _column(self) -> tuple[int, int]:
        """The column's left edge and inner width in the viewport."""
        width = self.viewport().width()
        side = max(SIDE_MARGIN, (width - self.column_width()) // 2 + SIDE_MARGIN)
        return side, max(120, width - 2 * side)

    def _bubble_width(self) -> int:
        inner = min(self.column_width(), self.viewport().width()) - 2 * SIDE_MARGIN
        return max(120, int(inner * USER_BUBBLE_SHARE))

    def _estimator(self, inner: int) -> Callable[[Row], int]:
        """Estimates at ``inner`` px: the font's figures are read once per pass, not per row
        (100,000 rows read them in seconds)."""
        metrics = self.fontMetrics()
        char = metrics.horizontalAdvance("abcdefghij klmnopqrs tuvwxyz ") / 30
        line = metrics.lineSpacing()
        bubble = self._bubble_width() - 28

        def estimate(row: Row) -> int:
            return estimate_height(row, bubble if row.role == "user" else inner, char, line)

        return estimate

    def _estimate(self, row: Row, inner: int) -> int:
        return self._estimator(inner)(row)

    def _recompute_tops(self) -> None:
        start = self._dirty_from
        if start is None:
            return
        self._dirty_from = None
        rows, tops = self._rows, self._tops
        del tops[start:]
        if start >= len(rows):
            return
        y = TOP_MARGIN if start == 0 else tops[start - 1] + rows[start - 1].height + ROW_SPACING
        steps = [row.height + ROW_SPACING for row in rows[start:-1]]
        tops.extend(accumulate(steps, initial=y))  # in C: a 100,000-row pass stays cheap

    def _mark_dirty(self, index: int) -> None:
        if self._dirty_from is None or index < self._dirty_from:
            self._dirty_from = index

    def _content_height(self) -> int:
        self._recompute_tops()
        if not self._rows:
            return 0
        return self._tops[-1] + self._rows[-1].height + BOTTOM_MARGIN

    def _row_at(self, y: int) -> int:
        """The index of the row at content height ``y`` (clamped to the rows)."""
        self._recompute_tops()
        return max(0, min(len(self._rows) - 1, bisect_right(self._tops, y) - 1))

    def row_top(self, index: int) -> int:
        self._recompute_tops()
        return self._tops[index]

    # -- the layout pass -----------------------------------------------------------------

    def schedule_layout(self) -> None:
        if not self._layout_timer.isActive():
            self._layout_timer.start()

    def settle(self) -> None:
        """Lay out now (tests, screenshots): measure, build what is in view, position."""
        self._relayout(budget=None)

    def _relayout(self, budget: float | None = BUILD_BUDGET_S) -> None:
        """Measure the built rows, build the rows in view (within ``budget`` seconds; the rest
        on the next turns, drawn as stand-ins meanwhile), drop far rows, place the rest."""
        if self._in_layout:
            self.schedule_layout()
            return
        self._layout_timer.stop()
        self._in_layout = True
        try:
            self._layout_pass(budget)
        finally:
            self._in_layout = False

    def _layout_pass(self, budget: float | None) -> None:
        bar = self.verticalScrollBar()
        moving = False
        if budget is not None and bar.isSliderDown():
            budget = 0.0  # a drag: one card per turn of the loop, stand-ins for the rest
            # while the thumb moves, only stand-ins: cards are built once the hand rests
            moving = time.perf_counter() - self._last_scroll < DRAG_REST_S
        deadline = None if budget is None else time.perf_counter() + budget
        side, inner = self._column()
        if inner != self._width:  # a new width: every estimate and measure is stale
            self._width = inner
            estimate = self._estimator(inner)
            for row in self._rows:
                row.measured = False
                row.height = estimate(row)
            self._mark_dirty(0)
        anchor = self._anchor()
        # measured again: the built rows in and near the view (a far one keeps its height
        # until it comes back; measuring all of them made every scroll step slow)
        near_first = self._row_at(bar.value() - OVERSCAN_PX)
        near_last = self._row_at(bar.value() + self.viewport().height() + OVERSCAN_PX)
        for row in self._built:
            if near_first <= row.index <= near_last or len(self._built) <= BUILD_ALL_ROWS:
                self._place(row, side, inner)
        pending = True
        while True:
            self._restore(anchor)
            view_h = self.viewport().height()
            first = self._row_at(bar.value() - OVERSCAN_PX)
            last = self._row_at(bar.value() + view_h + OVERSCAN_PX)
            if len(self._rows) <= BUILD_ALL_ROWS:
                first, last = 0, len(self._rows) - 1
            todo = [r for r in self._rows[first : last + 1] if r.widget is None]
            if not todo:
                pending = False
                break
            if moving:
                self._rest_timer.start()
                pending = False
                break
            # the rows under the viewport first, then the overscan
            top = bar.value()
            todo.sort(key=lambda r: 0 if top <= self._tops[r.index] <= top + view_h else 1)
            for row in todo:
                self._build(row)
                self._place(row, side, inner)
                if deadline is not None and time.perf_counter() >= deadline:
                    break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self._restore(anchor)
        self._drop_far()
        offset = bar.value()
        view_h = self.viewport().height()
        for row in self._built:
            top = self._tops[row.index] - offset
            out = top > view_h + OVERSCAN_PX or top + row.height < -OVERSCAN_PX
            if out and len(self._built) > BUILD_ALL_ROWS:  # far out of sight: not painted
                if not row.widget.isHidden():
                    row.widget.hide()
                continue
            self._move(row, side, inner, offset)
        self._content.setGeometry(self.viewport().rect())
        self._content.update()
        if pending:
            self.schedule_layout()

    def _anchor(self) -> tuple[int, int] | None:
        """The row at the top of the viewport and how far into it the view is."""
        if not self._rows:
            return None
        value = self.verticalScrollBar().value()
        index = self._row_at(value)
        return index, value - self._tops[index]

    def _restore(self, anchor: tuple[int, int] | None) -> None:
        """Range and value after heights changed: the end while following, else the anchor
        row where it was (a drag in progress keeps the thumb where the hand put it)."""
        bar = self.verticalScrollBar()
        total = self._content_height()
        view_h = self.viewport().height()
        # not blockSignals: the area shows and hides the bar on its range signals
        self._restoring = True
        try:
            bar.setRange(0, max(0, total - view_h))
            bar.setPageStep(max(1, view_h))
            if self._follow:
                bar.setValue(bar.maximum())
            elif anchor is not None and not bar.isSliderDown() and anchor[0] < len(self._rows):
                bar.setValue(self._tops[anchor[0]] + anchor[1])
        finally:
            self._restoring = False

    def _place(self, row: Row, side: int, inner: int) -> None:
        """Size a built row to the column and measure it."""
        widget = row.widget
        width = inner
        if isinstance(widget, MessageCard) and widget.role == "user":
            bubble = self._bubble_width()
            if widget.maximumWidth() != bubble:
                widget.setMaximumWidth(bubble)
            width = min(bubble, widget.sizeHint().width())
        if widget.width() != width:
            widget.resize(width, max(1, row.height))
        layout = widget.layout()
        if layout is not None:  # twice: the body's height follows the width the first sets
            layout.activate()
            layout.activate()
        if widget.hasHeightForWidth():
            height = widget.heightForWidth(width)
        else:
            height = widget.sizeHint().height()
        height = max(height, widget.minimumSizeHint().height(), 1)
        if height != row.height or not row.measured:
            if height != row.height:
                self._mark_dirty(row.index)
            row.height = height
            row.measured = True

    def _move(self, row: Row, side: int, inner: int, offset: int) -> None:
        widget = row.widget
        width = widget.width()
        x = side + inner - width if getattr(widget, "role", "") == "user" else side
        geometry = QRect(x, self._tops[row.index] - offset, width, row.height)
        if widget.geometry() != geometry:
            widget.setGeometry(geometry)
        if widget.isHidden():
            widget.show()

    def _drop_far(self) -> None:
        """Over ``MAX_BUILT`` widgets: the ones farthest from the viewport go (their rows keep
        what they showed). The running answer and banners stay."""
        if len(self._built) <= MAX_BUILT:
            return
        middle = self._row_at(self.verticalScrollBar().value() + self.viewport().height() // 2)
        view_rows = self.viewport().height() // 40 + 4
        candidates = [
            r
            for r in self._built
            if not r.streaming
            and r.kind != "banner"
            and abs(r.index - middle) > view_rows
            and not _busy(r.widget)
        ]
        candidates.sort(key=lambda r: abs(r.index - middle), reverse=True)
        for row in candidates[: len(self._built) - MAX_BUILT]:
            self._unbuild(row)

    def _unbuild(self, row: Row) -> None:
        widget = row.widget
        row.widget = None
        self._built.discard(row)
        if widget is not None:
            widget.hide()  # at once: deletion waits for the event loop
            widget.deleteLater()

    # -- building a row's widget ---------------------------------------------------------

    def _build(self, row: Row) -> QWidget:
        if row.widget is not None:
            return row.widget
        parent = self._content
        if row.kind == "message":
            widget = MessageCard(row.role, row.content, row.entry_id, parent)
            widget.editRequested.connect(self.editRequested)
            widget.pinRequested.connect(self.pinRequested)
            if row.role == "user":
                widget.setMaximumWidth(self._bubble_width())
            widget.set_reasoning(row.reasoning)
            if row.streaming:
                widget.status_label.setText("…")
            elif row.role == "assistant":
                widget.set_stats(self.stats_for(row.entry_id, row.metadata))
                widget.body.setHidden(not row.content.strip())
            if row.stopped:
                widget.set_stopped()
        elif row.kind == "tool":
            widget = ToolCallWidget(row.call_id, row.name, row.arguments, parent)
            widget.stored = row.stored
            widget.openFileRequested.connect(self.openFileRequested)
            if row.result is not None:
                widget.set_result(
                    row.result, is_error=row.is_error, offloaded_path=row.offloaded_path
                )
            if row.expanded:
                widget.set_expanded(True)
            widget.toggle.toggled.connect(lambda on, r=row: setattr(r, "expanded", on))
        elif row.kind == "compaction":
            widget = CompactionMarker(
                row.entry_id,
                row.tokens_before,
                row.tokens_after,
                row.summarized_count,
                manual=row.manual,
                rung=row.rung,
                parent=parent,
            )
            widget.summaryRequested.connect(self.summaryRequested)
        else:
            widget = InlineBanner(row.text, kind=row.banner_kind, parent=parent)
            if row.banner_kind == "error" and row.stored:  # ``stored``: it offers a retry
                widget.add_action("retry", tr("Conversation", "Retry")).clicked.connect(
                    self._retry_from(widget)
                )
        widget.resize(self._width or self._column()[1], max(1, row.height))
        widget.show()  # shown before it is measured: its text lays out at its real width
        row.widget = widget
        self._built.add(row)
        for button in widget.findChildren(QToolButton):
            if button.isCheckable():  # a row opened or closed: its new height at once
                button.toggled.connect(self._on_row_toggled)
        if isinstance(widget, MessageCard):
            self._highlight(row)
            self.cardBuilt.emit(widget)
        return widget

    def _on_row_toggled(self, _checked: bool = False) -> None:
        self._relayout(budget=None)

    def _append(self, row: Row) -> Row:
        row.index = len(self._rows)
        self._rows.append(row)
        row.height = self._estimate(row, self._width or self._column()[1])
        self._mark_dirty(row.index)
        self.hint.hide()
        self._build(row)
        self._place(row, *self._column())
        self._recompute_tops()
        self._move(row, *self._column(), self.verticalScrollBar().value())
        self.schedule_layout()
        return row

    def _remove_row(self, row: Row) -> None:
        if row not in self._built and row.widget is None and row not in self._rows:
            return
        self._unbuild(row)
        try:
            self._rows.remove(row)
        except ValueError:
            return
        for i in range(row.index, len(self._rows)):
            self._rows[i].index = i
        self._mark_dirty(row.index)
        if row is self._streaming_row:
            self._streaming_row = None
        self.hint.setVisible(not self._rows)
        self.schedule_layout()

    def _row_of(self, widget: QWidget) -> Row | None:
        for row in self._built:
            if row.widget is widget:
                return row
        return None

    # -- building --------------------------------------------------------------------------

    def clear(self) -> None:
        for row in list(self._built):
            self._unbuild(row)
        self._rows = []
        self._tops = []
        self._dirty_from = None
        self._streaming_row = None
        self._tool_calls.clear()
        self._follow = True
        self._matches = []
        self._match = -1
        self.hint.setText(tr("Conversation", EMPTY_HINT))
        self.hint.show()
        self._relayout()

    def show_loading(self, name: str) -> None:
        """A quiet line while a session is read in the background (the window is up)."""
        self.clear()
        self.hint.setText(trf("Conversation", "Opening %1…", name))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.hint.setGeometry(self.viewport().rect().adjusted(48, 24, -48, -24))
        self._content.setGeometry(self.viewport().rect())
        self.find_bar.place()
        self._relayout()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        self._last_scroll = time.perf_counter()
        self._on_scrolled(self.verticalScrollBar().value())  # before the pass: it follows?
        if not self._in_layout:
            self._relayout()

    def paint_stand_ins(self, canvas: QWidget, rect: QRect) -> None:
        """Rows in view whose widgets are not built yet: their first words, quietly."""
        if not self._rows:
            return
        offset = self.verticalScrollBar().value()
        first = self._row_at(offset + rect.top())
        last = self._row_at(offset + rect.bottom())
        side, inner = self._column()
        painter = None
        for row in self._rows[first : last + 1]:
            if row.widget is not None:
                continue
            if painter is None:
                painter = QPainter(canvas)
                painter.setPen(canvas.palette().color(QPalette.ColorRole.PlaceholderText))
            box = QRect(side, self._tops[row.index] - offset, inner, row.height)
            if row.role == "user":  # where its bubble will be: on the right
                bubble = min(inner, self._bubble_width())
                box = QRect(side + inner - bubble, box.top(), bubble, row.height)
            flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
            painter.drawText(box.adjusted(4, 4, -4, -4), int(flags) | TEXT_WRAP, row.preview())
        if painter is not None:
            painter.end()

    def add_message(
        self,
        role: str,
        content: str,
        entry_id: str | None = None,
        metadata: dict[str, Any] | None = None,
        *,
        offloaded_path: str | None = None,
    ) -> QWidget | None:
        """A finished message. Tool messages attach to their call (with the L3 file that holds
        the full result, if any); assistant tool calls draw."""
        row = self._message_row(role, content, entry_id, metadata, offloaded_path)
        return row.widget if row is not None else None

    def _message_row(self, role, content, entry_id, metadata, offloaded_path, *, build=True):
        if role == "system":
            return None
        if role == "tool":
            meta = metadata if isinstance(metadata, dict) else {}
            call_id = str(meta.get("tool_call_id", ""))
            row = self._tool_calls.get(call_id)
            if row is None:
                row = self._tool_row(call_id, str(meta.get("name", "tool")), {}, build=build)
            if row.result is None:
                self._set_result(row, content, offloaded_path=offloaded_path)
            return row
        reasoning = reasoning_of(metadata) if role == "assistant" else ""
        row = None
        if role == "assistant" and self._streaming_row is not None:
            row = self._streaming_row
            self._streaming_row = None
            row.streaming = False
            row.entry_id, row.metadata, row.reasoning = entry_id, metadata, reasoning
            row.content = content
            row.forget_search()
            card = row.widget
            if card is not None:
                card.entry_id = entry_id
                card.actions.pin_button.setEnabled(entry_id is not None)
                card.body.finish()
                if card.body.text != content:  # the stream is already rendered block by block
                    card.body.set_text(content)
                card.status_label.setText("")
                card.set_reasoning(reasoning)  # the stored text wins; the measured time stays
                card.set_stats(self.stats_for(entry_id, metadata))
                card.body.setHidden(not content.strip())  # only thought: the block, no blank
            if not content.strip() and not reasoning:  # the body now holds exactly ``content``
                self._remove_row(row)
                row = None
        elif content.strip() or role == "user" or reasoning:
            row = Row("message", entry_id, role=role, content=content, metadata=metadata)
            row.reasoning = reasoning
            if build:
                self._append(row)
            else:
                self._rows.append(row)
        if role == "assistant" and metadata:
            calls, problems = tool_calls_of(metadata)
            for problem in problems:
                self.problems.append(f"message {entry_id or '(new)'}: {problem}")
            for call_id, name, arguments in calls:
                self._tool_row(call_id, name, arguments, stored=True, build=build)
        return row

    def _streaming_card(self) -> MessageCard:
        if self._streaming_row is None:
            row = Row("message", None, role="assistant", streaming=True)
            self._streaming_row = row
            self._append(row)
        row = self._streaming_row
        if row.widget is None:
            self._build(row)
            self.schedule_layout()
        return row.widget

    def append_delta(self, text: str) -> None:
        """Streaming text of the running answer (the controller batches deltas). The first
        word of the answer ends its thinking."""
        card = self._streaming_card()
        if card.thinking is not None and card.thinking.live and text:
            card.thinking.finish()
        if text and card.body.isHidden():
            card.body.show()
        card.body.append(text)

    def retract_stream_text(self) -> None:
        """The answer streamed so far was the model's reasoning (a lone ``</think>``): it is
        cleared here and arrives again in the Thinking block."""
        card = self.streaming_card
        if card is not None and card.body.text:
            card.body.set_text("")
            card.body.hide()

    def restart_stream(self) -> None:
        """The provider is asked again (a retry): the reasoning starts over, counted anew."""
        card = self.streaming_card
        if card is not None and card.thinking is not None:
            card.thinking.restart()

    def append_reasoning(self, text: str) -> None:
        """Streaming reasoning of the running answer: its Thinking block counts it live."""
        if not text:
            return
        card = self._streaming_card()
        card.thinking_block().append(text)
        if not card.body.text:
            card.body.hide()  # until the answer's first word
        card.status_label.setText(tr("Conversation", "thinking…"))

    def end_stream(self, *, stopped: bool = False) -> None:
        """The run ended; a half-written answer stays and is marked when stopped."""
        row = self._streaming_row
        self._streaming_row = None
        card = row.widget if row is not None else None
        if row is not None:
            row.streaming = False
            if card is not None:
                card.body.finish()
                card.status_label.setText("")
                if card.thinking is not None:
                    card.thinking.finish()
                row.content, row.reasoning = card.body.text, card.reasoning
                row.forget_search()
            if not row.content.strip() and not row.reasoning.strip():
                self._remove_row(row)
                row = None
        if stopped:
            target = row or self._last_assistant()
            if target is not None:
                target.stopped = True
                if target.widget is not None:
                    target.widget.set_stopped()
            else:
                self.add_banner(tr("Conversation", "Stopped."), kind="info")

    def _last_assistant(self) -> Row | None:
        for row in reversed(self._rows):
            if row.kind == "message":
                return row if row.role == "assistant" else None
        return None

    def add_tool_call(
        self, call_id: str, name: str, arguments: dict[str, Any] | str, *, stored: bool = False
    ):
        """The call's row. The live run names a call three times (started, finished, then the
        stored assistant message): one row. Servers that number calls per message reuse an id
        in a later turn, so a stored message claims only a row no stored message owns yet, and
        a live call reuses a row only while it is its own (not stored, or still unanswered)."""
        row = self._tool_row(call_id, name, arguments, stored=stored)
        return self._build(row)

    def _tool_row(self, call_id, name, arguments, *, stored=False, build=True) -> Row:
        existing = self._tool_calls.get(call_id)
        if existing is not None:
            if stored and not existing.stored:
                existing.stored = True
                if existing.widget is not None:
                    existing.widget.stored = True
                return existing
            if not stored and (not existing.stored or existing.result is None):
                return existing
        row = Row("tool", call_id=call_id, name=name, arguments=arguments, stored=stored)
        self._tool_calls[call_id] = row
        if build:
            self._append(row)
        else:
            self._rows.append(row)
        return row

    def _set_result(self, row: Row, result: str, *, is_error=False, offloaded_path=None) -> None:
        row.result, row.is_error = result, is_error
        if offloaded_path:
            row.offloaded_path = offloaded_path
        row.forget_search()
        if row.widget is not None:
            row.widget.set_result(result, is_error=is_error, offloaded_path=offloaded_path)

    def finish_tool_call(
        self,
        call_id: str,
        name: str,
        arguments: dict[str, Any] | str,
        result: str,
        *,
        is_error: bool = False,
        offloaded_path: str | None = None,
    ) -> ToolCallWidget:
        row = self._tool_row(call_id, name, arguments)
        self._set_result(row, result, is_error=is_error, offloaded_path=offloaded_path)
        return self._build(row)

    def add_compaction(
        self,
        entry_id: str | None,
        tokens_before: int,
        tokens_after: int,
        summarized_count: int,
        *,
        manual: bool = False,
        rung: str = "model",
    ) -> CompactionMarker:
        row = Row(
            "compaction",
            entry_id,
            tokens_before=tokens_before,
            tokens_after=tokens_after,
            summarized_count=summarized_count,
            manual=manual,
            rung=rung,
        )
        return self._append(row).widget

    def add_banner(self, text: str, *, kind: str = "info") -> InlineBanner:
        return self._append(Row("banner", text=text, banner_kind=kind)).widget

    def add_error(self, text: str, *, retry: bool = True) -> InlineBanner:
        row = Row("banner", text=text, banner_kind="error", stored=retry)
        return self._append(row).widget

    def _retry_from(self, banner: InlineBanner):
        def retry() -> None:
            self.remove_banner(banner)
            self.retryRequested.emit()

        return retry

    def remove_banner(self, banner: InlineBanner) -> None:
        row = self._row_of(banner)
        if row is not None:
            self._remove_row(row)

    def clear_banners(self, kind: str | None = None) -> None:
        for row in [r for r in self._rows if r.kind == "banner"]:
            if kind is None or row.banner_kind == kind:
                self._remove_row(row)

    def show_path(self, items: Iterable[PathItem]) -> None:
        """Redraw from scratch: after a rewind, on load, after a fork. Only the rows near the
        end are built; fields that cannot be drawn (malformed tool calls in a hand-edited
        file) are skipped and listed in a banner."""
        self.clear()
        self.problems = []
        for item in items:
            if item.kind == "compaction":
                row = Row(
                    "compaction",
                    item.entry_id,
                    tokens_before=item.tokens_before,
                    tokens_after=item.tokens_after,
                    summarized_count=item.summarized_count,
                    rung=item.rung,
                )
                self._rows.append(row)
                continue
            self._message_row(
                item.role,
                item.content,
                item.entry_id,
                item.metadata,
                item.offloaded_path,
                build=False,
            )
        inner = self._column()[1]
        self._width = inner
        estimate = self._estimator(inner)
        for index, row in enumerate(self._rows):
            row.index = index
            row.height = estimate(row)
        self._mark_dirty(0)
        self.hint.setVisible(not self._rows)
        if self.problems:
            shown = self.problems[:MAX_PROBLEMS_SHOWN]
            more = len(self.problems) - len(shown)
            self.add_banner(
                tr("Conversation", "Some saved data could not be shown and was skipped:")
                + "\n"
                + "\n".join(shown)
                + ("\n" + trf("Conversation", "… and %1 more", more) if more > 0 else ""),
                kind="refusal",
            )
        self._follow = True
        self._relayout(budget=None)  # what is in view now, not a frame later
        self.scroll_to_bottom()
        if self._query:  # an open search counts the new path (Enter goes to its matches)
            self._count_matches()
            self.matchesChanged.emit(0, len(self._matches))

    def show_repairs(self, repairs: Iterable[PairRepair]) -> InlineBanner | None:
        """Mark the gaps the history sent to the model papers over (the file is unchanged).

        A call that never got a result shows the synthetic result the model is sent; a result
        that answers no call stays drawn but is named as not sent. One banner explains both.
        """
        missing = orphans = 0
        for repair in repairs:
            if repair.kind == "missing_result":
                missing += 1
                row = self._tool_calls.get(repair.tool_call_id or "")
                if row is not None and row.result is None:
                    self._set_result(row, INTERRUPTED_RESULT, is_error=True)
            else:
                orphans += 1
        if not missing and not orphans:
            return None
        parts = []
        if missing:
            parts.append(
                trf(
                    "Conversation",
                    "%Ln tool call(s) never got a result (the run was interrupted); the model "
                    'is sent "%1" in its place',
                    INTERRUPTED_RESULT,
                    n=missing,
                )
            )
        if orphans:
            parts.append(
                tr(
                    "Conversation",
                    "%Ln tool result(s) answer no call and are left out of what the model is sent",
                    n=orphans,
                )
            )
        return self.add_banner(
            trf(
                "Conversation",
                "This conversation has a gap: %1. The session file is unchanged.",
                tr("Conversation", "; ").join(parts),
            ),
            kind="info",
        )

    # -- following the newest row, and scrolling to one ----------------------------------

    def scroll_to_bottom(self) -> None:
        self._follow = True
        self._relayout()
        bar = self.verticalScrollBar()
        bar.setValue(bar.maximum())

    def _on_scrolled(self, value: int) -> None:
        if self._restoring:  # the view moved itself: whether it follows the end stays
            return
        bar = self.verticalScrollBar()
        self._follow = value >= bar.maximum() - 24

    def ensureWidgetVisible(self, widget: QWidget, xmargin: int = 50, ymargin: int = 50) -> None:
        """As ``QScrollArea.ensureWidgetVisible``, for a built row (or a widget inside one)."""
        row = None
        target = widget
        while target is not None and row is None:
            row = self._row_of(target)
            target = target.parentWidget()
        if row is None:
            return
        inside = widget.mapTo(row.widget, QPoint(0, 0)).y() if widget is not row.widget else 0
        self.scroll_to_row(row.index, inside, widget.height(), ymargin)

    def scroll_to_row(self, index: int, inside: int = 0, height: int = 0, margin: int = 50):
        """Bring row ``index`` (``inside`` px into it, ``height`` tall) into view and build it."""
        self._recompute_tops()
        row = self._rows[index]
        self._build(row)
        self._place(row, *self._column())
        self._recompute_tops()
        bar = self.verticalScrollBar()
        top = self._tops[index] + inside
        view_h = self.viewport().height()
        value = bar.value()
        if top - margin < value:
            value = top - margin
        elif top + height + margin > value + view_h:
            value = top + height + margin - view_h
        self._follow = False
        self._restore(None)
        bar.setValue(max(0, min(bar.maximum(), value)))
        self._follow = bar.value() >= bar.maximum() - 24
        self._relayout(budget=None)
        return row.widget

    def scroll_to_entry(self, entry_id: str) -> QWidget | None:
        """Bring the message ``entry_id`` into view (a third of the way down), built or not:
        what a search hit opens to (sessions/reveal.py). None when it is not on the path."""
        for row in self._rows:
            if row.entry_id == entry_id and row.kind == "message":
                return self.scroll_to_row(row.index, 0, 0, self.viewport().height() // 3)
        return None

    # -- Ctrl+F ------------------------------------------------------------------------

    def open_find(self) -> None:
        self.find_bar.open()

    def find(self, query: str) -> int:
        """Every match of ``query`` (case-insensitive) in the whole session, built rows or
        not; highlights them in the rows on screen and jumps to the one nearest the view."""
        self._query = query.casefold()
        self._count_matches()
        for row in self._built:
            self._highlight(row)
        if self._matches:  # the first match at or after the top of the view, else the first
            top = self._row_at(self.verticalScrollBar().value())
            self._match = next((i for i, (r, _k) in enumerate(self._matches) if r >= top), 0)
            self._show_match()
        self.matchesChanged.emit(self._match + 1, len(self._matches))
        return len(self._matches)

    def _count_matches(self) -> None:
        self._matches = []
        self._match = -1
        needle = self._query
        if needle:
            for row in self._rows:
                count = row.search_text().count(needle)
                if count:
                    self._matches.extend((row.index, k) for k in range(count))

    def find_next(self) -> None:
        self._step(1)

    def find_previous(self) -> None:
        self._step(-1)

    def _step(self, delta: int) -> None:
        if not self._matches:
            return
        self._match = (self._match + delta) % len(self._matches)
        self._show_match()
        self.matchesChanged.emit(self._match + 1, len(self._matches))

    @property
    def current_match(self) -> tuple[int, int] | None:
        return self._matches[self._match] if 0 <= self._match < len(self._matches) else None

    def _show_match(self) -> None:
        index, occurrence = self._matches[self._match]
        row = self._rows[index]
        widget = self.scroll_to_row(index, 0, 0, 40)
        if row.kind == "tool" and isinstance(widget, ToolCallWidget):
            widget.set_expanded(True)
        for other in self._built:
            self._highlight(other)
        if isinstance(widget, MessageCard):
            rect = self._highlight(row, current=occurrence)
            body = widget.body
            block = body.wide_block_at(rect.center()) if rect is not None else None
            if block is not None:  # inside a wide code block: scroll that block to it
                body.set_code_offset(block, rect.left() - body.viewport().width() // 2)
            if rect is not None:  # the match itself in view, a third of the way down
                inside = widget.body.viewport().mapTo(widget, rect.topLeft()).y()
                self.scroll_to_row(index, inside, rect.height(), self.viewport().height() // 3)

    def _highlight(self, row: Row, current: int | None = None) -> QRect | None:
        """Mark every match in a built card (the current one stronger); the current one's
        rectangle in the body's viewport, when it is found in the drawn text."""
        card = row.widget
        if not isinstance(card, MessageCard):
            return None
        body = card.body
        match = self.current_match
        if current is None and match is not None and match[0] == row.index:
            current = match[1]
        selections = []
        found = None
        if self._query and row.search_text().count(self._query):
            doc = body.document()
            cursor = QTextCursor(doc)
            k = 0
            while True:
                cursor = doc.find(self._query, cursor)
                if cursor.isNull():
                    break
                selection = QTextEdit.ExtraSelection()
                selection.cursor = cursor
                fmt = QTextCharFormat()
                strong = k == current
                # every match in the theme's soft accent, the current one in the selection's
                # colours (both follow light/dark: theme.json and the palette)
                if strong:
                    fmt.setBackground(body.palette().color(QPalette.ColorRole.Highlight))
                    fmt.setForeground(body.palette().color(QPalette.ColorRole.HighlightedText))
                else:
                    fmt.setBackground(theme_color("accent_soft", is_dark()))
                selection.format = fmt
                selections.append(selection)
                if strong:
                    found = body.cursorRect(cursor)
                k += 1
        body.setExtraSelections(selections)
        return found


def _busy(widget: QWidget | None) -> bool:
    """A row still drawing its text (a long message in slices) is not dropped mid-way."""
    body = getattr(widget, "body", None)
    return bool(body is not None and body.streaming)


def path_items(session: Any, results_dir: Path) -> list[PathItem]:
    """The rows of a session's current path: its messages, and each compaction after the
    message it hangs off. A tool result that L3 saved to a file keeps its link on reload."""
    items: list[PathItem] = []
    for entry in session.get_current_path():
        offloaded = None
        if entry.role == "tool":
            meta = entry.metadata if isinstance(entry.metadata, dict) else {}
            call_id = str(meta.get("tool_call_id", ""))
            candidate = offload_path(results_dir, call_id) if call_id else None
            offloaded = str(candidate) if candidate and candidate.is_file() else None
        items.append(
            PathItem(
                "message",
                entry.id,
                entry.role,
                entry.content,
                entry.metadata,
                offloaded_path=offloaded,
            )
        )
        for comp in session.compactions_for(entry.id):
            items.append(
                PathItem(
                    "compaction",
                    comp.id,
                    tokens_before=comp.tokens_before,
                    tokens_after=comp.tokens_after,
                    summarized_count=comp.summarized_count,
                    rung=getattr(comp, "rung", "model"),
                )
            )
    return items


def tool_calls_of(
    metadata: Any,
) -> tuple[list[tuple[str, str, dict[str, Any] | str]], list[str]]:
    """An assistant message's tool calls as (id, name, arguments), and what was skipped.

    A session file may be hand-edited or written by another tool: ``tool_calls`` can be a
    string, a call can be a number, ``function`` a list. Such fields are skipped with a reason
    instead of raising at every start."""
    if not isinstance(metadata, dict) or metadata.get("tool_calls") in (None, []):
        return [], []
    raw = metadata["tool_calls"]
    if not isinstance(raw, list):
        return [], [f"tool_calls is {type(raw).__name__}, not a list"]
    calls: list[tuple[str, str, dict[str, Any] | str]] = []
    problems: list[str] = []
    for index, call in enumerate(raw):
        if not isinstance(call, dict):
            problems.append(f"tool call {index} is {type(call).__name__}, not an object")
            continue
        function = call.get("function")
        if function is None:
            function = {}
        if not isinstance(function, dict):
            problems.append(f"tool call {index}: function is {type(function).__name__}")
            function = {}
        name = function.get("name")
        calls.append(
            (
                str(call.get("id", "")),
                name if isinstance(name, str) and name else "tool",
                _parse_arguments(function.get("arguments", "")),
            )
        )
    return calls, problems


def _parse_arguments(raw: Any) -> dict[str, Any] | str:
    if isinstance(raw, dict):
        return raw
    try:  # bounded: a call nested 100,000 deep must not stop the window from opening
        value = safejson.loads(raw or "{}")
    except safejson.JSONLimitError as exc:
        return f"[unreadable arguments: {exc}; {len(raw):,} characters]"
    except (TypeError, ValueError):
        return str(raw)
    return value if isinstance(value, dict) else str(raw)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"
