"""The confirmation a Copy gives: a quiet "✓ Copied" beside the button for a moment, the
button's icon a tick meanwhile, and the same words said to a screen reader (announce.py).

A copy changes nothing on screen by itself, so without this a click reads as a miss and
users click again or paste to check.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QLabel, QWidget

from pi_desktop.ui.announce import announce
from pi_desktop.ui.chat.surfaces import muted
from pi_desktop.ui.i18n import tr

COPIED_SHOWN_MS = 2_000  # long enough to be read, short enough to be gone at the next copy


class CopiedNote(QLabel):
    """ "✓ Copied" (or what was copied), shown by ``flash`` for ``COPIED_SHOWN_MS``.

    Hidden, it keeps no room (a row must not move when it appears next to icons that are
    only shown on hover anyway); ``expired`` fires when it goes."""

    expired = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        muted(self)
        self.setObjectName("copiedNote")
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(COPIED_SHOWN_MS)
        self._timer.timeout.connect(self._expire)
        self.hide()

    @property
    def active(self) -> bool:
        """True while the confirmation shows."""
        return self._timer.isActive()

    def flash(self, what: str | None = None) -> None:
        """Show (again) that ``what`` was copied, and say it."""
        words = what or tr("MessageCard", "Copied")
        self.setText("✓ " + words)
        self.setAccessibleName(words)
        self.show()
        self._timer.start()
        announce(self, words)

    def _expire(self) -> None:
        self.hide()
        self.expired.emit()
