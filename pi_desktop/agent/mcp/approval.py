"""What an MCP tool call asks the user: server, tool, arguments and the server's own hints.

It has the fields of the workspace tools' ``ApprovalRequest`` (``tool_name``, ``summary``,
``details``), so any approval callback can show it; the window's MCP prompter shows more. The
hints come from the server and are shown, never trusted: skipping the question for a tool
marked read-only is the user's choice, made in the prompter, not here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

DETAILS_CHARS = 20_000  # the arguments as shown; the call itself gets them whole


@dataclass(frozen=True)
class ToolHints:
    """The server's annotations (``None``: the server said nothing)."""

    read_only: bool | None = None
    destructive: bool | None = None
    idempotent: bool | None = None
    open_world: bool | None = None

    def words(self) -> list[str]:
        """Plain words for the dialog, as the server claims them."""
        out = []
        if self.read_only:
            out.append("read-only")
        elif self.destructive is not False:
            # the spec's default for a tool that is not read-only is "may destroy"
            out.append("may change or delete data" if self.destructive else "may change data")
        if self.open_world:
            out.append("reaches outside services")
        return out


@dataclass(frozen=True)
class McpApprovalRequest:
    tool_name: str  # the name the model called: server__tool
    summary: str
    details: str
    server: str
    tool: str
    arguments: dict[str, Any] = field(default_factory=dict)
    title: str | None = None
    hints: ToolHints = field(default_factory=ToolHints)
    description: str = ""

    @classmethod
    def build(
        cls,
        exposed: str,
        server: str,
        tool: str,
        arguments: dict[str, Any],
        *,
        title: str | None = None,
        hints: ToolHints | None = None,
        description: str = "",
    ) -> McpApprovalRequest:
        details = json.dumps(arguments, indent=2, ensure_ascii=False, default=str)
        if len(details) > DETAILS_CHARS:
            details = details[:DETAILS_CHARS] + f"\n… ({len(details) - DETAILS_CHARS:,} more chars)"
        return cls(
            tool_name=exposed,
            summary=f"call {tool} on the MCP server {server}",
            details=details,
            server=server,
            tool=tool,
            arguments=arguments,
            title=title,
            hints=hints or ToolHints(),
            description=description,
        )
