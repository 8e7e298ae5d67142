"""Where the next request's tokens go: the view split into categories that add up exactly.

The estimate is ``tokens_from_chars(chars of the serialised view, ratio)``; a breakdown that
rounded each category on its own would miss that figure by a few tokens and the user would see
numbers that do not add up. So each category gets its share of the serialised chars (the list's
brackets and ``", "`` separators and the L1 placeholder are the "overhead" row), every share is
scaled by the same ratio and floored, and the tokens the floors leave over are handed out by the
largest remainder (ties: category order). The rows then sum to the estimate itself.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

from pi_desktop.context.message import Message
from pi_desktop.context.ratio import ASCII_WEIGHT
from pi_desktop.context.reasoning import reasoning_of
from pi_desktop.context.tokens import list_chars_from_sizes, message_chars, tokens_from_chars

# (key, label) in display order; "tools" (the schemas) is added by the agent, not from messages
CATEGORIES: tuple[tuple[str, str], ...] = (
    ("system", "System prompt"),
    ("tools", "Tool schemas"),
    ("summary", "Summary"),
    ("pinned", "Pinned messages"),
    ("conversation", "Conversation messages"),
    ("reasoning", "Reasoning (sent back with tool calls)"),
    ("tool_verbatim", "Tool results (verbatim)"),
    ("tool_placeholdered", "Tool results (placeholdered)"),
    ("tool_offloaded", "Tool results (offloaded markers)"),
    ("overhead", "Framing (list brackets, separators, snip marker)"),
)
LABELS = dict(CATEGORIES)
_ORDER = {key: i for i, (key, _) in enumerate(CATEGORIES)}


@dataclass(frozen=True)
class BreakdownRow:
    """One category: its tokens (exact share of the estimate), chars and message count."""

    key: str
    label: str
    tokens: int
    chars: int = 0
    messages: int = 0


@dataclass(frozen=True)
class ContextBreakdown:
    """The next request by category; ``total_tokens`` is the bar's estimate.

    ``budget`` / ``threshold_tokens`` are None without context management. The counts say what
    is not in the view verbatim: ``summarized_count`` messages stand behind the summary,
    ``snipped_count`` were dropped by L1.
    """

    rows: tuple[BreakdownRow, ...]
    ratio: float | None
    budget: int | None = None
    threshold_tokens: int | None = None
    summarized_count: int = 0
    snipped_count: int = 0
    view_count: int = 0
    input_count: int = 0

    @property
    def total_tokens(self) -> int:
        return sum(row.tokens for row in self.rows)

    @property
    def free_tokens(self) -> int | None:
        """What is left of the budget (0 when over it), None without a budget."""
        if self.budget is None:
            return None
        return max(0, self.budget - self.total_tokens)

    def row(self, key: str) -> BreakdownRow:
        for row in self.rows:
            if row.key == key:
                return row
        return BreakdownRow(key, LABELS.get(key, key), 0)

    def tokens(self, key: str) -> int:
        return self.row(key).tokens

    def with_row(self, key: str, tokens: int, *, chars: int = 0) -> ContextBreakdown:
        """A copy with an exact, already-rounded row added (the tool schemas)."""
        rows = [r for r in self.rows if r.key != key]
        rows.append(BreakdownRow(key, LABELS.get(key, key), int(tokens), chars))
        rows.sort(key=lambda r: _ORDER.get(r.key, len(_ORDER)))
        return replace(self, rows=tuple(rows))


def category_of(message: Message, *, placeholdered: bool = False, pinned: bool = False) -> str:
    """Which row a view message belongs to (from its role and the metadata the layers set)."""
    meta = message.metadata or {}
    if message.role == "system":
        return "system"
    if meta.get("context_summary"):
        return "summary"
    if "snipped" in meta and message.role == "user":
        return "overhead"  # the L1 placeholder: framing, not conversation
    if pinned or meta.get("pinned"):
        return "pinned"
    if message.role == "tool":
        if placeholdered:
            return "tool_placeholdered"
        if isinstance(meta.get("offloaded"), dict):
            return "tool_offloaded"
        return "tool_verbatim"
    return "conversation"


def reasoning_share(message: Message, size: int) -> int:
    """The serialised chars of the message's reasoning entry (``, "reasoning": "…"``), at most
    ``size``; 0 when it carries none."""
    text = reasoning_of(message)
    if not text:
        return 0
    share = len(json.dumps(text, ensure_ascii=False)) + len(', "reasoning": ')
    return min(share, size)


def split_tokens(shares: Sequence[int], total_chars: int, ratio: float | None) -> list[int]:
    """Tokens per char share, summing exactly to ``tokens_from_chars(total_chars, ratio)``.

    Largest remainder: floor every scaled share, then give the missing tokens to the largest
    fractional parts (earlier shares win ties); float error that makes the floors overshoot is
    taken back from the smallest fractional parts. Deterministic for equal inputs.
    """
    target = tokens_from_chars(total_chars, ratio)
    scale = ASCII_WEIGHT if ratio is None else ratio  # chars // 4 == int(chars * 0.25)
    exact = [share * scale for share in shares]
    out = [int(x) for x in exact]
    frac = [x - int(x) for x in exact]
    missing = target - sum(out)
    order = sorted(range(len(shares)), key=lambda i: (-frac[i], i))
    k = 0
    while missing > 0 and order:
        out[order[k % len(order)]] += 1
        missing -= 1
        k += 1
    back = [i for i in sorted(range(len(shares)), key=lambda i: (frac[i], i))]
    k = 0
    while missing < 0:
        i = back[k % len(back)]
        if out[i] > 0:
            out[i] -= 1
            missing += 1
        k += 1
    return out


def context_breakdown(
    view: Sequence[Message],
    ratio: float | None,
    *,
    placeholdered: Collection[int] = (),
    pinned: Collection[int] = (),
) -> ContextBreakdown:
    """The breakdown of ``view`` (the list the manager sends) at ``ratio``.

    ``placeholdered`` holds view positions L2 replaced (the manager knows them; content is not
    sniffed); ``pinned`` the view positions of pinned units (the manager's ``steer``).
    Its ``total_tokens`` equals ``tokens_from_chars(chars_of(view), ratio)``.
    """
    chars: dict[str, int] = {}
    counts: dict[str, int] = {}
    sizes = []
    for i, message in enumerate(view):
        key = category_of(message, placeholdered=i in placeholdered, pinned=i in pinned)
        size = message_chars(message)
        sizes.append(size)
        thought = reasoning_share(message, size)
        if thought:
            chars["reasoning"] = chars.get("reasoning", 0) + thought
            counts["reasoning"] = counts.get("reasoning", 0) + 1
        chars[key] = chars.get(key, 0) + size - thought
        counts[key] = counts.get(key, 0) + 1
    total = list_chars_from_sizes(sizes)
    chars["overhead"] = chars.get("overhead", 0) + total - sum(sizes)
    keys = sorted(chars, key=lambda k: _ORDER[k])
    tokens = split_tokens([chars[k] for k in keys], total, ratio)
    rows = tuple(
        BreakdownRow(k, LABELS[k], t, chars[k], counts.get(k, 0))
        for k, t in zip(keys, tokens, strict=True)
    )
    return ContextBreakdown(rows=rows, ratio=ratio, view_count=len(view), input_count=len(view))
