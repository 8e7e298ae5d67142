"""L3: a tool result too large for the view is written whole to disk and replaced by a marker.

Offloading is an optimisation, never a requirement: no folder or an I/O error leaves the
content unchanged. File names derive from the tool_call_id sanitised so that a hostile id
(``../../x``, absolute paths, NUL, thousands of chars) can never leave ``results_dir``.
Same content → same file, so the agent may call this right after a tool ran and the manager
again on every turn without duplicate writes.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
import stat
from collections.abc import Sequence
from pathlib import Path

from pi_desktop.context.message import Message

DEFAULT_MAX_CHARS = 20_000
MIN_OFFLOAD_CHARS = 3_000  # an L3 marker carries a 2,000-char preview: smaller saves nothing
PREVIEW_CHARS = 2_000
# what a marker costs besides its preview (its line, the path twice, the JSON around it): a
# result must be larger than its marker by at least this much before a file is worth it
MARKER_OVERHEAD_CHARS = 1_000
# a step over its share offloads any result at least this much longer than the preview (the
# marker's line is about this size; a marker that would not save is not used)
MARKER_MIN_SAVING = 300
MARKER_PREFIX = "[Tool result offloaded:"
_MAX_NAME = 80
_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]")


def _digest(text: str, length: int = 12) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:length]


def sanitize_id(tool_call_id: str) -> str:
    """A file-name stem from ``tool_call_id``: only ``[A-Za-z0-9_.-]``, no dot runs, bounded.

    When sanitising changed the id, a digest of the original is appended so two different
    hostile ids (``a/b`` and ``a_b``) never share a file.
    """
    stem = _UNSAFE.sub("_", tool_call_id)
    stem = re.sub(r"\.{2,}", "_", stem).strip(".")[:_MAX_NAME]
    if stem != tool_call_id or not stem:
        stem = f"{stem or 'result'}-{_digest(tool_call_id, 10)}"
    return stem


def offload_path(results_dir: str | os.PathLike[str], tool_call_id: str) -> Path:
    """Where the result of ``tool_call_id`` is saved: always directly inside ``results_dir``."""
    return Path(results_dir) / f"{sanitize_id(tool_call_id)}.txt"


def is_offloaded(content: str) -> bool:
    """True for a view marker this module produced (so it is never offloaded twice)."""
    return content.startswith(MARKER_PREFIX)


def floor_chars(preview_chars: int = PREVIEW_CHARS) -> int:
    """The smallest result worth offloading when its marker carries ``preview_chars``.

    ``MIN_OFFLOAD_CHARS`` with the full preview; a smaller preview (a small budget, many
    results in one step) lowers it, so the floor follows the budget.
    """
    return min(MIN_OFFLOAD_CHARS, max(0, preview_chars) + MARKER_OVERHEAD_CHARS)


def offload_marker(
    path: str, original_chars: int, content: str, preview_chars: int = PREVIEW_CHARS
) -> str:
    """The view text: one line naming file and size, then a preview and how to read more.

    The path is absolute: the workspace tools accept it (read-only) for this session's
    results folder, so the model can page through the file with read_file. A marker with a
    shortened preview (small budgets) also says how to read more in fewer words.
    """
    preview = content[: max(0, preview_chars)]
    if preview_chars < PREVIEW_CHARS:
        return (
            f"{MARKER_PREFIX} {original_chars} chars saved to {path} — the first "
            f"{len(preview)} chars follow; read_file that path for the rest.]\n{preview}"
        )
    return (
        f"{MARKER_PREFIX} {original_chars} chars saved to {path} — the first "
        f"{len(preview)} chars follow; to see the rest call read_file with that exact path "
        f"(offset/limit page through it).]\n{preview}"
    )


_MARKER_LINE = re.compile(
    re.escape(MARKER_PREFIX) + r" (?P<chars>\d+) chars saved to (?P<path>.+?) — the first \d+ chars"
)


def parse_marker(content: str) -> tuple[str, int, str] | None:
    """``(path, original_chars, preview)`` of a marker :func:`offload_marker` made, else None."""
    head, _, preview = content.partition("\n")
    match = _MARKER_LINE.match(head)
    if match is None:
        return None
    return match["path"], int(match["chars"]), preview


def _same_file(path: Path, data: bytes) -> bool:
    """Whether ``path`` is a regular file (not a symlink planted there) holding ``data``."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return False
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size != len(data):
            return False
        with os.fdopen(os.dup(fd), "rb") as handle:
            return handle.read(len(data) + 1) == data
    except OSError:
        return False
    finally:
        os.close(fd)


def _write_new(directory: Path, stem: str, data: bytes) -> Path:
    """A fresh temp file in ``directory`` holding ``data``: created with O_EXCL|O_NOFOLLOW under
    a random name, so whatever was planted at a predictable name is never followed."""
    for _ in range(8):
        tmp = directory / f".{stem}.{secrets.token_hex(8)}.tmp"
        try:
            fd = os.open(
                tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600
            )
        except FileExistsError:
            continue
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
        except BaseException:
            os.close(fd)
            tmp.unlink(missing_ok=True)
            raise
        os.close(fd)
        return tmp
    raise FileExistsError(f"no free temporary name in {directory}")


def _write_once(results_dir: Path, tool_call_id: str, content: str) -> Path | None:
    """Write ``content`` for ``tool_call_id`` unless an identical file exists; None on error.

    A different result under a reused id (offline providers reuse ``call_0``) goes to a
    content-addressed sibling, so an earlier marker's file is never overwritten.
    """
    data = content.encode("utf-8", "surrogatepass")
    path = offload_path(results_dir, tool_call_id)
    try:
        root = results_dir.resolve()
        if path.parent.resolve() != root:  # belt and braces: sanitising already ensures it
            return None
        if _same_file(path, data):
            return path
        if os.path.lexists(path):
            path = path.with_name(f"{path.stem}-{_digest(content, 16)}.txt")
            if _same_file(path, data):
                return path
        results_dir.mkdir(parents=True, exist_ok=True)
        tmp = _write_new(results_dir, path.name, data)
        try:
            os.replace(tmp, path)  # renames over a planted symlink itself, never through it
        except OSError:
            tmp.unlink(missing_ok=True)
            raise
        return path
    except (OSError, ValueError):
        return None


def offload_message(
    message: Message,
    max_chars: int = DEFAULT_MAX_CHARS,
    results_dir: str | os.PathLike[str] | None = None,
    preview_chars: int = PREVIEW_CHARS,
) -> Message:
    """``message`` itself, or a copy whose content is the marker (metadata kept + ``offloaded``).

    The file always holds the whole result; ``preview_chars`` only sizes the marker's preview.
    """
    if (
        results_dir is None
        or message.role != "tool"
        or len(message.content) <= max_chars
        or is_offloaded(message.content)
    ):
        return message
    tool_call_id = message.tool_call_id or f"anonymous-{_digest(message.content)}"
    path = _write_once(Path(results_dir), tool_call_id, message.content)
    if path is None:
        return message
    original = len(message.content)
    metadata = dict(message.metadata or {})
    metadata["offloaded"] = {"path": str(path), "original_chars": original}
    return message.model_copy(
        update={
            "content": offload_marker(str(path), original, message.content, preview_chars),
            "metadata": metadata,
        }
    )


def budget_tool_results(
    messages: Sequence[Message],
    max_chars: int = DEFAULT_MAX_CHARS,
    results_dir: str | os.PathLike[str] | None = None,
) -> list[Message]:
    """L3 over a list: every oversized tool result offloaded; the input is never mutated."""
    return [offload_message(m, max_chars, results_dir) for m in messages]
