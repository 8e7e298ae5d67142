"""Find the non-Python files under ``resources/`` (icons), installed or from a checkout.

A wheel carries them as ``pi_desktop/_resources`` (pyproject force-include); an editable
install or a source checkout reads the top-level ``resources/`` folder.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon

_PACKAGE = Path(__file__).resolve().parent.parent
_CANDIDATES = (_PACKAGE / "_resources", _PACKAGE.parent / "resources")


def resource_path(name: str) -> Path | None:
    """The path of resource ``name``, or None when it is not shipped."""
    for folder in _CANDIDATES:
        path = folder / name
        if path.is_file():
            return path
    return None


ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)  # rendered by packaging/render_icons.py


def app_icon() -> QIcon:
    """The application and window icon (an empty icon if the files are missing: never fatal).

    The PNG sizes come first: they need no SVG icon engine (a bundle or a minimal Qt may lack
    that plugin) and are crisp at the sizes a panel asks for; the SVG is the fallback.
    """
    icon = QIcon()
    for size in ICON_SIZES:
        png = resource_path(f"hicolor/{size}x{size}/apps/pi-desktop.png")
        if png is not None:
            icon.addFile(str(png), QSize(size, size))
    if icon.isNull():
        svg = resource_path("pi-desktop.svg")
        return QIcon(str(svg)) if svg else QIcon()
    return icon
