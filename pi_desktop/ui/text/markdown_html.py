"""Markdown and code blocks as Qt rich text: what a message body inserts, block by block.

Kept apart from the widget so the conversion (GitHub markdown without underline, a code
block's header with its Wrap and Copy links, the palette's light/dark test) reads on its own.
"""

from __future__ import annotations

import html
import re

from PySide6.QtGui import QGuiApplication, QTextDocument

from pi_desktop.ui.i18n import tr
from pi_desktop.ui.text.highlight import code_html
from pi_desktop.ui.text.markdown import Block
from pi_desktop.ui.text.safe_text import SafeDocument, label_blocked_images, may_hold_images
from pi_desktop.ui.theme import colors
from pi_desktop.ui.theme import is_dark as palette_is_dark

# GitHub markdown without the underline extension: in Qt's GitHub dialect ``_x_`` underlines,
# while every model means emphasis by it.
_MD_FEATURES = QTextDocument.MarkdownFeature(
    QTextDocument.MarkdownFeature.MarkdownDialectGitHub.value & ~0x4000
)
_BODY = re.compile(r"<body[^>]*>(.*)</body>", re.S)


def is_dark() -> bool:
    """Follow the application palette, by the same test the painted widgets' theme uses (code
    colours and the tree/bar must never disagree about which scheme is on)."""
    return palette_is_dark(QGuiApplication.palette())


def markdown_html(text: str) -> str:
    """Markdown → Qt rich text. Going through QTextDocument (not QLabel's MarkdownText) makes
    inline code monospace and ``_x_`` italic; the body's fixed font is dropped so the view
    keeps the application font and palette."""
    doc = SafeDocument()  # never laid out, but never able to load a file either
    doc.setMarkdown(text, _MD_FEATURES)
    if may_hold_images(text):
        label_blocked_images(doc)
    match = _BODY.search(doc.toHtml())
    return match.group(1) if match else html.escape(text)


def code_block_html(index: int, block: Block, *, final: bool, wrap: bool = False) -> str:
    """A code block: a header row (language; Wrap and Copy links) over the highlighted code;
    a later segment of a long block (``part`` > 0) continues it without a header.

    The header is a table of its own, as wide as the text column, so its links stay in
    sight however wide the code is; the code's table grows with its longest line (the body
    then scrolls sideways) unless ``wrap`` breaks the lines at the column's edge."""
    c = colors(is_dark())
    text = block.text.removesuffix("\n")  # a segment cut at a line break ends with one
    code = (
        code_html(text, block.lang, dark=is_dark(), wrap=wrap)
        if final
        else f'<pre style="margin:0">{html.escape(text)}</pre>'
    )
    body = (
        f'<table width="100%" cellspacing="0" cellpadding="8" bgcolor="{c["code_bg"]}">'
        f"<tr><td>{code}</td></tr></table>"
    )
    if block.part > 0:
        return body
    links = (
        f'<a href="wrap:">{tr("Markdown", "Scroll") if wrap else tr("Markdown", "Wrap")}</a>'
        f'&nbsp;&nbsp;&nbsp;<a href="copy:{index}">{tr("Markdown", "Copy")}</a>'
        if final
        else ""
    )
    return (
        f'<table width="100%" cellspacing="0" cellpadding="4" bgcolor="{c["code_header"]}">'
        f'<tr><td><span style="color:{c["muted"]}">&nbsp;{html.escape(block.lang or "code")}'
        f'</span></td><td align="right">{links}&nbsp;</td></tr></table>' + body
    )
