"""Export a session's current branch: Markdown, a self-contained HTML page, or the raw JSONL.

Pure functions of the session's state (and, for JSONL, of the file's bytes): the window picks a
file name and writes what these return (:func:`export_refusal` says which names it must not
take). Model output is hostile. The Markdown keeps message text as written (it *is* Markdown)
but demotes its headings below the export's own level-2 headings, fences tool output and lets
no raw HTML through (:mod:`md_safe`), so the document's outline stays the conversation's and a
preview runs nothing. The HTML page (:mod:`export_html`) renders that Markdown with raw HTML
off, loads nothing and runs no script.
"""

from __future__ import annotations

import html
import os
import re
import stat
from pathlib import Path
from typing import Any, Literal

from pi_desktop import safejson
from pi_desktop.session.entries import CompactionEntry
from pi_desktop.session.export_html import CSP, to_html
from pi_desktop.session.export_parts import (
    ROLE_TITLES,
    TimeFormat,
    branch_items,
    call_parts,
    compaction_line,
    local_time,
    one_line,
    reasoning,
    thinking_label,
    tool_calls,
    tool_name,
)
from pi_desktop.session.journal import read_bytes, split_lines
from pi_desktop.session.md_safe import demote_headings, escape_html_outside_code, fenced
from pi_desktop.textsafe import reveal

__all__ = [
    "CSP",
    "FORMATS",
    "branch_items",
    "demote_headings",
    "escape_html_outside_code",
    "export_bytes",
    "export_refusal",
    "fenced",
    "local_time",
    "to_html",
    "to_jsonl",
    "to_markdown",
]


ExportFormat = Literal["markdown", "html", "jsonl"]
# format -> (label for a menu, file suffix)
FORMATS: dict[str, tuple[str, str]] = {
    "markdown": ("Markdown", ".md"),
    "html": ("HTML page", ".html"),
    "jsonl": ("Raw JSONL", ".jsonl"),
}
# session-wide lines a reload needs to see the branch as the app did (prompt, title, estimate)
_SESSION_WIDE = frozenset({"session", "title", "system_prompt", "usage", "model_window"})


def _md_line(text: str | None) -> str:
    """A title or tool name for a Markdown heading: one line, no raw HTML, bidi controls and
    invisible characters written out."""
    return reveal(one_line(text)).replace("<", "&lt;")


# ------------------------------------------------------------------------------- Markdown


def to_markdown(session: Any, *, format_time: TimeFormat | None = None) -> str:
    """The current branch as Markdown: one ``##`` heading per message and per compaction."""
    title = _md_line(session.title) or "Untitled session"
    lines = [
        f"# {title}",
        "",
        f"Session `{session.id}` — current branch, exported by pi-desktop.",
        "",
    ]
    if session.system_prompt:
        lines += ["## System prompt", "", demote_headings(session.system_prompt), ""]
    for item in branch_items(session):
        if isinstance(item, CompactionEntry):
            lines += [f"## {compaction_line(item, format_time)}", ""]
            lines += _md_details("Summary", _md_summary(item.summary))
            continue
        if item.role == "tool":
            lines += [f"## Tool result: {_md_line(tool_name(item))}", ""]
            lines += _md_details(f"{len(item.content):,} chars", fenced(item.content))
            continue
        lines += [f"## {ROLE_TITLES.get(item.role, item.role)}", ""]
        thought = reasoning(item)
        if thought:
            lines += _md_details(thinking_label(thought), fenced(thought))
        if item.content:
            lines += [demote_headings(item.content), ""]
        for call in tool_calls(item):
            name, args = call_parts(call)
            lines += _md_details(f"Tool call: {name}", fenced(args, "json"))
    return "\n".join(lines).rstrip("\n") + "\n"


_FILE_BLOCK = re.compile(r"<(read-files|modified-files)>\n.*?</\1>", re.S)


def _md_summary(summary: str) -> str:
    """The summary's Markdown with its ``<read-files>`` / ``<modified-files>`` blocks fenced:
    as bare tags a renderer would take them for HTML and hide the file lists. Each stretch of
    prose is made safe on its own, so a fence it opens is closed before the next block."""
    parts: list[str] = []
    last = 0
    for match in _FILE_BLOCK.finditer(summary):
        parts.append(demote_headings(summary[last : match.start()].strip("\n")))
        parts.append(fenced(match.group(0)))
        last = match.end()
    parts.append(demote_headings(summary[last:].strip("\n")))
    return "\n\n".join(part for part in parts if part.strip())


def _md_details(summary: str, body: str) -> list[str]:
    return [
        "<details>",
        f"<summary>{html.escape(one_line(summary))}</summary>",
        "",
        body,
        "",
        "</details>",
        "",
    ]


# ------------------------------------------------------------------------------- JSONL


def select_jsonl(data: bytes, keep_ids: set[str]) -> bytes:
    """The lines of ``data`` whose entry id is in ``keep_ids`` or that are session-wide
    (header, title, system prompt, usage anchor, model window), byte for byte, in file order."""
    out: list[bytes] = []
    for _, line in split_lines(data):
        try:
            raw = safejson.loads(line)
        except ValueError:
            continue  # a torn, corrupt or hostile line belongs to no branch
        if not isinstance(raw, dict):
            continue
        if raw.get("type") in _SESSION_WIDE or raw.get("id") in keep_ids:
            out.append(line + b"\n")
    return b"".join(out)


def to_jsonl(session: Any, data: bytes | None = None) -> bytes:
    """The current path's entries and the compactions hanging off it, as the file has them.

    The result loads as a session whose current path is this one. ``data`` is the file's bytes
    (read from ``session.path`` when omitted).
    """
    if data is None:
        data = read_bytes(session.path)
    return select_jsonl(data, {item.id for item in branch_items(session)})


def export_bytes(
    session: Any, fmt: str, *, lang: str | None = None, format_time: TimeFormat | None = None
) -> bytes:
    """The export of ``fmt`` (one of :data:`FORMATS`) as bytes ready to write; ``lang`` (a
    BCP 47 tag) and ``format_time`` localise the HTML page and the dates shown."""
    if fmt == "markdown":
        return to_markdown(session, format_time=format_time).encode("utf-8")
    if fmt == "html":
        return to_html(session, lang=lang, format_time=format_time).encode("utf-8")
    if fmt == "jsonl":
        return to_jsonl(session)
    raise ValueError(f"unknown export format {fmt!r}; choose one of: {', '.join(FORMATS)}")


# ------------------------------------------------------------------------------- targets


def export_refusal(
    session: Any, target: str | os.PathLike[str], library_root: Path | None = None
) -> str | None:
    """Why the export must not be written to ``target``, or None.

    Not onto the open session's own file (an untitled session's suggested ``<id>.jsonl``
    would replace it, losing the other branches and every later append), not into the session
    library (the window would list the export as a session, or replace one), and not through
    a symbolic link (the write would land wherever it points).
    """
    target = Path(target)
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        return f"cannot check {target.name}: {exc.strerror or exc}"
    if mode is not None and stat.S_ISLNK(mode):
        return f"{target.name} is a symbolic link; choose a plain file name"
    resolved = target.parent.resolve() / target.name
    session_path = Path(session.path)
    if resolved == session_path.resolve() or (
        mode is not None and _same_file(resolved, session_path)
    ):
        return (
            f"{target.name} is the open session's own file; exporting onto it would replace "
            "the session. Choose another name."
        )
    if library_root is not None:
        library = Path(library_root).resolve()
        if resolved == library or library in resolved.parents:
            return (
                "that folder holds pi-desktop's sessions; an export there would be taken for a "
                "session (or replace one). Choose another folder."
            )
    return None


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False
