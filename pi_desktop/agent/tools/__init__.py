"""Built-in workspace tools: read/write/edit files, list, find, grep, and (opt-in) commands.

Everything is rooted in one workspace folder; changes go through an approval callback.
"""

from pi_desktop.agent.tools.approval import (
    ApprovalRequest,
    ApproveCallback,
    auto_approve,
    deny_all,
)
from pi_desktop.agent.tools.workspace import (
    DEFAULT_MAX_OUTPUT_CHARS,
    READ_ONLY_TOOLS,
    WRITE_TOOLS,
    build_workspace_tools,
)

__all__ = [
    "DEFAULT_MAX_OUTPUT_CHARS",
    "READ_ONLY_TOOLS",
    "WRITE_TOOLS",
    "ApprovalRequest",
    "ApproveCallback",
    "auto_approve",
    "build_workspace_tools",
    "deny_all",
]
