"""Find the non-Python files under ``resources/`` (icons), installed or from a checkout.

A wheel carries them as ``pi_desktop/_resources`` (pyproject force-include); an editable
install or a source checkout reads the top-level ``resources/`` folder.
"""

from __future__ import annotations

from pathlib import Path

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


def app_icon() -> QIcon:
    """The application icon (an empty icon if the file is missing: never fatal)."""
    path = resource_path("pi-desktop.svg")
    return QIcon(str(path)) if path else QIcon()
