"""A share (0.80) edited and shown as a percent ("80 %"), as the bar and the breakdown say it.

The settings keep the fraction (``AppSettings.threshold``); only the field speaks percent, so
``value()`` / ``setValue()`` stay fractions and nothing else changes.
"""

from __future__ import annotations

import re

from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QDoubleSpinBox, QWidget

from pi_desktop.ui.i18n import trf

_NUMBER = re.compile(r"^\s*(\d{0,3})\s*%?\s*$")


def percent_text(share: float) -> str:
    """0.8 → "80 %" (the window's one way to write a share of the budget)."""
    return trf("Settings", "%1 %", round(share * 100))


class PercentSpinBox(QDoubleSpinBox):
    """A fraction between 0 and 1 in steps of 1 %, typed and shown as a whole percent."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setDecimals(2)  # whole percents
        self.setRange(0.0, 1.0)
        self.setSingleStep(0.05)

    def textFromValue(self, value: float) -> str:
        return percent_text(value)

    def valueFromText(self, text: str) -> float:
        match = _NUMBER.match(text)
        return int(match.group(1)) / 100 if match and match.group(1) else self.value()

    def validate(self, text: str, pos: int) -> object:
        match = _NUMBER.match(text)
        if match is None:
            return QValidator.State.Invalid, text, pos
        if not match.group(1):
            return QValidator.State.Intermediate, text, pos
        if int(match.group(1)) > round(self.maximum() * 100):
            return QValidator.State.Intermediate, text, pos
        return QValidator.State.Acceptable, text, pos

    def fixup(self, text: str) -> str:
        return text
