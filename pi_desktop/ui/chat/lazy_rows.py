"""A scrolling column of rows where only the rows near the viewport have widgets.

The rows are a model (``rows.Row``): a 100,000-message session costs what is on screen.
Heights are estimated until a row is built and measured; measuring keeps the row at the top
of the viewport where it was, or the end in sight while following it. Building is budgeted
per turn of the loop (rows not built yet are drawn as quiet stand-ins), a scroll-bar drag
builds nothing until the thumb rests, and far rows are dropped beyond ``MAX_BUILT``.

What a row's widget is belongs to the subclass (``_make_widget``): this module only knows
rows, heights and the viewport.
"""

from __future__ import annotations

import time
from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate

from PySide6.QtCore import QEvent, QPoint, QRect, Qt, QTimer
from PySide6.QtGui import QPaintEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import QAbstractScrollArea, QFrame, QToolButton, QWidget

from pi_desktop.ui.chat.path_rows import EstimateFigures
from pi_desktop.ui.chat.reestimate import Reestimate
from pi_desktop.ui.chat.rows import Row
from pi_desktop.ui.chat.staged import StagedBuilds, Steps
from pi_desktop.ui.chat.stand_ins import paint_stand_ins
from pi_desktop.ui.scrollbars import slim_scroll_bars

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
# time a layout pass may spend building rows (a card is built in steps of ~2–5 ms: staged.py);
# the rest waits for the next turn of the loop and is drawn as a quiet stand-in meanwhile, so
# a scroll-bar drag never stalls (with the paint, a turn stays well under a 60 Hz frame)
BUILD_BUDGET_S = 0.006
# a scroll-bar drag builds no card until the thumb has rested this long (stand-ins meanwhile):
# a card costs ~5 ms, and a drag across 10,000 rows asks for new ones every frame
DRAG_REST_S = 0.05
# then one build step per turn, this far apart: a late wake-up (2 cores, other processes) finds
# one step due, not a step, a paint and the next step back to back in one stall
STEP_GAP_MS = 4
USER_BUBBLE_SHARE = 0.8  # a user's bubble takes at most this share of the column


class _Canvas(QWidget):
    """The viewport's page: the built rows are its children; rows not built yet are drawn as
    quiet stand-ins. A row whose size changed (an answer growing, a tool call opened) posts
    a layout request here, and the view measures it again."""

    def __init__(self, view: LazyRowsView) -> None:
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


class LazyRowsView(QAbstractScrollArea):
    """The rows of one column, built near the viewport only (see the module's docstring).

    Subclasses build a row's widget in ``_make_widget`` and may react in ``_row_built``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self._content = _Canvas(self)
        self._rows: list[Row] = []
        self._tops: list[int] = []  # each row's top, in content coordinates
        self._dirty_from: int | None = None  # tops from here on need recomputing
        self._built: set[Row] = set()
        self._staged = StagedBuilds(lambda row: self._make_widget_staged(row, self._content))
        self._in_layout = False
        self._restoring = False
        self._width = 0  # the width the heights were estimated at
        self._resized = Reestimate()  # rows still estimated at an older width
        self._follow = True
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

    # -- what the subclass provides ------------------------------------------------------

    def _make_widget(self, row: Row, parent: QWidget) -> QWidget:
        """The widget that shows ``row`` (built when the row comes near the viewport)."""
        raise NotImplementedError

    def _make_widget_staged(self, row: Row, parent: QWidget) -> tuple[QWidget, Steps]:
        """``row``'s widget made now (hidden) and the steps left, each run on a later turn of
        the loop when the view builds within a budget (staged.py). Default: one step."""
        return self._make_widget(row, parent), []

    def _row_built(self, row: Row, widget: QWidget) -> None:
        """Called once ``widget`` shows ``row``, sized and in place."""

    def _is_user_bubble(self, widget: QWidget) -> bool:
        """A user's bubble: at most ``USER_BUBBLE_SHARE`` of the column, on the right."""
        return False

    # -- queries -------------------------------------------------------------------------

    def widget(self) -> QWidget:
        """The page the built rows sit on (a child of the viewport, as large as it)."""
        return self._content

    def rows(self) -> list[QWidget]:
        """The widgets built now, in the conversation's order (rows far from the viewport
        of a long session have none: see ``row_count``)."""
        return [row.widget for row in sorted(self._built, key=lambda r: r.index)]

    def row_count(self) -> int:
        return len(self._rows)

    def count_rows(self, kind: str) -> int:
        """Rows of ``kind`` ("message", "tool", "compaction", "banner"), built or not."""
        return sum(1 for row in self._rows if row.kind == kind)

    def built_count(self) -> int:
        return len(self._built)

    def model_rows(self) -> list[Row]:
        """Every row, built or not, in order (what a search walks)."""
        return self._rows

    def built_rows(self) -> set[Row]:
        """The rows that have a widget now."""
        return self._built

    def is_busy(self) -> bool:
        """A drag or a wheel is moving the view, or a layout pass is due: idle work waits."""
        moved = time.perf_counter() - self._last_scroll < DRAG_REST_S
        return moved or self.layout_pending() or self.verticalScrollBar().isSliderDown()

    def row_at(self, y: int) -> int:
        """The index of the row at content height ``y`` (clamped to the rows)."""
        return self._row_at(y)

    def layout_pending(self) -> bool:
        """A layout pass is queued: rows still to build, measure or place."""
        return self._layout_timer.isActive()

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
        return self.estimate_figures(inner).estimate

    def estimate_figures(self, inner: int | None = None) -> EstimateFigures:
        """What row estimates at ``inner`` px (default: the column's now) depend on — plain
        numbers, so rows can be estimated off the event loop (``path_rows``)."""
        metrics = self.fontMetrics()
        return EstimateFigures(
            inner=self._column()[1] if inner is None else inner,
            bubble=self._bubble_width() - 28,
            char=metrics.horizontalAdvance("abcdefghij klmnopqrs tuvwxyz ") / 30,
            line=metrics.lineSpacing(),
        )

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

    def schedule_layout(self, after_ms: int = 0) -> None:
        if not self._layout_timer.isActive():
            self._layout_timer.start(after_ms)

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
        anchor = self._anchor()  # before heights change: the reader's row stays where it is
        if inner != self._width:  # a new width: every estimate and measure is stale
            self._width = inner
            near = anchor[0] if anchor else 0
            estimate, whole = self._estimator(inner), budget is None
            self._mark_dirty(self._resized.start(self._rows, estimate, near, whole=whole))
        elif self._resized.pending:  # the rest of them, a slice per pass (reestimate.py)
            self._mark_dirty(self._resized.step(self._rows, whole=budget is None))
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
            self._staged.abandon_outside(first, last)
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
            if self._build_steps(todo, deadline, side, inner):
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
        if pending or self._resized.pending:  # thumb held: steps spaced, input and paint get in
            self.schedule_layout(STEP_GAP_MS if budget == 0.0 else 0)

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
        if self._is_user_bubble(widget):
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
        x = side + inner - width if self._is_user_bubble(widget) else side
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

    def _build_steps(self, todo: list[Row], deadline: float | None, side: int, inner: int) -> bool:
        """Build ``todo`` one step at a time until a step would end past ``deadline`` (at
        least one step: every pass gets on); True when out of time."""
        for n, row in enumerate(todo):
            if deadline is None:
                self._build(row)
                self._place(row, side, inner)
                continue
            if n and time.perf_counter() + self._staged.step_cost > deadline:
                return True
            started = time.perf_counter()
            widget = self._staged.advance(row)
            if widget is not None:
                self._install(row, widget)
                self._place(row, side, inner)
            self._staged.note(time.perf_counter() - started)
        return deadline is not None and time.perf_counter() >= deadline

    def _build(self, row: Row) -> QWidget:
        if row.widget is not None:
            return row.widget
        return self._install(row, self._staged.finish(row))

    def _install(self, row: Row, widget: QWidget) -> QWidget:
        """A row's finished widget: sized, shown, measured by the caller."""
        widget.resize(self._width or self._column()[1], max(1, row.height))
        widget.show()  # shown before it is measured: its text lays out at its real width
        row.widget = widget
        self._built.add(row)
        for button in widget.findChildren(QToolButton):
            if button.isCheckable():  # a row opened or closed: its new height at once
                button.toggled.connect(self._on_row_toggled)
        self._row_built(row, widget)
        return widget

    def _on_row_toggled(self, _checked: bool = False) -> None:
        self._relayout(budget=None)

    def _append(self, row: Row) -> Row:
        row.index = len(self._rows)
        self._rows.append(row)
        row.height = self._estimate(row, self._width or self._column()[1])
        self._mark_dirty(row.index)
        self._build(row)
        self._place(row, *self._column())
        self._recompute_tops()
        self._move(row, *self._column(), self.verticalScrollBar().value())
        self.schedule_layout()
        return row

    def _insert(self, index: int, row: Row) -> Row:
        """Put ``row`` at ``index`` (the rows after it move down) and build it."""
        if index >= len(self._rows):
            return self._append(row)
        self._rows.insert(index, row)
        for i in range(index, len(self._rows)):
            self._rows[i].index = i
        row.height = self._estimate(row, self._width or self._column()[1])
        self._mark_dirty(index)
        self._build(row)
        self._place(row, *self._column())
        self._relayout(budget=None)
        return row

    def _remove_row(self, row: Row) -> None:
        if row not in self._built and row.widget is None and row not in self._rows:
            return
        self._unbuild(row)
        self._staged.abandon([row])
        try:
            self._rows.remove(row)
        except ValueError:
            return
        for i in range(row.index, len(self._rows)):
            self._rows[i].index = i
        self._mark_dirty(row.index)
        self.schedule_layout()

    def _row_of(self, widget: QWidget) -> Row | None:
        for row in self._built:
            if row.widget is widget:
                return row
        return None

    def _clear_rows(self) -> None:
        for row in list(self._built):
            self._unbuild(row)
        self._staged.abandon_all()
        self._resized.cancel()
        self._rows, self._tops = [], []
        self._dirty_from = None
        self._follow = True

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._content.setGeometry(self.viewport().rect())
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
        first, last = self._row_at(offset + rect.top()), self._row_at(offset + rect.bottom())
        unbuilt = [row for row in self._rows[first : last + 1] if row.widget is None]
        paint_stand_ins(canvas, unbuilt, self._tops, offset, self._column(), self._bubble_width())

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


def _busy(widget: QWidget | None) -> bool:
    """A row still drawing its text (a long message in slices) is not dropped mid-way."""
    body = getattr(widget, "body", None)
    return bool(body is not None and body.streaming)
