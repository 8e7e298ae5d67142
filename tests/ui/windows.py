"""Every window of the app opened on one real session (messages, tool results, two
compactions): the main window, its dialogs and viewers. The translation and accessibility
tests walk the same set."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QWidget

from pi_desktop.agent import OfflineLLM
from pi_desktop.agent.mcp import McpApprovalRequest
from pi_desktop.agent.tools.approval import ApprovalRequest
from pi_desktop.ui.dialogs.approval import ApprovalDialog
from pi_desktop.ui.dialogs.file_viewer import ToolResultViewer
from pi_desktop.ui.dialogs.mcp_page import McpPage
from pi_desktop.ui.mcp_approval import McpApprovalDialog
from pi_desktop.ui.mcp_runtime import McpRuntime
from tests.ui.dialogs.test_context_inspect import build_session

# parts of the window another test walks (the conversation's cards and rich text)
CHAT_MODULES: tuple[str, ...] = ()  # every part of the window is walked


def open_window(kit: Any, name: str = "walk") -> Any:
    path = kit.tmp / f"{name}.jsonl"
    build_session(path).close()
    kit.save_settings(context_budget=16_000)
    return kit.window(OfflineLLM(), session_path=path)


MCP_SERVER = {"time": {"command": "uvx", "args": ["mcp-server-time"]}}
MCP_DETAIL = "time · stdio: uvx mcp-server-time"  # the server's own name and command: data


def open_dialogs(window: Any, qtbot: Any, tmp: Path) -> dict[str, QWidget]:
    """Each dialog and viewer the window opens, shown (closed by the caller)."""
    shown: dict[str, QWidget] = {}
    config = tmp / "mcp.json"
    config.write_text(json.dumps({"mcpServers": MCP_SERVER}))
    runtime = McpRuntime(
        QSettings(str(tmp / "mcp.ini"), QSettings.Format.IniFormat), config_path=config
    )
    tools = McpPage(runtime)  # the Settings → Tools page (servers listed, none started)
    qtbot.addWidget(tools)
    tools.show()
    shown["mcp tools page"] = tools
    settings = window.show_settings()
    qtbot.waitExposed(settings)
    shown["settings"] = settings
    settings.close()
    breakdown = window.show_breakdown()
    qtbot.waitExposed(breakdown)
    shown["breakdown"] = breakdown
    breakdown.close()
    latest = window.session.latest_compaction()
    viewer = window.open_summary(latest.id)
    qtbot.waitExposed(viewer)
    shown["summary"] = viewer
    sessions = window.show_sessions()
    qtbot.waitExposed(sessions)
    shown["sessions"] = sessions
    sessions.close()
    prompt = window.show_system_prompt()
    qtbot.waitExposed(prompt)
    shown["system prompt"] = prompt
    prompt.close()
    result = tmp / "result.txt"
    result.write_text("alpha\nbeta\n" * 50)
    files = window.dialogs.show_viewer(ToolResultViewer(result, window))
    qtbot.waitUntil(lambda: files.size_label.text() != "")
    shown["file viewer"] = files

    approval = ApprovalDialog(
        ApprovalRequest("write_file", "write notes.txt (12 bytes)", "hello world\n"), window
    )
    qtbot.addWidget(approval)
    approval.show()
    shown["approval"] = approval
    mcp = McpApprovalDialog(
        McpApprovalRequest.build("time__now", "time", "now", {"zone": "UTC"}), window
    )
    qtbot.addWidget(mcp)
    mcp.show()
    shown["mcp approval"] = mcp
    return shown
