"""Per-answer stats beside the message, session totals, the summarizer counted apart (issue 17)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_desktop.agent import Agent, MessageAdded
from pi_desktop.agent.presets import build_llm
from pi_desktop.agent.stats import ResponseClock, response_stats, session_usage_totals
from pi_desktop.context import Message, estimate_tokens
from pi_desktop.session import Session
from tests.kit.agent_doubles import Recorder
from tests.kit.provider_formats import ProviderServer, Turn


@pytest.mark.asyncio
async def test_stats_ride_beside_the_message_and_survive_a_reload(tmp_path: Path):
    path = tmp_path / "s.jsonl"
    session = Session.create(path, system_prompt="terse", fsync=False)
    turn = Turn(text="Forty-two.", reasoning="Six sevens.", cached_tokens=5)
    with ProviderServer("openai", lambda body: turn) as server:
        llm = build_llm("openai", model="gpt-x", base_url=server.base_url, api_key="sk-1")
        agent = Agent(llm, session=session, context_budget=20_000)
        events = Recorder()
        agent.subscribe(events)
        await agent.run("6 x 7?")
        await llm.aclose()
    (added,) = [e for e in events.of(MessageAdded) if e.message.role == "assistant"]
    stats = added.stats
    assert stats["model"] == "gpt-x"
    assert stats["usage"]["prompt_tokens_details"]["cached_tokens"] == 5
    assert stats["ttft_s"] >= 0 and stats["duration_s"] >= stats["ttft_s"]
    assert stats["completion_tokens_per_s"] > 0
    assert "stats" not in (added.message.metadata or {})  # never counted, never sent
    session.close()

    reloaded = Session.load(path, fsync=False)
    entry = reloaded.entries[added.entry_id]
    assert entry.stats == stats
    message = entry.to_message()
    assert estimate_tokens([message]) == estimate_tokens([added.message])
    user_line = next(
        json.loads(line)
        for line in path.read_text().splitlines()
        if '"role":"user"' in line.replace(" ", "")
    )
    assert "stats" not in user_line  # a message without stats writes its line as before
    totals = session_usage_totals(reloaded)
    assert totals.calls == 1 and totals.cached == 5
    assert totals.cache_hit_rate == pytest.approx(5 / totals.prompt)
    reloaded.close()


def test_response_stats_leave_out_what_is_not_known():
    clock = ResponseClock()
    clock.start(10.0)
    clock.finish(12.0)
    assert response_stats(None, "m", clock) == {"model": "m", "duration_s": 2.0}
    clock = ResponseClock()
    clock.start(10.0)
    clock.delta(10.5)
    clock.finish(12.5)
    stats = response_stats({"prompt_tokens": 100, "completion_tokens": 40}, "m", clock)
    assert stats["ttft_s"] == 0.5 and stats["duration_s"] == 2.5
    assert stats["completion_tokens_per_s"] == 20.0  # over the generation time only


def test_totals_count_the_summarizer_apart_and_every_branch(tmp_path: Path):
    session = Session.create(tmp_path / "t.jsonl", fsync=False)
    u1 = session.append_message(Message(role="user", content="a"))
    usage = {
        "prompt_tokens": 100,
        "completion_tokens": 10,
        "prompt_cache_hit_tokens": 60,
        "prompt_cache_miss_tokens": 40,
    }
    session.append_message(Message(role="assistant", content="b"), {"usage": usage})
    session.rewind(u1)  # another branch: its call was paid for too
    session.append_message(
        Message(role="assistant", content="c"),
        {"usage": {"prompt_tokens": 100, "completion_tokens": 20}},  # no cache figure
    )
    session.add_summary_cache(
        "summary",
        1,
        [{}],
        summary_usage={"prompt_tokens": 500, "completion_tokens": 50},
        summarizer_calls=3,
    )
    totals = session_usage_totals(session)
    assert (totals.calls, totals.prompt, totals.completion) == (2, 200, 30)
    assert totals.cached == 60 and totals.cache_hit_rate == 0.6  # over the call that said
    assert (totals.summarizer_calls, totals.summarizer_prompt) == (3, 500)
    assert totals.as_dict()["summarizer_completion"] == 50
    session.close()


def test_a_price_only_when_the_user_gave_one(tmp_path: Path):
    from pi_desktop.agent.stats import ModelPrice, cost_of, session_cost

    usage = {
        "prompt_tokens": 1_000_000,
        "completion_tokens": 500_000,
        "prompt_tokens_details": {"cached_tokens": 400_000},
    }
    price = ModelPrice(prompt=2.0, completion=8.0, cached=0.5)
    assert cost_of(usage, price) == pytest.approx(0.6 * 2.0 + 0.4 * 0.5 + 0.5 * 8.0)
    assert cost_of(usage, None) is None and cost_of(None, price) is None
    with pytest.raises(ValueError):
        ModelPrice(prompt=-1, completion=1)
    session = Session.create(tmp_path / "c.jsonl", fsync=False)
    session.append_message(Message(role="user", content="a"))
    session.append_message(Message(role="assistant", content="b"), {"usage": usage, "model": "m"})
    assert session_cost(session, {}) is None
    assert session_cost(session, {"m": price}) == pytest.approx(5.4)
    session.close()


def _walked_totals_and_cost(session: Session, prices: dict) -> tuple:
    """The totals and cost the obvious way: every entry, every time (the ledger's oracle)."""
    from pi_desktop.agent.stats import UsageTotals, cost_of
    from pi_desktop.context.usage import read_usage
    from pi_desktop.session import CompactionEntry, MessageEntry

    chat, summary, cost = [0] * 6, [0] * 3, None
    for entry in session.entries.values():
        if isinstance(entry, MessageEntry) and entry.stats:
            chat[4] += 1
            usage, model = entry.stats.get("usage"), entry.stats.get("model")
            figures = read_usage(usage)
            if figures is not None:
                chat[0] += figures.prompt_total
                chat[1] += figures.completion
                chat[3] += figures.reasoning or 0
                if figures.cached is not None:
                    chat[2] += figures.cached
                    chat[5] += figures.prompt_total
        elif isinstance(entry, CompactionEntry) and entry.kind != "edited":
            usage, model = entry.summary_usage, entry.summary_model
            summary[0] += max(0, entry.summarizer_calls)
            figures = read_usage(usage)
            if figures is not None:
                summary[1] += figures.prompt_total
                summary[2] += figures.completion
        else:
            continue
        one = cost_of(usage, prices.get(model)) if isinstance(model, str) else None
        if one is not None:
            cost = (cost or 0.0) + one
    return UsageTotals(*chat, *summary), cost


_usages = st.one_of(
    st.none(),
    st.just({"prompt_tokens": "garbage"}),
    st.builds(
        lambda p, c, cached: {
            "prompt_tokens": p,
            "completion_tokens": c,
            **({"prompt_tokens_details": {"cached_tokens": cached}} if cached is not None else {}),
        },
        st.integers(0, 5_000),
        st.integers(0, 2_000),
        st.one_of(st.none(), st.integers(0, 5_000)),
    ),
)
_steps = st.lists(
    st.one_of(
        st.tuples(st.just("answer"), _usages, st.sampled_from([None, "m", "n", 3])),
        st.tuples(st.just("user"), st.none(), st.none()),
        st.tuples(st.just("summary"), _usages, st.sampled_from([None, "m", "s"])),
        st.tuples(st.just("ask"), st.none(), st.none()),  # the window asks mid-way
        st.tuples(st.just("reload"), st.none(), st.none()),
    ),
    max_size=30,
)


@settings(max_examples=80, deadline=None)
@given(_steps)
def test_the_ledger_folds_each_entry_once_and_equals_a_full_walk(steps):
    """Issue 18: the totals follow a growing session without walking it again, and say
    exactly what a walk over every entry says (asked at any point, after a reload too)."""
    import tempfile

    from hypothesis import note

    from pi_desktop.agent.stats import ModelPrice, session_cost

    prices = {"m": ModelPrice(2.0, 8.0, 0.5), "s": ModelPrice(1.0, 1.0)}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "u.jsonl"
        session = Session.create(path, fsync=False)
        try:
            for op, usage, model in steps:
                note(f"{op} {usage} {model}")
                if op == "answer":
                    stats = {"usage": usage, "model": model} if usage or model else None
                    session.append_message(Message(role="assistant", content="a"), stats)
                elif op == "user":
                    session.append_message(Message(role="user", content="q"))
                elif op == "summary" and session.current_id is not None:
                    session.add_summary_cache(
                        "s", 1, [], summary_usage=usage, summary_model=model, summarizer_calls=2
                    )
                elif op == "reload":
                    session.close()
                    session = Session.load(path)
                totals, cost = _walked_totals_and_cost(session, prices)
                assert session_usage_totals(session) == totals
                got = session_cost(session, prices)
                assert (got is None) == (cost is None)
                assert got == pytest.approx(cost)
        finally:
            session.close()
