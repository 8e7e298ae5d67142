"""Issue 16, point 2: a failed summary climbs a ladder and never jams the session.

Model summary → one short repair request → the extractive summary (no API call), marked as
such → never a request over the budget. The same when the summarizer errors. An input that
failed is not sent again unchanged; asking for a compaction ("Try the model's summary
again") offers it to the model once more.
"""

from __future__ import annotations

import asyncio
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_desktop.context import ContextManager, Message, estimate_tokens
from pi_desktop.context.extractive import Entry, extractive_summary, parse_transcript
from pi_desktop.context.normalize import HEADING_LINES, KEYS, section_items
from pi_desktop.context.summarizer import FailedInputs, summarize_texts
from pi_desktop.context.summary import ensure_sections, serialize_transcript
from pi_desktop.context.summary_trim import omitted_count
from tests.kit.messages import assistant, tool_call, tool_result, user
from tests.kit.soak import SYSTEM
from tests.kit.summary_doubles import JUNK_STYLES, REPAIR_START, StyledSummarizer

CANONICAL = [HEADING_LINES[k] for k in KEYS]


def _headings(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("#")]


def run(coro):
    return asyncio.run(coro)


def history(turns: int = 12, size: int = 400) -> list[Message]:
    messages = [SYSTEM]
    for k in range(turns):
        call = tool_call(f"c{k}", "read_file", {"path": f"src/m{k}.py"})
        messages += [
            user(f"#q{k} please look at m{k} " + "q" * size),
            assistant("", [call]),
            tool_result(f"c{k}", "read_file", f"#r{k} " + "r" * size),
            assistant(f"#a{k} done. I'll keep the API stable. " + "a" * size),
        ]
    return messages


class Down:
    """A summarizer that is down (every request raises, as after the retries ran out)."""

    def __init__(self, exc: Exception) -> None:
        self.exc = exc
        self.calls = 0

    async def chat(self, messages, tools=None, on_delta=None):
        self.calls += 1
        raise self.exc


@pytest.mark.parametrize("style", JUNK_STYLES)
def test_junk_then_a_good_repair_is_the_repaired_rung(style):
    fake = StyledSummarizer(style, repairs="chinese")
    mgr = ContextManager(4_000, fake)
    messages = history()
    run(mgr.prepare(messages))
    info = mgr.pending_compaction
    assert info is not None and info.rung == "repaired" and info.fallback_reason
    repairs = [r for r in fake.requests if r[-1].content.startswith(REPAIR_START)]
    assert len(repairs) >= 1 and fake.calls == 2 * len(repairs)  # one repair per answer
    limit = mgr.threshold_tokens
    assert all(mgr._request_tokens(r) <= limit for r in fake.requests)
    # the repair request is the same request plus a short instruction (and the answer)
    first = fake.requests[0]
    assert repairs[0][: len(first)] == first and len(repairs[0]) - len(first) <= 2
    assert "## Goal\n- 记住用户说明的事实" in info.summary


@pytest.mark.parametrize("style", JUNK_STYLES)
def test_junk_twice_is_the_extractive_rung_with_no_further_call(style):
    fake = StyledSummarizer(style)
    mgr = ContextManager(4_000, fake)
    messages = history()
    view = run(mgr.prepare(messages))
    info = mgr.pending_compaction
    assert info is not None and info.rung == "extractive"
    assert fake.calls == 2  # the answer and one repair; later chunks go extractive at once
    assert "again after a repair" in info.fallback_reason
    assert estimate_tokens(view, mgr.ratio) <= mgr.threshold_tokens
    covered = messages[1 : info.covered_count]
    # the extractive summary: tool calls made, decisions stated, the newest user words
    assert "Read `src/m0.py`" in info.summary or omitted_count(info.summary) > 0
    assert "I'll keep the API stable." in info.summary
    newest = [m.content for m in covered if m.role == "user"][-1]
    assert newest[:30] in info.summary
    assert "<read-files>" in info.summary  # the file lists, as every summary has them


@pytest.mark.parametrize(
    "exc",
    [ConnectionError("down"), TimeoutError("stalled"), RuntimeError("429 after retries")],
)
def test_an_erroring_summarizer_goes_extractive_without_a_repair(exc):
    down = Down(exc)
    mgr = ContextManager(4_000, down)
    run(mgr.prepare(history()))
    info = mgr.pending_compaction
    assert info is not None and info.rung == "extractive"
    assert down.calls == 1 and type(exc).__name__ in info.fallback_reason
    assert str(exc) not in info.fallback_reason or str(exc) in type(exc).__name__


def test_a_failed_input_is_not_resent_and_compact_now_tries_the_model_again():
    fake = StyledSummarizer("continuation")
    mgr = ContextManager(4_000, fake)
    messages = history()
    run(mgr.prepare(messages))
    assert mgr.pending_compaction.rung == "extractive" and fake.calls == 2
    mgr.reset()  # e.g. a rewind back to here: the same input would be summarized again
    run(mgr.prepare(messages))
    info = mgr.pending_compaction
    assert info.rung == "extractive" and fake.calls == 2  # not resent
    assert "failed before" in info.fallback_reason
    mgr.reset()
    run(mgr.force_compact(messages))  # the user's "Try the model's summary again"
    assert fake.calls == 4


def test_failed_inputs_are_bounded_and_keyed_by_content():
    failed = FailedInputs(size=2)
    a, b, c = ([Message(role="user", content=t)] for t in "abc")
    for request in (a, b, c):
        failed.add(request)
    assert a not in failed and b in failed and c in failed and len(failed) == 2
    assert [Message(role="user", content="b")] in failed  # equal content, another object
    failed.clear()
    assert b not in failed


def test_no_summarizer_request_is_ever_over_the_budget_at_a_tiny_budget():
    """At 1,000 tokens the previous summary can fill the summarizer's request: the ladder
    goes extractive rather than send more than the budget."""
    fake = StyledSummarizer("english", window=1_000)
    mgr = ContextManager(1_000, fake)
    messages = [SYSTEM]
    for k in range(60):
        messages += [user(f"#q{k} " + "q" * 300), assistant(f"#a{k} " + "a" * 300)]
        run(mgr.prepare(messages))
    assert fake.calls > 0 and max(fake.sizes) <= 1_000
    assert mgr.summary is not None


def test_the_extractive_summary_is_a_merge_not_a_rewrite():
    transcript = [
        user("Fix the login bug in auth.py. Never change the public API."),
        assistant(
            "I'll read the module first.", [tool_call("c1", "read_file", {"path": "auth.py"})]
        ),
        tool_result("c1", "read_file", "def login(): ..."),
        assistant("", [tool_call("c2", "run_command", {"command": "pytest"})]),
        tool_result("c2", "run_command", "Error: run_command is not enabled"),
        assistant("Decided to compare hashes instead. Next I will add a test."),
    ]
    first = extractive_summary(None, parse_transcript(serialize_transcript(transcript)))
    assert "- Fix the login bug in auth.py. Never change the public API." in first
    assert "Read `auth.py`" in first and "Ran `pytest` failed: Error" in first
    assert "Decided to compare hashes instead." in first
    later = [user("Now update the changelog; keep it short.")]
    second = extractive_summary(first, parse_transcript(serialize_transcript(later)))
    for kept in ("Fix the login bug", "Read `auth.py`", "Ran `pytest` failed", "compare hashes"):
        assert kept in second
    assert "Latest request: Now update the changelog" in second
    assert "Latest request: Fix" not in second
    assert second.count("## Goal") == 1


def test_the_newest_user_messages_are_kept_verbatim_within_their_share():
    users = [user(f"#u{k} " + "word " * 60) for k in range(30)]
    entries = parse_transcript(serialize_transcript(users))
    body = extractive_summary(None, entries, quote_fits=lambda text: len(text) <= 1_500)
    quoted = re.findall(r"^- User: (#u\d+)", body, re.M)
    assert quoted == [f"#u{k}" for k in range(30 - len(quoted), 30)] and 2 <= len(quoted) < 30
    assert omitted_count(body) >= 30 - len(quoted)  # the rest is stated as left out


def test_summarize_texts_reports_each_rung():
    texts = ["[User]: #q1 hello there, please keep the tests green"]
    good = run(summarize_texts(StyledSummarizer("bold"), texts, None, None, limit=5_000,
                               count=estimate_tokens))  # fmt: skip
    assert good.rung == "model" and good.reason is None and good.calls == 1
    fixed = run(summarize_texts(StyledSummarizer("refusal", repairs="colon"), texts, None, None,
                                limit=5_000, count=estimate_tokens))  # fmt: skip
    assert fixed.rung == "repaired" and "refus" in fixed.reason and fixed.calls == 2
    junk = run(summarize_texts(StyledSummarizer("empty"), texts, None, None, limit=5_000,
                               count=estimate_tokens))  # fmt: skip
    assert junk.rung == "extractive" and junk.calls == 2 and "#q1 hello there" in junk.body


_TEXT = st.text(
    alphabet=st.sampled_from("abcdefghij klmnop.,:#*-`/\n解析器接口。！I'll must next"),
    max_size=120,
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["user", "assistant", "call", "result"]), _TEXT), max_size=30
    ),
    st.lists(st.tuples(st.sampled_from(["user", "assistant"]), _TEXT), max_size=10),
)
def test_the_extractive_summary_is_canonical_and_an_update_keeps_the_goal(first, later):
    def entries(items):
        out = []
        for role, text in items:
            if role == "call":
                out.append(Entry("call", f'read_file({{"path": "{text[:20]}"}})'))
            else:
                out.append(Entry(role, text))
        return out

    body = extractive_summary(None, entries(first))
    assert _headings(body) == CANONICAL and ensure_sections(body) == body
    second = extractive_summary(body, entries(later))
    assert _headings(second) == CANONICAL and ensure_sections(second) == second
    goal = section_items(body)["Goal"]
    if goal and goal[0] != "(none reported)":
        assert section_items(second)["Goal"][0] == goal[0]  # the goal the first one set
    assert omitted_count(second) >= omitted_count(body)  # what went stays stated
