"""One MCP server's connection: its process or URL, state, log, tool list and calls.

The connection lives in its own task, so the SDK's task groups and cancel scopes are entered
and left in one task, whatever task calls a tool; a call is awaited in the caller's task, so
the Stop button (cancelling the run) cancels the call. Every failure — it does not start,
never answers ``initialize``, hangs, crashes mid-call, floods or garbles stdout — ends as a
state with the error in plain words, or as a ``ToolError`` the model reads.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import json
import logging
import sys
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from pi_desktop.agent.mcp.approval import ToolHints
from pi_desktop.agent.mcp.config import ServerConfig, StdioServer
from pi_desktop.agent.mcp.http import http_transport
from pi_desktop.agent.mcp.results import result_text
from pi_desktop.agent.mcp.stdio import LinkState, ServerLog, ServerStartError, capped_stdio
from pi_desktop.agent.tool import ToolError

log = logging.getLogger(__name__)

INIT_TIMEOUT = 30.0  # seconds for start + initialize + the tool list
STOP_TIMEOUT = 8.0  # seconds one server may take to stop (its group is killed within it)
MAX_TOOLS_PER_SERVER = 100  # the model sees at most this many per server
MAX_LIST_PAGES = 20
MAX_DESCRIPTION = 2_000
MAX_SCHEMA_CHARS = 30_000
SDK_MISSING = (
    "MCP servers need the official MCP SDK: install pi-desktop with the mcp extra "
    "(pip install 'pi-desktop[mcp]')."
)


class ServerState(StrEnum):
    STOPPED = "stopped"
    STARTING = "starting"
    CONNECTED = "connected"
    FAILED = "failed"
    DISABLED = "disabled"


@dataclass(frozen=True)
class ToolSpec:
    """One tool as the server listed it (trimmed to what the app uses)."""

    name: str
    description: str
    input_schema: dict[str, Any]
    title: str | None = None
    hints: ToolHints = field(default_factory=ToolHints)

    def to_dict(self) -> dict[str, Any]:
        hints = {k: v for k, v in vars(self.hints).items() if v is not None}
        return {
            "name": self.name,
            "description": self.description,
            "input_schema": self.input_schema,
            "title": self.title,
            "hints": hints,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ToolSpec:
        """From :meth:`to_dict` output (a cache file); raises on a malformed entry."""
        schema = data["input_schema"]
        if not isinstance(schema, dict) or not isinstance(data["name"], str):
            raise ValueError("not a tool entry")
        hints = data.get("hints") or {}
        return cls(
            data["name"],
            str(data.get("description") or ""),
            schema,
            data.get("title"),
            ToolHints(**{k: bool(v) for k, v in hints.items() if k in vars(ToolHints())}),
        )


def fingerprint(config: ServerConfig) -> str:
    """What a cached tool list depends on: the program or URL (not env values or headers)."""
    if isinstance(config, StdioServer):
        return json.dumps(["stdio", config.command, list(config.args), config.cwd])
    return json.dumps(["http", config.url])


def sdk_available() -> bool:
    """Whether the SDK is installed — without importing it (that takes about a second)."""
    try:
        return importlib.util.find_spec("mcp") is not None
    except (ImportError, ValueError):
        return False


_import_lock = threading.Lock()


def _import_sdk() -> None:
    with _import_lock:
        import mcp
        import mcp.client.streamable_http
        import mcp.shared.message  # noqa: F401


async def load_sdk() -> str | None:
    """Import the SDK in a worker thread, so the window never waits the second it takes;
    None when it is there, else what to install."""
    if sys.modules.get("mcp.client.streamable_http") is not None and sys.modules.get("mcp"):
        return None
    try:
        await asyncio.to_thread(_import_sdk)
    except ImportError:
        return SDK_MISSING
    return None


def _spec(tool: Any, notes: list[str]) -> ToolSpec | None:
    schema = tool.input_schema if isinstance(tool.input_schema, dict) else {}
    if schema.get("type") != "object":
        schema = {"type": "object", "properties": {}, **{k: v for k, v in schema.items()}}
        schema["type"] = "object"
    try:
        size = len(json.dumps(schema, default=str))
    except (TypeError, ValueError):
        notes.append(f"{tool.name}: its schema is not JSON; left out")
        return None
    if size > MAX_SCHEMA_CHARS:
        notes.append(f"{tool.name}: its schema is {size:,} chars; left out")
        return None
    description = (tool.description or "").strip()
    if len(description) > MAX_DESCRIPTION:
        description = description[:MAX_DESCRIPTION] + " …"
    annotations = tool.annotations
    hints = ToolHints(
        read_only=getattr(annotations, "read_only_hint", None),
        destructive=getattr(annotations, "destructive_hint", None),
        idempotent=getattr(annotations, "idempotent_hint", None),
        open_world=getattr(annotations, "open_world_hint", None),
    )
    title = getattr(tool, "title", None) or getattr(annotations, "title", None)
    return ToolSpec(str(tool.name), description, schema, title, hints)


class ServerConnection:
    """One configured server: its state, its log, its tool list and its live session."""

    def __init__(
        self,
        config: ServerConfig,
        *,
        init_timeout: float = INIT_TIMEOUT,
        on_change: Callable[[], None] | None = None,
        known_tools: list[ToolSpec] | None = None,
        on_listed: Callable[[ServerConnection], None] | None = None,
    ) -> None:
        self.config = config
        self.name = config.name
        self.init_timeout = init_timeout
        self.state = ServerState.STOPPED if config.enabled else ServerState.DISABLED
        self.error: str | None = None
        self.notes: list[str] = []  # tools left out, lists cut short
        self.log = ServerLog()
        # the tools the model is offered: the live listing, else the one remembered from the
        # server's last run (on-demand start: the first call starts it)
        self.tools: list[ToolSpec] = list(known_tools or [])
        self.remembered = bool(known_tools)
        self.listed_count = len(self.tools)  # how many the server listed (before the cap)
        self._on_change = on_change
        self._on_listed = on_listed
        self._session: Any = None
        self._link: LinkState | None = None
        self._task: asyncio.Task[None] | None = None
        self._stop: asyncio.Event | None = None
        self._ready: asyncio.Event | None = None
        self._lock = asyncio.Lock()
        self.starts = 0
        self.closed = False  # the hub closed: no more starts (a late call must not revive it)

    # ---------------------------------------------------------------- state

    def _set(self, state: ServerState, error: str | None = None) -> None:
        self.state, self.error = state, error
        if self._on_change is not None:
            try:
                self._on_change()
            except Exception:  # a listener's bug must not break the connection
                log.exception("MCP status listener failed")

    def _ended(self) -> bool:
        return self._link is not None and self._link.ended.is_set()

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    # ---------------------------------------------------------------- lifecycle

    async def start(self) -> bool:
        """Start (if not running) and wait until connected or failed; True when connected."""
        if not self.config.enabled or self.closed:
            return False
        async with self._lock:
            if self.state is ServerState.CONNECTED and self.running and not self._ended():
                return True
            if self.running:  # a failed connection still winding down
                await self._join()
            self._stop = asyncio.Event()
            self._ready = asyncio.Event()
            self.starts += 1
            if self.starts > 1:
                self.log.note("--- restarting ---")
            self._set(ServerState.STARTING)
            self._task = asyncio.get_running_loop().create_task(
                self._run(self._stop, self._ready), name=f"mcp:{self.name}"
            )
            await self._ready.wait()
            return self.state is ServerState.CONNECTED

    async def stop(self) -> None:
        task = self._task
        if task is not None and not task.done() and self.state is ServerState.STARTING:
            task.cancel()  # a start can take its whole deadline: stopping does not wait for it
        async with self._lock:
            await self._join()
            if self.config.enabled:
                self._set(ServerState.STOPPED)

    async def restart(self) -> bool:
        await self.stop()
        return await self.start()

    async def _join(self) -> None:
        task = self._task
        if task is None:
            return
        if self._stop is not None:
            self._stop.set()
        try:
            await asyncio.wait_for(asyncio.shield(task), STOP_TIMEOUT)
        except TimeoutError:
            task.cancel()
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(task, 2.0)
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if current is not None and current.cancelling():
                if not task.done():
                    task.cancel()
                raise  # we are being cancelled, not just the runner
        except Exception:
            pass
        self._task = None
        self._session = None

    async def _run(self, stop: asyncio.Event, ready: asyncio.Event) -> None:
        """Open the transport and the session, list the tools, then hold until stopped."""
        link = LinkState()
        self._link = link
        problem = await load_sdk()
        if problem is not None:
            self._set(ServerState.FAILED, problem)
            ready.set()
            return
        from mcp import ClientSession
        from mcp.types import Implementation

        phase = "starting"
        try:
            async with contextlib.AsyncExitStack() as stack:
                async with asyncio.timeout(self.init_timeout):
                    read, write = await stack.enter_async_context(self._transport(link))
                    phase = "initializing"
                    session = await stack.enter_async_context(
                        ClientSession(
                            read,
                            write,
                            client_info=Implementation(name="pi-desktop", version="0.1"),
                        )
                    )
                    await session.initialize()
                    phase = "listing tools"
                    await self._list_tools(session)
                self._session = session
                self._set(ServerState.CONNECTED)
                ready.set()
                ended = asyncio.ensure_future(link.ended.wait())
                stopping = asyncio.ensure_future(stop.wait())
                try:
                    await asyncio.wait({ended, stopping}, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    ended.cancel()
                    stopping.cancel()
                self._session = None
                if not stop.is_set():
                    self._set(ServerState.FAILED, self._explain(link, "while connected"))
        except TimeoutError:
            self._set(ServerState.FAILED, self._timeout_text(phase, link))
        except ServerStartError as exc:
            self._set(ServerState.FAILED, f"could not start: {exc}")
        except asyncio.CancelledError:
            self._set(ServerState.FAILED, "stopped while " + phase)
            raise
        except BaseException as exc:  # anyio wraps in groups; the SDK raises its own kinds
            if _innermost(exc).__class__ is TimeoutError:
                self._set(ServerState.FAILED, self._timeout_text(phase, link))
            else:
                self._set(ServerState.FAILED, self._explain(link, phase, exc))
        finally:
            self._session = None
            ready.set()

    def _transport(self, link: LinkState) -> contextlib.AbstractAsyncContextManager[Any]:
        config = self.config
        if isinstance(config, StdioServer):
            return capped_stdio(
                config.command,
                list(config.args),
                config.env,
                cwd=config.cwd,
                log=self.log,
                state=link,
            )
        return http_transport(config)

    async def _list_tools(self, session: Any) -> None:
        from mcp.types import PaginatedRequestParams

        specs: list[ToolSpec] = []
        notes: list[str] = []
        cursor = None
        listed = 0
        for _page in range(MAX_LIST_PAGES):
            params = PaginatedRequestParams(cursor=cursor) if cursor else None
            result = await session.list_tools(params=params)
            for tool in result.tools:
                listed += 1
                if len(specs) < MAX_TOOLS_PER_SERVER:
                    spec = _spec(tool, notes)
                    if spec is not None:
                        specs.append(spec)
            cursor = result.next_cursor
            if not cursor or len(specs) >= MAX_TOOLS_PER_SERVER:
                break
        if listed > len(specs) and listed > MAX_TOOLS_PER_SERVER:
            notes.append(
                f"the server lists {listed:,}{'+' if cursor else ''} tools; "
                f"only the first {MAX_TOOLS_PER_SERVER} are offered to the model"
            )
        self.tools, self.notes, self.listed_count = specs, notes, listed
        self.remembered = False
        for note in notes:
            self.log.note(note)
        if self._on_listed is not None:
            try:
                self._on_listed(self)
            except Exception:
                log.exception("MCP tool-list listener failed")

    def _timeout_text(self, phase: str, link: LinkState) -> str:
        text = f"no answer within {self.init_timeout:g} s while {phase}"
        if self.log.garbage_lines:
            text += f"; its output had {self.log.garbage_lines} line(s) that are not MCP messages"
        if link.server_ended:
            text = f"{link.reason()} while {phase}"
        return text + self._stderr_hint()

    def _explain(self, link: LinkState, phase: str, exc: BaseException | None = None) -> str:
        if link.server_ended:
            text = f"{link.reason()} ({phase})"
        elif exc is not None:
            text = f"{_exception_text(exc)} ({phase})"
        else:
            text = f"the connection ended ({phase})"
        return text + self._stderr_hint()

    def _stderr_hint(self) -> str:
        tail = "\n".join(
            line for line in self.log.tail().splitlines() if not line.startswith("[pi-desktop]")
        )
        return f"; its last output: {tail[-300:]}" if tail.strip() else ""

    # ---------------------------------------------------------------- calls

    async def call(self, tool: str, arguments: dict[str, Any]) -> str:
        """Call a tool; any failure is a ``ToolError`` whose message the model reads."""
        if not self.config.enabled:
            raise ToolError(f"The MCP server {self.name!r} is disabled in Settings → Tools.")
        if self.closed:
            raise ToolError(f"The MCP server {self.name!r} is not available: the app is closing.")
        # not started yet (on demand) or crashed earlier: one start, within its deadline
        usable = self.state is ServerState.CONNECTED and self._session and not self._ended()
        if not usable and not await self.start():
            raise ToolError(f"The MCP server {self.name!r} is not available: {self.error}")
        session, link = self._session, self._link
        timeout = self.config.timeout
        try:
            async with asyncio.timeout(timeout + 2.0):
                result = await session.call_tool(tool, arguments, read_timeout_seconds=timeout)
        except TimeoutError:
            raise ToolError(self._late(tool, timeout)) from None
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if link is not None and link.server_ended:
                await self._settle()
                raise ToolError(
                    f"The MCP server {self.name!r} stopped during the call: {link.reason()}"
                    f"{self._stderr_hint()}. It is restarted on the next call."
                ) from None
            text = _exception_text(exc)
            if "timed out" in text.lower() or "timeout" in text.lower():
                raise ToolError(self._late(tool, timeout)) from None
            if "connection closed" in text.lower() and link is not None:
                # an HTTP server went away (stdio exits are seen by the transport): the
                # connection is over, and the next call connects again
                link.failure = link.failure or "the connection to the server was lost"
                link.server_ended = True
                link.ended.set()
                raise ToolError(
                    f"The MCP server {self.name!r} could not be reached ({text}). "
                    "It is connected again on the next call."
                ) from None
            raise ToolError(f"The MCP server {self.name!r} returned an error: {text}") from None
        text = result_text(result)
        if getattr(result, "is_error", False):
            raise ToolError(f"{self.name}/{tool} reported an error: {text}")
        return text

    async def _settle(self) -> None:
        """Give the ended connection a moment to record its exit code and last stderr."""
        task = self._task
        if task is not None and not task.done():
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(asyncio.shield(task), 3.0)

    def _late(self, tool: str, timeout: float) -> str:
        return (
            f"The MCP server {self.name!r} did not answer {tool} within {timeout:g} s; "
            "the call was cancelled."
        )


def _innermost(exc: BaseException) -> BaseException:
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


def _exception_text(exc: BaseException) -> str:
    """The innermost useful message of an exception group or an SDK error."""
    exc = _innermost(exc)
    error = getattr(exc, "error", None)
    message = getattr(error, "message", None) or str(exc) or type(exc).__name__
    return str(message)[:500]
