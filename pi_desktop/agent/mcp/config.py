"""MCP server configuration in Claude Desktop's format, validated with errors a user can act on.

``{"mcpServers": {name: {"command", "args", "env"} | {"url", "headers"}}}`` is the format every
MCP client shares, so a user can paste the block their server's README shows. A server may also
carry ``"disabled": true`` (Cline and Cherry Studio write it) and ``"timeout"`` (seconds per
call). Secrets live in ``env`` and ``headers``: they are kept out of ``repr`` and out of every
error message, which name the place (``mcpServers.time.args``), never the value.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

APP_NAME = "pi-desktop"
CONFIG_FILE = "mcp.json"
MAX_CONFIG_BYTES = 1_000_000  # a config file is a few KB; a bigger one is not a config
DEFAULT_CALL_TIMEOUT = 120.0  # seconds one tool call may take
MAX_CALL_TIMEOUT = 3_600.0


class McpConfigError(ValueError):
    """The configuration cannot be used; the message says where and why."""


@dataclass(frozen=True)
class StdioServer:
    """A server the app starts as a child process and talks to over stdin/stdout."""

    name: str
    command: str
    args: tuple[str, ...] = ()
    env: Mapping[str, str] = field(default_factory=dict, repr=False)
    cwd: str | None = None
    enabled: bool = True
    timeout: float = DEFAULT_CALL_TIMEOUT

    @property
    def kind(self) -> str:
        return "stdio"

    def describe(self) -> str:
        """One line for the settings page (no env values: they may be keys)."""
        return " ".join([self.command, *self.args])


@dataclass(frozen=True)
class HttpServer:
    """A server reached over streamable HTTP."""

    name: str
    url: str
    headers: Mapping[str, str] = field(default_factory=dict, repr=False)
    enabled: bool = True
    timeout: float = DEFAULT_CALL_TIMEOUT

    @property
    def kind(self) -> str:
        return "http"

    def describe(self) -> str:
        return self.url


ServerConfig = StdioServer | HttpServer


@dataclass(frozen=True)
class McpConfig:
    """The servers in the order the file lists them."""

    servers: tuple[ServerConfig, ...] = ()

    def get(self, name: str) -> ServerConfig | None:
        return next((s for s in self.servers if s.name == name), None)

    @property
    def enabled(self) -> tuple[ServerConfig, ...]:
        return tuple(s for s in self.servers if s.enabled)

    def with_enabled(self, name: str, enabled: bool) -> McpConfig:
        """A copy with one server switched on or off."""
        from dataclasses import replace

        return McpConfig(
            tuple(replace(s, enabled=enabled) if s.name == name else s for s in self.servers)
        )

    def merged(self, other: McpConfig) -> McpConfig:
        """``other``'s servers replace same-named ones; new names are appended (import)."""
        names = {s.name for s in other.servers}
        kept = tuple(s for s in self.servers if s.name not in names)
        return McpConfig(kept + other.servers)

    def without(self, name: str) -> McpConfig:
        return McpConfig(tuple(s for s in self.servers if s.name != name))


def default_config_path() -> Path:
    """``mcp.json`` in the app's config folder (the folder the settings use)."""
    return Path(platformdirs.user_config_dir(APP_NAME)) / CONFIG_FILE


def load_config(source: str | os.PathLike[str] | Mapping[str, Any]) -> McpConfig:
    """Read a config from a file path or an already parsed mapping.

    Raises ``McpConfigError`` with the place of the first problem. A missing file is an error
    here; :func:`load_config_file` is the lenient reader the app uses for its own file.
    """
    if not isinstance(source, str | os.PathLike):
        return _parse(source)
    path = Path(source).expanduser()
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise McpConfigError(f"{path}: no such file") from None
    except OSError as exc:
        raise McpConfigError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    if size > MAX_CONFIG_BYTES:
        raise McpConfigError(f"{path}: {size:,} bytes is too large for an MCP config")
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise McpConfigError(f"{path}: cannot be read ({exc})") from None
    try:
        return parse_config_text(text)
    except McpConfigError as exc:
        raise McpConfigError(f"{path}: {exc}") from None


def parse_config_text(text: str) -> McpConfig:
    """Parse pasted JSON. A bare ``{name: {...}}`` block (what some READMEs show) is accepted."""
    if len(text) > MAX_CONFIG_BYTES:
        raise McpConfigError("the text is too large for an MCP config")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise McpConfigError(
            f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    if isinstance(data, dict) and "mcpServers" not in data and data and _looks_like_servers(data):
        data = {"mcpServers": data}
    return _parse(data)


def load_config_file(path: Path | None = None) -> tuple[McpConfig, str | None]:
    """The app's own file: missing → empty config; broken → empty config and the problem."""
    path = path or default_config_path()
    if not path.exists():
        return McpConfig(), None
    try:
        return load_config(path), None
    except McpConfigError as exc:
        return McpConfig(), str(exc)


def config_to_dict(config: McpConfig) -> dict[str, Any]:
    """The JSON shape, Claude Desktop compatible (``disabled``/``timeout`` only when set)."""
    servers: dict[str, Any] = {}
    for s in config.servers:
        entry: dict[str, Any]
        if isinstance(s, StdioServer):
            entry = {"command": s.command, "args": list(s.args)}
            if s.env:
                entry["env"] = dict(s.env)
            if s.cwd:
                entry["cwd"] = s.cwd
        else:
            entry = {"url": s.url}
            if s.headers:
                entry["headers"] = dict(s.headers)
        if not s.enabled:
            entry["disabled"] = True
        if s.timeout != DEFAULT_CALL_TIMEOUT:
            entry["timeout"] = s.timeout
        servers[s.name] = entry
    return {"mcpServers": servers}


def save_config(config: McpConfig, path: Path | None = None) -> Path:
    """Write atomically with owner-only permissions (env and headers may hold keys)."""
    path = path or default_config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    text = json.dumps(config_to_dict(config), indent=2, ensure_ascii=False) + "\n"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.replace(tmp, path)
    return path


# ------------------------------------------------------------------ validation


def _looks_like_servers(data: dict[str, Any]) -> bool:
    return all(isinstance(v, dict) and ("command" in v or "url" in v) for v in data.values())


def _parse(data: Any) -> McpConfig:
    if not isinstance(data, Mapping):
        raise McpConfigError(f"expected a JSON object, got {_kind(data)}")
    servers = data.get("mcpServers")
    if servers is None:
        raise McpConfigError('no "mcpServers" object (the format is {"mcpServers": {...}})')
    if not isinstance(servers, Mapping):
        raise McpConfigError(f"mcpServers: expected an object, got {_kind(servers)}")
    parsed: list[ServerConfig] = []
    for name, entry in servers.items():
        parsed.append(_server(str(name), entry))
    return McpConfig(tuple(parsed))


def _server(name: str, entry: Any) -> ServerConfig:
    where = f"mcpServers.{name}"
    if not name.strip():
        raise McpConfigError("mcpServers: a server has an empty name")
    if len(name) > 200:
        raise McpConfigError(f"{where[:60]}…: the name is longer than 200 characters")
    if not isinstance(entry, Mapping):
        raise McpConfigError(f"{where}: expected an object, got {_kind(entry)}")
    enabled = not _bool(entry.get("disabled", False), f"{where}.disabled")
    timeout = _timeout(entry.get("timeout"), f"{where}.timeout")
    has_command, has_url = "command" in entry, "url" in entry
    if has_command and has_url:
        raise McpConfigError(f'{where}: give either "command" (stdio) or "url" (HTTP), not both')
    kind = entry.get("type") or entry.get("transport")
    if kind is not None and kind not in ("stdio", "http", "streamable-http", "streamableHttp"):
        hint = " (SSE servers are not supported; use the server's streamable HTTP URL)"
        raise McpConfigError(
            f"{where}.type: {kind!r} is not a transport pi-desktop speaks (stdio, http)"
            + (hint if kind == "sse" else "")
        )
    if has_command:
        command = entry["command"]
        if not isinstance(command, str) or not command.strip():
            raise McpConfigError(f"{where}.command: expected a non-empty string")
        if "\x00" in command:
            raise McpConfigError(f"{where}.command: contains a NUL character")
        args = _str_list(entry.get("args", []), f"{where}.args")
        env = _str_map(entry.get("env", {}), f"{where}.env", env=True)
        cwd = entry.get("cwd")
        if cwd is not None and (not isinstance(cwd, str) or "\x00" in cwd):
            raise McpConfigError(f"{where}.cwd: expected a folder path")
        return StdioServer(name, command, tuple(args), env, cwd or None, enabled, timeout)
    if has_url:
        url = entry["url"]
        if not isinstance(url, str) or not url.strip():
            raise McpConfigError(f"{where}.url: expected a non-empty string")
        url = url.strip()
        if not url.lower().startswith(("http://", "https://")):
            raise McpConfigError(f"{where}.url: expected an http:// or https:// address")
        headers = _str_map(entry.get("headers", {}), f"{where}.headers", env=False)
        return HttpServer(name, url, headers, enabled, timeout)
    raise McpConfigError(f'{where}: needs "command" (a program to start) or "url" (an HTTP server)')


def _kind(value: Any) -> str:
    return {
        dict: "an object",
        list: "a list",
        str: "a string",
        bool: "true/false",
        int: "a number",
        float: "a number",
        type(None): "null",
    }.get(type(value), type(value).__name__)


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise McpConfigError(f"{where}: expected true or false, got {_kind(value)}")
    return value


def _timeout(value: Any, where: str) -> float:
    if value is None:
        return DEFAULT_CALL_TIMEOUT
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise McpConfigError(f"{where}: expected a positive number of seconds")
    # Cline writes milliseconds-looking values rarely; a number above an hour is clamped
    return float(min(value, MAX_CALL_TIMEOUT))


def _str_list(value: Any, where: str) -> list[str]:
    if not isinstance(value, list):
        raise McpConfigError(f"{where}: expected a list of strings, got {_kind(value)}")
    for index, item in enumerate(value):
        if not isinstance(item, str):
            raise McpConfigError(f"{where}[{index}]: expected a string, got {_kind(item)}")
        if "\x00" in item:
            raise McpConfigError(f"{where}[{index}]: contains a NUL character")
    return list(value)


def _str_map(value: Any, where: str, *, env: bool) -> dict[str, str]:
    if not isinstance(value, Mapping):
        raise McpConfigError(f"{where}: expected an object of strings, got {_kind(value)}")
    out: dict[str, str] = {}
    for key, item in value.items():
        if not isinstance(key, str) or not key:
            raise McpConfigError(f"{where}: a key is empty")
        if env and ("=" in key or "\x00" in key):
            raise McpConfigError(f"{where}.{key}: not a valid variable name")
        if not env and any(c in key for c in "\r\n:\x00"):
            raise McpConfigError(f"{where}.{key}: not a valid header name")
        if isinstance(item, bool) or not isinstance(item, str | int | float):
            # the value is not quoted: it may be a key, so only its kind is named
            raise McpConfigError(f"{where}.{key}: expected a string, got {_kind(item)}")
        text = str(item)
        if "\x00" in text or (not env and ("\r" in text or "\n" in text)):
            raise McpConfigError(f"{where}.{key}: contains a control character")
        out[key] = text
    return out
