"""Message text made safe to embed in the Markdown export: no raw HTML, nothing left open.

The export keeps a message's Markdown as written, so a preview renders it — and a preview
with raw HTML on would run ``<img onerror=…>`` from model output. Every ``<`` outside code is
therefore written ``&lt;`` (which shows as ``<``), and code is found by CommonMark's rules:
a fence opens only where CommonMark opens one (a backtick fence's info string holds no
backtick) and closes only on a bare fence line; a backslash-escaped backtick opens no code
span; a fence the message leaves open is closed, so it cannot swallow what follows.

Line-level rules cannot follow every container (a fence inside a list item, a code span
across a list's lines), so each result that could still hold HTML or an open fence is
checked with a CommonMark parser (``markdown-it-py``, raw HTML on, as a hostile preview
would parse it, and again with GFM tables); a message that fails the check is shown as a
code block instead — its text verbatim, nothing rendered.
"""

from __future__ import annotations

import re
from typing import Any

from markdown_it import MarkdownIt

# an ATX heading, also inside list items and block quotes ("- # x", "> 1. # x"): pushing one
# that is not a heading deeper (an indented code line) is harmless, missing one is not
_ATX = re.compile(r"^((?:[ \t]*(?:(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)|>))*[ \t]*)(#{1,6})(?=[ \t]|$)")
# a line that might still be a level-1/2 heading inside a container (checked by the parser)
_RISKY = re.compile(r"^[ \t>*+\-0-9.)]*(?:#|=+[ \t]*$|-+[ \t]*$)", re.M)
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_FENCE_OPEN = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
_FENCE_CLOSE = re.compile(r"^ {0,3}(`{3,}|~{3,})[ \t]*$")
_TICKS = re.compile(r"`+")
_SENTINEL = "pi-desktop-export-sentinel"

_CHECKERS = (
    MarkdownIt("commonmark", {"html": True}),
    MarkdownIt("commonmark", {"html": True}).enable("table"),
)
# the block structure alone (fences, containers, HTML blocks): a third of the cost
_BLOCKS = MarkdownIt("commonmark", {"html": True})
_BLOCKS.disable(
    _BLOCKS.get_active_rules()["inline"] + _BLOCKS.get_active_rules()["inline2"],
    ignoreInvalid=True,
)


def fence_opener(line: str) -> str | None:
    """The fence run (e.g. "````") when ``line`` opens a fenced code block, else None."""
    match = _FENCE_OPEN.match(line)
    if match is None:
        return None
    run, info = match.group(1), match.group(2)
    if run[0] == "`" and "`" in info:  # CommonMark: then it is inline code, not a fence
        return None
    return run


def fence_closes(line: str, fence: str) -> bool:
    """Whether ``line`` closes the fence opened by ``fence`` (same character, at least as
    long, nothing after it but spaces: "```js" inside a fence is content)."""
    match = _FENCE_CLOSE.match(line)
    return bool(match) and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence)


def _escaped(text: str, index: int) -> bool:
    """Whether the character at ``index`` follows an odd number of backslashes."""
    count = 0
    while index - count - 1 >= 0 and text[index - count - 1] == "\\":
        count += 1
    return count % 2 == 1


def escape_html_outside_code(text: str) -> str:
    """``<`` as ``&lt;`` except inside inline code spans: a Markdown renderer that passes raw
    HTML through must not meet a live ``<script>`` or ``<img>`` in model output.

    A backtick run opens a code span only when it is not backslash-escaped and a run of the
    same length closes it; an unmatched run is literal text.
    """
    out: list[str] = []
    pos = 0
    search = 0
    while True:
        opener = _TICKS.search(text, search)
        if opener is None:
            out.append(text[pos:].replace("<", "&lt;"))
            return "".join(out)
        start = opener.start()
        if _escaped(text, start):  # "\`": the first backtick is literal, the rest may open
            search = start + 1
            continue
        closer = re.compile(r"(?<!`)" + opener.group() + r"(?!`)").search(text, opener.end())
        if closer is None:  # an unmatched run is literal backticks; carry on after it
            search = opener.end()
            continue
        out.append(text[pos:start].replace("<", "&lt;"))
        out.append(text[start : closer.end()])
        pos = search = closer.end()


def _demote(text: str, by: int) -> tuple[str, bool]:
    """The line-level pass; also says whether a fence could be involved (worth a check)."""
    out: list[str] = []
    fence: str | None = None
    fenced = False
    previous_text = False
    for line in text.split("\n"):
        if fence is not None:
            if fence_closes(line, fence):
                fence = None
            out.append(line)
            previous_text = False
            continue
        opened = fence_opener(line)
        if opened is not None:
            fence, fenced = opened, True
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
    if fence is not None:  # left open: closed here, or it would swallow the export after it
        out.append(fence)
    return "\n".join(out), fenced or "```" in text or "~~~" in text


def _ends_open(tokens: list[Any]) -> bool:
    """Whether the sentinel paragraph after the text was swallowed by something left open."""
    if len(tokens) < 3:
        return True
    opener, inline = tokens[-3], tokens[-2]
    return not (
        inline.type == "inline"
        and inline.content == _SENTINEL
        and opener.type == "paragraph_open"
        and opener.level == 0
    )


def is_inert(markdown: str) -> bool:
    """Whether ``markdown``, rendered with raw HTML on, yields no HTML of its own and ends
    with nothing open (a line after it, past a blank one, starts a new top-level block).

    The block structure is parsed first; a ``<`` left outside the code blocks it finds (one
    in an inline code span) needs the full parse, with and without GFM tables (whose cells
    split code spans).
    """
    source = markdown + "\n\n" + _SENTINEL + "\n"
    blocks = _BLOCKS.parse(source)
    if _ends_open(blocks) or any(token.type == "html_block" for token in blocks):
        return False
    code_lines: set[int] = set()
    for token in blocks:
        if token.type in ("fence", "code_block") and token.map:
            code_lines.update(range(*token.map))
    lines = markdown.split("\n")
    if all("<" not in line for n, line in enumerate(lines) if n not in code_lines):
        return True
    for checker in _CHECKERS:
        tokens = checker.parse(source)
        for token in tokens:
            if token.type == "html_block":
                return False
            if token.type == "inline" and any(
                child.type == "html_inline" for child in token.children or ()
            ):
                return False
        if _ends_open(tokens):
            return False
    return True


def _has_top_heading(markdown: str) -> bool:
    """Whether a CommonMark parser still finds a level-1 or level-2 heading in ``markdown``."""
    return any(t.type == "heading_open" and t.tag in ("h1", "h2") for t in _BLOCKS.parse(markdown))


def fenced(text: str, info: str = "") -> str:
    """``text`` in a code fence longer than any backtick run inside it."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{info}\n{text}\n{fence}"


def demote_headings(text: str, by: int = 2) -> str:
    """Make message text safe to embed: push its headings ``by`` levels down (max 6) outside
    fenced code, break setext underlines off their paragraph (so no line of it can be a level-1
    or level-2 heading), escape ``<`` outside code (so no raw HTML reaches a renderer) and
    close a fence it leaves open. Text the line rules cannot vouch for (checked with a
    CommonMark parser) is returned as a code block instead: shown verbatim, never rendered."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # lines as CommonMark counts them
    out, fence_seen = _demote(text, by)
    if _RISKY.search(out) and _has_top_heading(out):
        return fenced(text)
    if "<" not in out and not fence_seen:
        return out  # nothing can open raw HTML or a block that swallows what follows
    if is_inert(out):
        return out
    return fenced(text)
