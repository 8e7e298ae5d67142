"""Settings → Tools: the MCP servers, their state, their tools, and how calls are approved.

Changes here apply at once (a server switched on starts, one switched off stops), and are
saved to ``mcp.json`` — not through the dialog's OK button, because a server's state is live.
Import takes a Claude Desktop config file or pasted JSON; a bad one is refused with the place
of the problem and nothing already configured is lost.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QFontDatabase
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pi_desktop.agent.mcp import McpConfigError, ServerState, load_config, parse_config_text
from pi_desktop.agent.mcp.approval import reveal_invisible
from pi_desktop.agent.mcp.hub import MAX_TOOLS_TOTAL
from pi_desktop.ui import theme
from pi_desktop.ui.mcp_runtime import START_MODES, McpRuntime

STATE_WORDS = {
    ServerState.CONNECTED: "● connected",
    ServerState.STARTING: "◌ starting…",
    ServerState.FAILED: "✕ failed",
    ServerState.STOPPED: "○ not started",
    ServerState.DISABLED: "off",
}
STATE_COLOURS = {ServerState.CONNECTED: "ok", ServerState.FAILED: "error"}  # theme names
EXAMPLE = """{
  "mcpServers": {
    "time": {"command": "uvx", "args": ["mcp-server-time"]}
  }
}"""


class PasteDialog(QDialog):
    """Paste a config; OK is refused (with the reason) until it parses."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add MCP servers from JSON")
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel('Paste a {"mcpServers": …} block, as the server\'s README shows it.', self)
        )
        self.text = QPlainTextEdit(self)
        self.text.setPlaceholderText(EXAMPLE)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        layout.addWidget(self.text, 1)
        self.error = QLabel(self)
        self.error.setWordWrap(True)
        self.error.setStyleSheet(_error_style())
        self.error.hide()
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.config = None
        self.resize(560, 360)

    def accept(self) -> None:
        try:
            self.config = parse_config_text(self.text.toPlainText())
        except McpConfigError as exc:
            self.error.setText(f"Not added: {exc}")
            self.error.show()
            return
        if not self.config.servers:
            self.error.setText("Not added: the block lists no servers.")
            self.error.show()
            return
        super().accept()


class LogDialog(QDialog):
    """A server's stderr and the app's notes about it (read-only, monospace)."""

    def __init__(self, name: str, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Output of {name}")
        layout = QVBoxLayout(self)
        self.view = QPlainTextEdit(reveal_invisible(text) or "(nothing yet)", self)
        self.view.setReadOnly(True)
        self.view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        layout.addWidget(self.view)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.reject)
        layout.addWidget(close)
        self.resize(700, 420)
        self.view.moveCursor(self.view.textCursor().MoveOperation.End)


class McpPage(QWidget):
    """The Tools page. ``runtime`` does the work; the page shows it and forwards clicks."""

    def __init__(self, runtime: McpRuntime, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.runtime = runtime
        self.dialog: QDialog | None = None  # a paste or log dialog on screen (tests drive it)
        layout = QVBoxLayout(self)
        intro = QLabel(
            "MCP servers add tools from other programs. Each tool asks before it runs, "
            "whatever the workspace approval setting, until you allow it.",
            self,
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.banner = QLabel(self)
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet(_error_style())
        layout.addWidget(self.banner)

        form = QFormLayout()
        self.start_mode = QComboBox(self)
        for key, label in START_MODES.items():
            self.start_mode.addItem(label, key)
        self.start_mode.setCurrentIndex(max(0, self.start_mode.findData(runtime.prefs.start_mode)))
        self.start_mode.currentIndexChanged.connect(self._start_mode_changed)
        form.addRow("Start servers", self.start_mode)
        self.trust_read_only = QCheckBox("Don't ask for tools the server marks read-only", self)
        self.trust_read_only.setToolTip(
            "The server declares this itself; pi-desktop cannot check it."
        )
        self.trust_read_only.setChecked(runtime.prefs.trust_read_only)
        self.trust_read_only.toggled.connect(self._trust_changed)
        form.addRow("", self.trust_read_only)
        layout.addLayout(form)

        self.tree = QTreeWidget(self)
        self.tree.setColumnCount(3)
        self.tree.setHeaderLabels(["Server / tool", "State", "Always allow"])
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.header().setStretchLastSection(False)
        self.tree.setUniformRowHeights(True)
        self.tree.itemChanged.connect(self._item_changed)
        self.tree.currentItemChanged.connect(lambda *_: self._show_selected())
        layout.addWidget(self.tree, 1)

        self.detail = QLabel(self)
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.detail)

        row = QHBoxLayout()
        self.import_button = QPushButton("Import file…", self)
        self.paste_button = QPushButton("Paste JSON…", self)
        self.restart_button = QPushButton("Restart", self)
        self.log_button = QPushButton("Show output", self)
        self.remove_button = QPushButton("Remove", self)
        for button in (
            self.import_button,
            self.paste_button,
            self.restart_button,
            self.log_button,
            self.remove_button,
        ):
            row.addWidget(button)
        row.addStretch(1)
        layout.addLayout(row)
        self.import_button.clicked.connect(self._browse)
        self.paste_button.clicked.connect(self.open_paste)
        self.restart_button.clicked.connect(self._restart)
        self.log_button.clicked.connect(self.show_log)
        self.remove_button.clicked.connect(self._remove)
        runtime.changed.connect(self.refresh)
        self._filling = False
        self.refresh()

    # ---------------------------------------------------------------- showing

    def refresh(self) -> None:
        selected = self.selected_server()
        self._filling = True
        try:
            self.tree.clear()
            for server in self.runtime.hub.servers.values():
                item = QTreeWidgetItem([server.name, STATE_WORDS[server.state], ""])
                item.setData(0, Qt.ItemDataRole.UserRole, server.name)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(
                    0, Qt.CheckState.Checked if server.config.enabled else Qt.CheckState.Unchecked
                )
                item.setToolTip(0, "Switch the server on or off")
                colour = STATE_COLOURS.get(server.state)
                if colour:
                    item.setForeground(1, QBrush(theme.color(colour)))
                if server.state is ServerState.FAILED and server.error:
                    item.setToolTip(1, server.error)
                for spec in server.tools:
                    words = spec.hints.words()
                    label = spec.name + (f"  — {', '.join(words)}" if words else "")
                    child = QTreeWidgetItem([label, "", ""])
                    child.setData(0, Qt.ItemDataRole.UserRole, server.name)
                    child.setData(2, Qt.ItemDataRole.UserRole, spec.name)
                    child.setToolTip(0, spec.description[:500])
                    child.setFlags(child.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                    allowed = self.runtime.prefs.is_always_allowed(server.name, spec.name)
                    child.setCheckState(
                        2, Qt.CheckState.Checked if allowed else Qt.CheckState.Unchecked
                    )
                    item.addChild(child)
                self.tree.addTopLevelItem(item)
                if server.name == selected:
                    self.tree.setCurrentItem(item)
            if self.tree.currentItem() is None and self.tree.topLevelItemCount():
                self.tree.setCurrentItem(self.tree.topLevelItem(0))
        finally:
            self._filling = False
        self._show_banner()
        self._show_selected()

    def _show_banner(self) -> None:
        problems = [p for p in (self.runtime.sdk_problem, self.runtime.problem) if p]
        if not self.runtime.editable:
            problems.append(
                f"This run uses {self.runtime.path} (--mcp-config): changes here last until "
                "the app closes and are not saved."
            )
        if not self.runtime.hub.servers and not problems:
            problems.append("No MCP servers yet: import a config file or paste JSON.")
        self.banner.setText("\n".join(problems))
        self.banner.setVisible(bool(problems))
        self.banner.setStyleSheet("" if not self.runtime.hub.servers else _error_style())

    def selected_server(self) -> str | None:
        item = self.tree.currentItem()
        return None if item is None else item.data(0, Qt.ItemDataRole.UserRole)

    def _show_selected(self) -> None:
        name = self.selected_server()
        server = self.runtime.hub.servers.get(name) if name else None
        for button in (self.restart_button, self.log_button, self.remove_button):
            button.setEnabled(server is not None)
        if server is None:
            self.detail.clear()
            return
        lines = [
            f"<b>{_esc(server.name)}</b> · {server.config.kind}: "
            f"<code>{_esc(server.config.describe())}</code>"
        ]
        if server.state is ServerState.FAILED and server.error:
            red = theme.color("error").name()
            lines.append(f"<span style='color:{red}'>Failed: {_esc(server.error)}</span>")
        elif server.state is ServerState.CONNECTED:
            lines.append(f"{len(server.tools)} tool(s) offered to the model.")
        elif server.remembered:
            lines.append(
                f"{len(server.tools)} tool(s) known from its last run; it starts at the first call."
            )
        for note in server.notes:
            lines.append(_esc(note))
        left_out = self.runtime.hub.left_out.get(server.name)
        if left_out:
            lines.append(
                f"{left_out} of its tools are not offered: the model takes at most "
                f"{MAX_TOOLS_TOTAL} tools in all (switch other servers off to make room)."
            )
        self.detail.setText("<br>".join(lines))

    # ---------------------------------------------------------------- actions

    def _item_changed(self, item: QTreeWidgetItem, column: int) -> None:
        if self._filling:
            return
        server = item.data(0, Qt.ItemDataRole.UserRole)
        if item.parent() is None and column == 0:
            self.runtime.set_enabled(server, item.checkState(0) == Qt.CheckState.Checked)
        elif item.parent() is not None and column == 2:
            tool = item.data(2, Qt.ItemDataRole.UserRole)
            checked = item.checkState(2) == Qt.CheckState.Checked
            self.runtime.prefs.set_always_allowed(server, tool, checked)

    def _start_mode_changed(self) -> None:
        mode = str(self.start_mode.currentData())
        self.runtime.prefs.start_mode = mode
        if mode == "launch":
            self.runtime.start()  # "when the app starts" includes now

    def _trust_changed(self, checked: bool) -> None:
        self.runtime.prefs.trust_read_only = checked

    def _restart(self) -> None:
        name = self.selected_server()
        if name:
            self.runtime.restart(name)

    def _remove(self) -> None:
        name = self.selected_server()
        if name:
            self.runtime.remove(name)

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Import MCP servers", str(Path.home()), "JSON (*.json);;All files (*)"
        )
        if path:
            self.import_file(Path(path))

    def import_file(self, path: Path) -> bool:
        """Add (or replace, by name) the servers of a Claude Desktop config file."""
        try:
            config = load_config(path)
        except McpConfigError as exc:
            self.banner.setText(f"Not imported: {exc}")
            self.banner.setStyleSheet(_error_style())
            self.banner.show()
            return False
        self.runtime.apply_config(self.runtime.config.merged(config))
        return True

    def open_paste(self) -> PasteDialog:
        dialog = PasteDialog(self)
        dialog.accepted.connect(
            lambda: (
                dialog.config
                and self.runtime.apply_config(self.runtime.config.merged(dialog.config))
            )
        )
        dialog.finished.connect(lambda _r: setattr(self, "dialog", None))
        self.dialog = dialog
        dialog.open()
        return dialog

    def show_log(self) -> LogDialog | None:
        name = self.selected_server()
        server = self.runtime.hub.servers.get(name) if name else None
        if server is None:
            return None
        dialog = LogDialog(server.name, server.log.text(), self)
        dialog.finished.connect(lambda _r: setattr(self, "dialog", None))
        self.dialog = dialog
        dialog.open()
        return dialog


def _error_style() -> str:
    return f"color: {theme.color('error').name()};"


def _esc(text: str) -> str:
    import html

    return html.escape(reveal_invisible(text))
