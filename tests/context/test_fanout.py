"""Issue 16 (3): the results of one step are budgeted together.

Parallel tool calls answer in one step; the newest step cannot be summarized, so L3 must make
the step fit: the largest results go to files first until it does, and the per-result floor
follows the budget. Measured with a model double that counts o200k tokens and refuses a
request over its window (``tokenizer_model``), at windows 2k / 4k / 8k, with 2, 6 and 12
parallel results of 3,000, 6,000-12,000 and 40,000 chars.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import tempfile

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pi_desktop.context import ContextManager, Message
from pi_desktop.context.offload import MARKER_MIN_SAVING
from tests.kit.messages import assistant, tool_call, tool_result, user
from tests.kit.summary_doubles import FakeSummarizer
from tests.kit.tokenizer_model import TokenizerModel, request_tokens

SYSTEM = Message(role="system", content="You are a careful coding agent. Be concise.")
CODE = (
    "def handle(request: Request) -> Response:\n"
    "    if not request.user.is_authenticated:\n"
    "        return redirect('/login?next=' + quote(request.path))\n"
    "    items = [serialize(i) for i in Item.objects.filter(owner=request.user)]\n"
    "    return JsonResponse({'items': items, 'count': len(items)})\n\n"
)
PROSE = (
    "The parser reads the file line by line and reports every error with its line number; "
    "the retry policy backs off exponentially and gives up after five attempts. "
)
SIZES = {"3k": (3_000, 3_000), "6-12k": (6_000, 12_000), "40k": (40_000, 40_000)}


def _content(rng: random.Random, lo: int, hi: int) -> str:
    n = rng.randint(lo, hi)
    base = rng.choice([CODE, PROSE, CODE + PROSE])
    return (base * (n // len(base) + 1))[:n]


def fanout_step(k: int, count: int, size: str, rng: random.Random) -> list[Message]:
    """One step: an assistant message with ``count`` parallel calls and their results."""
    calls = [
        tool_call(f"call_{k}_{j}", "read_file", {"path": f"src/pkg{k}/module_{j}.py"})
        for j in range(count)
    ]
    results = [tool_result(c["id"], "read_file", _content(rng, *SIZES[size])) for c in calls]
    return [assistant("Reading the modules.", calls), *results]


async def run_fanout(window: int, count: int, size: str, results_dir, rounds: int = 3):
    """``rounds`` turns, each a fan-out step then an answer; returns (model, manager)."""
    rng = random.Random(window + count)
    model = TokenizerModel(window)
    mgr = ContextManager(window, model, results_dir=results_dir, summarizer=FakeSummarizer())
    messages = [SYSTEM]
    for k in range(rounds):
        messages.append(user(f"Turn {k}: read the modules of package {k} and summarise them."))
        view = await mgr.prepare(messages)
        response = await model.chat(view)
        mgr.record_usage(response.usage)
        messages += fanout_step(k, count, size, rng)
        view = await mgr.prepare(messages)
        response = await model.chat(view)  # raises WindowOverflow over the window
        mgr.record_usage(response.usage)
        messages.append(response.message)
    return model, mgr


CASES = [(w, n, s) for w in (2_000, 4_000, 8_000) for n in (2, 6, 12) for s in SIZES]


@pytest.mark.parametrize(("window", "count", "size"), CASES)
def test_every_fanout_fits_the_window(tmp_path, window, count, size):
    model, _ = asyncio.run(run_fanout(window, count, size, tmp_path))
    assert model.overflows == 0
    assert max(model.sizes) <= window


def test_the_largest_results_go_first_and_small_ones_stay(tmp_path):
    """A step over its share offloads its largest results, not the first or all of them."""
    calls = [tool_call(f"c{j}", "read_file", {"path": f"f{j}"}) for j in range(4)]
    sizes = [1_500, 9_000, 1_200, 7_000]
    results = [
        tool_result(c["id"], "read_file", (PROSE * 100)[:n])
        for c, n in zip(calls, sizes, strict=True)
    ]
    messages = [SYSTEM, user("read"), assistant("", calls), *results]
    mgr = ContextManager(8_000, FakeSummarizer(), results_dir=tmp_path)
    view = asyncio.run(mgr.prepare(messages))
    offloaded = {o.tool_call_id for o in mgr.last_report.offloaded}
    assert "c1" in offloaded  # the largest
    assert {"c0", "c2"}.isdisjoint(offloaded)  # the small ones stay verbatim
    assert view[3].content == results[0].content and view[5].content == results[2].content


def test_two_3000_char_results_fit_a_2k_window(tmp_path):
    """The per-result floor follows the budget (a fixed 3,000-char floor overflowed here)."""
    model, mgr = asyncio.run(run_fanout(2_000, 2, "3k", tmp_path, rounds=1))
    assert model.overflows == 0
    assert mgr.last_report.offloaded  # at least one went to a file


def test_bigger_results_never_fit_worse(tmp_path):
    """Monotonic in size: growing every result of a step never makes the request larger than
    the step's share allows (measured as the true request size staying within the window)."""
    rng = random.Random(5)
    worst = 0
    for n in range(1_000, 30_001, 2_900):
        calls = [tool_call(f"m{n}_{j}", "read_file", {"path": f"f{j}"}) for j in range(6)]
        results = [tool_result(c["id"], "read_file", _content(rng, n, n)) for c in calls]
        messages = [SYSTEM, user("read"), assistant("", calls), *results]
        mgr = ContextManager(4_000, FakeSummarizer(), results_dir=tmp_path / str(n))
        view = asyncio.run(mgr.prepare(messages))
        worst = max(worst, request_tokens(view))
        assert mgr.last_report.tokens <= mgr.threshold_tokens
    assert worst <= 4_000


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.sampled_from([2_000, 4_000, 8_000, 32_000, 128_000]),
    st.lists(st.integers(0, 60_000), min_size=1, max_size=12),
)
@example(2_000, [0, 372, 398, 631, 680, 692, 809])  # kept results whose markers save nothing
def test_a_step_never_takes_more_than_its_share_whatever_its_sizes(tmp_path, budget, sizes):
    """Monotonic in size: however large a step's results grow, the step in the view stays
    within ``step_share_tokens`` (small results stay verbatim, the largest go first)."""
    calls = [tool_call(f"p{j}", "read_file", {"path": f"f{j}"}) for j in range(len(sizes))]
    results = [
        tool_result(c["id"], "read_file", (PROSE * (n // len(PROSE) + 1))[:n])
        for c, n in zip(calls, sizes, strict=True)
    ]
    messages = [SYSTEM, user("read"), assistant("", calls), *results]
    # an empty folder per example, always the same path: a reused call id beside another
    # example's file gets a longer (content-addressed) name, so a longer marker, and a random
    # folder name changes every marker's estimate (the example would not replay)
    folder = tmp_path / f"{budget}-{len(sizes)}"
    shutil.rmtree(folder, ignore_errors=True)
    mgr = ContextManager(budget, FakeSummarizer(), results_dir=folder)
    view = asyncio.run(mgr.prepare(messages))
    step = view[3 : 3 + len(sizes)]
    assert [m.tool_call_id for m in step] == [c["id"] for c in calls]
    offloaded = {o.tool_call_id for o in mgr.last_report.offloaded}
    kept = [n for c, n in zip(calls, sizes, strict=True) if c["id"] not in offloaded]
    gone = [n for c, n in zip(calls, sizes, strict=True) if c["id"] in offloaded]
    if mgr._message_tokens(step) > mgr.step_share_tokens + 2 * len(sizes):
        # over the share only when no result left is worth a file (its marker saves nothing)
        # (a result past ``least`` stays when its marker — the folder's path twice, in the
        # line and the metadata — would cost as much as it)
        preview = mgr.preview_chars_for(len(sizes))
        least = preview + MARKER_MIN_SAVING
        for m in step:
            if m.tool_call_id not in offloaded and len(m.content) > least:
                marker = mgr._views.offload(m, preview)
                assert mgr._views.result_tokens(marker) >= mgr._views.result_tokens(m)
    assert not gone or not kept or min(gone) >= max(kept)  # the largest went first


def test_a_moving_anchor_leaves_the_offloaded_results_as_they_were(tmp_path):
    """The markers (which results, their previews) do not follow every small move of the
    usage anchor: each change would break the request prefix (prompt caching)."""
    rng = random.Random(3)
    messages = [SYSTEM, user("read them"), *fanout_step(0, 6, "6-12k", rng)]
    mgr = ContextManager(8_000, FakeSummarizer(), results_dir=tmp_path)
    first = asyncio.run(mgr.prepare(messages))
    assert mgr.last_report.offloaded
    for factor in (1.0, 1.04, 0.97, 1.08, 0.95):
        mgr.record_usage({"prompt_tokens": int(mgr.last_view_tokens * factor)})
        again = asyncio.run(mgr.prepare([*messages, assistant("noted")]))
        assert again[: len(first)] == first


def test_a_step_sent_stays_as_sent_when_the_anchor_crosses_a_rounding_step():
    """Sticky plans: L3 rounds the anchor's correction to powers of 1.25, and an anchor that
    settles near a boundary (0.89 for English prose in o200k) crossed it every few turns,
    putting a result sent as a marker back inline. Results that look smaller than when the
    step was planned keep the plan; results that look larger re-plan only if the step no
    longer fits its share. (Short folders, as a session's: the path is in every marker.)"""
    differ = 0
    for seed in range(12):  # ten results of 200-2,500 chars, as the soak's fan-outs
        rng = random.Random(seed)
        calls = [tool_call(f"c{j}", "read_file", {"path": f"src/m{j}.py"}) for j in range(10)]
        results = [tool_result(c["id"], "read_file", _content(rng, 200, 2500)) for c in calls]
        messages = [SYSTEM, user("read them"), assistant("reading", calls), *results]
        mgr = ContextManager(2_000, FakeSummarizer(), results_dir=tempfile.mkdtemp())
        first = asyncio.run(mgr.prepare(messages))
        offloaded = {o.tool_call_id for o in mgr.last_report.offloaded}
        assert offloaded and mgr.l3_correction == 1.0
        mgr.record_usage({"prompt_tokens": int(mgr.last_view_tokens * 0.75)})  # a step down
        assert mgr.l3_correction < 1.0
        later = [*messages, assistant("noted")]
        again = asyncio.run(mgr.prepare(later))
        assert again[: len(first)] == first
        assert {o.tool_call_id for o in mgr.last_report.offloaded} == offloaded
        # a fresh manager under the lower anchor decides on its own: the plan, not the
        # anchor alone, kept the view as sent
        fresh = ContextManager(2_000, FakeSummarizer(), results_dir=tempfile.mkdtemp())
        fresh.restore_usage_anchor(mgr.usage_anchor)
        asyncio.run(fresh.prepare(later))
        differ += len(fresh.last_report.offloaded) != len(offloaded)
    assert differ >= 3  # the anchor's step really changes decisions (the test can fail)


def test_summarizer_requests_are_never_sized_below_their_class_estimate():
    """The chat anchor's ratio (mostly message framing) undercounts a dense summarizer
    transcript; the summarizer's requests are sized at the class estimate at least."""
    mgr = ContextManager(2_000, FakeSummarizer())
    request = [Message(role="user", content="FACT-1-qzxwvk " * 200)]
    before = mgr._calibration.summarizer_request_tokens(request)
    assert before == mgr._request_tokens(request)  # no anchor: the class estimate
    asyncio.run(mgr.prepare([SYSTEM, user("hello " * 50)]))
    mgr.record_usage({"prompt_tokens": int(mgr.last_view_tokens * 0.7)})  # a lower anchor
    assert mgr._request_tokens(request) < before
    assert mgr._calibration.summarizer_request_tokens(request) == before
