"""The MCP servers of one app: started, listed, called and stopped without hurting the app.

``async with connect(config) as hub:`` starts the enabled servers (each within a deadline, all
at once) and ``hub.tools`` is the list of ``Tool`` the ``Agent`` takes, named ``server__tool``,
each asking the approval callback before it runs. What one server does wrong stays with that
server (see ``connection.py``); nothing raises into the app.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from typing import Any

from pi_desktop.agent.mcp.approval import McpApprovalRequest
from pi_desktop.agent.mcp.config import McpConfig, ServerConfig, load_config
from pi_desktop.agent.mcp.connection import (
    INIT_TIMEOUT,
    MAX_TOOLS_PER_SERVER,
    SDK_MISSING,
    ServerConnection,
    ServerState,
    ToolSpec,
    fingerprint,
    load_sdk,
    sdk_available,
)
from pi_desktop.agent.mcp.names import assign_names
from pi_desktop.agent.tool import Tool, ToolError

__all__ = [
    "INIT_TIMEOUT",
    "MAX_TOOLS_PER_SERVER",
    "MAX_TOOLS_TOTAL",
    "SDK_MISSING",
    "McpHub",
    "ServerConnection",
    "ServerState",
    "ToolSpec",
    "connect",
    "fingerprint",
    "load_sdk",
    "sdk_available",
]

log = logging.getLogger(__name__)

MAX_TOOLS_TOTAL = 120  # all servers together: OpenAI refuses more than 128 tools per request
ApproveFn = Callable[[Any], Awaitable[bool]]


class McpHub:
    """All configured servers; ``tools`` are the enabled servers' tools as ``Tool`` objects."""

    def __init__(
        self,
        config: McpConfig,
        *,
        approve: ApproveFn | None = None,
        init_timeout: float = INIT_TIMEOUT,
        reserved_names: tuple[str, ...] = (),
        known_tools: Mapping[str, tuple[str, list[ToolSpec]]] | None = None,
        on_listed: Callable[[ServerConnection], None] | None = None,
    ) -> None:
        """``known_tools``: server name → (fingerprint, tools) remembered from an earlier run;
        used only while the server's program or URL is the same."""
        self.config = config
        self.approve = approve
        self.reserved_names = reserved_names
        self.init_timeout = init_timeout
        self.known_tools = dict(known_tools or {})
        self.on_listed = on_listed
        self._listeners: list[Callable[[], None]] = []
        self.servers: dict[str, ServerConnection] = {
            s.name: self._connection(s) for s in config.servers
        }
        self._closed = False
        self.left_out: dict[str, int] = {}  # server → tools past MAX_TOOLS_TOTAL (last listing)

    def _connection(self, config: ServerConfig) -> ServerConnection:
        known = self.known_tools.get(config.name)
        tools = known[1] if known and known[0] == fingerprint(config) else None
        return ServerConnection(
            config,
            init_timeout=self.init_timeout,
            on_change=self._changed,
            known_tools=tools,
            on_listed=self.on_listed,
        )

    async def reconfigure(self, config: McpConfig, *, start: bool = True) -> None:
        """Take a new config: unchanged servers keep running, changed ones are replaced,
        removed ones stopped; with ``start``, enabled servers that are not running start."""
        old, new = self.servers, {}
        stopping = []
        for server in config.servers:
            current = old.get(server.name)
            if current is not None and current.config == server:
                new[server.name] = current
            else:
                if current is not None:
                    stopping.append(current.stop())
                new[server.name] = self._connection(server)
        stopping += [c.stop() for name, c in old.items() if name not in new]
        self.config, self.servers = config, new
        self._changed()
        await asyncio.gather(*stopping, return_exceptions=True)
        if start:
            await self.start_all()

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        """``listener()`` runs on every status change; returns the unsubscribe function."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _changed(self) -> None:
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:
                log.exception("MCP hub listener failed")

    async def start_all(self) -> None:
        """Start every enabled server at once; each ends connected or failed (never raises)."""
        await asyncio.gather(
            *(s.start() for s in self.servers.values() if s.config.enabled and not s.running),
            return_exceptions=True,
        )

    async def start_unknown(self) -> None:
        """On-demand mode: start only the servers whose tools are not known yet (to list them);
        the others start at their first call."""
        await asyncio.gather(
            *(s.start() for s in self.servers.values() if s.config.enabled and not s.tools),
            return_exceptions=True,
        )

    async def restart(self, name: str) -> bool:
        return await self.servers[name].restart()

    async def aclose(self) -> None:
        """Stop every server (and its process group); safe to call twice."""
        self._closed = True
        for server in self.servers.values():
            server.closed = True
        await asyncio.gather(*(s.stop() for s in self.servers.values()), return_exceptions=True)

    @property
    def tools(self) -> list[Tool]:
        """The enabled servers' tools named ``server__tool``, in config order."""
        entries = [
            (server, spec)
            for server in self.servers.values()
            if server.config.enabled
            for spec in server.tools
        ]
        room = max(0, MAX_TOOLS_TOTAL - len(self.reserved_names))
        self.left_out = {}
        for server, _spec in entries[room:]:
            self.left_out[server.name] = self.left_out.get(server.name, 0) + 1
        entries = entries[:room]
        names = assign_names(((s.name, t.name) for s, t in entries), self.reserved_names)
        return [self._tool(exposed, s, t) for exposed, (s, t) in zip(names, entries, strict=True)]

    def _tool(self, exposed: str, server: ServerConnection, spec: ToolSpec) -> Tool:
        description = spec.description or f"The {spec.name} tool of the MCP server {server.name}."

        async def handler(arguments: dict[str, Any]) -> str:
            request = McpApprovalRequest.build(
                exposed,
                server.name,
                spec.name,
                dict(arguments),
                title=spec.title,
                hints=spec.hints,
                description=spec.description,
            )
            if self.approve is None:
                raise ToolError(
                    f"{exposed} was not run: MCP tools need the user's approval and no "
                    "approval handler is configured."
                )
            if not await self.approve(request):
                raise ToolError(f"The user denied this call of {spec.name} on {server.name}.")
            return await server.call(spec.name, dict(arguments))

        return Tool(exposed, f"[MCP {server.name}] {description}", spec.input_schema, handler)

    def status(self) -> list[ServerConnection]:
        return list(self.servers.values())


@asynccontextmanager
async def connect(
    config: McpConfig | Mapping[str, Any] | str | os.PathLike[str],
    *,
    approve: ApproveFn | None = None,
    start: bool = True,
    init_timeout: float = INIT_TIMEOUT,
) -> AsyncIterator[McpHub]:
    """Start the enabled servers (``start=False``: on each one's first call) and stop them all
    on exit. ``approve`` is awaited before every call; without it every call is refused."""
    if not isinstance(config, McpConfig):
        config = load_config(config)
    hub = McpHub(config, approve=approve, init_timeout=init_timeout)
    try:
        if start:
            await hub.start_all()
        yield hub
    finally:
        await asyncio.shield(hub.aclose())
