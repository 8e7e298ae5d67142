"""Sentences for the user made below ``ui/``: a message id and its arguments, English by default.

The engine (agent, session, context) knows no Qt, yet some of its words reach the window: a
provider's error, the outcome of a connection test, why a session opened read-only. Each is a
:class:`UserText`: a ``str`` whose value is the English sentence (what logs, exceptions and
tests read, unchanged), carrying the Qt translation key — ``context`` and ``source``, the
English template with ``%1``, ``%2``… — and the ``args`` that fill it. ``ui/i18n.py``'s
``say`` translates it through the catalogues; ``packaging/i18n.py`` extracts every
``UserText("Context", "source", …)`` call like a ``tr`` call. An argument may be a
``UserText`` itself (a hint inside a sentence): it is translated too.

Why a ``str`` subclass: the texts flow through fields and exceptions typed ``str`` in many
modules (``RunFailed.error``, ``Session.problems``); as a string they need no change there,
and anything that rebuilds the string (an f-string) falls back to English, never to nothing.
"""

from __future__ import annotations

import re

_MARKER = re.compile(r"%(\d+)")


class UserText(str):
    """An English sentence that the interface may show in its own language."""

    context: str
    source: str
    args: tuple[object, ...]

    def __new__(cls, context: str, source: str, *args: object) -> UserText:
        self = super().__new__(cls, fill(source, args, english_arg))
        self.context = context
        self.source = source
        self.args = args
        return self

    def __repr__(self) -> str:
        return f"UserText({self.context!r}, {self.source!r}, *{self.args!r})"

    def __reduce__(self):  # a copy or a pickle keeps the key, not only the English
        return (UserText, (self.context, self.source, *self.args))


def english_arg(value: object) -> str:
    """An argument as the English sentence writes it (thousands with commas)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def fill(template: str, args: tuple[object, ...], render) -> str:
    """``%1``… of ``template`` replaced by ``render(args[0])``…, in one pass (an argument's
    own ``%2`` is never replaced again); a marker without an argument stays as written."""

    def one(match: re.Match[str]) -> str:
        n = int(match.group(1))
        return render(args[n - 1]) if 1 <= n <= len(args) else match.group(0)

    return _MARKER.sub(one, template)


def text_of(exc: BaseException) -> str:
    """An exception's message for the user: the :class:`UserText` it was raised with (its
    translation key kept), else ``str(exc)``."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, UserText) else str(exc)
