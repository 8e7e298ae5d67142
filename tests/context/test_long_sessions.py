"""Issue 8, point by point, as properties (the end-to-end soak is ``test_soak.py``)."""

import asyncio
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_desktop.context import ContextManager, Message, TurnTooLarge
from pi_desktop.context.files import MAX_LISTED
from pi_desktop.context.summarizer import (
    _CONTINUED,
    _CONTINUES,
    SummaryLimits,
    summarize_texts,
)
from pi_desktop.context.summary import (
    REQUIRED_SECTIONS,
    SECTION_HEADINGS,
    ensure_sections,
    extract_summary,
    summary_problem,
)
from pi_desktop.context.summary_trim import (
    omitted_count,
    summary_allowance,
    summary_target,
    trim_summary,
)
from pi_desktop.context.tokens import estimate_tokens
from tests.context.test_manager_properties import CHECKS, agent_points, script_tokens
from tests.kit.messages import FakeResponse, assistant, tool_call, tool_result, user
from tests.kit.strategies import assert_pairs_intact, conversations
from tests.kit.summary_doubles import FakeSummarizer

SYSTEM = Message(role="system", content="You are a careful agent.")


def run(coro):
    return asyncio.run(coro)


def sent_text(fake):
    return "\n".join(r[-1].content for r in fake.requests)


# ---------------------------------------------------------------- 1. nothing leaves unread


@settings(max_examples=40, deadline=None, suppress_health_check=CHECKS)
@given(conversations(min_turns=4, max_turns=14), st.integers(10, 24))
def test_what_l1_would_drop_is_summarized_first(tmp_path, messages, max_messages):
    fake = FakeSummarizer()
    mgr = ContextManager(10**6, fake, results_dir=tmp_path)  # L1 alone decides *when*
    mgr.max_messages = max_messages
    assert mgr.snip_policy == "summarize"
    for end in agent_points(messages):
        prefix = messages[:end]
        view = run(mgr.prepare(prefix))
        report, info = mgr.last_report, mgr.pending_compaction
        assert_pairs_intact(view)
        assert report.summary_failed is None
        assert not report.snipped and len(view) <= max_messages
        assert set(report.hidden) == set(range(1, report.covered_count))
        if report.cache_used:  # the view is system + summary + every uncovered message
            assert len(view) == 2 + len(prefix) - report.covered_count
        if info is not None and prefix[-1].role != "tool":
            assert len(info.retained_tail) <= max_messages // 2
        # each user message is in the view verbatim or was sent to the summarizer
        seen = "\n".join(m.content for m in view)
        for m in prefix:
            if m.role == "user":
                marker = m.content.split(":")[0] + ":"
                assert marker in seen or marker in sent_text(fake)


def test_the_drop_policy_is_the_seeds_l1_and_is_reported():
    messages = [SYSTEM]
    for k in range(40):
        messages += [user(f"#q{k}"), assistant(f"#a{k}")]
    fake = FakeSummarizer()
    # the seed's fixed 50 messages is an explicit policy (the default cap follows the budget)
    mgr = ContextManager(10**6, fake, snip_policy="drop-50")
    view = run(mgr.prepare(messages))
    snipped = mgr.last_report.snipped
    assert fake.calls == 0 and len(view) == 50 and len(view) - 1 + len(snipped) == 81
    assert mgr.last_report.snip_policy == "drop"
    summarizing = ContextManager(10**6, fake, snip_policy="summarize-50")
    view = run(summarizing.prepare(messages))
    info = summarizing.pending_compaction
    assert fake.calls == 1 and info is not None and not summarizing.last_report.snipped
    assert len(info.retained_tail) <= 25 and len(view) == 2 + len(info.retained_tail)
    assert "#q0" in sent_text(fake) and "#a27" in sent_text(fake)
    with pytest.raises(ValueError, match="snip_policy"):
        ContextManager(1_000, fake, snip_policy="forget")


# ---------------------------------------------------------------- 2. bounded summaries

SECTION_ORDER = list(REQUIRED_SECTIONS)


@st.composite
def structured_summaries(draw):
    """Six-section bodies with random items (some multi-line) per heading."""
    lines = []
    for heading in SECTION_ORDER:
        lines.append(heading)
        for j in range(draw(st.integers(0, 12))):
            lines.append(f"- {heading[3:7].strip()} item {j} " + "w" * draw(st.integers(0, 80)))
            if draw(st.integers(0, 5)) == 0:
                lines.append("  continued detail")
    return "\n".join(lines)


def items_of(body):
    return [line for line in body.splitlines() if line.startswith("- ")]


@settings(max_examples=150, deadline=None)
@given(structured_summaries(), st.integers(100, 3_000), st.integers(0, 3))
def test_trim_drops_the_oldest_progress_first_keeps_headings_and_states_it(body, size, earlier):
    if earlier:
        body = body.replace(
            "### Done", f"### Done\n- [{earlier} older items left out to keep it short]", 1
        )

    def fits(b):
        return len(b) <= size

    out, dropped = trim_summary(body, fits)
    headings = [line for line in body.splitlines() if line.startswith("#")]
    assert [line for line in out.splitlines() if line.startswith("#")] == headings
    if fits(body):
        assert (out, dropped) == (body, 0)
        return
    before = [i for i in items_of(body) if "left out" not in i]
    after = [i for i in items_of(out) if "left out" not in i]
    if not before:  # headings alone do not fit: nothing to drop, the caller decides
        assert dropped == 0 and not fits(out)
        return
    assert len(before) - len(after) == dropped > 0
    assert omitted_count(out) == earlier + dropped
    assert "the full history is in the session" in out
    done = [i for i in before if i.startswith("- Done")]
    kept_done = [i for i in after if i.startswith("- Done")]
    assert kept_done == done[len(done) - len(kept_done) :]  # the oldest Done items went
    if len(kept_done) > 0:  # then nothing else was touched
        assert [i for i in after if not i.startswith("- Done")] == [
            i for i in before if not i.startswith("- Done")
        ]
    if not fits(out):
        assert after == []  # only when every item had to go


@settings(max_examples=25, deadline=None, suppress_health_check=CHECKS)
@given(
    conversations(min_turns=6, max_turns=12),
    st.integers(3_000, 16_000),
    st.integers(2_000, 40_000),
)
def test_a_never_shortening_summary_is_held_to_its_allowance(tmp_path, messages, budget, pad):
    fake = FakeSummarizer(summary_chars=pad)
    mgr = ContextManager(budget, fake, results_dir=tmp_path)
    for end in agent_points(messages):
        calls = len(fake.requests)
        earlier = omitted_count(mgr.summary or "")
        view = run(mgr.prepare(messages[:end]))
        info = mgr.pending_compaction
        for request in fake.requests[calls:]:
            assert script_tokens(request) <= mgr.threshold_tokens
            if not request[1].content.startswith("Condense"):
                target = re.search(r"under about ([\d,]+) tokens", request[1].content)
                assert target and int(target[1].replace(",", "")) <= mgr.summary_target
        if info is None:
            continue
        assert info.summary_allowance == mgr.summary_allowance == summary_allowance(mgr.view_limit)
        # measured on its own (its script mix, not the view's)
        assert info.summary_tokens == script_tokens([view[1]]) or script_tokens([view[1]]) == 0
        assert info.summary_tokens <= info.summary_allowance
        report = mgr.last_report
        assert (report.summary_tokens, report.summary_allowance) == (
            info.summary_tokens,
            info.summary_allowance,
        )
        assert all(h in info.summary.splitlines() for h in REQUIRED_SECTIONS)
        # the summary states this compaction's omissions and, although this summarizer
        # rewrites the summary and drops the line, the earlier ones (issue 16:
        # carry_omissions; it used to state only this compaction's)
        stated = omitted_count(info.summary)
        assert info.omitted_items <= stated <= earlier + info.omitted_items


def test_the_allowance_follows_a_budget_lowered_at_run_time():
    fake = FakeSummarizer(summary_chars=30_000)
    mgr = ContextManager(32_000, fake)
    assert mgr.summary_allowance == 6_400 and mgr.summary_target == 5_120
    mgr.budget = 8_000  # the agent learned the model's real window
    assert mgr.summary_allowance == 1_600 and mgr.summary_target == summary_target(1_600)
    assert mgr.keep_recent_tokens == 2_000 and mgr.view_limit == 6_400
    messages = [SYSTEM]
    for k in range(30):
        messages += [user(f"#q{k} " + "q" * 800), assistant(f"#a{k} " + "a" * 800)]
    view = run(mgr.prepare(messages))
    info = mgr.pending_compaction
    assert info is not None and info.summary_allowance == 1_600
    assert info.summary_tokens <= 1_600 and info.tokens_after <= mgr.threshold_tokens
    assert "under about 1,2" in fake.requests[0][1].content  # the target, stated as a number
    assert_pairs_intact(view)


# ---------------------------------------------------------------- 3. bounded file lists


def block_lines(summary, tag):
    match = re.search(rf"<{tag}>\n(.*?)\n</{tag}>", summary, re.DOTALL)
    return match[1].splitlines() if match else []


@settings(max_examples=25, deadline=None, suppress_health_check=CHECKS)
@given(st.integers(5, 40), st.integers(1, 12), st.integers(0, 10_000))
def test_file_lists_are_newest_first_capped_and_complete_in_the_info(turns, per_turn, seed):
    messages = [SYSTEM]
    order: list[tuple[str, str]] = []  # (kind, path) as they happen
    for k in range(turns):
        calls = []
        for j in range(per_turn):
            kind = "edit_file" if (k * 7 + j + seed) % 5 == 0 else "read_file"
            path = f"src/p{(k * per_turn + j + seed) % (turns * 3)}/file_{j}.py"
            calls.append(tool_call(f"c{k}_{j}", kind, {"path": path}))
            order.append((kind, path))
        messages += [user(f"#t{k}"), assistant("", calls)]
        messages += [tool_result(c["id"], c["function"]["name"], "ok") for c in calls]
        messages += [assistant(f"done {k}")]
    messages += [user("#last")]
    fake = FakeSummarizer()
    mgr = ContextManager(8_000, fake, keep_recent_tokens=10)
    run(mgr.force_compact(messages))
    info = mgr.pending_compaction
    assert info is not None and info.covered_count == len(messages) - 1
    modified = {p for kind, p in order if kind == "edit_file"}
    read = {p for kind, p in order if kind == "read_file"} - modified
    assert (info.read_files, info.modified_files) == (sorted(read), sorted(modified))
    for tag, kind, full in (
        ("read-files", "read_file", read),
        ("modified-files", "edit_file", modified),
    ):  # newest first by the latest call of that kind
        lines = block_lines(info.summary, tag)
        expected = [p for p in dict.fromkeys(p for k, p in reversed(order) if k == kind)]
        expected = [p for p in expected if p in full]
        if not expected:
            assert lines == []
            continue
        shown = [line for line in lines if not line.startswith("… and ")]
        assert len(shown) <= MAX_LISTED and shown == expected[: len(shown)]
        if len(shown) < len(expected):
            assert lines[-1] == f"… and {len(expected) - len(shown)} more"
    assert info.summary_tokens <= info.summary_allowance


def test_a_restored_cache_rederives_the_full_lists_from_the_history():
    messages = [SYSTEM]
    for k in range(40):
        call = tool_call(f"c{k}", "read_file", {"path": f"src/m{k}.py"})
        messages += [user(f"#t{k}"), assistant("", [call])]
        messages += [tool_result(f"c{k}", "read_file", "ok"), assistant(f"a{k}")]
    mgr = ContextManager(8_000, FakeSummarizer(), keep_recent_tokens=10)
    run(mgr.force_compact(messages[:81]))
    first = mgr.pending_compaction

    def expected(covered):  # turn k's call is message 4k + 2
        return [f"src/m{k}.py" for k in range(40) if 4 * k + 2 < covered]

    assert first.read_files == sorted(expected(first.covered_count))
    assert len(first.read_files) < 25 and "… and" not in first.summary
    restored = ContextManager(8_000, FakeSummarizer(), keep_recent_tokens=10)
    restored.restore_cache(first.summary, first.covered_count, first.retained_tail)
    run(restored.force_compact(messages))
    second = restored.pending_compaction
    full = expected(second.covered_count)
    assert second.read_files == sorted(full) and len(full) > 25
    assert block_lines(second.summary, "read-files")[:26] == [
        *reversed(full[-25:]),
        f"… and {len(full) - 25} more",
    ]


# ---------------------------------------------------------------- 4. junk is not a summary

REFUSALS = ["I'm sorry, but I can't help", "I cannot do that", "Sorry, as an AI", "I won't"]


@st.composite
def junk_replies(draw):
    """What is not a summary (issue 16): a refusal, a continuation of the chat, a chat reply
    that carries on with the work. (A terse answer with one or two sections, which this list
    held before, is a summary now: see ``test_a_terse_or_partial_answer_is_completed``.)"""
    kind = draw(st.sampled_from(["refusal", "continuation", "prose", "empty"]))
    headings = draw(st.lists(st.sampled_from(SECTION_HEADINGS), unique=True, max_size=6))
    body = "\n".join(f"{h}\n- x" for h in headings)
    if kind == "refusal":
        return draw(st.sampled_from(REFUSALS)) + " with that.\n" + body
    if kind == "continuation":
        return "[Assistant]: Sure, here is the fix you asked for.\n" + body
    if kind == "prose":
        return "Sure! Let me continue with the refactor. " * 10 + "\n" + body
    return draw(st.sampled_from(["", "   ", "<analysis>only a draft</analysis>", "## Goal"]))


class Scripted:
    """A summarizer that answers every request with one fixed reply."""

    def __init__(self, content: str) -> None:
        self.content = content
        self.calls = 0

    async def chat(self, messages, tools=None, on_delta=None):
        self.calls += 1
        return FakeResponse(Message(role="assistant", content=self.content))


@settings(max_examples=60, deadline=None)
@given(junk_replies())
def test_junk_climbs_the_ladder_and_never_jams(reply):
    """Was "junk is a failed summary and changes nothing", which left every later turn over
    the budget (issue 16): junk gets one repair request, then the extractive summary."""
    assert summary_problem(extract_summary(reply)) is not None
    messages = [SYSTEM]
    for k in range(12):
        messages += [user(f"#q{k} " + "q" * 400), assistant(f"#a{k} " + "a" * 400)]
    fake = Scripted(reply)
    mgr = ContextManager(2_000, fake)
    view = run(mgr.prepare(messages))
    info = mgr.pending_compaction
    assert fake.calls == 2  # the answer and one repair request
    assert info is not None and info.rung == "extractive" and info.fallback_reason
    assert view[0] is SYSTEM and view[1].content.startswith("[Context summary")
    assert estimate_tokens(view, mgr.ratio) <= mgr.threshold_tokens
    # the user's newest covered words are in the summary verbatim
    covered = [m for m in messages[1 : info.covered_count] if m.role == "user"]
    assert covered[-1].content[:40] in info.summary
    fake.calls = 0
    messages += [user("#q12 " + "q" * 400)]
    run(mgr.prepare(messages))
    assert fake.calls == 0  # the cache path: no request the next turn


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.sampled_from(SECTION_HEADINGS), unique=True, min_size=1, max_size=6),
    st.sampled_from(["", "Here is the summary:\n"]),
)
def test_a_terse_or_partial_answer_is_completed(headings, preamble):
    answer = preamble + "\n".join(f"{h}\n- kept" for h in headings)
    assert summary_problem(answer) is None
    completed = ensure_sections(answer)
    assert all(h in completed.splitlines() for h in REQUIRED_SECTIONS)
    assert completed.count("- kept") == len(headings)
    assert "Here is the summary" not in completed


def test_a_two_section_summary_is_completed_not_refused():
    """Was "ensure_sections does not invent a summary" (it raised on 2 of the 6 sections)."""
    completed = ensure_sections("## Goal\nship\n## Next Steps\n- go")
    assert completed.startswith("## Goal\nship\n")
    assert "## Next Steps\n- go" in completed and completed.count("(none reported)") == 6


# ---------------------------------------------------------------- 5. split, never cut


@settings(max_examples=40, deadline=None)
@given(
    st.integers(200, 6_000),
    st.integers(0, 3),
    st.integers(1_000, 3_000),
    st.sampled_from(["\n", " ", ""]),
)
def test_a_message_larger_than_a_chunk_is_split_in_order(facts, before, limit, sep):
    big = "[User]: " + sep.join(f"<{i}>" for i in range(facts))
    texts = [f"[User]: #b{j}" for j in range(before)] + [big, "[User]: #after"]
    fake = FakeSummarizer()
    result = run(summarize_texts(fake, texts, None, None, limit=limit, count=estimate_tokens))
    assert result.calls == fake.calls
    assert all(estimate_tokens(r) <= limit for r in fake.requests)
    parts = [r[1].content.split("\nConversation:\n", 1)[1] for r in fake.requests]
    joined = "".join(parts).replace(_CONTINUES, "").replace(_CONTINUED, "")
    assert big in joined  # every piece, once, in order: the pieces join back to the text
    assert len(parts) > 1 or big in parts[0]
    assert all(joined.index(f"#b{j}") < joined.index("<0>") for j in range(before))
    assert joined.index(f"<{facts - 1}>") < joined.index("#after")


# ---------------------------------------------------------------- 6. no useless compactions


def test_a_compaction_that_saves_nothing_is_not_committed():
    """The issue's "1.7k → 1.7k": the newest turn fills the view; summarizing the rest does
    not help, so nothing is written and the floor stays."""
    messages = [SYSTEM, user("#q0 short"), assistant("#a0 short"), user("#q1 " + "u" * 200)]
    messages += [assistant("", [tool_call("b", "bash", {})])]
    # under L3's 3,000-char floor; lines, not "ooo…" (a run of one letter is ~0.2 token/char)
    messages += [tool_result("b", "bash", "output line\n" * 240)]
    fake = FakeSummarizer()
    mgr = ContextManager(1_000, fake)
    view = run(mgr.prepare(messages))
    report = mgr.last_report
    assert fake.calls >= 1 and mgr.pending_compaction is None
    assert mgr.summary is None and mgr.covered_count == 0
    assert "would not help" in report.summary_failed and view == messages


@settings(max_examples=60, deadline=None, suppress_health_check=CHECKS)
@given(
    st.integers(1_000, 40_000),
    st.integers(0, 200_000),
    st.integers(0, 4_000),
    st.floats(0.0, 0.3),
    st.sampled_from(["plain ", "上下文", "🚀 "]),
)
def test_check_turn_refuses_exactly_what_cannot_fit(budget, size, system_size, share, script):
    system = Message(role="system", content="s" * system_size)
    history = [user("#q0 hello"), assistant("#a0 hi")]
    new = user((script * (size // len(script) + 1))[:size])
    reserved = int(budget * 0.8 * share)
    fake = FakeSummarizer()
    mgr = ContextManager(budget, fake, reserved_tokens=reserved)
    fits = script_tokens([system, new]) <= mgr.view_limit
    try:
        mgr.check_turn([system, *history, new])
    except TurnTooLarge as exc:
        assert not fits
        assert exc.limit_tokens == mgr.view_limit and exc.budget == budget
        assert exc.message_tokens == script_tokens([new])
        assert f"{exc.message_tokens:,}" in str(exc) and f"{budget:,}" in str(exc)
        assert "Shorten it, or save it as a file in the workspace" in str(exc)
        with pytest.raises(TurnTooLarge):  # prepare refuses too, before any call
            run(mgr.prepare([system, *history, new]))
    else:
        assert fits
    assert fake.calls == 0 and mgr.summary is None and mgr.pending_compaction is None


def test_prepare_refuses_an_oversized_stored_turn_before_any_summarizer_call():
    """A budget lowered at run time can make a stored turn too large: no call, no state."""
    fake = FakeSummarizer()
    mgr = ContextManager(32_000, fake)
    messages = [SYSTEM]
    for k in range(20):
        messages += [user(f"#q{k} " + "q" * 2_000), assistant(f"#a{k} " + "a" * 2_000)]
    run(mgr.prepare(messages))
    messages += [user("#big " + "b" * 40_000)]
    run(mgr.prepare(messages))
    state = (mgr.summary, mgr.covered_count, fake.calls)
    mgr.budget = 8_000
    with pytest.raises(TurnTooLarge) as raised:
        run(mgr.prepare(messages))
    assert (mgr.summary, mgr.covered_count, fake.calls) == state
    assert raised.value.limit_tokens == 6_400 and raised.value.budget == 8_000


def test_failed_summaries_keep_the_limits_honest():
    limits = SummaryLimits(100, lambda body: len(body) // 4)
    assert limits.target == 80 and limits.fits("x" * 400) and not limits.fits("x" * 404)
    result = run(
        summarize_texts(
            Scripted("I'm sorry, but I can't help with that."),
            ["[User]: hi"],
            None,
            None,
            limit=5_000,
            count=estimate_tokens,
            limits=limits,
        )
    )
    # was: raises SummaryFailed("refus…"); now the extractive rung, held to the same limits
    assert result.rung == "extractive" and "refus" in result.reason
    assert limits.fits(result.body)


def test_a_summary_quoting_the_transcript_inside_a_section_is_still_a_summary():
    quoted = "\n".join(f"{h}\n- x" for h in SECTION_HEADINGS[:4])
    quoted += "\n## Critical Context\n[User]: the exact error was E1234"
    assert summary_problem(quoted) is None
    assert summary_problem("[User]: next question\n" + quoted) is not None
    assert summary_problem("   ") and "empty" in summary_problem("")


class CondenseTrouble(FakeSummarizer):
    """Summarizes like FakeSummarizer (padded), but a condense request fails or is junk."""

    def __init__(self, mode: str) -> None:
        super().__init__(summary_chars=20_000)
        self.mode = mode

    async def chat(self, messages, tools=None, on_delta=None):
        if messages[-1].content.startswith("Condense"):
            self.requests.append(list(messages))
            if self.mode == "raise":
                raise ConnectionError("condense failed")
            return FakeResponse(Message(role="assistant", content="I'm sorry, I can't."))
        return await super().chat(messages, tools, on_delta)


@pytest.mark.parametrize("mode", ["raise", "junk"])
def test_a_failed_condense_falls_back_to_the_trim(mode):
    fake = CondenseTrouble(mode)
    mgr = ContextManager(8_000, fake)
    messages = [SYSTEM]
    for k in range(30):
        messages += [user(f"#q{k} " + "q" * 800), assistant(f"#a{k} " + "a" * 800)]
    run(mgr.prepare(messages))
    info = mgr.pending_compaction
    assert info is not None and info.condensed and info.summarizer_calls == fake.calls
    assert info.summary_tokens <= info.summary_allowance
    assert "left out" in info.summary and "x" * 1_000 not in info.summary
