"""Keeping every tool inside its workspace folder.

A path is resolved (symlinks followed, ``..`` collapsed) and must land in the resolved
workspace root; anything else — ``../x``, ``/etc/passwd``, a symlink pointing out — is
refused with ``ToolError``. That check alone would race with a symlink swapped in later, so
the tools then open the checked path through :mod:`fsafe`. Results are shown relative to the
root so the model never learns or needs absolute paths.
"""

from __future__ import annotations

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
    note = f"\n[output truncated: showing {max_chars:,} of {len(text):,} chars]"
    return text[:max_chars] + note
