"""A visible focus ring: a 2 px accent outline on whatever widget has the keyboard focus.

Fusion's own cues (a dotted rectangle on a button, a slightly bluer frame on a field) were
nearly invisible, and the custom-painted parts (the tree, the budget bar, the sessions list)
had none of their own. A style sheet cannot carry it: on an ancestor it puts every message
card under ``QStyleSheetStyle`` (see ``theme``). So one transparent, click-through overlay per
window is laid over the focused widget, clipped to what of it is on screen, and follows it
(moves, resizes, scrolls, hides). It is drawn in the scheme's ``focus_ring`` colour (the
accent, chosen for ≥ 3:1 contrast on both backgrounds: WCAG's rule for focus indicators).

As browsers do with ``:focus-visible``, a click on a button does not ring it (the pointer
shows where you are); text fields, and everything reached by keyboard, are ringed.
"""

from __future__ import annotations

import weakref

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QRectF, Qt
from PySide6.QtGui import QGuiApplication, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from pi_desktop.ui.theme import color

RING_WIDTH = 2
RADIUS = 5
GAP = 1  # between the widget and the ring: an accent button keeps its own edge
OUTSET = GAP + RING_WIDTH
_FOLLOWED = {
    QEvent.Type.Move,
    QEvent.Type.Resize,
    QEvent.Type.Show,
    QEvent.Type.Hide,
    QEvent.Type.ParentChange,
}


def _always_ringed(widget: QWidget) -> bool:
    """Where you type: ringed even when clicked into (the caret alone is easy to lose)."""
    if isinstance(widget, QLineEdit | QPlainTextEdit | QAbstractSpinBox):
        return True
    if isinstance(widget, QComboBox):
        return widget.isEditable()
    return isinstance(widget, QTextEdit) and not widget.isReadOnly()


class FocusRing(QWidget):
    """The overlay of one window; ``FocusRings`` moves it onto the focused widget."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setObjectName("focusRing")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.target_rect = QRect()  # where the ring is drawn, in this overlay's coordinates
        self.hide()

    def place(self, target: QWidget) -> None:
        """Cover ``target`` (clipped by its ancestors); hidden when none of it is on screen."""
        window = self.parentWidget()
        if window is None or not target.isVisible():
            self.hide()
            return
        own = QRect(target.mapTo(window, QPoint(0, 0)), target.size())
        shown = own.adjusted(-OUTSET, -OUTSET, OUTSET, OUTSET) & window.rect()
        parent = target.parentWidget()
        while parent is not None and parent is not window:
            # an ancestor clips the ring only where it hides the widget itself (a scrolled
            # list, a narrow pane), not where the ring merely passes its edge (a form's row)
            area = QRect(parent.mapTo(window, QPoint(0, 0)), parent.size())
            if not area.contains(own):
                shown &= area
            parent = parent.parentWidget()
        if shown.isEmpty():
            self.hide()
            return
        self.setGeometry(shown)
        # where a pane's edge cuts the outset, the ring runs along that edge, over the widget
        self.target_rect = QRect(QPoint(0, 0), shown.size())
        self.show()
        self.raise_()
        self.update()

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(color("focus_ring"), RING_WIDTH)
        painter.setPen(pen)
        half = RING_WIDTH / 2
        painter.drawRoundedRect(
            QRectF(self.target_rect).adjusted(half, half, -half, -half), RADIUS, RADIUS
        )
        painter.end()


class FocusRings(QObject):
    """Follows the application's focus; one per application (``install``)."""

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self.target: QWidget | None = None
        self._watched: list[QWidget] = []
        self._rings: weakref.WeakValueDictionary[int, FocusRing] = weakref.WeakValueDictionary()
        app.focusChanged.connect(self._focus_changed)

    def ring(self) -> FocusRing | None:
        """The ring on screen now (tests read it), or None."""
        if self.target is None:
            return None
        ring = self._rings.get(id(self.target.window()))
        return ring if ring is not None and ring.isVisible() else None

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        self._unwatch()
        for ring in list(self._rings.values()):
            ring.hide()
        self.target = None
        if new is None or new.isWindow() or isinstance(new, FocusRing):
            return
        window = new.window()
        if window.windowType() == Qt.WindowType.Popup:
            return  # menus and completer lists draw their own current item
        by_mouse = QGuiApplication.mouseButtons() != Qt.MouseButton.NoButton
        if by_mouse and not _always_ringed(new):
            return
        self.target = new
        ring = self._rings.get(id(window))
        if ring is None:
            ring = FocusRing(window)
            self._rings[id(window)] = ring
        widget: QWidget | None = new
        while widget is not None and widget is not window:  # any of them moving moves it
            widget.installEventFilter(self)
            self._watched.append(widget)
            widget = widget.parentWidget()
        ring.place(new)

    def _unwatch(self) -> None:
        for widget in self._watched:
            try:
                widget.removeEventFilter(self)
            except RuntimeError:  # already deleted
                pass
        self._watched = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in _FOLLOWED and self.target is not None:
            ring = self._rings.get(id(self.target.window()))
            if ring is not None:
                try:
                    ring.place(self.target)
                except RuntimeError:  # the target is being deleted
                    ring.hide()
        return False


_INSTALLED: FocusRings | None = None


def install_focus_rings(app: QApplication) -> FocusRings:
    """Ring the focused widget of every window from now on (idempotent)."""
    global _INSTALLED
    if _INSTALLED is None:
        _INSTALLED = FocusRings(app)
    return _INSTALLED
