"""The window's three panes side by side — sessions | chat | tree — and their saved layout.

Two splitters: the outer one between the sessions sidebar and the rest (the sidebar's
controller saves that one), the inner one between the chat and the tree. The window's size
and the inner split are saved on close and restored at start; a hand-edited value ("zz", a
number) is ignored and said, never fatal. ``PaneFocus`` moves the focus between the panes.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget

from pi_desktop.ui.i18n import tr
from pi_desktop.ui.settings import SettingsStore
from pi_desktop.ui.splitter import ThinSplitter

DEFAULT_SIZE = (1180, 780)
GEOMETRY_KEY, SPLITTER_KEY = "geometry", "splitter"


class WindowLayout:
    """Lays ``sidebar``, ``chat`` and ``tree`` out in ``top`` (module doc)."""

    def __init__(self, top: QWidget, sidebar: QWidget, chat: QWidget, tree: QWidget) -> None:
        self._top = top  # the top-level widget whose geometry is saved
        self.splitter = ThinSplitter(Qt.Orientation.Horizontal, top)
        self.splitter.addWidget(chat)
        self.splitter.addWidget(tree)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([760, 300])
        self.outer_splitter = ThinSplitter(Qt.Orientation.Horizontal, top)
        self.outer_splitter.addWidget(sidebar)
        self.outer_splitter.addWidget(self.splitter)
        self.outer_splitter.setStretchFactor(1, 1)
        self.outer_splitter.setSizes([240, 1060])

    def restore(self, store: SettingsStore) -> list[str]:
        """The saved size and split, else the defaults; the values that were unusable."""
        problems = []
        geometry = store.value(GEOMETRY_KEY)
        if not (isinstance(geometry, QByteArray | bytes) and self._top.restoreGeometry(geometry)):
            self._top.resize(*DEFAULT_SIZE)
            if geometry is not None:
                problems.append(
                    tr("MainWindow", "window/geometry is not a saved geometry; ignored")
                )
        state = store.value(SPLITTER_KEY)
        valid = isinstance(state, QByteArray | bytes) and self.splitter.restoreState(state)
        if state is not None and not valid:
            problems.append(tr("MainWindow", "window/splitter is not a saved layout; ignored"))
        return problems

    def save(self, store: SettingsStore) -> None:
        store.set_value(GEOMETRY_KEY, self._top.saveGeometry())
        store.set_value(SPLITTER_KEY, self.splitter.saveState())


class PaneFocus:
    """Keyboard-only use: F6 / Shift+F6 move the focus between the panes, Ctrl+K to the
    sessions' search box (the sidebar is shown first if it was hidden)."""

    def __init__(
        self,
        panes: Callable[[], list[QWidget]],
        search: QLineEdit,
        sidebar: QWidget,
        show_sidebar: Callable[[], None],
    ) -> None:
        self._panes = panes  # in reading order
        self._search = search
        self._sidebar = sidebar  # the search box is in it
        self._show_sidebar = show_sidebar

    def cycle(self, step: int) -> None:
        """The focus to the next (``step`` 1) or previous (-1) pane that can take it."""
        panes = [w for w in self._panes() if w.isVisible() and w.isEnabled()]
        if not panes:
            return
        focused = QApplication.focusWidget()
        here = next(
            (i for i, w in enumerate(panes) if focused is w or w.isAncestorOf(focused)), None
        )
        target = panes[0 if here is None else (here + step) % len(panes)]
        target.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def search(self) -> None:
        if not self._sidebar.isVisible():
            self._show_sidebar()
        self._search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self._search.selectAll()
