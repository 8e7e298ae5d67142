"""MCP (Model Context Protocol) servers as tools: Claude Desktop's config, the official SDK.

``load_config(path_or_dict)`` reads ``{"mcpServers": …}``; ``async with connect(config) as hub``
gives ``hub.tools``, the ``Tool`` list the ``Agent`` takes. The SDK is imported only when a
server starts, so the app runs (and says what is missing) without it.
"""

from pi_desktop.agent.mcp.approval import McpApprovalRequest, ToolHints
from pi_desktop.agent.mcp.config import (
    HttpServer,
    McpConfig,
    McpConfigError,
    StdioServer,
    config_to_dict,
    default_config_path,
    load_config,
    load_config_file,
    parse_config_text,
    save_config,
)
from pi_desktop.agent.mcp.hub import McpHub, ServerConnection, ServerState, connect, sdk_available

__all__ = [
    "HttpServer",
    "McpApprovalRequest",
    "McpConfig",
    "McpConfigError",
    "McpHub",
    "ServerConnection",
    "ServerState",
    "StdioServer",
    "ToolHints",
    "config_to_dict",
    "connect",
    "default_config_path",
    "load_config",
    "load_config_file",
    "parse_config_text",
    "save_config",
    "sdk_available",
]
