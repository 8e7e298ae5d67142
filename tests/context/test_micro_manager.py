"""L2 inside the manager (issue 8 item 7): unanswered results stay, clearing is rare and bulk."""

import asyncio
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pi_desktop.context import ContextManager, Message, micro_compact
from pi_desktop.context.micro import PLACEHOLDER, clearable_end
from tests.kit.messages import assistant, tool_call, tool_result, user
from tests.kit.replay import extends, prefix_stability
from tests.kit.strategies import assert_pairs_intact, conversations, random_turn, snapshot
from tests.kit.summary_doubles import FakeSummarizer

SYSTEM = Message(role="system", content="You are a careful agent.")
CHECKS = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large]


def run(coro):
    return asyncio.run(coro)


def placeholdered(message):
    return message.role == "tool" and message.content.startswith(PLACEHOLDER[:-1])


def dumped(view):
    return [json.dumps(m.model_dump(), ensure_ascii=False, default=str) for m in view]


def offloaded_among(report, count):
    return {o.index for o in report.offloaded if o.index < count}


def agent_points(messages):
    """Prefix lengths at which an agent calls prepare: before every assistant message."""
    return [i for i, m in enumerate(messages) if m.role == "assistant" and i > 0]


@settings(max_examples=50, deadline=None, suppress_health_check=CHECKS)
@given(
    conversations(min_turns=2, max_turns=14),
    st.integers(1_500, 12_000),
    st.sampled_from([50, 10_000]),
    st.sampled_from([(1.0, 0.25), (0.5, 0.1), (0.0, 0.0)]),
)
def test_l2_in_the_manager(tmp_path, messages, budget, max_messages, policy):
    mgr = ContextManager(budget, FakeSummarizer(), results_dir=tmp_path)
    mgr.max_messages = max_messages
    mgr.micro_trigger, mgr.micro_min_gain = policy
    previous = previous_report = None
    for end in agent_points(messages):
        prefix = messages[:end]
        before = snapshot(prefix)
        view = run(mgr.prepare(prefix))
        report = mgr.last_report
        assert snapshot(prefix) == before  # input never mutated
        assert_pairs_intact(view)
        # results the model has not answered (after the last assistant) are never hidden
        last = max((i for i, m in enumerate(view) if m.role == "assistant"), default=-1)
        assert not any(placeholdered(m) for m in view[last + 1 :])
        # L2 never hides more than the stateless rule would on the same view
        allowed = {i for i in range(clearable_end(view, mgr.keep_recent_results))}
        hidden = {i for i, m in enumerate(view) if placeholdered(m)}
        offloaded_before = {
            i for i in hidden if (prefix[i].metadata or {}).get("offloaded")
        }  # an input that already was a placeholder is not L2's doing
        assert hidden - offloaded_before <= allowed
        for i in report.micro_compacted:
            assert prefix[i].role == "tool" and len(prefix[i].content) > mgr.micro_min_chars
        same_layers = (
            previous_report is not None
            and not report.summarized
            and report.covered_count == previous_report.covered_count
            and set(report.snipped) == set(previous_report.snipped)
            and offloaded_among(report, previous_report.input_count)
            == offloaded_among(previous_report, previous_report.input_count)
        )  # (L3's threshold follows the ratio, so it may offload an older result later)
        if same_layers:
            grown = set(report.micro_compacted) - set(previous_report.micro_compacted)
            assert set(previous_report.micro_compacted) <= set(report.micro_compacted)
            if not grown:  # between two clearings the prefix is byte-identical
                assert extends(previous, dumped(view))
            else:  # a clearing is bulk: everything the stateless rule allows, at once
                assert snapshot(view) == snapshot(
                    micro_compact(view, mgr.keep_recent_results, mgr.micro_min_chars)
                )
        previous, previous_report = dumped(view), report


def test_eight_parallel_results_reach_the_model_verbatim():
    """Even a manager that clears as eagerly as it can sends a fresh step's 8 results."""
    mgr = ContextManager(6_000, FakeSummarizer())
    mgr.micro_trigger = mgr.micro_min_gain = 0.0
    messages = [SYSTEM]
    for k in range(7):
        call = tool_call(f"old{k}", "read_file", {"path": f"o{k}.py"})
        messages += [user(f"turn {k}"), assistant("", [call])]
        messages += [tool_result(f"old{k}", "read_file", "x" * 800), assistant("ok")]
    calls = [tool_call(f"p{j}", "read_file", {"path": f"p{j}.py"}) for j in range(8)]
    messages += [user("read all eight"), assistant("reading", calls)]
    messages += [tool_result(f"p{j}", "read_file", f"file {j} " + "y" * 500) for j in range(8)]
    view = run(mgr.prepare(messages))
    assert view[-8:] == messages[-8:] and not any(placeholdered(m) for m in view[-8:])
    assert any(placeholdered(m) for m in view)  # the old, answered ones were cleared
    # once answered, the newest keep_recent stay and the older three may go
    messages += [assistant("summary of the eight files"), user("thanks")]
    view = run(mgr.prepare(messages))
    eight = [m for m in view if m.tool_call_id and m.tool_call_id.startswith("p")]
    assert [placeholdered(m) for m in eight] == [True] * 3 + [False] * 5


def test_a_clearing_happens_only_when_the_view_needs_room():
    mgr = ContextManager(1_000_000, FakeSummarizer())
    rng = random.Random(3)
    messages = [SYSTEM]
    for k in range(30):
        messages += random_turn(rng, k)
    view = run(mgr.prepare(messages))
    assert mgr.last_report.micro_compacted == () and not any(placeholdered(m) for m in view)


def test_prefix_is_stable_over_a_long_replay():
    """The measurement of bench (e), smaller: L2 alone (no L1 slide) keeps most prefixes."""

    def replay(trigger, gain):
        mgr = ContextManager(32_000, FakeSummarizer())
        mgr.max_messages = 10**6  # isolate L2 (and L4) from L1's sliding window
        mgr.micro_trigger, mgr.micro_min_gain = trigger, gain
        rng = random.Random(300)
        turns = (random_turn(rng, k, scale=0.5) for k in range(120))
        return run(prefix_stability(mgr, SYSTEM, turns))

    stable = replay(ContextManager.micro_trigger, ContextManager.micro_min_gain)
    eager = replay(0.0, 0.0)  # the seed's behaviour: clear whatever is clearable, every turn
    assert stable.requests == eager.requests > 200
    assert stable.share >= 0.85, stable
    assert eager.share < stable.share - 0.2, (eager.share, stable.share)
    assert stable.broken_by.get("L2 restored", 0) == 0 and stable.broken_by.get("other", 0) == 0
