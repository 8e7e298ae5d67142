"""Syntax highlighting of finished code blocks as Qt rich text (pygments, inline styles).

Qt's rich-text engine understands ``<pre>`` and ``<span style="color…">``, so pygments'
``noclasses`` HTML renders directly in a label with no stylesheet. Lexers are looked up by
the fence's language tag only (guessing is slow and often wrong); unknown tags stay plain.
"""

from __future__ import annotations

import html
from functools import lru_cache

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexer import Lexer
from pygments.lexers import get_lexer_by_name
from pygments.util import ClassNotFound

LIGHT_STYLE = "friendly"
DARK_STYLE = "github-dark"
# Beyond this a block is shown plain: highlighting a huge paste would stall the UI.
MAX_HIGHLIGHT_CHARS = 60_000


@lru_cache(maxsize=64)
def _lexer(lang: str) -> Lexer | None:
    if not lang:
        return None
    try:
        return get_lexer_by_name(lang, stripnl=False, ensurenl=False)
    except ClassNotFound:
        return None


@lru_cache(maxsize=2)
def _formatter(dark: bool) -> HtmlFormatter:
    return HtmlFormatter(nowrap=True, noclasses=True, style=DARK_STYLE if dark else LIGHT_STYLE)


def code_html(code: str, lang: str = "", *, dark: bool = False, wrap: bool = False) -> str:
    """``code`` as a ``<pre>`` block of Qt rich text; plain when the language is unknown.
    ``wrap`` breaks long lines at the edge instead of keeping them whole."""
    lexer = _lexer(lang.lower().strip())
    if lexer is None or len(code) > MAX_HIGHLIGHT_CHARS:
        body = html.escape(code)
    else:
        body = highlight(code, lexer, _formatter(dark)).rstrip("\n")
    space = "pre-wrap" if wrap else "pre"
    return f'<pre style="margin:0; white-space:{space}">{body}</pre>'
