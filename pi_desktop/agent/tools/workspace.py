"""``build_workspace_tools``: the built-in tool set, rooted in one folder.

Schemas are written for models, not people: each says what the tool returns and how to
continue (offset for long files, replace_all for repeated text), because a model that
understands the tool makes fewer failed calls.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Any

from pi_desktop.agent.tool import Tool
from pi_desktop.agent.tools.access import Workspace
from pi_desktop.agent.tools.approval import ApproveCallback
from pi_desktop.agent.tools.command import DEFAULT_TIMEOUT, MAX_TIMEOUT, run_command
from pi_desktop.agent.tools.files import (
    DEFAULT_READ_LIMIT,
    edit_file,
    list_dir,
    read_file,
    write_file,
)
from pi_desktop.agent.tools.search import find_files, grep

DEFAULT_MAX_OUTPUT_CHARS = 100_000

_Handler = Callable[[Workspace, dict[str, Any]], Awaitable[str]]


def _schema(properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


_PATH = {"type": "string", "description": "Path relative to the workspace root."}

_SPECS: dict[str, tuple[str, dict[str, Any], _Handler]] = {
    "read_file": (
        f"Read a text file. Returns up to `limit` lines (default {DEFAULT_READ_LIMIT}) starting "
        "at line `offset` (1-based); a note at the end says how to continue. Also reads a "
        "saved (offloaded) tool result at the absolute path its note gives.",
        _schema(
            {
                "path": _PATH,
                "offset": {"type": "integer", "minimum": 1, "description": "First line (1-based)."},
                "limit": {"type": "integer", "minimum": 1, "description": "Max lines to return."},
            },
            ["path"],
        ),
        read_file,
    ),
    "write_file": (
        "Create or overwrite a text file with `content` (parent folders are created). "
        "Needs the user's approval.",
        _schema({"path": _PATH, "content": {"type": "string"}}, ["path", "content"]),
        write_file,
    ),
    "edit_file": (
        "Replace the exact text `old_text` with `new_text` in a file. `old_text` must occur "
        "exactly once unless `replace_all` is true; copy it verbatim, whitespace included. "
        "Needs the user's approval.",
        _schema(
            {
                "path": _PATH,
                "old_text": {"type": "string"},
                "new_text": {"type": "string"},
                "replace_all": {"type": "boolean", "default": False},
            },
            ["path", "old_text", "new_text"],
        ),
        edit_file,
    ),
    "list_dir": (
        "List a folder: sub-folders end with '/', files show their size.",
        _schema({"path": {**_PATH, "default": "."}}, []),
        list_dir,
    ),
    "find_files": (
        "Find files by glob pattern, e.g. '*.py' (searched recursively), 'src/**/*.md'. "
        "Skips files .gitignore excludes, bulky folders (.git, node_modules, ...) and symlinks.",
        _schema(
            {"pattern": {"type": "string"}, "path": {**_PATH, "description": "Folder to search."}},
            ["pattern"],
        ),
        find_files,
    ),
    "grep": (
        "Search file contents with a regular expression (ripgrep); returns 'path:line: text' "
        "lines. Skips files .gitignore excludes, bulky folders (.git, node_modules, ...), "
        "binary files and symlinks; a search running too long stops with partial results.",
        _schema(
            {
                "pattern": {
                    "type": "string",
                    "description": "Regular expression (ripgrep/Rust syntax, close to Python's "
                    "but without look-around or backreferences).",
                },
                "path": {**_PATH, "description": "File or folder to search (default: all)."},
                "glob": {"type": "string", "description": "Only files matching, e.g. '*.py'."},
                "ignore_case": {"type": "boolean", "default": False},
            },
            ["pattern"],
        ),
        grep,
    ),
    "run_command": (
        "Run a shell command in the workspace folder and return its output and exit code. "
        "Needs the user's approval.",
        _schema(
            {
                "command": {"type": "string"},
                "timeout": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": MAX_TIMEOUT,
                    "description": f"Seconds (default {DEFAULT_TIMEOUT}).",
                },
            },
            ["command"],
        ),
        run_command,
    ),
}

READ_ONLY_TOOLS = ("read_file", "list_dir", "find_files", "grep")
WRITE_TOOLS = ("write_file", "edit_file", "run_command")


def build_workspace_tools(
    workspace: Path,
    *,
    approve: ApproveCallback | None = None,
    allow_commands: bool = False,
    max_output_chars: int = DEFAULT_MAX_OUTPUT_CHARS,
    protected: Iterable[Path | str] = (),
    readable: Iterable[Path | str] = (),
    env_allow: Iterable[str] = (),
) -> list[Tool]:
    """The built-in tools rooted at ``workspace``.

    ``approve`` is awaited before every write, edit and command; ``None`` refuses them all
    (pass ``auto_approve`` to allow without asking). ``run_command`` exists only when
    ``allow_commands``. ``max_output_chars`` is a sanity cap far above the size the context
    engine offloads (L3), not a substitute for it.

    ``protected`` folders (the session library, ...) are refused to every tool even inside the
    workspace, in addition to the app's own data, config, cache, state and log folders, which
    always are. ``readable`` folders (the session's tool-results folder) can be read, never
    written. ``env_allow`` adds variable names or patterns (``MY_*``) that commands may see on
    top of the base allow-list (PATH, HOME, locale, terminal, ...).
    """
    root = Path(workspace).expanduser().resolve()
    if not root.is_dir():
        raise ValueError(f"workspace {root} is not a directory")
    ws = Workspace.build(
        root,
        approve,
        max_output_chars,
        protected=protected,
        readable=readable,
        env_allow=env_allow,
    )
    tools = []
    for name, (description, parameters, handler) in _SPECS.items():
        if name == "run_command" and not allow_commands:
            continue
        tools.append(Tool(name, description, parameters, partial(handler, ws)))
    return tools
