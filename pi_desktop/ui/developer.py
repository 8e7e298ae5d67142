"""Developer-only parts of the window, off unless asked for.

The fidelity probe (a table of how the provider streams, counts and errs) is for whoever
builds or debugs a provider, not for someone chatting: it sits in a Developer menu that only
``--developer`` or ``PI_DESKTOP_DEVELOPER=1`` adds.
"""

from __future__ import annotations

import os

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMenuBar

from pi_desktop.ui.i18n import tr

DEVELOPER_ENV = "PI_DESKTOP_DEVELOPER"


def developer_mode() -> bool:
    """On when ``PI_DESKTOP_DEVELOPER`` is set to anything but "", "0", "no" or "false"."""
    return os.environ.get(DEVELOPER_ENV, "").strip().lower() not in {"", "0", "no", "false"}


def enable_developer_mode() -> None:
    """``--developer``: on for this process (and what it starts)."""
    os.environ[DEVELOPER_ENV] = "1"


def developer_menu(menu_bar: QMenuBar, actions: list[QAction]) -> QMenu | None:
    """The Developer menu with ``actions`` in developer mode; None (no menu) otherwise."""
    if not developer_mode():
        return None
    menu = menu_bar.addMenu(tr("MainWindow", "&Developer"))
    menu.setToolTipsVisible(True)
    for action in actions:
        menu.addAction(action)
    return menu
