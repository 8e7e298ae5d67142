"""Pins and context notes in the pipeline: a pinned message never leaves the view.

Property tests over random conversations, budgets, snip limits and compactions (forced and
threshold-driven, repeated as the conversation grows), plus the cap and the notes message.
"""

import asyncio

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pi_desktop.context import PIN_SHARE, ContextManager, Message, PinRefused
from pi_desktop.context.pins import NOTES_HEADER, pinned_units, unit_of
from tests.kit.messages import assistant, tool_call, tool_result, user
from tests.kit.strategies import assert_pairs_intact, conversations, snapshot
from tests.kit.summary_doubles import FakeSummarizer

CHECKS = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large]


def run(coro):
    return asyncio.run(coro)


def assert_pins_verbatim(messages, view, pinned):
    """Every pinned unit is in the view, verbatim (same role, content and metadata), in order."""
    units = pinned_units(messages, pinned, 0, len(messages))
    positions = []
    for k in units:
        original = messages[k]
        hits = [i for i, v in enumerate(view) if v == original]
        assert hits, f"pinned message {k} ({original.role}) left the view or was changed"
        positions.append(hits[0])
    assert positions == sorted(positions), "pinned messages out of order"


def assert_invariants(messages, before, view):
    assert_pairs_intact(view)  # 1
    if messages and messages[0].role == "system":  # 2
        assert view[0] == messages[0]
    assert all(v.role != "system" for v in view[1:])
    assert snapshot(messages) == before  # 3


@settings(max_examples=50, deadline=None, suppress_health_check=CHECKS)
@given(
    conversations(min_turns=2, max_turns=14, system=None),
    st.integers(2_000, 14_000),
    st.sampled_from([6, 12, 50]),
    st.data(),
)
def test_pinned_messages_never_leave_the_view(tmp_path_factory, messages, budget, max_msgs, data):
    """At every step an agent would prepare, with compactions on the way, pins stay verbatim."""
    results = tmp_path_factory.mktemp("results")
    start = 1 if messages[0].role == "system" else 0
    candidates = list(range(start, len(messages)))
    pinned = set(data.draw(st.lists(st.sampled_from(candidates), max_size=4, unique=True)))
    policy = data.draw(st.sampled_from(["summarize", "drop"]))
    notes = data.draw(st.sampled_from([(), ("Explored on another branch: tried X",)]))
    mgr = ContextManager(budget, FakeSummarizer(), results_dir=results, snip_policy=policy)
    mgr.max_messages = max_msgs
    points = [i for i, m in enumerate(messages) if m.role == "assistant"] + [len(messages)]
    for n in points:
        prefix = messages[:n]
        pins = {k for k in pinned if k < n}
        mgr.steer(pins, notes)
        before = snapshot(prefix)
        if data.draw(st.integers(0, 5)) == 0:
            view = run(mgr.force_compact(prefix))
        else:
            view = run(mgr.prepare(prefix))
        assert_invariants(prefix, before, view)
        assert_pins_verbatim(prefix, view, pins)
        assert sum(m.content.startswith(NOTES_HEADER) for m in view) == len(notes)
        report = mgr.last_report
        assert set(report.pinned) == set(pinned_units(prefix, pins, 0, n))
        assert not set(report.hidden) & set(report.pinned)


@settings(max_examples=30, deadline=None, suppress_health_check=CHECKS)
@given(conversations(min_turns=3, max_turns=10), st.integers(2_000, 9_000), st.data())
def test_restarted_manager_keeps_the_same_pins(messages, budget, data):
    """A manager refilled from the cache (a restart) builds the same view with the pins."""
    pinned = set(data.draw(st.lists(st.integers(1, len(messages) - 1), max_size=3, unique=True)))
    live = ContextManager(budget, FakeSummarizer())
    live.steer(pinned)
    view = run(live.force_compact(messages))
    info = live.pending_compaction
    restarted = ContextManager(budget, FakeSummarizer())
    restarted.steer(pinned)
    if info is not None:
        restarted.restore_cache(info.summary, info.covered_count, info.retained_tail)
    again = run(restarted.prepare(messages))
    assert_pins_verbatim(messages, again, pinned)
    assert_pins_verbatim(messages, view, pinned)
    if info is not None and restarted.pending_compaction is None:
        assert again == view


def big_history(turns=8, result_chars=4_000):
    messages = [Message(role="system", content="sys")]
    for k in range(turns):
        call = tool_call(f"c{k}", "read_file", {"path": f"f{k}.py"})
        messages += [
            user(f"turn {k} " + "u" * 300),
            assistant("", [call]),
            tool_result(f"c{k}", "read_file", f"result {k} " + "r" * result_chars),
            assistant(f"answer {k} " + "a" * 300),
        ]
    return messages


def test_pinned_tool_result_is_neither_placeholdered_nor_offloaded(tmp_path):
    messages = big_history(result_chars=30_000)
    mgr = ContextManager(200_000, FakeSummarizer(), results_dir=tmp_path)
    mgr.keep_recent_results = 1
    plain = run(mgr.prepare(messages))
    assert plain[3] != messages[3]  # unpinned: offloaded (L3)
    mgr.steer({3})
    view = run(mgr.prepare(messages))
    assert view[3] == messages[3] and view[2] == messages[2]
    assert 3 not in mgr.last_report.micro_compacted
    assert all(off.index != 3 for off in mgr.last_report.offloaded)


def test_pinned_call_keeps_its_results_after_a_summary():
    """Pinning the assistant call keeps the call and its result right after the summary."""
    messages = big_history()
    mgr = ContextManager(4_000, FakeSummarizer())
    mgr.steer({2})  # the first turn's assistant(tool_calls)
    view = run(mgr.force_compact(messages))
    assert mgr.pending_compaction is not None and mgr.covered_count > 4
    assert view[1].content.startswith("[Context summary") or "summary" in view[1].content.lower()
    assert view[2:4] == messages[2:4]
    assert_pairs_intact(view)


def test_pins_come_back_after_the_snip_placeholder():
    messages = big_history(turns=20, result_chars=50)
    mgr = ContextManager(500_000, FakeSummarizer(), snip_policy="drop")
    mgr.max_messages = 12
    mgr.steer({11})  # a tool result in the middle: its call (10) comes along
    view = run(mgr.prepare(messages))
    marker = next(i for i, m in enumerate(view) if (m.metadata or {}).get("snipped"))
    assert view[marker + 1 : marker + 3] == messages[10:12]
    assert view[marker].metadata["snipped"] == len(mgr.last_report.snipped)
    assert 10 not in mgr.last_report.snipped and 11 not in mgr.last_report.snipped


def test_unit_of_a_pair():
    messages = big_history(turns=1)
    assert unit_of(messages, 3) == range(2, 4)
    assert unit_of(messages, 2) == range(2, 4)
    assert unit_of(messages, 1) == range(1, 2)


def test_the_cap_refuses_with_sizes():
    messages = big_history(turns=4, result_chars=2_000)
    mgr = ContextManager(4_000, FakeSummarizer())
    assert mgr.pin_cap_tokens == int(mgr.view_limit * PIN_SHARE)
    small = mgr.check_pins(messages, {1})
    assert 0 < small <= mgr.pin_cap_tokens
    with pytest.raises(PinRefused) as err:
        mgr.check_pins(messages, {1, 3, 7})
    text = str(err.value)
    assert f"{mgr.pin_cap_tokens:,}" in text and f"{err.value.pinned_tokens:,}" in text
    assert "25%" in text


def test_notes_sit_after_the_system_prompt_with_and_without_a_summary():
    messages = big_history()
    mgr = ContextManager(200_000, FakeSummarizer())
    mgr.steer(notes=["Explored on another branch: tried a regex parser; abandoned."])
    view = run(mgr.prepare(messages))
    assert view[0] == messages[0]
    assert view[1].role == "user" and view[1].content.startswith(NOTES_HEADER)
    assert "regex parser" in view[1].content
    assert [m.role for m in view[2:]] == [m.role for m in messages[1:]]
    run(mgr.force_compact(messages))
    view = run(mgr.prepare(messages))
    assert view[1].content.startswith(NOTES_HEADER) and "Context summary" in view[2].content
    mgr.steer(notes=[])
    assert all(NOTES_HEADER not in m.content for m in run(mgr.prepare(messages)))


def test_notes_without_a_system_prompt():
    messages = big_history()[1:]
    mgr = ContextManager(200_000, FakeSummarizer())
    mgr.steer(notes=["explored X"])
    view = run(mgr.prepare(messages))
    assert view[0].content.startswith(NOTES_HEADER)
    assert [m.role for m in view[1:]] == [m.role for m in messages]


def test_pinning_a_summarized_message_brings_it_back_without_a_new_summary():
    messages = big_history()
    llm = FakeSummarizer()
    mgr = ContextManager(4_000, llm)
    run(mgr.force_compact(messages))
    assert mgr.covered_count > 2
    calls = llm.calls
    mgr.steer({1})  # the first user message, covered by the summary
    view = run(mgr.prepare(messages))
    assert llm.calls == calls  # the cache path: zero API calls
    assert view[0] == messages[0] and "Context summary" in view[1].content
    assert view[2] == messages[1]
    assert 1 in mgr.last_report.pinned and 1 not in mgr.last_report.hidden


def test_the_breakdown_counts_pinned_units_in_their_own_row():
    messages = big_history()
    mgr = ContextManager(200_000, FakeSummarizer())
    mgr.steer({3})  # a tool result: its call comes along
    rows = {row.key: row for row in mgr.breakdown(messages).rows}
    assert rows["pinned"].messages == 2
    assert sum(r.tokens for r in rows.values()) == mgr.preview(messages)[1]
