"""``server__tool`` names the model can call: valid for every provider, and never two alike.

Providers accept ``^[A-Za-z0-9_-]{1,64}$``. Server and tool names are free text, so they are
sanitised; sanitising and the length cap can make two names meet ("a.b" and "a_b"), and then
the later one gets a short hash of its original pair. The server part never contains ``__``,
so the first ``__`` always separates the server from the tool.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable

MAX_NAME = 64
MAX_SERVER_PART = 24
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")
VALID_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def _clean(text: str) -> str:
    return _UNSAFE.sub("_", text).strip("_") or "x"


def _digest(*parts: str) -> str:
    return hashlib.sha1("\x00".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:8]


def server_prefix(name: str) -> str:
    """The sanitised server part (no ``__`` inside, at most ``MAX_SERVER_PART`` chars)."""
    part = re.sub(r"_{2,}", "_", _clean(name))
    if part == name and len(part) <= MAX_SERVER_PART:
        return part
    # a changed name carries its digest, so "my server" and "my_server" cannot meet
    return _with_digest(part, _digest(name))


def _with_digest(part: str, digest: str) -> str:
    head = part[: MAX_SERVER_PART - len(digest) - 1].rstrip("_") or "x"
    return f"{head}_{digest}"


def assign_names(pairs: Iterable[tuple[str, str]], taken: Iterable[str] = ()) -> list[str]:
    """One unique valid name per ``(server, tool)`` pair, in order; ``taken`` are reserved."""
    used = set(taken)
    prefixes: dict[str, str] = {}
    out: list[str] = []
    for server, tool in pairs:
        prefix = prefixes.get(server)
        if prefix is None:
            prefix = server_prefix(server)
            while prefix in prefixes.values():
                prefix = _with_digest(prefix, _digest(server, prefix))
            prefixes[server] = prefix
        room = MAX_NAME - len(prefix) - 2
        part = _clean(tool)
        name = f"{prefix}__{part}"
        if len(part) > room or name in used:
            tail = "_" + _digest(server, tool)
            name = f"{prefix}__{part[: room - len(tail)]}{tail}"
            salt = 0
            while name in used:  # a digest collision: vanishingly rare, still handled
                salt += 1
                tail = "_" + _digest(server, tool, str(salt))
                name = f"{prefix}__{part[: room - len(tail)]}{tail}"
        used.add(name)
        out.append(name)
    return out
