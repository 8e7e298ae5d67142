"""Pure layout of a ``TreeSnapshot``: which row and lane every visible node is drawn in.

Split from the snapshot because it depends on view state (which side branches the user
expanded) and is what painting and hit-testing read; no Qt, so the shape of the drawing is
unit-tested and benchmarked headless.

Layout (git-log style, newest on top): every visible node owns one row; the current path is
lane 0; every other chain of nodes gets a lane to the right, allocated greedily so lanes are
reused once a branch ends; compaction entries sit in a gutter to the left of lane 0 and hang
off the node they attach to. Side subtrees larger than a few nodes collapse into a single
"branch" stub row.
"""

from __future__ import annotations

import bisect
import heapq
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import overload

from pi_desktop.ui.i18n import trf
from pi_desktop.ui.tree.snapshot import NodeKind, TreeNode, TreeSnapshot

COLLAPSE_ABOVE = 3  # side subtrees with more display nodes than this start collapsed
COMPACTION_LANE = -1


@dataclass(frozen=True)
class LayoutRow:
    """One row of the drawing. ``node_id`` is a TreeNode id, or a stub id for a collapsed branch."""

    node_id: str
    lane: int
    kind: NodeKind
    parent_row: int | None  # row of the parent display node, None for roots
    parent_lane: int | None
    on_path: bool
    current: bool
    sealed: bool
    label: str
    hidden_count: int = 0  # for stubs: display nodes folded into this stub
    stub_root: str | None = None  # for stubs: the side subtree's root node


@dataclass(frozen=True)
class Segment:
    """A vertical run of a lane from ``top`` to ``bottom`` row (inclusive), used for painting."""

    lane: int
    top: int
    bottom: int
    dashed: bool = False
    fork_lane: int | None = None  # lane of the node at ``bottom`` when the run forks from it


@dataclass(frozen=True)
class TreeLayout:
    rows: Sequence[LayoutRow]  # a tuple, or AppendedRows after incremental updates
    row_of: Mapping[str, int]
    segments_by_lane: Mapping[int, tuple[Segment, ...]]  # sorted by top
    lane_count: int  # lanes >= 0 in use
    max_lane_at_row: tuple[int, ...]  # rightmost lane crossing each row, for text placement
    floor_row: int | None
    current_row: int | None
    tops_by_lane: Mapping[int, tuple[int, ...]] = field(default_factory=dict)

    def segments_in(self, first: int, last: int) -> list[Segment]:
        """Segments crossing rows [first, last]; O(lanes · log n) so painting stays cheap."""
        out: list[Segment] = []
        for lane, segs in self.segments_by_lane.items():
            hi = bisect.bisect_right(self.tops_by_lane[lane], last)
            for i in range(hi - 1, -1, -1):
                s = segs[i]
                if s.bottom >= first:
                    out.append(s)
                elif lane != COMPACTION_LANE:
                    break  # lane segments are disjoint and sorted: older ones end earlier
        return out


def stub_id(root_id: str) -> str:
    return f"stub:{root_id}"


@dataclass
class _Chain:
    nodes: list[str] = field(default_factory=list)  # oldest first
    fork_parent: str | None = None


def layout_tree(snapshot: TreeSnapshot, expanded: frozenset[str] = frozenset()) -> TreeLayout:
    """Assign every visible node a row (newest on top) and a lane; O(n log n).

    ``expanded`` holds side-subtree root ids the user opened; other side subtrees with more
    than ``COLLAPSE_ABOVE`` display nodes show as one stub row.
    """
    nodes = snapshot.nodes
    path_set = set(snapshot.path)
    sizes = _subtree_sizes(snapshot)

    # 1. chains: the path is one chain; every other subtree hangs off as chains or a stub.
    chains: list[_Chain] = []
    stubs: dict[str, int] = {}  # stub root -> folded count
    chain_of: dict[str, int] = {}
    if snapshot.path:
        chains.append(_Chain(nodes=list(snapshot.path)))
        for n in snapshot.path:
            chain_of[n] = 0
    work: list[tuple[str, str | None]] = []  # (side root, fork parent)
    for root in snapshot.children.get(None, ()):
        if root not in path_set:
            work.append((root, None))
    for n in snapshot.path:
        for c in snapshot.children.get(n, ()):
            if c not in path_set:
                work.append((c, n))
    while work:
        root, fork = work.pop()
        if sizes[root] > COLLAPSE_ABOVE and root not in expanded:
            stubs[root] = sizes[root]
            chains.append(_Chain(nodes=[stub_id(root)], fork_parent=fork))
            chain_of[stub_id(root)] = len(chains) - 1
            continue
        chain = _Chain(fork_parent=fork)
        cur: str | None = root
        while cur is not None:
            chain.nodes.append(cur)
            kids = snapshot.children.get(cur, ())
            nxt = max(kids, key=lambda k: nodes[k].order) if kids else None
            for k in kids:
                if k != nxt:
                    work.append((k, cur))
            cur = nxt
        chains.append(chain)
        for n in chain.nodes:
            chain_of[n] = len(chains) - 1

    # 2. rows: newest first over visible message nodes, stubs and compaction nodes.
    visible_compactions = [
        c for parent, cs in snapshot.compactions.items() if parent in chain_of for c in cs
    ]
    visible = list(chain_of) + visible_compactions
    # sorted by a C-level key (a dict lookup): a Python key function was most of this sort
    order_of = {nid: node.order for nid, node in nodes.items()}
    for root in stubs:
        order_of[stub_id(root)] = order_of[root]
    visible.sort(key=order_of.__getitem__, reverse=True)
    row_of = {nid: r for r, nid in enumerate(visible)}

    # 3. lanes: path is lane 0, other chains interval-allocated to the smallest free lane >= 1.
    lane_of_chain: dict[int, int] = {0: 0} if snapshot.path else {}
    intervals: list[tuple[int, int, int]] = []  # (top, bottom, chain index)
    for ci, chain in enumerate(chains):
        top = row_of[chain.nodes[-1]]
        bottom = row_of[chain.nodes[0]]
        if chain.fork_parent is not None:
            bottom = row_of[chain.fork_parent]
        intervals.append((top, bottom, ci))
    busy: list[tuple[int, int]] = []  # (bottom, lane) of chains still open
    free: list[int] = []
    next_lane = 1
    for top, bottom, ci in sorted(i for i in intervals if i[2] not in lane_of_chain):
        while busy and busy[0][0] < top:
            heapq.heappush(free, heapq.heappop(busy)[1])
        lane = heapq.heappop(free) if free else next_lane
        if lane == next_lane:
            next_lane += 1
        lane_of_chain[ci] = lane
        heapq.heappush(busy, (bottom, lane))

    # 4. rows (built when read: a paint reads a few dozen of 100,000) and segments
    lane_of = {nid: lane_of_chain[ci] for nid, ci in chain_of.items()}
    current = snapshot.current_id
    rows = LazyRows(snapshot, visible, row_of, lane_of, stubs)
    by_lane: dict[int, list[Segment]] = {}
    for top, bottom, ci in intervals:
        lane = lane_of_chain[ci]
        fork = chains[ci].fork_parent
        fork_lane = lane_of[fork] if fork is not None else None
        by_lane.setdefault(lane, []).append(Segment(lane, top, bottom, fork_lane=fork_lane))
    for c in visible_compactions:
        parent = nodes[c].parent_id
        assert parent is not None
        by_lane.setdefault(COMPACTION_LANE, []).append(
            Segment(COMPACTION_LANE, row_of[c], row_of[parent], True, lane_of[parent])
        )
    segments = {lane: tuple(sorted(s, key=lambda s: s.top)) for lane, s in by_lane.items()}

    floor_row = row_of.get(snapshot.floor_id) if snapshot.floor_id else None
    return TreeLayout(
        rows=rows,
        row_of=row_of,
        segments_by_lane=segments,
        lane_count=next_lane if snapshot.path else max(next_lane, 1),
        max_lane_at_row=_max_lane_per_row(len(rows), by_lane),
        floor_row=floor_row,
        current_row=row_of.get(current) if current else None,
        tops_by_lane={lane: tuple(s.top for s in segs) for lane, segs in segments.items()},
    )


class RowSequence(Sequence[LayoutRow]):
    """Rows read on demand that compare equal to any sequence of the same rows (a tuple of a
    full layout included), so lazy and eager layouts are interchangeable in tests and diffs."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or len(other) != len(self):
            return False
        return all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]


class LazyRows(RowSequence):
    """The rows of a fresh layout, each built from the layout's tables when read.

    Building 100,000 frozen rows up front (and every node's label with them) was most of
    loading a large tree; painting reads only the visible rows, so a row costs nothing until
    it is drawn, hit-tested or copied. Immutable like the tuple it replaces.
    """

    __slots__ = ("_lane_of", "_row_of", "_snapshot", "_stubs", "_visible")

    def __init__(
        self,
        snapshot: TreeSnapshot,
        visible: list[str],
        row_of: Mapping[str, int],
        lane_of: Mapping[str, int],
        stubs: Mapping[str, int],
    ) -> None:
        self._snapshot = snapshot
        self._visible = visible
        self._row_of = row_of
        self._lane_of = lane_of
        self._stubs = stubs

    def __len__(self) -> int:
        return len(self._visible)

    @overload
    def __getitem__(self, index: int) -> LayoutRow: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[LayoutRow, ...]: ...
    def __getitem__(self, index: int | slice) -> LayoutRow | tuple[LayoutRow, ...]:
        if isinstance(index, slice):
            return tuple(self._row(nid) for nid in self._visible[index])
        return self._row(self._visible[index])

    def __iter__(self) -> Iterator[LayoutRow]:
        return (self._row(nid) for nid in self._visible)

    def __repr__(self) -> str:
        return f"LazyRows({len(self)} rows)"

    def _row(self, nid: str) -> LayoutRow:
        snapshot, lane_of, row_of = self._snapshot, self._lane_of, self._row_of
        nodes = snapshot.nodes
        if nid.startswith("stub:"):
            root = nid[5:]
            parent = nodes[root].parent_id
            hidden = self._stubs[root]
            return LayoutRow(
                node_id=nid,
                lane=lane_of[nid],
                kind="stub",
                parent_row=row_of.get(parent) if parent else None,
                parent_lane=lane_of.get(parent) if parent else None,
                on_path=False,
                current=False,
                sealed=root in snapshot.sealed,
                label=trf("Tree", "branch · %Ln message(s) — %1", nodes[root].label, n=hidden),
                hidden_count=hidden,
                stub_root=root,
            )
        node = nodes[nid]
        parent = node.parent_id
        return LayoutRow(
            node_id=nid,
            lane=COMPACTION_LANE if node.kind == "compaction" else lane_of[nid],
            kind=node.kind,
            parent_row=row_of.get(parent) if parent else None,
            parent_lane=lane_of.get(parent) if parent else None,
            on_path=nid in snapshot.path_set,
            current=nid == snapshot.current_id,
            sealed=nid in snapshot.sealed,
            label=node.label,
        )


def _subtree_sizes(snapshot: TreeSnapshot) -> dict[str, int]:
    """Display-node counts per subtree; children come later in ``order`` so one reverse pass."""
    sizes = dict.fromkeys(snapshot.nodes, 1)
    nodes = snapshot.nodes.values()
    # the build inserts nodes in ``order`` (a replaced node keeps its place), so this is
    # newest first without sorting 100,000 nodes; a mapping built some other way is sorted
    newest_first = reversed(nodes) if _in_order(nodes) else sorted(nodes, key=_order, reverse=True)
    for node in newest_first:
        if node.kind != "compaction" and node.parent_id is not None and node.parent_id in sizes:
            sizes[node.parent_id] += sizes[node.id]
    return sizes


def _order(node: TreeNode) -> int:
    return node.order


def _in_order(nodes: Iterable[TreeNode]) -> bool:
    """Whether the nodes come in increasing ``order`` (one pass; no sort needed then)."""
    last = -1
    for node in nodes:
        if node.order <= last:
            return False
        last = node.order
    return True


def _max_lane_per_row(n_rows: int, by_lane: Mapping[int, list[Segment]]) -> tuple[int, ...]:
    """Rightmost lane crossing each row: a sweep over segment starts with lazy deletion."""
    if all(lane <= 0 for lane in by_lane):  # one line of messages (the common long session)
        return (0,) * n_rows
    starts: dict[int, list[Segment]] = {}
    for segs in by_lane.values():
        for s in segs:
            starts.setdefault(s.top, []).append(s)
    out = [0] * n_rows
    heap: list[tuple[int, int]] = []  # (-lane, bottom)
    for r in range(n_rows):
        for s in starts.get(r, ()):
            heapq.heappush(heap, (-s.lane, s.bottom))
        while heap and heap[0][1] < r:
            heapq.heappop(heap)
        out[r] = max(0, -heap[0][0]) if heap else 0
    return tuple(out)
