"""The file tools: read (by line window), write, exact-text edit.

Reads are free; writes and edits show the user a diff through the approval callback first.
Every open goes through :mod:`fsafe` (no symlink followed after the check, regular files
only), and a write happens only if the file is still the one whose diff the user approved.
Blocking file I/O runs in a worker thread, always bounded (a line window, a byte cap), so a
huge file neither freezes the window's loop nor fills memory.
"""

from __future__ import annotations

import asyncio
import difflib
import os
from typing import Any

from pi_desktop.agent.tool import ToolError
from pi_desktop.agent.tools.access import Workspace, arg_int, arg_str
from pi_desktop.agent.tools.approval import ApprovalRequest, require_approval
from pi_desktop.agent.tools.fsafe import (
    Stamp,
    Target,
    link_note,
    open_leaf,
    open_regular_for_read,
    read_upto,
    regular_or_refuse,
    tool_error,
    write_regular,
)
from pi_desktop.agent.tools.listing import MAX_LIST_ENTRIES, list_dir
from pi_desktop.agent.tools.paths import cap_note, cap_output

__all__ = [
    "DEFAULT_READ_LIMIT",
    "MAX_LIST_ENTRIES",
    "Workspace",
    "arg_int",
    "arg_str",
    "edit_file",
    "list_dir",
    "looks_binary",
    "read_file",
    "write_file",
]

DEFAULT_READ_LIMIT = 2_000
DETAILS_CHARS = 20_000
READ_BYTES_CAP = 16 * 1024 * 1024  # the most one read_file window takes from a file
SCAN_BYTES_CAP = 1024 * 1024 * 1024  # how far read_file skips lines to reach `offset`
COUNT_LINES_UP_TO = 8 * 1024 * 1024  # files up to this size get an "of N lines" total
EDIT_BYTES_CAP = 16 * 1024 * 1024  # write_file diffs / edit_file edits files up to this size
_BINARY_PROBE = 8_192


def looks_binary(data: bytes) -> bool:
    """A NUL byte near the start: not text (read_file refuses it, grep skips it)."""
    return b"\x00" in data[:_BINARY_PROBE]


def _count_rest(handle: Any) -> tuple[int, bool]:
    """Newlines left in ``handle`` and whether the last byte read was a newline."""
    count, last = 0, b"\n"
    while chunk := handle.read(1 << 20):
        count += chunk.count(b"\n")
        last = chunk[-1:]
    return count, last == b"\n"


def _skip_lines(handle: Any, offset: int, shown: str) -> None:
    """Advance past ``offset - 1`` lines, reading at most ``SCAN_BYTES_CAP`` bytes."""
    line, scanned = 1, 0
    while line < offset:
        chunk = handle.readline(1 << 20)
        if not chunk:
            raise ToolError(f"offset {offset} is past the end of {shown} ({line - 1} lines)")
        scanned += len(chunk)
        if chunk.endswith(b"\n") or not handle.peek(1):
            line += 1
        if scanned > SCAN_BYTES_CAP and line < offset:
            raise ToolError(
                f"offset {offset} lies beyond the first {SCAN_BYTES_CAP >> 20} MiB of {shown}; "
                "use grep to find the part you need"
            )


def _read_window(target: Target, offset: int, limit: int, max_chars: int = READ_BYTES_CAP) -> str:
    shown = target.shown
    fd, st = open_regular_for_read(target)
    note = link_note(st, shown)
    if note:  # stated first, where neither the window's cap nor L3's preview can cut it off
        return note + "\n" + _read_open(fd, st, target, offset, limit, max_chars)
    return _read_open(fd, st, target, offset, limit, max_chars)


def _read_open(
    fd: int, st: os.stat_result, target: Target, offset: int, limit: int, max_chars: int
) -> str:
    shown = target.shown
    with os.fdopen(fd, "rb", buffering=1 << 16) as handle:
        probe = read_upto(fd, _BINARY_PROBE)
        if not probe:
            return f"({shown} is empty)"
        if looks_binary(probe):
            raise ToolError(f"{shown} looks like a binary file ({st.st_size:,} bytes); not shown")
        _skip_lines(handle, offset, shown)
        window: list[bytes] = []
        size, cut = 0, False
        while len(window) < limit:
            room = READ_BYTES_CAP - size
            chunk = handle.readline(room) if room > 0 else b""
            if not chunk:
                cut = room <= 0
                break
            window.append(chunk)
            size += len(chunk)
            if not chunk.endswith(b"\n") and len(chunk) == room:
                cut = True
                break
        if not window:
            raise ToolError(f"offset {offset} is past the end of {shown} ({offset - 1} lines)")
        body = b"".join(window).decode("utf-8", errors="replace")
        last = offset - 1 + len(window)
        if len(body) > max_chars:  # the note states the file's real size and where to go on
            return body[:max_chars] + _size_note(handle, st, target, body, offset, max_chars)
        if cut:
            return (
                body
                + f"\n[read stopped at {READ_BYTES_CAP >> 20} MiB inside line {last} of {shown}]"
            )
        more = bool(handle.peek(1))
        if not more and offset == 1:
            return body
        follow = f"; continue with offset={last + 1}" if more else ""
        if not more:
            total = str(last)
        elif st.st_size <= COUNT_LINES_UP_TO:
            rest, ends_with_newline = _count_rest(handle)
            total = str(last + rest + (0 if ends_with_newline else 1))
        else:
            return body + f"\n[lines {offset}-{last} of {shown} ({st.st_size:,} bytes){follow}]"
        return body + f"\n[lines {offset}-{last} of {total} in {shown}{follow}]"


def _size_note(
    handle: Any, st: os.stat_result, target: Target, body: str, offset: int, max_chars: int
) -> str:
    """The cap note of a window over ``max_chars``: the file's real size, where to go on.

    Files up to ``COUNT_LINES_UP_TO`` bytes are counted exactly (chars and lines); a larger
    one is described by its size in bytes, an upper bound of its chars.
    """
    shown = target.shown
    whole = body[:max_chars].count("\n")
    if st.st_size <= COUNT_LINES_UP_TO:
        handle.seek(0)
        text = handle.read(COUNT_LINES_UP_TO + 1).decode("utf-8", errors="replace")
        total, lines = len(text), text.count("\n") + (0 if text.endswith("\n") else 1)
        more = f"{shown} has {lines:,} lines"
    else:
        total, lines = st.st_size, 0
        more = f"{shown} is {st.st_size:,} bytes"
    if whole:
        more += f"; lines {offset}-{offset - 1 + whole} are complete"
        if not lines or offset + whole <= lines:
            more += f", continue with offset={offset + whole}"
    return cap_note(max_chars, total, first=offset == 1, more=more)


async def read_file(ws: Workspace, args: dict[str, Any]) -> str:
    target = ws.locate(arg_str(args, "path"))
    offset = arg_int(args, "offset", 1, minimum=1)
    limit = arg_int(args, "limit", DEFAULT_READ_LIMIT, minimum=1)
    max_chars = ws.max_output_chars  # applied in the window, so its notes are never cut off
    return await asyncio.to_thread(_read_window, target, offset, limit, max_chars)


def _read_for_change(target: Target, *, need_text: bool) -> tuple[str | None, Stamp | None]:
    """The current text and stamp of the file a change is about, ``(None, None)`` if absent.

    A file over ``EDIT_BYTES_CAP`` has no text for a diff (``need_text`` makes that an error).
    """
    shown = target.shown
    if not target.parts:
        raise ToolError(f"{shown} is a directory; give a file path")
    try:
        fd = open_leaf(target, os.O_RDONLY)
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        raise tool_error(exc, shown) from None
    st = regular_or_refuse(fd, shown)
    try:
        if st.st_size > EDIT_BYTES_CAP:
            if need_text:
                raise ToolError(
                    f"{shown} is {st.st_size:,} bytes, too large to edit here "
                    f"(limit {EDIT_BYTES_CAP >> 20} MiB)"
                )
            return None, Stamp.of(st)
        data = read_upto(fd, EDIT_BYTES_CAP + 1)
    finally:
        os.close(fd)
    if looks_binary(data):
        raise ToolError(f"{shown} looks like a binary file ({len(data):,} bytes); not changed")
    return data.decode("utf-8", errors="replace"), Stamp.of(st)


def unified_diff(old: str, new: str, shown: str) -> str:
    """A unified diff for the approval dialog (capped: it is for a human to glance at)."""
    diff = difflib.unified_diff(
        old.splitlines(keepends=True), new.splitlines(keepends=True), f"a/{shown}", f"b/{shown}"
    )
    return cap_output("".join(_diff_line(line) for line in diff), DETAILS_CHARS)


def _diff_line(line: str) -> str:
    """A diff line on its own line: a file's last line without a newline gets git's marker
    (else "-hello" and "+bonjour" of a one-line file run together as "-hello+bonjour")."""
    if line.endswith(("\n", "\r")):
        return line
    return line + "\n\\ No newline at end of file\n"


def _count_lines(text: str) -> int:
    return len(text.splitlines())


async def write_file(ws: Workspace, args: dict[str, Any]) -> str:
    target = ws.locate(arg_str(args, "path"), write=True)
    content = arg_str(args, "content")
    shown = target.shown
    old, stamp = await asyncio.to_thread(_read_for_change, target, need_text=False)
    exists = stamp is not None
    if old is not None:
        summary = f"overwrite {shown} ({_count_lines(old)} → {_count_lines(content)} lines)"
        details = unified_diff(old, content, shown) or "(no changes)"
    elif exists:
        summary = f"overwrite {shown} (a large file) with {_count_lines(content)} lines"
        details = cap_output(content, DETAILS_CHARS)
    else:
        summary = f"create {shown} ({_count_lines(content)} lines, {len(content):,} chars)"
        details = cap_output(content, DETAILS_CHARS)
    summary += _links_said(stamp)
    await require_approval(ws.approve, ApprovalRequest("write_file", summary, details))
    data = content.encode("utf-8", errors="replace")
    await asyncio.to_thread(write_regular, target, data, stamp)
    verb = "Overwrote" if exists else "Created"
    return f"{verb} {shown} ({len(content):,} chars, {_count_lines(content)} lines)"


def _links_said(stamp: Stamp | None) -> str:
    """Part of the approval line: a file with other hard links is replaced at this name only."""
    if stamp is None or stamp.nlink <= 1:
        return ""
    return (
        f" — it has {stamp.nlink} hard links (maybe outside the workspace); only this name gets "
        "the new content, the other links keep the old one"
    )


def _line_numbers(text: str, needle: str, limit: int = 10) -> list[int]:
    numbers, start = [], 0
    while len(numbers) < limit:
        found = text.find(needle, start)
        if found < 0:
            break
        numbers.append(text.count("\n", 0, found) + 1)
        start = found + max(1, len(needle))
    return numbers


async def edit_file(ws: Workspace, args: dict[str, Any]) -> str:
    target = ws.locate(arg_str(args, "path"), write=True)
    old_text = arg_str(args, "old_text")
    new_text = arg_str(args, "new_text")
    replace_all = bool(args.get("replace_all", False))
    shown = target.shown
    if not old_text:
        raise ToolError("old_text is empty; give the exact text to replace")
    if old_text == new_text:
        raise ToolError("old_text and new_text are identical; nothing to change")
    content, stamp = await asyncio.to_thread(_read_for_change, target, need_text=True)
    if content is None or stamp is None:
        raise ToolError(f"no such file: {shown}")
    needle, replacement = old_text, new_text
    count = content.count(needle)
    if count == 0 and "\r\n" in content and "\r\n" not in old_text:  # CRLF file, LF old_text
        needle, replacement = old_text.replace("\n", "\r\n"), new_text.replace("\n", "\r\n")
        count = content.count(needle)
    if count == 0:
        hint = (
            " (it matches if leading/trailing whitespace is ignored: copy the text exactly)"
            if old_text.strip() and old_text.strip() in content
            else "; read the file again and copy the text exactly, including whitespace"
        )
        raise ToolError(f"old_text was not found in {shown}{hint}")
    if count > 1 and not replace_all:
        lines = ", ".join(map(str, _line_numbers(content, needle)))
        raise ToolError(
            f"old_text occurs {count} times in {shown} (lines {lines}); include more "
            "surrounding text so it is unique, or set replace_all=true"
        )
    updated = (
        content.replace(needle, replacement)
        if replace_all
        else content.replace(needle, replacement, 1)
    )
    first_line = _line_numbers(content, needle, 1)[0]
    summary = f"edit {shown}: replace {count} occurrence(s) near line {first_line}"
    summary += _links_said(stamp)
    details = unified_diff(content, updated, shown)
    await require_approval(ws.approve, ApprovalRequest("edit_file", summary, details))
    data = updated.encode("utf-8", errors="replace")
    await asyncio.to_thread(write_regular, target, data, stamp)
    return f"Edited {shown}: replaced {count} occurrence(s), first at line {first_line}"
