"""Keeping every tool inside its workspace folder.

A path is resolved (symlinks followed, ``..`` collapsed) and must land in the resolved
workspace root; anything else — ``../x``, ``/etc/passwd``, a symlink pointing out — is
refused with ``ToolError``. That check alone would race with a symlink swapped in later, so
the tools then open the checked path through :mod:`fsafe`. Results are shown relative to the
root so the model never learns or needs absolute paths.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pi_desktop.agent.tool import ToolError


def resolve_path(root: Path, raw: object, *, what: str = "path") -> Path:
    """``raw`` made absolute (relative to ``root``), symlinks followed and ``..`` collapsed."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        raw = "."
    if not isinstance(raw, str):
        raise ToolError(f"{what} must be a string, got {type(raw).__name__}")
    if "\x00" in raw:
        raise ToolError(f"{what} contains a NUL character")
    candidate = Path(raw.strip())
    if not candidate.is_absolute():
        candidate = root / candidate
    try:
        return candidate.resolve()
    except (OSError, RuntimeError, ValueError) as exc:  # symlink loops
        raise ToolError(f"cannot resolve {what} {raw!r}: {exc}") from None


def resolve_in_workspace(root: Path, raw: object, *, what: str = "path") -> Path:
    """The absolute, symlink-resolved path of ``raw`` if it lies inside ``root``."""
    root = root.resolve()
    resolved = resolve_path(root, raw, what=what)
    if not contains(root, resolved):
        raise ToolError(f"{what} {raw!r} is outside the workspace; only files under it are allowed")
    return resolved


def display_path(root: Path, path: Path) -> str:
    """``path`` relative to the resolved ``root`` (``.`` for the root), with forward slashes."""
    try:
        rel = path.relative_to(root)
    except ValueError:
        return str(path)
    text = rel.as_posix()
    return text or "."


def contains(root: Path, resolved: Path) -> bool:
    """Whether ``resolved`` is ``root`` or lies under it (both already resolved: no I/O)."""
    return resolved == root or root in resolved.parents


def cap_output(text: str, max_chars: int) -> str:
    """``text`` cut to ``max_chars`` with a note saying how much was left out."""
    if len(text) <= max_chars:
        return text
    return text[:max_chars] + cap_note(max_chars, len(text))


@dataclass(frozen=True)
class CapNote:
    """What a capped tool output says about itself: ``shown`` of ``total`` characters (the
    real size of what the tool read), ``first`` when the shown part is the beginning."""

    shown: int
    total: int
    first: bool


def cap_note(shown: int, total: int, *, first: bool = False, more: str = "") -> str:
    """The line a capped output ends with; :func:`parse_cap_note` reads it back (the window
    and the offline demo state the real size from it)."""
    which = "the first " if first else ""
    more = f"; {more}" if more else ""
    return f"\n[output truncated: showing {which}{shown:,} of {total:,} chars{more}]"


_CAP_NOTE = re.compile(
    r"\n\[output truncated: showing (?P<first>the first )?(?P<shown>[\d,]+) of (?P<total>[\d,]+) "
    r"chars\b[^\]\n]*\]\s*\Z"
)


_LINES_NOTE = re.compile(
    r"\n\[lines (?P<first>\d+)-(?P<last>\d+) of (?P<total>\d+) in [^\n]*\]\s*\Z"
)


def parse_lines_note(text: str) -> tuple[int, int, int] | None:
    """``(first, last, total)`` of read_file's line-window note ending ``text``, else None."""
    match = _LINES_NOTE.search(text[-600:])
    if match is None:
        return None
    return int(match["first"]), int(match["last"]), int(match["total"])


def parse_cap_note(text: str) -> CapNote | None:
    """The note at the very end of ``text`` (a tool output or its saved copy), else None."""
    match = _CAP_NOTE.search(text[-600:])
    if match is None:
        return None
    shown, total = (int(match[key].replace(",", "")) for key in ("shown", "total"))
    return CapNote(shown, total, bool(match["first"]))
