"""DESIGN §3 invariants as properties over random conversations, at an agent's pace."""

import asyncio
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pi_desktop.context import (
    ContextManager,
    Message,
    TurnTooLarge,
    estimate_tokens,
    micro_compact,
)
from pi_desktop.context.ratio import script_ratio, weighted_tokens
from pi_desktop.context.summary import SUMMARY_HEADER
from tests.kit.strategies import assert_pairs_intact, conversations, random_turn, snapshot
from tests.kit.summary_doubles import FakeSummarizer

SECTIONS = ("## Goal", "## Constraints & Preferences", "### Done", "## Next Steps")
CHECKS = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large]


def script_tokens(messages, factor=1.0):
    """Tokens as the engine's script-aware ratio counts them (optionally scaled)."""
    text = json.dumps([m.model_dump() for m in messages], ensure_ascii=False, default=str)
    return int(len(text) * script_ratio(weighted_tokens(text), len(text)) * factor)


def assert_report_is_honest(messages, view, report):
    """Every index the report names is the message it claims, and the view agrees."""
    assert report.input_count == len(messages) and report.view_count == len(view)
    view_ids = [m.tool_call_id for m in view if m.role == "tool"]
    for i in report.micro_compacted:
        m = messages[i]
        assert m.role == "tool"
        [placeholder] = [v for v in view if v.role == "tool" and v.tool_call_id == m.tool_call_id]
        assert placeholder.content.startswith("[Earlier tool result compacted")
    for off in report.offloaded:
        original = messages[off.index]
        assert original.tool_call_id == off.tool_call_id in view_ids
        assert off.original_chars == len(original.content)
        with open(off.path, encoding="utf-8") as handle:
            assert handle.read() == original.content
    snipped = set(report.snipped)
    assert snipped <= set(range(len(messages)))
    if snipped:
        [marker] = [v for v in view if (v.metadata or {}).get("snipped")]
        assert marker.metadata["snipped"] == len(snipped)
    for i in snipped:  # a snipped tool result is nowhere in the view
        if messages[i].role == "tool":
            assert messages[i].tool_call_id not in view_ids


def l3(mgr, messages, results_dir):
    """L3 as ``mgr`` applies it: as its step's budget decided (each result alone otherwise)."""
    assert mgr.results_dir == results_dir
    return [mgr.l3_copy(m) for m in messages]


def agent_points(messages):
    """Prefix lengths at which an agent calls prepare: before every assistant message."""
    return [i for i, m in enumerate(messages) if m.role == "assistant" and i > 0]


@settings(max_examples=60, deadline=None, suppress_health_check=CHECKS)
@given(
    conversations(min_turns=2, max_turns=14, system=None),
    st.integers(1_500, 12_000),
    st.sampled_from([None, 200, 2_000]),
)
def test_invariants_hold_at_every_turn(tmp_path, messages, budget, keep):
    fake = FakeSummarizer()
    mgr = ContextManager(budget, fake, keep_recent_tokens=keep, results_dir=tmp_path)
    has_system = messages[0].role == "system"
    for end in agent_points(messages):
        prefix = messages[:end]
        before = snapshot(prefix)
        calls = fake.calls
        was_cached = mgr.summary is not None
        state = (mgr.summary, mgr.covered_count)
        try:
            view = asyncio.run(mgr.prepare(prefix))
        except TurnTooLarge as refused:
            # a question that cannot fit even alone is refused before any summarizer call
            # and changes nothing (the agent never stores it, so the conversation ends here)
            newest = max(i for i, m in enumerate(prefix) if m.role == "user")
            assert refused.limit_tokens == mgr.view_limit
            with pytest.raises(TurnTooLarge):  # the check before storing says the same
                mgr.check_turn(prefix[: newest + 1])
            assert fake.calls == calls and (mgr.summary, mgr.covered_count) == state
            assert snapshot(prefix) == before
            break
        report, info = mgr.last_report, mgr.pending_compaction

        assert snapshot(prefix) == before  # 3: input never mutated
        assert_pairs_intact(view)  # 1: no tool pair separated
        if has_system:  # 2: persona first, never summarized
            assert view[0] is prefix[0]
            persona = prefix[0].content
            assert all(persona not in r[1].content for r in fake.requests)
        assert mgr.last_view_tokens == estimate_tokens(view, mgr.ratio) == report.tokens
        assert_report_is_honest(prefix, view, report)
        # 5: the cache path makes no call; a call that did not help commits nothing, says why
        assert (info is not None) == report.summarized
        assert fake.calls > calls or info is None
        if fake.calls > calls and info is None:
            assert report.summary_failed
        if was_cached and info is None:
            assert report.cache_used
        for request in fake.requests[calls:]:  # no summarizer request over budget
            assert script_tokens(request) <= mgr.threshold_tokens
        if info is None:
            assert report.tokens <= mgr.threshold_tokens or report.summary_failed
            continue
        summary = view[1 if has_system else 0]  # 6: six sections, drafts stripped
        assert summary.role == "user" and summary.content.startswith(SUMMARY_HEADER)
        assert all(s in summary.content for s in SECTIONS) and "<analysis>" not in summary.content
        assert info.summarizer_calls == fake.calls - calls
        # the retained tail: each message verbatim (after L3) or as L2 would placeholder it
        kept = l3(mgr, prefix[info.covered_count :], tmp_path)
        if len(view) >= len(kept) + 2:
            cleared = micro_compact(kept)
            for got, plain, micro in zip(view[-len(kept) :], kept, cleared, strict=True):
                assert got in (plain, micro)
        # a compaction lands under the threshold whenever system + summary + newest turn fit
        newest = max(i for i, m in enumerate(prefix) if m.role == "user")
        floor = [*prefix[: int(has_system)], summary]
        floor += micro_compact(l3(mgr, prefix[newest:], tmp_path))
        if estimate_tokens(floor, mgr.ratio) <= mgr.threshold_tokens * 0.9:
            assert info.tokens_after <= mgr.threshold_tokens


@settings(max_examples=40, deadline=None, suppress_health_check=CHECKS)
@given(conversations(min_turns=3, max_turns=10), st.sampled_from(["fail", "empty"]))
def test_failed_summary_never_changes_state(messages, mode):
    fake = FakeSummarizer()
    mgr = ContextManager(2_000, fake)
    for end in agent_points(messages):
        prefix = messages[:end]
        fake.fail = fake.empty = False
        setattr(fake, mode, bool(end % 2))
        state = (mgr.summary, mgr.covered_count, mgr.retained_tail)
        view = asyncio.run(mgr.prepare(prefix))
        assert_pairs_intact(view)
        if mgr.last_report.summary_failed:
            assert (mgr.summary, mgr.covered_count, mgr.retained_tail) == state
            assert mgr.pending_compaction is None


def test_500_turn_run_never_sends_a_request_over_the_budget(tmp_path):
    """A long replay with a 'true' tokenizer 15 % above the estimate; usage anchors it."""
    rng = random.Random(500)
    fake = FakeSummarizer()
    budget = 32_000
    mgr = ContextManager(budget, fake, results_dir=tmp_path)
    messages = [Message(role="system", content="You are a careful agent.")]
    zero_api = 0
    for k in range(500):
        turn = random_turn(rng, k)
        cuts = [i for i, m in enumerate(turn) if m.role == "assistant"]
        start = 0
        for cut in cuts:
            messages += turn[start:cut]
            start = cut
            calls = fake.calls
            view = asyncio.run(mgr.prepare(messages))
            true_tokens = script_tokens(view, 1.15)
            assert true_tokens <= budget
            assert_pairs_intact(view)
            for request in fake.requests[calls:]:
                assert script_tokens(request, 1.15) <= budget
            zero_api += fake.calls == calls
            mgr.record_usage({"prompt_tokens": true_tokens, "completion_tokens": 10})
        messages += turn[start:]
    assert fake.calls > 0 and mgr.summary is not None
    # nothing leaves the view unread: L1's drops are summarized too (about every 25 messages
    # of this tool-heavy replay), so the share is lower than with the seed's pure drop (95 %)
    assert zero_api / sum(1 for m in messages if m.role == "assistant") >= 0.90


@settings(max_examples=40, deadline=None, suppress_health_check=CHECKS)
@given(conversations(min_turns=4, max_turns=14), st.integers(1_500, 6_000))
def test_a_restarted_manager_sends_the_same_views_with_zero_calls(tmp_path, messages, budget):
    """The app restarts after a compaction: restore_cache must reproduce the cached views."""
    fake = FakeSummarizer()
    mgr = ContextManager(budget, fake, results_dir=tmp_path)
    points = agent_points(messages)
    for n, end in enumerate(points):
        asyncio.run(mgr.prepare(messages[:end]))
        info = mgr.pending_compaction
        if info is None:
            continue
        restarted_fake = FakeSummarizer()
        restarted = ContextManager(budget, restarted_fake, results_dir=tmp_path)
        restarted.restore_cache(info.summary, info.covered_count, info.retained_tail)
        restarted.restore_usage_anchor(mgr.usage_anchor)  # what the session saves, too
        for later in points[n + 1 :]:
            calls = fake.calls
            original = asyncio.run(mgr.prepare(messages[:later]))
            if fake.calls != calls:
                break  # the original compacted again; the restart would too
            assert snapshot(asyncio.run(restarted.prepare(messages[:later]))) == snapshot(original)
            assert restarted_fake.calls == 0
        return
