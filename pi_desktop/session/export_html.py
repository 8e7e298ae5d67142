"""The HTML export: one self-contained page that renders the branch's Markdown and runs nothing.

Message text is Markdown, so it is rendered — by ``markdown-it-py`` (CommonMark, GFM tables
and strikethrough) with raw HTML off (``<script>`` in a message shows as text), images off
(they would load; the page is offline) and its link validation on (no ``javascript:``,
``vbscript:``, ``file:`` or ``data:`` links). A strict Content-Security-Policy allows only the
page's own inline style, by hash, in case a viewer runs the page anyway. Titles have their bidi
controls and invisible characters written out (``⟦U+202E⟧``); dates are shown in the reader's
zone (and format, when the window passes one) and the page says its language.
"""

from __future__ import annotations

import base64
import hashlib
import html
import locale
import os
import re
from datetime import UTC, datetime
from typing import Any

from markdown_it import MarkdownIt

from pi_desktop.session.entries import CompactionEntry, MessageEntry
from pi_desktop.session.export_parts import (
    ROLE_TITLES,
    TimeFormat,
    branch_items,
    call_parts,
    compaction_line,
    local_time,
    one_line,
    reasoning,
    shown_time,
    thinking_label,
    tool_calls,
    tool_name,
)
from pi_desktop.textsafe import reveal

_STYLE = """
body{font:15px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;
color:#1d1d1f;background:#fff}
h1{font-size:1.4rem}h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;
color:#666;margin:0 0 .3rem}h2 time{text-transform:none;letter-spacing:0;font-weight:normal;
margin-left:.6rem}
.meta{color:#666;font-size:.85rem}
.message{border-left:3px solid #ccc;padding:.4rem .8rem;margin:1rem 0}
.message.user{border-color:#3b82f6;background:#f4f8ff}
.message.assistant{border-color:#10b981}
.message.tool{border-color:#a3a3a3;background:#fafafa}
.message.system{border-color:#f59e0b;background:#fffbeb}
.text{overflow-wrap:anywhere}.text>:first-child{margin-top:0}.text>:last-child{margin-bottom:0}
.text h3,.text h4,.text h5,.text h6{font-size:1rem;text-transform:none;
letter-spacing:0;color:inherit;margin:.8rem 0 .3rem}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f5f5f5;padding:.5rem;
font:13px/1.4 ui-monospace,monospace}
code{font:13px/1.4 ui-monospace,monospace;background:#f0f0f0;padding:0 .2rem}
pre code{background:none;padding:0}
blockquote{margin:.5rem 0;padding-left:.8rem;border-left:3px solid #ddd;color:#555}
table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.2rem .5rem}
details{margin:.3rem 0}summary{cursor:pointer;color:#444}
.compaction{border:1px dashed #8b5cf6;background:#f7f3ff;padding:.4rem .8rem;
margin:1rem 0 1rem 2rem}
@media (prefers-color-scheme:dark){body{background:#1e1e1e;color:#ddd}
.message.user{background:#1f2937}.message.tool,.message.system,pre{background:#262626}
code{background:#2d2d2d}blockquote{color:#bbb;border-color:#444}
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
_LANG = re.compile(r"^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$")


def _renderer() -> MarkdownIt:
    md = MarkdownIt(
        "commonmark", {"html": False, "linkify": False, "typographer": False, "xhtmlOut": True}
    )
    md.enable(["table", "strikethrough"]).disable("image")

    def link_open(renderer: Any, tokens: Any, idx: int, options: Any, env: Any) -> str:
        tokens[idx].attrSet("rel", "noopener noreferrer nofollow")
        return renderer.renderToken(tokens, idx, options, env)

    def heading(renderer: Any, tokens: Any, idx: int, options: Any, env: Any) -> str:
        # below the page's own h1/h2, as in the Markdown export: the outline stays the chat's
        tokens[idx].tag = f"h{min(6, int(tokens[idx].tag[1]) + 2)}"
        return renderer.renderToken(tokens, idx, options, env)

    md.add_render_rule("link_open", link_open)
    md.add_render_rule("heading_open", heading)
    md.add_render_rule("heading_close", heading)
    return md


_MD = _renderer()


def esc(text: Any) -> str:
    """Text as inert HTML (and well-formed XML): markup escaped, control characters replaced."""
    return html.escape(_CONTROL.sub("\ufffd", str(text)), quote=True)


def render_markdown(text: str) -> str:
    """Message Markdown as HTML: raw HTML shown as text, no images, only safe links."""
    return _MD.render(_CONTROL.sub("\ufffd", text))


def default_lang() -> str:
    """The reader's language as a BCP 47 tag, from the locale the app runs in ("en" if none)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return page_lang(value)
    try:
        return page_lang(locale.getlocale()[0] or "")
    except ValueError:
        return "en"


def page_lang(value: str | None) -> str:
    """``de_DE.UTF-8`` → ``de-DE``; anything that is not a language tag → ``en``."""
    tag = (value or "").split(".")[0].split("@")[0].replace("_", "-")
    return tag if _LANG.match(tag) and tag.upper() not in ("C", "POSIX") else "en"


def _title(text: str | None) -> str:
    return esc(reveal(one_line(text)))


def to_html(session: Any, *, lang: str | None = None, format_time: TimeFormat | None = None) -> str:
    """The current branch as one self-contained, script-free HTML page."""
    title = _title(session.title) or "Untitled session"
    body: list[str] = []
    if session.system_prompt:
        body.append(
            '<section class="message system" data-role="system"><h2>System prompt</h2>'
            f'<div class="text">{render_markdown(session.system_prompt)}</div></section>'
        )
    for item in branch_items(session):
        body.append(_html_item(item, format_time))
    exported = esc((format_time or local_time)(_now()))
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{esc(page_lang(lang) if lang else default_lang())}">'
        '<head><meta charset="utf-8" />\n'
        f'<meta http-equiv="Content-Security-Policy" content="{esc(CSP)}" />\n'
        '<meta name="referrer" content="no-referrer" />\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1" />\n'
        f"<title>{title}</title>\n<style>{_STYLE}</style></head>\n<body>\n"
        f'<header><h1 dir="auto">{title}</h1>'
        f'<p class="meta">Session {esc(session.id)} — current branch, exported by pi-desktop '
        f"on {exported}.</p></header>\n<main>\n" + "\n".join(body) + "\n</main>\n</body></html>\n"
    )


def _now() -> datetime:
    return datetime.now(UTC)


def _time(timestamp: str, format_time: TimeFormat | None) -> str:
    return f'<time datetime="{esc(timestamp)}">{esc(shown_time(timestamp, format_time))}</time>'


def _html_item(item: MessageEntry | CompactionEntry, format_time: TimeFormat | None) -> str:
    if isinstance(item, CompactionEntry):
        return (
            f'<aside class="compaction" id="c-{esc(item.id)}" data-parent="{esc(item.parent_id)}">'
            f'<details class="summary"><summary>{esc(compaction_line(item, format_time))}'
            f'</summary><div class="text">{render_markdown(item.summary)}</div></details></aside>'
        )
    head = (
        f'<section class="message {esc(item.role)}" id="m-{esc(item.id)}" '
        f'data-role="{esc(item.role)}">'
    )
    when = _time(item.timestamp, format_time)
    if item.role == "tool":
        return (
            head + f"<h2>Tool result: {esc(tool_name(item))} {when}</h2>"
            f'<details class="tool-result"><summary>{len(item.content):,} chars</summary>'
            f"<pre>{esc(item.content)}</pre></details></section>"
        )
    parts = [head, f"<h2>{esc(ROLE_TITLES.get(item.role, item.role))} {when}</h2>"]
    thought = reasoning(item)
    if thought:
        parts.append(
            f'<details class="thinking"><summary>{esc(thinking_label(thought))}</summary>'
            f"<pre>{esc(thought)}</pre></details>"
        )
    if item.content:
        parts.append(f'<div class="text" dir="auto">{render_markdown(item.content)}</div>')
    for call in tool_calls(item):
        name, args = call_parts(call)
        parts.append(
            f'<details class="tool-call"><summary>Tool call: <code>{esc(name)}</code></summary>'
            f"<pre>{esc(args)}</pre></details>"
        )
    parts.append("</section>")
    return "".join(parts)
