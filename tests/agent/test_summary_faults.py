"""The summarizer gets the chat's fault handling (issue 11.5/11.6).

Driven through the real Agent, ContextManager, session file and ``OpenAIChatLLM`` against the
loopback server: 429 with Retry-After, 5xx, dropped, truncated and malformed summarizer streams
are retried with backoff and announced; only when retries run out does a compaction degrade,
and whatever is sent next still waits for a pending Retry-After. The chaos run ends with the
server's strict verdict.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from pi_desktop.agent import (
    Agent,
    ContextCompacted,
    OpenAIChatLLM,
    RetryScheduled,
    RunFailed,
    TransientProviderError,
)
from pi_desktop.agent.llm import ContextOverflowError, ProviderError
from pi_desktop.agent.retry import RetryPolicy
from pi_desktop.agent.summary_probe import SummaryProbe
from pi_desktop.context import Message
from pi_desktop.session import Session
from tests.agent.test_agent_e2e import SUMMARY, is_summarizer_request, summarizer_requests
from tests.kit.agent_doubles import Recorder, ScriptedLLM, assert_paired, reply
from tests.kit.openai_server import Chaos, OpenAIServer, Reply

BUDGET = 2_500


def bad_summary(tag: str) -> str:
    """SUMMARY carrying ``tag`` inside its <summary> block (kept if the summary is accepted)."""
    return SUMMARY.replace("Keep chatting", f"{tag} Keep chatting")


def chat_answer(body: dict[str, Any]) -> Reply:
    turn = sum(1 for m in body["messages"] if m["role"] == "user")
    return Reply(text=f"answer {turn}: " + "r" * (120 + 31 * (turn % 5)))


class Script:
    """Summaries and chat answers, with scripted faults first. Chat faults wait until every
    summary fault has been served (so they hit the request that follows a degraded summary)."""

    def __init__(self, summary_faults: Sequence[Reply] = (), chat_faults: Sequence[Reply] = ()):
        self.summary_faults = deque(summary_faults)
        self.chat_faults = deque(chat_faults)

    def __call__(self, body: dict[str, Any]) -> Reply:
        if is_summarizer_request(body):
            return self.summary_faults.popleft() if self.summary_faults else Reply(text=SUMMARY)
        if self.chat_faults and not self.summary_faults:
            return self.chat_faults.popleft()
        return chat_answer(body)


def session_at(tmp_path: Path) -> Session:
    path = tmp_path / "sessions" / "chat.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    return Session.create(path, system_prompt="You are a test assistant.", fsync=False)


def kept_texts(session: Session) -> list[str]:
    """Everything the app kept: message bodies, tool arguments and compaction summaries."""
    texts = []
    for entry in session.entries.values():
        for name in ("content", "summary"):
            value = getattr(entry, name, None)
            if isinstance(value, str):
                texts.append(value)
        metadata = getattr(entry, "metadata", None) or {}
        texts.extend(str(call) for call in metadata.get("tool_calls") or [])
    return texts


def assert_clean_log(caplog: pytest.LogCaptureFixture) -> None:
    bad = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert not bad, [r.getMessage() for r in bad]
    assert "Traceback" not in caplog.text


async def fill_until_summary_is_due(agent: Agent, server: OpenAIServer, turns: int = 30) -> int:
    """Run turns until the next prepare will call the summarizer; returns the turns run."""
    for n in range(turns):
        before = len(summarizer_requests(server))
        assert await agent.run(f"question {n}: " + "q" * 150)
        if len(summarizer_requests(server)) > before:
            return n + 1
    raise AssertionError("the budget never called for a summary")


# --------------------------------------------------------------------- the probe in isolation


@pytest.mark.asyncio
async def test_probe_retries_transient_failures_and_counts_every_request():
    inner = ScriptedLLM(
        TransientProviderError("rate limited", status=429, retry_after=2.5),
        TransientProviderError("cut"),
        reply("the summary"),
    )
    announced, retries, slept = [], [], []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    probe = SummaryProbe(
        inner,
        lambda: announced.append(1),
        policy=RetryPolicy(max_retries=3, base_delay=0.5),
        on_retry=lambda attempt, delay, error: retries.append((attempt, delay)),
        sleep=sleep,
    )
    probe.armed = True
    response = await probe.chat([Message(role="user", content="x")], tools=[])
    assert response.message.content == "the summary"
    assert announced == [1]  # once per summary, not per attempt
    assert retries == [(1, 2.5), (2, 1.0)] and slept == [2.5, 1.0]
    assert probe.calls == 3


@pytest.mark.asyncio
async def test_probe_gives_up_after_the_policy_and_passes_other_errors_through():
    async def sleep(seconds: float) -> None:
        pass

    policy = RetryPolicy(max_retries=1, base_delay=0)
    failing = ScriptedLLM(default=TransientProviderError("down"))
    probe = SummaryProbe(failing, lambda: None, policy=policy, sleep=sleep)
    with pytest.raises(TransientProviderError):
        await probe.chat([Message(role="user", content="x")])
    assert probe.calls == 2
    permanent = SummaryProbe(ScriptedLLM(ProviderError("401")), lambda: None, policy=policy)
    with pytest.raises(ProviderError):
        await permanent.chat([Message(role="user", content="x")])
    assert permanent.calls == 1
    once = SummaryProbe(ScriptedLLM(TransientProviderError("down")), lambda: None)
    with pytest.raises(TransientProviderError):
        await once.chat([Message(role="user", content="x")])
    assert once.calls == 1  # policy=None: no retries


# ------------------------------------------------------------------ the summarizer end to end


@pytest.mark.asyncio
async def test_summarizer_faults_are_retried_until_the_summary_arrives(
    openai_server: OpenAIServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
):
    caplog.set_level(logging.DEBUG)
    script = Script()
    openai_server.responder = script
    session = session_at(tmp_path)
    async with OpenAIChatLLM("m", base_url=openai_server.base_url, api_key="sk-a") as llm:
        agent = Agent(
            llm, session=session, context_budget=BUDGET, max_retries=4, retry_base_delay=0.01
        )
        rec = Recorder()
        agent.subscribe(rec)
        await fill_until_summary_is_due(agent, openai_server)
        script.summary_faults.extend(
            [
                Reply.rate_limited(retry_after="1"),
                Reply.truncated(bad_summary("[bad-truncated]"), marker="[bad-truncated]"),
                Reply.malformed(
                    bad_summary("[bad-malformed]"), after_chars=3, marker="[bad-malformed]"
                ),
                Reply.cut(bad_summary("[bad-dropped]"), after_chars=40),
            ]
        )
        rec.events.clear()
        answered = 0
        while len(rec.of(ContextCompacted)) == 0:
            assert await agent.run(f"more {answered}: " + "q" * 150), agent.last_error
            answered += 1
            assert answered < 30
    summary_retries = [e for e in rec.of(RetryScheduled) if e.reason.startswith("Summary:")]
    assert [e.attempt for e in summary_retries] == [1, 2, 3, 4]
    assert summary_retries[0].delay == 1.0  # the Retry-After, exactly
    assert "malformed chunk" in summary_retries[2].reason
    assert not rec.of(RunFailed)
    assert openai_server.verdict(kept_texts(session)) == []
    assert_paired(session.get_full_history_messages())
    assert_clean_log(caplog)
    session.close()


@pytest.mark.asyncio
async def test_a_stalled_summarizer_stream_is_cut_at_the_idle_deadline_and_retried(
    openai_server: OpenAIServer, tmp_path: Path
):
    script = Script()
    openai_server.responder = script
    session = session_at(tmp_path)
    async with OpenAIChatLLM(
        "m", base_url=openai_server.base_url, api_key="sk-e", idle_deadline=1.0
    ) as llm:
        agent = Agent(
            llm, session=session, context_budget=BUDGET, max_retries=2, retry_base_delay=0.01
        )
        rec = Recorder()
        agent.subscribe(rec)
        await fill_until_summary_is_due(agent, openai_server)
        script.summary_faults.extend(
            [Reply.trickle("comment", 0.05, "[stalled]"), Reply.trickle("empty_delta", 0.05)]
        )
        rec.events.clear()
        for n in range(30):
            if not script.summary_faults and rec.of(ContextCompacted):
                break
            assert await agent.run(f"and more {n}: " + "q" * 150), agent.last_error
    stalls = [e for e in rec.of(RetryScheduled) if "stalled" in e.reason]
    assert len(stalls) == 2 and all(e.reason.startswith("Summary:") for e in stalls)
    assert "[stalled]" not in "".join(kept_texts(session))
    session.close()


@pytest.mark.asyncio
async def test_when_summary_retries_run_out_the_compaction_goes_extractive_and_the_wait_holds(
    openai_server: OpenAIServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
):
    """The issue's case: the summarizer's last answer is a 429; the chat that follows, its
    overflow, and the overflow path's immediate forced compaction all wait for Retry-After.
    (Issue 16: the failed summary no longer degrades the view — it is made extractively, with
    no request — so two compactions are stored: the extractive one, then the forced one.)"""
    caplog.set_level(logging.DEBUG)
    script = Script()
    openai_server.responder = script
    session = session_at(tmp_path)
    async with OpenAIChatLLM("m", base_url=openai_server.base_url, api_key="sk-b") as llm:
        agent = Agent(
            llm, session=session, context_budget=BUDGET, max_retries=1, retry_base_delay=0.01
        )
        rec = Recorder()
        agent.subscribe(rec)
        await fill_until_summary_is_due(agent, openai_server)
        script.summary_faults.extend([Reply.server_error(503), Reply.rate_limited("1")])
        script.chat_faults.append(Reply.context_overflow("openai"))
        for n in range(30):
            rec.events.clear()
            first = len(openai_server.requests)
            text = await agent.run(f"one more {n}: " + "q" * 150)
            assert text.startswith("answer"), agent.last_error
            if not script.summary_faults:
                break
    kinds = [("summary" if is_summarizer_request(b) else "chat") for b in openai_server.requests]
    # degraded summary (503, 429), chat (after the wait) → overflow, forced summary, chat
    assert kinds[first:] == ["summary", "summary", "chat", "summary", "chat"]
    # the extractive one (no request), then the forced compaction's
    assert [c.rung for c in rec.of(ContextCompacted)] == ["extractive", "model"]
    waits = [e for e in rec.of(RetryScheduled) if "asked to wait" in e.reason]
    assert len(waits) == 1 and 0 < waits[0].delay <= 1.0
    assert openai_server.verdict(kept_texts(session)) == []
    assert_clean_log(caplog)
    session.close()


@pytest.mark.asyncio
async def test_a_forced_compaction_that_runs_out_of_retries_still_answers_after_the_wait(
    openai_server: OpenAIServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
):
    """Overflow → forced compaction → 503, 429. Was: the run fails and the user's Retry
    waits. Issue 16: no run fails because a summary failed — the forced compaction is made
    extractively (no request), and the retried chat waits for the Retry-After."""
    caplog.set_level(logging.DEBUG)
    script = Script()
    openai_server.responder = script
    session = session_at(tmp_path)
    async with OpenAIChatLLM("m", base_url=openai_server.base_url, api_key="sk-d") as llm:
        agent = Agent(
            llm, session=session, context_budget=BUDGET, max_retries=1, retry_base_delay=0.01
        )
        rec = Recorder()
        agent.subscribe(rec)
        await fill_until_summary_is_due(agent, openai_server)
        openai_server.enqueue(
            Reply.context_overflow("vllm"), Reply.server_error(503), Reply.rate_limited("1")
        )
        assert (await agent.run("this one overflows")).startswith("answer")
        assert agent.last_error is None
        assert rec.of(ContextCompacted)[-1].rung == "extractive"  # the forced one
    waits = [e for e in rec.of(RetryScheduled) if "asked to wait" in e.reason]
    assert len(waits) == 1  # whichever request came first waited; nothing went out early
    assert openai_server.verdict(kept_texts(session)) == []
    assert_clean_log(caplog)
    session.close()


@pytest.mark.asyncio
async def test_a_manual_compaction_after_a_429_waits_for_the_retry_after(
    openai_server: OpenAIServer, tmp_path: Path
):
    script = Script()
    openai_server.responder = script
    session = session_at(tmp_path)
    async with OpenAIChatLLM("m", base_url=openai_server.base_url, api_key="sk-c") as llm:
        agent = Agent(
            llm,
            session=session,
            context_budget=20_000,
            keep_recent_tokens=50,
            max_retries=1,
            retry_base_delay=0.01,
        )
        rec = Recorder()
        agent.subscribe(rec)
        for n in range(3):
            assert await agent.run(f"q{n} " + "x" * 200)
        script.chat_faults.extend([Reply.rate_limited("1"), Reply.rate_limited("1")])
        assert await agent.run("rate limited") == ""
        assert rec.of(RunFailed)[-1].kind == "provider"
        rec.events.clear()
        assert await agent.compact() is True  # the summarizer waited, then summarized
    (wait,) = rec.of(RetryScheduled)
    assert wait.reason.startswith("Summary:") and "asked to wait" in wait.reason
    assert openai_server.verdict(kept_texts(session)) == []
    session.close()


# ------------------------------------------------------------------------------ chaos


@pytest.mark.asyncio
@pytest.mark.parametrize(("seed", "max_retries"), [(3, 3), (4, 3), (9, 1)])
async def test_a_long_conversation_against_the_chaos_server_has_a_clean_verdict(
    openai_server: OpenAIServer,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    seed: int,
    max_retries: int,
):
    """20 turns, a budget that compacts every few turns, a third of all replies faulty
    (seeded): every turn ends answered or with a provider error the user retries; the
    server's strict verdict has no findings; nothing is logged as an error."""
    caplog.set_level(logging.DEBUG)
    openai_server.responder = Script()
    openai_server.chaos = Chaos(seed=seed, rate=0.35, streak=3)
    session = session_at(tmp_path)
    turns, user_retries = 20, 0
    async with OpenAIChatLLM("m", base_url=openai_server.base_url, api_key="sk-chaos") as llm:
        agent = Agent(
            llm,
            session=session,
            context_budget=1_200,
            max_retries=max_retries,
            retry_base_delay=0.01,
        )
        rec = Recorder()
        agent.subscribe(rec)
        for turn in range(turns):
            text = await agent.run(f"turn {turn}: " + "u" * (150 + 37 * (turn % 7)))
            tries = 0
            while not text:  # the user presses Retry
                failure = agent.last_error
                assert failure is not None and failure.kind == "provider", failure
                assert agent.pending_turn() is not None
                tries += 1
                assert tries <= 5, f"turn {turn} never got through"
                text = await agent.resume()
            user_retries += tries
            assert text.startswith("answer"), text
    faults = [r for r in openai_server.served if r.fault]
    on_summaries = [r for r in faults if is_summarizer_request(openai_server.requests[r.index])]
    assert len(rec.of(ContextCompacted)) >= 3, "the summarizer was not exercised"
    assert on_summaries, "no fault hit a summarizer request"
    assert {r.fault for r in faults} >= {"rate_limited", "truncated", "malformed"}
    assert (user_retries > 0) == (max_retries < 3)  # the Retry path ran where retries are few
    assert openai_server.verdict(kept_texts(session)) == []
    history = session.get_full_history_messages()
    assert sum(1 for m in history if m.role == "user") == turns
    assert_paired(history)
    assert not [e for e in rec.of(RunFailed) if "Internal error" in e.error]
    assert_clean_log(caplog)
    session.close()


def test_overflow_is_not_retried_by_the_probe():
    """A summarizer request that does not fit is the ContextManager's problem, not a fault."""
    probe = SummaryProbe(
        ScriptedLLM(ContextOverflowError("too long")), lambda: None, policy=RetryPolicy()
    )
    import asyncio

    with pytest.raises(ContextOverflowError):
        asyncio.run(probe.chat([Message(role="user", content="x")]))
    assert probe.calls == 1
