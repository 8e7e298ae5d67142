"""The Agent loop against a scripted test-double LLM: events, tools, steps, subscribers.

The double implements the LLM protocol in a few lines; the session, the ContextManager, the
bridge and the tools are the real ones. Through the real OpenAI client: ``test_agent_e2e.py``.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from pi_desktop.agent import (
    Agent,
    ChatResponse,
    ContextPrepared,
    MessageAdded,
    RunFailed,
    RunFinished,
    RunStarted,
    Tool,
    ToolCallFinished,
    ToolCallStarted,
    UsageRecorded,
)
from pi_desktop.context import Message
from pi_desktop.context.tokens import chars_of
from pi_desktop.session import Session
from tests.kit.agent_doubles import (
    Recorder,
    ScriptedLLM,
    assert_paired,
    calls,
    echo_tool,
    reply,
    stored,
)


@pytest.mark.asyncio
async def test_plain_answer_streams_stores_and_reports(session: Session) -> None:
    llm = ScriptedLLM(reply("Hello there", usage={"prompt_tokens": 20, "completion_tokens": 3}))
    agent = Agent(llm, session=session, context_budget=10_000)
    rec = Recorder()
    agent.subscribe(rec)

    assert await agent.run("hi") == "Hello there"

    assert rec.kinds() == [
        "RunStarted",
        "MessageAdded",
        "ContextPrepared",
        "TextDelta",
        "UsageRecorded",
        "MessageAdded",
        "RunFinished",
    ]
    user_added, assistant_added = rec.of(MessageAdded)
    path = session.get_current_path()
    assert [user_added.entry_id, assistant_added.entry_id] == [e.id for e in path]
    assert rec.of(RunFinished)[0] == RunFinished("Hello there", 1, stopped=False)
    prepared = rec.of(ContextPrepared)[0]
    assert prepared.budget == 10_000 and prepared.threshold == 0.8
    assert prepared.report is not None and prepared.estimated_tokens == prepared.report.tokens
    assert rec.of(UsageRecorded)[0].usage == {"prompt_tokens": 20, "completion_tokens": 3}
    # the estimate is anchored on what was really sent: prompt tokens per serialised char
    assert agent.context is not None
    assert agent.context.ratio == pytest.approx(20 / chars_of(llm.requests[0]))
    assert rec.of(UsageRecorded)[0].ratio == agent.context.ratio
    assert [m.role for m in llm.requests[0]] == ["system", "user"]
    assert llm.tools == [None]  # no tools: the field is left out, not sent empty
    assert [(m.role, m.content) for m in stored(session.path)] == [
        ("system", "You are terse."),
        ("user", "hi"),
        ("assistant", "Hello there"),
    ]
    assert not agent.is_busy


@pytest.mark.asyncio
async def test_tool_calls_run_in_order_and_results_pair_with_calls(session: Session) -> None:
    seen: list[dict] = []
    llm = ScriptedLLM(
        calls(("c1", "echo", '{"text": "one"}'), ("c2", "echo", '{"text": "two"}'), text="Let me"),
        reply("done"),
    )
    agent = Agent(llm, tools=[echo_tool(seen)], session=session)
    rec = Recorder()
    agent.subscribe(rec)

    assert await agent.run("go") == "done"

    assert seen == [{"text": "one"}, {"text": "two"}]
    assert llm.tools[0] == [echo_tool().schema()]
    second = llm.requests[1]
    assert [m.role for m in second] == ["system", "user", "assistant", "tool", "tool"]
    assert [m.content for m in second[3:]] == ["echo: one", "echo: two"]
    assert [m.metadata for m in second[3:]] == [
        {"tool_call_id": "c1", "name": "echo"},
        {"tool_call_id": "c2", "name": "echo"},
    ]
    started = rec.of(ToolCallStarted)
    finished = rec.of(ToolCallFinished)
    assert [(e.call_id, e.arguments) for e in started] == [
        ("c1", {"text": "one"}),
        ("c2", {"text": "two"}),
    ]
    assert [(e.call_id, e.result, e.is_error) for e in finished] == [
        ("c1", "echo: one", False),
        ("c2", "echo: two", False),
    ]
    assert rec.of(RunFinished)[0].steps == 2
    history = stored(session.path)
    assert_paired(history)
    assert [m.role for m in history] == ["system", "user", "assistant", "tool", "tool", "assistant"]
    # every stored message was announced once, with the id it got on disk
    assert [e.entry_id for e in rec.of(MessageAdded)] == [e.id for e in session.get_current_path()]


@pytest.mark.asyncio
async def test_malformed_arguments_and_unknown_tools_become_error_results() -> None:
    llm = ScriptedLLM(
        calls(("c1", "echo", '{"text": "unterminated'), ("c2", "rm_rf", "{}")),
        calls(("c3", "echo", "{}")),
        reply("sorry, fixed"),
    )
    agent = Agent(llm, tools=[echo_tool()])
    rec = Recorder()
    agent.subscribe(rec)

    assert await agent.run("try") == "sorry, fixed"

    results = {e.call_id: e for e in rec.of(ToolCallFinished)}
    assert results["c1"].is_error and "not valid JSON" in results["c1"].result
    assert results["c1"].arguments == '{"text": "unterminated'
    assert results["c2"].is_error and "unknown tool 'rm_rf'" in results["c2"].result
    assert "Available tools: echo" in results["c2"].result
    assert results["c3"].is_error and "missing required argument(s): text" in results["c3"].result
    # the model read each error in its next request
    second = llm.requests[1]
    assert [m.tool_call_id for m in second if m.role == "tool"] == ["c1", "c2"]
    assert all(m.metadata and m.metadata.get("is_error") for m in second if m.role == "tool")


@pytest.mark.asyncio
async def test_calls_without_ids_get_ids_that_pair(session: Session) -> None:
    raw = Message(
        role="assistant",
        content="",
        metadata={"tool_calls": [{"function": {"name": "echo", "arguments": {"text": "x"}}}]},
    )
    llm = ScriptedLLM(ChatResponse(raw), reply("ok"))
    agent = Agent(llm, tools=[echo_tool()], session=session)
    await agent.run("go")
    history = stored(session.path)
    assert_paired(history)
    assert history[3].content == "echo: x"


@pytest.mark.asyncio
async def test_plain_function_handlers_work_too() -> None:
    def shout(args: dict) -> str:
        return str(args.get("text", "")).upper()

    tool = Tool("shout", "", {"type": "object"}, shout)  # type: ignore[arg-type]
    llm = ScriptedLLM(calls(("s", "shout", '{"text": "hey"}')), reply("done"))
    await Agent(llm, tools=[tool]).run("go")
    assert llm.requests[1][-1].content == "HEY"


@pytest.mark.asyncio
async def test_max_steps_ends_cleanly_without_dangling_calls(session: Session) -> None:
    looping = calls(("same", "echo", '{"text": "again"}'))
    llm = ScriptedLLM(default=looping)
    agent = Agent(llm, tools=[echo_tool()], session=session, max_steps=3)
    rec = Recorder()
    agent.subscribe(rec)

    assert await agent.run("loop forever") == ""

    assert len(llm.requests) == 3
    failed = rec.of(RunFailed)
    assert len(failed) == 1 and failed[0].kind == "max_steps"
    assert agent.last_error == failed[0]
    assert rec.kinds()[-1] == "RunFailed" and not rec.of(RunFinished)
    history = stored(session.path)
    assert_paired(history)  # ids repeat across steps, yet each result follows its own call
    assert [m.role for m in history[1:]] == ["user"] + ["assistant", "tool"] * 3
    assert not agent.is_busy


@pytest.mark.asyncio
async def test_a_raising_subscriber_never_breaks_the_run() -> None:
    def explode(event: Any) -> None:
        raise RuntimeError("subscriber bug")

    got: list[Any] = []
    agent = Agent(ScriptedLLM(reply("fine"), reply("again")))
    agent.subscribe(explode)
    unsubscribe = agent.subscribe(got.append)

    assert await agent.run("hello") == "fine"
    assert isinstance(got[0], RunStarted) and isinstance(got[-1], RunFinished)

    unsubscribe()
    agent.unsubscribe(explode)
    agent.unsubscribe(explode)  # twice is harmless
    count = len(got)
    assert await agent.run("more") == "again"
    assert len(got) == count


@pytest.mark.asyncio
async def test_async_subscribers_are_scheduled_not_awaited_inline() -> None:
    seen: list[str] = []

    async def slow_subscriber(event: Any) -> None:
        await asyncio.sleep(0)
        seen.append(type(event).__name__)

    agent = Agent(ScriptedLLM(reply("ok")))
    agent.subscribe(slow_subscriber)
    await agent.run("hi")
    for _ in range(5):
        await asyncio.sleep(0)
    assert seen[0] == "RunStarted" and seen[-1] == "RunFinished"


@pytest.mark.asyncio
async def test_without_a_session_history_lives_in_memory_across_runs() -> None:
    llm = ScriptedLLM(reply("first"), reply("second"))
    agent = Agent(llm, system_prompt="persona")
    await agent.run("a")
    await agent.run("b")
    assert [(m.role, m.content) for m in llm.requests[1]] == [
        ("system", "persona"),
        ("user", "a"),
        ("assistant", "first"),
        ("user", "b"),
    ]
    with pytest.raises(RuntimeError, match="session"):
        agent.rewind("anything")


@pytest.mark.asyncio
async def test_a_second_run_while_busy_is_refused() -> None:
    release = asyncio.Event()

    async def waits(messages: Any, tools: Any, on_delta: Any) -> ChatResponse:
        await release.wait()
        return reply("ok")

    agent = Agent(ScriptedLLM(waits))
    task = asyncio.ensure_future(agent.run("one"))
    await asyncio.sleep(0)
    assert agent.is_busy
    with pytest.raises(RuntimeError, match="already running"):
        await agent.run("two")
    release.set()
    assert await task == "ok"


def test_new_empty_session_adopts_the_persona_existing_one_keeps_its_own(tmp_path: Path) -> None:
    fresh = Session.create(tmp_path / "a.jsonl", fsync=False)
    Agent(ScriptedLLM(), session=fresh, system_prompt="new persona")
    assert fresh.system_prompt == "new persona"
    fresh.close()
    used = Session.create(tmp_path / "b.jsonl", system_prompt="old", fsync=False)
    used.append_message(Message(role="user", content="hi"))
    Agent(ScriptedLLM(), session=used, system_prompt="new persona")
    assert used.system_prompt == "old"
    used.close()


@pytest.mark.asyncio
async def test_large_tool_results_are_offloaded_at_once_and_stored_whole(session: Session) -> None:
    big = "line\n" * 10_000

    async def dump(args: dict) -> str:
        return big

    llm = ScriptedLLM(calls(("big1", "dump", "{}")), reply("read it"))
    agent = Agent(
        llm,
        tools=[Tool("dump", "", {"type": "object"}, dump)],
        session=session,
        context_budget=100_000,
    )
    rec = Recorder()
    agent.subscribe(rec)
    await agent.run("dump it")
    (finished,) = rec.of(ToolCallFinished)
    assert finished.offloaded_path is not None
    assert Path(finished.offloaded_path).read_text() == big
    assert stored(session.path)[3].content == big  # the truth is lossless
    sent = llm.requests[1][3]
    assert sent.metadata and sent.metadata["offloaded"]["path"] == finished.offloaded_path
    assert len(sent.content) < len(big)


@pytest.mark.asyncio
async def test_a_session_that_cannot_be_written_fails_the_run_clearly(session: Session) -> None:
    agent = Agent(ScriptedLLM(reply("never stored")), session=session)
    rec = Recorder()
    agent.subscribe(rec)
    session.close()  # e.g. the window closed it, or the disk went away
    assert await agent.run("hi") == ""
    (failed,) = rec.of(RunFailed)
    assert failed.kind == "session" and "could not be saved" in failed.error
    assert not agent.is_busy


def test_constructor_validates_its_arguments() -> None:
    for kwargs in ({"context_budget": 0}, {"threshold": 0}, {"threshold": 1.5}, {"max_steps": 0}):
        with pytest.raises(ValueError):
            Agent(ScriptedLLM(), **kwargs)
    with pytest.raises(ValueError):
        Agent(ScriptedLLM(), tools=[echo_tool(), echo_tool()])
    assert Agent(ScriptedLLM()).estimate_now().estimated_tokens == 1  # "[]" is 2 chars


@pytest.mark.asyncio
async def test_an_internal_error_is_reported_once_and_the_agent_stays_usable() -> None:
    class Broken:
        fixed: ChatResponse | None = None

        async def chat(self, messages: Any, tools: Any = None, on_delta: Any = None) -> Any:
            return self.fixed or "not a ChatResponse"  # a provider bug, until it is fixed

    llm = Broken()
    agent = Agent(llm)  # type: ignore[arg-type]
    rec = Recorder()
    agent.subscribe(rec)
    assert await agent.run("hi") == ""
    (failed,) = rec.of(RunFailed)
    assert failed.kind == "error" and "Internal error: AttributeError" in failed.error
    assert agent.last_error == failed and rec.events[-1] == failed and not agent.is_busy
    llm.fixed = reply("fine")
    assert await agent.run("again") == "fine" and agent.last_error is None
