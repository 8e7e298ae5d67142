"""Parsing JSON that a model, a server or a file wrote: bounded in size and nesting depth.

``json.loads`` recurses once per nesting level, so ``"[" * 100_000`` raises ``RecursionError`` —
not a ``ValueError`` — out of every ``except ValueError`` around it, and a value a few hundred
levels deep that did parse can still blow the stack of whatever walks it later (``json.dumps``,
pydantic, a renderer). Every parser of foreign JSON goes through :func:`loads`: anything too
large or too deep fails as :class:`JSONLimitError`, a ``ValueError``, into the caller's normal
error path. Pure and dependency-free, so every layer may import it.
"""

from __future__ import annotations

import json
from typing import Any

MAX_DEPTH = 64  # tool arguments and API bodies nest a handful of levels; 64 is generous
MAX_CHARS = 16 * 1024 * 1024  # one value (a tool call's arguments, an error body, a line)


class JSONLimitError(ValueError):
    """The text is larger or nests deeper than the caller allows; it was not parsed."""


def loads(text: str | bytes | bytearray, *, max_depth: int = MAX_DEPTH,
          max_chars: int = MAX_CHARS) -> Any:  # fmt: skip
    """``json.loads(text)`` within the bounds; ``ValueError`` for bad JSON, ``JSONLimitError``
    (also a ``ValueError``) for text over ``max_chars`` or nesting over ``max_depth``."""
    if len(text) > max_chars:
        raise JSONLimitError(f"the JSON is {len(text):,} characters, over the {max_chars:,} limit")
    try:
        value = json.loads(text)
    except RecursionError:  # the C decoder counts its levels against the recursion limit
        raise JSONLimitError(f"the JSON nests deeper than {max_depth} levels") from None
    # the bracket count bounds the depth: only a text with more brackets is walked
    if _brackets(text) > max_depth and depth(value, max_depth + 1) > max_depth:
        raise JSONLimitError(f"the JSON nests deeper than {max_depth} levels")
    return value


def _brackets(text: str | bytes | bytearray) -> int:
    if isinstance(text, str):
        return text.count("[") + text.count("{")
    return text.count(b"[") + text.count(b"{")


def depth(value: Any, stop_at: int | None = None) -> int:
    """How many containers deep ``value`` nests (a scalar is 0), iteratively; stops counting
    once ``stop_at`` is reached."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, (list, tuple)):
            children = item
        else:
            continue
        level += 1
        deepest = max(deepest, level)
        if stop_at is not None and deepest >= stop_at:
            return deepest
        stack.extend((child, level) for child in children)
    return deepest


def dumps_or_none(value: Any, *, max_depth: int = MAX_DEPTH, **kwargs: Any) -> str | None:
    """``json.dumps(value, **kwargs)``, or None when ``value`` nests too deep to serialise
    safely (or cannot be serialised at all)."""
    if depth(value, max_depth + 1) > max_depth:
        return None
    try:
        return json.dumps(value, **kwargs)
    except (TypeError, ValueError, RecursionError):
        return None
