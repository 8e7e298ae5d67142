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

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pi_desktop.context import ContextManager, Message
from pi_desktop.context.offload import MARKER_MIN_SAVING
from tests.context.strategies import FakeSummarizer, assistant, tool_call, tool_result, user
from tests.context.tokenizer_model import TokenizerModel, request_tokens

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
def test_a_step_never_takes_more_than_its_share_whatever_its_sizes(tmp_path, budget, sizes):
    """Monotonic in size: however large a step's results grow, the step in the view stays
    within ``step_share_tokens`` (small results stay verbatim, the largest go first)."""
    calls = [tool_call(f"p{j}", "read_file", {"path": f"f{j}"}) for j in range(len(sizes))]
    results = [
        tool_result(c["id"], "read_file", (PROSE * (n // len(PROSE) + 1))[:n])
        for c, n in zip(calls, sizes, strict=True)
    ]
    messages = [SYSTEM, user("read"), assistant("", calls), *results]
    mgr = ContextManager(budget, FakeSummarizer(), results_dir=tmp_path / f"{budget}-{len(sizes)}")
    view = asyncio.run(mgr.prepare(messages))
    step = view[3 : 3 + len(sizes)]
    assert [m.tool_call_id for m in step] == [c["id"] for c in calls]
    offloaded = {o.tool_call_id for o in mgr.last_report.offloaded}
    kept = [n for c, n in zip(calls, sizes, strict=True) if c["id"] not in offloaded]
    gone = [n for c, n in zip(calls, sizes, strict=True) if c["id"] in offloaded]
    if mgr._message_tokens(step) > mgr.step_share_tokens + 2 * len(sizes):
        # over the share only when no result left is worth a file (its marker saves nothing)
        least = mgr.preview_chars_for(len(sizes)) + MARKER_MIN_SAVING
        assert max(kept, default=0) <= least
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
