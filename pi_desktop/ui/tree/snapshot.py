"""An immutable snapshot of a session as the tree draws it: display nodes, children, path, floor.

Kept apart from the layout because it answers a different question (what is in the tree, and
which nodes the rewind guard seals) and is rebuilt or patched on its own by the incremental
update. No Qt here on purpose: the snapshot is unit-tested and benchmarked headless.

Tool results are folded into the assistant message that called them; compaction entries and
branch summaries become side nodes listed under the node they attach to.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from types import SimpleNamespace
from typing import Any, Literal

from pi_desktop.ui.i18n import tokens as format_tokens
from pi_desktop.ui.i18n import tr, trf
from pi_desktop.ui.labels import first_line, shorten

NodeKind = Literal["message", "tool_call", "compaction", "stub"]

PREVIEW_CHARS = 400
LABEL_CHARS = 80

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
    thinking: str = field(default="", repr=False)  # an answer's reasoning (metadata)

    @cached_property
    def label(self) -> str:
        if self.fixed_label:
            return self.fixed_label
        label = _message_label(self.role, self.content, self.calls)
        if self.thinking and label == EMPTY:  # an answer that only thought says so
            return trf("Tree", "thought %1 characters", len(self.thinking))
        if label == EMPTY:
            return tr("Tree", "(empty)")
        return label

    @cached_property
    def preview(self) -> str:
        return _preview(self.content)

    @cached_property
    def text(self) -> str:
        """Full text for "copy"."""
        return _full_text(self.content, self.calls)

    pinned: bool = False  # the user pinned it: it stays verbatim in every view


@dataclass(frozen=True)
class SessionCopy:
    """What ``TreeSnapshot.from_session`` reads of a session, copied at one moment.

    Entries are never changed once appended, so shallow copies of the session's tables are
    enough: a worker thread can build the snapshot of a 100,000-entry session from this while
    the live session grows on the event loop (a few ms to copy; the build takes hundreds).
    """

    entries: Mapping[str, Any]
    current_id: str | None
    compaction_floor: str | None
    state: SimpleNamespace  # branch_summaries, system_prompt_changes, pinned

    @classmethod
    def of(cls, session: Any) -> SessionCopy:
        state = getattr(session, "state", None)
        return cls(
            entries=dict(session.entries),
            current_id=session.current_id,
            compaction_floor=getattr(session, "compaction_floor", None),
            state=SimpleNamespace(
                branch_summaries=dict(getattr(state, "branch_summaries", None) or {}),
                system_prompt_changes=tuple(getattr(state, "system_prompt_changes", None) or ()),
                pinned=tuple(getattr(state, "pinned", None) or ()),
            ),
        )


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
        # where the system prompt changed: a side node at the message current then
        side += [c for c in getattr(state, "system_prompt_changes", ()) if c.parent_id]
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
            elif etype in _SIDE_NODES:
                make = _SIDE_NODES[etype]
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
    if metadata and role == "assistant":
        reasoning = metadata.get("reasoning")
        if isinstance(reasoning, str) and reasoning.strip():
            fields["thinking"] = reasoning
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


EMPTY = "(empty)"  # a message without words; shown through tr


def role_name(role: str) -> str:
    """A node's role in words, in the interface's language."""
    names = {
        "user": tr("Tree", "user"),
        "assistant": tr("Tree", "assistant"),
        "tool": tr("Tree", "tool"),
        "system": tr("Tree", "system"),
        "system_prompt": tr("Tree", "system prompt"),
        "compaction": tr("Tree", "compaction"),
        "branch_summary": tr("Tree", "branch summary"),
    }
    return names.get(role, role)


def _message_label(role: str, content: str, calls: Sequence[dict[str, Any]]) -> str:
    text = first_line(content, LABEL_CHARS)
    if calls:
        counts = Counter(_call_name(c) for c in calls)  # "write_file ×2", not the name twice
        names = ", ".join(n if k == 1 else f"{n} ×{k}" for n, k in counts.items())
        return names if not text else f"{names} — {text}"
    return text or EMPTY


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
    manual = " " + tr("Tree", "(manual)") if getattr(entry, "manual", False) else ""
    edited = getattr(entry, "kind", None) == "edited"  # the user's edit of the summary beside it
    if edited:
        manual = ""  # the label says it first: "summary edited"
    calls = getattr(entry, "summarizer_calls", 1)
    if isinstance(calls, int) and calls > 1:  # an input too large for one summarizer request
        manual += " · " + trf("Tree", "%1 summarizer calls", calls)
    extractive = getattr(entry, "kind", None) != "edited" and (
        getattr(entry, "rung", "model") == "extractive"  # built without a model: said first
    )
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
        fixed_label=(
            tr("Tree", "summary edited · %Ln message(s)", n=count)
            if edited
            else tr("Tree", "compacted (extractive) %Ln message(s)", n=count)
            if extractive
            else tr("Tree", "compacted %Ln message(s)", n=count)
        )
        + figures
        + manual,
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
        fixed_label=tr("Tree", "explored on another branch · %Ln message(s)", n=count),
    )


def _prompt_change_node(entry: Any, parent_display: str | None, order: int) -> TreeNode:
    """A change of the system prompt: a side node at the message that was current, so the
    tree shows from where on the requests carried the new one."""
    prompt = getattr(entry, "system_prompt", None) or ""
    head = first_line(prompt, LABEL_CHARS)
    return TreeNode(
        id=entry.id,
        parent_id=parent_display,
        kind="compaction",
        role="system_prompt",
        order=order,
        target_id=entry.id,
        entry_ids=(entry.id,),
        content=prompt,
        fixed_label=(
            trf("Tree", "system prompt: %1", head) if head else tr("Tree", "system prompt removed")
        ),
    )


_SIDE_NODES = {
    "compaction": _compaction_node,
    "branch_summary": _branch_summary_node,
    "system_prompt": _prompt_change_node,
}


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


def tooltip_text(node: TreeNode) -> str:
    """Plain-text tooltip: role, preview, folded tool results."""
    parts = [role_name(node.role) + (" " + tr("Tree", "(stopped)") if node.stopped else "")]
    if node.pinned:
        parts[0] += " · " + tr("Tree", "pinned: stays verbatim in every view")
    if node.thinking:
        parts.append(
            trf(
                "Tree",
                "Thinking (%1 characters): %2",
                len(node.thinking),
                _preview(node.thinking, 160),
            )
        )
    if node.preview:
        parts.append(node.preview)
    if node.kind == "tool_call":
        if node.tool_results:
            parts.append(tr("Tree", "Results:"))
            parts.extend(f"• {r}" for r in node.tool_results)
        else:
            parts.append(tr("Tree", "No result yet."))
    return "\n".join(parts)


def faded_nodes(snapshot: TreeSnapshot, entry_ids: Iterable[str]) -> frozenset[str]:
    """Display nodes the current view does not send verbatim (their main entry is hidden)."""
    return frozenset(
        snapshot.display_of[e]
        for e in entry_ids
        if e in snapshot.display_of and snapshot.display_of[e] == e
    )
