"""``Agent.resume``: the window's Retry re-runs the loop on the stored history.

A failed run leaves the user's message (or tool results) unanswered at the end of the path;
resuming answers it without appending the message again and without starting a branch, with
the same events and the same failure and cancellation guarantees as ``run``.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pi_desktop.agent import (
    Agent,
    ChatResponse,
    ContextPrepared,
    MessageAdded,
    OpenAIChatLLM,
    ProviderError,
    RunFailed,
    RunFinished,
    RunStarted,
    TextDelta,
    Tool,
)
from pi_desktop.agent.history import unanswered_turn
from pi_desktop.context import Message
from pi_desktop.session import Session
from tests.kit.agent_doubles import (
    Recorder,
    ScriptedLLM,
    assert_paired,
    calls,
    echo_tool,
    long_session,
    make_session,
    reply,
    stored,
    summary_reply,
)
from tests.kit.openai_server import OpenAIServer, Reply


def assert_no_branch(session: Session) -> None:
    """Every message entry has at most one message child: the conversation is one line."""
    messages = {i for i, e in session.entries.items() if e.type == "message"}
    for entry_id in [None, *messages]:
        kids = [k for k in session.children(entry_id) if k in messages]
        assert len(kids) <= 1, f"{entry_id} branches into {kids}"


# ------------------------------------------------------------------ what is pending


def test_unanswered_turn_reads_the_end_of_the_path() -> None:
    system = Message(role="system", content="persona")
    user = Message(role="user", content="question")
    call = calls(("c1", "echo", '{"text": "x"}')).message
    result = Message(role="tool", content="echo: x", metadata={"tool_call_id": "c1"})
    answer = Message(role="assistant", content="done")
    assert unanswered_turn([]) is None
    assert unanswered_turn([system]) is None
    assert unanswered_turn([system, user]) == "question"
    assert unanswered_turn([system, user, call, result]) == "question"
    assert unanswered_turn([system, user, call, result, answer]) is None
    assert unanswered_turn([system, user, answer]) is None
    stopped = Message(role="assistant", content="half", metadata={"stopped": True})
    assert unanswered_turn([system, user, stopped]) is None  # the user chose to keep it
    assert unanswered_turn([system, call, result]) == ""  # no user message on the path


# ------------------------------------------------------------------ resume after a failure


@pytest.mark.asyncio
async def test_resume_after_a_failed_request_answers_without_a_second_user_message(
    session: Session, tmp_path: Path
) -> None:
    llm = ScriptedLLM(ProviderError("HTTP 500 from the provider", status=500), reply("Hello!"))
    agent = Agent(llm, session=session, context_budget=10_000, max_retries=0)
    assert await agent.run("hi there") == ""
    assert agent.last_error is not None and agent.last_error.kind == "provider"
    assert agent.pending_turn() == "hi there"
    current = session.current_id

    rec = Recorder()
    agent.subscribe(rec)
    assert await agent.resume() == "Hello!"

    assert rec.kinds()[0] == "RunStarted" and rec.events[0] == RunStarted("hi there")
    assert rec.events[-1] == RunFinished("Hello!", 1)
    assert "ContextPrepared" in rec.kinds() and not rec.of(RunFailed)
    (added,) = rec.of(MessageAdded)  # only the answer: the question was not appended again
    assert added.message.role == "assistant"
    assert session.entries[added.entry_id].parent_id == current
    assert agent.last_error is None and agent.pending_turn() is None
    # the retried request is the failed one, verbatim
    assert [m.model_dump() for m in llm.requests[1]] == [m.model_dump() for m in llm.requests[0]]
    history = stored(tmp_path / "chat.jsonl")
    assert [(m.role, m.content) for m in history[1:]] == [
        ("user", "hi there"),
        ("assistant", "Hello!"),
    ]
    assert_no_branch(session)


@pytest.mark.asyncio
async def test_resume_after_tools_ran_sends_their_results_to_the_model(
    session: Session, tmp_path: Path
) -> None:
    log: list[dict] = []
    llm = ScriptedLLM(
        calls(("c1", "echo", '{"text": "ping"}')),
        ProviderError("the provider went away"),
        reply("It echoed ping."),
    )
    agent = Agent(llm, tools=[echo_tool(log)], session=session, max_retries=0)
    assert await agent.run("echo ping") == ""
    assert agent.pending_turn() == "echo ping"

    rec = Recorder()
    agent.subscribe(rec)
    assert await agent.resume() == "It echoed ping."

    assert log == [{"text": "ping"}]  # the tool did not run again
    sent = llm.requests[-1]
    assert [m.role for m in sent] == ["system", "user", "assistant", "tool"]
    assert sent[-1].content == "echo: ping"
    assert rec.events[0] == RunStarted("echo ping")
    history = stored(tmp_path / "chat.jsonl")
    assert [m.role for m in history] == ["system", "user", "assistant", "tool", "assistant"]
    assert_paired(history)
    assert_no_branch(session)


@pytest.mark.asyncio
async def test_resume_after_a_stop_during_the_tools_continues_from_the_cancelled_results(
    session: Session, tmp_path: Path
) -> None:
    started = asyncio.Event()

    async def hang(args: dict) -> str:
        started.set()
        await asyncio.Event().wait()
        return "never"

    slow = Tool("slow", "Never returns.", {"type": "object", "properties": {}}, hang)
    llm = ScriptedLLM(calls(("s1", "slow", "{}")), reply("Sorry, that tool was stopped."))
    agent = Agent(llm, tools=[slow], session=session)
    task = asyncio.ensure_future(agent.run("do the slow thing"))
    await asyncio.wait_for(started.wait(), timeout=30)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert agent.pending_turn() == "do the slow thing"

    assert await agent.resume() == "Sorry, that tool was stopped."
    assert llm.requests[-1][-1].content == "[cancelled by user]"
    history = stored(tmp_path / "chat.jsonl")
    assert sum(1 for m in history if m.role == "user") == 1
    assert_paired(history)


# ------------------------------------------------------------------ nothing to resume


@pytest.mark.asyncio
async def test_resume_refuses_when_the_conversation_is_answered_or_empty(
    session: Session,
) -> None:
    llm = ScriptedLLM(reply("first answer"))
    agent = Agent(llm, session=session)
    with pytest.raises(RuntimeError, match="nothing to resume"):
        await agent.resume()  # a new session: only the system prompt
    await agent.run("question")
    rec = Recorder()
    agent.subscribe(rec)
    with pytest.raises(RuntimeError, match="nothing to resume"):
        await agent.resume()
    assert rec.events == [] and len(llm.requests) == 1 and not agent.is_busy


@pytest.mark.asyncio
async def test_resume_refuses_while_a_run_is_in_progress() -> None:
    gate = asyncio.Event()

    async def wait_for_gate(messages: Any, tools: Any, on_delta: Any) -> ChatResponse:
        await gate.wait()
        return reply("done")

    agent = Agent(ScriptedLLM(wait_for_gate))
    task = asyncio.ensure_future(agent.run("question"))
    while not agent.is_busy:
        await asyncio.sleep(0)
    assert agent.pending_turn() == "question"  # pending, but being answered right now
    with pytest.raises(RuntimeError, match="already running"):
        await agent.resume()
    gate.set()
    assert await task == "done"


# ------------------------------------------------------------------ same guarantees as run


@pytest.mark.asyncio
async def test_a_resume_that_fails_again_reports_once_and_can_be_resumed_again() -> None:
    llm = ScriptedLLM(
        ProviderError("down"), ProviderError("still down"), reply("back"), default=None
    )
    agent = Agent(llm, max_retries=0)  # in-memory history: resume works without a session
    assert await agent.run("are you there?") == ""
    rec = Recorder()
    agent.subscribe(rec)
    assert await agent.resume() == ""
    assert rec.kinds() == ["RunStarted", "ContextPrepared", "RunFailed"]
    assert rec.of(RunFailed)[0].error == "still down"
    assert await agent.resume() == "back"
    assert [m.role for m in llm.requests[-1]] == ["user"]


@pytest.mark.asyncio
async def test_stop_during_resume_keeps_the_partial_answer_marked_stopped(
    session: Session, tmp_path: Path
) -> None:
    async def stream_then_hang(messages: Any, tools: Any, on_delta: Any) -> ChatResponse:
        on_delta("Half of the")
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    llm = ScriptedLLM(ProviderError("boom"), stream_then_hang)
    agent = Agent(llm, session=session, max_retries=0)
    await agent.run("tell me")
    rec = Recorder()
    agent.subscribe(rec)
    task = asyncio.ensure_future(agent.resume())
    while not rec.of(TextDelta):
        await asyncio.sleep(0.001)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert rec.events[-1] == RunFinished("Half of the", 1, stopped=True)
    last = stored(tmp_path / "chat.jsonl")[-1]
    assert (last.role, last.content, last.metadata) == (
        "assistant",
        "Half of the",
        {"stopped": True},
    )
    assert agent.pending_turn() is None and not agent.is_busy


@pytest.mark.asyncio
async def test_resume_on_a_compacted_session_uses_the_cache(session: Session) -> None:
    async def answer(messages: Any, tools: Any, on_delta: Any) -> ChatResponse:
        return summary_reply() if tools == [] else reply("fine")

    long_session(session, 12, size=400)
    llm = ScriptedLLM(default=answer)
    agent = Agent(llm, session=session, context_budget=2_500, max_retries=0)
    assert await agent.compact()
    made = agent.summarizer_calls
    session.append_message(Message(role="user", content="unanswered question"))
    rec = Recorder()
    agent.subscribe(rec)
    assert await agent.resume() == "fine"
    prepared = rec.of(ContextPrepared)[0]
    assert prepared.report is not None and prepared.report.cache_used
    assert not prepared.report.summarized and agent.summarizer_calls == made
    assert llm.requests[-1][-1].content == "unanswered question"


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(outcomes=st.lists(st.booleans(), min_size=1, max_size=8))
def test_any_mix_of_failures_and_resumes_stores_each_question_once(
    outcomes: list[bool], tmp_path_factory: pytest.TempPathFactory
) -> None:
    """``True``: the request succeeds. After a failure the next action is ``resume``."""

    async def scenario() -> None:
        folder = tmp_path_factory.mktemp("resume")
        steps = [
            reply(f"answer {n}") if ok else ProviderError("no") for n, ok in enumerate(outcomes)
        ]
        with make_session(folder) as session:
            agent = Agent(ScriptedLLM(*steps), session=session, max_retries=0)
            asked = 0
            for ok in outcomes:
                if agent.pending_turn() is None:
                    asked += 1
                    text = await agent.run(f"question {asked}")
                else:
                    text = await agent.resume()
                assert bool(text) is ok
            history = session.get_full_history_messages()
            assert [m.content for m in history if m.role == "user"] == [
                f"question {n}" for n in range(1, asked + 1)
            ]
            assert_no_branch(session)
            assert (agent.pending_turn() is None) is outcomes[-1]

    asyncio.run(scenario())


# ------------------------------------------------------------------ through the real client


@pytest.mark.parametrize("history", [0, 2])
@pytest.mark.asyncio
async def test_a_500_then_resume_through_the_loopback_server(
    openai_server: OpenAIServer, llm: OpenAIChatLLM, tmp_path: Path, history: int
) -> None:
    """The failed *first* message (history=0) and a later one: one answer, one line on disk."""
    path = tmp_path / "chat.jsonl"
    session = Session.create(path, system_prompt="You are a test assistant.", fsync=False)
    long_session(session, history, size=50)
    openai_server.enqueue(Reply.server_error(500), Reply(text="Recovered answer"))
    agent = Agent(llm, session=session, context_budget=8_000, max_retries=0)
    rec = Recorder()
    agent.subscribe(rec)

    assert await agent.run("the question") == ""
    assert rec.of(RunFailed)[0].kind == "provider" and "sk-test-key" not in agent.last_error.error
    assert await agent.resume() == "Recovered answer"

    first, second = openai_server.requests
    assert first["messages"] == second["messages"]
    assert second["messages"][-1] == {"role": "user", "content": "the question"}
    assert [e.user_text for e in rec.of(RunStarted)] == ["the question", "the question"]
    session.close()
    on_disk = stored(path)
    assert [m.content for m in on_disk if m.role == "user"][-1:] == ["the question"]
    assert sum(1 for m in on_disk if m.content == "the question") == 1
    assert (on_disk[-1].role, on_disk[-1].content) == ("assistant", "Recovered answer")
    assert len(on_disk) == 1 + 2 * history + 2
    with Session.load(path, read_only=True) as reread:
        assert_no_branch(reread)
        assert reread.current_id == rec.of(MessageAdded)[-1].entry_id
