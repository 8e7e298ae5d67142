"""How a session row is painted: title, date and marks — or a message hit's time and snippet.

Every row has the same height, so the view lays out 1,000 rows at once.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from pi_desktop.session import SessionInfo
from pi_desktop.session.search_index import SearchHit
from pi_desktop.ui.i18n import tr
from pi_desktop.ui.sessions.dialog import format_updated
from pi_desktop.ui.sessions.sidebar_model import (
    DETAIL_ROLE,
    HIT_ROLE,
    INFO_ROLE,
    LOADING_ROLE,
    OPEN_ROLE,
    STREAMING_ROLE,
    Index,
)
from pi_desktop.ui.theme import theme_for


class SessionDelegate(QStyledItemDelegate):
    """Two lines per session: the title (bold when open) and its date; marks on the left.

    The open session gets an accent bar, a streaming one a dot and "answering…" in place of
    the message count. Every row has the same height, so the view lays out 1,000 rows at once.
    """

    PAD = 6
    MARK = 4

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        metrics = QFontMetrics(option.font)
        return QSize(160, 2 * metrics.height() + 2 * self.PAD + 2)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        info: SessionInfo | None = index.data(INFO_ROLE)
        if info is None:
            return
        widget = option.widget
        style = widget.style() if widget is not None else None
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        if style is not None:  # the selection/hover background, as the platform draws it
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        palette: QPalette = option.palette
        theme = theme_for(palette)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        rect: QRect = option.rect
        is_open = bool(index.data(OPEN_ROLE))
        streaming = bool(index.data(STREAMING_ROLE))
        painter.save()
        if is_open:  # on the selection colour the accent would vanish: use its text colour
            bar = palette.color(QPalette.ColorRole.HighlightedText) if selected else theme.user
            painter.fillRect(QRect(rect.left(), rect.top() + 3, self.MARK, rect.height() - 6), bar)
        text_left = rect.left() + self.MARK + self.PAD + 2
        title_font = QFont(option.font)
        title_font.setBold(is_open)
        metrics = QFontMetrics(title_font)
        line_h = QFontMetrics(option.font).height()
        top = rect.top() + self.PAD
        right = rect.right() - self.PAD
        if streaming:  # a green dot, centred on the row, where it is seen at a glance
            dot = max(8, (line_h * 2) // 3)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(theme.ok)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            painter.drawEllipse(right - dot, rect.center().y() - dot // 2, dot, dot)
            right -= dot + self.PAD
        main = palette.color(
            QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        )
        muted = main if selected else theme.muted
        painter.setFont(title_font)
        painter.setPen(main)
        title = metrics.elidedText(
            info.display_title, Qt.TextElideMode.ElideRight, max(0, right - text_left)
        )
        painter.drawText(QRect(text_left, top, right - text_left, line_h), 0, title)
        painter.setFont(option.font)
        painter.setPen(muted)
        width = rect.right() - self.PAD - text_left
        second = QRect(text_left, top + line_h + 2, width, line_h)
        hit: SearchHit | None = index.data(HIT_ROLE)
        if hit is not None:
            self._paint_hit(painter, option.font, second, hit, main)
            painter.restore()
            return
        detail = index.data(DETAIL_ROLE)
        if not isinstance(detail, str):
            detail = format_updated(info.updated) + " · "
            if index.data(LOADING_ROLE):
                detail += tr("Sessions", "opening…")
            elif streaming:
                detail += tr("Sessions", "answering…")
            else:
                detail += tr("Sessions", "%Ln message(s)", n=info.message_count)
        detail = QFontMetrics(option.font).elidedText(detail, Qt.TextElideMode.ElideRight, width)
        painter.drawText(second, 0, detail)
        painter.restore()

    def _paint_hit(
        self, painter: QPainter, font: QFont, rect: QRect, hit: SearchHit, strong: Any
    ) -> None:
        """'14:05 · …the matched words…' with the match in bold, elided to the row."""
        metrics = QFontMetrics(font)
        when = hit_time(hit) + " · "
        x = rect.left()
        painter.drawText(QRect(x, rect.top(), rect.width(), rect.height()), 0, when)
        x += metrics.horizontalAdvance(when)
        right = rect.right()
        snippet = hit.snippet
        start, end = hit.match if hit.match is not None else (0, 0)
        # keep the match in sight: drop words off the front when the prefix is too wide
        before = snippet[:start]
        budget = (right - x) // 3
        fits = metrics.horizontalAdvance(snippet) + 8 <= right - x  # bold is a little wider
        if not fits and metrics.horizontalAdvance(before) > budget:
            before = "…" + metrics.elidedText(before, Qt.TextElideMode.ElideLeft, budget)[1:]
        bold = QFont(font)
        bold.setBold(True)
        bold_metrics = QFontMetrics(bold)
        for text, face, face_metrics, pen in (
            (before, font, metrics, None),
            (snippet[start:end], bold, bold_metrics, strong),
            (snippet[end:], font, metrics, None),
        ):
            if not text or x >= right:
                continue
            shown = face_metrics.elidedText(text, Qt.TextElideMode.ElideRight, right - x)
            painter.setFont(face)
            if pen is not None:
                painter.save()
                painter.setPen(pen)
            painter.drawText(QRect(x, rect.top(), right - x, rect.height()), 0, shown)
            if pen is not None:
                painter.restore()
            x += face_metrics.horizontalAdvance(shown)
        painter.setFont(font)


def hit_time(hit: SearchHit, now: datetime | None = None) -> str:
    """When the matching message was written ("14:05", "Mon 14:05", a date)."""
    try:
        when = datetime.fromisoformat(hit.timestamp or "")
    except ValueError:
        return "—"
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return format_updated(when, now)
