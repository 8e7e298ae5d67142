"""The slim scroll bars (ui/scrollbars.py): one shared style draws a handle on no track, and
the bars still scroll by dragging, by clicking beside the handle and by the wheel."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QScrollArea, QStyle, QStyleOptionSlider, QWidget

from pi_desktop.ui.scrollbars import EXTENT, MIN_HANDLE, slim_scroll_bars


def _area(qtbot, width: int = 2_000, height: int = 3_000) -> QScrollArea:
    area = QScrollArea()
    inner = QWidget()
    inner.setFixedSize(width, height)
    area.setWidget(inner)
    slim_scroll_bars(area)
    area.resize(300, 200)
    qtbot.addWidget(area)
    area.show()
    qtbot.waitExposed(area)
    bar = area.verticalScrollBar()
    qtbot.waitUntil(lambda: (bar.isVisible() and bar.height() > 150) or height <= 200)  # laid out
    return area


def _handle(bar):
    option = QStyleOptionSlider()
    bar.initStyleOption(option)
    return bar.style().subControlRect(
        QStyle.ComplexControl.CC_ScrollBar, option, QStyle.SubControl.SC_ScrollBarSlider, bar
    )


def test_the_bars_are_slim_and_share_one_style(qtbot):
    area = _area(qtbot)
    vertical, horizontal = area.verticalScrollBar(), area.horizontalScrollBar()
    assert vertical.width() == EXTENT and horizontal.height() == EXTENT
    assert vertical.style() is horizontal.style()
    other = _area(qtbot)
    assert other.verticalScrollBar().style() is vertical.style()


def test_the_handle_tracks_the_value_and_no_arrows_take_room(qtbot):
    area = _area(qtbot)
    bar = area.verticalScrollBar()
    top = _handle(bar)
    assert top.top() == 0 and top.height() >= MIN_HANDLE
    bar.setValue(bar.maximum())
    bottom = _handle(bar)
    assert bottom.bottom() == bar.height() - 1  # the handle reaches the end: no arrow there
    # the handle's length shows how much of the page is in view (never under MIN_HANDLE)
    shown = bar.height() * bar.pageStep() / (bar.maximum() + bar.pageStep())
    assert abs(bottom.height() - max(MIN_HANDLE, shown)) <= 1
    short_area = _area(qtbot, height=400)  # kept: the bar dies with its area
    short = short_area.verticalScrollBar()
    assert _handle(short).height() > MIN_HANDLE * 2  # half the page in view: a long handle


def test_clicking_beside_the_handle_pages_and_dragging_it_scrolls(qtbot):
    area = _area(qtbot)
    bar = area.verticalScrollBar()
    assert bar.value() == 0
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=QPoint(EXTENT // 2, bar.height() - 3))
    assert bar.value() == bar.pageStep()  # one page down
    bar.setValue(0)
    handle = _handle(bar)
    start = handle.center()
    qtbot.mousePress(bar, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(bar, start + QPoint(0, 60))
    qtbot.mouseRelease(bar, Qt.MouseButton.LeftButton, pos=start + QPoint(0, 60))
    assert bar.value() > 0


def test_a_handle_is_drawn_only_when_there_is_something_to_scroll(qtbot):
    area = _area(qtbot, width=100, height=100)
    bar = area.verticalScrollBar()
    assert bar.maximum() == 0
    bar.resize(EXTENT, 150)  # hidden when not needed; drawn on its own it shows no handle
    image = bar.grab().toImage()
    colours = {image.pixel(x, y) for x in range(image.width()) for y in range(image.height())}
    assert len(colours) == 1  # nothing but the background


def test_the_windows_dialogs_and_viewers_draw_them_too(kit, qtbot):
    from PySide6.QtWidgets import QScrollBar

    from pi_desktop.agent import OfflineLLM
    from pi_desktop.ui.scrollbars import SlimScrollStyle

    window = kit.window(OfflineLLM(), offline=True)
    dialog = window.show_sessions()
    assert dialog is not None
    bars = dialog.findChildren(QScrollBar)
    assert bars and all(isinstance(bar.style(), SlimScrollStyle) for bar in bars)
    dialog.close()
