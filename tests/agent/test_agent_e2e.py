"""The Agent end to end: the real ``OpenAIChatLLM`` (``openai`` client) against the loopback
server, a real session file, the real ContextManager and the real workspace tools.

Each fault the server can inject is driven through the whole loop, and the file on disk is
checked by reloading it the way a restarted app would.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pi_desktop.agent import (
    Agent,
    ContextCompacted,
    ContextPrepared,
    OpenAIChatLLM,
    RetryScheduled,
    RunFailed,
    RunFinished,
    TextDelta,
    ToolCallFinished,
    build_workspace_tools,
)
from pi_desktop.agent.tools import ApprovalRequest
from pi_desktop.context import SUMMARIZATION_SYSTEM_PROMPT, Message
from pi_desktop.session import Session
from tests.kit.agent_doubles import (
    Recorder,
    assert_paired,
    budget_only_the_cache_fits,
    stored,
)
from tests.kit.openai_server import OVERFLOW_BODIES, OpenAIServer, Reply, ToolCall

SUMMARY = (
    "<analysis>scratch</analysis><summary>## Goal\nKeep chatting\n## Constraints & Preferences\n"
    "- none\n## Progress\n### Done\n- earlier turns\n### In Progress\n- this turn\n"
    "### Blocked\n- nothing\n## Key Decisions\n- none\n## Next Steps\n- continue\n"
    "## Critical Context\n- the loopback server</summary>"
)


def is_summarizer_request(body: dict[str, Any]) -> bool:
    messages = body.get("messages") or []
    return bool(messages) and messages[0].get("content") == SUMMARIZATION_SYSTEM_PROMPT


def chat_requests(server: OpenAIServer) -> list[dict[str, Any]]:
    return [b for b in server.requests if not is_summarizer_request(b)]


def summarizer_requests(server: OpenAIServer) -> list[dict[str, Any]]:
    return [b for b in server.requests if is_summarizer_request(b)]


def responder(answer: Callable[[dict[str, Any]], Reply]) -> Callable[[dict[str, Any]], Reply]:
    """Summaries for summarizer requests, ``answer(body)`` for chat requests."""

    def respond(body: dict[str, Any]) -> Reply:
        if is_summarizer_request(body):
            return Reply(text=SUMMARY)
        return answer(body)

    return respond


@pytest.fixture
def session_path(tmp_path: Path) -> Path:
    return tmp_path / "sessions" / "chat.jsonl"


def new_session(path: Path, system_prompt: str | None = "You are a test assistant.") -> Session:
    path.parent.mkdir(parents=True, exist_ok=True)
    return Session.create(path, system_prompt=system_prompt, fsync=False)


# ------------------------------------------------------------------ persistence and restart


@pytest.mark.asyncio
async def test_compaction_is_persisted_and_restored_after_restart_with_zero_summarizer_calls(
    openai_server: OpenAIServer, llm: OpenAIChatLLM, session_path: Path
) -> None:
    openai_server.responder = responder(lambda body: Reply(text="noted: " + "z" * 300))
    session = new_session(session_path)
    agent = Agent(llm, session=session, context_budget=2_000)
    events = Recorder()
    agent.subscribe(events)
    for n in range(12):
        await agent.run(f"turn {n}: " + "w" * 300)
    compactions = events.of(ContextCompacted)
    assert compactions, "the conversation should have outgrown the budget"
    made = len(summarizer_requests(openai_server))
    assert made >= 1 and agent.summarizer_calls == made
    latest = session.latest_compaction()
    assert latest is not None and latest.id == compactions[-1].entry_id
    session.close()

    # restart: a new Session object on the same file, a new Agent, a new client
    reopened = Session.load(session_path, fsync=False)
    async with OpenAIChatLLM(
        "test-model", base_url=openai_server.base_url, api_key="sk-test-key"
    ) as llm2:
        budget = budget_only_the_cache_fits(reopened, "after the restart")
        restarted = Agent(llm2, session=reopened, context_budget=budget)
        assert restarted.context is not None and restarted.context.summary == latest.summary
        before = len(openai_server.requests)
        events2 = Recorder()
        restarted.subscribe(events2)
        await restarted.run("after the restart")
    reopened.close()

    assert len(openai_server.requests) == before + 1  # the chat request only
    assert restarted.summarizer_calls == 0 and len(summarizer_requests(openai_server)) == made
    sent = openai_server.requests[-1]["messages"]
    assert sent[0]["role"] == "system"
    assert "Keep chatting" in sent[1]["content"]  # the restored summary leads the view
    prepared = events2.of(ContextPrepared)[0]
    assert prepared.report is not None and prepared.report.cache_used
    assert prepared.estimated_tokens <= int(budget * 0.8)


@pytest.mark.asyncio
async def test_estimate_now_at_startup_matches_the_first_prepare_after_restart(
    openai_server: OpenAIServer, llm: OpenAIChatLLM, session_path: Path
) -> None:
    openai_server.responder = responder(lambda body: Reply(text="ok " + "q" * 200))
    session = new_session(session_path)
    agent = Agent(llm, session=session, context_budget=1_500)
    for n in range(10):
        await agent.run(f"message {n} " + "m" * 250)
    assert session.latest_compaction() is not None
    session.close()
    reopened = Session.load(session_path, fsync=False)
    budget = budget_only_the_cache_fits(reopened, "")
    restarted = Agent(llm, session=reopened, context_budget=budget)
    bar = restarted.estimate_now()  # what the window shows before anything is sent
    events = Recorder()
    restarted.subscribe(events)
    openai_server.responder = responder(lambda body: Reply(text="x"))
    await restarted.run("")
    reopened.close()
    first = events.of(ContextPrepared)[0]
    assert bar.budget == first.budget == budget
    assert first.report is not None and first.report.cache_used and not first.report.summarized
    # the first prepare also carries the new (empty) user message: a few tokens more
    assert 0 <= first.estimated_tokens - bar.estimated_tokens <= 20


# ------------------------------------------------------------------ provider faults


@pytest.mark.parametrize("provider", sorted(OVERFLOW_BODIES))
@pytest.mark.asyncio
async def test_context_overflow_forces_a_compaction_and_one_retry(
    openai_server: OpenAIServer, llm: OpenAIChatLLM, session_path: Path, provider: str
) -> None:
    session = new_session(session_path)
    for n in range(6):
        session.append_message(Message(role="user", content=f"q{n} " + "x" * 400))
        session.append_message(Message(role="assistant", content=f"a{n} " + "y" * 400))
    openai_server.enqueue(Reply.context_overflow(provider), Reply(text=SUMMARY))
    openai_server.enqueue(Reply(text="now it fits"))
    agent = Agent(llm, session=session, context_budget=100_000, retry_base_delay=0.001)
    events = Recorder()
    agent.subscribe(events)

    assert await agent.run("next question") == "now it fits"

    assert [is_summarizer_request(b) for b in openai_server.requests] == [False, True, False]
    first, _, retry = openai_server.requests
    assert len(retry["messages"]) < len(first["messages"])
    assert not events.of(RetryScheduled)  # overflow is not a transient retry
    (compacted,) = events.of(ContextCompacted)
    assert session.entries[compacted.entry_id].type == "compaction"
    session.close()


@pytest.mark.asyncio
async def test_overflow_twice_ends_with_a_clear_failure(
    openai_server: OpenAIServer, llm: OpenAIChatLLM, session_path: Path
) -> None:
    session = new_session(session_path)
    for n in range(4):
        session.append_message(Message(role="user", content=f"q{n} " + "x" * 400))
        session.append_message(Message(role="assistant", content=f"a{n} " + "y" * 400))
    openai_server.enqueue(Reply.context_overflow(), Reply(text=SUMMARY), Reply.context_overflow())
    agent = Agent(llm, session=session, context_budget=100_000)
    events = Recorder()
    agent.subscribe(events)
    assert await agent.run("q") == ""
    (failed,) = events.of(RunFailed)
    assert failed.kind == "overflow" and "context window" in failed.error
    assert "sk-test-key" not in failed.error
    assert len(openai_server.requests) == 3
    session.close()


@pytest.mark.asyncio
async def test_rate_limits_and_server_errors_are_retried_with_retry_after(
    openai_server: OpenAIServer, llm: OpenAIChatLLM
) -> None:
    openai_server.enqueue(
        Reply.rate_limited(retry_after="0.05"),
        Reply.server_error(503),
        Reply.cut("This answer will be cut off half way", after_chars=10),
        Reply(text="Complete answer"),
    )
    agent = Agent(llm, max_retries=3, retry_base_delay=0.01)
    events = Recorder()
    agent.subscribe(events)

    assert await agent.run("hello") == "Complete answer"

    retries = events.of(RetryScheduled)
    assert [r.attempt for r in retries] == [1, 2, 3]
    assert retries[0].delay == 0.05  # the server's Retry-After, honoured
    assert [r.delay for r in retries[1:]] == [0.02, 0.04]  # our backoff where none was given
    assert "429" in retries[0].reason and "503" in retries[1].reason
    assert len(openai_server.requests) == 4
    assert events.of(RunFinished)[0].steps == 1


@pytest.mark.asyncio
async def test_retries_run_out_into_a_provider_failure(
    openai_server: OpenAIServer, llm: OpenAIChatLLM
) -> None:
    openai_server.enqueue(*[Reply.server_error(500) for _ in range(3)])
    agent = Agent(llm, max_retries=2, retry_base_delay=0.001)
    events = Recorder()
    agent.subscribe(events)
    assert await agent.run("hello") == ""
    assert len(openai_server.requests) == 3
    assert events.of(RunFailed)[0].kind == "provider"


@pytest.mark.asyncio
async def test_garbage_tool_arguments_from_the_server_become_a_readable_error(
    openai_server: OpenAIServer, llm: OpenAIChatLLM, tmp_path: Path
) -> None:
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "README.md").write_text("# Hello\n")
    openai_server.enqueue(
        Reply(tool_calls=[ToolCall("read_file", '{"path": "README.md"', id="bad")]),
        Reply(tool_calls=[ToolCall("read_file", {"path": "README.md"}, id="good")]),
        Reply(text="It says hello."),
    )
    agent = Agent(llm, tools=build_workspace_tools(workspace))
    events = Recorder()
    agent.subscribe(events)

    assert await agent.run("read the readme") == "It says hello."

    bad, good = events.of(ToolCallFinished)
    assert (
        bad.is_error and "not valid JSON" in bad.result and bad.arguments == '{"path": "README.md"'
    )
    assert not good.is_error and "# Hello" in good.result
    second = openai_server.requests[1]["messages"]
    assert second[-1]["role"] == "tool" and second[-1]["tool_call_id"] == "bad"
    assert "not valid JSON" in second[-1]["content"]
    assert second[-2]["tool_calls"][0]["function"]["arguments"] == '{"path": "README.md"'


# ------------------------------------------------------------------ approval


@pytest.mark.parametrize("approved", [True, False])
@pytest.mark.asyncio
async def test_writes_wait_for_the_users_approval(
    openai_server: OpenAIServer,
    llm: OpenAIChatLLM,
    tmp_path: Path,
    session_path: Path,
    approved: bool,
) -> None:
    workspace = tmp_path / "ws"
    workspace.mkdir()
    asked: list[ApprovalRequest] = []
    decision: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

    async def approve(request: ApprovalRequest) -> bool:
        asked.append(request)
        return await decision  # like the window: a dialog answered later, loop not blocked

    openai_server.enqueue(
        Reply(tool_calls=[ToolCall("write_file", {"path": "notes.txt", "content": "hi"}, id="w")]),
        Reply(text="Done." if approved else "Understood, not written."),
    )
    session = new_session(session_path)
    agent = Agent(llm, tools=build_workspace_tools(workspace, approve=approve), session=session)
    events = Recorder()
    agent.subscribe(events)
    task = asyncio.ensure_future(agent.run("write hi into notes.txt"))
    while not asked:
        await asyncio.sleep(0.01)
    assert asked[0].tool_name == "write_file" and agent.is_busy
    decision.set_result(approved)
    await task

    (finished,) = events.of(ToolCallFinished)
    assert finished.is_error is (not approved)
    assert (workspace / "notes.txt").exists() is approved
    if not approved:
        assert "denied" in finished.result
        sent = openai_server.requests[1]["messages"][-1]
        assert sent["role"] == "tool" and "denied" in sent["content"]
    assert_paired(stored(session_path))
    session.close()


@pytest.mark.asyncio
async def test_stop_while_waiting_for_approval_writes_nothing_and_stays_consistent(
    openai_server: OpenAIServer, llm: OpenAIChatLLM, tmp_path: Path, session_path: Path
) -> None:
    workspace = tmp_path / "ws"
    workspace.mkdir()
    asking = asyncio.Event()

    async def approve(request: ApprovalRequest) -> bool:
        asking.set()
        await asyncio.Event().wait()  # the user never answers; they press Stop
        return True

    openai_server.enqueue(
        Reply(tool_calls=[ToolCall("write_file", {"path": "a.txt", "content": "x"}, id="w1")])
    )
    session = new_session(session_path)
    agent = Agent(llm, tools=build_workspace_tools(workspace, approve=approve), session=session)
    task = asyncio.ensure_future(agent.run("write"))
    await asyncio.wait_for(asking.wait(), timeout=30)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert not (workspace / "a.txt").exists()
    history = stored(session_path)
    assert_paired(history)
    assert history[-1].content == "[cancelled by user]"
    session.close()


# ------------------------------------------------------------------ cancellation mid-stream


@pytest.mark.asyncio
async def test_stop_mid_stream_through_the_real_client_keeps_the_partial_answer(
    openai_server: OpenAIServer, llm: OpenAIChatLLM, session_path: Path
) -> None:
    openai_server.enqueue(Reply(text="word " * 200, chunk_chars=5, chunk_delay=0.02))
    session = new_session(session_path)
    agent = Agent(llm, session=session, context_budget=10_000)
    first_text = asyncio.Event()
    events = Recorder()

    def on_event(event: Any) -> None:
        events(event)
        if isinstance(event, TextDelta) and event.text.strip():
            first_text.set()

    agent.subscribe(on_event)
    task = asyncio.ensure_future(agent.run("talk"))
    await asyncio.wait_for(first_text.wait(), timeout=30)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task

    streamed = "".join(e.text for e in events.of(TextDelta))
    assert streamed and len(streamed) < len("word " * 200)
    assert events.events[-1] == RunFinished(streamed, 1, stopped=True)
    session.close()
    last = stored(session_path)[-1]
    assert last.role == "assistant" and last.content == streamed
    assert last.metadata == {"stopped": True}


# ------------------------------------------------------------------ a long conversation


@pytest.mark.asyncio
async def test_two_hundred_turns_never_send_a_request_over_budget(
    openai_server: OpenAIServer, llm: OpenAIChatLLM, tmp_path: Path, session_path: Path
) -> None:
    budget = 3_000
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "big.log").write_text(
        "".join(f"log line {i}: " + "e" * 60 + "\n" for i in range(2000))
    )
    (workspace / "small.txt").write_text("small file\n" * 20)

    def answer(body: dict[str, Any]) -> Reply:
        turn = sum(1 for m in body["messages"] if m["role"] == "user")
        last = body["messages"][-1]
        if last["role"] == "user" and turn % 7 == 0:
            path = "big.log" if turn % 14 == 0 else "small.txt"
            return Reply(tool_calls=[ToolCall("read_file", {"path": path, "limit": 2000})])
        return Reply(text=f"answer to turn {turn}: " + "r" * (50 + 37 * (turn % 9)))

    openai_server.responder = responder(answer)
    session = new_session(session_path)
    agent = Agent(
        llm, tools=build_workspace_tools(workspace), session=session, context_budget=budget
    )
    events = Recorder()
    agent.subscribe(events)
    for turn in range(200):
        text = await agent.run(f"user turn {turn}: " + "u" * (20 + 13 * (turn % 11)))
        assert text, f"turn {turn} failed: {agent.last_error}"

    over = []
    for body in openai_server.requests:
        tokens = len(json.dumps(body["messages"], ensure_ascii=False)) // 4
        if tokens > budget:
            over.append(tokens)
    assert over == []
    assert len(chat_requests(openai_server)) >= 200
    assert events.of(ContextCompacted) and summarizer_requests(openai_server)
    assert not events.of(RunFailed)
    assert all(e.estimated_tokens <= budget for e in events.of(ContextPrepared))
    assert any(e.offloaded_path for e in events.of(ToolCallFinished))
    history = stored(session_path)
    assert sum(1 for m in history if m.role == "user") == 200  # nothing lost from the truth
    assert_paired(history)
    session.close()


@pytest.mark.asyncio
async def test_a_slow_first_byte_times_out_and_a_mid_stream_error_event_is_retried(
    openai_server: OpenAIServer, session_path: Path
) -> None:
    openai_server.enqueue(
        Reply.slow("too late", delay=2.0),
        Reply.stream_error("Partial text then an error event", after_chars=10),
        Reply(text="Third time lucky"),
    )
    session = new_session(session_path)
    async with OpenAIChatLLM(
        "test-model", base_url=openai_server.base_url, api_key="sk-test-key", timeout=0.3
    ) as llm:
        agent = Agent(llm, session=session, retry_base_delay=0.001)
        events = Recorder()
        agent.subscribe(events)
        assert await agent.run("hello") == "Third time lucky"
    reasons = [r.reason for r in events.of(RetryScheduled)]
    assert len(reasons) == 2
    assert "timed out" in reasons[0]
    assert "interrupted" in reasons[1] or "error" in reasons[1]
    history = stored(session_path)
    assert [(m.role, m.content) for m in history[1:]] == [
        ("user", "hello"),
        ("assistant", "Third time lucky"),  # the voided fragments were not stored
    ]
    session.close()
