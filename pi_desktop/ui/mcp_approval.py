"""Asking before an MCP tool runs: server, tool, arguments and the server's (unverified) hints.

Every MCP tool asks by default — it is someone else's program acting with the user's rights.
The user may allow one tool for this session or always; the read-only hint skips the question
only when the user opted in on the Tools page. Like the workspace tools' prompter, the dialog
opens with ``open()`` and its answer resolves a future (``exec()`` would nest Qt's loop inside
the agent's coroutine); a run stopped while it is up closes it, which counts as "deny".
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pi_desktop.agent.mcp.approval import McpApprovalRequest, reveal_invisible
from pi_desktop.textsafe import hidden_characters
from pi_desktop.ui import theme
from pi_desktop.ui.dialogs.approval import accepted, dismiss
from pi_desktop.ui.i18n import tr, trf

DESCRIPTION_CHARS = 400
ONCE, SESSION, ALWAYS, DENY, DENY_RUN = "once", "session", "always", "deny", "deny-run"


class McpApprovalDialog(QDialog):
    """Allow once / for this session / always, or Deny (the default button)."""

    def __init__(self, request: McpApprovalRequest, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.choice = DENY
        self.setWindowTitle(tr("McpApproval", "Allow an MCP tool?"))
        self.setWindowModality(Qt.WindowModality.WindowModal)
        layout = QVBoxLayout(self)
        server = html.escape(reveal_invisible(request.server))
        tool = html.escape(reveal_invisible(request.tool))
        title = f" ({html.escape(reveal_invisible(request.title))})" if request.title else ""
        self.header = QLabel(
            trf(
                "McpApproval",
                "The MCP server <b>%1</b> wants to run its tool <b>%2</b>%3.",
                server,
                tool,
                title,
            ),
            self,
        )
        self.header.setTextFormat(Qt.TextFormat.RichText)
        self.header.setWordWrap(True)
        layout.addWidget(self.header)
        description = reveal_invisible(request.description.strip())
        if len(description) > DESCRIPTION_CHARS:
            description = description[:DESCRIPTION_CHARS] + " …"
        self.description = QLabel(description, self)
        self.description.setTextFormat(Qt.TextFormat.PlainText)
        self.description.setWordWrap(True)
        self.description.setVisible(bool(description))
        layout.addWidget(self.description)
        words = request.hints.words()
        said = (
            trf("McpApproval", "The server says this tool is: %1.", ", ".join(words))
            if words
            else tr("McpApproval", "The server says nothing about what this tool changes.")
        )
        unverified = tr("McpApproval", "Servers describe their own tools; this is not verified.")
        self.hints = QLabel(said + " " + unverified, self)
        self.hints.setWordWrap(True)
        layout.addWidget(self.hints)
        label = QLabel(tr("McpApproval", "&Arguments:"), self)
        layout.addWidget(label)
        self.arguments = QPlainTextEdit(request.details, self)
        label.setBuddy(self.arguments)
        self.arguments.setAccessibleName(tr("McpApproval", "Arguments"))
        self.arguments.setAccessibleDescription(
            tr("McpApproval", "The arguments the model gave the tool, read-only.")
        )
        self.arguments.setReadOnly(True)
        self.arguments.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        layout.addWidget(self.arguments, 1)
        hidden = request.hidden() + hidden_characters(request.title or "")
        self.hidden_warning = QLabel(
            trf(
                "McpApproval",
                "⚠ The call contains characters that show as nothing or reorder the text around "
                "them, written out as ⟦U+…⟧: %1.",
                ", ".join(dict.fromkeys(hidden)),
            ),
            self,
        )
        self.hidden_warning.setTextFormat(Qt.TextFormat.PlainText)
        self.hidden_warning.setWordWrap(True)
        self.hidden_warning.setObjectName("warning")
        self.hidden_warning.setStyleSheet(
            f"color: {theme.color('error').name()}; font-weight: 600;"
        )
        self.hidden_warning.setVisible(bool(hidden))
        layout.addWidget(self.hidden_warning)
        buttons = QDialogButtonBox(self)
        self.allow_once = buttons.addButton(
            tr("McpApproval", "Allow &once"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.allow_session = QPushButton(tr("McpApproval", "Allow this tool for this &session"))
        self.allow_session.setParent(self)
        self.allow_always = QPushButton(tr("McpApproval", "&Always allow this tool"), self)
        buttons.addButton(self.allow_session, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.allow_always, QDialogButtonBox.ButtonRole.AcceptRole)
        self.deny_button = buttons.addButton(
            tr("McpApproval", "&Deny"), QDialogButtonBox.ButtonRole.RejectRole
        )
        # a model calling tools in a loop must not mean a dialog per call
        self.deny_run = QPushButton(tr("McpApproval", "Deny a&ll until this answer ends"), self)
        self.deny_run.setAutoDefault(False)
        self.deny_run.clicked.connect(self._deny_run)
        for button, choice in (
            (self.allow_once, ONCE),
            (self.allow_session, SESSION),
            (self.allow_always, ALWAYS),
        ):
            button.clicked.connect(lambda _checked=False, c=choice: self._choose(c))
        self.deny_button.clicked.connect(self.reject)
        for button in (self.allow_once, self.allow_session, self.allow_always):
            button.setAutoDefault(False)
        self.deny_button.setDefault(True)  # Enter must not approve by accident
        tips = (
            (self.allow_once, tr("McpApproval", "Run this call now; the next one asks again")),
            (
                self.allow_session,
                tr("McpApproval", "Calls of this tool run without asking until the session ends"),
            ),
            (self.allow_always, tr("McpApproval", "Calls of this tool never ask again")),
            (self.deny_button, tr("McpApproval", "Refuse this call; the model is told")),
            (
                self.deny_run,
                tr("McpApproval", "Refuse this and every call until the current answer ends"),
            ),
        )
        for button, tip in tips:
            button.setToolTip(tip)
        row = QHBoxLayout()
        row.addWidget(self.deny_run)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addWidget(buttons)
        self.resize(640, 440)

    def _deny_run(self) -> None:
        self.choice = DENY_RUN
        self.reject()

    def _choose(self, choice: str) -> None:
        self.choice = choice
        self.accept()


class McpPrompter:
    """The ``approve`` callback the MCP hub awaits before every call.

    ``prefs`` holds what outlives the session (always-allowed tools, trusting read-only
    hints); ``policy`` returns the workspace approval policy: "deny" (read-only mode) refuses
    MCP calls too, while "auto" does not apply to them (it was chosen for the workspace tools).
    """

    def __init__(
        self,
        prefs: Any,
        parent: QWidget | None = None,
        policy: Callable[[], str] = lambda: "ask",
    ) -> None:
        self.prefs = prefs
        self.parent = parent
        self.policy = policy
        # "for this session" means the chat session: the window says which one is open
        self.session_key: Callable[[], str] = lambda: ""
        self._allowed: dict[str, set[tuple[str, str]]] = {}
        self.dialog: McpApprovalDialog | None = None  # the one on screen (tests click it)
        self.asked = 0
        self.denying_run = False  # "Deny all until this answer ends" (the window resets it)

    def run_ended(self) -> None:
        self.denying_run = False

    @property
    def session_allowed(self) -> set[tuple[str, str]]:
        """The (server, tool) pairs allowed for the chat session that is open."""
        return self._allowed.setdefault(self.session_key(), set())

    def allowed_without_asking(self, request: McpApprovalRequest) -> bool:
        key = (request.server, request.tool)
        if key in self.session_allowed or self.prefs.is_always_allowed(*key):
            return True
        return bool(self.prefs.trust_read_only and request.hints.read_only is True)

    async def __call__(self, request: Any) -> bool:
        if self.policy() == "deny":
            return False
        if not isinstance(request, McpApprovalRequest):
            return False  # only MCP calls come here
        if self.allowed_without_asking(request):
            return True
        if self.denying_run:
            return False
        self.asked += 1
        dialog = McpApprovalDialog(request, self.parent)
        self.dialog = dialog
        try:
            approved = await accepted(dialog)
            if dialog.choice == DENY_RUN:
                self.denying_run = True
            if approved and dialog.choice == SESSION:
                self.session_allowed.add((request.server, request.tool))
            elif approved and dialog.choice == ALWAYS:
                self.prefs.set_always_allowed(request.server, request.tool, True)
            return approved
        finally:
            self.dialog = None
            dismiss(dialog)
