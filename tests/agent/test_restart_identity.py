"""A restarted app continues exactly as the live one: same summarizer calls, same view.

A long session (120 turns, a compaction every few turns, tool calls, a token ratio far from the
default) runs live; at 8 points its file is copied and opened by a fresh Agent, as after a
restart. Both then take the same next turn: the restarted one must make exactly the summarizer
calls the live one makes and send exactly the same request. The models answer
deterministically from what they receive, so any difference in the view shows up.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from pi_desktop.agent import Agent, ChatResponse, ContextCompacted, ContextPrepared
from pi_desktop.context import Message
from pi_desktop.session import Session
from tests.kit.agent_doubles import Recorder, echo_tool

TURNS = 120
RESTART_POINTS = (7, 19, 33, 48, 61, 77, 95, 112)
BUDGET = 2400


class Deterministic:
    """Chat model and summarizer whose answers depend only on the request.

    Usage reports ~1 token per 3 serialised chars — far from the default estimate of 4 — so
    a restart that forgot the anchor would judge the same view differently.
    """

    def __init__(self) -> None:
        self.requests: list[list[Message]] = []
        self.summaries = 0

    async def chat(
        self,
        messages: Sequence[Message],
        tools: Sequence[dict[str, Any]] | None = None,
        on_delta: Any = None,
    ) -> ChatResponse:
        self.requests.append(list(messages))
        chars = len(json.dumps([m.model_dump() for m in messages], ensure_ascii=False))
        usage = {"prompt_tokens": chars // 3 + 7, "completion_tokens": 20}
        if tools == []:  # the summarizer
            self.summaries += 1
            text = (
                "<summary>## Goal\nkeep going\n## Constraints & Preferences\n- terse\n"
                "## Progress\n### Done\n- many turns\n### In Progress\n- this one\n"
                "### Blocked\n-\n## Key Decisions\n- none\n## Next Steps\n- more\n"
                f"## Critical Context\n- {len(messages)} messages seen</summary>"
            )
            return ChatResponse(Message(role="assistant", content=text), usage, "sum")
        last = messages[-1]
        if last.role == "user" and "tool" in last.content:
            call = {
                "id": f"call-{len(messages)}",
                "type": "function",
                "function": {"name": "echo", "arguments": json.dumps({"text": "t" * 120})},
            }
            message = Message(role="assistant", metadata={"tool_calls": [call]})
            return ChatResponse(message, usage, "m")
        text = f"answer after {len(messages)} messages: " + "w" * 260
        return ChatResponse(Message(role="assistant", content=text), usage, "m")


def _agent(path: Path) -> tuple[Agent, Deterministic, Deterministic, Recorder]:
    chat, summarizer = Deterministic(), Deterministic()
    session = Session.load(path, fsync=False)
    agent = Agent(
        chat, [echo_tool()], session=session, context_budget=BUDGET, summarizer=summarizer
    )
    events = Recorder()
    agent.subscribe(events)
    return agent, chat, summarizer, events


def _text(turn: int) -> str:
    extra = "please use the tool " if turn % 4 == 1 else ""
    return f"turn {turn}: {extra}" + "q" * (180 + 37 * (turn % 5))


@pytest.mark.asyncio
async def test_restarts_make_the_same_summarizer_calls_and_views(tmp_path: Path) -> None:
    path = tmp_path / "live.jsonl"
    Session.create(path, system_prompt="You are terse.", fsync=False).close()
    live, chat, summarizer, live_events = _agent(path)
    compactions_before_restarts = []
    checked = 0
    for turn in range(TURNS):
        restarted = None
        if turn in RESTART_POINTS:
            copy = tmp_path / f"restart{turn}" / "chat.jsonl"
            copy.parent.mkdir()
            shutil.copy(path, copy)
            restarted = _agent(copy)
            compactions_before_restarts.append(len(live_events.of(ContextCompacted)))
        summaries, requests, events = (
            summarizer.summaries,
            len(chat.requests),
            len(live_events.events),
        )
        await live.run(_text(turn))
        assert live.last_error is None
        if restarted is None:
            continue
        agent, chat2, summarizer2, events2 = restarted
        await agent.run(_text(turn))
        assert agent.last_error is None
        assert summarizer2.summaries == summarizer.summaries - summaries, f"turn {turn}"
        assert chat2.requests == chat.requests[requests:], f"turn {turn}: views differ"
        live_prepared = [
            (e.estimated_tokens, e.ratio)
            for e in live_events.events[events:]
            if isinstance(e, ContextPrepared)
        ]
        assert [(e.estimated_tokens, e.ratio) for e in events2.of(ContextPrepared)] == live_prepared
        assert agent.session is not None
        agent.session.close()
        checked += 1
    assert checked == len(RESTART_POINTS)
    compactions = len(live_events.of(ContextCompacted))
    assert compactions >= 15, "the session must compact every few turns"
    # every restart point but the first lies after compactions (a cache to restore)
    assert all(n >= 1 for n in compactions_before_restarts[1:]), compactions_before_restarts
    assert live.session is not None
    live.session.close()
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    usage_lines = sum(1 for x in lines if x["type"] == "usage")
    model_calls = len(chat.requests)
    assert 0 < usage_lines <= model_calls  # at most one per model call, only on change
    print(f"compactions {compactions}, before restarts {compactions_before_restarts}")


@pytest.mark.asyncio
async def test_a_restart_after_l2_cleared_sends_the_same_view(tmp_path: Path) -> None:
    """L2 cleared old tool results in bulk and no summary ran yet: the restarted app must
    placeholder the same results (its horizon is saved with the usage anchor)."""
    from pi_desktop.agent import Tool

    async def big(args: dict) -> str:
        return f"result {args.get('text', '')}: " + "r" * 900

    schema = {"type": "object", "properties": {"text": {"type": "string"}}}
    tool = Tool("echo", "Return a large result.", schema, big)
    path = tmp_path / "live.jsonl"
    Session.create(path, system_prompt="You are terse.", fsync=False).close()

    def agent_on(file: Path) -> tuple[Agent, Deterministic, Deterministic, Recorder]:
        chat, summarizer = Deterministic(), Deterministic()
        agent = Agent(
            chat,
            [tool],
            session=Session.load(file, fsync=False),
            context_budget=30_000,
            summarizer=summarizer,
        )
        agent.context.max_messages = 1_000  # L1 out of the way: L2 is under test
        events = Recorder()
        agent.subscribe(events)
        return agent, chat, summarizer, events

    live, chat, summarizer, events = agent_on(path)
    cleared = False
    for turn in range(120):
        await live.run(f"turn {turn}: please use the tool " + "q" * 100)
        assert live.last_error is None
        report = live.context.last_report
        cleared = cleared or bool(report.micro_compacted)
        if cleared:
            break
    assert cleared and not events.of(ContextCompacted), "L2 must have cleared before any summary"
    copy = tmp_path / "restart" / "chat.jsonl"
    copy.parent.mkdir()
    shutil.copy(path, copy)
    restarted, chat2, summarizer2, _ = agent_on(copy)
    requests, summaries = len(chat.requests), summarizer.summaries
    await live.run("and now?")
    await restarted.run("and now?")
    assert chat2.requests == chat.requests[requests:]
    assert summarizer2.summaries == summarizer.summaries - summaries == 0
    assert any(m.content.startswith("[Earlier tool result") for m in chat2.requests[0])
    live.session.close()
    restarted.session.close()
