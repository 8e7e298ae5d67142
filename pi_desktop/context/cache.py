"""The summary cache: the latest summary and the tail it was cut before.

With a cached summary the view is ``[system] + [summary] + retained tail + newly`` (DESIGN §3).
The cache holds one :class:`CachedSummary` — a compaction's result or a session's restored
entry, replaced whole, never changed field by field — and checks that it still fits the live
history (an edit or a rewind behind the cut makes it stale).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pi_desktop.context.files import FileLists
from pi_desktop.context.message import Message
from pi_desktop.context.summary import summary_message


@dataclass(frozen=True)
class CachedSummary:
    """One summary as the view uses it: ``messages[:covered_count]`` are represented by
    ``message``; ``retained_tail`` follows verbatim. ``files``: every path the summarized part
    read / modified (None when restored from disk: the text's lists are capped, so the next
    compaction re-derives them from the history)."""

    summary: str
    covered_count: int
    retained_tail: tuple[Message, ...]
    message: Message
    files: FileLists | None


class SummaryCache:
    """The current :class:`CachedSummary` (or none) and whether it fits the history."""

    def __init__(self) -> None:
        self.entry: CachedSummary | None = None
        # the live messages at ``covered_count`` last found to match the tail (see ``fits``)
        self._verified: list[Message] = []

    def clear(self) -> None:
        self.entry = None
        self._verified = []

    def commit(self, entry: CachedSummary) -> None:
        """Take a compaction's summary; its tail is what the history holds at the cut."""
        self.entry = entry
        self._verified = list(entry.retained_tail)

    def restore(
        self, summary: str, covered_count: int, retained_tail: Sequence[dict[str, Any] | Message]
    ) -> None:
        """Take a session's saved summary (an empty one clears the cache)."""
        if not summary:
            self.clear()
            return
        covered = int(covered_count)
        tail = tuple(
            m if isinstance(m, Message) else Message.model_validate(m) for m in retained_tail
        )
        self.entry = CachedSummary(summary, covered, tail, summary_message(summary, covered), None)
        self._verified = []

    def fits(self, messages: Sequence[Message]) -> bool:
        """The cached tail still matches the history at ``covered_count``."""
        entry = self.entry
        if entry is None:
            return False
        start, tail = entry.covered_count, entry.retained_tail
        if start < 0 or start + len(tail) > len(messages):
            return False
        live = messages[start : start + len(tail)]  # a list's slice is a new list already
        if not isinstance(live, list):
            live = list(live)
        # ``_verified``: the live messages that matched here last time (reset whenever the
        # cache changes). ``==`` on lists short-cuts on identity, so an unchanged history is
        # one C-level pass; a message replaced at these positions (an edit, a rewind and new
        # turns) is another object: equal in value it matches as the old one did, otherwise
        # it is checked against the tail below
        if live == self._verified:
            return True
        for now, kept in zip(live, tail, strict=True):
            if now.role != kept.role or now.content != kept.content:
                return False
        self._verified = live
        return True
