"""Pure layout of the session tree: an immutable snapshot of a session and its row/lane layout.

No Qt here on purpose: the panel only paints what this module computes, so the shape of the
drawing (folding, lanes, floor, sealed region) is unit-tested and benchmarked headless.

Layout (git-log style, newest on top): every visible node owns one row; the current path is
lane 0; every other chain of nodes gets a lane to the right, allocated greedily so lanes are
reused once a branch ends; compaction entries sit in a gutter to the left of lane 0 and hang
off the node they attach to. Tool results are folded into the assistant message that called
them. Side subtrees larger than a few nodes collapse into a single "branch" stub row.
"""

from __future__ import annotations

import bisect
import heapq
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Literal, overload

from pi_desktop.ui.labels import count_of, first_line, format_tokens, shorten

NodeKind = Literal["message", "tool_call", "compaction", "stub"]

PREVIEW_CHARS = 400
LABEL_CHARS = 80
COLLAPSE_ABOVE = 3  # side subtrees with more display nodes than this start collapsed
COMPACTION_LANE = -1

FoldedResult = tuple[str, str, bool]  # (entry id, preview, is error)


def _preview(text: str, limit: int = PREVIEW_CHARS) -> str:
    return shorten(text.strip(), limit)


def _tool_calls(metadata: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    calls = metadata.get("tool_calls") if isinstance(metadata, Mapping) else None
    # malformed metadata (a string, a number) draws no calls instead of crashing the tree
    return [c for c in calls if isinstance(c, dict)] if isinstance(calls, list) else []


def _call_name(call: Mapping[str, Any]) -> str:
    fn = call.get("function")
    fn = fn if isinstance(fn, Mapping) else {}
    return str(fn.get("name") or call.get("name") or "tool")


def _is_error_result(content: str, metadata: Mapping[str, Any] | None) -> bool:
    """A tool result counts as failed when flagged, or when its text says so up front."""
    meta = metadata or {}
    if meta.get("is_error") or meta.get("error"):
        return True
    head = content.lstrip()[:40].lower()
    return head.startswith(("error", "tool error", "traceback"))


@dataclass(frozen=True)
class TreeNode:
    """One drawable node: a message, an assistant call with its folded results, or a compaction.

    ``id`` is the entry the node represents; ``target_id`` is the entry a rewind should go to
    (for a tool call, its last result, so the conversation never ends on a dangling call).
    ``label``, ``preview`` and ``text`` are derived from ``content`` when first read: a panel
    paints a few dozen rows, and deriving 100,000 labels up front was half of loading a
    100,000-entry tree.
    """

    id: str
    parent_id: str | None  # parent *display* node
    kind: NodeKind
    role: str
    order: int  # insertion order of the entry (chronological, parents before children)
    target_id: str
    entry_ids: tuple[str, ...] = ()
    tool_status: str = ""  # "ok" | "error" | "pending" for tool_call nodes
    tool_results: tuple[str, ...] = ()  # previews of the folded results, for the tooltip
    stopped: bool = False
    content: str = field(default="", repr=False)  # the message text (a compaction: its summary)
    calls: tuple[dict[str, Any], ...] = field(default=(), repr=False)  # the message's tool calls
    fixed_label: str = ""  # a label known up front (compactions)

    @cached_property
    def label(self) -> str:
        return self.fixed_label or _message_label(self.role, self.content, self.calls)

    @cached_property
    def preview(self) -> str:
        return _preview(self.content)

    @cached_property
    def text(self) -> str:
        """Full text for "copy"."""
        return _full_text(self.content, self.calls)

    pinned: bool = False  # the user pinned it: it stays verbatim in every view


@dataclass(frozen=True)
class TreeSnapshot:
    """An immutable picture of a session: display nodes, their children and the path state."""

    nodes: Mapping[str, TreeNode]
    children: Mapping[str | None, tuple[str, ...]]
    compactions: Mapping[str, tuple[str, ...]]  # display node id -> compaction node ids
    display_of: Mapping[str, str]  # entry id -> display node id (tool results -> their call)
    path: tuple[str, ...]  # display node ids root..current
    current_id: str | None  # display node id
    floor_id: str | None  # display node id of the compaction floor
    sealed: frozenset[str]  # display node ids the rewind guard refuses

    @classmethod
    def empty(cls) -> TreeSnapshot:
        return cls({}, {}, {}, {}, (), None, None, frozenset())

    @classmethod
    def from_session(cls, session: Any) -> TreeSnapshot:
        """Build from a live ``Session`` (duck-typed: entries, current_id, compaction_floor)."""
        entries: Iterable[Any] = session.entries.values()
        state = getattr(session, "state", None)
        side = list(getattr(state, "branch_summaries", {}).values())
        if side:  # side nodes go in file order (parents always come first)
            entries = heapq.merge(entries, side, key=lambda e: getattr(e, "timestamp", ""))
        return cls.from_entries(
            entries,
            session.current_id,
            getattr(session, "compaction_floor", None),
            pinned=frozenset(getattr(state, "pinned", ())),
        )

    @classmethod
    def from_entries(
        cls,
        entries: Iterable[Any],
        current_id: str | None,
        floor_id: str | None,
        pinned: frozenset[str] = frozenset(),
    ) -> TreeSnapshot:
        """O(n) over entries in insertion order (parents always precede children)."""
        nodes: dict[str, TreeNode] = {}
        display_of: dict[str, str] = {}
        children: dict[str | None, list[str]] = {}
        compactions: dict[str, list[str]] = {}
        # per call node: results gathered so far, and which call ids it expects
        results: dict[str, list[tuple[str, str, bool]]] = {}
        expected: dict[str, set[str]] = {}
        entry_parent: dict[str, str | None] = {}

        for order, entry in enumerate(entries):
            etype = getattr(entry, "type", None)
            eid = entry.id
            parent = entry.parent_id
            entry_parent[eid] = parent
            parent_display = display_of.get(parent)  # None for a root (parent None)
            if etype == "message":
                if parent_display in expected and getattr(entry, "role", "") == "tool":
                    display_of[eid] = parent_display
                    content = getattr(entry, "content", "") or ""
                    metadata = getattr(entry, "metadata", None)
                    results[parent_display].append(folded_result(eid, content, metadata))
                    continue
                node = message_node(entry, parent_display, order)
                nodes[eid] = node
                display_of[eid] = eid
                siblings = children.get(parent_display)
                if siblings is None:
                    children[parent_display] = [eid]
                else:
                    siblings.append(eid)
                if node.kind == "tool_call":
                    expected[eid] = expected_call_ids(node.calls)
                    results[eid] = []
            elif etype in ("compaction", "branch_summary"):
                make = _compaction_node if etype == "compaction" else _branch_summary_node
                nodes[eid] = make(entry, parent_display, order)
                display_of[eid] = eid
                if parent_display is not None:
                    compactions.setdefault(parent_display, []).append(eid)
            # unknown/new entry types are not drawn

        path_entries = _path_to(current_id, entry_parent)
        on_path = set(path_entries)
        for call_id, got in results.items():
            nodes[call_id] = fold_results(nodes[call_id], got, expected[call_id], on_path)

        for eid in pinned:  # a pinned result pins the call node it is folded into
            shown = display_of.get(eid)
            if shown is not None and shown in nodes:
                nodes[shown] = replace(nodes[shown], pinned=True)
        path = _dedupe(display_of[e] for e in path_entries if e in display_of)
        cur = display_of.get(current_id) if current_id is not None else None
        floor = display_of.get(floor_id) if floor_id is not None else None
        kids = {k: tuple(v) for k, v in children.items()}
        sealed = _sealed(nodes, entry_parent, floor_id)
        return cls(
            nodes=nodes,
            children=kids,
            compactions={k: tuple(v) for k, v in compactions.items()},
            display_of=display_of,
            path=path,
            current_id=cur,
            floor_id=floor,
            sealed=sealed,
        )

    def is_sealed(self, node_id: str) -> bool:
        return node_id in self.sealed

    @cached_property
    def path_set(self) -> frozenset[str]:
        return frozenset(self.path)


def message_node(entry: Any, parent_display: str | None, order: int) -> TreeNode:
    """The display node of a message entry (before any tool results are folded into it).

    Shared by the full build and the incremental update so both draw the same node. Built
    without the frozen ``__init__`` (13 guarded attribute sets, half the cost of a node when
    a session has 100,000 of them): the instance gets a dict of the fields that differ from
    their defaults, and a field left out reads its default from the class, as a dataclass
    keeps it there.
    """
    eid = entry.id
    metadata = getattr(entry, "metadata", None)
    calls = _tool_calls(metadata) if metadata else None
    role = getattr(entry, "role", "")
    node = _new(TreeNode)
    fields = {
        "id": eid,
        "parent_id": parent_display,
        "kind": "tool_call" if calls and role == "assistant" else "message",
        "role": role,
        "order": order,
        "target_id": eid,
        "entry_ids": (eid,),
    }
    content = getattr(entry, "content", "")
    if content:
        fields["content"] = content
    if calls:
        fields["calls"] = tuple(calls)
    if metadata and metadata.get("stopped"):
        fields["stopped"] = True
    _set_fields(node, "__dict__", fields)
    return node


_new = object.__new__
_set_fields = object.__setattr__


def expected_call_ids(calls: Iterable[Mapping[str, Any]]) -> set[str]:
    """The tool_call ids an assistant message (a node's ``calls``) waits results for."""
    return {str(c.get("id")) for c in calls}


def folded_result(eid: str, content: str, metadata: Mapping[str, Any] | None) -> FoldedResult:
    """What a call node keeps of one of its tool results: id, tooltip preview, error flag."""
    return (eid, _preview(content, 160), _is_error_result(content, metadata))


def _message_label(role: str, content: str, calls: Sequence[dict[str, Any]]) -> str:
    text = first_line(content, LABEL_CHARS)
    if calls:
        counts = Counter(_call_name(c) for c in calls)  # "write_file ×2", not the name twice
        names = ", ".join(n if k == 1 else f"{n} ×{k}" for n, k in counts.items())
        return names if not text else f"{names} — {text}"
    return text or "(empty)"


def _full_text(content: str, calls: Sequence[dict[str, Any]]) -> str:
    """The message text plus its calls as ``name(arguments)``, for copying."""
    lines = [content] if content else []
    for c in calls:
        fn = c.get("function")
        arguments = fn.get("arguments") if isinstance(fn, Mapping) else None
        lines.append(f"{_call_name(c)}({arguments or ''})")
    return "\n".join(lines)


def _compaction_node(entry: Any, parent_display: str | None, order: int) -> TreeNode:
    before = getattr(entry, "tokens_before", None)
    after = getattr(entry, "tokens_after", None)
    count = getattr(entry, "summarized_count", None) or getattr(entry, "covered_count", 0)
    figures = f" · {format_tokens(before)} → {format_tokens(after)}" if before and after else ""
    manual = " (manual)" if getattr(entry, "manual", False) else ""
    if getattr(entry, "kind", None) == "edited":  # the user's edit of the summary beside it
        manual = " (edited)"
    summary = getattr(entry, "summary", "") or ""
    return TreeNode(
        id=entry.id,
        parent_id=parent_display,
        kind="compaction",
        role="compaction",
        order=order,
        target_id=entry.id,
        entry_ids=(entry.id,),
        content=summary,
        fixed_label=f"compacted {count_of(count, 'message')}{figures}{manual}",
    )


def _branch_summary_node(entry: Any, parent_display: str | None, order: int) -> TreeNode:
    """A branch summary: a side node like a compaction, hanging off the node returned to."""
    summary = getattr(entry, "summary", "") or ""
    count = getattr(entry, "summarized_count", 0) or 0
    return TreeNode(
        id=entry.id,
        parent_id=parent_display,
        kind="compaction",
        role="branch_summary",
        order=order,
        target_id=entry.id,
        entry_ids=(entry.id,),
        content=summary,
        fixed_label=f"explored on another branch · {count_of(count, 'message')}",
    )


def fold_results(
    node: TreeNode, got: list[tuple[str, str, bool]], expected: set[str], on_path: set[str]
) -> TreeNode:
    """Attach folded tool results: status glyph, tooltip previews, and the rewind target."""
    if not got:
        status = "pending"
    elif any(err for _, _, err in got):
        status = "error"
    elif len(got) < len(expected):
        status = "pending"
    else:
        status = "ok"
    ids = tuple(e for e, _, _ in got)
    on = [e for e in ids if e in on_path]
    target = on[-1] if on else (ids[-1] if ids else node.id)
    return replace(
        node,
        tool_status=status,
        tool_results=tuple(p for _, p, _ in got),
        target_id=target,
        entry_ids=(node.id, *ids),
    )


def _path_to(entry_id: str | None, parent: Mapping[str, str | None]) -> list[str]:
    out: list[str] = []
    seen: set[str] = set()
    while entry_id is not None and entry_id in parent and entry_id not in seen:
        seen.add(entry_id)
        out.append(entry_id)
        entry_id = parent[entry_id]
    out.reverse()
    return out


def _dedupe(ids: Iterable[str]) -> tuple[str, ...]:
    out: list[str] = []
    for i in ids:
        if not out or out[-1] != i:
            out.append(i)
    return tuple(out)


def _sealed(
    nodes: Mapping[str, TreeNode],
    entry_parent: Mapping[str, str | None],
    floor_entry: str | None,
) -> frozenset[str]:
    """Nodes whose rewind target lies outside the floor entry's subtree (the session's guard).

    Decided per entry, not per display node: a branch grown under a tool call next to its
    results is sealed even when the call's results hold the floor.
    """
    if floor_entry is None or floor_entry not in entry_parent:
        return frozenset()
    # ``entry_parent`` is in file order, where a parent always precedes its children: one
    # pass finds the floor's subtree (no child lists, no stack)
    open_entries = {floor_entry}
    for eid, parent in entry_parent.items():
        if parent in open_entries:
            open_entries.add(eid)
    sealed = set()
    for nid, node in nodes.items():
        if node.kind == "compaction":
            if entry_parent.get(nid) not in open_entries:
                sealed.add(nid)
        elif node.target_id not in open_entries:
            sealed.add(nid)
    return frozenset(sealed)


# ---------------------------------------------------------------------------------------------
# Layout


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
                label=f"branch · {count_of(hidden, 'message')} — {nodes[root].label}",
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


def tooltip_text(node: TreeNode) -> str:
    """Plain-text tooltip: role, preview, folded tool results."""
    parts = [f"{node.role}" + (" (stopped)" if node.stopped else "")]
    if node.pinned:
        parts[0] += " · pinned: stays verbatim in every view"
    if node.preview:
        parts.append(node.preview)
    if node.kind == "tool_call":
        if node.tool_results:
            parts.append("Results:")
            parts.extend(f"• {r}" for r in node.tool_results)
        else:
            parts.append("No result yet.")
    return "\n".join(parts)


def faded_nodes(snapshot: TreeSnapshot, entry_ids: Iterable[str]) -> frozenset[str]:
    """Display nodes the current view does not send verbatim (their main entry is hidden)."""
    return frozenset(
        snapshot.display_of[e]
        for e in entry_ids
        if e in snapshot.display_of and snapshot.display_of[e] == e
    )
