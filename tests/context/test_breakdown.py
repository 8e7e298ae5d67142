"""The context breakdown: categories that add up exactly to the estimate."""

from __future__ import annotations

import asyncio

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pi_desktop.context import ContextManager, Message, context_breakdown, estimate_tokens
from pi_desktop.context.breakdown import category_of, split_tokens
from pi_desktop.context.snip import snip_placeholder
from pi_desktop.context.summary import summary_message
from pi_desktop.context.tokens import chars_of, tokens_from_chars
from tests.kit.messages import tool_result
from tests.kit.strategies import conversations
from tests.kit.summary_doubles import FakeSummarizer

CHECKS = [HealthCheck.too_slow, HealthCheck.data_too_large]


@given(
    shares=st.lists(st.integers(0, 100_000), min_size=1, max_size=9),
    ratio=st.one_of(st.none(), st.floats(0.02, 4.0)),
)
def test_split_tokens_sums_to_the_estimate_of_the_total(shares, ratio):
    total = sum(shares) + 7
    shares = [*shares[:-1], shares[-1] + 7]
    out = split_tokens(shares, total, ratio)
    assert sum(out) == tokens_from_chars(total, ratio)
    assert all(t >= 0 for t in out)
    # no share gets more than one token beyond its exact figure
    scale = 0.25 if ratio is None else ratio
    for share, tokens in zip(shares, out, strict=True):
        assert tokens <= share * scale + 1.0001


def test_split_tokens_is_deterministic_and_gives_ties_to_the_first():
    assert split_tokens([2, 2], 4, 0.25) == [1, 0]  # 0.5 + 0.5 = 1 token: the first one wins
    assert split_tokens([2, 2], 4, 0.25) == split_tokens([2, 2], 4, 0.25)


def test_categories_follow_role_and_layer_metadata():
    assert category_of(Message(role="system", content="s")) == "system"
    assert category_of(summary_message("## Goal", 3)) == "summary"
    assert category_of(snip_placeholder(4)) == "overhead"
    assert category_of(Message(role="user", content="x", metadata={"pinned": True})) == "pinned"
    assert category_of(Message(role="assistant", content="x")) == "conversation"
    result = tool_result("c1", "read_file", "data")
    assert category_of(result) == "tool_verbatim"
    assert category_of(result, placeholdered=True) == "tool_placeholdered"
    marker = result.model_copy(update={"metadata": {**result.metadata, "offloaded": {"path": "p"}}})
    assert category_of(marker) == "tool_offloaded"


def test_plain_breakdown_matches_estimate_tokens_and_counts_messages():
    view = [
        Message(role="system", content="You are terse."),
        Message(role="user", content="hello " * 40),
        Message(role="assistant", content="hi", metadata={"pinned": True}),
    ]
    result = context_breakdown(view, None)
    assert result.total_tokens == estimate_tokens(view)
    assert result.row("conversation").messages == 1
    assert result.row("pinned").messages == 1
    assert sum(r.chars for r in result.rows) == chars_of(view)
    assert result.row("overhead").chars == 2 + 2 * 2  # brackets and two separators
    with_tools = result.with_row("tools", 57)
    assert with_tools.total_tokens == result.total_tokens + 57
    assert [r.key for r in with_tools.rows][:2] == ["system", "tools"]


@settings(max_examples=40, deadline=None, suppress_health_check=CHECKS)
@given(
    messages=conversations(max_turns=8),
    budget=st.sampled_from([1_500, 6_000, 40_000]),
    compact=st.booleans(),
    usage=st.one_of(st.none(), st.integers(50, 20_000)),
    pins=st.sets(st.integers(1, 60), max_size=4),
)
def test_manager_breakdown_adds_up_to_the_preview(
    tmp_path_factory, messages, budget, compact, usage, pins
):
    messages = [
        m.model_copy(update={"metadata": {**(m.metadata or {}), "pinned": True}})
        if i in pins and m.role in ("user", "assistant")
        else m
        for i, m in enumerate(messages)
    ]
    ctx = ContextManager(budget, FakeSummarizer(), results_dir=tmp_path_factory.mktemp("r"))
    ctx.max_messages = 12  # L1 snips in longer draws
    ctx.keep_recent_results = 1  # and L2 placeholders older results
    if compact:
        asyncio.run(ctx.force_compact(messages))
    if usage is not None:
        asyncio.run(ctx.prepare(messages))
        ctx.record_usage({"prompt_tokens": usage})
    _, tokens = ctx.preview(messages)
    result = ctx.breakdown(messages)
    assert result.total_tokens == tokens
    assert result.budget == budget and result.threshold_tokens == ctx.threshold_tokens
    assert all(row.tokens >= 0 for row in result.rows)
    if ctx.summary is not None and result.row("summary").messages:
        assert result.summarized_count == ctx.covered_count - 1
