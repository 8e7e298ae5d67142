"""Export a session's current branch: Markdown, a self-contained HTML page, or the raw JSONL.

Pure functions of the session's state (and, for JSONL, of the file's bytes): the window picks a
file name and writes what these return. Model output is hostile, so the HTML page escapes every
text, loads nothing (a strict Content-Security-Policy allows only its own inline style, by hash),
runs no script and folds tool calls, tool results and summaries into ``<details>`` elements.
The Markdown keeps message text as written (it *is* Markdown) but demotes its headings below the
export's own level-2 headings and fences tool output, so the document's outline stays the
conversation's.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from typing import Any, Literal

from pi_desktop.session.entries import CompactionEntry, MessageEntry
from pi_desktop.session.journal import read_bytes, split_lines

ExportFormat = Literal["markdown", "html", "jsonl"]
# format -> (label for a menu, file suffix)
FORMATS: dict[str, tuple[str, str]] = {
    "markdown": ("Markdown", ".md"),
    "html": ("HTML page", ".html"),
    "jsonl": ("Raw JSONL", ".jsonl"),
}
# session-wide lines a reload needs to see the branch as the app did (prompt, title, estimate)
_SESSION_WIDE = frozenset({"session", "title", "system_prompt", "usage", "model_window"})
_ROLE_TITLES = {"system": "System", "user": "User", "assistant": "Assistant", "tool": "Tool result"}


def branch_items(session: Any) -> list[MessageEntry | CompactionEntry]:
    """The current path root → current, each message followed by the compactions hanging off it."""
    items: list[MessageEntry | CompactionEntry] = []
    for entry in session.get_current_path():
        items.append(entry)
        items.extend(session.compactions_for(entry.id))
    return items


def _tool_calls(entry: MessageEntry) -> list[dict[str, Any]]:
    calls = (entry.metadata or {}).get("tool_calls")
    return [c for c in calls if isinstance(c, dict)] if isinstance(calls, list) else []


def _call_parts(call: dict[str, Any]) -> tuple[str, str]:
    """(name, arguments pretty-printed when they are JSON)."""
    function = call.get("function") if isinstance(call.get("function"), dict) else {}
    name = str(function.get("name") or "tool")
    raw = function.get("arguments")
    if isinstance(raw, str):
        try:
            return name, json.dumps(json.loads(raw), indent=2, ensure_ascii=False)
        except ValueError:
            return name, raw
    return name, json.dumps(raw, indent=2, ensure_ascii=False, default=str)


def _tool_name(entry: MessageEntry) -> str:
    return str((entry.metadata or {}).get("name") or "tool")


def _reasoning(entry: MessageEntry) -> str:
    """An assistant message's reasoning (``metadata["reasoning"]``), shown collapsed."""
    value = (entry.metadata or {}).get("reasoning") if entry.role == "assistant" else None
    return value.strip() if isinstance(value, str) else ""


def _thinking_label(thought: str) -> str:
    return f"Thinking ({len(thought):,} chars)"


def _compaction_line(comp: CompactionEntry) -> str:
    kind = "manual " if comp.manual else ""
    if comp.kind == "edited":  # the user's edit of the summary before it
        kind = "edited "
    parts = [f"{kind}compaction: {comp.summarized_count} messages summarized"]
    if comp.tokens_before or comp.tokens_after:
        parts.append(f"{comp.tokens_before:,} → {comp.tokens_after:,} tokens")
    if comp.summary_model:
        parts.append(f"by {comp.summary_model}")
    parts.append(comp.timestamp)
    text = ", ".join(parts)
    return text[0].upper() + text[1:]


def _one_line(text: str | None) -> str:
    return " ".join((text or "").split())


def _md_line(text: str | None) -> str:
    """A title or tool name for a Markdown heading: one line, no raw HTML."""
    return _one_line(text).replace("<", "&lt;")


# ------------------------------------------------------------------------------- Markdown

_ATX = re.compile(r"^( {0,3})(#{1,6})(?=[ \t]|$)")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


_TICKS = re.compile(r"`+")


def escape_html_outside_code(line: str) -> str:
    """``<`` as ``&lt;`` except inside inline code spans: a Markdown renderer that passes raw
    HTML through must not meet a live ``<script>`` or ``<img>`` in model output."""
    out: list[str] = []
    pos = 0
    while True:
        opener = _TICKS.search(line, pos)
        if opener is None:
            out.append(line[pos:].replace("<", "&lt;"))
            return "".join(out)
        closer = re.compile(r"(?<!`)" + opener.group() + r"(?!`)").search(line, opener.end())
        if closer is None:  # an unmatched run is literal backticks; carry on after it
            out.append(line[pos : opener.end()].replace("<", "&lt;"))
            pos = opener.end()
            continue
        out.append(line[pos : opener.start()].replace("<", "&lt;"))
        out.append(line[opener.start() : closer.end()])
        pos = closer.end()


def demote_headings(text: str, by: int = 2) -> str:
    """Make message text safe to embed: push its headings ``by`` levels down (max 6) outside
    fenced code, break setext underlines off their paragraph (so no line of it can be a level-1
    or level-2 heading), and escape ``<`` outside code (so no raw HTML reaches a renderer)."""
    out: list[str] = []
    fence: str | None = None
    previous_text = False
    for line in text.split("\n"):
        opener = _FENCE.match(line)
        if fence is not None:
            if opener and opener.group(1)[0] == fence[0] and len(opener.group(1)) >= len(fence):
                fence = None
            out.append(line)
            previous_text = False
            continue
        if opener:
            fence = opener.group(1)
            out.append(line)
            previous_text = False
            continue
        line = escape_html_outside_code(line)
        atx = _ATX.match(line)
        if atx:
            hashes = "#" * min(6, len(atx.group(2)) + by)
            line = atx.group(1) + hashes + line[atx.end() :]
        elif previous_text and _SETEXT.match(line):
            out.append("")  # "---" becomes a rule, "===" plain text: never a heading
        out.append(line)
        previous_text = bool(line.strip()) and not atx
    return "\n".join(out)


def fenced(text: str, info: str = "") -> str:
    """``text`` in a code fence longer than any backtick run inside it."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{info}\n{text}\n{fence}"


def to_markdown(session: Any) -> str:
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
            lines += [f"## {_compaction_line(item)}", ""]
            lines += _md_details("Summary", _md_summary(item.summary))
            continue
        if item.role == "tool":
            lines += [f"## Tool result: {_md_line(_tool_name(item))}", ""]
            lines += _md_details(f"{len(item.content):,} chars", fenced(item.content))
            continue
        lines += [f"## {_ROLE_TITLES.get(item.role, item.role)}", ""]
        thought = _reasoning(item)
        if thought:
            lines += _md_details(_thinking_label(thought), fenced(thought))
        if item.content:
            lines += [demote_headings(item.content), ""]
        for call in _tool_calls(item):
            name, args = _call_parts(call)
            lines += _md_details(f"Tool call: {name}", fenced(args, "json"))
    return "\n".join(lines).rstrip("\n") + "\n"


_FILE_BLOCK = re.compile(r"<(read-files|modified-files)>\n.*?</\1>", re.S)


def _md_summary(summary: str) -> str:
    """The summary's Markdown with its ``<read-files>`` / ``<modified-files>`` blocks fenced:
    as bare tags a renderer would take them for HTML and hide the file lists."""
    parts: list[str] = []
    last = 0
    for match in _FILE_BLOCK.finditer(summary):
        parts.append(demote_headings(summary[last : match.start()]))
        parts.append(fenced(match.group(0)))
        last = match.end()
    parts.append(demote_headings(summary[last:]))
    return "".join(parts)


def _md_details(summary: str, body: str) -> list[str]:
    return [
        "<details>",
        f"<summary>{html.escape(_one_line(summary))}</summary>",
        "",
        body,
        "",
        "</details>",
        "",
    ]


# ------------------------------------------------------------------------------- HTML

_STYLE = """
body{font:15px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;
color:#1d1d1f;background:#fff}
h1{font-size:1.4rem}h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;
color:#666;margin:0 0 .3rem}
.meta{color:#666;font-size:.85rem}
.message{border-left:3px solid #ccc;padding:.4rem .8rem;margin:1rem 0}
.message.user{border-color:#3b82f6;background:#f4f8ff}
.message.assistant{border-color:#10b981}
.message.tool{border-color:#a3a3a3;background:#fafafa}
.message.system{border-color:#f59e0b;background:#fffbeb}
.text{white-space:pre-wrap;overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f5f5f5;padding:.5rem;
font:13px/1.4 ui-monospace,monospace}
details{margin:.3rem 0}summary{cursor:pointer;color:#444}
.compaction{border:1px dashed #8b5cf6;background:#f7f3ff;padding:.4rem .8rem;
margin:1rem 0 1rem 2rem}
@media (prefers-color-scheme:dark){body{background:#1e1e1e;color:#ddd}
.message.user{background:#1f2937}.message.tool,.message.system,pre{background:#262626}
.compaction{background:#2a2340}h2,.meta,summary{color:#aaa}}
"""
_STYLE_HASH = base64.b64encode(hashlib.sha256(_STYLE.encode("utf-8")).digest()).decode("ascii")
# nothing loads, nothing runs, nothing submits; only the page's own inline style applies
CSP = (
    f"default-src 'none'; style-src 'sha256-{_STYLE_HASH}'; img-src 'none'; font-src 'none'; "
    "media-src 'none'; object-src 'none'; frame-src 'none'; script-src 'none'; "
    "base-uri 'none'; form-action 'none'"
)
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]")


def esc(text: Any) -> str:
    """Text as inert HTML (and well-formed XML): markup escaped, control characters replaced."""
    return html.escape(_CONTROL.sub("\ufffd", str(text)), quote=True)


def to_html(session: Any) -> str:
    """The current branch as one self-contained, script-free HTML page."""
    title = _one_line(session.title) or "Untitled session"
    body: list[str] = []
    if session.system_prompt:
        body.append(
            '<section class="message system" data-role="system"><h2>System prompt</h2>'
            f'<div class="text">{esc(session.system_prompt)}</div></section>'
        )
    for item in branch_items(session):
        body.append(_html_item(item))
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8" />\n'
        f'<meta http-equiv="Content-Security-Policy" content="{esc(CSP)}" />\n'
        '<meta name="referrer" content="no-referrer" />\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1" />\n'
        f"<title>{esc(title)}</title>\n<style>{_STYLE}</style></head>\n<body>\n"
        f"<header><h1>{esc(title)}</h1>"
        f'<p class="meta">Session {esc(session.id)} — current branch, exported by pi-desktop.'
        "</p></header>\n<main>\n" + "\n".join(body) + "\n</main>\n</body></html>\n"
    )


def _html_item(item: MessageEntry | CompactionEntry) -> str:
    if isinstance(item, CompactionEntry):
        return (
            f'<aside class="compaction" id="c-{esc(item.id)}" data-parent="{esc(item.parent_id)}">'
            f'<details class="summary"><summary>{esc(_compaction_line(item))}</summary>'
            f"<pre>{esc(item.summary)}</pre></details></aside>"
        )
    head = (
        f'<section class="message {esc(item.role)}" id="m-{esc(item.id)}" '
        f'data-role="{esc(item.role)}">'
    )
    if item.role == "tool":
        return (
            head + f"<h2>Tool result: {esc(_tool_name(item))}</h2>"
            f'<details class="tool-result"><summary>{len(item.content):,} chars</summary>'
            f"<pre>{esc(item.content)}</pre></details></section>"
        )
    parts = [head, f"<h2>{esc(_ROLE_TITLES.get(item.role, item.role))}</h2>"]
    thought = _reasoning(item)
    if thought:
        parts.append(
            f'<details class="thinking"><summary>{esc(_thinking_label(thought))}</summary>'
            f"<pre>{esc(thought)}</pre></details>"
        )
    if item.content:
        parts.append(f'<div class="text">{esc(item.content)}</div>')
    for call in _tool_calls(item):
        name, args = _call_parts(call)
        parts.append(
            f'<details class="tool-call"><summary>Tool call: <code>{esc(name)}</code></summary>'
            f"<pre>{esc(args)}</pre></details>"
        )
    parts.append("</section>")
    return "".join(parts)


# ------------------------------------------------------------------------------- JSONL


def select_jsonl(data: bytes, keep_ids: set[str]) -> bytes:
    """The lines of ``data`` whose entry id is in ``keep_ids`` or that are session-wide
    (header, title, system prompt, usage anchor, model window), byte for byte, in file order."""
    out: list[bytes] = []
    for _, line in split_lines(data):
        try:
            raw = json.loads(line)
        except ValueError:
            continue  # a torn or corrupt line belongs to no branch
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


def export_bytes(session: Any, fmt: str) -> bytes:
    """The export of ``fmt`` (one of :data:`FORMATS`) as bytes ready to write."""
    if fmt == "markdown":
        return to_markdown(session).encode("utf-8")
    if fmt == "html":
        return to_html(session).encode("utf-8")
    if fmt == "jsonl":
        return to_jsonl(session)
    raise ValueError(f"unknown export format {fmt!r}; choose one of: {', '.join(FORMATS)}")
