"""Zoom: Ctrl + / Ctrl − / Ctrl 0 make the whole interface's text larger or smaller.

The level scales the application font (every widget that does not pin its own font follows:
the conversation, the input, the tree, the bar, the menus), in the steps browsers use, and is
saved beside the window's geometry so the next start opens at the same size. The platform's
font at start is the 100 % base; a saved level that is not a number, or out of range, is
ignored and reported (``problem``), as a broken saved geometry is.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QFont, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

LEVELS = (0.67, 0.75, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0)
SETTING = "zoom"  # under window/ in the settings file (SettingsStore.value / set_value)

_BASE_FONT: QFont | None = None  # the application font at 100 %, read once per process


def _base_font() -> QFont:
    global _BASE_FONT
    if _BASE_FONT is None:
        _BASE_FONT = QFont(QGuiApplication.font())
    return QFont(_BASE_FONT)


def parse_level(raw: object) -> float | None:
    """A saved level as a number within ``LEVELS``' range, else None."""
    try:
        level = float(raw)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    if not math.isfinite(level) or not LEVELS[0] <= level <= LEVELS[-1]:
        return None
    return level


def apply_level(level: float) -> None:
    """Set the application font to ``level`` times the platform's."""
    font = _base_font()
    if font.pointSizeF() > 0:
        font.setPointSizeF(round(font.pointSizeF() * level, 2))
    else:  # a font sized in pixels
        font.setPixelSize(max(1, round(font.pixelSize() * level)))
    QGuiApplication.setFont(font)
    from pi_desktop.ui.theme import restyle

    restyle()  # the chrome under the theme's style sheet follows only when it is set again


class Zoom(QObject):
    """The window's zoom level; ``changed(level)`` after every step (the status bar says it)."""

    changed = Signal(float)

    def __init__(
        self,
        load: Callable[[str], object],
        save: Callable[[str, object], None],
        parent: QObject | None = None,
    ) -> None:
        """``load`` / ``save`` read and write one window setting (``SettingsStore``)."""
        super().__init__(parent)
        self._save = save
        raw = load(SETTING)
        saved = parse_level(raw)
        self.problem = None if raw is None or saved is not None else f"window/{SETTING}"
        self.level = saved if saved is not None else 1.0
        _base_font()  # the 100 % font is read before any level is applied
        if self.level != 1.0 or QGuiApplication.font() != _base_font():
            apply_level(self.level)

    @property
    def percent(self) -> int:
        return round(self.level * 100)

    def zoom_in(self) -> None:
        self._set(next((v for v in LEVELS if v > self.level + 1e-6), LEVELS[-1]))

    def zoom_out(self) -> None:
        self._set(next((v for v in reversed(LEVELS) if v < self.level - 1e-6), LEVELS[0]))

    def reset(self) -> None:
        self._set(1.0)

    def _set(self, level: float) -> None:
        if level != self.level:
            self.level = level
            apply_level(level)
            self._save(SETTING, level)
        self.changed.emit(level)


def add_zoom_actions(window: QWidget, zoom: Zoom, menu: QMenu) -> list[QAction]:
    """Zoom in / out / actual size in ``menu``, with the usual keys, window-wide; each step
    says the new level in the window's status bar."""
    from pi_desktop.ui.i18n import tr, trf

    entries = (
        (tr("MainWindow", "Zoom &in"), ["Ctrl++", "Ctrl+="], zoom.zoom_in),
        (tr("MainWindow", "Zoom &out"), ["Ctrl+-"], zoom.zoom_out),
        (tr("MainWindow", "&Actual size"), ["Ctrl+0"], zoom.reset),
    )
    actions = []
    for text, keys, slot in entries:
        action = QAction(text, window)
        action.setShortcuts([QKeySequence(k) for k in keys])
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(lambda _checked=False, s=slot: s())
        window.addAction(action)
        menu.addAction(action)
        actions.append(action)
    status = getattr(window, "statusBar", None)
    if status is not None:
        zoom.changed.connect(
            lambda _level: status().showMessage(trf("MainWindow", "Zoom %1 %", zoom.percent), 2000)
        )
    return actions


def scale_fixed_height(zoom: Zoom, widget: QWidget, height: int) -> None:
    """Keep ``widget``'s fixed ``height`` (at 100 %) in step with the zoom: the message box
    shows as many lines at 200 % as at 100 %."""

    def follow(level: float) -> None:
        widget.setFixedHeight(round(height * level))

    zoom.changed.connect(follow)
    follow(zoom.level)
