import asyncio
import json
import re
from pathlib import Path

import pytest

from pi_desktop.context import (
    ContextManager,
    Message,
    budget_tool_results,
    estimate_tokens,
    micro_compact,
    snip_messages,
)
from pi_desktop.context.ratio import script_ratio, weighted_tokens
from pi_desktop.context.summary import SUMMARY_HEADER
from pi_desktop.context.summary_trim import HEADROOM_TOKENS, MIN_ALLOWANCE, omitted_count
from tests.kit.messages import assistant, tool_call, tool_result, user
from tests.kit.strategies import assert_pairs_intact, snapshot
from tests.kit.summary_doubles import FakeSummarizer

SYSTEM = Message(role="system", content="You are a careful agent.")


def run(coro):
    return asyncio.run(coro)


def chat(turns: int, size: int = 400, start: int = 0) -> list[Message]:
    """ASCII turns with unique ``#tK`` markers: user, assistant(read_file) + result, answer."""
    out: list[Message] = []
    for k in range(start, start + turns):
        call = tool_call(f"c{k}", "read_file", {"path": f"src/m{k}.py"})
        out += [
            user(f"#t{k}u please look " + "q" * size),
            assistant("", [call]),
            tool_result(f"c{k}", "read_file", f"#t{k}r " + "r" * size),
            assistant(f"#t{k}a done " + "a" * size),
        ]
    return out


def test_under_threshold_is_the_untouched_history_and_costs_nothing():
    fake = FakeSummarizer()
    mgr = ContextManager(100_000, fake)
    messages = [SYSTEM, *chat(3)]
    view = run(mgr.prepare(messages))
    assert view == messages and all(a is b for a, b in zip(view, messages, strict=True))
    assert fake.calls == 0 and mgr.pending_compaction is None
    report = mgr.last_report
    assert report.tokens == estimate_tokens(view, mgr.ratio) == mgr.last_view_tokens
    assert (report.input_count, report.view_count, report.cache_used) == (13, 13, False)
    assert report.threshold_tokens == 80_000 and report.budget == 100_000
    assert not report.summarized and report.summary_failed is None


def test_free_layers_match_the_public_functions_and_are_reported(tmp_path):
    big = "big output 上下文 " * 3000
    messages = [SYSTEM, *chat(20, size=300)]
    messages[6] = tool_result("c1", "read_file", big)  # turn 1's result
    messages.append(user("last"))
    # the seed's pure L1 drop, reported (the default summarizes what L1 would drop instead)
    mgr = ContextManager(1_000_000, FakeSummarizer(), results_dir=tmp_path, snip_policy="drop-50")
    view = run(mgr.prepare(messages))
    report = mgr.last_report
    assert report.offloaded == ()  # the big result was snipped, so never written
    assert list(tmp_path.iterdir()) == []
    # issue 8: far under the threshold L2 leaves every result verbatim (a stable prefix) ...
    snipped = snip_messages(budget_tool_results(messages, results_dir=tmp_path))
    assert snapshot(view) == snapshot(snipped) and report.micro_compacted == ()
    # ... and when it clears, it clears what the public function would, all at once
    mgr.micro_trigger = mgr.micro_min_gain = 0.0
    view = run(mgr.prepare(messages))
    report = mgr.last_report
    assert snapshot(view) == snapshot(micro_compact(snipped))
    # head boundary moved back from 3 to 2: messages[2] is the call answered by messages[3]
    assert list(report.snipped) == list(range(2, len(messages) - 46))
    assert set(report.hidden) == set(report.snipped)
    tools_in_view = [i for i, m in enumerate(view) if m.role == "tool"]
    compacted = {
        i - (len(messages) - len(view)) for i in report.micro_compacted
    }  # input index → view index (all micro-compacted ones are in the tail)
    assert compacted == set(tools_in_view[:-5])

    messages2 = [SYSTEM, *chat(2), tool_result("cX", "bash", big)]
    messages2[-2:] = [assistant("", [tool_call("cX", "bash", {})]), messages2[-1]]
    run(mgr.prepare(messages2))
    [off] = mgr.last_report.offloaded
    assert off.index == len(messages2) - 1 and off.tool_call_id == "cX"
    assert Path(off.path).read_text(encoding="utf-8") == big and off.original_chars == len(big)


def _compacting(budget=4_000, **kw):
    fake = FakeSummarizer()
    return fake, ContextManager(budget, fake, **kw)


def grow(mgr, messages, start=0, limit=80):
    """Add turns one at a time (an agent's pace) until a prepare compacts; returns the view."""
    for k in range(start, limit):
        messages += chat(1, start=k)
        view = run(mgr.prepare(messages))
        if mgr.pending_compaction is not None:
            return view
    raise AssertionError("no compaction happened")


def test_compaction_summarizes_the_head_and_keeps_a_whole_recent_turn():
    fake, mgr = _compacting()
    messages = [SYSTEM]
    view = grow(mgr, messages)
    before = snapshot(messages)
    assert fake.calls == 1
    mgr.reset()
    assert snapshot(run(mgr.prepare(messages))) == snapshot(view)
    assert snapshot(messages) == before and fake.calls == 2
    info = mgr.pending_compaction
    assert info is not None and mgr.last_report.summarized
    assert view[0] is SYSTEM
    assert view[1].role == "user" and view[1].content.startswith(SUMMARY_HEADER)
    assert "## Goal" in view[1].content and "<analysis>" not in view[1].content
    cut = info.covered_count
    assert messages[cut].role == "user"
    assert view[2:] == messages[cut:]
    assert info.retained_tail == [m.model_dump() for m in messages[cut:]]
    assert info.summarized_count == cut - 1 and info.summarizer_calls == 1
    assert info.tokens_after == estimate_tokens(view, mgr.ratio) <= mgr.threshold_tokens
    assert info.tokens_before > mgr.threshold_tokens
    assert info.summary_model == "fake-summarizer" and info.summary_usage["prompt_tokens"] > 0
    assert info.read_files == sorted(f"src/m{k}.py" for k in range(30) if 4 * k + 1 < cut)
    newest_first = "\n".join(reversed([f"src/m{k}.py" for k in range(30) if 4 * k + 1 < cut]))
    assert f"<read-files>\n{newest_first}\n</read-files>" in info.summary
    # the kept tail holds keep_recent_tokens, by the engine's own (class) estimate
    assert mgr._message_tokens(view[2:]) <= mgr.keep_recent_tokens
    assert (mgr.summary, mgr.covered_count) == (info.summary, cut)
    request = fake.requests[-1]
    assert request[0].role == "system" and "#t0u" in request[1].content
    assert "You are a careful agent" not in request[1].content  # persona never summarized


def test_cache_path_makes_zero_calls_and_restores_across_managers():
    fake, mgr = _compacting()
    messages = [SYSTEM]
    grow(mgr, messages)
    info = mgr.pending_compaction
    messages += [user("#new one more question")]
    before = snapshot(messages)
    view = run(mgr.prepare(messages))
    assert fake.calls == 1 and mgr.pending_compaction is None
    assert mgr.last_report.cache_used and mgr.last_report.covered_count == info.covered_count
    assert view[-1] is messages[-1] and view[0] is SYSTEM
    assert snapshot(messages) == before

    other = FakeSummarizer()
    fresh = ContextManager(4_000, other)
    fresh.restore_cache(info.summary, info.covered_count, info.retained_tail)
    restored = run(fresh.prepare(messages))
    assert other.calls == 0 and snapshot(restored) == snapshot(view)


def test_cache_that_does_not_match_the_history_is_not_used():
    _, mgr = _compacting(budget=100_000)
    messages = [SYSTEM, *chat(3)]
    mgr.restore_cache("## Goal\nold", 3, [{"role": "user", "content": "something else"}])
    view = run(mgr.prepare(messages))
    assert view == messages and not mgr.last_report.cache_used
    mgr.restore_cache("## Goal\nold", 5, [m.model_dump() for m in messages[5:]])
    view = run(mgr.prepare(messages))
    assert mgr.last_report.cache_used and view[2:] == messages[5:]


def test_a_tail_message_replaced_after_a_match_is_checked_again():
    """The manager remembers which live messages matched the cached tail, by position; a
    message replaced there (an edit, a rewind and another turn) must be compared again."""
    _, mgr = _compacting(budget=100_000)
    messages = [SYSTEM, *chat(3)]
    mgr.restore_cache("## Goal\nold", 5, [m.model_dump() for m in messages[5:]])

    def cache_used(history):
        run(mgr.prepare(history))
        return mgr.last_report.cache_used

    assert cache_used(messages) and cache_used(messages)
    assert cache_used([Message.model_validate(m.model_dump()) for m in messages])  # reloaded
    edited = list(messages)
    edited[6] = edited[6].model_copy(update={"content": "edited"})
    assert not cache_used(edited)
    assert cache_used(messages)  # back on the original path
    messages[5] = user("a different question")  # the same list, changed in place
    assert not cache_used(messages)
    assert not cache_used(messages[:9])  # rewound into the tail
    fake, mgr = _compacting()
    history = [SYSTEM]
    grow(mgr, history)  # a live compaction: the tail is the history's own objects
    calls = fake.calls
    mgr.set_budget(100_000)  # from here on nothing needs a new summary
    assert cache_used([*history, user("next")])
    history[mgr.covered_count] = user("rewritten")
    assert not cache_used([*history, user("next")])
    assert fake.calls == calls


def test_second_compaction_sends_previous_summary_and_only_uncovered_messages():
    fake, mgr = _compacting()
    messages = [SYSTEM]
    grow(mgr, messages)
    first = mgr.pending_compaction
    grow(mgr, messages, start=len(messages) // 4)
    second = mgr.pending_compaction
    assert second is not None and second.covered_count > first.covered_count
    assert second.summarized_count == second.covered_count - first.covered_count
    requests = [r[1].content for r in fake.requests[1:]]
    assert all("Previous summary:\n## Goal" in r for r in requests)
    sent = "\n".join(r.split("\nConversation:\n", 1)[1] for r in requests)
    for i, m in enumerate(messages[1:], start=1):
        marker = m.content.split(" ")[0]
        if marker.startswith("#t"):
            assert (marker in sent) == (first.covered_count <= i < second.covered_count)
    assert set(first.read_files) <= set(second.read_files)


def test_chunked_summarization_keeps_every_request_under_budget():
    fake, mgr = _compacting(budget=3_000)
    messages = [SYSTEM, *chat(40, size=700)]
    view = run(mgr.prepare(messages))
    assert fake.calls > 2
    assert mgr.pending_compaction.summarizer_calls == fake.calls
    for request in fake.requests:
        assert mgr._request_tokens(request) <= mgr.threshold_tokens  # the engine's own count
    for request in fake.requests[1:]:
        assert "Previous summary:\n## Goal" in request[1].content
    assert estimate_tokens(view, mgr.ratio) <= mgr.threshold_tokens
    sent = "\n".join(r[1].content for r in fake.requests)
    assert all(f"#t{k}u" in sent for k in range(35))  # nothing silently skipped


@pytest.mark.parametrize("mode", ["fail", "empty"])
def test_failed_or_empty_summary_climbs_to_an_extractive_summary(mode):
    """Issue 16 (was: "degrades without state change", which jammed the session): a failed
    or empty summary climbs the ladder — an error goes straight to the extractive summary,
    an empty answer gets one repair request first — and the compaction is made all the same,
    with no further API call."""
    fake = FakeSummarizer(**{mode: True})
    mgr = ContextManager(4_000, fake)
    messages = [SYSTEM, *chat(12)]
    view = run(mgr.prepare(messages))
    info = mgr.pending_compaction
    assert info is not None and info.rung == "extractive"
    assert fake.calls == (1 if mode == "fail" else 2)  # the answer, then one repair request
    assert info.summarizer_calls == (0 if mode == "fail" else 2)
    reason = info.fallback_reason
    assert reason and ("ConnectionError" in reason if mode == "fail" else "empty" in reason)
    assert mgr.last_report.summarized and not mgr.last_report.summary_failed
    assert estimate_tokens(view, mgr.ratio) <= mgr.threshold_tokens
    summarized = "\n".join(m.content for m in messages[1 : info.covered_count] if m.role == "user")
    for marker in re.findall(r"#t\d+u", summarized)[-2:]:  # the newest user words, verbatim
        assert marker in info.summary


def test_failure_after_a_compaction_updates_the_summary_extractively():
    """A summarizer that goes down after a first compaction: the next compaction merges the
    previous (model) summary into an extractive one; nothing of it is lost."""
    fake, mgr = _compacting()
    messages = [SYSTEM]
    grow(mgr, messages)
    first = mgr.summary
    fake.fail = True
    calls = fake.calls
    grow(mgr, messages, start=len(messages) // 4)
    info = mgr.pending_compaction
    assert info.rung == "extractive" and "ConnectionError" in info.fallback_reason
    assert fake.calls == calls + 1  # one attempt, no repair request to a summarizer that is down
    kept = re.findall(r"#t\d+[ura]", first.split("<read-files>")[0])
    assert "Keep working." in info.summary  # the model's goal, carried into the update
    # the model's Done item is kept, or trimmed first (progress goes first) and stated so
    assert all(marker in info.summary for marker in kept) or omitted_count(info.summary) > 0
    assert mgr.summary == info.summary and mgr.covered_count == info.covered_count


def test_newest_turn_larger_than_keep_budget_still_summarizes_everything_before_it():
    _, mgr = _compacting(budget=8_000, keep_recent_tokens=500)
    mgr.max_messages = 1_000  # isolate L4 from L1
    messages = [SYSTEM, *chat(30, size=200)]
    newest = len(messages)
    messages += [user("#big turn " + "u" * 3000)]
    for j in range(3):
        messages += [
            assistant("", [tool_call(f"b{j}", "bash", {})]),
            tool_result(f"b{j}", "bash", "o" * 800),
        ]
    messages += [assistant("the answer " + "w" * 2000)]
    view = run(mgr.prepare(messages))
    info = mgr.pending_compaction
    assert info is not None and info.covered_count == newest
    assert view[2:] == micro_compact(messages[newest:]) or view[2] is messages[newest]
    assert info.tokens_after <= mgr.threshold_tokens
    assert_pairs_intact(view)


def test_newest_turn_over_the_threshold_is_cut_inside_at_a_pair_boundary():
    _, mgr = _compacting(budget=3_000)
    mgr.max_messages = 1_000  # isolate L4 from L1
    messages = [SYSTEM, *chat(2, size=100), user("#huge")]
    for j in range(40):
        messages += [
            assistant(f"step {j} " + "s" * 300, [tool_call(f"h{j}", "bash", {})]),
            tool_result(f"h{j}", "bash", "o" * 400),
        ]
    view = run(mgr.prepare(messages))
    assert mgr.pending_compaction is not None
    assert estimate_tokens(view, mgr.ratio) <= mgr.threshold_tokens
    assert_pairs_intact(view)
    assert view[-1] is messages[-1] or view[-1] == micro_compact(messages)[-1]


def test_force_compact_with_instructions_fills_the_audit_fields():
    fake, mgr = _compacting(budget=100_000, keep_recent_tokens=300)
    messages = [SYSTEM, *chat(4, size=100)]
    messages[2] = assistant("", [tool_call("c0", "edit_file", {"path": "src/m0.py"})])
    view = run(mgr.force_compact(messages, instructions="remember the API names"))
    info = mgr.pending_compaction
    assert fake.calls == 1 and info.instructions == "remember the API names"
    assert fake.requests[0][1].content.endswith("remember the API names")
    assert info.modified_files == ["src/m0.py"] and "src/m0.py" not in info.read_files
    assert view[1].content.startswith(SUMMARY_HEADER)
    assert mgr.last_report.summarized


def test_force_compact_with_nothing_to_summarize_reports_why():
    fake, mgr = _compacting()
    view = run(mgr.force_compact([SYSTEM, user("hi")]))
    assert view == [SYSTEM, user("hi")] and fake.calls == 0
    assert mgr.pending_compaction is None and mgr.last_report.summary_failed


def test_no_system_message_and_separate_summarizer():
    class Forbidden:
        async def chat(self, *a, **k):
            raise AssertionError("the chat model must not summarize when a summarizer is set")

    fake = FakeSummarizer()
    mgr = ContextManager(4_000, Forbidden(), summarizer=fake)
    messages = []
    view = grow(mgr, messages)
    assert fake.calls == 1 and view[0].content.startswith(SUMMARY_HEADER)
    assert messages[mgr.covered_count].role == "user"


def test_record_usage_anchors_on_the_returned_view():
    mgr = ContextManager(100_000, FakeSummarizer())
    view = run(mgr.prepare([SYSTEM, *chat(2)]))
    text = json.dumps([m.model_dump() for m in view], ensure_ascii=False)
    chars = len(text)
    # before any usage: the character-class estimate of the view (issue 8; was chars/4)
    first = script_ratio(weighted_tokens(text), chars)
    assert mgr.ratio == pytest.approx(first, rel=1e-3)
    for ignored in (None, {}, {"prompt_tokens": 0}, {"prompt_tokens": None}, {"x": 1}):
        mgr.record_usage(ignored)
        assert mgr.ratio == pytest.approx(first, rel=1e-3)
    mgr.record_usage({"prompt_tokens": 900, "completion_tokens": 5})
    assert mgr.ratio == pytest.approx(900 / chars)
    run(mgr.prepare([SYSTEM, *chat(2)]))
    assert mgr.last_view_tokens == int(chars * 900 / chars)
    mgr.record_usage({"prompt_tokens": 10**9})
    assert mgr.ratio <= 4.0
    mgr.reset()
    assert mgr.summary is None and mgr.last_report is None and mgr.ratio <= 4.0


def test_script_aware_starting_ratio():
    mgr = ContextManager(100_000, FakeSummarizer())
    run(mgr.prepare([SYSTEM, user("上下文管理是这个项目的核心。" * 200)]))
    assert mgr.ratio > 0.6
    run(mgr.prepare([SYSTEM, user("plain english words " * 200)]))
    assert 0.15 < mgr.ratio < 0.25  # English words: ~0.2 token per char, not chars/4


def test_constructor_validates():
    with pytest.raises(ValueError):
        ContextManager(0, FakeSummarizer())
    with pytest.raises(ValueError):
        ContextManager(1000, FakeSummarizer(), threshold=1.5)
    mgr = ContextManager(8000, FakeSummarizer())
    assert (mgr.keep_recent_tokens, mgr.threshold, mgr.budget) == (2000, 0.8, 8000)


@pytest.mark.parametrize("budget", [1_000, 1_500, 2_000, 2_500, 3_000, 4_000, 8_000, 32_000])
def test_a_compaction_leaves_room_for_turns_under_a_small_budget(budget):
    """A turn is ~300 tokens at any budget: the default tail (budget // 4 from ~3.2k up) and
    the summary's allowance shrink under a small budget so a compaction leaves at least
    HEADROOM_TOKENS free where the view allows it, and they never drop below their floors."""
    mgr = ContextManager(budget, FakeSummarizer())
    view = mgr.view_limit
    landed = mgr.keep_recent_tokens + mgr.summary_allowance
    if budget >= 4_000:  # the usual shares: nothing changes there
        assert mgr.keep_recent_tokens == budget // 4 and mgr.summary_allowance == view // 4
    else:
        assert view - landed >= min(HEADROOM_TOKENS, view // 2)  # 2k before: 700 of 800
    assert mgr.keep_recent_tokens >= view // 10
    assert mgr.summary_allowance >= min(2 * MIN_ALLOWANCE, view // 4)
    explicit = ContextManager(budget, FakeSummarizer(), keep_recent_tokens=budget // 4)
    assert explicit.keep_recent_tokens == budget // 4  # a setting is kept as set


def test_summary_input_names_offloaded_files(tmp_path):
    fake = FakeSummarizer()
    mgr = ContextManager(4_000, fake, results_dir=tmp_path)
    messages = [SYSTEM, *chat(1)]
    messages[3] = tool_result("c0", "read_file", "huge file body " * 3000)
    view = grow(mgr, messages, start=1)
    [saved] = list(tmp_path.iterdir())
    assert str(saved) in fake.requests[0][1].content
    assert "huge file body " * 200 not in fake.requests[0][1].content
    assert_pairs_intact(view)


def test_an_oversized_summary_is_condensed_once_then_trimmed_never_a_bigger_view():
    """Issue 8: an answer over the allowance no longer jams compaction (it used to fail)."""
    fake = FakeSummarizer(summary_chars=10_000)  # it never shortens, condense or not
    mgr = ContextManager(4_000, fake)
    messages = [SYSTEM]
    for k in range(40):
        messages += chat(1, start=k)
        view = run(mgr.prepare(messages))
        info = mgr.pending_compaction
        if info is None:
            assert not mgr.last_report.summary_failed
            continue
        assert info.condensed and info.summarizer_calls == 2 and info.omitted_items >= 1
        assert fake.requests[-1][1].content.startswith("Condense this context summary")
        assert "keep paths, identifiers, errors and decisions verbatim" in (
            fake.requests[-1][1].content.lower()
        )
        assert info.summary_tokens == mgr._message_tokens([view[1]])
        assert info.summary_tokens <= info.summary_allowance == mgr.summary_allowance
        assert "older items left out" in info.summary and "full history is in the session" in (
            info.summary
        )
        assert "x" * 1_000 not in info.summary
        assert info.tokens_after <= mgr.threshold_tokens
        return
    raise AssertionError("no summary was attempted")


def test_preview_matches_prepare_without_side_effects():
    fake, mgr = _compacting()
    messages = [SYSTEM]
    grow(mgr, messages)
    messages += chat(1, start=99)
    report = mgr.last_report
    view, tokens = mgr.preview(messages)
    assert mgr.last_report is report and fake.calls == 1
    assert view == run(mgr.prepare(messages)) and tokens == mgr.last_view_tokens


def test_the_manager_is_composed_not_mixed_in():
    """Issue 19: the cache, the calibration, the pins, the views and the compactor are objects
    the manager owns and passes what they use; no mixin shares its private state."""
    assert ContextManager.__mro__ == (ContextManager, object)
    mgr = ContextManager(8_000, FakeSummarizer())
    parts = {type(v).__name__ for v in vars(mgr).values()}
    assert {"SummaryCache", "UsageCalibration", "PinsAndNotes", "ViewBuilder", "Compactor"} <= parts
