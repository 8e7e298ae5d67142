"""Running ripgrep as a bounded subprocess: a deadline, killed on Stop, output capped.

Searching in-process cannot be made safe: Python's ``re`` backtracks (``(a+)+$`` on 26 chars
holds the interpreter's lock for seconds, so the window freezes and Stop cannot work). ripgrep's
regex engine is linear-time, runs outside the interpreter, and the process can simply be killed.
It starts in a folder reached through :mod:`fsafe` (its descriptor, via ``/proc/self/fd``), so
the search starts where the check said, and it never follows symlinks while walking.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import sys
import sysconfig
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pi_desktop.agent.tool import ToolError

SEARCH_TIMEOUT = 30.0
MAX_OUTPUT_BYTES = 32 * 1024 * 1024
_ENV_KEYS = ("PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "XDG_CONFIG_HOME")


def ripgrep_binary() -> str:
    """The ``rg`` the ``ripgrep`` wheel installed next to this interpreter (or that the bundle
    carries), else one on PATH."""
    if getattr(sys, "frozen", False):  # packaging/pi-desktop.spec puts rg beside the libraries
        bundled = Path(getattr(sys, "_MEIPASS", Path(sys.executable).parent)) / "rg"
        if bundled.is_file() and os.access(bundled, os.X_OK):
            return str(bundled)
    for scheme_dir in (sysconfig.get_path("scripts"), sysconfig.get_path("scripts", "posix_user")):
        candidate = Path(scheme_dir) / "rg"
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    found = shutil.which("rg")
    if found is None:
        raise ToolError("searching needs ripgrep, which is not installed (pip install ripgrep)")
    return found


@dataclass
class RgOutcome:
    """How a run ended: exit code (None if killed), stderr text, and why it was stopped."""

    returncode: int | None
    stderr: str
    timed_out: bool = False
    overflowed: bool = False


def _kill(proc: asyncio.subprocess.Process) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)


async def run_rg(
    args: list[str],
    on_record: Callable[[bytes], None],
    *,
    cwd_fd: int,
    cwd_path: Path,
    separator: bytes,
    stdin_fd: int | None = None,
    timeout: float = SEARCH_TIMEOUT,
    max_bytes: int = MAX_OUTPUT_BYTES,
) -> RgOutcome:
    """Run ``rg args`` in the folder ``cwd_fd`` (opened at ``cwd_path``) and hand each
    ``separator``-ended record of its output to ``on_record``. Stops at ``timeout`` seconds or
    ``max_bytes`` of output (what came before is kept); cancelling the caller kills the
    process before the cancellation goes on.
    """
    # the child changes into the very folder that was opened (no /proc: by its checked path)
    cwd = f"/proc/self/fd/{cwd_fd}" if os.path.isdir("/proc/self/fd") else str(cwd_path)
    env = {k: os.environ[k] for k in _ENV_KEYS if k in os.environ}
    proc = await asyncio.create_subprocess_exec(
        ripgrep_binary(),
        "--no-config",
        *args,
        cwd=cwd,
        pass_fds=(cwd_fd,),
        stdin=stdin_fd if stdin_fd is not None else asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        start_new_session=True,
        env=env,
    )
    assert proc.stdout is not None and proc.stderr is not None
    outcome = RgOutcome(None, "")

    async def pump() -> None:
        assert proc.stdout is not None
        pending, seen = b"", 0
        while chunk := await proc.stdout.read(1 << 16):
            seen += len(chunk)
            pieces = (pending + chunk).split(separator)
            pending = pieces.pop()
            for piece in pieces:
                on_record(piece)
            if seen > max_bytes:
                outcome.overflowed = True
                _kill(proc)
                return
            await asyncio.sleep(0)  # buffered output is returned without yielding: yield here
        if pending:
            on_record(pending)

    async def drain_stderr() -> str:  # read to the end (a full pipe would block rg), keep 16 KB
        assert proc.stderr is not None
        kept = b""
        while chunk := await proc.stderr.read(1 << 16):
            kept = (kept + chunk)[: 16 * 1024]
        return kept.decode("utf-8", "replace")

    err_task = asyncio.ensure_future(drain_stderr())
    try:
        try:
            await asyncio.wait_for(pump(), timeout)
        except TimeoutError:
            outcome.timed_out = True
            _kill(proc)
        outcome.returncode = await proc.wait()
        outcome.stderr = await err_task
    except BaseException:  # Stop (cancellation) or anything else: never leave rg running
        _kill(proc)
        err_task.cancel()
        with contextlib.suppress(BaseException):
            await asyncio.shield(proc.wait())
        raise
    if outcome.timed_out or outcome.overflowed:
        outcome.returncode = None
    return outcome


def glob_literal(text: str) -> str:
    """``text`` with glob metacharacters escaped (ripgrep's globs take backslash escapes)."""
    return "".join("\\" + c if c in "\\*?[]{}!" else c for c in text)
