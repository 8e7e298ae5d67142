"""``list_dir``: one folder's entries, read through a safe descriptor of the folder.

One odd entry never fails the listing: a symlink loop, a dangling link or an entry that
vanished mid-listing is shown for what it is. Links are described, never followed out, and
the app's own folders are named but marked as not accessible.
"""

from __future__ import annotations

import asyncio
import os
import stat
from pathlib import Path
from typing import Any

from pi_desktop.agent.tool import ToolError
from pi_desktop.agent.tools.access import Workspace, arg_str
from pi_desktop.agent.tools.fsafe import Target, open_leaf, tool_error
from pi_desktop.agent.tools.paths import cap_output, contains, display_path

MAX_LIST_ENTRIES = 1_000
_PRIVATE = "(pi-desktop's own data; not accessible)"


def _link_line(ws: Workspace, folder: Path, name: str, fd: int) -> str:
    try:
        link = os.readlink(name, dir_fd=fd)
    except OSError:
        return f"{name} -> (unreadable link)"
    try:
        real = (folder / link).resolve(strict=True)
    except FileNotFoundError:
        return f"{name} -> (broken link)"
    except (OSError, RuntimeError):
        return f"{name} -> (symlink loop)"
    if ws.is_protected(real) and not any(contains(r, real) for r in ws.readable):
        return f"{name} -> {_PRIVATE}"
    if not contains(ws.root, real):
        return f"{name} -> (outside the workspace)"
    return f"{name} -> {display_path(ws.root, real)}"


def _entry_kind(entry: os.DirEntry[str]) -> tuple[int, int]:
    """``(st_mode, size)`` of the entry itself (never following it); ``(0, 0)`` if it vanished."""
    try:
        st = entry.stat(follow_symlinks=False)
    except OSError:
        return 0, 0
    return st.st_mode, st.st_size


def _entry_line(ws: Workspace, folder: Path, entry: os.DirEntry[str], fd: int) -> tuple[int, str]:
    mode, size = _entry_kind(entry)
    name = entry.name
    if stat.S_ISLNK(mode):
        line = _link_line(ws, folder, name, fd)
        try:
            is_dir = entry.is_dir()
        except OSError:  # a loop: ELOOP is not swallowed by is_dir
            is_dir = False
        return (0 if is_dir else 1), line
    if stat.S_ISDIR(mode):
        path = folder / name
        private = ws.is_protected(path) and not any(contains(r, path) for r in ws.readable)
        return 0, f"{name}/  {_PRIVATE}" if private else f"{name}/"
    if stat.S_ISREG(mode):
        return 1, f"{name}  ({size:,} bytes)"
    if mode == 0:
        return 1, f"{name}  (vanished while listing)"
    kind = "FIFO" if stat.S_ISFIFO(mode) else "socket" if stat.S_ISSOCK(mode) else "device"
    return 1, f"{name}  ({kind}; not readable)"


def _list(ws: Workspace, target: Target) -> str:
    shown = target.shown
    try:
        fd = open_leaf(target, os.O_RDONLY)
    except FileNotFoundError:
        raise ToolError(f"no such directory: {shown}") from None
    except OSError as exc:
        raise tool_error(exc, shown, "list") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISREG(mode):
            raise ToolError(f"{shown} is a file; use read_file to read it")
        if not stat.S_ISDIR(mode):
            raise ToolError(f"{shown} is not a folder")
        try:
            with os.scandir(fd) as scan:
                rows = [_entry_line(ws, target.path, entry, fd) for entry in scan]
        except OSError as exc:
            raise tool_error(exc, shown, "list") from None
    finally:
        os.close(fd)
    rows.sort(key=lambda row: (row[0], row[1].lower()))
    lines = [line for _, line in rows[:MAX_LIST_ENTRIES]]
    header = f"{shown}: {len(rows)} entr{'y' if len(rows) == 1 else 'ies'}"
    if len(rows) > MAX_LIST_ENTRIES:
        lines.append(f"[{len(rows) - MAX_LIST_ENTRIES} more entries not shown]")
    return "\n".join([header, *lines]) if lines else f"{shown} is empty"


async def list_dir(ws: Workspace, args: dict[str, Any]) -> str:
    target = ws.locate(arg_str(args, "path", required=False, default="."))
    text = await asyncio.to_thread(_list, ws, target)
    return cap_output(text, ws.max_output_chars)
