"""A narrow window keeps the conversation: below ``NARROW_BELOW`` px the sessions sidebar and
the tree collapse behind two toggles in the chat's header, and come back as they were when
the window is wide again.

At 700 px the three panels could not share the width: the window refused to shrink below
their minimums and the chat clipped. Collapsed, each panel opens from its toggle beside the
chat, one at a time (opening one closes the other, so the chat keeps room to wrap). A panel
shown another way (Ctrl+B, Ctrl+K) checks its toggle, so the two never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtWidgets import QAbstractButton, QWidget

NARROW_BELOW = 1_000  # px of window width; the "below ~1,000 px"


@dataclass(frozen=True)
class CollapsiblePanel:
    """A side panel, the toggle that opens it in a narrow window, and whether it should be
    shown in a wide one (the user may have hidden the sidebar on purpose)."""

    widget: QWidget
    toggle: QAbstractButton
    wide_visible: Callable[[], bool] = lambda: True


class NarrowLayout(QObject):
    """Watches ``window``'s width and collapses ``panels`` below ``threshold``.

    Install once: ``NarrowLayout(window, [CollapsiblePanel(sidebar, toggle, ...), ...])``.
    ``narrowChanged(bool)`` says when the layout switched."""

    narrowChanged = Signal(bool)

    def __init__(
        self,
        window: QWidget,
        panels: Sequence[CollapsiblePanel],
        *,
        threshold: int = NARROW_BELOW,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._panels = list(panels)
        self._threshold = threshold
        self._narrow = False
        self._syncing = False
        self._shown = False  # the window's first show collapses again (see eventFilter)
        for panel in self._panels:
            panel.toggle.hide()
            panel.toggle.toggled.connect(lambda on, p=panel: self._on_toggled(p, on))
            panel.widget.installEventFilter(self)
        window.installEventFilter(self)
        self.update()

    @property
    def narrow(self) -> bool:
        return self._narrow

    def update(self) -> None:
        """Collapse or restore for the window's width now."""
        narrow = self._window.width() < self._threshold
        if narrow == self._narrow:
            return
        self._narrow = narrow
        self._syncing = True
        try:
            for panel in self._panels:
                panel.toggle.setChecked(False)
                panel.toggle.setVisible(narrow)
                panel.widget.setVisible(False if narrow else panel.wide_visible())
        finally:
            self._syncing = False
        self.narrowChanged.emit(narrow)

    def open(self, widget: QWidget, shown: bool = True) -> None:
        """Show (or hide) a collapsed panel, as its toggle does."""
        for panel in self._panels:
            if panel.widget is widget:
                panel.toggle.setChecked(shown)

    def _on_toggled(self, panel: CollapsiblePanel, on: bool) -> None:
        if self._syncing or not self._narrow:
            return
        self._syncing = True
        try:
            if on:  # one at a time: the chat keeps the rest of a narrow window
                for other in self._panels:
                    if other is not panel and other.toggle.isChecked():
                        other.toggle.setChecked(False)
                        other.widget.hide()
            panel.widget.setVisible(on)
        finally:
            self._syncing = False
        if on:
            panel.widget.setFocus()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if watched is self._window and kind == QEvent.Type.Resize:
            self.update()
        elif watched is self._window and kind == QEvent.Type.Show and not self._shown:
            self._shown = True  # what start-up restored (a saved sidebar) waits for a toggle
            if self._narrow:
                self._narrow = False
                self.update()
        elif self._narrow and not self._syncing and kind in (QEvent.Type.Show, QEvent.Type.Hide):
            for panel in self._panels:  # shown or hidden another way: the toggle follows
                if panel.widget is watched:
                    self._syncing = True
                    try:
                        panel.toggle.setChecked(not panel.widget.isHidden())
                    finally:
                        self._syncing = False
        return False
