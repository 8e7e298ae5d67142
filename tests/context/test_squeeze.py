"""A fresh fan-out that would push the request over the threshold is admitted offloaded harder
instead of compacting for it (``context/squeeze.py``).

Without it the compaction that admits the step lands high (the newest turn is kept whole) and
the next request compacts again: two prefix breaks and two summaries per fan-out. Here: the
step goes in with more of its results in files and shorter previews, no summary runs, the
request extends the previous one, every result stays reachable through its file, and the
decision is sticky (later views hold the same markers). Below the floor — when even the
tightest markers do not fit — it still compacts.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pi_desktop.context import ContextManager, Message
from pi_desktop.context.offload import parse_marker
from pi_desktop.context.squeeze import TIGHT_PREVIEW_CHARS
from tests.kit.messages import assistant, tool_call, tool_result, user
from tests.kit.summary_doubles import FakeSummarizer
from tests.kit.tokenizer_model import TokenizerModel

SYSTEM = Message(role="system", content="You are a careful coding agent. Be concise.")
PROSE = (
    "The parser reads the file line by line and reports every error with its line number; "
    "the retry policy backs off exponentially and gives up after five attempts. "
)


def _text(n: int) -> str:
    return (PROSE * (n // len(PROSE) + 1))[:n]


def chat(turns: int) -> list[Message]:
    """``[system]`` + ``turns`` plain exchanges of ~200 tokens each."""
    out = [SYSTEM]
    for k in range(turns):
        out += [user(f"turn {k}: " + _text(400)), assistant(f"answer {k}: " + _text(400))]
    return out


def fanout(sizes: list[int], tag: str = "f") -> list[Message]:
    calls = [
        tool_call(f"{tag}{j}", "read_file", {"path": f"src/pkg/mod{j}.py"})
        for j in range(len(sizes))
    ]
    results = [
        tool_result(c["id"], "read_file", f"# module {j}\n" + _text(n))
        for j, (c, n) in enumerate(zip(calls, sizes, strict=True))
    ]
    return [assistant("reading the modules", calls), *results]


SIZES = [1_500, 2_500, 1_800, 2_200, 1_600, 2_400, 1_900, 2_100]
BUDGET = 4_000


def manager(tmp_path: Path, budget: int = BUDGET) -> tuple[ContextManager, FakeSummarizer]:
    summarizer = FakeSummarizer()
    mgr = ContextManager(budget, None, results_dir=tmp_path, summarizer=summarizer)
    return mgr, summarizer


def normal_tokens(tmp_path: Path, messages: list[Message]) -> int:
    """The view's estimate with the step at its usual share (a manager of its own)."""
    mgr, _ = manager(tmp_path / "normal")
    return mgr.preview(messages)[1]


def level_where(tmp_path: Path, admitted: bool) -> int:
    """Chat turns before the fan-out such that the step at its share is over the threshold
    and (``admitted``) the tightened step fits, or (not ``admitted``) it does not."""
    for turns in range(1, 40):
        head = [*chat(turns), user("read the modules of pkg")]
        over = normal_tokens(tmp_path, [*head, *fanout(SIZES)])
        if over <= int(BUDGET * 0.8):
            continue
        mgr, summarizer = manager(tmp_path / "run")  # the folder the test's run uses
        asyncio.run(mgr.prepare(head))
        asyncio.run(mgr.prepare([*head, *fanout(SIZES)]))
        if (summarizer.calls == 0) == admitted:
            return turns
    raise AssertionError("no such level")


def test_a_fanout_near_the_threshold_is_admitted_without_a_compaction(tmp_path):
    turns = level_where(tmp_path, admitted=True)
    mgr, summarizer = manager(tmp_path / "run")
    head = [*chat(turns), user("read the modules of pkg")]
    previous = asyncio.run(mgr.prepare(head))
    step = fanout(SIZES)
    messages = [*head, *step]
    frozen = [m.model_dump() for m in messages]
    view = asyncio.run(mgr.prepare(messages))
    assert [m.model_dump() for m in messages] == frozen  # the input is not mutated
    assert summarizer.calls == 0 and mgr.pending_compaction is None
    assert view[: len(previous)] == previous  # the request extends the previous one
    assert mgr.last_report.request_tokens <= mgr.threshold_tokens
    assert normal_tokens(tmp_path, messages) > mgr.threshold_tokens  # at its share: over
    # every result is in the view, verbatim or as a marker whose file holds it whole
    sent = view[-len(SIZES) :]
    assert [m.tool_call_id for m in sent] == [m.tool_call_id for m in step[1:]]
    markers = 0
    for original, shown in zip(step[1:], sent, strict=True):
        if shown.content == original.content:
            continue
        parsed = parse_marker(shown.content)
        assert parsed is not None, shown.content
        path, chars, preview = parsed
        assert Path(path).read_text(encoding="utf-8") == original.content
        assert chars == len(original.content)
        assert len(preview) >= TIGHT_PREVIEW_CHARS and original.content.startswith(preview)
        markers += 1
    assert markers >= len(SIZES) // 2
    assert {o.tool_call_id for o in mgr.last_report.offloaded} >= {
        m.tool_call_id for m in sent if parse_marker(m.content)
    }


def test_the_tightened_plan_stays_when_the_anchor_moves(tmp_path):
    """The next requests hold the same markers: the answer, then the next question, extend
    the request that admitted the step, even after the usage anchor moved by a fifth."""
    turns = level_where(tmp_path, admitted=True)
    mgr, summarizer = manager(tmp_path / "run")
    model = TokenizerModel(BUDGET)
    messages = [*chat(turns), user("read the modules of pkg")]
    asyncio.run(mgr.prepare(messages))
    messages += fanout(SIZES)
    admitted = asyncio.run(mgr.prepare(messages))
    assert summarizer.calls == 0
    usage = asyncio.run(model.chat(admitted)).usage
    mgr.record_usage({"prompt_tokens": int(usage["prompt_tokens"] * 1.2)})
    messages.append(assistant("the modules parse line by line"))
    answered = asyncio.run(mgr.prepare(messages))
    if mgr.pending_compaction is None:
        assert answered[: len(admitted)] == admitted
    step_ids = {m.tool_call_id for m in messages if m.role == "tool"}
    shown = {m.tool_call_id: m.content for m in answered if m.tool_call_id in step_ids}
    for m in admitted:
        if m.tool_call_id in shown:
            assert shown[m.tool_call_id] == m.content  # the same decision, byte for byte


def test_a_sent_step_is_never_tightened_afterwards(tmp_path):
    """A step sent at its share keeps that decision even when a moved anchor puts the view
    over the threshold: it compacts (or sends it as it was), never flips the markers."""
    mgr, summarizer = manager(tmp_path)
    messages = [*chat(3), user("read the modules of pkg"), *fanout(SIZES)]
    first = asyncio.run(mgr.prepare(messages))
    assert summarizer.calls == 0
    mgr.record_usage({"prompt_tokens": int(mgr.last_view_tokens * 1.9)})
    again = asyncio.run(mgr.prepare(messages))
    assert mgr.last_report.summarized  # over now: it compacted rather than re-planning
    n = len(SIZES)
    if [m.content for m in again[-n:]] != [m.content for m in first[-n:]]:
        # only a compaction may re-decide a sent step (its share no longer holds it)
        assert mgr.pending_compaction is not None


def test_below_the_floor_it_still_compacts(tmp_path):
    turns = level_where(tmp_path, admitted=False)
    mgr, summarizer = manager(tmp_path / "run")
    model = TokenizerModel(BUDGET)
    messages = [*chat(turns), user("read the modules of pkg")]
    asyncio.run(mgr.prepare(messages))
    messages += fanout(SIZES)
    view = asyncio.run(mgr.prepare(messages))
    assert summarizer.calls >= 1 and mgr.pending_compaction is not None
    asyncio.run(model.chat(view))  # raises over the window
    assert model.overflows == 0


_RUNS = itertools.count()


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.sampled_from([2_000, 4_000, 8_000]),
    st.integers(0, 30),
    st.lists(st.integers(0, 12_000), min_size=1, max_size=12),
    st.floats(0.8, 1.25),
)
def test_a_fanout_is_admitted_whole_or_compacted_never_half(tmp_path, budget, turns, sizes, drift):
    """Whatever the level and the sizes: no compaction means the request extends the previous
    one and stays under the threshold; every result is verbatim or a marker whose file holds
    it; every call keeps its result; the next request (anchor moved) keeps the decision."""
    folder = tmp_path / str(next(_RUNS))
    mgr, summarizer = manager(folder, budget)
    model = TokenizerModel(budget)
    messages = [*chat(turns), user("read the modules")]
    previous = asyncio.run(mgr.prepare(messages))
    mgr.record_usage(asyncio.run(model.chat(previous)).usage)
    step = fanout(sizes)
    messages += step
    calls = summarizer.calls
    view = asyncio.run(mgr.prepare(messages))
    if summarizer.calls == calls and mgr.pending_compaction is None:
        assert view[: len(previous)] == previous
        assert mgr.last_report.request_tokens <= mgr.threshold_tokens
    calls_in_view = sorted(c["id"] for m in view for c in m.tool_calls)
    assert sorted(m.tool_call_id for m in view if m.role == "tool") == calls_in_view
    for original, shown in zip(step[1:], view[-len(sizes) :], strict=True):
        assert shown.tool_call_id == original.tool_call_id
        if shown.content != original.content:
            path, chars, _ = parse_marker(shown.content)
            assert chars == len(original.content)
            assert Path(path).read_text(encoding="utf-8") == original.content
    usage = asyncio.run(model.chat(view)).usage
    mgr.record_usage({"prompt_tokens": int(usage["prompt_tokens"] * drift)})
    messages.append(assistant("done reading"))
    later = asyncio.run(mgr.prepare(messages))
    if mgr.pending_compaction is None and summarizer.calls == calls:
        assert later[: len(view)] == view


def test_a_restarted_manager_sends_the_tightened_step_as_the_live_one(tmp_path):
    """The decision is saved with the usage anchor (what the session stores): an app that
    restarts after the step was admitted sends the same markers, with zero summarizer calls."""
    turns = level_where(tmp_path, admitted=True)
    mgr, summarizer = manager(tmp_path / "run")
    messages = [*chat(turns), user("read the modules of pkg")]
    asyncio.run(mgr.prepare(messages))
    messages += fanout(SIZES)
    asyncio.run(mgr.prepare(messages))
    assert summarizer.calls == 0
    saved = json.loads(json.dumps(mgr.usage_anchor))  # as the session line holds it
    assert saved["tight_steps"]
    messages.append(assistant("the modules parse line by line"))
    live = asyncio.run(mgr.prepare(messages))
    restarted, restarted_summarizer = manager(tmp_path / "run")
    assert restarted.restore_usage_anchor(saved)
    assert asyncio.run(restarted.prepare(messages)) == live
    assert restarted_summarizer.calls == 0
    # without the saved decision, the step would be planned at its usual share
    fresh, _ = manager(tmp_path / "run")
    assert asyncio.run(fresh.prepare(messages)) != live


def test_a_malformed_saved_decision_is_ignored_not_fatal(tmp_path):
    mgr, _ = manager(tmp_path)
    anchor = {**mgr.usage_anchor}
    for bad in ({"k": [1]}, {"k": ["a", 2]}, {"k": [-1, 40]}, [1, 2], {"k": [True, 40]}):
        assert mgr.restore_usage_anchor({**anchor, "tight_steps": bad})
        assert "tight_steps" not in mgr.usage_anchor
