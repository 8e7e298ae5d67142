"""Plain records the context engine hands upward: what a compaction did, what a prepare did.

They carry no behaviour; the agent turns them into events and session entries, the window
draws them. Nothing is lost silently: every layer's effect is listed here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class CompactionInfo:
    """One L4 compaction, as the agent consumes it (event + session cache entry)."""

    # event group: ContextCompacted(tokens_before, tokens_after, summarized_count); whole-request
    # estimates (the view plus the manager's reserved tokens), comparable with the budget
    tokens_before: int
    tokens_after: int
    summarized_count: int
    # cache group: add_summary_cache(summary, covered_count, retained_tail, ...)
    summary: str
    covered_count: int
    retained_tail: list[dict[str, Any]]
    # audit group: what the summarizer cost
    summary_usage: dict[str, Any] | None = None
    summary_model: str | None = None
    read_files: list[str] = field(default_factory=list)
    modified_files: list[str] = field(default_factory=list)
    summarizer_calls: int = 1
    instructions: str | None = None
    # size group: the summary message's estimate against the allowance it is held to, how
    # many old items a deterministic trim left out (the summary states it), whether the
    # summarizer was asked to condense
    summary_tokens: int = 0
    summary_allowance: int = 0
    omitted_items: int = 0
    condensed: bool = False
    # ladder group: who wrote the summary — "model", "repaired" (after one repair request) or
    # "extractive" (built without a model) — and why the model's summary was not taken
    rung: str = "model"
    fallback_reason: str | None = None


@dataclass(frozen=True)
class OffloadedResult:
    """A tool result L3 wrote to disk; ``index`` is its position in the input messages."""

    index: int
    tool_call_id: str
    path: str
    original_chars: int


@dataclass(frozen=True)
class PrepareReport:
    """What every layer did in one ``prepare``; indices refer to the input ``messages``.

    ``hidden`` lists input indices the model does not see verbatim in the view (summarized or
    snipped), so the window can draw them faded.
    """

    input_count: int
    view_count: int
    tokens: int  # estimate of the returned view (with the current ratio)
    budget: int
    threshold_tokens: int  # for the whole request: ``request_tokens`` is compared with it
    ratio: float
    cache_used: bool = False
    summarized: bool = False  # an L4 summary ran in this prepare
    covered_count: int = 0  # input[1:covered_count] are represented by the summary
    # input indices dropped by L1; always one contiguous block, so the manager passes a
    # ``range`` (O(1) however long the history) — it iterates, ``len``s and ``in``s like a tuple
    snipped: tuple[int, ...] | range = ()
    micro_compacted: tuple[int, ...] = ()  # input indices whose tool result L2 placeholdered
    offloaded: tuple[OffloadedResult, ...] = ()
    summary_failed: str | None = None  # why a needed summary did not happen
    reserved_tokens: int = 0  # sent with every chat request besides the view (tool schemas)
    # "summarize": what L1 would drop is summarized first ("snipped" then lists only what a
    # failed summary left to L1); "drop": the seed's pure L1 drop
    snip_policy: str = "summarize"
    summary_tokens: int = 0  # the summary message in this view (0 without one)...
    summary_allowance: int = 0  # ...and the size it is held to, from the current budget
    pinned: tuple[int, ...] = ()  # input indices kept verbatim because the user pinned them

    @property
    def request_tokens(self) -> int:
        """What the whole chat request costs: the view plus the reserved part."""
        return self.tokens + self.reserved_tokens

    @property
    def hidden(self) -> tuple[int, ...]:
        summarized = range(1, self.covered_count) if self.covered_count > 1 else range(0)
        return tuple(sorted((set(summarized) | set(self.snipped)) - set(self.pinned)))
