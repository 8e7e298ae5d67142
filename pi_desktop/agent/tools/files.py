"""The file tools: read (by line window), write, exact-text edit, list a folder.

Reads are free; writes and edits show the user a diff through the approval callback first.
Blocking file I/O runs in a worker thread so a large file never freezes the window's loop.
"""

from __future__ import annotations

import asyncio
import difflib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pi_desktop.agent.tool import ToolError
from pi_desktop.agent.tools.approval import ApprovalRequest, ApproveCallback, require_approval
from pi_desktop.agent.tools.paths import (
    cap_note,
    cap_output,
    contains,
    display_path,
    resolve_in_workspace,
)

DEFAULT_READ_LIMIT = 2_000
MAX_LIST_ENTRIES = 1_000
DETAILS_CHARS = 20_000
_BINARY_PROBE = 8_192


@dataclass(frozen=True)
class Workspace:
    """What every tool handler needs: the root, the approval callback, the output cap.

    ``root`` is resolved once, when the tools are built; every containment check and every
    path shown to the model is relative to it, so nothing resolves it again per call.
    """

    root: Path
    approve: ApproveCallback | None
    max_output_chars: int

    def resolve(self, raw: object, what: str = "path") -> Path:
        return resolve_in_workspace(self.root, raw, what=what)

    def show(self, path: Path) -> str:
        return display_path(self.root, path)


def arg_str(args: dict[str, Any], key: str, *, required: bool = True, default: str = "") -> str:
    """A string argument; ``ToolError`` names the problem so the model can fix its call."""
    value = args.get(key)
    if value is None:
        if required:
            raise ToolError(f"missing required argument '{key}'")
        return default
    if not isinstance(value, str):
        raise ToolError(f"argument '{key}' must be a string, got {type(value).__name__}")
    return value


def arg_int(args: dict[str, Any], key: str, default: int, *, minimum: int = 0) -> int:
    """An integer argument (numeric strings accepted: models send them)."""
    value = args.get(key)
    if value is None or value == "":
        return default
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ToolError(f"argument '{key}' must be an integer, got {value!r}") from None
    if number < minimum:
        raise ToolError(f"argument '{key}' must be at least {minimum}, got {number}")
    return number


def looks_binary(data: bytes) -> bool:
    """A NUL byte near the start: not text (read_file refuses it, grep skips it)."""
    return b"\x00" in data[:_BINARY_PROBE]


def read_text(path: Path, shown: str) -> str:
    """The file as text; refuses folders, missing files and binary content."""
    if not path.exists():
        raise ToolError(f"no such file: {shown}")
    if path.is_dir():
        raise ToolError(f"{shown} is a directory; use list_dir to see what it contains")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ToolError(f"cannot read {shown}: {exc.strerror or exc}") from None
    if looks_binary(data):
        raise ToolError(f"{shown} looks like a binary file ({len(data):,} bytes); not shown")
    return data.decode("utf-8", errors="replace")


def _read_window(path: Path, shown: str, offset: int, limit: int, max_chars: int) -> str:
    text = read_text(path, shown)
    if not text:
        return f"({shown} is empty)"
    lines = text.splitlines(keepends=True)
    if offset > len(lines):
        raise ToolError(f"offset {offset} is past the end of {shown} ({len(lines)} lines)")
    window = lines[offset - 1 : offset - 1 + limit]
    body = "".join(window)
    last = offset - 1 + len(window)
    if len(body) > max_chars:  # the note states the file's real size and where to go on
        whole = body[:max_chars].count("\n")
        more = f"{shown} has {len(lines):,} lines"
        if whole:
            more += f"; lines {offset}-{offset - 1 + whole} are complete"
            if offset + whole <= len(lines):
                more += f", continue with offset={offset + whole}"
        return body[:max_chars] + cap_note(max_chars, len(text), first=offset == 1, more=more)
    if offset > 1 or last < len(lines):
        more = f"; continue with offset={last + 1}" if last < len(lines) else ""
        body += f"\n[lines {offset}-{last} of {len(lines)} in {shown}{more}]"
    return body


async def read_file(ws: Workspace, args: dict[str, Any]) -> str:
    path = ws.resolve(arg_str(args, "path"))
    offset = arg_int(args, "offset", 1, minimum=1)
    limit = arg_int(args, "limit", DEFAULT_READ_LIMIT, minimum=1)
    max_chars = ws.max_output_chars  # applied in the window, so its notes are never cut off
    return await asyncio.to_thread(_read_window, path, ws.show(path), offset, limit, max_chars)


def unified_diff(old: str, new: str, shown: str) -> str:
    """A unified diff for the approval dialog (capped: it is for a human to glance at)."""
    diff = difflib.unified_diff(
        old.splitlines(keepends=True), new.splitlines(keepends=True), f"a/{shown}", f"b/{shown}"
    )
    return cap_output("".join(diff), DETAILS_CHARS)


def _count_lines(text: str) -> int:
    return len(text.splitlines())


def _write(path: Path, content: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write(content)


async def write_file(ws: Workspace, args: dict[str, Any]) -> str:
    path = ws.resolve(arg_str(args, "path"))
    content = arg_str(args, "content")
    shown = ws.show(path)
    if path == ws.root or path.is_dir():
        raise ToolError(f"{shown} is a directory; give a file path")
    exists = path.exists()
    if exists:
        old = await asyncio.to_thread(read_text, path, shown)
        summary = f"overwrite {shown} ({_count_lines(old)} → {_count_lines(content)} lines)"
        details = unified_diff(old, content, shown) or "(no changes)"
    else:
        summary = f"create {shown} ({_count_lines(content)} lines, {len(content):,} chars)"
        details = cap_output(content, DETAILS_CHARS)
    await require_approval(ws.approve, ApprovalRequest("write_file", summary, details))
    try:
        await asyncio.to_thread(_write, path, content)
    except OSError as exc:
        raise ToolError(f"cannot write {shown}: {exc.strerror or exc}") from None
    verb = "Overwrote" if exists else "Created"
    return f"{verb} {shown} ({len(content):,} chars, {_count_lines(content)} lines)"


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
    path = ws.resolve(arg_str(args, "path"))
    old_text = arg_str(args, "old_text")
    new_text = arg_str(args, "new_text")
    replace_all = bool(args.get("replace_all", False))
    shown = ws.show(path)
    if not old_text:
        raise ToolError("old_text is empty; give the exact text to replace")
    if old_text == new_text:
        raise ToolError("old_text and new_text are identical; nothing to change")
    content = await asyncio.to_thread(read_text, path, shown)
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
    details = unified_diff(content, updated, shown)
    await require_approval(ws.approve, ApprovalRequest("edit_file", summary, details))
    try:
        await asyncio.to_thread(_write, path, updated)
    except OSError as exc:
        raise ToolError(f"cannot write {shown}: {exc.strerror or exc}") from None
    return f"Edited {shown}: replaced {count} occurrence(s), first at line {first_line}"


def _list(path: Path, shown: str, root: Path) -> str:
    if not path.exists():
        raise ToolError(f"no such directory: {shown}")
    if not path.is_dir():
        raise ToolError(f"{shown} is a file; use read_file to read it")
    try:
        entries = sorted(os.scandir(path), key=lambda e: (not e.is_dir(), e.name.lower()))
    except OSError as exc:
        raise ToolError(f"cannot list {shown}: {exc.strerror or exc}") from None
    lines = []
    for entry in entries[:MAX_LIST_ENTRIES]:
        if entry.is_symlink():
            target = Path(entry.path).resolve()
            inside = contains(root, target)
            where = display_path(root, target) if inside else "(outside the workspace)"
            lines.append(f"{entry.name} -> {where}")
        elif entry.is_dir():
            lines.append(f"{entry.name}/")
        else:
            try:
                size = entry.stat().st_size
            except OSError:
                size = 0
            lines.append(f"{entry.name}  ({size:,} bytes)")
    header = f"{shown}: {len(entries)} entr{'y' if len(entries) == 1 else 'ies'}"
    if len(entries) > MAX_LIST_ENTRIES:
        lines.append(f"[{len(entries) - MAX_LIST_ENTRIES} more entries not shown]")
    return "\n".join([header, *lines]) if lines else f"{shown} is empty"


async def list_dir(ws: Workspace, args: dict[str, Any]) -> str:
    path = ws.resolve(arg_str(args, "path", required=False, default="."))
    text = await asyncio.to_thread(_list, path, ws.show(path), ws.root)
    return cap_output(text, ws.max_output_chars)
