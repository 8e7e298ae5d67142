"""Ctrl+F in the conversation: every match in the whole session, built rows or not.

Matches are counted on the rows' text (``Row.search_text``), so a 100,000-message session
is searched without building a widget; only the cards on screen are highlighted, and going
to a match builds its row, opens a tool call that holds it and scrolls a wide code block
sideways to it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRect
from PySide6.QtGui import QPalette, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QTextEdit

from pi_desktop.ui.chat.lazy_rows import LazyRowsView
from pi_desktop.ui.chat.message_widgets import MessageCard
from pi_desktop.ui.chat.rows import Row
from pi_desktop.ui.chat.tool_call import ToolCallWidget
from pi_desktop.ui.text.markdown_view import is_dark
from pi_desktop.ui.theme import color as theme_color


class ConversationFind:
    """The search state of one view: the query, its matches (row index, occurrence in the
    row) and the current one. ``report(current, count)`` hears every change (1-based
    current, 0 for none), which the view passes on as ``matchesChanged``."""

    def __init__(self, view: LazyRowsView, report: Callable[[int, int], None]) -> None:
        self._view = view
        self._report = report
        self.query = ""
        self._matches: list[tuple[int, int]] = []
        self._match = -1

    @property
    def count(self) -> int:
        return len(self._matches)

    @property
    def current_match(self) -> tuple[int, int] | None:
        return self._matches[self._match] if 0 <= self._match < len(self._matches) else None

    def find(self, query: str) -> int:
        """Every match of ``query`` (case-insensitive); highlights them in the rows on screen
        and jumps to the first one at or after the top of the view (else the first)."""
        self.query = query.casefold()
        self.recount()
        for row in self._view.built_rows():
            self.highlight(row)
        if self._matches:
            top = self._view.row_at(self._view.verticalScrollBar().value())
            self._match = next((i for i, (r, _k) in enumerate(self._matches) if r >= top), 0)
            self._show_match()
        self._report(self._match + 1, len(self._matches))
        return len(self._matches)

    def recount(self) -> None:
        """Count the matches again (a new path was drawn); none is current."""
        self._matches = []
        self._match = -1
        needle = self.query
        if needle:
            for row in self._view.model_rows():
                count = row.search_text().count(needle)
                if count:
                    self._matches.extend((row.index, k) for k in range(count))

    def forget(self) -> None:
        """The rows are gone (the view was cleared): no match is left."""
        self._matches = []
        self._match = -1

    def step(self, delta: int) -> None:
        if not self._matches:
            return
        self._match = (self._match + delta) % len(self._matches)
        self._show_match()
        self._report(self._match + 1, len(self._matches))

    def _show_match(self) -> None:
        view = self._view
        index, occurrence = self._matches[self._match]
        row = view.model_rows()[index]
        widget = view.scroll_to_row(index, 0, 0, 40)
        if row.kind == "tool" and isinstance(widget, ToolCallWidget):
            widget.set_expanded(True)
        for other in view.built_rows():
            self.highlight(other)
        if isinstance(widget, MessageCard):
            rect = self.highlight(row, current=occurrence)
            body = widget.body
            block = body.wide_block_at(rect.center()) if rect is not None else None
            if block is not None:  # inside a wide code block: scroll that block to it
                body.set_code_offset(block, rect.left() - body.viewport().width() // 2)
            if rect is not None:  # the match itself in view, a third of the way down
                inside = widget.body.viewport().mapTo(widget, rect.topLeft()).y()
                view.scroll_to_row(index, inside, rect.height(), view.viewport().height() // 3)

    def highlight(self, row: Row, current: int | None = None) -> QRect | None:
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
        if self.query and row.search_text().count(self.query):
            doc = body.document()
            cursor = QTextCursor(doc)
            k = 0
            while True:
                cursor = doc.find(self.query, cursor)
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
