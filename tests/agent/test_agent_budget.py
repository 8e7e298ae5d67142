"""The tool schemas count toward the budget: no request the app sends exceeds it (DESIGN §3).

A chat request is the view *plus* the tool schemas. The Agent reserves the schemas' tokens
out of the budget (the ContextManager's ``reserved_tokens``), the budget bar's figure is the
whole request, and a budget too small for the schemas fails clearly without sending anything.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from pi_desktop.agent import (
    Agent,
    ContextCompacted,
    ContextPrepared,
    Notice,
    OpenAIChatLLM,
    RunFailed,
    ToolCallFinished,
    build_workspace_tools,
)
from pi_desktop.agent.schema_budget import schema_tokens
from pi_desktop.context import Message, estimate_tokens
from pi_desktop.session import Session
from tests.agent.test_agent_e2e import SUMMARY, is_summarizer_request
from tests.kit.agent_doubles import (
    Recorder,
    ScriptedLLM,
    assert_paired,
    calls,
    echo_tool,
    long_session,
    reply,
    stored,
    summary_reply,
)
from tests.kit.openai_server import OpenAIServer, Reply, ToolCall


def from_wire(item: dict[str, Any]) -> Message:
    """A message as the server received it, back in our model (for the DESIGN estimate)."""
    metadata: dict[str, Any] | None = None
    if item.get("tool_calls"):
        metadata = {"tool_calls": item["tool_calls"]}
    elif item["role"] == "tool":
        metadata = {"tool_call_id": item.get("tool_call_id")}
    return Message(role=item["role"], content=item.get("content") or "", metadata=metadata)


def request_cost(body: dict[str, Any]) -> int:
    """The DESIGN estimate of the messages sent plus the tool schemas at 4 chars per token."""
    messages = [from_wire(m) for m in body["messages"]]
    return estimate_tokens(messages) + len(json.dumps(body.get("tools") or [])) // 4


# ------------------------------------------------------------------ through the real client


@pytest.mark.asyncio
async def test_seven_tools_and_a_small_budget_never_send_a_request_over_it(
    openai_server: OpenAIServer, llm: OpenAIChatLLM, tmp_path: Path
) -> None:
    budget = 2_500
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "big.log").write_text("".join(f"line {i}: " + "e" * 70 + "\n" for i in range(900)))
    (workspace / "notes.md").write_text("# Notes\n" + "a short note\n" * 30)
    tools = build_workspace_tools(workspace, allow_commands=True)
    assert len(tools) == 7
    reserved = len(json.dumps([t.schema() for t in tools])) // 4
    assert reserved > budget // 4  # the schemas are a large share of this budget

    asked = itertools.count()

    def answer(body: dict[str, Any]) -> Reply:
        if is_summarizer_request(body):
            return Reply(text=SUMMARY)
        if body["messages"][-1]["role"] != "user":
            return Reply(text="done with the tool: " + "d" * 30)
        turn = next(asked)
        if turn % 5 == 0:
            pick = [
                ToolCall("read_file", {"path": "big.log", "limit": 2000}),
                ToolCall("list_dir", {"path": "."}),
                ToolCall("read_file", {"path": "notes.md"}),
                ToolCall("grep", {"pattern": "line 1"}),  # ~9k chars: over the room
            ][(turn // 5) % 4]
            return Reply(tool_calls=[pick])
        return Reply(text=f"turn {turn}: " + "r" * (40 + 29 * (turn % 7)))

    openai_server.responder = answer
    path = tmp_path / "chat.jsonl"
    session = Session.create(path, system_prompt="You are a test assistant.", fsync=False)
    agent = Agent(llm, tools=tools, session=session, context_budget=budget)
    events = Recorder()
    agent.subscribe(events)
    for turn in range(120):
        text = await agent.run(f"user turn {turn}: " + "u" * (15 + 11 * (turn % 9)))
        assert text, f"turn {turn} failed: {agent.last_error}"
    session.close()

    costs = [(request_cost(body), is_summarizer_request(body)) for body in openai_server.requests]
    assert [c for c in costs if c[0] > budget] == []
    chat = [body for body in openai_server.requests if not is_summarizer_request(body)]
    assert len(chat) >= 120 and all(len(body["tools"]) == 7 for body in chat)
    assert all(
        not body.get("tools") for body in openai_server.requests if is_summarizer_request(body)
    )
    assert events.of(ContextCompacted) and any(s for _, s in costs)
    assert any(e.offloaded_path for e in events.of(ToolCallFinished))
    prepared = events.of(ContextPrepared)
    assert all(reserved <= e.estimated_tokens <= budget for e in prepared)
    assert all(e.report is not None and e.report.reserved_tokens >= reserved for e in prepared)
    assert max(e.estimated_tokens for e in prepared) > int(budget * 0.8) - reserved
    history = stored(path)
    assert sum(1 for m in history if m.role == "user") == 120
    assert_paired(history)


# ------------------------------------------------------------------ what the bar is told


@pytest.mark.asyncio
async def test_the_bar_figure_is_the_view_plus_the_tool_schemas(session: Session) -> None:
    long_session(session, 3, size=200)
    tools = [echo_tool()]
    agent = Agent(ScriptedLLM(reply("ok")), tools=tools, session=session, context_budget=20_000)
    reserved = schema_tokens([t.schema() for t in tools])
    assert reserved > 0 and agent.context is not None
    assert agent.context.reserved_tokens == reserved
    bar = agent.estimate_now()
    _, view_tokens = agent.context.preview(session.get_full_history_messages())
    assert bar.estimated_tokens == view_tokens + reserved
    rec = Recorder()
    agent.subscribe(rec)
    await agent.run("x")
    (prepared,) = rec.of(ContextPrepared)
    assert prepared.report is not None
    assert prepared.estimated_tokens == prepared.report.tokens + reserved
    assert prepared.report.request_tokens == prepared.estimated_tokens
    plain = Agent(ScriptedLLM(), tools=tools, session=session)  # no budget: still honest
    history = session.get_full_history_messages()
    assert plain.estimate_now().estimated_tokens == estimate_tokens(history) + reserved


@pytest.mark.asyncio
async def test_a_compaction_reports_whole_request_figures(session: Session) -> None:
    long_session(session, 14, size=500)
    tools = [echo_tool()]
    reserved = schema_tokens([t.schema() for t in tools])
    llm = ScriptedLLM(reply("ok"))
    agent = Agent(
        llm,
        tools=tools,
        session=session,
        context_budget=3_000,
        summarizer=ScriptedLLM(default=summary_reply()),
    )
    rec = Recorder()
    agent.subscribe(rec)
    await agent.run("go on")
    (compacted,) = rec.of(ContextCompacted)
    (prepared,) = rec.of(ContextPrepared)
    assert compacted.tokens_after == prepared.estimated_tokens <= int(3_000 * 0.8)
    assert compacted.tokens_before > int(3_000 * 0.8)
    entry = session.entries[compacted.entry_id]
    assert (entry.tokens_before, entry.tokens_after) == (
        compacted.tokens_before,
        compacted.tokens_after,
    )
    sent = llm.requests[0]
    assert estimate_tokens(sent, agent.context.ratio) + reserved <= int(3_000 * 0.8)


# ------------------------------------------------------------------ no room at all


@pytest.mark.asyncio
async def test_a_budget_the_schemas_fill_fails_clearly_without_sending(
    session: Session, tmp_path: Path
) -> None:
    tools = build_workspace_tools(tmp_path, allow_commands=True)
    reserved = schema_tokens([t.schema() for t in tools])
    budget = reserved  # threshold 0.8 of it is below the schemas alone
    llm = ScriptedLLM(default=reply("never"))
    agent = Agent(llm, tools=tools, session=session, context_budget=budget)
    assert agent.estimate_now().estimated_tokens > int(budget * 0.8)  # the bar shows it
    rec = Recorder()
    agent.subscribe(rec)

    assert await agent.run("hello") == ""

    (failed,) = rec.of(RunFailed)
    assert failed.kind == "overflow" and "tool definitions" in failed.error
    assert f"{reserved:,}" in failed.error
    assert llm.requests == [] and agent.summarizer_calls == 0
    assert agent.pending_turn() == "hello"  # kept: Retry works once the budget is raised
    assert await agent.compact() is False
    assert any("tool definitions" in n.text for n in rec.of(Notice)) and llm.requests == []


@pytest.mark.asyncio
async def test_a_tool_loop_under_a_tight_budget_keeps_every_request_within_it(
    session: Session,
) -> None:
    """Scripted: the view shrinks by exactly the schemas' share compared with no tools."""
    tools = [echo_tool()]
    reserved = schema_tokens([t.schema() for t in tools])
    budget = 4 * reserved + 800
    script = []
    for n in range(30):
        script += [calls((f"c{n}", "echo", json.dumps({"text": "t" * 150}))), reply("a" * 200)]
    llm = ScriptedLLM(*script)
    agent = Agent(
        llm,
        tools=tools,
        session=session,
        context_budget=budget,
        summarizer=ScriptedLLM(default=summary_reply()),
    )
    for n in range(30):
        assert await agent.run(f"q{n} " + "q" * 150)
    assert agent.context is not None and agent.context.summary is not None
    for sent in llm.requests:  # by the engine's own count (the class estimate, not chars/4)
        assert agent.context._request_tokens(sent) + reserved <= int(budget * 0.8) + 5
