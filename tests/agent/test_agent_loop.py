"""The Agent loop against a scripted test-double LLM: events, tools, failures, cancellation.

The double implements the LLM protocol in a few lines; the session, the ContextManager, the
bridge and the tools are the real ones. End-to-end runs through the real OpenAI client and the
loopback server are in ``test_agent_e2e.py``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from pi_desktop.agent import (
    Agent,
    ChatResponse,
    CompactionStarted,
    ContextCompacted,
    ContextOverflowError,
    ContextPrepared,
    MessageAdded,
    ProviderError,
    RetryScheduled,
    RunFailed,
    RunFinished,
    RunStarted,
    TextDelta,
    Tool,
    ToolCallFinished,
    ToolCallStarted,
    TransientProviderError,
    UsageRecorded,
)
from pi_desktop.context import Message
from pi_desktop.context.tokens import chars_of
from pi_desktop.session import RewindError, Session

Step = ChatResponse | BaseException | Callable[..., Awaitable[ChatResponse]]


class ScriptedLLM:
    """Answers from a script: a response, an exception to raise, or a coroutine function."""

    def __init__(self, *steps: Step, default: Step | None = None) -> None:
        self.steps = list(steps)
        self.default = default
        self.requests: list[list[Message]] = []
        self.tools: list[Any] = []

    async def chat(
        self,
        messages: Sequence[Message],
        tools: Sequence[dict[str, Any]] | None = None,
        on_delta: Callable[[str], Any] | None = None,
    ) -> ChatResponse:
        self.requests.append(list(messages))
        self.tools.append(tools)
        if self.steps:
            step = self.steps.pop(0)
        elif self.default is not None:
            step = self.default
        else:
            raise AssertionError("the scripted LLM ran out of replies")
        if isinstance(step, BaseException):
            raise step
        if callable(step):
            return await step(messages, tools, on_delta)
        if on_delta is not None and step.message.content:
            on_delta(step.message.content)
        return step


def reply(text: str, usage: dict[str, int] | None = None) -> ChatResponse:
    return ChatResponse(Message(role="assistant", content=text), usage=usage, model="scripted")


def calls(*specs: tuple[str, str, str], text: str = "") -> ChatResponse:
    tool_calls = [
        {"id": cid, "type": "function", "function": {"name": name, "arguments": args}}
        for cid, name, args in specs
    ]
    msg = Message(role="assistant", content=text, metadata={"tool_calls": tool_calls})
    return ChatResponse(msg, usage=None, model="scripted")


def summary_reply(text: str = "the story so far") -> ChatResponse:
    return reply(f"<analysis>draft</analysis><summary>## Goal\n{text}</summary>")


def echo_tool(log: list[dict] | None = None) -> Tool:
    async def handler(args: dict) -> str:
        if log is not None:
            log.append(args)
        return f"echo: {args.get('text', '')}"

    params = {
        "type": "object",
        "properties": {"text": {"type": "string"}},
        "required": ["text"],
    }
    return Tool("echo", "Echo the text back.", params, handler)


class Recorder:
    def __init__(self) -> None:
        self.events: list[Any] = []

    def __call__(self, event: Any) -> None:
        self.events.append(event)

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]

    def kinds(self) -> list[str]:
        return [type(e).__name__ for e in self.events]


def stored(path: Path) -> list[Message]:
    """What a restarted app would read from the file (read-only, no lock needed)."""
    reread = Session.load(path, read_only=True)
    try:
        return reread.get_full_history_messages()
    finally:
        reread.close()


def assert_paired(messages: Sequence[Message]) -> None:
    """Every tool call has exactly one result right after its assistant message, and back."""
    i = 0
    while i < len(messages):
        msg = messages[i]
        assert msg.role != "tool", f"orphan tool result at {i}"
        ids = [c["id"] for c in msg.tool_calls]
        i += 1
        answered = []
        while i < len(messages) and messages[i].role == "tool":
            answered.append(messages[i].tool_call_id)
            i += 1
        assert answered == ids, f"calls {ids} answered by {answered}"


@pytest.fixture
def session(tmp_path: Path):
    s = Session.create(tmp_path / "chat.jsonl", system_prompt="You are terse.", fsync=False)
    yield s
    s.close()


# ------------------------------------------------------------------ the basic loop


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
    agent = Agent(ScriptedLLM(reply("fine")))
    agent.subscribe(explode)
    unsubscribe = agent.subscribe(got.append)

    assert await agent.run("hello") == "fine"
    assert isinstance(got[0], RunStarted) and isinstance(got[-1], RunFinished)

    unsubscribe()
    agent.unsubscribe(explode)
    agent.unsubscribe(explode)  # twice is harmless
    count = len(got)
    agent._llm = ScriptedLLM(reply("again"))  # type: ignore[attr-defined]
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


# ------------------------------------------------------------------ provider failures


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
    llm2 = ScriptedLLM(reply("x"))
    agent._llm = llm2  # type: ignore[attr-defined]
    await agent.run("next")
    assert [m.content for m in llm2.requests[0] if m.role == "assistant"] == ["Whole answer"]


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


# ------------------------------------------------------------------ cancellation


@pytest.mark.asyncio
async def test_stop_mid_stream_keeps_the_partial_answer_marked_stopped(session: Session) -> None:
    streaming = asyncio.Event()

    async def streams_then_hangs(messages: Any, tools: Any, on_delta: Any) -> ChatResponse:
        on_delta("The answer ")
        on_delta("is")
        streaming.set()
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    agent = Agent(ScriptedLLM(streams_then_hangs), session=session, context_budget=10_000)
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
    agent._llm = ScriptedLLM(reply("again"))  # type: ignore[attr-defined]
    assert await agent.run("go on") == "again"


@pytest.mark.asyncio
async def test_stop_before_any_text_stores_only_the_question(session: Session) -> None:
    waiting = asyncio.Event()

    async def hangs(messages: Any, tools: Any, on_delta: Any) -> ChatResponse:
        waiting.set()
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

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

    async def hangs(messages: Any, tools: Any, on_delta: Any) -> ChatResponse:
        summarizing.set()
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

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


# ------------------------------------------------------------------ compaction and rewind


def _long_session(session: Session, turns: int, size: int = 500) -> None:
    for n in range(turns):
        session.append_message(Message(role="user", content=f"q{n} " + "x" * size))
        session.append_message(Message(role="assistant", content=f"a{n} " + "y" * size))


@pytest.mark.asyncio
async def test_automatic_compaction_is_announced_persisted_and_hides_entries(
    session: Session,
) -> None:
    _long_session(session, 10)
    summarizer = ScriptedLLM(default=summary_reply())
    agent = Agent(
        ScriptedLLM(reply("ok")), session=session, context_budget=2_000, summarizer=summarizer
    )
    rec = Recorder()
    agent.subscribe(rec)
    await agent.run("next")

    kinds = rec.kinds()
    assert kinds.index("CompactionStarted") < kinds.index("ContextCompacted")
    assert kinds.index("ContextCompacted") < kinds.index("ContextPrepared")
    assert rec.of(CompactionStarted) == [CompactionStarted(manual=False)]
    compacted = rec.of(ContextCompacted)[0]
    entry = session.entries[compacted.entry_id]
    assert entry.type == "compaction" and entry.summary == compacted.summary
    prepared = rec.of(ContextPrepared)[0]
    assert prepared.report is not None and prepared.report.summarized
    assert prepared.estimated_tokens <= int(2_000 * 0.8)
    path_ids = [e.id for e in session.get_current_path()]
    assert prepared.hidden_entry_ids and set(prepared.hidden_entry_ids) <= set(path_ids)
    assert prepared.hidden_entry_ids == tuple(path_ids[: len(prepared.hidden_entry_ids)])


@pytest.mark.asyncio
async def test_manual_compact_emits_persists_and_refuses_when_busy(session: Session) -> None:
    _long_session(session, 4, size=200)
    agent = Agent(
        ScriptedLLM(),
        session=session,
        context_budget=100_000,
        summarizer=ScriptedLLM(summary_reply("focus on tests")),
    )
    rec = Recorder()
    agent.subscribe(rec)

    assert await agent.compact("focus on tests") is True

    assert rec.kinds() == ["CompactionStarted", "ContextCompacted", "ContextPrepared"]
    assert rec.events[0] == CompactionStarted(manual=True)
    compacted = rec.of(ContextCompacted)[0]
    assert compacted.manual and compacted.entry_id in session.entries
    assert session.entries[compacted.entry_id].manual
    assert session.compaction_floor == session.current_id
    assert not agent.is_busy
    assert await Agent(ScriptedLLM()).compact() is False  # no context management


@pytest.mark.asyncio
async def test_manual_compact_with_a_failing_summarizer_reports_and_returns_false(
    session: Session,
) -> None:
    _long_session(session, 4, size=200)
    agent = Agent(
        ScriptedLLM(),
        session=session,
        context_budget=100_000,
        summarizer=ScriptedLLM(ProviderError("HTTP 500")),
    )
    rec = Recorder()
    agent.subscribe(rec)
    assert await agent.compact() is False
    assert rec.kinds()[:1] == ["CompactionStarted"]
    assert "ContextPrepared" in rec.kinds() and "ContextCompacted" not in rec.kinds()
    assert session.latest_compaction() is None


@pytest.mark.asyncio
async def test_rewind_resets_the_cache_and_reports_a_fresh_estimate(session: Session) -> None:
    _long_session(session, 10)
    agent = Agent(
        ScriptedLLM(reply("ok")),
        session=session,
        context_budget=2_000,
        summarizer=ScriptedLLM(default=summary_reply()),
    )
    await agent.run("next")
    comp = session.latest_compaction()
    assert comp is not None
    rec = Recorder()
    agent.subscribe(rec)
    path = session.get_current_path()

    with pytest.raises(RewindError):
        agent.rewind(path[0].id)  # sealed below the floor
    assert rec.events == []

    floor = session.compaction_floor
    assert floor is not None
    agent.rewind(floor)
    assert session.current_id == floor
    (event,) = rec.events
    assert isinstance(event, ContextPrepared)
    assert agent.context is not None and agent.context.summary == comp.summary  # restored
    assert event.estimated_tokens == agent.estimate_now().estimated_tokens


def test_estimate_now_reflects_the_history_without_calling_any_llm(session: Session) -> None:
    _long_session(session, 3, size=100)
    llm = ScriptedLLM()
    agent = Agent(llm, session=session, context_budget=10_000)
    est = agent.estimate_now()
    assert est.budget == 10_000 and est.threshold == 0.8
    assert est.estimated_tokens > 0 and llm.requests == []
    plain = Agent(ScriptedLLM(), session=session)
    from pi_desktop.context import estimate_tokens

    assert plain.estimate_now().estimated_tokens == estimate_tokens(
        session.get_full_history_messages()
    )
    assert plain.estimate_now().budget is None


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


def test_constructor_validates_its_arguments() -> None:
    for kwargs in ({"context_budget": 0}, {"threshold": 0}, {"threshold": 1.5}, {"max_steps": 0}):
        with pytest.raises(ValueError):
            Agent(ScriptedLLM(), **kwargs)
    with pytest.raises(ValueError):
        Agent(ScriptedLLM(), tools=[echo_tool(), echo_tool()])
    assert Agent(ScriptedLLM()).estimate_now().estimated_tokens == 1  # "[]" is 2 chars


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


@pytest.mark.asyncio
async def test_stop_during_manual_compaction_still_refreshes_the_bar(session: Session) -> None:
    _long_session(session, 4, size=200)
    summarizing = asyncio.Event()

    async def hangs(messages: Any, tools: Any, on_delta: Any) -> ChatResponse:
        summarizing.set()
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

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


@pytest.mark.asyncio
async def test_plain_function_handlers_work_too() -> None:
    def shout(args: dict) -> str:
        return str(args.get("text", "")).upper()

    tool = Tool("shout", "", {"type": "object"}, shout)  # type: ignore[arg-type]
    llm = ScriptedLLM(calls(("s", "shout", '{"text": "hey"}')), reply("done"))
    await Agent(llm, tools=[tool]).run("go")
    assert llm.requests[1][-1].content == "HEY"


@pytest.mark.asyncio
async def test_snipped_middle_is_reported_as_hidden_entries(session: Session) -> None:
    for n in range(40):
        session.append_message(Message(role="user", content=f"q{n}"))
        session.append_message(Message(role="assistant", content=f"a{n}"))
    llm = ScriptedLLM(reply("ok"))
    agent = Agent(llm, session=session, context_budget=1_000_000)
    rec = Recorder()
    agent.subscribe(rec)
    await agent.run("latest")
    (prepared,) = rec.of(ContextPrepared)
    report = prepared.report
    assert report is not None and report.snipped and not report.summarized
    path_ids = [e.id for e in session.get_current_path()]
    assert prepared.hidden_entry_ids == tuple(path_ids[i - 1] for i in report.snipped)
    sent = {m.content for m in llm.requests[0]}
    hidden = {session.entries[i].content for i in prepared.hidden_entry_ids}
    assert hidden and not hidden & sent  # what is reported hidden really was not sent


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
