"""Syntax highlighting of finished code blocks as Qt rich text (pygments, inline styles).

Qt's rich-text engine understands ``<pre>`` and ``<span style="color…">``, so pygments'
``noclasses`` HTML renders directly in a label with no stylesheet. Lexers are looked up by
the fence's language tag only (guessing is slow and often wrong); unknown tags stay plain.
"""

from __future__ import annotations

import html
import threading
from collections.abc import Iterable
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
# Loading a lexer imports its module the first time: python ~28 ms, javascript ~20 ms, sql
# ~13 ms on a slow machine — a visible stall when a streamed answer's first code block is
# drawn. ``warm_up`` loads these off the UI thread once the window is up.
COMMON_LANGUAGES = (
    "python", "javascript", "typescript", "bash", "json", "rust", "go", "c", "cpp", "java",
    "diff", "yaml", "toml", "html", "sql",
)  # fmt: skip


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


def warm_up(languages: Iterable[str] = COMMON_LANGUAGES) -> threading.Thread:
    """Load both formatters and the lexers of ``languages`` in a daemon thread, so the first
    code block of a language costs the UI thread a dictionary lookup, not an import. The
    thread only fills the caches ``code_html`` reads (a race costs one lexer built twice)."""

    def load() -> None:
        for dark in (False, True):
            _formatter(dark)
        for lang in languages:
            _lexer(lang)

    thread = threading.Thread(target=load, name="pi-desktop-highlight-warm-up", daemon=True)
    thread.start()
    return thread
