"""``Session``: the conversation tree of one JSONL file, append-only, locked while open.

Every change is validated against the in-memory state first, then written as one line, and
only applied to memory once the line is on disk — so a refused or failed change leaves both
the file and the state exactly as they were.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pi_desktop.context.message import Message
from pi_desktop.session.draft import DeferredJournal
from pi_desktop.session.entries import (
    FORMAT_VERSION,
    BranchSummaryEntry,
    BranchSummaryRemovedEntry,
    CompactionEntry,
    Entry,
    LeafEntry,
    MessageEntry,
    ModelWindowEntry,
    PinEntry,
    SessionHeader,
    SystemPromptEntry,
    TitleEntry,
    UnpinEntry,
    UsageEntry,
    dump_line,
    encode_entry,
    new_id,
)
from pi_desktop.session.errors import RewindError, SessionReadOnlyError, SessionWriteError
from pi_desktop.session.fork import fork_file
from pi_desktop.session.gc_pause import paused_gc
from pi_desktop.session.journal import Journal, read_bytes, write_new_file
from pi_desktop.session.loading import load_state, missing_header, newer_format
from pi_desktop.session.state import SessionState
from pi_desktop.session.summary_edit import edit_refusal, edited_entry
from pi_desktop.session.validate import clean_message_entry
from pi_desktop.usertext import UserText

Subscriber = Callable[[Entry], None]
_log = logging.getLogger(__name__)

_AUDIT_FIELDS = frozenset(CompactionEntry.model_fields) - {
    "type",
    "id",
    "parent_id",
    "timestamp",
    "summary",
    "covered_count",
    "retained_count",
    "retained_tail",
    "replaces_entry_ids",
    "edited_from",
}


def new_header(
    *,
    system_prompt: str | None = None,
    workspace: str | None = None,
    title: str | None = None,
    session_id: str | None = None,
    forked_from: str | None = None,
) -> SessionHeader:
    """The first line of a new session file (created, drafted or forked)."""
    return SessionHeader(
        id=session_id or new_id(),
        workspace=workspace,
        title=title,
        system_prompt=system_prompt,
        forked_from=forked_from,
    )


class Session:
    """One open session file. Use ``create``/``draft``/``load``; close it (or use ``with``)."""

    def __init__(
        self, path: Path, state: SessionState, journal: Journal | DeferredJournal | None
    ) -> None:
        self.path = path
        self._state = state
        self._journal = journal
        self._subscribers: list[Subscriber] = []
        # why a writable open was downgraded to read-only (a newer format), for the window
        self.read_only_reason: str | None = None

    # ------------------------------------------------------------------ opening
    @classmethod
    def create(
        cls,
        path: str | os.PathLike[str],
        *,
        system_prompt: str | None = None,
        workspace: str | None = None,
        title: str | None = None,
        fsync: bool = True,
        session_id: str | None = None,
        forked_from: str | None = None,
    ) -> Session:
        """Create a new session file (it must not exist) and hold it open for writing."""
        path = Path(path)
        header = new_header(
            system_prompt=system_prompt,
            workspace=workspace,
            title=title,
            session_id=session_id,
            forked_from=forked_from,
        )
        return cls._started(path, header, Journal.create(path, dump_line(header), fsync=fsync))

    @classmethod
    def draft(
        cls,
        path: str | os.PathLike[str],
        *,
        system_prompt: str | None = None,
        workspace: str | None = None,
        title: str | None = None,
        fsync: bool = True,
        session_id: str | None = None,
    ) -> Session:
        """A new writable session whose file (``path``, which must not exist then) is created
        by its first change; closed before any, it leaves nothing on disk (``is_draft``)."""
        path = Path(path)
        header = new_header(
            system_prompt=system_prompt, workspace=workspace, title=title, session_id=session_id
        )
        return cls._started(path, header, DeferredJournal(path, dump_line(header), fsync=fsync))

    @classmethod
    def _started(
        cls, path: Path, header: SessionHeader, journal: Journal | DeferredJournal
    ) -> Session:
        state = SessionState()
        state.apply(header)
        return cls(path, state, journal)

    @classmethod
    def load(
        cls, path: str | os.PathLike[str], *, read_only: bool = False, fsync: bool = True
    ) -> Session:
        """Open an existing session; writers take the lock, read-only opens always work."""
        path = Path(path)
        if read_only:
            journal, data = None, read_bytes(path)
        else:
            journal, data = Journal.open(path, fsync=fsync)
        with paused_gc():  # 100,000 entries: half the time went to the cyclic collector
            state = load_state(data, path.stem)
        session = cls(path, state, journal)
        version = newer_format(data)
        reason = None
        if version is not None:  # appending our lines could corrupt what a newer app wrote
            reason = UserText(
                "Session",
                "This session was written by a newer pi-desktop (session format %1; this "
                "version reads format %2 and older). It is open read-only: update pi-desktop "
                "to continue it.",
                str(version),
                str(FORMAT_VERSION),
            )
        elif missing_header(data):
            reason = UserText(
                "Session",
                "%1 does not start with a pi-desktop session header, so it may not be a session "
                "file at all. It is open read-only and nothing will be written to it; to "
                "continue, fork it (“Fork to new session from here” in the tree's menu).",
                path.name,
            )
        if reason is not None:
            session.close()
            session._journal = None
            session.read_only_reason = reason
            state.problems.insert(0, reason)
        return session

    def close(self) -> None:
        """Release the file lock (idempotent). Reads keep working on the in-memory state."""
        if self._journal is not None:
            self._journal.close()

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ properties
    @property
    def state(self) -> SessionState:
        """The folded state (read it, never mutate it)."""
        return self._state

    @property
    def id(self) -> str:
        assert self._state.id is not None
        return self._state.id

    @property
    def title(self) -> str | None:
        return self._state.title

    @property
    def system_prompt(self) -> str | None:
        return self._state.system_prompt

    @property
    def workspace(self) -> str | None:
        return self._state.workspace

    @property
    def read_only(self) -> bool:
        return self._journal is None

    @property
    def is_draft(self) -> bool:
        """True while a ``draft`` has written nothing: there is no file yet."""
        return isinstance(self._journal, DeferredJournal) and self._journal.pending

    @property
    def closed(self) -> bool:
        return self._journal is None or self._journal.closed

    @property
    def problems(self) -> list[str]:
        """What the loader skipped, with line numbers (for the window to show)."""
        return list(self._state.problems)

    @property
    def entries(self) -> dict[str, MessageEntry | CompactionEntry]:
        return self._state.entries

    @property
    def current_id(self) -> str | None:
        return self._state.current_id

    @property
    def compaction_floor(self) -> str | None:
        return self._state.compaction_floor

    @property
    def usage_anchor(self) -> dict[str, Any] | None:
        """What the token estimate was anchored on last (see ``set_usage_anchor``)."""
        return self._state.usage_anchor

    @property
    def model_window(self) -> ModelWindowEntry | None:
        """The context window a provider stated for this session's model, if one did."""
        return self._state.model_window

    # ------------------------------------------------------------------ changes
    def append_message(self, message: Message, stats: dict[str, Any] | None = None) -> str:
        """Append ``message`` as a child of the current entry and make it current.

        ``stats`` (an answer's usage and timings) is stored beside the message, not in it.
        """
        entry = MessageEntry(
            parent_id=self._state.current_id,
            role=message.role,
            content=message.content,
            metadata=message.metadata,
            stats=stats or None,
        )
        entry, _ = clean_message_entry(entry)  # memory holds exactly what a reload reads
        return self._commit(entry)

    def append_root(self, message: Message) -> str:
        """Append ``message`` as a new first message (a new root) and make it current.

        Edit-and-resend of the conversation's first message: the old branch stays in the
        tree. Refused (``RewindError``) once a compaction exists, as the roots then lie below
        its floor.
        """
        self._require_writable()
        if self._state.compaction_floor is not None:
            raise RewindError(
                UserText(
                    "Session",
                    "a new first message would start below the compaction floor %1; fork a new "
                    "session instead",
                    str(self._state.compaction_floor),
                )
            )
        entry = MessageEntry(
            parent_id=None, role=message.role, content=message.content, metadata=message.metadata
        )
        return self._commit(entry)

    def add_summary_cache(
        self,
        summary: str,
        covered_count: int,
        retained_tail: list[dict[str, Any]],
        **audit: Any,
    ) -> str:
        """Record a compaction off the current entry; the floor moves to the current entry.

        The line references the kept tail (its length and ``first_kept_entry_id``) instead of
        copying it: the tail's messages are on the path, and ``get_latest_compaction_cache``
        reads them from there.
        """
        unknown = set(audit) - _AUDIT_FIELDS
        if unknown:
            raise TypeError(f"unknown compaction fields: {', '.join(sorted(unknown))}")
        if self._state.current_id is None:
            raise ValueError("cannot record a compaction in a session without messages")
        entry = CompactionEntry(
            parent_id=self._state.current_id,
            summary=summary,
            covered_count=covered_count,
            retained_count=len(retained_tail),
            **audit,
        )
        return self._commit(entry)

    def summary_edit_refusal(self, compaction_id: str, summary: str) -> str | None:
        """Why ``summary`` cannot replace the text of compaction ``compaction_id``, or None.

        Only the summary in use (the latest compaction that applies to the current path) can
        be edited: an older one no longer feeds any view.
        """
        return edit_refusal(self._state, compaction_id, summary)

    def add_edited_summary(self, compaction_id: str, summary: str, **audit: Any) -> str:
        """Save the user's edit of the summary in use as a new compaction of kind "edited".

        Append-only: the original stays in the file and in the history. The edit keeps the
        original's cut (``covered_count``, the kept tail, the file lists) and hangs off the
        same entry, so ``get_latest_compaction_cache`` returns it from now on and the floor
        does not move. ``audit`` may carry ``tokens_before`` / ``tokens_after``. Raises
        ``ValueError`` with the reason when the edit is refused (see ``summary_edit_refusal``).
        """
        self._require_writable()
        refusal = self.summary_edit_refusal(compaction_id, summary)
        if refusal is not None:
            raise ValueError(refusal)
        return self._commit(edited_entry(self._state, compaction_id, summary, audit))

    def set_usage_anchor(self, anchor: dict[str, Any] | None) -> None:
        """Save what the token estimate depends on (one line, only when it changed)."""
        if anchor is not None and anchor != self._state.usage_anchor:
            self._commit(UsageEntry(anchor=dict(anchor)))

    def set_model_window(self, window_tokens: int, budget: int) -> None:
        """Remember the model's stated context window and the budget lowered to fit it."""
        known = self._state.model_window
        if known is None or (known.window_tokens, known.budget) != (window_tokens, budget):
            self._commit(ModelWindowEntry(window_tokens=window_tokens, budget=budget))

    def rewind(self, entry_id: str) -> None:
        """Move the current position to ``entry_id`` (the floor or anything grown after it)."""
        self._require_writable()
        refusal = self._state.rewind_refusal(entry_id)
        if refusal is not None:
            raise RewindError(refusal)
        if entry_id != self._state.current_id:
            self._commit(LeafEntry(parent_id=self._state.current_id, target_id=entry_id))

    # ------------------------------------------------------------------ steering
    def pin(self, entry_id: str) -> bool:
        """Pin message ``entry_id`` (one ``pin`` line); False when it already was pinned.

        The session does not check the pins' size cap (it knows no budget): the agent does,
        before calling this (``Agent.pin``).
        """
        self._require_writable()
        if entry_id in self._state.pinned:
            return False
        self._commit(PinEntry(target_id=entry_id))
        return True

    def unpin(self, entry_id: str) -> bool:
        """Unpin message ``entry_id`` (one ``unpin`` line); False when it was not pinned."""
        self._require_writable()
        if entry_id not in self._state.pinned:
            return False
        self._commit(UnpinEntry(target_id=entry_id))
        return True

    def is_pinned(self, entry_id: str) -> bool:
        return entry_id in self._state.pinned

    @property
    def pinned_ids(self) -> list[str]:
        """Pinned messages on the current path, in path order (pins elsewhere wait there)."""
        pinned = self._state.pinned
        if not pinned:
            return []
        return [entry.id for entry in self.get_current_path() if entry.id in pinned]

    def add_branch_summary(
        self,
        parent_id: str,
        summary: str,
        *,
        branch_leaf_id: str | None = None,
        summarized_count: int = 0,
        summary_model: str | None = None,
    ) -> str:
        """Record what an abandoned branch did, hanging off message ``parent_id``."""
        if not summary.strip():
            raise ValueError("a branch summary needs text")
        entry = BranchSummaryEntry(
            parent_id=parent_id,
            summary=summary.strip(),
            branch_leaf_id=branch_leaf_id,
            summarized_count=summarized_count,
            summary_model=summary_model,
        )
        return self._commit(entry)

    def remove_branch_summary(self, summary_id: str) -> None:
        """Take a branch summary out of the view (one appended line; the old one stays)."""
        self._commit(BranchSummaryRemovedEntry(target_id=summary_id))

    def branch_summaries_for(self, entry_id: str) -> list[BranchSummaryEntry]:
        """Branch summaries hanging off message ``entry_id`` (removed ones excluded)."""
        return self._state.branch_summaries_for(entry_id)

    def branch_summaries_on_path(self) -> list[BranchSummaryEntry]:
        """Branch summaries hanging off the current path, in path order: sent as context.

        Not one whose branch the path has gone back onto (it would call the conversation
        itself "another branch")."""
        state = self._state
        if not state.branch_summary_ids:
            return []
        path = self.get_current_path()
        on_path = {entry.id for entry in path}
        out: list[BranchSummaryEntry] = []
        for entry in path:
            for side in state.branch_summaries_for(entry.id):
                if state.branch_entry(side) not in on_path:
                    out.append(side)
        return out

    def can_rewind(self, entry_id: str) -> bool:
        return self._state.rewind_refusal(entry_id) is None

    def set_title(self, title: str | None) -> None:
        if title != self._state.title:
            self._commit(TitleEntry(title=title))

    def set_system_prompt(self, text: str | None) -> str | None:
        """Change the system prompt from the next request on; returns the change's entry id
        (None when unchanged).

        The change is one ``system_prompt`` line hanging off the current message, so the tree
        can show where it changed; requests already sent stay as they were (the file keeps
        them), and the prompt is session-wide: whatever the position, the latest one applies
        to the next request.
        """
        if text == self._state.system_prompt:
            return None
        return self._commit(SystemPromptEntry(parent_id=self._state.current_id, system_prompt=text))

    @property
    def system_prompt_changes(self) -> list[SystemPromptEntry]:
        """Every change of the system prompt, oldest first; ``parent_id`` is the message that
        was current when it was made (None: before the first message)."""
        return list(self._state.system_prompt_changes)

    def fork(
        self,
        entry_id: str,
        new_path: str | os.PathLike[str],
        *,
        title: str | None = None,
        session_id: str | None = None,
    ) -> Session:
        """Copy the path root → ``entry_id`` into a new session file (allowed from any point).

        The copy carries what the original would send from ``entry_id`` (the steering of that
        stretch, never a compaction: every point of a fork stays a rewind target); see
        ``session.fork``.
        """
        entry = self._state.entries.get(entry_id)
        if not isinstance(entry, MessageEntry):
            raise ValueError(f"cannot fork from {entry_id}: not a message of this session")
        header = new_header(
            session_id=session_id,
            workspace=self.workspace,
            title=title if title is not None else self.title,
            system_prompt=self._state.header_system_prompt,  # the changes follow the path
            forked_from=f"{self.id}:{entry_id}",
        )
        fsync = self._journal.fsync if self._journal is not None else True
        write_new_file(Path(new_path), fork_file(self._state, entry_id, header), fsync=fsync)
        return Session.load(new_path, fsync=fsync)

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(entry)`` after each committed change; returns an unsubscribe."""
        self._subscribers.append(callback)

        def unsubscribe() -> None:
            if callback in self._subscribers:
                self._subscribers.remove(callback)

        return unsubscribe

    def _require_writable(self) -> None:
        if self._journal is None:
            raise SessionReadOnlyError(
                UserText("Session", "Session %1 was opened read-only.", self.path.name)
            )
        if self._journal.closed:
            raise SessionWriteError(UserText("Session", "Session %1 is closed.", self.path.name))

    def _commit(self, entry: Entry) -> str:
        """Check, write one line, then fold it in — in that order, so failures change nothing."""
        self._require_writable()
        problem = self._state.check(entry)
        if problem is not None:
            raise ValueError(problem)
        entry, line = encode_entry(entry)
        self._journal.append(line)
        self._state.apply(entry)
        for callback in list(self._subscribers):
            try:
                callback(entry)
            except Exception:  # the entry is committed; a broken listener must not undo that
                _log.exception("session subscriber failed")
        return entry.id

    # ------------------------------------------------------------------ queries
    def get_current_path(self) -> list[MessageEntry]:
        """Message entries root → current (compactions are never on it)."""
        return self._state.path_to(self._state.current_id)

    def get_full_history_messages(self) -> list[Message]:
        """``[system] + history``: exactly what ``ContextManager.prepare`` receives."""
        head = (
            []
            if self.system_prompt is None
            else [Message(role="system", content=self.system_prompt)]
        )
        return head + [entry.to_message() for entry in self.get_current_path()]

    def get_latest_compaction_cache(self) -> dict[str, Any] | None:
        """``{summary, covered_count, retained_tail}`` of the deepest compaction that fits."""
        comp = self._state.latest_compaction()
        if comp is None:
            return None
        if comp.retained_count is None:  # format 1: the line carries the tail
            tail = [dict(item) for item in comp.retained_tail]
        else:
            offset = 1 if self.system_prompt is not None else 0
            start = max(0, comp.covered_count - offset)
            kept = self._state.path_to(comp.parent_id)[start : start + comp.kept_count]
            tail = [entry.to_message().model_dump() for entry in kept]
        return {"summary": comp.summary, "covered_count": comp.covered_count, "retained_tail": tail}

    def latest_compaction(self) -> CompactionEntry | None:
        """The compaction entry behind ``get_latest_compaction_cache`` (for the window)."""
        return self._state.latest_compaction()

    def children(self, entry_id: str | None) -> list[str]:
        return self._state.children(entry_id)

    def compactions_for(self, entry_id: str) -> list[CompactionEntry]:
        return self._state.compactions_for(entry_id)

    def is_sealed(self, entry_id: str) -> bool:
        return self._state.is_sealed(entry_id)

    def path_to(self, entry_id: str) -> list[MessageEntry]:
        """Message entries root → ``entry_id`` (any branch)."""
        return self._state.path_to(entry_id)

    def __repr__(self) -> str:
        mode = "read-only" if self.read_only else ("closed" if self.closed else "open")
        return f"Session({str(self.path)!r}, {mode}, {len(self.entries)} entries)"
