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
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from pi_desktop.agent.tools.approval import hidden_characters, reveal, reveal_parts
from pi_desktop.ui import theme
from pi_desktop.ui.i18n import tr, trf


def _marks() -> tuple[QColor, QColor]:
    """(background, text) of a written-out hidden character: the theme's warning colour,
    light enough behind the text of either scheme."""
    return theme.blend(theme.color("warn"), theme.color("base"), 0.5), theme.color("text")


def _revealed_html(text: str) -> str:
    """``text`` escaped for a rich-text label, every hidden character written out and marked."""
    back, fore = _marks()
    style = f"background:{back.name()};color:{fore.name()};font-weight:bold"
    return "".join(
        f'<span style="{style}">{html.escape(piece)}</span>' if hidden else html.escape(piece)
        for piece, hidden in reveal_parts(text)
    )


class ApprovalDialog(QDialog):
    """Shows what the tool wants to do; Allow / Deny, optionally for the rest of the session.

    Everything the model wrote is shown as it will run: escaped (Qt would read "<…>" as
    markup) and with bidi controls and invisible characters written out as ``⟦U+202E⟧`` and
    highlighted — ``ls \u202e…`` would otherwise display in an order the shell does not run.
    A request holding such characters is flagged above the buttons.
    """

    def __init__(self, request: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        name = str(getattr(request, "tool_name", "tool"))
        self.setWindowTitle(trf("Approval", "Allow %1?", reveal(name)))
        self.setWindowModality(Qt.WindowModality.WindowModal)
        layout = QVBoxLayout(self)
        summary = str(getattr(request, "summary", ""))
        details = str(getattr(request, "details", "") or "")
        self.hidden = hidden_characters(name + summary + details)
        self.summary_label = QLabel(
            trf(
                "Approval",
                "<b>%1</b> wants to: %2",
                _revealed_html(name),
                _revealed_html(summary),
            ),
            self,
        )
        self.summary_label.setTextFormat(Qt.TextFormat.RichText)
        self.summary_label.setWordWrap(True)
        layout.addWidget(self.summary_label)
        self.details_view = QPlainTextEdit(reveal(details), self)
        self.details_view.setReadOnly(True)
        self.details_view.setAccessibleName(tr("Approval", "Details of the request"))
        self.details_view.setAccessibleDescription(
            tr("Approval", "What the tool would do, exactly as it would run, read-only.")
        )
        self.details_view.setVisible(bool(details))
        self._mark_hidden(details)
        layout.addWidget(self.details_view)
        self.warning_label = QLabel(self._warning(), self)
        self.warning_label.setTextFormat(Qt.TextFormat.PlainText)
        self.warning_label.setWordWrap(True)
        self.warning_label.setStyleSheet(f"color:{theme.color('refusal').name()};font-weight:bold")
        self.warning_label.setVisible(bool(self.hidden))
        layout.addWidget(self.warning_label)
        self.remember = QCheckBox(
            trf("Approval", "Allow %1 for the rest of this session", reveal(name)), self
        )
        self.remember.setToolTip(
            tr("Approval", "Later requests of this tool in this session run without asking")
        )
        layout.addWidget(self.remember)
        buttons = QDialogButtonBox(self)
        self.allow_button = buttons.addButton(
            tr("Approval", "Allow"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.deny_button = buttons.addButton(
            tr("Approval", "Deny"), QDialogButtonBox.ButtonRole.RejectRole
        )
        # a model asking for change after change (a flood of calls): one click ends the asking
        self.deny_all_button = buttons.addButton(
            tr("Approval", "Deny all until the answer ends"),
            QDialogButtonBox.ButtonRole.DestructiveRole,
        )
        self.deny_all_button.setToolTip(
            tr(
                "Approval",
                "Deny this and every other change the model asks for until the current answer "
                "is finished; the model is told each one was denied.",
            )
        )
        self.deny_all = False
        self.deny_all_button.clicked.connect(self._deny_all)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.deny_button.setDefault(True)  # Enter must not approve by accident
        self.allow_button.setToolTip(tr("Approval", "Run this request now"))
        self.deny_button.setToolTip(tr("Approval", "Refuse it; the model is told it was denied"))
        self.resize(560, 360 if details else 160)

    def _deny_all(self) -> None:
        self.deny_all = True
        self.reject()

    @property
    def flagged(self) -> bool:
        """Whether the request holds invisible or text-reordering characters."""
        return bool(self.hidden)

    def _warning(self) -> str:
        if not self.hidden:
            return ""
        names = ", ".join(self.hidden[:6]) + (" …" if len(self.hidden) > 6 else "")
        return trf(
            "Approval",
            "⚠ This request contains characters that are invisible or reorder the text around "
            "them (%1). They are shown as ⟦U+…⟧ and marked; what runs is exactly what "
            "is shown. Commands rarely need them: deny unless you expected this.",
            names,
        )

    def _mark_hidden(self, details: str) -> None:
        """Highlight each written-out hidden character in the details view."""
        if not self.hidden:
            return
        selections = []
        fmt = QTextCharFormat()
        back, fore = _marks()
        fmt.setBackground(back)
        fmt.setForeground(fore)
        position = 0
        document = self.details_view.document()
        for piece, hidden in reveal_parts(details):
            if hidden and len(selections) < _MAX_MARKS:
                cursor = QTextCursor(document)
                cursor.setPosition(position)
                cursor.setPosition(position + len(piece), QTextCursor.MoveMode.KeepAnchor)
                selection = QTextEdit.ExtraSelection()
                selection.cursor = cursor
                selection.format = fmt
                selections.append(selection)
            position += _utf16_len(piece)
        self.details_view.setExtraSelections(selections)


_MAX_MARKS = 2_000  # a diff full of them is flagged anyway; marking stays cheap


def _utf16_len(text: str) -> int:
    """Qt positions count UTF-16 units: a character above U+FFFF takes two."""
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF)


class ApprovalPrompter:
    """The ``approve`` callback handed to the workspace tools.

    ``policy``: "ask" (a dialog per request), "auto" (approve everything), "deny" (refuse
    every write and command). Tools remembered with the checkbox are approved silently.
    Requests wait their turn: however many arrive at once (parallel tools, a flood of calls
    in one answer), at most one dialog is on screen, and a request whose tool the user
    allowed for the session while it waited is then approved without a dialog. "Deny all
    until the answer ends" refuses every request until the window calls ``end_run()``.
    """

    def __init__(self, parent: QWidget | None = None, policy: str = "ask") -> None:
        self.parent = parent
        self.policy = policy
        self.remembered: set[str] = set()
        self.dialog: ApprovalDialog | None = None  # the one on screen (tests click it)
        self.asked = 0
        self.most_open = 0  # the most dialogs ever on screen at once (always 0 or 1)
        self._open = 0
        self._turn: asyncio.Lock | None = None
        self.denying = False  # "Deny all until the answer ends" was clicked

    def end_run(self) -> None:
        """The answer is over: the next request is asked again."""
        self.denying = False

    async def __call__(self, request: Any) -> bool:
        name = str(getattr(request, "tool_name", ""))
        if self.policy == "auto" or name in self.remembered:
            return True
        if self.policy == "deny":
            return False
        if self._turn is None:
            self._turn = asyncio.Lock()
        if self.denying:
            return False
        async with self._turn:
            if self.policy == "auto" or name in self.remembered:
                return True
            if self.policy == "deny" or self.denying:
                return False
            return await self._ask(request, name)

    async def _ask(self, request: Any, name: str) -> bool:
        self.asked += 1
        dialog = ApprovalDialog(request, self.parent)
        self.dialog = dialog
        self._open += 1
        self.most_open = max(self.most_open, self._open)
        try:
            approved = await accepted(dialog)
            if approved and dialog.remember.isChecked():
                self.remembered.add(name)
            if dialog.deny_all:
                self.denying = True
            return approved
        finally:
            self._open -= 1
            self.dialog = None
            dismiss(dialog)


async def accepted(dialog: QDialog) -> bool:
    """Open ``dialog`` window-modal and wait for its answer without a nested event loop.

    ``exec()`` inside a coroutine would hang qasync (see the Qt testing notes); the dialog's
    ``finished`` signal resolves a future instead. True when it was accepted.
    """
    future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

    def finished(result: int) -> None:
        if not future.done():
            future.set_result(result == QDialog.DialogCode.Accepted)

    dialog.finished.connect(finished)
    dialog.open()
    return await future


def dismiss(dialog: QDialog) -> None:
    """Close ``dialog`` if a cancelled wait left it on screen, and let Qt delete it."""
    if dialog.isVisible():
        dialog.reject()
    dialog.deleteLater()
