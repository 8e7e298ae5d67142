"""Pins and branch summaries on the current path (DESIGN §4's pin and branch-summary entries).

The session stores them; the ContextManager honours them: every prepare, compaction and
estimate first hands it the path's pinned messages (kept verbatim) and the notes of the
branches the user left (``apply``). The writes check what they must before anything is
appended; telling the window (a fresh estimate) is the caller's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pi_desktop.agent.branch_summary import (
    abandoned_messages,
    context_note,
    summarize_branch,
    worth_summarizing,
)
from pi_desktop.context import Message

if TYPE_CHECKING:
    from pi_desktop.agent.history import History
    from pi_desktop.agent.llm import LLM
    from pi_desktop.context import ContextManager
    from pi_desktop.session import Session


class SessionPinsAndNotes:
    """The path's pins and branch-summary notes, read from ``session`` into ``ctx``.

    ``ctx`` None (no context management) or ``session`` None (an in-memory history: no entry
    ids) makes ``apply`` a no-op; writing a pin or a summary then raises or returns nothing.
    ``summarizer`` writes the branch summaries.
    """

    def __init__(
        self,
        session: Session | None,
        history: History,
        ctx: ContextManager | None,
        summarizer: LLM,
    ) -> None:
        self._session = session
        self._history = history
        self._ctx = ctx
        self._summarizer = summarizer

    def apply(self, messages: list[Message], path_ids: list[str | None]) -> None:
        """Hand the session's pins and branch summaries on this path to the ContextManager.

        O(pins + branch summaries) per call: an entry's depth is its index on the path
        (unless pair repairs inserted synthetic messages; then the path is scanned once).
        """
        if self._ctx is None or self._session is None:
            return
        state = self._session.state
        if not state.pinned and not state.branch_summaries:
            self._ctx.steer((), ())
            return
        offset = len(messages) - len(path_ids)
        position = _positions(state, path_ids)
        pinned = [offset + k for k in (position(eid) for eid in state.pinned) if k is not None]
        side = [
            (k, entry.timestamp, entry.summary)
            for entry in state.branch_summaries.values()
            if (k := position(entry.parent_id)) is not None
            and position(state.branch_entry(entry)) is None  # not back on that branch
        ]
        notes = [context_note(summary) for _, _, summary in sorted(side)]
        self._ctx.steer(pinned, notes)

    def _pin_indices(self, ids: set[str]) -> tuple[list[Message], list[int]]:
        messages, path_ids = self._history.snapshot()
        offset = len(messages) - len(path_ids)
        return messages, [offset + k for k, eid in enumerate(path_ids) if eid in ids]

    def pin(self, entry_id: str) -> bool:
        """Pin message ``entry_id``; False if it already was.

        Raises :class:`~pi_desktop.context.PinRefused` (nothing written) when the pinned
        messages on the current path would take more than their cap of the view.
        """
        if self._session is None:
            raise RuntimeError("pins need a session: the in-memory history has no entry ids")
        if self._session.is_pinned(entry_id):
            return False
        if self._ctx is not None:
            messages, indices = self._pin_indices(set(self._session.state.pinned) | {entry_id})
            self._ctx.check_pins(messages, indices)
        return self._session.pin(entry_id)

    def unpin(self, entry_id: str) -> bool:
        """Unpin message ``entry_id``; False if it was not pinned (or there is no session)."""
        return self._session.unpin(entry_id) if self._session is not None else False

    def pinned_tokens(self) -> int:
        """What the pinned messages on the current path take in the view (0 without a budget)."""
        if self._ctx is None or self._session is None:
            return 0
        messages, indices = self._pin_indices(set(self._session.state.pinned))
        return self._ctx.pinned_tokens(messages, indices)

    async def summarize_abandoned(self, old_leaf: str | None, target: str) -> str | None:
        """Summarize the branch a rewind from ``old_leaf`` to ``target`` left behind.

        Stores a ``branch_summary`` entry hanging off ``target`` and returns its id; None
        when no user turn was left behind (see ``worth_summarizing``) or the summary came
        back empty. Provider errors propagate (the caller says so; nothing is written).
        """
        if self._session is None:
            return None
        entries = abandoned_messages(self._session, old_leaf, target)
        if not worth_summarizing(entries):
            return None
        note, model = await summarize_branch(
            self._summarizer, [entry.to_message() for entry in entries]
        )
        if not note or target not in self._session.entries:
            return None
        return self._session.add_branch_summary(
            target,
            note,
            branch_leaf_id=old_leaf,
            summarized_count=len(entries),
            summary_model=model,
        )

    def remove_branch_summary(self, summary_id: str) -> None:
        """Take a branch summary out of the view (an appended line)."""
        if self._session is None:
            raise RuntimeError("branch summaries need a session")
        self._session.remove_branch_summary(summary_id)


def _positions(state: Any, path_ids: list[str | None]) -> Callable[[str | None], int | None]:
    """``entry id -> index in path_ids`` (None: not on the path)."""
    depth = state.depth
    # repairs insert synthetic (None) entries: then the length no longer matches the depth
    if path_ids and depth.get(path_ids[-1]) == len(path_ids) - 1:

        def fast(eid: str | None) -> int | None:
            k = depth.get(eid) if eid is not None else None
            return k if k is not None and k < len(path_ids) and path_ids[k] == eid else None

        return fast
    index = {eid: k for k, eid in enumerate(path_ids) if eid is not None}
    return lambda eid: index.get(eid) if eid is not None else None
