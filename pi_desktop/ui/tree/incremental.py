"""Incremental tree updates for the common case: messages appended at the current position.

A full ``TreeSnapshot.from_entries`` + ``layout_tree`` is O(n log n); on a 10,000-entry session
that stalls the event loop for ~100 ms after every message. But an append at the current
entry changes the picture in a way that is known exactly: either one new node on top of the
path (newest, so row 0; every other row moves down one, lanes stay), or a tool result folded
into the call that is current (one node's status/target, one row's sealed flag). These
functions produce exactly what a full rebuild would, or ``None`` when the change is anything
else (a rewind, a compaction, a floor move, an empty tree), and the caller rebuilds in full.

Pure functions, no Qt: the equivalence with the full rebuild is property-tested headless.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import islice
from typing import Any, overload

from pi_desktop.ui.tree.layout import LayoutRow, RowSequence, Segment, TreeLayout
from pi_desktop.ui.tree.snapshot import (
    TreeSnapshot,
    expected_call_ids,
    fold_results,
    folded_result,
    message_node,
)


def append_entry(
    snap: TreeSnapshot,
    entry: Any,
    order: int,
    prev_current: str | None,
    entries: Mapping[str, Any],
    floor_entry: str | None,
) -> TreeSnapshot | None:
    """``snap`` after ``entry`` (the ``order``-th entry) was appended under ``prev_current``.

    ``entries`` is the session's id -> entry map (for the folded results of a call);
    ``floor_entry`` the unchanged compaction floor. ``None``: not an append at the current
    position, so only a full rebuild is right.
    """
    if getattr(entry, "type", None) != "message" or prev_current is None:
        return None
    if entry.parent_id != prev_current or not snap.path:
        return None
    parent = snap.display_of.get(prev_current)
    if parent is None or parent != snap.current_id or snap.path[-1] != parent:
        return None
    parent_node = snap.nodes[parent]
    if parent_node.target_id != prev_current:
        return None  # a call whose results lie on another branch: its target moves too
    sealing = floor_entry is not None and floor_entry in entries
    # The new entry is open iff its parent is: the parent's node is sealed by its target.
    new_sealed = sealing and parent in snap.sealed
    eid = entry.id
    display_of = dict(snap.display_of)

    if getattr(entry, "role", "") == "tool" and parent_node.kind == "tool_call":
        ids = (*parent_node.entry_ids[1:], eid)
        got = [_result_of(entries[r] if r != eid else entry) for r in ids]
        expected = expected_call_ids(parent_node.calls)
        nodes = dict(snap.nodes)
        nodes[parent] = fold_results(parent_node, got, expected, {eid})
        display_of[eid] = parent
        # The call's target moves from the parent entry to its child: same side of the floor.
        return TreeSnapshot(
            nodes=nodes,
            children=snap.children,
            compactions=snap.compactions,
            display_of=display_of,
            path=snap.path,
            current_id=parent,
            floor_id=snap.floor_id,
            sealed=snap.sealed,
        )

    node = message_node(entry, parent, order)
    if node.kind == "tool_call":
        node = fold_results(node, [], expected_call_ids(node.calls), set())
    nodes = dict(snap.nodes)
    nodes[eid] = node
    display_of[eid] = eid
    children = dict(snap.children)
    children[parent] = (*children.get(parent, ()), eid)
    return TreeSnapshot(
        nodes=nodes,
        children=children,
        compactions=snap.compactions,
        display_of=display_of,
        path=(*snap.path, eid),
        current_id=eid,
        floor_id=snap.floor_id,
        sealed=snap.sealed | {eid} if new_sealed else snap.sealed,
    )


def _result_of(entry: Any) -> tuple[str, str, bool]:
    return folded_result(
        entry.id, getattr(entry, "content", "") or "", getattr(entry, "metadata", None) or {}
    )


def update_layout(old: TreeSnapshot, new: TreeSnapshot, layout: TreeLayout) -> TreeLayout:
    """The layout of ``new``, given ``layout`` of ``old`` and ``new = append_entry(old, …)``.

    A new node is the newest (row 0) and extends the path (lane 0): every row moves down one,
    the lane allocation of the other chains is unchanged because their intervals all shift
    alike. A folded result changes no row: the call keeps its label and flags, and its target
    moves to a child of the old one, on the same side of the floor.
    """
    if new.path == old.path:
        return layout
    return _push_path_node(new, layout)


def _push_path_node(new: TreeSnapshot, layout: TreeLayout) -> TreeLayout:
    nid = new.current_id
    assert nid is not None
    node = new.nodes[nid]
    parent = node.parent_id
    assert parent is not None
    head_row = LayoutRow(
        node_id=nid,
        lane=0,
        kind=node.kind,
        parent_row=layout.row_of[parent] + 1,
        parent_lane=0,
        on_path=True,
        current=True,
        sealed=nid in new.sealed,
        label=node.label,
    )
    rows, row_of = layout.rows, layout.row_of
    if isinstance(rows, AppendedRows) and isinstance(row_of, AppendedRowIndex):
        base, base_current, head = rows.base, rows.base_current, rows.head
        base_index, head_ids = row_of.base, row_of.head_ids
    else:  # a fresh layout's rows are immutable (a tuple, or built on read): no copy
        base, base_current, head = rows, layout.current_row, ()
        base_index, head_ids = row_of, ()
    if len(head) >= MAX_HEAD:  # fold the appended rows in: O(n) once per MAX_HEAD appends
        base, base_current, head = tuple(rows), layout.current_row, ()
        base_index, head_ids = dict(row_of.items()), ()

    segments: dict[int, tuple[Segment, ...]] = {}
    for lane, segs in layout.segments_by_lane.items():
        if lane == 0:
            (path_seg,) = segs  # the path is the only chain on lane 0
            bottom = path_seg.bottom + 1
            segments[0] = (Segment(0, 0, bottom, path_seg.dashed, path_seg.fork_lane),)
        else:
            segments[lane] = tuple(
                Segment(s.lane, s.top + 1, s.bottom + 1, s.dashed, s.fork_lane) for s in segs
            )
    return TreeLayout(
        rows=AppendedRows(base, base_current, (*head, head_row)),
        row_of=AppendedRowIndex(base_index, (*head_ids, nid)),
        segments_by_lane=segments,
        lane_count=layout.lane_count,
        max_lane_at_row=(0, *layout.max_lane_at_row),
        floor_row=_inc(layout.floor_row),
        current_row=0,
        tops_by_lane={lane: tuple(s.top for s in segs) for lane, segs in segments.items()},
    )


MAX_HEAD = 512


class AppendedRows(RowSequence):
    """The rows of a layout after path nodes were pushed on top of ``base``, built on access.

    Shifting 10,000 frozen rows per message allocated 20,000 objects and set off full garbage
    collections (~35 ms stalls); this keeps an append O(appended) and a paint O(visible rows).
    ``head[j]`` is the j-th pushed node's row as drawn when it was pushed (row 0, current): it
    now sits ``len(head) - 1 - j`` rows lower, and so does its parent.
    """

    __slots__ = ("base", "base_current", "head")

    def __init__(
        self, base: Sequence[LayoutRow], base_current: int | None, head: tuple[LayoutRow, ...]
    ) -> None:
        self.base = base
        self.base_current = base_current
        self.head = head

    def __len__(self) -> int:
        return len(self.base) + len(self.head)

    @overload
    def __getitem__(self, index: int) -> LayoutRow: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[LayoutRow, ...]: ...
    def __getitem__(self, index: int | slice) -> LayoutRow | tuple[LayoutRow, ...]:
        if isinstance(index, slice):
            return tuple(self._row(i) for i in range(*index.indices(len(self))))
        n = len(self)
        i = index + n if index < 0 else index
        if not 0 <= i < n:
            raise IndexError("layout row out of range")
        return self._row(i)

    def _row(self, i: int) -> LayoutRow:
        s = len(self.head)
        if i < s:
            row = self.head[s - 1 - i]
            if i == 0:
                return row
            assert row.parent_row is not None
            return _with(row, parent_row=row.parent_row + i, current=False)
        b = i - s
        row = self.base[b]
        if b == self.base_current:
            return _with(row, parent_row=_shift(row.parent_row, s), current=False)
        if row.parent_row is None:
            return row
        return _with(row, parent_row=row.parent_row + s)

    def __iter__(self) -> Iterator[LayoutRow]:
        return (self._row(i) for i in range(len(self)))

    def __repr__(self) -> str:
        return f"AppendedRows({len(self.base)} + {len(self.head)} rows)"


class AppendedRowIndex(Mapping[str, int]):
    """``row_of`` matching :class:`AppendedRows`: pushed ids on top, base rows moved down."""

    __slots__ = ("_pos", "base", "head_ids")

    def __init__(self, base: Mapping[str, int], head_ids: tuple[str, ...]) -> None:
        self.base = base
        self.head_ids = head_ids
        self._pos = {nid: j for j, nid in enumerate(head_ids)}

    def __getitem__(self, key: str) -> int:
        j = self._pos.get(key)
        if j is not None:
            return len(self.head_ids) - 1 - j
        return self.base[key] + len(self.head_ids)

    def __len__(self) -> int:
        return len(self.base) + len(self.head_ids)

    def __iter__(self) -> Iterator[str]:
        yield from reversed(self.head_ids)
        yield from self.base

    def __repr__(self) -> str:
        return f"AppendedRowIndex({len(self.base)} + {len(self.head_ids)} ids)"


def _shift(row: int | None, by: int) -> int | None:
    return None if row is None else row + by


def _inc(row: int | None) -> int | None:
    return _shift(row, 1)


_new = object.__new__


def _with(row: LayoutRow, **changes: Any) -> LayoutRow:
    """A copy of a frozen row with some fields changed, without re-running ``__init__``.

    ``dataclasses.replace`` runs ``__init__`` (~4 µs); rows are rebuilt on every paint.
    """
    out = _new(LayoutRow)
    d = out.__dict__
    d.update(row.__dict__)
    d.update(changes)
    return out


# What the panel last drew: (id(session), entry count, current entry id, floor entry id).
Fingerprint = tuple[int, int, str | None, str | None]


def incremental_update(
    session: Any, drawn: Fingerprint, snap: TreeSnapshot, layout: TreeLayout
) -> tuple[TreeSnapshot, TreeLayout] | None:
    """The snapshot and layout of ``session`` from what was drawn at ``drawn``, or ``None``.

    Only when the same session grew by entries each appended at the then-current entry, with
    the floor unchanged; everything else (rewinds, compactions, a new session) needs a full
    rebuild. O(k) for k new entries plus one O(n) row shift per new node.
    """
    sid, count, current, floor = drawn
    entries = session.entries
    added = len(entries) - count
    if sid != id(session) or added <= 0 or session.compaction_floor != floor:
        return None
    tail = list(islice(reversed(entries.values()), added))
    tail.reverse()
    if tail[-1].id != session.current_id:
        return None
    for offset, entry in enumerate(tail):
        new = append_entry(snap, entry, count + offset, current, entries, floor)
        if new is None:
            return None
        layout = update_layout(snap, new, layout)
        snap, current = new, entry.id
    return snap, layout
