"""The refusal area: the banners over the input that say why something was not done.

Why a part of its own: a rewind below the floor, a pin past its cap, a session that cannot be
opened and a message sent to a read-only session are refused by different parts of the
window, and they all show their reason in one place, dismissed by the user or cleared when
the next run starts. Each of those parts gets this object (or its ``show``), nothing more.
"""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout, QWidget

from pi_desktop.ui.chat.message_widgets import InlineBanner
from pi_desktop.ui.i18n import tr


class RefusalArea(QWidget):
    """A column of refusal banners, each with a Dismiss button; empty, it takes no room."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("refusalArea")
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(4)
        self.setVisible(False)

    def show_refusal(self, text: str) -> InlineBanner:
        """Add a banner saying ``text``; the caller may add actions to it (a fork, …)."""
        banner = InlineBanner(text, kind="refusal", parent=self)
        close = banner.add_action("dismiss", tr("MainWindow", "Dismiss"))
        close.clicked.connect(lambda: self.remove(banner))
        self._layout.addWidget(banner)
        self.setVisible(True)
        return banner

    def banners(self) -> list[InlineBanner]:
        """The refusals on screen, oldest first."""
        items = (self._layout.itemAt(i) for i in range(self._layout.count()))
        return [w for item in items if isinstance(w := item.widget(), InlineBanner)]

    def remove(self, banner: InlineBanner) -> None:
        self._layout.removeWidget(banner)
        banner.hide()  # at once: deletion waits for the event loop
        banner.deleteLater()
        if not self.banners():
            self.setVisible(False)

    def clear(self) -> None:
        """Drop every refusal (a new run, another session: the reasons no longer apply)."""
        for banner in self.banners():
            self.remove(banner)
