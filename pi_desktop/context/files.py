"""The summary's file lists: full and ordered newest first, shown capped.

A summary that merges every path it ever saw grows without bound (one session read 4 files a
turn and reached a 24k-token summary at an 8k budget; pi-mono met a 528k-char summary, 510k of
it paths). So the manager keeps the full lists (for ``CompactionInfo`` and the window's
viewer; they are also derivable from the session's messages) and the summary text shows only
the newest ``MAX_LISTED`` of each, then "… and N more", inside the summary's size target.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from pi_desktop.context.message import Message
from pi_desktop.context.summary import (
    MORE_MARK,
    READ_NAMES,
    WRITE_NAMES,
    paths_in,
    strip_file_blocks,
)

MAX_LISTED = 25  # per list, in the summary text


class FileLists(NamedTuple):
    """Paths read and modified, newest first; ``read`` excludes anything modified."""

    read: tuple[str, ...] = ()
    modified: tuple[str, ...] = ()


def update_file_lists(previous: FileLists, messages: Iterable[Message]) -> FileLists:
    """``previous`` plus the read/write tool calls in ``messages`` (which are newer)."""
    read = dict.fromkeys(reversed(previous.read))  # oldest first while updating
    modified = dict.fromkeys(reversed(previous.modified))
    for message in messages:
        for call in message.tool_calls:
            function = call.get("function") or {}
            name = str(function.get("name") or "").lower()
            if any(w in name for w in WRITE_NAMES):
                target = modified
            elif any(r in name for r in READ_NAMES):
                target = read
            else:
                continue
            for path in paths_in(function.get("arguments")):
                target.pop(path, None)
                target[path] = None
    newest_read = tuple(p for p in reversed(read) if p not in modified)
    return FileLists(newest_read, tuple(reversed(modified)))


def _block(tag: str, paths: tuple[str, ...], shown: int) -> str:
    if not paths:
        return ""
    lines = list(paths[:shown])
    if len(paths) > shown:
        lines.append(f"{MORE_MARK}{len(paths) - shown} more")
    return f"<{tag}>\n" + "\n".join(lines) + f"\n</{tag}>"


def file_blocks(
    lists: FileLists,
    max_listed: int = MAX_LISTED,
    fits: Callable[[str], bool] | None = None,
) -> str:
    """The ``<read-files>`` / ``<modified-files>`` blocks, newest first, capped.

    ``fits`` (optional) bounds the blocks' size: fewer paths are listed until it accepts.
    """
    shown = max_listed
    while True:
        parts = [
            _block("read-files", lists.read, shown),
            _block("modified-files", lists.modified, shown),
        ]
        text = "\n\n".join(p for p in parts if p)
        if fits is None or shown == 0 or fits(text):
            return text
        shown = shown // 2 if shown > 4 else shown - 1


def with_blocks(body: str, blocks: str) -> str:
    """The summary text: its body, then the (capped) file blocks when there are any."""
    body = strip_file_blocks(body)
    return f"{body}\n\n{blocks}" if blocks else body
