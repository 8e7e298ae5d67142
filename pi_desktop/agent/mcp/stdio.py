"""A stdio transport for the MCP SDK's ``ClientSession`` whose reader is bounded.

The SDK's own stdio reader joins chunks until it sees a newline, so a server that prints a
50 MB line without one grows the app's memory by 50 MB (and more, without end). This one keeps
at most ``max_line`` bytes of a message; a longer one ends the connection with a reason the
hub reports. Lines that are not JSON-RPC (a banner, a stray ``print``) are skipped and noted in
the server's log. stderr goes into a ring buffer the settings page shows.

The server starts in its own session (process group), with only the configured environment
plus what a program needs to start (PATH, HOME, locale, temp folder); stopping closes its
stdin, waits briefly, then signals the whole group, so helpers it spawned (``npx`` → ``node``)
go with it.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import signal
import sys
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import anyio
import anyio.abc

MAX_LINE = 8 * 1024 * 1024  # one JSON-RPC message; a 2 MB tool result fits with room
CHUNK = 64 * 1024
STDERR_KEEP = 64 * 1024
EXIT_GRACE = 2.0  # seconds a server gets to exit after its stdin closes
TERM_GRACE = 1.0  # seconds after SIGTERM before SIGKILL

# What a program needs to start, and nothing that could hold the app's secrets.
PASSED_ENV = (
    (
        "PATH",
        "PATHEXT",
        "SYSTEMROOT",
        "COMSPEC",
        "APPDATA",
        "LOCALAPPDATA",
        "USERPROFILE",
        "HOMEDRIVE",
        "HOMEPATH",
        "TEMP",
        "TMP",
    )
    if sys.platform == "win32"
    else ("PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LC_ALL", "LC_CTYPE", "TMPDIR", "TZ")
)

_live_groups: set[int] = set()


def _kill_leftovers() -> None:
    """At interpreter exit, no server group outlives the app (a crash path skipped aclose)."""
    for pgid in list(_live_groups):
        with contextlib.suppress(OSError):
            os.killpg(pgid, signal.SIGKILL)


if sys.platform != "win32":
    atexit.register(_kill_leftovers)


def server_environment(configured: Mapping[str, str]) -> dict[str, str]:
    """PATH and the start-up basics from the app's environment, then the server's own env."""
    env = {k: v for k in PASSED_ENV if (v := os.environ.get(k)) is not None}
    env.update(configured)
    return env


class ServerStartError(Exception):
    """The program could not be started (not found, not executable, bad folder)."""


@dataclass
class ServerLog:
    """The last ``STDERR_KEEP`` bytes a server wrote to stderr, and the transport's notes."""

    keep: int = STDERR_KEEP
    _data: bytearray = field(default_factory=bytearray)
    garbage_lines: int = 0

    def feed(self, chunk: bytes) -> None:
        self._data += chunk
        if len(self._data) > self.keep * 2:
            del self._data[: len(self._data) - self.keep]

    def note(self, text: str) -> None:
        self.feed(f"[pi-desktop] {text}\n".encode())

    def text(self) -> str:
        return bytes(self._data[-self.keep :]).decode("utf-8", "replace")

    def tail(self, lines: int = 6, chars: int = 600) -> str:
        """The last few lines, for an error message."""
        shown = "\n".join(self.text().strip().splitlines()[-lines:])
        return shown[-chars:]


@dataclass
class LinkState:
    """Why the connection ended, for the error the model and the user read."""

    pid: int | None = None
    returncode: int | None = None
    failure: str | None = None
    server_ended: bool = False  # the server closed or broke the link (not our own stop)
    ended: anyio.Event = field(default_factory=anyio.Event)

    def reason(self) -> str:
        if self.failure:
            return self.failure
        if self.returncode is not None:
            return f"the server exited with code {self.returncode}"
        return "the server closed its output"


def resolve_command(command: str, env: Mapping[str, str], cwd: str | None) -> str:
    """The executable's path, or a ``ServerStartError`` that says what is missing."""
    if os.sep in command or (os.altsep and os.altsep in command):
        path = command if os.path.isabs(command) or cwd is None else os.path.join(cwd, command)
        if not os.path.exists(path):
            raise ServerStartError(f"{command!r} does not exist")
        if not os.access(path, os.X_OK):
            raise ServerStartError(f"{command!r} is not executable")
        return path
    found = shutil.which(command, path=env.get("PATH"))
    if found is None:
        raise ServerStartError(f"{command!r} was not found on PATH (is it installed?)")
    return found


@asynccontextmanager
async def capped_stdio(
    command: str,
    args: list[str],
    env: Mapping[str, str],
    *,
    cwd: str | None = None,
    log: ServerLog,
    state: LinkState,
    max_line: int = MAX_LINE,
) -> AsyncIterator[tuple[object, object]]:
    """Start the server and yield ``(read_stream, write_stream)`` for ``ClientSession``."""
    import mcp_types as types
    from mcp.shared.message import SessionMessage

    if cwd is not None and not os.path.isdir(cwd):
        raise ServerStartError(f"the folder {cwd!r} does not exist")
    full_env = server_environment(env)
    executable = resolve_command(command, full_env, cwd)
    try:
        process = await anyio.open_process(
            [executable, *args], env=full_env, cwd=cwd, start_new_session=True
        )
    except OSError as exc:
        raise ServerStartError(f"{command!r} could not be started: {exc.strerror or exc}") from None
    state.pid = process.pid
    _live_groups.add(process.pid)
    log.note(f"started {command} (pid {process.pid})")

    read_writer, read_stream = anyio.create_memory_object_stream[SessionMessage | Exception](0)
    write_stream, write_reader = anyio.create_memory_object_stream[SessionMessage](0)

    closing = False

    def end(failure: str | None = None) -> None:
        if not closing:
            state.server_ended = True
        if failure and state.failure is None:
            state.failure = failure
            log.note(failure)
        read_writer.close()  # pending requests fail now instead of at their deadline
        state.ended.set()

    async def deliver(line: bytes) -> bool:
        line = line.strip()
        if not line:
            return True
        try:
            message = types.jsonrpc_message_adapter.validate_json(line, by_name=False)
        except ValueError:
            log.garbage_lines += 1
            if log.garbage_lines <= 20:
                shown = line[:160].decode("utf-8", "replace")
                log.note(f"stdout line that is not JSON-RPC, skipped: {shown!r}")
            return True
        try:
            await read_writer.send(SessionMessage(message))
        except (anyio.ClosedResourceError, anyio.BrokenResourceError):
            return False
        return True

    async def stdout_reader() -> None:
        assert process.stdout is not None
        buffer = bytearray()
        try:
            while True:
                try:
                    chunk = await process.stdout.receive(CHUNK)
                except (anyio.EndOfStream, anyio.ClosedResourceError, anyio.BrokenResourceError):
                    break
                start = 0
                while (cut := chunk.find(b"\n", start)) >= 0:
                    buffer += chunk[start:cut]
                    start = cut + 1
                    if len(buffer) > max_line:
                        end(_too_long(len(buffer), max_line))
                        return
                    line = bytes(buffer)
                    buffer.clear()
                    if not await deliver(line):
                        return
                buffer += chunk[start:]
                if len(buffer) > max_line:
                    end(_too_long(len(buffer), max_line, partial=True))
                    return
        except OSError as exc:
            end(f"reading the server's output failed: {exc}")
            return
        state.returncode = process.returncode
        end()

    async def stdin_writer() -> None:
        assert process.stdin is not None
        try:
            async with write_reader:
                async for message in write_reader:
                    text = message.message.model_dump_json(by_alias=True, exclude_unset=True)
                    await process.stdin.send(text.encode("utf-8") + b"\n")
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
            end("the server stopped reading its input")

    stderr_done = anyio.Event()

    async def stderr_reader() -> None:
        assert process.stderr is not None
        try:
            with contextlib.suppress(
                anyio.EndOfStream, anyio.ClosedResourceError, anyio.BrokenResourceError, OSError
            ):
                while True:
                    log.feed(await process.stderr.receive(CHUNK))
        finally:
            stderr_done.set()

    async with anyio.create_task_group() as group:
        group.start_soon(stdout_reader)
        group.start_soon(stdin_writer)
        group.start_soon(stderr_reader)
        try:
            yield read_stream, write_stream
        finally:
            closing = True
            with anyio.CancelScope(shield=True):
                read_stream.close()
                write_stream.close()
                await stop_process(process)
                with anyio.move_on_after(0.5):  # its last words explain a crash
                    await stderr_done.wait()
                await _close_streams(process)
                state.returncode = process.returncode
                state.ended.set()
                log.note(f"stopped (exit code {process.returncode})")
            group.cancel_scope.cancel()


def _too_long(size: int, cap: int, *, partial: bool = False) -> str:
    more = "more than " if partial else ""
    return (
        f"the server sent a message of {more}{size / 1e6:.1f} MB (the limit is "
        f"{cap / 1e6:.0f} MB); the connection was closed"
    )


async def _wait_exit(process: anyio.abc.Process, seconds: float) -> bool:
    with anyio.move_on_after(seconds):
        while process.returncode is None:
            await anyio.sleep(0.02)
    return process.returncode is not None


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


async def stop_process(process: anyio.abc.Process) -> None:
    """Close stdin, give the server a moment, then end its whole process group."""
    pgid = process.pid
    if process.stdin is not None:
        with contextlib.suppress(OSError, anyio.BrokenResourceError, anyio.ClosedResourceError):
            await process.stdin.aclose()
    await _wait_exit(process, EXIT_GRACE)
    if sys.platform != "win32":
        # the leader may be gone while its helpers still run: the group is what is stopped
        for sig, grace in ((signal.SIGTERM, TERM_GRACE), (signal.SIGKILL, 1.0)):
            if not _group_alive(pgid) and process.returncode is not None:
                break
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pgid, sig)
            with anyio.move_on_after(grace):
                while _group_alive(pgid) or process.returncode is None:
                    await anyio.sleep(0.02)
    elif process.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await _wait_exit(process, 1.0)
    _live_groups.discard(pgid)


async def _close_streams(process: anyio.abc.Process) -> None:
    for stream in (process.stdout, process.stderr):
        if stream is not None:
            with contextlib.suppress(OSError, anyio.BrokenResourceError, anyio.ClosedResourceError):
                await stream.aclose()
    # asyncio's subprocess transport stays open (and complains at exit) until closed
    transport = getattr(getattr(process, "_process", None), "_transport", None)
    close = getattr(transport, "close", None)
    if callable(close):
        with contextlib.suppress(Exception):
            close()
