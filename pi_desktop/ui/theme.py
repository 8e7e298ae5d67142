"""Palette-aware colours for the custom-painted widgets.

The widgets paint themselves, so they cannot rely on a style sheet: every colour is derived
from the widget's current ``QPalette`` (light or dark follows the system), with fixed hues
for meaning (ok/warn/over, compaction, sealed) tuned separately for each brightness so the
text painted on them stays readable.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QPalette


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
    base = palette.color(QPalette.ColorRole.Base)
    text = palette.color(QPalette.ColorRole.Text)
    window = palette.color(QPalette.ColorRole.Window)
    muted = blend(text, base, 0.45)
    if dark:
        ok, warn, over = QColor("#3fb950"), QColor("#d29922"), QColor("#f85149")
        user, assistant, tool = QColor("#58a6ff"), QColor("#a5d6ff"), QColor("#d2a8ff")
        compaction, floor, stub = QColor("#e3b341"), QColor("#f0883e"), QColor("#8b949e")
        tool_error = QColor("#ff7b72")
    else:
        ok, warn, over = QColor("#2da44e"), QColor("#bf8700"), QColor("#cf222e")
        user, assistant, tool = QColor("#0969da"), QColor("#57606a"), QColor("#8250df")
        compaction, floor, stub = QColor("#9a6700"), QColor("#bc4c00"), QColor("#6e7781")
        tool_error = QColor("#cf222e")
    return Theme(
        dark=dark,
        background=window,
        base=base,
        text=text,
        muted=muted,
        border=blend(text, base, 0.75),
        highlight=palette.color(QPalette.ColorRole.Highlight),
        highlight_text=palette.color(QPalette.ColorRole.HighlightedText),
        ok=ok,
        warn=warn,
        over=over,
        trough=blend(text, base, 0.88),
        user=user,
        assistant=assistant,
        tool=tool,
        tool_error=tool_error,
        compaction=compaction,
        sealed=blend(text, base, 0.6),
        floor=floor,
        stub=stub,
    )


def dark_palette() -> QPalette:
    """A plain dark palette; tests and screenshots use it to check dark-mode readability."""
    p = QPalette()
    roles = {
        QPalette.ColorRole.Window: "#1e1f22",
        QPalette.ColorRole.WindowText: "#dfe1e5",
        QPalette.ColorRole.Base: "#16171a",
        QPalette.ColorRole.AlternateBase: "#23252a",
        QPalette.ColorRole.Text: "#dfe1e5",
        QPalette.ColorRole.Button: "#2b2d31",
        QPalette.ColorRole.ButtonText: "#dfe1e5",
        QPalette.ColorRole.Highlight: "#2f5fb3",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.ToolTipBase: "#2b2d31",
        QPalette.ColorRole.ToolTipText: "#dfe1e5",
        QPalette.ColorRole.PlaceholderText: "#8b8e94",
    }
    for role, color in roles.items():
        p.setColor(role, QColor(color))
    return p
