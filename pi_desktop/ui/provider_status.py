"""Which provider the next message goes to, said in the status bar and the chat header.

The agent is rebuilt whenever the settings change, and each provider brings its own words:
its description ("gpt-4o-mini · api.openai.com"), whether it is the offline demo, and a note
("Offline provider: …"). This part draws them, and takes back the previous provider's note so
it never outlives that provider. It sees only the widgets it writes to.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QStatusBar, QWidget

from pi_desktop.ui.agent_factories import ProviderSetup, offline_note
from pi_desktop.ui.i18n import tr, trf


class ModelShown(Protocol):
    """The chat header's model name."""

    def set_model(self, text: str) -> None: ...


class OfflineShown(Protocol):
    """The budget bar, which says its figures come from the offline demo."""

    def set_offline(self, offline: bool) -> None: ...


class ProviderStatus:
    """The "● Offline" badge and the provider · workspace label, and the provider's note."""

    def __init__(
        self,
        status: QStatusBar,
        header: ModelShown,
        bar: OfflineShown,
        parent: QWidget,
        *,
        beside: QWidget | None = None,
    ) -> None:
        """The labels go to the right of ``status``: the badge, ``beside`` (the usage), the
        provider."""
        self._status = status
        self._header = header
        self._bar = bar
        self._note: str | None = None  # the status-bar note of the current provider
        self.offline_label = QLabel(tr("MainWindow", "<b>● Offline</b> — demo model, no network"))
        self.offline_label.setParent(parent)
        self.offline_label.setToolTip(offline_note())
        self.offline_label.setVisible(False)
        self.offline_label.setContentsMargins(0, 0, 12, 0)
        self.provider_label = QLabel(parent)
        self.provider_label.setTextFormat(Qt.TextFormat.PlainText)  # names come from files
        for label in (self.offline_label, beside, self.provider_label):
            if label is not None:
                status.addPermanentWidget(label)

    def show(self, setup: ProviderSetup, workspace: Path) -> None:
        """Say ``setup`` is the provider now, working in ``workspace``."""
        # the folder's name only: a deep path would push the offline badge out of sight
        self.provider_label.setText(
            trf("MainWindow", "%1 · workspace %2", setup.description, workspace.name)
        )
        self._header.set_model(setup.description)
        # escaped: a folder named "<img src=…>" would otherwise be read as markup
        self.provider_label.setToolTip(
            "<qt>" + trf("MainWindow", "Workspace: %1", html.escape(str(workspace))) + "</qt>"
        )
        self._bar.set_offline(setup.offline)
        self.offline_label.setVisible(setup.offline)  # stays after the note is cleared
        self.offline_label.setToolTip(setup.note or offline_note())
        # the previous provider's note ("Offline provider: …") must not outlive it
        if self._note and self._status.currentMessage() == self._note:
            self._status.clearMessage()
        self._note = setup.note
        if setup.note:
            self._status.showMessage(setup.note)
