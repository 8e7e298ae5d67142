"""The app's colours: one palette and style sheet per scheme, read from ``resources/``.

``resources/theme.json`` holds the colours of the light and the dark scheme (one accent, the
neutrals, and the meanings the bar and the tree paint); ``resources/theme.qss`` styles the
window's chrome (the header and the input) by object name with ``@name``
for those colours. Widgets name their parts and never spell a colour.

The style sheet is put on those few widgets with ``style``, never on the application: a style
sheet on any ancestor puts every descendant under ``QStyleSheetStyle``, and the conversation
holds a widget tree per message — that cost ~100 kB per message card (500 turns: 442 MB
against 289 MB without). The conversation and the custom-painted widgets paint the same
colours themselves: ``theme_for`` and ``colors`` give them for the current palette. Light or
dark follows the system (``QStyleHints.colorScheme`` where the platform tells it, else the
system palette).
"""

from __future__ import annotations

import functools
import json
import re
import weakref
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PySide6.QtCore import QByteArray, QEvent, QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QImage, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QToolTip, QWidget

from pi_desktop.ui.resources import resource_path

_TOKEN = re.compile(r"@([a-z_]+)")
_COMMENT = re.compile(r"/\*.*?\*/", re.S)


@lru_cache(maxsize=1)
def _tokens() -> dict[str, dict[str, str]]:
    """Both schemes' colours from ``theme.json`` (a missing file is a packaging bug: say so)."""
    path = resource_path("theme.json")
    if path is None:
        raise FileNotFoundError("resources/theme.json is not installed with pi-desktop")
    data = json.loads(path.read_text(encoding="utf-8"))
    return {scheme: dict(data[scheme]) for scheme in ("light", "dark")}


def colors(dark: bool) -> dict[str, str]:
    """The named colours (``#rrggbb``) of the light or the dark scheme."""
    return dict(_tokens()["dark" if dark else "light"])


def color(name: str, dark: bool | None = None) -> QColor:
    """One named colour; of the application's current scheme unless ``dark`` is given."""
    if dark is None:
        dark = is_dark(QGuiApplication.palette())
    return QColor(_tokens()["dark" if dark else "light"][name])


def is_dark(palette: QPalette) -> bool:
    """Dark when the window background is darker than its text."""
    bg = palette.color(QPalette.ColorRole.Window)
    fg = palette.color(QPalette.ColorRole.WindowText)
    return bg.lightnessF() < fg.lightnessF()


def blend(a: QColor, b: QColor, t: float) -> QColor:
    """Linear mix: t=0 gives a, t=1 gives b (used for faded and sealed drawing)."""
    t = min(1.0, max(0.0, t))
    return QColor.fromRgbF(
        a.redF() + (b.redF() - a.redF()) * t,
        a.greenF() + (b.greenF() - a.greenF()) * t,
        a.blueF() + (b.blueF() - a.blueF()) * t,
        a.alphaF() + (b.alphaF() - a.alphaF()) * t,
    )


@dataclass(frozen=True)
class Theme:
    dark: bool
    background: QColor
    base: QColor
    text: QColor
    muted: QColor
    border: QColor
    highlight: QColor
    highlight_text: QColor
    ok: QColor
    warn: QColor
    over: QColor
    trough: QColor
    user: QColor
    assistant: QColor
    tool: QColor
    tool_error: QColor
    compaction: QColor
    sealed: QColor
    floor: QColor
    stub: QColor

    def faded(self, color: QColor, amount: float = 0.6) -> QColor:
        """A colour pushed towards the background: drawn for content the model does not see."""
        return blend(color, self.base, amount)


def theme_for(palette: QPalette) -> Theme:
    """Build the colour set for a palette; call again when the palette changes."""
    dark = is_dark(palette)
    c = _tokens()["dark" if dark else "light"]
    base = palette.color(QPalette.ColorRole.Base)
    text = palette.color(QPalette.ColorRole.Text)
    return Theme(
        dark=dark,
        background=palette.color(QPalette.ColorRole.Window),
        base=base,
        text=text,
        muted=blend(text, base, 0.45),
        border=blend(text, base, 0.75),
        highlight=palette.color(QPalette.ColorRole.Highlight),
        highlight_text=palette.color(QPalette.ColorRole.HighlightedText),
        ok=QColor(c["ok"]),
        warn=QColor(c["warn"]),
        over=QColor(c["over"]),
        trough=blend(text, base, 0.88),
        user=QColor(c["role_user"]),
        assistant=QColor(c["role_assistant"]),
        tool=QColor(c["role_tool"]),
        tool_error=QColor(c["tool_error"]),
        compaction=QColor(c["compaction"]),
        sealed=blend(text, base, 0.6),
        floor=QColor(c["floor"]),
        stub=QColor(c["stub"]),
    )


def palette_for(dark: bool) -> QPalette:
    """The scheme's palette: neutrals from theme.json, the accent as highlight and link."""
    c = colors(dark)
    p = QPalette()
    roles = {
        QPalette.ColorRole.Window: c["window"],
        QPalette.ColorRole.WindowText: c["window_text"],
        QPalette.ColorRole.Base: c["base"],
        QPalette.ColorRole.AlternateBase: c["alternate_base"],
        QPalette.ColorRole.Text: c["text"],
        QPalette.ColorRole.Button: c["button"],
        QPalette.ColorRole.ButtonText: c["button_text"],
        QPalette.ColorRole.Highlight: c["accent"],
        QPalette.ColorRole.HighlightedText: c["accent_text"],
        QPalette.ColorRole.Link: c["link"],
        QPalette.ColorRole.LinkVisited: c["link"],
        QPalette.ColorRole.ToolTipBase: c["tooltip_bg"],
        QPalette.ColorRole.ToolTipText: c["tooltip_text"],
        QPalette.ColorRole.PlaceholderText: c["muted"],
        QPalette.ColorRole.Mid: c["border"],
    }
    for role, value in roles.items():
        p.setColor(role, QColor(value))
    dimmed = (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText, QPalette.ColorRole.ButtonText)
    for role in dimmed:
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor(c["muted"]))
    if hasattr(QPalette.ColorRole, "Accent"):  # Qt 6.6+
        p.setColor(QPalette.ColorRole.Accent, QColor(c["accent"]))
    return p


def dark_palette() -> QPalette:
    """The dark scheme's palette; tests and screenshots use it to check dark-mode readability."""
    return palette_for(True)


@lru_cache(maxsize=2)
def stylesheet(dark: bool) -> str:
    """``theme.qss`` with the scheme's colours filled in (an unknown ``@name`` is an error)."""
    path = resource_path("theme.qss")
    if path is None:
        raise FileNotFoundError("resources/theme.qss is not installed with pi-desktop")
    c = colors(dark)
    text = _COMMENT.sub("", path.read_text(encoding="utf-8"))
    return _TOKEN.sub(lambda m: c[m.group(1)], text)


# -- following the system ------------------------------------------------------------------

_SYSTEM_PALETTE: QPalette | None = None


def system_prefers_dark(app: QGuiApplication) -> bool:
    """The platform's colour scheme where it says one, else what its palette looks like."""
    hints = app.styleHints()
    scheme = hints.colorScheme() if hasattr(hints, "colorScheme") else None
    if scheme == Qt.ColorScheme.Dark:
        return True
    if scheme == Qt.ColorScheme.Light:
        return False
    return is_dark(_SYSTEM_PALETTE if _SYSTEM_PALETTE is not None else app.palette())


# the chrome widgets that carry the theme's style sheet (``style``); weak: a closed window's go
_STYLED: weakref.WeakSet[QWidget] = weakref.WeakSet()


def current_is_dark() -> bool:
    """The scheme the styled widgets show now (the application palette's, before a theme)."""
    if _FOLLOWER is not None and _FOLLOWER.dark is not None:
        return _FOLLOWER.dark
    return is_dark(QGuiApplication.palette())


def style(widget: QWidget) -> QWidget:
    """Put the theme's style sheet on ``widget`` and its children, now and at every switch of
    light/dark. For the window's chrome only: never an ancestor of the conversation's rows."""
    _STYLED.add(widget)
    widget.setStyleSheet(stylesheet(current_is_dark()))
    return widget


def _restyle(dark: bool) -> None:
    sheet = stylesheet(dark)
    for widget in list(_STYLED):
        try:
            widget.setStyleSheet(sheet)
        except RuntimeError:  # its C++ side is gone (a closed window); the set forgets it
            _STYLED.discard(widget)


def restyle() -> None:
    """Put the style sheet on the styled chrome again: a widget under a style sheet keeps the
    font it had when the sheet was set, so a new application font (zoom) needs this."""
    _restyle(current_is_dark())


class _Follower(QWidget):
    """Keeps the style sheets in step with the palette, whoever set it (the system, a test).

    A hidden widget: every widget hears of a new application palette, and this one has no
    style-sheet rule of its own that would pin its palette."""

    def __init__(self, app: QGuiApplication) -> None:
        super().__init__(None)
        self.setObjectName("themeFollower")
        self.app = app
        self.dark: bool | None = None
        hints = app.styleHints()
        if hasattr(hints, "colorSchemeChanged"):
            hints.colorSchemeChanged.connect(self._scheme_changed)

    def _scheme_changed(self, scheme: Any = None) -> None:
        """The system switched light/dark: the signal says which (a platform may announce it
        before ``colorScheme()`` reads the new value)."""
        dark = {Qt.ColorScheme.Dark: True, Qt.ColorScheme.Light: False}.get(scheme)
        apply_theme(self.app, dark=dark)

    def event(self, event: QEvent) -> bool:
        """Hear the application's palette change itself, not only this widget's: when two
        changes come before the widget resolved the first (light, then dark at once), its own
        palette ends where it began and no ``PaletteChange`` comes."""
        kind = event.type()
        handled = super().event(event)
        if kind in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.sync()
        return handled

    def sync(self) -> None:
        """Called when the application palette changed: restyle if the scheme flipped."""
        dark = is_dark(self.app.palette())
        if dark != self.dark:
            self.dark = dark
            QToolTip.setPalette(self.app.palette())
            _restyle(dark)


_FOLLOWER: _Follower | None = None


def apply_theme(app: Any, dark: bool | None = None) -> bool:
    """Put the scheme's palette on ``app`` and its style sheet on the styled chrome;
    ``dark=None`` follows the system. Returns whether the dark scheme is on."""
    global _SYSTEM_PALETTE, _FOLLOWER
    if _SYSTEM_PALETTE is None:
        _SYSTEM_PALETTE = QPalette(app.palette())
    if _FOLLOWER is None:
        _FOLLOWER = _Follower(app)
    if dark is None:
        dark = system_prefers_dark(app)
    palette = palette_for(dark)
    app.setPalette(palette)
    QToolTip.setPalette(palette)  # tooltips are windows of their own, with their own palette
    _FOLLOWER.dark = dark
    _restyle(dark)
    return dark


def ensure_theme(app: Any) -> None:
    """Apply the theme once per process (the first window does it); later calls only bring
    the style sheets in step with a palette someone else set since."""
    if _FOLLOWER is None:
        apply_theme(app)
    else:
        _FOLLOWER.sync()
    from pi_desktop.ui.focus_ring import install_focus_rings  # it paints theme colours

    install_focus_rings(app)  # a visible focus, in both schemes


# -- icons ---------------------------------------------------------------------------------


def themed_icon(name: str, dark: bool | None = None, *, size: int = 16) -> QIcon:
    """``resources/icons/<name>.svg`` drawn in the scheme's muted colour (``currentColor``).

    Drawn once per (icon, colour, size): every message card shows the same few icons, and a
    fresh render per card cost ~60 kB of pixmaps and an SVG read each (QIcon is implicitly
    shared, so the cards share one)."""
    return _rendered_icon(name, color("muted", dark).name(), size)


@functools.lru_cache(maxsize=128)
def _rendered_icon(name: str, tint: str, size: int) -> QIcon:
    path = resource_path(f"icons/{name}.svg")
    if path is None:
        return QIcon()
    svg = path.read_text(encoding="utf-8").replace("currentColor", tint)
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(QByteArray(svg.encode()))
    icon = QIcon()
    for scale in (1, 2):
        image = QImage(size * scale, size * scale, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter, QRectF(0, 0, size * scale, size * scale))
        painter.end()
        pixmap = QPixmap.fromImage(image)
        pixmap.setDevicePixelRatio(scale)
        icon.addPixmap(pixmap)
    return icon


__all__ = [
    "Theme",
    "apply_theme",
    "blend",
    "color",
    "colors",
    "current_is_dark",
    "dark_palette",
    "ensure_theme",
    "is_dark",
    "palette_for",
    "restyle",
    "style",
    "stylesheet",
    "theme_for",
    "themed_icon",
]
