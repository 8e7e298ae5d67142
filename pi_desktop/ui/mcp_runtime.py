"""The window's MCP servers: the config file, the hub's lifetime, and the tools it adds.

The runtime loads ``mcp.json`` (or the ``--mcp-config`` file of this run), owns the hub, tells
the window when the tools the model sees change (a server connected, was switched off), and
stops every server — process groups included — when the app quits. Preferences that outlive a
run (when servers start, trusted hints, always-allowed tools) live in the app's QSettings under
``mcp/``; the server list itself stays in the Claude-Desktop-format file, so it can be shared
with other MCP clients.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QObject, QSettings, Signal

from pi_desktop.agent.mcp import (
    McpConfig,
    McpHub,
    default_config_path,
    load_config_file,
    save_config,
    sdk_available,
)
from pi_desktop.agent.mcp.hub import SDK_MISSING, ServerConnection, ToolSpec, fingerprint
from pi_desktop.ui.i18n import tr, trf
from pi_desktop.ui.mcp_approval import McpPrompter

log = logging.getLogger(__name__)

START_MODES = {
    "launch": "When the app starts",
    "demand": "At the first call of one of its tools",
}


def start_mode_label(mode: str) -> str:
    """A start mode as the Tools page offers it, in the interface's language."""
    labels = {
        "launch": tr("McpRuntime", "When the app starts"),
        "demand": tr("McpRuntime", "At the first call of one of its tools"),
    }
    return labels.get(mode, mode)


CACHE_FILE = "mcp-tools.json"  # tool lists from the servers' last runs (on-demand start)


class McpPrefs:
    """``mcp/`` keys of the app's QSettings."""

    def __init__(self, qsettings: QSettings) -> None:
        self._qs = qsettings

    @property
    def start_mode(self) -> str:
        mode = str(self._qs.value("mcp/start", "launch"))
        return mode if mode in START_MODES else "launch"

    @start_mode.setter
    def start_mode(self, mode: str) -> None:
        self._qs.setValue("mcp/start", mode if mode in START_MODES else "launch")

    @property
    def trust_read_only(self) -> bool:
        return str(self._qs.value("mcp/trust_read_only", "false")).lower() in ("true", "1")

    @trust_read_only.setter
    def trust_read_only(self, value: bool) -> None:
        self._qs.setValue("mcp/trust_read_only", "true" if value else "false")

    def _always(self) -> set[tuple[str, str]]:
        raw = self._qs.value("mcp/always_allow", "[]")
        try:
            pairs = json.loads(str(raw))
            return {(str(a), str(b)) for a, b in pairs}
        except (ValueError, TypeError):
            return set()

    def is_always_allowed(self, server: str, tool: str) -> bool:
        return (server, tool) in self._always()

    def set_always_allowed(self, server: str, tool: str, allowed: bool) -> None:
        pairs = self._always()
        (pairs.add if allowed else pairs.discard)((server, tool))
        self._qs.setValue("mcp/always_allow", json.dumps(sorted(pairs)))
        self._qs.sync()


class McpRuntime(QObject):
    """Owns the hub for one app run. ``changed``: any status; ``toolsChanged``: the model's."""

    changed = Signal()
    toolsChanged = Signal()

    def __init__(
        self,
        qsettings: QSettings,
        *,
        config_path: Path | None = None,
        override: Path | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.prefs = McpPrefs(qsettings)
        self.override = override
        self.path = override or config_path or default_config_path()
        self.cache_path = (config_path or default_config_path()).with_name(CACHE_FILE)
        self.config, self.problem = load_config_file(self.path)
        if override is not None and not self.path.exists():
            self.problem = trf("McpRuntime", "%1: no such file", self.path)
        self.sdk_problem = None if sdk_available() else SDK_MISSING
        self.prompter = McpPrompter(self.prefs)
        self.hub = McpHub(
            self.config,
            approve=self.prompter,
            known_tools=self._read_cache(),
            on_listed=self._remember,
        )
        self.hub.subscribe(self._hub_changed)
        self._tasks: set[asyncio.Future[Any]] = set()
        self._shown_tools: tuple[Any, ...] = ()
        self._closed = False

    # ---------------------------------------------------------------- lifetime

    def start(self) -> None:
        """Start servers as the start mode says (never blocks: tasks on the loop)."""
        if self.sdk_problem or self._closed:
            return
        mode = self.prefs.start_mode
        self._spawn(self.hub.start_all() if mode == "launch" else self.hub.start_unknown())

    async def aclose(self) -> None:
        """Stop every server; the app awaits this before its loop ends."""
        self._closed = True
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.hub.aclose()

    def _spawn(self, coro: Any) -> asyncio.Future[Any]:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # ---------------------------------------------------------------- config

    @property
    def editable(self) -> bool:
        """False for a ``--mcp-config`` run: changes apply for this run and are not saved."""
        return self.override is None

    def apply_config(self, config: McpConfig) -> asyncio.Future[Any]:
        """Save (unless this run uses ``--mcp-config``) and reconfigure the running hub."""
        if self.editable:
            save_config(config, self.path)
        self.config, self.problem = config, None
        start = self.prefs.start_mode == "launch" and not self.sdk_problem
        return self._spawn(self.hub.reconfigure(config, start=start))

    def set_enabled(self, name: str, enabled: bool) -> asyncio.Future[Any]:
        return self.apply_config(self.config.with_enabled(name, enabled))

    def remove(self, name: str) -> asyncio.Future[Any]:
        return self.apply_config(self.config.without(name))

    def restart(self, name: str) -> asyncio.Future[Any] | None:
        server = self.hub.servers.get(name)
        if server is None or not server.config.enabled or self.sdk_problem:
            return None
        return self._spawn(server.restart())

    def stop(self, name: str) -> asyncio.Future[Any] | None:
        server = self.hub.servers.get(name)
        return None if server is None else self._spawn(server.stop())

    # ---------------------------------------------------------------- tools

    def tools(self, reserved: list[str] | tuple[str, ...] = ()) -> list[Any]:
        self.hub.reserved_names = tuple(reserved)
        return self.hub.tools

    def _tool_key(self) -> tuple[Any, ...]:
        return tuple(
            (s.name, s.config.enabled, tuple(t.name for t in s.tools))
            for s in self.hub.servers.values()
        )

    def _hub_changed(self) -> None:
        self.changed.emit()
        key = self._tool_key()
        if key != self._shown_tools:
            self._shown_tools = key
            self.toolsChanged.emit()

    # ---------------------------------------------------------------- the tool-list cache

    def _read_cache(self) -> dict[str, tuple[str, list[ToolSpec]]]:
        try:
            data = json.loads(self.cache_path.read_text(encoding="utf-8"))
            return {
                name: (entry["fingerprint"], [ToolSpec.from_dict(t) for t in entry["tools"]])
                for name, entry in data.items()
            }
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return {}

    def _remember(self, server: ServerConnection) -> None:
        """Keep the server's tool list for the next run (on-demand start offers it at once)."""
        data: dict[str, Any] = {}
        with contextlib.suppress(OSError, ValueError):
            data = json.loads(self.cache_path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            data = {}
        data[server.name] = {
            "fingerprint": fingerprint(server.config),
            "tools": [t.to_dict() for t in server.tools],
        }
        data = {k: v for k, v in data.items() if k in self.hub.servers}
        try:
            self.cache_path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.cache_path.with_name(CACHE_FILE + ".tmp")
            tmp.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
            os.replace(tmp, self.cache_path)
        except OSError as exc:
            log.warning("could not remember the MCP tool lists: %s", exc)


class McpHost(Protocol):
    """What ``install_mcp`` needs of the window: its settings and session for the prompter,
    a way to add tools and to rebuild the agent between runs, and the run's busy signal."""

    settings: Any
    session: Any
    controller: Any
    mcp: Any

    def extend_tools(self, extra: Callable[[list[Any]], list[Any]]) -> None: ...

    def rebuild_agent_between_runs(self) -> None: ...


def install_mcp(window: McpHost, runtime: McpRuntime) -> None:
    """Give the window the MCP tools: appended to what its tools factory builds, asked for
    through the runtime's prompter, and a rebuilt agent (between runs) when they change."""
    runtime.prompter.parent = window
    runtime.prompter.policy = lambda: window.settings.approval_policy
    runtime.prompter.session_key = lambda: str(window.session.path) if window.session else ""
    window.mcp = runtime
    window.extend_tools(lambda tools: runtime.tools(reserved=[t.name for t in tools]))
    runtime.toolsChanged.connect(window.rebuild_agent_between_runs)
    window.controller.busyChanged.connect(
        lambda busy: None if busy else runtime.prompter.run_ended()
    )
