"""What the conversation's rows are drawn with: rounded panels, muted labels, link buttons.

A long session shows hundreds of message cards, each a small widget tree. A style sheet on
any ancestor (the application's included) puts every one of those widgets under
``QStyleSheetStyle``, which cost ~100 kB per card (500 turns: 442 MB, against 289 MB without).
So no style sheet reaches the conversation: these widgets paint the theme's colours
(``resources/theme.json``) themselves, read for the palette in use at each paint, so a switch
between light and dark repaints them right without any bookkeeping.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QFont, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QPushButton,
    QSizePolicy,
    QStyle,
    QStyleOptionToolButton,
    QStylePainter,
    QToolButton,
    QWidget,
)

from pi_desktop.ui.theme import color, is_dark


class Panel(QFrame):
    """A frame drawn as a rounded rectangle: ``fill`` and ``border`` name theme colours
    (None: not drawn). Bubbles, code blocks, tool calls and banners are panels."""

    def __init__(
        self,
        fill: str | None = None,
        border: str | None = None,
        radius: float = 8,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.fill = fill
        self.border = border
        self.radius = radius

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.fill is None and self.border is None:
            return
        dark = is_dark(self.palette())
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        if self.border is None:
            painter.setPen(Qt.PenStyle.NoPen)
        else:
            painter.setPen(QPen(color(self.border, dark), 1))
        if self.fill is None:
            painter.setBrush(Qt.BrushStyle.NoBrush)
        else:
            painter.setBrush(color(self.fill, dark))
        painter.drawRoundedRect(rect, self.radius, self.radius)
        painter.end()


def muted(label: QLabel, *, bold: bool = False) -> QLabel:
    """A label in the theme's quiet colour (the palette's placeholder role holds it)."""
    label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
    if bold:
        font = label.font()
        font.setWeight(QFont.Weight.DemiBold)
        label.setFont(font)
    return label


class FlatToggle(QToolButton):
    """A checkable tool button drawn flat in both states (the arrow says open or closed);
    the style's sunken "checked" panel would box a whole row that is merely expanded."""

    def paintEvent(self, event: QPaintEvent) -> None:
        option = QStyleOptionToolButton()
        self.initStyleOption(option)
        option.state &= ~(QStyle.StateFlag.State_On | QStyle.StateFlag.State_Sunken)
        painter = QStylePainter(self)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ToolButton, option)
        painter.end()


class LinkButton(QPushButton):
    """A button that looks like a link: the palette's link colour, underlined under the
    pointer, quiet when disabled. Still a button: keyboard focus, Space and clicked."""

    def __init__(
        self, text: str = "", parent: QWidget | None = None, *, elide: bool = False
    ) -> None:
        super().__init__(text, parent)
        self.setFlat(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAttribute(Qt.WidgetAttribute.WA_Hover, True)
        # an eliding link may be narrower than its text (a header in a narrow window): it
        # ends in "…" instead of pushing the window wider; screen readers read all of it
        self.elide = elide
        if elide:  # a push button's policy makes its text width a minimum
            self.setSizePolicy(QSizePolicy.Policy.Preferred, self.sizePolicy().verticalPolicy())

    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        return QSize(metrics.horizontalAdvance(self.text()) + 6, metrics.height() + 4)

    def minimumSizeHint(self) -> QSize:
        if self.elide:
            metrics = self.fontMetrics()
            return QSize(metrics.horizontalAdvance("⚙ abc…") + 6, metrics.height() + 4)
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        palette = self.palette()
        role = QPalette.ColorRole.Link if self.isEnabled() else QPalette.ColorRole.PlaceholderText
        painter.setPen(palette.color(role))
        font = self.font()
        font.setUnderline(self.isEnabled() and (self.underMouse() or self.hasFocus()))
        painter.setFont(font)
        align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        rect = self.rect().adjusted(3, 0, -3, 0)
        text = self.text()
        if self.elide:
            text = painter.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, rect.width())
        painter.drawText(rect, int(align), text)
        painter.end()


class ElidedLabel(QLabel):
    """One line of plain text that ends in "…" when the row is too narrow (the whole text is
    its tooltip's business): a long figure line must not widen or clip the conversation."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def minimumSizeHint(self) -> QSize:
        return QSize(40, self.fontMetrics().height())

    def sizeHint(self) -> QSize:
        """As wide as the text as it is painted (QLabel's own hint may be a pixel short, and
        the text then ends in "…" with room to spare)."""
        metrics = self.fontMetrics()
        return QSize(metrics.horizontalAdvance(self.text()) + 2, metrics.height())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        shown = self.fontMetrics().elidedText(
            self.text(), Qt.TextElideMode.ElideRight, self.width()
        )
        align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(self.rect(), int(align), shown)
        painter.end()


SELECTABLE = (
    Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.LinksAccessibleByMouse
)


class WrapLabel(QLabel):
    """A word-wrapped label whose minimum size does not depend on its text.

    QLabel reports a word-wrapped minimum height measured at a narrow width (so the scroll
    area would reserve blank space below the conversation) and a minimum width as wide as
    its longest word (so one long path would widen every row). The real height comes from
    ``heightForWidth``; an unbreakable token is clipped instead of widening the view.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)

    def minimumSizeHint(self) -> QSize:
        return QSize(40, self.fontMetrics().height())
