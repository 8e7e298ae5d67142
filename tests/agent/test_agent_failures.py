"""The Agent under provider failures and the user's Stop: retries, overflow, cancellation.

Every cancellation test reloads the session file the way a restarted app would and checks
that no tool call is left without its result.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from pi_desktop.agent import (
    Agent,
    ChatResponse,
    CompactionStarted,
    ContextCompacted,
    ContextOverflowError,
    ProviderError,
    RetryScheduled,
    RunFailed,
    RunFinished,
    TextDelta,
    Tool,
    ToolCallFinished,
    ToolCallStarted,
    TransientProviderError,
)
from pi_desktop.context import Message
from pi_desktop.session import Session
from tests.kit.agent_doubles import (
    Recorder,
    ScriptedLLM,
    assert_paired,
    calls,
    echo_tool,
    long_session,
    never_answers,
    reply,
    stored,
    summary_reply,
)


@pytest.mark.asyncio
async def test_transient_errors_back_off_honouring_retry_after() -> None:
    async def cut_stream(messages: Any, tools: Any, on_delta: Any) -> ChatResponse:
        on_delta("Half an ans")
        raise TransientProviderError("connection dropped", partial="Half an ans")

    llm = ScriptedLLM(
        TransientProviderError("rate limited (HTTP 429)", status=429, retry_after=0.01),
        cut_stream,
        reply("Whole answer"),
    )
    agent = Agent(llm, max_retries=3, retry_base_delay=0.001)
    rec = Recorder()
    agent.subscribe(rec)

    assert await agent.run("hi") == "Whole answer"

    retries = rec.of(RetryScheduled)
    assert [(r.attempt, r.delay) for r in retries] == [(1, 0.01), (2, 0.002)]
    assert "429" in retries[0].reason
    assert len(llm.requests) == 3
    assert rec.of(RunFinished)[0].steps == 1  # retries are not steps
    # the void partial is not stored: the history holds the whole answer only
    llm.steps.append(reply("x"))
    await agent.run("next")
    assert [m.content for m in llm.requests[-1] if m.role == "assistant"] == ["Whole answer"]


@pytest.mark.asyncio
async def test_transient_errors_give_up_after_max_retries(session: Session) -> None:
    async def partial_then_fail(messages: Any, tools: Any, on_delta: Any) -> ChatResponse:
        on_delta("I was say")
        raise TransientProviderError("HTTP 503", status=503)

    llm = ScriptedLLM(default=partial_then_fail)
    agent = Agent(llm, session=session, max_retries=2, retry_base_delay=0.001)
    rec = Recorder()
    agent.subscribe(rec)

    assert await agent.run("hi") == ""

    assert len(llm.requests) == 3
    assert len(rec.of(RetryScheduled)) == 2
    failed = rec.of(RunFailed)
    assert len(failed) == 1 and failed[0].kind == "provider" and "503" in failed[0].error
    # the failed attempt's fragment is not an answer: the question is the last thing stored
    assert [m.role for m in stored(session.path)] == ["system", "user"]


@pytest.mark.asyncio
async def test_permanent_provider_errors_fail_at_once_without_retry() -> None:
    llm = ScriptedLLM(ProviderError("authentication failed (HTTP 401)", status=401))
    agent = Agent(llm, retry_base_delay=0.001)
    rec = Recorder()
    agent.subscribe(rec)
    assert await agent.run("hi") == ""
    assert len(llm.requests) == 1
    assert rec.of(RunFailed)[0].kind == "provider" and not rec.of(RetryScheduled)


@pytest.mark.asyncio
async def test_overflow_compacts_once_and_retries(session: Session) -> None:
    for n in range(6):
        session.append_message(Message(role="user", content=f"question {n} " + "x" * 400))
        session.append_message(Message(role="assistant", content=f"answer {n} " + "y" * 400))
    chat = ScriptedLLM(ContextOverflowError("too long for the model"), reply("fits now"))
    summarizer = ScriptedLLM(summary_reply())
    agent = Agent(chat, session=session, context_budget=50_000, summarizer=summarizer)
    rec = Recorder()
    agent.subscribe(rec)

    assert await agent.run("and now?") == "fits now"

    assert len(chat.requests) == 2 and len(summarizer.requests) == 1
    assert summarizer.tools == [[]]
    assert len(chat.requests[1]) < len(chat.requests[0])
    assert "the story so far" in chat.requests[1][1].content
    kinds = rec.kinds()
    assert kinds.index("CompactionStarted") < kinds.index("ContextCompacted")
    compacted = rec.of(ContextCompacted)[0]
    assert compacted.entry_id is not None and not compacted.manual
    assert session.entries[compacted.entry_id].type == "compaction"
    assert agent.summarizer_calls == 1


@pytest.mark.asyncio
async def test_second_overflow_fails_clearly(session: Session) -> None:
    for n in range(4):
        session.append_message(Message(role="user", content=f"q{n} " + "x" * 300))
        session.append_message(Message(role="assistant", content=f"a{n} " + "y" * 300))
    chat = ScriptedLLM(ContextOverflowError("too long"), ContextOverflowError("still too long"))
    agent = Agent(
        chat, session=session, context_budget=50_000, summarizer=ScriptedLLM(summary_reply())
    )
    rec = Recorder()
    agent.subscribe(rec)
    assert await agent.run("q") == ""
    assert len(chat.requests) == 2
    failed = rec.of(RunFailed)
    assert len(failed) == 1 and failed[0].kind == "overflow" and "still too long" in failed[0].error


@pytest.mark.asyncio
async def test_overflow_without_context_management_fails_without_a_retry() -> None:
    chat = ScriptedLLM(ContextOverflowError("too long"))
    agent = Agent(chat)
    rec = Recorder()
    agent.subscribe(rec)
    assert await agent.run("q") == ""
    assert len(chat.requests) == 1 and rec.of(RunFailed)[0].kind == "overflow"


@pytest.mark.asyncio
async def test_overflow_when_nothing_can_be_compacted_fails_without_a_second_request() -> None:
    chat = ScriptedLLM(ContextOverflowError("too long"))
    summarizer = ScriptedLLM()
    agent = Agent(chat, context_budget=50_000, summarizer=summarizer)
    rec = Recorder()
    agent.subscribe(rec)
    assert await agent.run("the only message") == ""
    assert len(chat.requests) == 1 and summarizer.requests == []
    assert "could not be compacted" in rec.of(RunFailed)[0].error


@pytest.mark.asyncio
async def test_stop_mid_stream_keeps_the_partial_answer_marked_stopped(session: Session) -> None:
    streaming = asyncio.Event()

    async def streams_then_hangs(messages: Any, tools: Any, on_delta: Any) -> ChatResponse:
        on_delta("The answer ")
        on_delta("is")
        streaming.set()
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    llm = ScriptedLLM(streams_then_hangs, reply("again"))
    agent = Agent(llm, session=session, context_budget=10_000)
    rec = Recorder()
    agent.subscribe(rec)
    task = asyncio.ensure_future(agent.run("question"))
    await streaming.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task

    assert rec.of(TextDelta) == [TextDelta("The answer "), TextDelta("is")]
    assert rec.events[-1] == RunFinished("The answer is", 1, stopped=True)
    assert not agent.is_busy and agent.last_error is None
    history = stored(session.path)
    assert [(m.role, m.content) for m in history[1:]] == [
        ("user", "question"),
        ("assistant", "The answer is"),
    ]
    assert history[-1].metadata == {"stopped": True}
    # the next run continues from a consistent history
    assert await agent.run("go on") == "again"


@pytest.mark.asyncio
async def test_stop_before_any_text_stores_only_the_question(session: Session) -> None:
    waiting = asyncio.Event()
    hangs = never_answers(waiting)
    agent = Agent(ScriptedLLM(hangs), session=session)
    task = asyncio.ensure_future(agent.run("question"))
    await waiting.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert [m.role for m in stored(session.path)] == ["system", "user"]


@pytest.mark.asyncio
async def test_stop_mid_tool_stores_every_call_with_a_result(session: Session) -> None:
    in_tool = asyncio.Event()

    async def hangs(args: dict) -> str:
        in_tool.set()
        await asyncio.Event().wait()
        return "unreachable"

    slow = Tool("slow", "Takes forever.", {"type": "object"}, hangs)
    llm = ScriptedLLM(
        calls(("a", "echo", '{"text": "1"}'), ("b", "slow", "{}"), ("c", "echo", '{"text": "3"}'))
    )
    agent = Agent(llm, tools=[echo_tool(), slow], session=session, context_budget=10_000)
    rec = Recorder()
    agent.subscribe(rec)
    task = asyncio.ensure_future(agent.run("work"))
    await in_tool.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task

    history = stored(session.path)
    assert_paired(history)
    assert [(m.role, m.content) for m in history[3:]] == [
        ("tool", "echo: 1"),
        ("tool", "[cancelled by user]"),
        ("tool", "[cancelled by user]"),
    ]
    finished = rec.of(ToolCallFinished)
    assert [(e.call_id, e.is_error) for e in finished] == [("a", False), ("b", True), ("c", True)]
    assert [e.call_id for e in rec.of(ToolCallStarted)] == ["a", "b", "c"]
    assert rec.events[-1] == RunFinished("", 1, stopped=True)
    # a new agent on the reloaded file (a restarted app) sends a valid history
    session.close()
    reopened = Session.load(session.path, fsync=False)
    try:
        llm2 = ScriptedLLM(reply("ok"))
        assert await Agent(llm2, session=reopened, context_budget=10_000).run("retry") == "ok"
        assert_paired(llm2.requests[0][1:])
    finally:
        reopened.close()


@pytest.mark.asyncio
async def test_stop_mid_compaction_leaves_the_session_unchanged(session: Session) -> None:
    for n in range(10):
        session.append_message(Message(role="user", content=f"q{n} " + "x" * 500))
        session.append_message(Message(role="assistant", content=f"a{n} " + "y" * 500))
    before = len(session.entries)
    summarizing = asyncio.Event()
    hangs = never_answers(summarizing)
    agent = Agent(
        ScriptedLLM(), session=session, context_budget=2_000, summarizer=ScriptedLLM(hangs)
    )
    rec = Recorder()
    agent.subscribe(rec)
    task = asyncio.ensure_future(agent.run("one more"))
    await summarizing.wait()
    assert isinstance(rec.events[-1], CompactionStarted)  # announced before the summary request
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert len(session.entries) == before + 1  # just the question
    assert session.latest_compaction() is None
    assert rec.events[-1] == RunFinished("", 1, stopped=True)


@pytest.mark.asyncio
async def test_stop_during_a_retry_pause_ends_cleanly(session: Session) -> None:
    llm = ScriptedLLM(TransientProviderError("HTTP 429", status=429, retry_after=60.0))
    agent = Agent(llm, session=session)
    rec = Recorder()
    agent.subscribe(rec)
    task = asyncio.ensure_future(agent.run("hi"))
    while not rec.of(RetryScheduled):
        await asyncio.sleep(0.01)
    assert rec.of(RetryScheduled)[0].delay == 60.0
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert rec.events[-1] == RunFinished("", 1, stopped=True)
    assert [m.role for m in stored(session.path)] == ["system", "user"]


@pytest.mark.asyncio
async def test_stop_during_manual_compaction_still_refreshes_the_bar(session: Session) -> None:
    long_session(session, 4, size=200)
    summarizing = asyncio.Event()
    hangs = never_answers(summarizing)
    agent = Agent(
        ScriptedLLM(), session=session, context_budget=100_000, summarizer=ScriptedLLM(hangs)
    )
    rec = Recorder()
    agent.subscribe(rec)
    task = asyncio.ensure_future(agent.compact())
    await summarizing.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert rec.kinds() == ["CompactionStarted", "ContextPrepared"]
    assert session.latest_compaction() is None and not agent.is_busy
