"""The session tree as a fold over its entries: ``SessionState.from_entries`` and its steps.

The file is the truth and this state is derived from it, so loading is a pure fold: the same
entries always give the same state. ``Session`` reuses the same step (:meth:`SessionState.apply`)
after each successful append, which keeps an append O(1) — nothing is re-read or re-folded.

Lines that break the tree's rules (a rewind below the floor, a duplicate id) are skipped and
reported in ``problems``; they never make the load fail. A message whose parent is missing (its
line was corrupt) is not lost with it: it attaches to the nearest earlier good message of the
file, so one bad line in the middle costs that line only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pi_desktop.session.entries import (
    BranchSummaryEntry,
    BranchSummaryRemovedEntry,
    CompactionEntry,
    LeafEntry,
    MessageEntry,
    ModelWindowEntry,
    ParsedLine,
    PinEntry,
    SessionHeader,
    SystemPromptEntry,
    TitleEntry,
    UnpinEntry,
    UsageEntry,
)
from pi_desktop.usertext import UserText


@dataclass
class SessionState:
    """Everything the file says, folded: tree, position, floor and session settings."""

    id: str | None = None
    created: str | None = None
    title: str | None = None
    system_prompt: str | None = None
    workspace: str | None = None
    forked_from: str | None = None
    entries: dict[str, MessageEntry | CompactionEntry] = field(default_factory=dict)
    roots: list[str] = field(default_factory=list)
    child_ids: dict[str, list[str]] = field(default_factory=dict)
    compaction_ids: dict[str, list[str]] = field(default_factory=dict)
    depth: dict[str, int] = field(default_factory=dict)  # message id -> 0-based depth
    current_id: str | None = None
    compaction_floor: str | None = None
    message_count: int = 0
    usage_anchor: dict[str, Any] | None = None  # the latest ``usage`` line's anchor
    model_window: ModelWindowEntry | None = None  # the latest learned context window
    # steering (DESIGN §4): pinned message ids (pin minus unpin, in file order), and branch
    # summaries by the message they hang off (removed ones are dropped from both)
    pinned: dict[str, None] = field(default_factory=dict)
    branch_summaries: dict[str, BranchSummaryEntry] = field(default_factory=dict)
    branch_summary_ids: dict[str, list[str]] = field(default_factory=dict)
    # system prompt changes in file order; each hangs off the message that was current then
    system_prompt_changes: list[SystemPromptEntry] = field(default_factory=list)
    header_system_prompt: str | None = None  # the prompt the session started with
    unknown: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    # memo for "grew after the floor" (valid for one floor): keeps guard checks amortised O(1)
    _above_floor: dict[str, bool] = field(default_factory=dict, compare=False, repr=False)
    # memo: branch summary id -> the first message of the branch it describes (see branch_entry)
    _branch_entry: dict[str, str | None] = field(default_factory=dict, compare=False, repr=False)

    # ----------------------------------------------------------------- the fold
    @classmethod
    def from_entries(cls, entries: Iterable[ParsedLine | tuple[int, ParsedLine]]) -> SessionState:
        """Fold entries (optionally tagged with their line number) into a fresh state."""
        state = cls()
        last_message: str | None = None  # the latest message applied, in file order
        for item in entries:
            line_no, entry = item if isinstance(item, tuple) else (None, item)
            if (
                isinstance(entry, MessageEntry)
                and entry.parent_id is not None
                and entry.parent_id not in state.depth
                and entry.id not in state.entries
            ):
                attached = (
                    UserText(
                        "Session",
                        "message %1 has unknown parent %2 (a lost line?); attached to %3",
                        entry.id,
                        entry.parent_id,
                        last_message,
                    )
                    if last_message
                    else UserText(
                        "Session",
                        "message %1 has unknown parent %2 (a lost line?); attached to the root",
                        entry.id,
                        entry.parent_id,
                    )
                )
                state.problems.append(_at(line_no, attached))
                entry = entry.model_copy(update={"parent_id": last_message})
            problem = state.check(entry)
            if problem is None:
                state.apply(entry)
                if isinstance(entry, MessageEntry):
                    last_message = entry.id
            else:
                state.problems.append(_at(line_no, UserText("Session", "%1; skipped", problem)))
        return state

    def check(self, entry: ParsedLine) -> str | None:
        """Why ``entry`` cannot be applied to this state, or None when it can."""
        if isinstance(entry, dict):
            return None
        if isinstance(entry, SessionHeader):
            return UserText("Session", "a second session header") if self.id is not None else None
        if isinstance(entry, MessageEntry | CompactionEntry) and entry.id in self.entries:
            return UserText("Session", "duplicate entry id %1", entry.id)
        if isinstance(entry, MessageEntry):
            if entry.parent_id is not None and entry.parent_id not in self.depth:
                return UserText(
                    "Session", "message %1 has unknown parent %2", entry.id, entry.parent_id
                )
            return None
        if isinstance(entry, CompactionEntry):
            return _check_compaction(self, entry)
        if isinstance(entry, LeafEntry):
            return self.rewind_refusal(entry.target_id)
        if isinstance(entry, PinEntry | UnpinEntry):
            target = self.entries.get(entry.target_id)
            if not isinstance(target, MessageEntry):
                return UserText(
                    "Session",
                    "%1 of %2: not a message of this session",
                    entry.type,
                    entry.target_id,
                )
            return None
        if isinstance(entry, BranchSummaryEntry):
            if entry.parent_id is None or entry.parent_id not in self.depth:
                return UserText(
                    "Session",
                    "branch summary %1 hangs off unknown message %2",
                    entry.id,
                    entry.parent_id,
                )
            if entry.id in self.branch_summaries:
                return UserText("Session", "duplicate entry id %1", entry.id)
            return None
        if isinstance(entry, BranchSummaryRemovedEntry):
            if entry.target_id not in self.branch_summaries:
                return UserText("Session", "no branch summary %1 to remove", entry.target_id)
            return None
        return None

    def apply(self, entry: ParsedLine) -> None:
        """One fold step; the caller has checked the entry (``check`` returned None)."""
        if isinstance(entry, MessageEntry):
            _apply_message(self, entry)
        elif isinstance(entry, CompactionEntry):
            _apply_compaction(self, entry)
        elif isinstance(entry, LeafEntry):
            self.current_id = entry.target_id
        elif isinstance(entry, TitleEntry):
            self.title = entry.title
        elif isinstance(entry, SystemPromptEntry):
            self.system_prompt = entry.system_prompt
            self.system_prompt_changes.append(entry)
        elif isinstance(entry, UsageEntry):
            self.usage_anchor = entry.anchor
        elif isinstance(entry, ModelWindowEntry):
            self.model_window = entry
        elif isinstance(entry, PinEntry):
            self.pinned[entry.target_id] = None
        elif isinstance(entry, UnpinEntry):
            self.pinned.pop(entry.target_id, None)
        elif isinstance(entry, BranchSummaryEntry):
            assert entry.parent_id is not None
            self.branch_summaries[entry.id] = entry
            self.branch_summary_ids.setdefault(entry.parent_id, []).append(entry.id)
        elif isinstance(entry, BranchSummaryRemovedEntry):
            removed = self.branch_summaries.pop(entry.target_id)
            siblings = self.branch_summary_ids.get(removed.parent_id or "", [])
            if entry.target_id in siblings:
                siblings.remove(entry.target_id)
        elif isinstance(entry, SessionHeader):
            self.id = entry.id
            self.created = entry.created
            self.title = entry.title
            self.system_prompt = self.header_system_prompt = entry.system_prompt
            self.workspace = entry.workspace
            self.forked_from = entry.forked_from
        else:
            self.unknown.append(entry)

    # ----------------------------------------------------------------- tree queries
    def children(self, entry_id: str | None) -> list[str]:
        """Message children of ``entry_id`` in append order (None: the roots)."""
        if entry_id is None:
            return list(self.roots)
        return list(self.child_ids.get(entry_id, ()))

    def compactions_for(self, entry_id: str) -> list[CompactionEntry]:
        """Compaction entries hanging off ``entry_id``, oldest first."""
        out: list[CompactionEntry] = []
        for cid in self.compaction_ids.get(entry_id, ()):
            entry = self.entries[cid]
            assert isinstance(entry, CompactionEntry)
            out.append(entry)
        return out

    def branch_summaries_for(self, entry_id: str) -> list[BranchSummaryEntry]:
        """Branch summaries (not removed) hanging off message ``entry_id``, oldest first."""
        return [self.branch_summaries[k] for k in self.branch_summary_ids.get(entry_id, ())]

    def branch_entry(self, summary: BranchSummaryEntry) -> str | None:
        """The first message of the branch ``summary`` describes: the child of its parent on
        the way up from ``branch_leaf_id`` (None when the leaf is unknown or elsewhere, as
        after editing a first message). A path through it has gone back onto that branch,
        where "explored on another branch" would be untrue. The tree only grows, so the
        answer never changes: it is worked out once per summary."""
        if summary.id in self._branch_entry:
            return self._branch_entry[summary.id]
        found: str | None = None
        node = summary.branch_leaf_id
        seen: set[str] = set()
        while node is not None and node not in seen:
            seen.add(node)
            entry = self.entries.get(node)
            if entry is None:
                break
            if entry.parent_id == summary.parent_id:
                found = node
                break
            node = entry.parent_id
        self._branch_entry[summary.id] = found
        return found

    def path_to(self, entry_id: str | None) -> list[MessageEntry]:
        """Message entries root → ``entry_id`` (empty for None)."""
        path: list[MessageEntry] = []
        node = entry_id
        while node is not None:
            entry = self.entries[node]
            assert isinstance(entry, MessageEntry)
            path.append(entry)
            node = entry.parent_id
        path.reverse()
        return path

    def rewind_refusal(self, entry_id: str) -> str | None:
        """Why rewinding to ``entry_id`` is not allowed, or None when it is."""
        entry = self.entries.get(entry_id)
        if entry is None:
            return UserText("Session", "no entry %1 in this session", entry_id)
        if not isinstance(entry, MessageEntry):
            return UserText(
                "Session",
                "entry %1 is a %2; only messages are rewind targets",
                entry_id,
                entry.type,
            )
        if self._after_floor(entry_id):
            return None
        floor = self.compaction_floor
        return UserText(
            "Session",
            "entry %1 lies inside the compacted region (before the compaction floor %2); its "
            "history was summarized, so continuing from there would leave a gap that neither the "
            "summary nor the path covers. Use 'Fork to new session' to continue from that point "
            "in a new session.",
            entry_id,
            str(floor),
        )

    def is_sealed(self, entry_id: str) -> bool:
        """Whether ``entry_id`` lies in the compacted region (no longer a rewind target)."""
        entry = self.entries.get(entry_id)
        if entry is None or self.compaction_floor is None:
            return False
        if isinstance(entry, CompactionEntry):
            return entry.parent_id is not None and self.is_sealed(entry.parent_id)
        return not self._after_floor(entry_id)

    def _after_floor(self, entry_id: str) -> bool:
        """Whether message ``entry_id`` is the floor or grew after it (memoised per floor)."""
        floor = self.compaction_floor
        if floor is None:
            return True
        memo = self._above_floor
        floor_depth = self.depth[floor]
        walked: list[str] = []
        node: str | None = entry_id
        result = False
        while node is not None:
            known = memo.get(node)
            if known is not None:
                result = known
                break
            if node == floor:
                result = True
                break
            if self.depth[node] <= floor_depth:
                break
            walked.append(node)
            node = self.entries[node].parent_id
        for item in walked:
            memo[item] = result
        return result

    def latest_compaction(self) -> CompactionEntry | None:
        """The deepest compaction that still fits the current path (see ``cache_fits``)."""
        path = self.path_to(self.current_id)
        offset = 1 if self.system_prompt is not None else 0
        index_of = {entry.id: i for i, entry in enumerate(path)}
        for index in range(len(path) - 1, -1, -1):
            for comp in reversed(self.compactions_for(path[index].id)):
                if cache_fits(comp, path, offset, index_of):
                    return comp
        return None


def cache_fits(
    comp: CompactionEntry,
    path: list[MessageEntry],
    offset: int,
    index_of: dict[str, int] | None = None,
) -> bool:
    """Whether ``comp`` applies to ``path`` (its parent on it, first kept entry where expected).

    ``offset`` is 1 when ``[system]`` precedes the history, so message index ``k`` of
    ``[system] + history`` is path index ``k - offset``.
    """
    if index_of is None:
        index_of = {entry.id: i for i, entry in enumerate(path)}
    parent_index = index_of.get(comp.parent_id or "")
    if parent_index is None:
        return False
    if comp.covered_count + comp.kept_count > parent_index + 1 + offset:
        return False
    if comp.first_kept_entry_id is None:
        return True
    kept = comp.covered_count - offset
    return 0 <= kept < len(path) and path[kept].id == comp.first_kept_entry_id


def _at(line_no: int | None, text: UserText) -> UserText:
    """``text`` prefixed with the line it is about, when the fold knows it."""
    return text if line_no is None else UserText("Session", "line %1: %2", str(line_no), text)


def _check_compaction(state: SessionState, entry: CompactionEntry) -> str | None:
    parent = entry.parent_id
    if parent is None or parent not in state.depth:
        return UserText(
            "Session", "compaction %1 hangs off unknown message %2", entry.id, str(parent)
        )
    if not state._after_floor(parent):
        return UserText("Session", "compaction %1 would move the floor backwards", entry.id)
    return None


def _apply_message(state: SessionState, entry: MessageEntry) -> None:
    state.entries[entry.id] = entry
    parent = entry.parent_id
    if parent is None:
        state.roots.append(entry.id)
        state.depth[entry.id] = 0
    else:
        state.child_ids.setdefault(parent, []).append(entry.id)
        state.depth[entry.id] = state.depth[parent] + 1
    state.current_id = entry.id
    state.message_count += 1


def _apply_compaction(state: SessionState, entry: CompactionEntry) -> None:
    """A compaction hangs off its parent and moves the floor there; ``current_id`` stays."""
    assert entry.parent_id is not None
    state.entries[entry.id] = entry
    state.compaction_ids.setdefault(entry.parent_id, []).append(entry.id)
    if state.compaction_floor != entry.parent_id:
        state._above_floor.clear()
    state.compaction_floor = entry.parent_id
