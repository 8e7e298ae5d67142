"""Asking the user before a tool writes a file or runs a command — without blocking the loop.

The agent awaits ``ApprovalPrompter(request)``. In ask mode a non-modal-to-the-loop dialog is
opened with ``open()`` and its answer resolves a future; ``QDialog.exec()`` would start a
nested Qt loop inside the agent's coroutine, which qasync cannot survive. A run that is
stopped while the dialog is up closes the dialog and counts as "deny".
"""

from __future__ import annotations

import asyncio
import html
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)


class ApprovalDialog(QDialog):
    """Shows what the tool wants to do; Allow / Deny, optionally for the rest of the session."""

    def __init__(self, request: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        name = str(getattr(request, "tool_name", "tool"))
        self.setWindowTitle(f"Allow {name}?")
        self.setWindowModality(Qt.WindowModality.WindowModal)
        layout = QVBoxLayout(self)
        summary = str(getattr(request, "summary", ""))
        # escaped: the model writes the command and paths, and Qt would read "<…>" in them
        # as markup (hiding what the user is asked to allow)
        self.summary_label = QLabel(
            f"<b>{html.escape(name)}</b> wants to: {html.escape(summary)}", self
        )
        self.summary_label.setTextFormat(Qt.TextFormat.RichText)
        self.summary_label.setWordWrap(True)
        layout.addWidget(self.summary_label)
        details = str(getattr(request, "details", "") or "")
        self.details_view = QPlainTextEdit(details, self)
        self.details_view.setReadOnly(True)
        self.details_view.setVisible(bool(details))
        layout.addWidget(self.details_view)
        self.remember = QCheckBox(f"Allow {name} for the rest of this session", self)
        layout.addWidget(self.remember)
        buttons = QDialogButtonBox(self)
        self.allow_button = buttons.addButton("Allow", QDialogButtonBox.ButtonRole.AcceptRole)
        self.deny_button = buttons.addButton("Deny", QDialogButtonBox.ButtonRole.RejectRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.deny_button.setDefault(True)  # Enter must not approve by accident
        self.resize(560, 360 if details else 160)


class ApprovalPrompter:
    """The ``approve`` callback handed to the workspace tools.

    ``policy``: "ask" (a dialog per request), "auto" (approve everything), "deny" (refuse
    every write and command). Tools remembered with the checkbox are approved silently.
    """

    def __init__(self, parent: QWidget | None = None, policy: str = "ask") -> None:
        self.parent = parent
        self.policy = policy
        self.remembered: set[str] = set()
        self.dialog: ApprovalDialog | None = None  # the one on screen (tests click it)
        self.asked = 0

    async def __call__(self, request: Any) -> bool:
        name = str(getattr(request, "tool_name", ""))
        if self.policy == "auto" or name in self.remembered:
            return True
        if self.policy == "deny":
            return False
        self.asked += 1
        dialog = ApprovalDialog(request, self.parent)
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

        def finished(result: int) -> None:
            if not future.done():
                future.set_result(result == QDialog.DialogCode.Accepted)

        dialog.finished.connect(finished)
        self.dialog = dialog
        dialog.open()
        try:
            approved = await future
            if approved and dialog.remember.isChecked():
                self.remembered.add(name)
            return approved
        finally:
            self.dialog = None
            if dialog.isVisible():
                dialog.reject()
            dialog.deleteLater()
