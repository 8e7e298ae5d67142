"""Finding and ending every process a command started, including those that left its session.

A process group or session is not a container: ``setsid``, a double fork or ``nohup`` leave it,
and such a child keeps running after a timeout or Stop (and keeps the output pipe open, so the
output was lost while waiting for it). A run is therefore tagged three ways, and a process that
matches any of them belongs to it: it is in the run's session, its environment carries the
run's unique marker (inherited by every descendant that did not clear its environment), or it
holds the run's output pipe. Without ``/proc`` only the session's group is killed.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from dataclasses import dataclass

RUN_MARKER = "PI_DESKTOP_RUN"
_ROUNDS = 50


@dataclass
class RunTag:
    """How to recognise a run's processes: marker value, session id, output pipe inode."""

    marker: str
    session_id: int | None = None
    pipe_inode: int | None = None


def _read(path: str) -> bytes:
    with open(path, "rb") as handle:
        return handle.read()


def _state_and_session(pid: int) -> tuple[bytes, int]:
    fields = _read(f"/proc/{pid}/stat").rsplit(b")", 1)[1].split()
    return fields[0], int(fields[3])  # state, ppid, pgrp, session


def _has_marker(pid: int, needle: bytes) -> bool:
    return needle in b"\0" + _read(f"/proc/{pid}/environ")


def _holds_pipe(pid: int, pipe: str) -> bool:
    base = f"/proc/{pid}/fd"
    for fd in os.listdir(base):
        with contextlib.suppress(OSError):
            if os.readlink(f"{base}/{fd}") == pipe:
                return True
    return False


def run_members(tag: RunTag) -> set[int]:
    """Live (non-zombie) processes of the run, this process excluded."""
    try:
        pids = [int(name) for name in os.listdir("/proc") if name.isdigit()]
    except OSError:
        return set()
    me = os.getpid()
    needle = f"\0{RUN_MARKER}={tag.marker}\0".encode()
    pipe = f"pipe:[{tag.pipe_inode}]"
    found = set()
    for pid in pids:
        if pid == me:
            continue
        try:
            state, session = _state_and_session(pid)
            if state in (b"Z", b"X"):
                continue
            if (
                session == tag.session_id
                or _has_marker(pid, needle)
                or (tag.pipe_inode is not None and _holds_pipe(pid, pipe))
            ):
                found.add(pid)
        except (OSError, ValueError, IndexError):  # gone, or not ours to inspect
            continue
    return found


def end_run(tag: RunTag) -> int:
    """SIGKILL the run's processes until none is left (a forking one is caught on the next
    round); returns how many were killed."""
    if tag.session_id is not None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(tag.session_id, signal.SIGKILL)
    killed = 0
    for _ in range(_ROUNDS):
        members = run_members(tag)
        if not members:
            break
        for pid in members:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
                killed += 1
        time.sleep(0.002)
    return killed
