"""Token estimate: serialised JSON characters times a ratio (DESIGN §2).

The number must equal ``len(json.dumps([m.model_dump() for m in messages], ensure_ascii=False,
default=str))`` scaled; :func:`message_chars` lets callers cache per-message sizes and still add
up to exactly that figure (``[`` + ``]`` + ``", "`` separators).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from json.encoder import encode_basestring

from pi_desktop.context.message import Message

CHARS_PER_TOKEN = 4
# what ``json.dumps(..., ensure_ascii=False, default=str)`` builds on every call, built once
_ENCODER = json.JSONEncoder(ensure_ascii=False, default=str)


def message_json(message: Message) -> str:
    """``json.dumps(message.model_dump(), ensure_ascii=False, default=str)``, exactly.

    Every new message is serialised once per turn (its size and character classes), so the
    common case — a plain ``Message`` without metadata — is written out directly: the same
    ``encode_basestring`` json uses for each string and its ``", "`` / ``": "`` separators,
    in the model's field order (a test compares it with ``json.dumps`` on arbitrary text).
    Anything else goes through ``model_dump`` (which converts what metadata holds).
    """
    role, content = message.role, message.content
    if (
        message.metadata is None
        and type(message) is Message
        and type(role) is str
        and type(content) is str
    ):
        return (
            '{"role": '
            + encode_basestring(role)
            + ', "content": '
            + encode_basestring(content)
            + ', "metadata": null}'
        )
    return _ENCODER.encode(message.model_dump())


def message_chars(message: Message) -> int:
    """Characters ``message`` contributes inside the serialised list (no separator)."""
    return len(message_json(message))


def list_chars_from_sizes(sizes: Sequence[int] | int, count: int | None = None) -> int:
    """Chars of the serialised list given per-message sizes (or their sum and the count)."""
    if isinstance(sizes, int):
        total, n = sizes, count or 0
    else:
        total, n = sum(sizes), len(sizes)
    if n == 0:
        return 2  # "[]"
    return total + 2 + 2 * (n - 1)  # brackets + ", " between items


def chars_of(messages: Sequence[Message]) -> int:
    """Serialised chars of ``messages`` exactly as :func:`estimate_tokens` counts them."""
    return len(json.dumps([m.model_dump() for m in messages], ensure_ascii=False, default=str))


def tokens_from_chars(chars: int, ratio: float | None = None) -> int:
    """Scale a char count to tokens the way :func:`estimate_tokens` does."""
    if ratio is not None:
        return max(1, int(chars * ratio))
    return max(1, chars // CHARS_PER_TOKEN)


def estimate_tokens(messages: Sequence[Message], ratio: float | None = None) -> int:
    """Estimated prompt tokens of ``messages``: chars × ratio, or chars // 4 without one."""
    return tokens_from_chars(chars_of(messages), ratio)
