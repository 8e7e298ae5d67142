"""``ContextSessionBridge``: the one place that moves compaction state between engine and file.

The context engine stays pure (it never imports the session) and the session stays ignorant of
the engine; the agent only calls these three methods.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from pi_desktop.context.report import CompactionInfo
from pi_desktop.session import MessageEntry, Session
from pi_desktop.session.library import results_dir_for


class _CacheTarget(Protocol):
    pending_compaction: CompactionInfo | None

    def restore_cache(
        self, summary: str, covered_count: int, retained_tail: list[dict[str, Any]]
    ) -> None: ...


def map_covered(
    path: list[MessageEntry], covered_count: int, has_system: bool
) -> tuple[list[str], str | None]:
    """Entry ids a cut at ``covered_count`` replaces, and the first entry it keeps.

    ``covered_count`` indexes ``[system] + history``; message ``k`` is path entry ``k - 1``
    when the session has a system prompt (``k`` otherwise).
    """
    offset = 1 if has_system else 0
    kept = covered_count - offset
    replaced = [entry.id for entry in path[: max(0, kept)]]
    first_kept = path[kept].id if 0 <= kept < len(path) else None
    return replaced, first_kept


class ContextSessionBridge:
    """Reads the session's compaction cache into a ContextManager and writes new ones back."""

    def __init__(self, session: Session):
        self.session = session
        self._written: tuple[CompactionInfo, str] | None = None  # last info written, its entry

    def results_dir(self) -> Path:
        """Where L3 offloads this session's tool results (created on first use)."""
        path = results_dir_for(self.session.path)
        path.mkdir(parents=True, exist_ok=True)
        return path

    def restore_cache(self, ctx: _CacheTarget) -> bool:
        """Refill ``ctx`` from the deepest compaction that fits the current path (0 API calls)."""
        cache = self.session.get_latest_compaction_cache()
        if cache is None:
            return False
        ctx.restore_cache(**cache)
        return True

    def write_compaction(self, ctx: _CacheTarget, *, manual: bool = False) -> str | None:
        """Persist ``ctx.pending_compaction`` as a compaction entry; returns its id (or None).

        Calling it twice for the same pending compaction writes one entry, not two.
        """
        info = ctx.pending_compaction
        if info is None:
            return None
        if self._written is not None and self._written[0] is info:
            return self._written[1]
        replaced, first_kept = map_covered(
            self.session.get_current_path(),
            info.covered_count,
            self.session.system_prompt is not None,
        )
        entry_id = self.session.add_summary_cache(
            info.summary,
            info.covered_count,
            info.retained_tail,
            replaces_entry_ids=replaced,
            first_kept_entry_id=first_kept,
            tokens_before=info.tokens_before,
            tokens_after=info.tokens_after,
            summary_usage=info.summary_usage,
            summary_model=info.summary_model,
            read_files=list(info.read_files),
            modified_files=list(info.modified_files),
            summarized_count=info.summarized_count,
            summarizer_calls=info.summarizer_calls,
            instructions=info.instructions,
            manual=manual or info.instructions is not None,
        )
        self._written = (info, entry_id)
        return entry_id
