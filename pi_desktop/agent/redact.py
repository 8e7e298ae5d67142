"""Masking API keys in text the app shows or stores (error messages, logs).

A key reaches an error message in more forms than the one the user typed: URL-encoded when a
proxy echoes the request line (``sk%2Dproj%2D…``), cut to a long tail ("…key ending in
Xy12…"), quoted inside a JSON body. Every run of key characters is therefore decoded and
checked against the known secrets (any 8 characters of a secret's random part give it away)
and against the shapes keys have; a hit masks the whole run.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import unquote

MASK = "***"
_SHARED = 8  # this many consecutive characters of a secret's random part reveal too much

# runs of characters a key (or its URL-encoded form) is made of
_RUN = re.compile(r"(?:[A-Za-z0-9_\-*]|%[0-9A-Fa-f]{2})+")
# key shapes: OpenAI/Anthropic/DeepSeek sk-…, Google AIza…, Groq gsk_…, xAI xai-…, HF hf_…,
# GitHub gh?_…, Slack xox?-…
_SHAPED = re.compile(
    r"sk-[A-Za-z0-9_\-*]{4,}|AIza[0-9A-Za-z_\-]{20,}|gsk_[A-Za-z0-9]{16,}|xai-[A-Za-z0-9]{16,}"
    r"|hf_[A-Za-z0-9]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|xox[abpr]-[A-Za-z0-9-]{10,}"
)
_BEARER = re.compile(r"\b(Bearer)(\s+|%20|\+)((?:[A-Za-z0-9_\-.*~+/=]|%[0-9A-Fa-f]{2}){8,})", re.I)
# the public head of a key ("sk-", "sk-proj-", "sk-ant-api03-"): sharing it reveals nothing
_PUBLIC_HEAD = re.compile(r"^[A-Za-z]{1,6}[-_](?:[A-Za-z]{1,8}[-_])?(?:api\d+[-_])?")


def _windows(secret: str) -> frozenset[str]:
    head = _PUBLIC_HEAD.match(secret)
    body = secret[head.end() :] if head else secret
    return frozenset(body[i : i + _SHARED] for i in range(len(body) - _SHARED + 1))


def _reveals(run: str, windows: frozenset[str]) -> bool:
    return any(run[i : i + _SHARED] in windows for i in range(len(run) - _SHARED + 1))


def redact(text: str, secrets: Sequence[str | None] = ()) -> str:
    """``text`` with every given secret — whole, URL-encoded or a long part of it — and
    anything shaped like an API key or bearer token replaced by ``***``."""
    known = [s for s in secrets if s and len(s) >= 4]
    for secret in known:
        text = text.replace(secret, MASK)
    windows = frozenset().union(*(_windows(s) for s in known if len(s) >= _SHARED))
    text = _BEARER.sub(lambda m: f"{m.group(1)}{m.group(2)}{MASK}", text)

    def mask(match: re.Match[str]) -> str:
        run = match.group()
        plain = unquote(run) if "%" in run else run
        if windows and len(plain) >= _SHARED and _reveals(plain, windows):
            return MASK
        shaped = _SHAPED.search(plain)
        if shaped is None:
            return run
        if plain is run:
            return run[: shaped.start()] + MASK + run[shaped.end() :]
        return MASK  # an encoded run: its offsets differ from the decoded text's

    return _RUN.sub(mask, text)
