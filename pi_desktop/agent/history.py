"""Where the agent's conversation lives: a Session on disk, or a plain list in memory.

The loop speaks to one small interface either way, so "without a session the agent keeps the
history in memory" costs no branches in the loop itself.
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from pi_desktop.agent.repair import PairFold, PairRepair
from pi_desktop.context import Message
from pi_desktop.context.reasoning import without_ignored_reasoning
from pi_desktop.context.report import PrepareReport
from pi_desktop.session import MessageEntry

if TYPE_CHECKING:
    from pi_desktop.session import Session

log = logging.getLogger(__name__)


class History(Protocol):
    """The conversation truth: ``[system] + path`` messages and the path's entry ids.

    ``snapshot`` returns the history as it is sent: with every tool call paired (see
    :mod:`pi_desktop.agent.repair`); ``repairs`` lists what the latest snapshot changed.
    """

    repairs: tuple[PairRepair, ...]

    def snapshot(self) -> tuple[list[Message], list[str | None]]: ...

    def append(self, message: Message, stats: dict[str, Any] | None = None) -> str | None: ...

    def clean_path_ids(self) -> list[str | None] | None: ...


class SessionHistory:
    """The session file is the truth; every append is one durable line.

    The folded history is remembered, keyed on ``(current_id, system_prompt)``, which determine
    it completely (entries are immutable), and it costs what changed, never the whole path
    again: an append (by this agent or anyone) extends it, a move (rewind, branch) rebuilds it
    from the messages already converted, kept by entry id, so only entries never seen are
    converted. The same message objects come back each time, so the ContextManager's
    per-message memo keeps hitting. The pair repair is a fold fed only what was appended
    (:class:`PairFold`).

    ``SessionHistory.of(session)`` is the one history of a session, shared by every agent
    built on it (the window rebuilds its agent on a settings change) and by the bridge, so
    the path is converted once per session. ``warm(session)`` converts it ahead, where the
    session was read (a worker thread), so the first agent on a long session starts at once.
    """

    _shared: ClassVar[weakref.WeakKeyDictionary[Session, SessionHistory]] = (
        weakref.WeakKeyDictionary()
    )
    _shared_lock: ClassVar[threading.Lock] = threading.Lock()

    def __init__(self, session: Session) -> None:
        # a weak reference: ``of`` keys the shared histories on the session weakly
        self._session_ref = weakref.ref(session)
        self._key: tuple[str | None, str | None] | None = None
        self._messages: list[Message] = []
        self._ids: list[str | None] = []
        self._by_id: dict[str, Message] = {}  # every message converted, by entry id
        self._fold = PairFold()
        self._repaired: tuple[list[Message], list[str | None]] | None = None
        self.repairs: tuple[PairRepair, ...] = ()

    @classmethod
    def of(cls, session: Session) -> SessionHistory:
        """The shared history of ``session`` (made on first use)."""
        with cls._shared_lock:
            history = cls._shared.get(session)
            if history is None:
                history = cls._shared[session] = cls(session)
            return history

    @property
    def session(self) -> Session:
        session = self._session_ref()
        if session is None:  # only a caller holding no session could get here
            raise RuntimeError("the session of this history is gone")
        return session

    def _current_key(self) -> tuple[str | None, str | None]:
        session = self.session
        return session.current_id, session.system_prompt

    def _follow(self, key: tuple[str | None, str | None]) -> None:
        """Bring the history to ``key``: extend it by what was appended, else rebuild it."""
        new = self._appended(key)
        if new is None:
            self._rebuild()
        elif new:
            messages = [self._message(entry) for entry in new]
            self._messages.extend(messages)
            self._ids.extend(entry.id for entry in new)
        self._key = key
        self._repaired = None

    def _appended(self, key: tuple[str | None, str | None]) -> list[MessageEntry] | None:
        """The entries appended after the remembered tip when ``key`` only grew from it (in
        path order), else None. O(new): the walk up stops at the tip's depth."""
        if self._key is None or key[1] != self._key[1]:
            return None  # nothing remembered, or another system prompt: another head
        tip, current = self._key[0], key[0]
        state = self.session.state
        stop = state.depth.get(tip, -1) if tip is not None else -1
        new: list[MessageEntry] = []
        node = current
        while node is not None and node != tip:
            if state.depth.get(node, -1) <= stop:
                return None  # on another branch: the path moved
            entry = state.entries[node]
            if not isinstance(entry, MessageEntry):
                return None
            new.append(entry)
            node = entry.parent_id
        if node != tip:
            return None
        new.reverse()
        return new

    def _rebuild(self) -> None:
        session = self.session
        current = session.current_id
        depth = session.state.depth.get(current, -1) if current is not None else -1
        if (
            self._key is not None
            and self._key[1] == session.system_prompt
            and depth < len(self._ids)
            and (depth < 0 or self._ids[depth] == current)
        ):  # back to an entry on the remembered path (a rewind): its prefix
            head = self._messages[: len(self._messages) - len(self._ids)]
            self._ids = self._ids[: depth + 1]  # new lists: ``clean_path_ids`` handed one out
            self._messages = self._messages[: len(head) + depth + 1]
            self._fold = PairFold(head)
            return
        path = session.get_current_path()
        head = (
            []
            if session.system_prompt is None
            else [Message(role="system", content=session.system_prompt)]
        )
        self._messages = head + [self._message(entry) for entry in path]
        self._ids = [entry.id for entry in path]
        self._fold = PairFold(head)

    def _message(self, entry: MessageEntry) -> Message:
        """``entry`` as the history holds it (reasoning no provider reads left out, before any
        layer sees it), converted once."""
        message = self._by_id.get(entry.id)
        if message is None:
            message = self._by_id[entry.id] = without_ignored_reasoning(entry.to_message())
        return message

    def snapshot(self) -> tuple[list[Message], list[str | None]]:
        key = self._current_key()
        if key != self._key:
            self._follow(key)
        if self._repaired is None:
            self._repaired, self.repairs = _fed(self._fold, self._messages, self._ids)
        messages, ids = self._repaired
        return list(messages), list(ids)

    def clean_path_ids(self) -> list[str | None] | None:
        """The path's entry ids when the history is current and needs no repair, else None."""
        if self._key != self._current_key():
            return None
        if self._repaired is None:  # appended since: the fold takes only what is new
            self._repaired, self.repairs = _fed(self._fold, self._messages, self._ids)
        return None if self.repairs else self._ids

    def append(self, message: Message, stats: dict[str, Any] | None = None) -> str | None:
        in_step = self._key == self._current_key()
        entry_id = self.session.append_message(message, stats)
        if in_step:  # (not kept by id: a rebuild converts what the file holds)
            self._messages.append(without_ignored_reasoning(message))
            self._ids.append(entry_id)
            self._key = self._current_key()
            self._repaired = None
        return entry_id


def warm(session: Session) -> None:
    """Convert ``session``'s current path for its agents ahead of time (safe in the thread that
    read the session, before anything else uses it): the first snapshot is then a copy."""
    SessionHistory.of(session).snapshot()


class MemoryHistory:
    """A list in memory (no session): entry ids are None, nothing survives the process."""

    def __init__(self, system_prompt: str | None = None) -> None:
        self._messages: list[Message] = []
        self.repairs: tuple[PairRepair, ...] = ()
        if system_prompt:
            self._messages.append(Message(role="system", content=system_prompt))
        self._ids: list[str | None] = []
        self._fold = PairFold(self._messages)

    def snapshot(self) -> tuple[list[Message], list[str | None]]:
        (messages, ids), self.repairs = _fed(self._fold, self._messages, self._ids)
        return list(messages), list(ids)  # without repairs the lists themselves: copies

    def append(self, message: Message, stats: dict[str, Any] | None = None) -> str | None:
        self._messages.append(without_ignored_reasoning(message))
        self._ids.append(None)
        return None

    def clean_path_ids(self) -> list[str | None] | None:
        return None  # no session, no entries

    def set_system_prompt(self, text: str | None) -> None:
        """The prompt for the next request on (the in-memory history has no entries)."""
        if self._messages and self._messages[0].role == "system":
            self._messages.pop(0)
        if text:
            self._messages.insert(0, Message(role="system", content=text))
        # the head changed: fold again from the start (rare: a settings change)
        self._fold = PairFold(self._messages[: len(self._messages) - len(self._ids)])


def _fed(
    fold: PairFold, messages: list[Message], ids: list[str | None]
) -> tuple[tuple[list[Message], list[str | None]], tuple[PairRepair, ...]]:
    """Feed ``fold`` the messages appended since it last ran; the repaired history."""
    head = len(messages) - len(ids)
    fold.feed(messages[head + fold.count :], ids[fold.count :])
    repaired, repaired_ids, repairs = fold.result(messages, ids)
    return (repaired, repaired_ids), repairs


def hidden_entry_ids(
    hidden: tuple[int, ...] | list[int], message_count: int, path_ids: list[str | None]
) -> tuple[str, ...]:
    """Map the report's hidden input indices to path entry ids.

    Input index ``i`` of ``[system] + path`` is ``path_ids[i - offset]`` where ``offset`` is 1
    when the history starts with the session's system prompt, else 0; the system message itself
    is never hidden and has no entry.
    """
    offset = message_count - len(path_ids)
    ids: list[str] = []
    for index in hidden:
        position = index - offset
        if 0 <= position < len(path_ids):
            entry_id = path_ids[position]
            if entry_id is not None:
                ids.append(entry_id)
    return tuple(ids)


def report_hidden_entry_ids(
    report: PrepareReport, message_count: int, path_ids: list[str | None]
) -> tuple[str, ...]:
    """``hidden_entry_ids(report.hidden, …)`` without materialising every hidden index.

    The summarized part and the snipped block are contiguous spans, so the ids are a slice or
    two of ``path_ids``: a turn deep into a long session does not build and sort a set of
    thousands of indices just to fade the tree.
    """
    spans: list[range] = []
    if report.covered_count > 1:
        spans.append(range(1, report.covered_count))
    snipped = report.snipped
    if isinstance(snipped, range) and snipped.step == 1:
        spans.append(snipped)
    else:
        spans.extend(range(i, i + 1) for i in sorted(set(snipped)))
    offset = message_count - len(path_ids)
    kept = set(report.pinned)  # pinned messages stay in the view verbatim
    ids: list[str] = []
    done = offset  # indices below the first path entry (the system message) never count
    for span in sorted(spans, key=lambda r: r.start):
        start, stop = max(span.start, done), min(span.stop, message_count)
        if start < stop:
            block = path_ids[start - offset : stop - offset]
            if kept and any(start <= k < stop for k in kept):
                ids.extend(i for k, i in enumerate(block, start) if i is not None and k not in kept)
            else:  # a C-level pass: the summarized span grows with the session
                ids.extend(filter(None, block))
        done = max(done, stop)
    return tuple(ids)


def unanswered_turn(messages: Sequence[Message]) -> str | None:
    """The user text of the turn ``messages`` ends in when the model has not answered it.

    That is the case when the last message is the user's (the request failed) or a tool result
    (the tools ran, the model's next call failed or was stopped); the text is the latest user
    message's ("" if there is none). An assistant message, a lone system prompt or nothing at
    all means there is nothing to answer: None.
    """
    if not messages or messages[-1].role not in ("user", "tool"):
        return None
    for message in reversed(messages):
        if message.role == "user":
            return message.content
    return ""


def adopt_system_prompt(session: Session, system_prompt: str | None) -> None:
    """A new, empty session takes the configured persona; an existing one keeps its own.

    Changing the system prompt of a conversation under way would shift the indices the
    compaction cache is keyed on, and silently re-persona an old chat.
    """
    if not system_prompt or session.system_prompt == system_prompt or session.read_only:
        return
    if not session.system_prompt and not session.get_current_path():
        session.set_system_prompt(system_prompt)
    else:
        log.info("keeping the session's own system prompt")
