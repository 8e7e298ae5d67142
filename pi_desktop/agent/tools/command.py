"""``run_command``: a shell command in the workspace, only when enabled and approved.

The environment is an allow-list (``PATH``, ``HOME``, locale, terminal ... plus what the user
adds): a deny-list of "secret-looking" names always misses one (``DATABASE_URL`` with a
password, ``HF_HUB_KEY``), and whatever a command sees can end up in its output, the session
file and the next request. Output is read incrementally and capped; what was cut is said.

Ending a run ends everything it started. The command gets a new session, but a child can
call ``setsid`` and leave it, so each run is also tagged: a unique marker variable in its
environment, inherited by every descendant. On timeout, Stop or exit, every process that
still carries the marker, belongs to the session or holds the output pipe is killed (see
:mod:`proctrack`) — which also ends the pipe, so the output printed before is kept.
"""

from __future__ import annotations

import asyncio
import contextlib
import fnmatch
import os
import uuid
from collections.abc import Iterable, Mapping
from typing import Any

from pi_desktop.agent.tool import ToolError
from pi_desktop.agent.tools.access import Workspace, arg_int, arg_str
from pi_desktop.agent.tools.approval import ApprovalRequest, require_approval
from pi_desktop.agent.tools.proctrack import RUN_MARKER, RunTag, end_run

DEFAULT_TIMEOUT = 60
MAX_TIMEOUT = 600
# The locale categories by name: a pattern such as ``LC_*`` would also pass on whatever else
# someone named ``LC_…`` (``LC_SECRET_TOKEN``; ssh forwards ``LC_*`` from the client).
LOCALE_VARS = (
    "LC_ALL", "LC_CTYPE", "LC_NUMERIC", "LC_TIME", "LC_COLLATE", "LC_MONETARY", "LC_MESSAGES",
    "LC_PAPER", "LC_NAME", "LC_ADDRESS", "LC_TELEPHONE", "LC_MEASUREMENT", "LC_IDENTIFICATION",
)  # fmt: skip
BASE_ENV_ALLOW = (
    "PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LANGUAGE", *LOCALE_VARS, "TERM",
    "COLORTERM", "NO_COLOR", "TMPDIR", "TEMP", "TMP", "TZ",
)  # fmt: skip


def command_env(
    environ: Mapping[str, str] | None = None, allow: Iterable[str] = ()
) -> dict[str, str]:
    """The variables of ``environ`` (default: the app's) whose names match the allow-list:
    :data:`BASE_ENV_ALLOW` plus ``allow`` (exact names or shell patterns such as ``MY_*``)."""
    source = os.environ if environ is None else environ
    patterns = (*BASE_ENV_ALLOW, *allow)
    return {
        name: value
        for name, value in source.items()
        if name != RUN_MARKER and any(fnmatch.fnmatchcase(name, p) for p in patterns)
    }


class _Output:
    """What the command printed, kept as it arrives (so a kill never loses it), capped."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.kept: list[bytes] = []
        self.size = self.total = 0

    async def collect(self, stream: asyncio.StreamReader) -> None:
        while chunk := await stream.read(65_536):
            self.total += len(chunk)
            if self.size < self.limit:
                self.kept.append(chunk[: self.limit - self.size])
                self.size += len(self.kept[-1])

    def text(self) -> str:
        return b"".join(self.kept).decode("utf-8", "replace")


async def _spawn(
    command: str, ws: Workspace, tag: RunTag
) -> tuple[Any, asyncio.StreamReader, asyncio.BaseTransport]:
    """Start the shell writing into a pipe whose identity ``tag`` records."""
    read_end, write_end = os.pipe()
    tag.pipe_inode = os.fstat(write_end).st_ino
    try:
        proc = await asyncio.create_subprocess_shell(
            command,
            cwd=ws.root,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=write_end,
            stderr=write_end,
            start_new_session=True,
            env={**command_env(allow=ws.env_allow), RUN_MARKER: tag.marker},
        )
    except BaseException:
        os.close(read_end)
        raise
    finally:
        os.close(write_end)
    tag.session_id = proc.pid
    reader = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    transport, _ = await loop.connect_read_pipe(
        lambda: asyncio.StreamReaderProtocol(reader), os.fdopen(read_end, "rb", buffering=0)
    )
    return proc, reader, transport


async def run_command(ws: Workspace, args: dict[str, Any]) -> str:
    command = arg_str(args, "command").strip()
    if not command:
        raise ToolError("command is empty")
    timeout = min(arg_int(args, "timeout", DEFAULT_TIMEOUT, minimum=1), MAX_TIMEOUT)
    root = ws.root
    details = f"$ {command}\n\n(in {root}, timeout {timeout}s)"
    await require_approval(ws.approve, ApprovalRequest("run_command", f"run `{command}`", details))
    tag = RunTag(marker=uuid.uuid4().hex)
    proc, reader, transport = await _spawn(command, ws, tag)
    output = _Output(ws.max_output_chars)
    collecting = asyncio.ensure_future(output.collect(reader))
    timed_out = False
    try:
        try:
            await asyncio.wait_for(asyncio.shield(proc.wait()), timeout)
        except TimeoutError:
            timed_out = True
        await asyncio.to_thread(end_run, tag)  # the shell's leftovers, setsid escapees included
        await proc.wait()
        with contextlib.suppress(TimeoutError):  # every writer is gone: the pipe ends at once
            await asyncio.wait_for(asyncio.shield(collecting), 5)
    except BaseException:
        end_run(tag)  # synchronous: Stop must not leave anything running
        raise
    finally:
        collecting.cancel()
        transport.close()
    lines = [f"$ {command}", output.text().rstrip("\n")]
    if output.total > ws.max_output_chars:
        lines.append(f"[output truncated: {output.total:,} bytes produced, first part shown]")
    if timed_out:
        lines.append(f"[killed after the {timeout}s timeout]")
    lines.append(f"[exit code {proc.returncode}]")
    return "\n".join(line for line in lines if line)
