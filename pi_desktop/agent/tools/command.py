"""``run_command``: a shell command in the workspace, only when enabled and approved.

The process gets its own session so a timeout or the Stop button kills the whole process
group, not just the shell. Output is read incrementally and capped, so a runaway command
cannot fill memory; what was cut is said in the result. Credentials in the environment
(``*_API_KEY``, tokens, passwords) are not passed on, so ``env`` cannot leak them.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
from typing import Any

from pi_desktop.agent.tool import ToolError
from pi_desktop.agent.tools.approval import ApprovalRequest, require_approval
from pi_desktop.agent.tools.files import Workspace, arg_int, arg_str

DEFAULT_TIMEOUT = 60
MAX_TIMEOUT = 600
# Environment variables a command must not see: API keys and other credentials would end up in
# the tool result, hence in the session file and in the next request to the model.
_SECRET_ENV = re.compile(r"API_?KEY|SECRET|PASSWORD|PASSWD|TOKEN|CREDENTIAL", re.I)


def command_env(environ: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for a command: the app's own, minus anything that looks like a secret."""
    source = os.environ if environ is None else environ
    return {k: v for k, v in source.items() if not _SECRET_ENV.search(k)}


def _kill_group(proc: asyncio.subprocess.Process) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)


async def _collect(stream: asyncio.StreamReader, limit: int) -> tuple[str, int]:
    kept: list[bytes] = []
    size = total = 0
    while chunk := await stream.read(65_536):
        total += len(chunk)
        if size < limit:
            kept.append(chunk[: limit - size])
            size += len(kept[-1])
    return b"".join(kept).decode("utf-8", "replace"), total


async def run_command(ws: Workspace, args: dict[str, Any]) -> str:
    command = arg_str(args, "command").strip()
    if not command:
        raise ToolError("command is empty")
    timeout = min(arg_int(args, "timeout", DEFAULT_TIMEOUT, minimum=1), MAX_TIMEOUT)
    root = ws.root
    details = f"$ {command}\n\n(in {root}, timeout {timeout}s)"
    await require_approval(ws.approve, ApprovalRequest("run_command", f"run `{command}`", details))
    proc = await asyncio.create_subprocess_shell(
        command,
        cwd=root,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        start_new_session=True,
        env=command_env(),
    )
    assert proc.stdout is not None
    reader = asyncio.ensure_future(_collect(proc.stdout, ws.max_output_chars))
    timed_out = False
    try:
        await asyncio.wait_for(asyncio.shield(proc.wait()), timeout)
    except TimeoutError:
        timed_out = True
        _kill_group(proc)
        await proc.wait()
    except asyncio.CancelledError:
        _kill_group(proc)
        await proc.wait()
        reader.cancel()
        raise
    _kill_group(proc)  # leftover background children holding the pipe open
    try:
        output, total = await asyncio.wait_for(reader, 5)
    except TimeoutError:
        output, total = "", 0
    lines = [f"$ {command}", output.rstrip("\n")]
    if total > ws.max_output_chars:
        lines.append(f"[output truncated: {total:,} bytes produced, first part shown]")
    if timed_out:
        lines.append(f"[killed after the {timeout}s timeout]")
    lines.append(f"[exit code {proc.returncode}]")
    return "\n".join(line for line in lines if line)
