"""``reserved_tokens``: the part of every chat request that is not messages (tool schemas).

The threshold applies to the whole request, so the view gets ``int(budget * threshold) -
reserved_tokens``; reports and compaction figures are whole-request figures, comparable with
the budget; summarizer requests (no tools) keep the whole threshold.
"""

import asyncio
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_desktop.context import ContextManager, Message, estimate_tokens
from pi_desktop.context.offload import PREVIEW_CHARS, floor_chars
from tests.context.test_manager_properties import CHECKS, agent_points, script_tokens
from tests.kit.messages import assistant, tool_call, tool_result
from tests.kit.strategies import assert_pairs_intact, conversations, random_turn, snapshot
from tests.kit.summary_doubles import FakeSummarizer

SYSTEM = Message(role="system", content="You are a careful agent.")


def history(turns: int, size: int = 300) -> list[Message]:
    out = [SYSTEM]
    for k in range(turns):
        out += [
            Message(role="user", content=f"#t{k}u " + "q" * size),
            Message(role="assistant", content=f"#t{k}a " + "a" * size),
        ]
    return out


def test_the_reserved_share_moves_the_trigger_and_is_reported():
    messages = history(8)
    plain = ContextManager(10_000, FakeSummarizer())
    view = asyncio.run(plain.prepare(messages))
    tokens = plain.last_report.tokens
    budget = int(tokens / 0.8) + 10  # the messages alone fit under the threshold...
    reserved = 200  # ...but not with the tool schemas beside them

    alone = ContextManager(budget, FakeSummarizer())
    assert asyncio.run(alone.prepare(messages)) == view and alone.pending_compaction is None

    fake = FakeSummarizer()
    mgr = ContextManager(budget, fake, reserved_tokens=reserved)
    assert mgr.view_limit == mgr.threshold_tokens - reserved == int(budget * 0.8) - reserved
    out = asyncio.run(mgr.prepare(messages))
    info, report = mgr.pending_compaction, mgr.last_report
    assert info is not None and fake.calls >= 1 and report.summarized
    assert report.reserved_tokens == reserved and report.threshold_tokens == int(budget * 0.8)
    assert report.request_tokens == report.tokens + reserved == info.tokens_after
    assert info.tokens_after <= mgr.threshold_tokens
    assert estimate_tokens(out, mgr.ratio) <= mgr.view_limit
    assert info.tokens_before == tokens + reserved > mgr.threshold_tokens
    for request in fake.requests:  # the summarizer sends no tools: the whole threshold
        assert script_tokens(request) <= mgr.threshold_tokens


def test_reserved_tokens_are_validated():
    with pytest.raises(ValueError, match="reserved_tokens"):
        ContextManager(1_000, FakeSummarizer(), reserved_tokens=-1)
    full = ContextManager(1_000, FakeSummarizer(), reserved_tokens=800)
    assert full.view_limit == 0  # allowed: the agent refuses to send (see the agent tests)


@settings(max_examples=50, deadline=None, suppress_health_check=CHECKS)
@given(
    conversations(min_turns=2, max_turns=12, system=None),
    st.integers(2_000, 12_000),
    st.floats(0.0, 0.4),
)
def test_whole_requests_stay_under_the_threshold_at_every_turn(tmp_path, messages, budget, share):
    fake = FakeSummarizer()
    reserved = int(budget * 0.8 * share)
    mgr = ContextManager(budget, fake, results_dir=tmp_path, reserved_tokens=reserved)
    for end in agent_points(messages):
        prefix = messages[:end]
        before = snapshot(prefix)
        calls = fake.calls
        view = asyncio.run(mgr.prepare(prefix))
        report, info = mgr.last_report, mgr.pending_compaction
        assert snapshot(prefix) == before
        assert_pairs_intact(view)
        assert report.request_tokens == estimate_tokens(view, mgr.ratio) + reserved
        for request in fake.requests[calls:]:
            assert script_tokens(request) <= mgr.threshold_tokens
        if info is None:
            assert report.request_tokens <= mgr.threshold_tokens or report.summary_failed
        else:
            assert info.tokens_after == report.request_tokens
            has_system = prefix[0].role == "system"
            newest = max(i for i, m in enumerate(prefix) if m.role == "user")
            floor = [*prefix[: int(has_system)], view[int(has_system)], *prefix[newest:]]
            if estimate_tokens(floor, mgr.ratio) + reserved <= mgr.threshold_tokens * 0.8:
                assert info.tokens_after <= mgr.threshold_tokens


def test_a_long_replay_with_schemas_never_sends_a_request_over_the_budget(tmp_path):
    """300 turns, a third of the threshold reserved, a 'true' tokenizer 15 % above."""
    rng = random.Random(301)
    fake = FakeSummarizer()
    budget = 24_000
    reserved = int(budget * 0.8) // 3
    mgr = ContextManager(budget, fake, results_dir=tmp_path, reserved_tokens=reserved)
    messages = [SYSTEM]
    for k in range(300):
        turn = random_turn(rng, k)
        start = 0
        for cut in [i for i, m in enumerate(turn) if m.role == "assistant"]:
            messages += turn[start:cut]
            start = cut
            calls = fake.calls
            view = asyncio.run(mgr.prepare(messages))
            true_tokens = script_tokens(view, 1.15)
            assert true_tokens + reserved <= budget
            for request in fake.requests[calls:]:
                assert script_tokens(request, 1.15) <= budget
            mgr.record_usage({"prompt_tokens": true_tokens, "completion_tokens": 10})
        messages += turn[start:]
    assert fake.calls > 0 and mgr.summary is not None


def _one_big_result(size: int) -> list[Message]:
    call = tool_call("c1", "read_file", {"path": "big.txt"})
    return [
        SYSTEM,
        Message(role="user", content="read big.txt"),
        assistant("", [call]),
        tool_result("c1", "read_file", "line of the file\n" * (size // 17)),
    ]


def test_under_a_small_budget_a_result_larger_than_the_room_is_offloaded(tmp_path):
    """The newest turn cannot be summarized: a result it cannot hold must go to a file."""
    messages = _one_big_result(10_000)  # under the 20,000-char default of L3
    fake = FakeSummarizer()
    mgr = ContextManager(2_500, fake, results_dir=tmp_path, reserved_tokens=800)
    assert mgr.tool_chars_limit < 10_000 <= mgr.max_tool_chars
    view = asyncio.run(mgr.prepare(messages))
    report = mgr.last_report
    assert [o.index for o in report.offloaded] == [3] and fake.calls == 0
    assert report.request_tokens <= mgr.threshold_tokens
    assert (tmp_path / "c1.txt").read_text() == messages[3].content
    assert view[3].tool_call_id == "c1" and len(view[3].content) < 3_000

    roomy = ContextManager(100_000, FakeSummarizer(), results_dir=tmp_path / "roomy")
    assert roomy.tool_chars_limit == roomy.max_tool_chars == 20_000
    assert asyncio.run(roomy.prepare(messages)) == messages  # nothing offloaded


def test_the_l3_floor_follows_the_budget_and_never_drops_below_what_a_marker_saves():
    """Issue 16: a fixed 3,000-char floor let two 3,000-char results overflow a 2k window."""
    roomy = ContextManager(100_000, FakeSummarizer())
    assert roomy.preview_chars_for(1) == PREVIEW_CHARS
    assert floor_chars(PREVIEW_CHARS) == 3_000  # a full 2,000-char preview: as before
    tiny = ContextManager(1_000, FakeSummarizer(), reserved_tokens=790)
    preview = tiny.preview_chars_for(1)
    assert preview < PREVIEW_CHARS
    assert tiny.tool_chars_limit == floor_chars(preview) < 3_000  # the marker's own size
    custom = ContextManager(100_000, FakeSummarizer())
    custom.max_tool_chars = 500  # an explicit setting is never raised
    assert custom.tool_chars_limit == 500
