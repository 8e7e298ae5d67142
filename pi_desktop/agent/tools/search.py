"""Finding things in the workspace: files by glob, lines by regular expression.

Both skip the usual bulky folders (.git, node_modules, virtualenvs, caches), never follow a
symlink out of the workspace, and cap how much they return, so a search on a big tree stays
a bounded answer. The walk runs in a worker thread to keep the window responsive.
"""

from __future__ import annotations

import asyncio
import fnmatch
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pi_desktop.agent.tool import ToolError
from pi_desktop.agent.tools.files import Workspace, arg_str, looks_binary
from pi_desktop.agent.tools.paths import cap_output, display_path, is_inside

SKIP_DIRS = frozenset(
    {".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", ".mypy_cache",
     ".pytest_cache", ".ruff_cache", ".tox", "dist", "build", ".idea"}
)  # fmt: skip
MAX_RESULTS = 1_000
MAX_GREP_FILE_BYTES = 10 * 1024 * 1024
MAX_LINE_CHARS = 300


def _walk_files(start: Path, root: Path) -> Iterator[Path]:
    """Files under ``start`` (itself if a file), skipping bulky dirs and symlinks that leave."""
    if start.is_file():
        yield start
        return
    for dirpath, dirnames, filenames in os.walk(start, followlinks=False):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
        for name in sorted(filenames):
            path = Path(dirpath) / name
            if path.is_symlink() and not is_inside(root, path):
                continue
            yield path


def glob_regex(pattern: str) -> re.Pattern[str]:
    """A glob as a regex over ``/``-separated relative paths: ``**`` spans folders, ``*`` and
    ``?`` stay within one name, ``[...]`` is a character class."""
    out, i = [], 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        elif pattern[i] == "[" and "]" in pattern[i + 2 :]:
            end = pattern.index("]", i + 2)
            body = pattern[i + 1 : end]
            out.append("[" + ("^" + body[1:] if body.startswith("!") else body) + "]")
            i = end + 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return re.compile("".join(out) + r"\Z")


def _find(root: Path, start: Path, pattern: str) -> list[str]:
    if not start.is_dir():
        raise ToolError(f"{display_path(root, start)} is not a directory")
    regex = glob_regex(pattern)
    by_name = "/" not in pattern  # "*.py" matches a name at any depth, like `find -name`
    matches: list[str] = []
    for path in _walk_files(start, root):
        rel = path.relative_to(start).as_posix()
        if regex.match(path.name if by_name else rel):
            matches.append(display_path(root, path))
    return sorted(matches)


async def find_files(ws: Workspace, args: dict[str, Any]) -> str:
    pattern = arg_str(args, "pattern").strip()
    if not pattern:
        raise ToolError("pattern is empty; give a glob such as '*.py' or 'src/**/*.md'")
    if pattern.startswith("/") or ".." in Path(pattern).parts:
        raise ToolError("pattern must be relative to the workspace and must not contain '..'")
    start = ws.resolve(arg_str(args, "path", required=False, default="."))
    root = ws.root
    try:
        matches = await asyncio.to_thread(_find, root, start, pattern)
    except re.error as exc:
        raise ToolError(f"invalid pattern {pattern!r}: {exc}") from None
    if not matches:
        return f"No files match {pattern!r} under {ws.show(start)}"
    shown = matches[:MAX_RESULTS]
    lines = [f"{len(matches)} file(s) match {pattern!r}:", *shown]
    if len(matches) > MAX_RESULTS:
        lines.append(f"[{len(matches) - MAX_RESULTS} more not shown; narrow the pattern]")
    return cap_output("\n".join(lines), ws.max_output_chars)


def _grep(
    root: Path, start: Path, regex: re.Pattern[str], glob: str | None
) -> tuple[list[str], int]:
    if not start.exists():
        raise ToolError(f"no such file or directory: {display_path(root, start)}")
    hits: list[str] = []
    total = 0
    for path in _walk_files(start, root):
        rel = display_path(root, path)
        if glob and not (fnmatch.fnmatch(rel, glob) or fnmatch.fnmatch(path.name, glob)):
            continue
        try:
            if path.stat().st_size > MAX_GREP_FILE_BYTES:
                continue
            data = path.read_bytes()
        except OSError:
            continue
        if looks_binary(data):
            continue
        for number, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
            if regex.search(line):
                total += 1
                if len(hits) < MAX_RESULTS:
                    text = line if len(line) <= MAX_LINE_CHARS else line[:MAX_LINE_CHARS] + "…"
                    hits.append(f"{rel}:{number}: {text}")
    return hits, total


async def grep(ws: Workspace, args: dict[str, Any]) -> str:
    pattern = arg_str(args, "pattern")
    if not pattern:
        raise ToolError("pattern is empty")
    flags = re.IGNORECASE if args.get("ignore_case") else 0
    try:
        regex = re.compile(pattern, flags)
    except re.error as exc:
        raise ToolError(f"invalid regular expression {pattern!r}: {exc}") from None
    start = ws.resolve(arg_str(args, "path", required=False, default="."))
    glob = arg_str(args, "glob", required=False) or None
    hits, total = await asyncio.to_thread(_grep, ws.root, start, regex, glob)
    if not hits:
        return f"No matches for /{pattern}/ under {ws.show(start)}"
    files = len({h.split(":", 1)[0] for h in hits})
    lines = [f"{total} match(es) for /{pattern}/ in {files} file(s):", *hits]
    if total > len(hits):
        lines.append(f"[{total - len(hits)} more matches not shown; narrow the search]")
    return cap_output("\n".join(lines), ws.max_output_chars)
