"""Finding things in the workspace: files by glob, lines by regular expression, via ripgrep.

Both skip the usual bulky folders (.git, node_modules, virtualenvs, caches) and whatever
.gitignore excludes, never follow symlinks, never enter the app's own folders, read only
regular files (a FIFO is skipped, not opened) and cap how much they return. The search itself
runs in a ripgrep process with a deadline (see :mod:`ripgrep`): a pathological pattern or a
huge tree ends as a partial answer, and Stop kills it at once.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from pi_desktop.agent.tool import ToolError
from pi_desktop.agent.tools.access import Workspace, arg_str
from pi_desktop.agent.tools.fsafe import Target, open_dir, open_leaf, tool_error
from pi_desktop.agent.tools.paths import cap_output, contains
from pi_desktop.agent.tools.ripgrep import (
    MAX_OUTPUT_BYTES,
    SEARCH_TIMEOUT,
    RgOutcome,
    glob_literal,
    run_rg,
)

SKIP_DIRS = frozenset(
    {".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", ".mypy_cache",
     ".pytest_cache", ".ruff_cache", ".tox", "dist", "build", ".idea"}
)  # fmt: skip
MAX_RESULTS = 1_000
MAX_GREP_FILE_BYTES = 10 * 1024 * 1024
MAX_LINE_CHARS = 300
_ARGUMENT_ERRORS = (
    "regex parse error",
    "error parsing glob",
    "not allowed in a regex",
    "exceeds size limit",
    "unrecognized flag",
)


def _exclusions(ws: Workspace, start: Path) -> list[str]:
    """``-g !...`` arguments: the bulky folders, and the app's folders below ``start``."""
    args: list[str] = []
    for name in sorted(SKIP_DIRS):
        args += ["-g", f"!{glob_literal(name)}"]
    for private in ws.protected:
        if private != start and contains(start, private):
            args += ["-g", f"!/{glob_literal(private.relative_to(start).as_posix())}"]
    return args


class _Scope:
    """Turns ripgrep's paths (relative to the start, symlink-free: rg follows none) into the
    paths shown, dropping any inside the app's folders — the second line of defence behind
    the exclusions. Plain string work: it runs once per output line, on the event loop."""

    def __init__(self, ws: Workspace, target: Target) -> None:
        start = target.path
        if target.read_only:
            self.prefix = f"{start}/"
        else:
            self.prefix = "" if target.shown == "." else f"{target.shown}/"
        self.private = tuple(
            p.relative_to(start).as_posix()
            for p in ws.protected
            if p != start and contains(start, p)
        )

    def show(self, rel: str) -> str | None:
        for private in self.private:
            if rel == private or rel.startswith(private + "/"):
                return None
        return self.prefix + rel


def _no_nul(value: str, what: str) -> str:
    if "\x00" in value:
        raise ToolError(f"{what} contains a NUL character")
    return value


def _open_start(target: Target) -> tuple[int, int]:
    """A descriptor of the search start and its ``st_mode``."""
    try:
        fd = open_leaf(target, os.O_RDONLY)
    except FileNotFoundError:
        raise ToolError(f"no such file or directory: {target.shown}") from None
    except OSError as exc:
        raise tool_error(exc, target.shown, "search") from None
    return fd, os.fstat(fd).st_mode


def _stop_notes(outcome: RgOutcome, timeout: float) -> list[str]:
    notes = []
    if outcome.timed_out:
        notes.append(
            f"[search stopped after {timeout:g} s: results are partial; narrow the path or pattern]"
        )
    if outcome.overflowed:
        notes.append(f"[search stopped after {MAX_OUTPUT_BYTES >> 20} MiB of output: partial]")
    return notes


def _failure(outcome: RgOutcome, what: str) -> ToolError | None:
    """The error for a run that failed on its arguments (a bad pattern or glob); unreadable
    files and folders met on the way are not failures (they are skipped)."""
    if outcome.returncode != 2:
        return None
    text = outcome.stderr.replace("rg: ", "")
    if not any(key in text for key in _ARGUMENT_ERRORS):
        return None
    return ToolError(f"invalid {what}: {' '.join(text.split())[:500]}")


class _Records:
    """Splits ripgrep's ``path NUL rest`` records, rejoining a path that held a newline."""

    def __init__(self, handle: Any) -> None:
        self._handle = handle
        self._pending = b""

    def __call__(self, record: bytes) -> None:
        if self._pending:
            record, self._pending = self._pending + b"\n" + record, b""
        if b"\0" not in record:
            self._pending = record
            return
        raw, _, rest = record.partition(b"\0")
        self._handle(_relative(raw), rest)


def _relative(raw: bytes) -> str:
    rel = os.fsdecode(raw)
    return rel[2:] if rel.startswith("./") else rel


async def find_files(
    ws: Workspace, args: dict[str, Any], *, timeout: float = SEARCH_TIMEOUT
) -> str:
    pattern = _no_nul(arg_str(args, "pattern").strip(), "pattern")
    if not pattern:
        raise ToolError("pattern is empty; give a glob such as '*.py' or 'src/**/*.md'")
    if pattern.startswith("/") or ".." in Path(pattern).parts:
        raise ToolError("pattern must be relative to the workspace and must not contain '..'")
    target = ws.locate(arg_str(args, "path", required=False, default="."))
    fd, mode = _open_start(target)
    matches: list[str] = []
    total = 0

    scope = _Scope(ws, target)

    def found(record: bytes) -> None:
        nonlocal total
        shown = scope.show(_relative(record))
        if shown is None:
            return
        total += 1
        if len(matches) < MAX_RESULTS:
            matches.append(shown)

    try:
        if not stat.S_ISDIR(mode):
            raise ToolError(f"{target.shown} is not a directory")
        glob = "\\" + pattern if pattern.startswith("!") else pattern
        rg_args = ["--files", "--null", "--hidden", "--sort", "path"]
        rg_args += ["-g", glob, *_exclusions(ws, target.path), "--", "."]
        outcome = await run_rg(
            rg_args,
            found,
            cwd_fd=fd,
            cwd_path=target.path,
            separator=b"\0",
            timeout=timeout,
        )
    finally:
        os.close(fd)
    if not matches and (error := _failure(outcome, f"pattern {pattern!r}")):
        raise error
    notes = _stop_notes(outcome, timeout)
    if not matches:
        return "\n".join([f"No files match {pattern!r} under {target.shown}", *notes])
    lines = [f"{total} file(s) match {pattern!r}:", *matches]
    if total > MAX_RESULTS:
        lines.append(f"[{total - MAX_RESULTS} more not shown; narrow the pattern]")
    return cap_output("\n".join([*lines, *notes]), ws.max_output_chars)


async def grep(ws: Workspace, args: dict[str, Any], *, timeout: float = SEARCH_TIMEOUT) -> str:
    pattern = _no_nul(arg_str(args, "pattern"), "pattern")
    if not pattern:
        raise ToolError("pattern is empty")
    target = ws.locate(arg_str(args, "path", required=False, default="."))
    glob = _no_nul(arg_str(args, "glob", required=False), "glob") or None
    hits: list[str] = []
    hit_files: set[str] = set()
    total = 0

    def matched(shown: str, rest: bytes) -> None:
        nonlocal total
        number, _, text = rest.partition(b":")
        total += 1
        if len(hits) < MAX_RESULTS:
            hit_files.add(shown)
            line = text.decode("utf-8", "replace").rstrip("\r")
            hits.append(f"{shown}:{number.decode('ascii', 'replace')}: {line}")

    scope = _Scope(ws, target)

    def in_folder(rel: str, rest: bytes) -> None:
        shown = scope.show(rel)
        if shown is not None:
            matched(shown, rest)

    common = ["--line-number", "--no-heading", "--color", "never"]
    common += ["--max-columns", str(MAX_LINE_CHARS), "--max-columns-preview"]
    common += ["-i"] if args.get("ignore_case") else []
    fd, mode = _open_start(target)
    try:
        if stat.S_ISDIR(mode):
            rg_args = [*common, "--null", "--with-filename", "--hidden", "--sort", "path"]
            rg_args += ["--max-filesize", str(MAX_GREP_FILE_BYTES)]
            rg_args += (["-g", glob] if glob else []) + _exclusions(ws, target.path)
            handle = _Records(in_folder)
            outcome = await run_rg(
                [*rg_args, "-e", pattern, "--", "."],
                handle,
                cwd_fd=fd,
                cwd_path=target.path,
                separator=b"\n",
                timeout=timeout,
            )
        elif stat.S_ISREG(mode):  # the opened file itself is the input: nothing to swap
            parent = open_dir(target.base, target.parts[:-1])
            try:
                outcome = await run_rg(
                    [*common, "--no-filename", "-e", pattern, "-"],
                    lambda rec: matched(target.shown, rec),
                    cwd_fd=parent,
                    cwd_path=target.path.parent,
                    stdin_fd=fd,
                    separator=b"\n",
                    timeout=timeout,
                )
            finally:
                os.close(parent)
        else:
            raise ToolError(f"{target.shown} is not a regular file (a FIFO, device or socket)")
    finally:
        os.close(fd)
    if not hits and (error := _failure(outcome, f"regular expression {pattern!r}")):
        raise error
    notes = _stop_notes(outcome, timeout)
    if not hits:
        return "\n".join([f"No matches for /{pattern}/ under {target.shown}", *notes])
    lines = [f"{total} match(es) for /{pattern}/ in {len(hit_files)} file(s):", *hits]
    if total > len(hits):
        lines.append(f"[{total - len(hits)} more matches not shown; narrow the search]")
    return cap_output("\n".join([*lines, *notes]), ws.max_output_chars)
