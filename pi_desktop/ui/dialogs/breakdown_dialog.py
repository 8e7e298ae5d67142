"""The context breakdown: where the next request's tokens go, as a stacked bar and a table.

Opened by clicking the budget bar. The figures come from ``Agent.breakdown()`` (a
``ContextBreakdown``): its rows add up exactly to the bar's estimate, so the table's total is
the number on the bar. Non-modal in effect: the window opens it with ``open()``, never
``exec()`` (the app runs on qasync), and Refresh asks for a new breakdown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QLocale, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pi_desktop.ui.i18n import number, tr, trf
from pi_desktop.ui.theme import Theme, blend, theme_for

# one colour per category, from the theme's own set so light and dark both read
_COLOURS: dict[str, Callable[[Theme], QColor]] = {
    "system": lambda t: t.sealed,
    "tools": lambda t: t.stub,
    "summary": lambda t: t.compaction,
    "pinned": lambda t: t.warn,
    "conversation": lambda t: t.user,
    "tool_verbatim": lambda t: t.tool,
    "tool_placeholdered": lambda t: blend(t.tool, t.base, 0.5),
    "tool_offloaded": lambda t: t.assistant,
    "overhead": lambda t: t.muted,
}


def category_colour(theme: Theme, key: str) -> QColor:
    return _COLOURS.get(key, lambda t: t.muted)(theme)


def category_label(key: str, fallback: str) -> str:
    """A breakdown row's name in the interface's language (the engine names it in English)."""
    labels = {
        "system": tr("Breakdown", "System prompt"),
        "tools": tr("Breakdown", "Tool schemas"),
        "summary": tr("Breakdown", "Summary"),
        "pinned": tr("Breakdown", "Pinned messages"),
        "conversation": tr("Breakdown", "Conversation messages"),
        "reasoning": tr("Breakdown", "Reasoning (sent back with tool calls)"),
        "tool_verbatim": tr("Breakdown", "Tool results (verbatim)"),
        "tool_placeholdered": tr("Breakdown", "Tool results (placeholdered)"),
        "tool_offloaded": tr("Breakdown", "Tool results (offloaded markers)"),
        "overhead": tr("Breakdown", "Framing (list brackets, separators, snip marker)"),
    }
    return labels.get(key, fallback)


def percent(tokens: int, budget: int | None) -> str:
    if not budget:
        return "—"
    return trf("Breakdown", "%1 %", QLocale().toString(100 * tokens / budget, "f", 1))


def summary_lines(result: Any) -> list[str]:
    """The sentences under the table: total, free, threshold and what is not in the view."""
    total = result.total_tokens
    lines = [trf("Breakdown", "Total: %1 tokens — the figure on the budget bar.", total)]
    if result.budget:
        free = result.budget - total
        if free >= 0:
            lines.append(
                trf(
                    "Breakdown",
                    "Free: %1 of %2 tokens (%3).",
                    free,
                    result.budget,
                    percent(free, result.budget),
                )
            )
        else:
            lines.append(
                trf("Breakdown", "Over the budget of %1 tokens by %2.", result.budget, -free)
            )
        threshold = result.threshold_tokens or 0
        left = threshold - total
        where = (
            trf("Breakdown", "%1 tokens from here", left)
            if left > 0
            else tr("Breakdown", "reached: the next request summarizes first")
        )
        lines.append(trf("Breakdown", "Compaction threshold: %1 tokens (%2).", threshold, where))
    else:
        lines.append(
            tr("Breakdown", "No budget: context management is off and the whole history is sent.")
        )
    hidden = []
    if result.summarized_count:
        hidden.append(tr("Breakdown", "%Ln message(s) summarized", n=result.summarized_count))
    if result.snipped_count:
        hidden.append(tr("Breakdown", "%Ln message(s) snipped", n=result.snipped_count))
    placeholdered = result.row("tool_placeholdered").messages
    if placeholdered:
        hidden.append(tr("Breakdown", "%Ln tool result(s) placeholdered", n=placeholdered))
    offloaded = result.row("tool_offloaded").messages
    if offloaded:
        hidden.append(tr("Breakdown", "%Ln tool result(s) offloaded to files", n=offloaded))
    sent = tr("Breakdown", "%Ln message(s) in the view", n=result.view_count)
    rest = " · ".join(hidden) if hidden else tr("Breakdown", "nothing left out")
    lines.append(sent + " · " + rest)
    return lines


class StackedBar(QWidget):
    """One bar across the budget: a segment per category, the free rest, the threshold tick."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._result: Any = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(28)

    def sizeHint(self) -> QSize:
        return QSize(520, 28)

    def set_breakdown(self, result: Any) -> None:
        self._result = result
        self.update()

    def segments(self) -> list[tuple[str, float, float]]:
        """(key, start, end) as fractions of the track (of the budget, else of the total)."""
        result = self._result
        if result is None:
            return []
        scale = result.budget or max(1, result.total_tokens)
        scale = max(scale, result.total_tokens)  # over budget: the bar shows all of it
        out, x = [], 0.0
        for row in result.rows:
            if row.tokens <= 0:
                continue
            width = row.tokens / scale
            out.append((row.key, x, x + width))
            x += width
        return out

    def paintEvent(self, event: QPaintEvent) -> None:
        theme = theme_for(self.palette())
        p = QPainter(self)
        rect = QRectF(self.rect()).adjusted(1, 2, -1, -2)
        p.setPen(QPen(theme.border, 1))
        p.setBrush(theme.trough)
        p.drawRect(rect)
        inner = rect.adjusted(1, 1, -1, -1)
        p.setPen(Qt.PenStyle.NoPen)
        for key, start, end in self.segments():
            seg = QRectF(inner)
            seg.setLeft(inner.left() + start * inner.width())
            seg.setRight(inner.left() + end * inner.width())
            p.setBrush(category_colour(theme, key))
            p.drawRect(seg)
        result = self._result
        if result is not None and result.budget and result.threshold_tokens:
            scale = max(result.budget, result.total_tokens)
            x = inner.left() + inner.width() * result.threshold_tokens / scale
            p.setPen(QPen(theme.text, 2))
            p.drawLine(int(x), int(rect.top()), int(x), int(rect.bottom()))
        p.end()


class BreakdownDialog(QDialog):
    """The breakdown of the next request; ``refreshRequested`` asks the window for a new one."""

    refreshRequested = Signal()

    COLUMNS = ("Category", "Tokens", "Share of budget", "Messages")

    def __init__(self, result: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setModal(False)
        self.setWindowTitle(tr("Breakdown", "Context breakdown"))
        self.resize(640, 460)
        self.bar = StackedBar(self)
        self.table = QTableWidget(0, len(self.COLUMNS), self)
        self.table.setHorizontalHeaderLabels(
            [
                tr("Breakdown", "Category"),
                tr("Breakdown", "Tokens"),
                tr("Breakdown", "Share of budget"),
                tr("Breakdown", "Messages"),
            ]
        )
        self.table.setAccessibleName(tr("Breakdown", "Where the next request's tokens go"))
        self.table.setAccessibleDescription(
            tr("Breakdown", "One row per part of the request: its tokens and share of the budget.")
        )
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # read row by row with the keys
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in range(1, len(self.COLUMNS)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.notes = QLabel(self)
        self.notes.setWordWrap(True)
        self.notes.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.refresh_button = QPushButton(tr("Breakdown", "Refresh"), self)
        self.refresh_button.setToolTip(tr("Breakdown", "Count the next request again"))
        self.refresh_button.clicked.connect(lambda _checked=False: self.refreshRequested.emit())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        buttons.addButton(self.refresh_button, QDialogButtonBox.ButtonRole.ActionRole)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(tr("Breakdown", "Where the next request's tokens go:"), self))
        layout.addWidget(self.bar)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.notes)
        layout.addWidget(buttons)
        self._result: Any = None
        self.set_breakdown(result)

    @property
    def breakdown(self) -> Any:
        return self._result

    def table_rows(self) -> list[tuple[str, ...]]:
        """The table as text (for tests and copy)."""
        return [
            tuple(
                self.table.item(r, c).text() if self.table.item(r, c) else ""
                for c in range(self.table.columnCount())
            )
            for r in range(self.table.rowCount())
        ]

    def set_breakdown(self, result: Any) -> None:
        self._result = result
        self.bar.set_breakdown(result)
        theme = theme_for(self.palette())
        rows = [row for row in result.rows if row.tokens or row.messages or row.key == "tools"]
        extra: list[tuple[str, int | None, str]] = [
            (tr("Breakdown", "Total (the bar's estimate)"), None, "")
        ]
        if result.budget:
            extra.append((tr("Breakdown", "Free"), result.free_tokens, ""))
            extra.append((tr("Breakdown", "Compaction threshold"), result.threshold_tokens, ""))
        self.table.setRowCount(len(rows) + len(extra))
        for r, row in enumerate(rows):
            name = QTableWidgetItem(category_label(row.key, row.label))
            name.setData(Qt.ItemDataRole.DecorationRole, category_colour(theme, row.key))
            name.setData(Qt.ItemDataRole.UserRole, row.key)
            self.table.setItem(r, 0, name)
            self._number(r, 1, number(row.tokens))
            self._number(r, 2, percent(row.tokens, result.budget))
            self._number(r, 3, number(row.messages) if row.messages else "")
        total = result.total_tokens
        for k, (label, value, _) in enumerate(extra):
            r = len(rows) + k
            item = QTableWidgetItem(label)
            font = item.font()
            font.setBold(k == 0)
            item.setFont(font)
            self.table.setItem(r, 0, item)
            figure = total if value is None else value
            self._number(r, 1, number(figure), bold=k == 0)
            self._number(r, 2, percent(figure, result.budget))
            self._number(r, 3, number(result.view_count) if k == 0 else "")
        self.notes.setText("\n".join(summary_lines(result)))

    def _number(self, row: int, col: int, text: str, *, bold: bool = False) -> None:
        item = QTableWidgetItem(text)
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if bold:
            font = item.font()
            font.setBold(True)
            item.setFont(font)
        self.table.setItem(row, col, item)
