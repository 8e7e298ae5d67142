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

from pi_desktop.textsafe import hidden_characters, reveal, reveal_line

DETAILS_CHARS = 20_000  # the arguments as shown; the call itself gets them whole


def reveal_invisible(text: str) -> str:
    """Bidi controls, zero-width and other invisible characters written out as ``⟦U+202E⟧``
    (the shared rules of ``pi_desktop.textsafe``, as every approval in the app shows them)."""
    return reveal(text)


@dataclass(frozen=True)
class ToolHints:
    """The server's annotations (``None``: the server said nothing)."""

    read_only: bool | None = None
    destructive: bool | None = None
    idempotent: bool | None = None
    open_world: bool | None = None

    def words(self) -> list[str]:
        """Plain words for what the server declared (nothing for what it left unsaid)."""
        out = []
        if self.read_only:
            out.append("read-only")
        elif self.destructive:
            out.append("may change or delete data")
        elif self.destructive is False:
            out.append("only adds data")
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

    def hidden(self) -> list[str]:
        """The distinct hidden characters of the call (``U+202E RIGHT-TO-LEFT OVERRIDE``)."""
        text = self.server + self.tool + json.dumps(self.arguments, ensure_ascii=False, default=str)
        return hidden_characters(text)

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
        details = reveal_invisible(details)
        return cls(
            tool_name=exposed,
            summary=f"call {reveal_line(tool)} on the MCP server {reveal_line(server)}",
            details=details,
            server=server,
            tool=tool,
            arguments=arguments,
            title=title,
            hints=hints or ToolHints(),
            description=description,
        )
