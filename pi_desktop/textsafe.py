"""Characters that show as nothing or move the text around them: found, written out, marked.

``ls -la \u202e\u2066; touch MARK …`` displays as if ``touch`` were commented out; a title
holding U+202E reverses the page heading it lands in. Whatever shows text a model or a file
wrote, where the user decides on what they see (an approval, an export's title), writes such
characters out as ``⟦U+202E⟧``. Pure and dependency-free, so every layer may import it.
"""

from __future__ import annotations

import re
import unicodedata

# Invisible or reordering: bidi embeddings, overrides and isolates (``ls \u202e…`` shows text in
# an order the shell does not run), zero-width and other format characters, controls, line
# separators, Hangul fillers (look like nothing), tag characters. Tab and newline are not.
_ALWAYS_HIDDEN = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0")
# ASCII text is skipped; a CR ending a CRLF line is the file's line end, not a trick
_CANDIDATES = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\r(?!\n)|[^\x00-\x7f]")


def is_hidden(char: str) -> bool:
    """Whether ``char`` shows as nothing (or moves the text around it) in a dialog."""
    if char in _ALWAYS_HIDDEN:
        return True
    if char in "\t\n" or "\ufe00" <= char <= "\ufe0f" or "\U000e0100" <= char <= "\U000e01ef":
        return False  # variation selectors only pick an emoji's or a glyph's style
    return unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp")


def hidden_characters(text: str) -> list[str]:
    """Each distinct hidden character of ``text`` as ``U+202E RIGHT-TO-LEFT OVERRIDE``."""
    found = dict.fromkeys(c for c in _CANDIDATES.findall(text) if is_hidden(c))
    return [f"{code_of(c)} {unicodedata.name(c, 'control character')}" for c in found]


def code_of(char: str) -> str:
    return f"U+{ord(char):04X}"


def reveal_parts(text: str) -> list[tuple[str, bool]]:
    """``text`` cut into (piece, hidden) parts: a hidden character becomes ``⟦U+202E⟧``,
    so a dialog can show (and highlight) exactly what will run."""
    parts: list[tuple[str, bool]] = []
    last = 0
    for match in _CANDIDATES.finditer(text):
        char = match.group()
        if not is_hidden(char):
            continue
        if match.start() > last:
            parts.append((text[last : match.start()], False))
        parts.append((f"⟦{code_of(char)}⟧", True))
        last = match.end()
    if last < len(text):
        parts.append((text[last:], False))
    return parts


def reveal(text: str) -> str:
    """``text`` with every hidden character written out as ``⟦U+XXXX⟧``."""
    return "".join(piece for piece, _ in reveal_parts(text))


def reveal_line(text: str) -> str:
    """A one-line label (a server's or a tool's name): as :func:`reveal`, and a line break or a
    tab in it written out too, so a name cannot push a line of its own into a dialog."""
    return re.sub(r"[\r\n\t]", lambda m: f"⟦{code_of(m.group())}⟧", reveal(text))
