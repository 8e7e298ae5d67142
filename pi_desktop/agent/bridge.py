"""``ContextSessionBridge``: the one place that moves context state between engine and file.

The context engine stays pure (it never imports the session) and the session stays ignorant of
the engine; the agent only calls these methods. Besides the compaction cache the bridge carries
what the token estimate depends on (the usage anchor) and a context window the provider stated,
so a restarted app prepares exactly the view the live one would.

Index spaces: the session counts ``covered_count`` over ``[system] + path`` (the file's truth);
the ContextManager counts over the history the agent sends, which may differ where a tool call
was repaired (:mod:`pi_desktop.agent.repair`). Without repairs both are the same list; with
them the bridge translates through entry ids in both directions.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Protocol

from pi_desktop.agent.history import SessionHistory
from pi_desktop.agent.model_window import MIN_WINDOW_TOKENS, fitted_budget
from pi_desktop.context import Message
from pi_desktop.context.reasoning import without_ignored_reasoning
from pi_desktop.context.report import CompactionInfo
from pi_desktop.session import MessageEntry, Session, SessionError
from pi_desktop.session.library import results_dir_for

log = logging.getLogger(__name__)


class _CacheTarget(Protocol):
    pending_compaction: CompactionInfo | None

    def restore_cache(
        self, summary: str, covered_count: int, retained_tail: list[dict[str, Any]]
    ) -> None: ...


def first_kept_id(path: list[MessageEntry], covered_count: int, has_system: bool) -> str | None:
    """The entry a cut at ``covered_count`` (over ``[system] + path``) keeps first, if any."""
    kept = covered_count - (1 if has_system else 0)
    return path[kept].id if 0 <= kept < len(path) else None


def _sent_history(session: Session) -> tuple[list[Message], list[str | None], bool]:
    """The history as the agent sends it, its entry ids, and whether repairs changed it (the
    session's shared history: a long path is not converted again)."""
    history = SessionHistory.of(session)
    sent, ids = history.snapshot()
    return sent, ids, bool(history.repairs)


def _sent_index(raw: int, path: list[MessageEntry], ids: list[str | None], offset: int) -> int:
    """Where raw index ``raw`` of ``[system] + path`` falls in the sent history (a boundary)."""
    where = {entry_id: i for i, entry_id in enumerate(ids) if entry_id is not None}
    for entry in path[max(0, raw - offset) :]:
        if entry.id in where:
            return where[entry.id] + offset
    return len(ids) + offset


def _raw_index(sent: int, path: list[MessageEntry], ids: list[str | None], offset: int) -> int:
    """Where sent index ``sent`` falls in ``[system] + path`` (the next real entry's index)."""
    position = {entry.id: i for i, entry in enumerate(path)}
    for entry_id in ids[max(0, sent - offset) :]:
        if entry_id is not None:
            return position[entry_id] + offset
    return len(path) + offset


def _sent_form(item: dict[str, Any]) -> dict[str, Any]:
    """A kept message (as the session gives it) in the form the agent's history holds it."""
    if item.get("role") != "assistant" or "reasoning" not in (item.get("metadata") or {}):
        return item
    message = Message.model_validate(item)
    return without_ignored_reasoning(message).model_dump()


class ContextSessionBridge:
    """Reads the session's context state into a ContextManager and writes new state back."""

    def __init__(self, session: Session):
        self.session = session
        self._written: tuple[CompactionInfo, str] | None = None  # last info written, its entry

    def results_dir(self) -> Path:
        """Where L3 offloads this session's tool results (created on first use)."""
        path = results_dir_for(self.session.path)
        path.mkdir(parents=True, exist_ok=True)
        return path

    def restore_cache(self, ctx: _CacheTarget) -> bool:
        """Refill ``ctx`` from the deepest compaction that fits the current path (0 API calls).

        The kept tail is read from the path (the entry only names it); when the sent history
        was repaired, the cache is translated into its indices.
        """
        if not self.session.state.compaction_ids:  # none at all: no walk over a long path
            return False
        cache = self.session.get_latest_compaction_cache()
        if cache is None:
            return False
        # the tail as the live history held it: without reasoning no provider reads
        cache["retained_tail"] = [_sent_form(item) for item in cache["retained_tail"]]
        sent, ids, repaired = _sent_history(self.session)
        if repaired:
            path = self.session.get_current_path()
            offset = len(sent) - len(ids)
            raw_start = cache["covered_count"]
            raw_end = raw_start + len(cache["retained_tail"])
            start = _sent_index(raw_start, path, ids, offset)
            end = _sent_index(raw_end, path, ids, offset)
            cache = {
                "summary": cache["summary"],
                "covered_count": start,
                "retained_tail": [m.model_dump() for m in sent[start:end]],
            }
        ctx.restore_cache(**cache)
        return True

    def restore_all(self, ctx: Any) -> None:
        """What the live app had, in order: the learned budget, the usage anchor, the cache."""
        learned = self.session.model_window
        if (
            learned is not None
            and learned.budget == fitted_budget(learned.window_tokens)  # as we write it
            and learned.window_tokens >= MIN_WINDOW_TOKENS  # a hand-edited 1 must not jam it
            and learned.budget < ctx.budget
        ):
            ctx.set_budget(learned.budget)
        anchor = self.session.usage_anchor
        if anchor is not None:
            ctx.restore_usage_anchor(anchor)
        self.restore_cache(ctx)

    def save_usage(self, ctx: Any) -> None:
        """Append the usage anchor when it changed since the last one saved (one short line).

        A failed write is logged, not raised: the next append reports the disk problem.
        """
        if self.session.read_only or self.session.closed:
            return
        try:
            self.session.set_usage_anchor(ctx.usage_anchor)
        except SessionError as exc:
            log.warning("could not save the usage anchor: %s", exc)

    def save_window(self, window_tokens: int, budget: int) -> None:
        """Remember a window the provider stated (used for this session even if this fails)."""
        if self.session.read_only or self.session.closed:
            return
        try:
            self.session.set_model_window(window_tokens, budget)
        except SessionError as exc:
            log.warning("could not save the model's window: %s", exc)

    def write_compaction(
        self,
        ctx: _CacheTarget,
        *,
        manual: bool = False,
        path_ids: list[str | None] | None = None,
    ) -> str | None:
        """Persist ``ctx.pending_compaction`` as a compaction entry; returns its id (or None).

        The entry references the kept tail (first kept entry and count), never copies it.
        Calling it twice for the same pending compaction writes one entry, not two.
        ``path_ids``: the current path's entry ids when the history the agent sent needed no
        repair (the agent knows); the path is then not walked and rebuilt again, so a
        compaction costs O(summary), not O(history).
        """
        info = ctx.pending_compaction
        if info is None:
            return None
        if self._written is not None and self._written[0] is info:
            return self._written[1]
        has_system = self.session.system_prompt is not None
        covered, kept = info.covered_count, len(info.retained_tail)
        if path_ids is not None:
            index = covered - (1 if has_system else 0)
            first_kept = path_ids[index] if 0 <= index < len(path_ids) else None
        else:
            path = self.session.get_current_path()
            sent, ids, repaired = _sent_history(self.session)
            if repaired:
                offset = len(sent) - len(ids)
                covered = _raw_index(covered, path, ids, offset)
                kept = len(path) + offset - covered
            first_kept = first_kept_id(path, covered, has_system)
        entry_id = self.session.add_summary_cache(
            info.summary,
            covered,
            [{}] * kept,  # only the count is stored: the path holds the kept messages
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
            rung=info.rung,
        )
        self._written = (info, entry_id)
        return entry_id
