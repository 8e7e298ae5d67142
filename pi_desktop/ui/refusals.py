"""The refusal banners over the input: why something the user asked for did not happen.

A refusal (a rewind below the compaction floor, a pin past its cap, a session that would not
open) is a non-modal banner with a Dismiss button and optional actions; the window lays out
``layout`` above the input and every part that refuses something calls ``show``.
"""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout, QWidget

from pi_desktop.ui.chat.message_widgets import InlineBanner
from pi_desktop.ui.i18n import tr


class RefusalArea:
    """The banners' column; ``parent`` owns the banner widgets."""

    def __init__(self, parent: QWidget) -> None:
        self._parent = parent
        self.layout = QVBoxLayout()
        self.layout.setContentsMargins(0, 0, 0, 0)

    def show(self, text: str) -> InlineBanner:
        """A new banner saying ``text``; add actions to it with ``add_action``."""
        banner = InlineBanner(text, kind="refusal", parent=self._parent)
        close = banner.add_action("dismiss", tr("MainWindow", "Dismiss"))
        close.clicked.connect(lambda: self.remove(banner))
        self.layout.addWidget(banner)
        return banner

    def banners(self) -> list[InlineBanner]:
        items = (self.layout.itemAt(i) for i in range(self.layout.count()))
        return [w for item in items if isinstance(w := item.widget(), InlineBanner)]

    def remove(self, banner: InlineBanner) -> None:
        self.layout.removeWidget(banner)
        banner.hide()  # at once: deletion waits for the event loop
        banner.deleteLater()

    def clear(self) -> None:
        for banner in self.banners():
            self.remove(banner)
