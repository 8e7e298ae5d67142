"""Slim scroll bars: a rounded handle on no track, drawn by one shared style.

Every message body and tool result has a horizontal scroll bar (for wide code), so a long
session holds a thousand of them. A style sheet per bar would put each under its own
``QStyleSheetStyle``; one ``QProxyStyle`` shared by all of them costs nothing per bar. The
handle takes the theme's border colour, and the muted colour under the pointer or while
dragged, read from the bar's palette at each paint (light/dark switches need nothing).
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QApplication,
    QProxyStyle,
    QScrollBar,
    QStyle,
    QStyleOptionSlider,
    QWidget,
)

from pi_desktop.ui.theme import color, is_dark

EXTENT = 10  # the bar's thickness
MIN_HANDLE = 28  # the handle's shortest length
INSET = 2  # room around the handle inside the bar

CC = QStyle.ComplexControl
SC = QStyle.SubControl


class SlimScrollStyle(QProxyStyle):
    """The application's style, with scroll bars as a bare handle (no arrows, no track)."""

    def pixelMetric(self, metric, option=None, widget=None) -> int:
        if metric == QStyle.PixelMetric.PM_ScrollBarExtent:
            return EXTENT
        if metric == QStyle.PixelMetric.PM_ScrollBarSliderMin:
            return MIN_HANDLE
        return super().pixelMetric(metric, option, widget)

    def subControlRect(self, control, option, sub, widget=None) -> QRect:
        if control != CC.CC_ScrollBar or not isinstance(option, QStyleOptionSlider):
            return super().subControlRect(control, option, sub, widget)
        return _scroll_rect(option, sub)

    def drawComplexControl(self, control, option, painter, widget=None) -> None:
        if control != CC.CC_ScrollBar or not isinstance(option, QStyleOptionSlider):
            super().drawComplexControl(control, option, painter, widget)
            return
        if option.maximum == option.minimum:
            return  # nothing to scroll: nothing drawn
        handle = _scroll_rect(option, SC.SC_ScrollBarSlider).adjusted(INSET, INSET, -INSET, -INSET)
        active = bool(option.activeSubControls & SC.SC_ScrollBarSlider) and bool(
            option.state & (QStyle.StateFlag.State_MouseOver | QStyle.StateFlag.State_Sunken)
        )
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(color("muted" if active else "border", is_dark(option.palette)))
        painter.drawRoundedRect(handle, 3, 3)
        painter.restore()

    def hitTestComplexControl(self, control, option, pos, widget=None):
        if control != CC.CC_ScrollBar or not isinstance(option, QStyleOptionSlider):
            return super().hitTestComplexControl(control, option, pos, widget)
        for sub in (SC.SC_ScrollBarSlider, SC.SC_ScrollBarSubPage, SC.SC_ScrollBarAddPage):
            if _scroll_rect(option, sub).contains(pos):
                return sub
        return SC.SC_None


_NO_BUTTONS = (
    SC.SC_ScrollBarAddLine,
    SC.SC_ScrollBarSubLine,
    SC.SC_ScrollBarFirst,
    SC.SC_ScrollBarLast,
)


def _scroll_rect(option: QStyleOptionSlider, sub: QStyle.SubControl) -> QRect:
    """Where ``sub`` lies in a bar with no arrow buttons: the whole bar is the groove."""
    bar = QRect(option.rect)
    horizontal = option.orientation == Qt.Orientation.Horizontal
    length = bar.width() if horizontal else bar.height()
    if sub in _NO_BUTTONS:
        return QRect()
    if sub == SC.SC_ScrollBarGroove:
        return bar
    span = option.maximum - option.minimum
    handle = length if span <= 0 else length * option.pageStep // (span + option.pageStep)
    handle = min(length, max(MIN_HANDLE, handle))
    start = QStyle.sliderPositionFromValue(
        option.minimum, option.maximum, option.sliderPosition, length - handle, option.upsideDown
    )
    if sub == SC.SC_ScrollBarSlider:
        first, size = start, handle
    elif sub == SC.SC_ScrollBarSubPage:
        first, size = 0, start
    elif sub == SC.SC_ScrollBarAddPage:
        first, size = start + handle, length - start - handle
    else:
        return QRect()
    if horizontal:
        return QRect(bar.x() + first, bar.y(), size, bar.height())
    return QRect(bar.x(), bar.y() + first, bar.width(), size)


_STYLE: SlimScrollStyle | None = None


def slim(*bars: QScrollBar) -> None:
    """Draw these scroll bars slim (the style is shared and lives as long as the process)."""
    global _STYLE
    if _STYLE is None:
        # a base style of its own: a proxy owns its base, and the application's is not ours
        _STYLE = SlimScrollStyle(QApplication.style().name())
    for bar in bars:
        bar.setStyle(_STYLE)
        bar.setAttribute(Qt.WidgetAttribute.WA_Hover, True)  # the handle darkens under the pointer


def slim_scroll_bars(area: QWidget) -> None:
    """Both bars of a scroll area (a ``QAbstractScrollArea``)."""
    slim(area.verticalScrollBar(), area.horizontalScrollBar())


def slim_all(widget: QWidget) -> None:
    """Every scroll bar inside ``widget`` as it is now (a viewer or dialog, once built)."""
    slim(*widget.findChildren(QScrollBar))
