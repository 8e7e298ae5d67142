"""DeepSeek's thinking mode with tools, against a server that enforces its rule (issue 17).

The server rejects (HTTP 400 "Missing `reasoning_content` field in the assistant message at
message index N") any request whose assistant message with tool calls lacks its reasoning.
Before the fix 4 of 5 such runs failed and jammed the session; now a 5-turn conversation with a
tool call each turn, a restart and more turns has no failed run. A control run with reasoning
switched off proves the server's rule bites.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pi_desktop.agent import Agent, MessageAdded, ReasoningDelta, RunFailed, TextDelta
from pi_desktop.agent.presets import build_llm
from pi_desktop.agent.stats import session_usage_totals
from pi_desktop.session import Session
from tests.kit.agent_doubles import Recorder, echo_tool
from tests.kit.provider_formats import ProviderServer, Turn


def deepseek_responder(body: dict) -> Turn:
    """Think, call the tool once per user turn, then think again and answer."""
    messages = body["messages"]
    last = messages[-1]
    turn_no = sum(1 for m in messages if m["role"] == "user")
    if last["role"] == "user":
        return Turn(
            reasoning=f"Turn {turn_no}: I should echo first.",
            tool_calls=[("echo", {"text": f"t{turn_no}"})],
            cached_tokens=16,
        )
    return Turn(
        reasoning=f"Turn {turn_no}: the tool said {last['content']!r}.",
        text=f"Done with turn {turn_no}.",
        cached_tokens=20,
    )


async def run_turns(agent: Agent, first: int, count: int) -> list[str]:
    answers = []
    for n in range(first, first + count):
        answers.append(await agent.run(f"Please echo t{n}."))
    return answers


@pytest.mark.asyncio
async def test_thinking_and_tools_over_five_turns_and_a_restart_never_fail(tmp_path: Path):
    path = tmp_path / "deepseek.jsonl"
    with ProviderServer("deepseek", deepseek_responder, deepseek_rule=True) as server:

        def llm():
            return build_llm(
                "deepseek", model="deepseek-chat", base_url=server.base_url, api_key="sk-x"
            )

        session = Session.create(path, system_prompt="You are terse.", fsync=False)
        first = llm()
        agent = Agent(first, [echo_tool()], session=session, context_budget=50_000)
        events = Recorder()
        agent.subscribe(events)
        answers = await run_turns(agent, 1, 5)
        await first.aclose()
        session.close()

        assert answers == [f"Done with turn {n}." for n in range(1, 6)]
        assert events.of(RunFailed) == [] and server.rejected == []
        thoughts = "".join(e.text for e in events.of(ReasoningDelta))
        assert "Turn 1: I should echo first." in thoughts
        assert "Turn 5: I should echo first." not in "".join(e.text for e in events.of(TextDelta))
        added = [e for e in events.of(MessageAdded) if e.message.role == "assistant"]
        assert len(added) == 10 and all(e.stats and e.stats["usage"] for e in added)

        # restart: a new app reads the file and goes on
        session = Session.load(path, fsync=False)
        second = llm()
        agent = Agent(second, [echo_tool()], session=session, context_budget=50_000)
        events = Recorder()
        agent.subscribe(events)
        answers = await run_turns(agent, 6, 2)
        await second.aclose()

        assert answers == ["Done with turn 6.", "Done with turn 7."]
        assert events.of(RunFailed) == [] and server.rejected == []
        last = server.chat_requests()[-1]["messages"]
        with_calls = [m for m in last if m["role"] == "assistant" and m.get("tool_calls")]
        plain = [m for m in last if m["role"] == "assistant" and not m.get("tool_calls")]
        assert len(with_calls) == 7 and all(m["reasoning_content"] for m in with_calls)
        assert plain and all("reasoning_content" not in m for m in plain)

        totals = session_usage_totals(session)
        assert totals.calls == 14 and totals.summarizer_calls == 0
        assert totals.cached == 7 * (16 + 20)
        assert 0 < totals.cache_hit_rate < 1
        session.close()

    # the file keeps every answer's reasoning and stats (plain turns' too)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    answers_on_file = [x for x in lines if x.get("type") == "message" and x["role"] == "assistant"]
    assert len(answers_on_file) == 14
    assert all(x["metadata"]["reasoning"].startswith("Turn ") for x in answers_on_file)
    assert all("usage" in x["stats"] and "reasoning" not in x["stats"] for x in answers_on_file)


@pytest.mark.asyncio
async def test_the_rule_server_rejects_a_client_that_drops_reasoning(tmp_path: Path):
    """Control: without sending reasoning back the same conversation fails on turn 1."""
    with ProviderServer("deepseek", deepseek_responder, deepseek_rule=True) as server:
        llm = build_llm("deepseek", model="deepseek-chat", base_url=server.base_url, api_key="k")
        llm.send_reasoning = False
        agent = Agent(llm, [echo_tool()], context_budget=50_000)
        events = Recorder()
        agent.subscribe(events)
        assert await agent.run("Please echo t1.") == ""
        await llm.aclose()
    failed = events.of(RunFailed)
    assert len(failed) == 1 and "Missing `reasoning_content` field" in failed[0].error
    assert "message index 1" in failed[0].error  # [user, assistant+calls, tool]


class _Recording:
    """The real DeepSeek client, with the messages of each request kept."""

    def __init__(self, inner):
        self.inner = inner
        self.requests: list[list] = []

    async def chat(self, messages, tools=None, on_delta=None, *, on_reasoning=None):
        self.requests.append(list(messages))
        return await self.inner.chat(messages, tools, on_delta, on_reasoning=on_reasoning)


@pytest.mark.asyncio
async def test_plain_turns_reasoning_is_kept_in_the_file_but_left_out_of_the_view(tmp_path):
    session = Session.create(tmp_path / "p.jsonl", fsync=False)
    with ProviderServer("deepseek", deepseek_responder) as server:
        inner = build_llm("deepseek", base_url=server.base_url, api_key="k")
        llm = _Recording(inner)
        agent = Agent(llm, [echo_tool()], session=session, context_budget=50_000)
        events = Recorder()
        agent.subscribe(events)
        await run_turns(agent, 1, 2)
        await inner.aclose()
    assert events.of(ReasoningDelta)  # the on_reasoning keyword reached the wrapper
    view = llm.requests[-1]
    answers = [m for m in view if m.role == "assistant" and not m.tool_calls]
    calls = [m for m in view if m.role == "assistant" and m.tool_calls]
    assert answers and all("reasoning" not in (m.metadata or {}) for m in answers)
    assert calls and all(m.metadata["reasoning"] for m in calls)
    on_file = [e for e in session.get_current_path() if e.role == "assistant"]
    assert all(e.metadata["reasoning"] for e in on_file)
    session.close()


SUMMARY = (
    "## Goal\nEcho things.\n## Constraints & Preferences\n- none\n## Progress\n### Done\n- echoed\n"
    "### In Progress\n- more\n### Blocked\n- nothing\n## Key Decisions\n- none\n## Next Steps\n"
    "- go on\n## Critical Context\n- the tool echoes"
)


def with_summaries(body: dict) -> Turn:
    if "tools" not in body:  # the summarizer's call (tools=[] is not sent)
        return Turn(text=SUMMARY, reasoning="Summarizing.")
    turn = deepseek_responder(body)
    turn.reasoning += " " + "mull it over " * 30  # long thoughts: they count when kept
    return turn


@pytest.mark.asyncio
async def test_a_restart_prepares_the_same_view_with_reasoning_and_compactions(tmp_path: Path):
    """The restored cache's kept tail holds reasoning exactly as the live history did."""
    path = tmp_path / "r.jsonl"
    with ProviderServer("deepseek", with_summaries, deepseek_rule=True) as server:
        llm = build_llm("deepseek", base_url=server.base_url, api_key="k")
        session = Session.create(path, system_prompt="You are terse.", fsync=False)
        agent = Agent(llm, [echo_tool()], session=session, context_budget=2_000)
        events = Recorder()
        agent.subscribe(events)
        await run_turns(agent, 1, 12)
        assert session.latest_compaction() is not None and events.of(RunFailed) == []
        live = agent.estimate_now()
        session.close()

        session = Session.load(path, fsync=False)
        again = Agent(llm, [echo_tool()], session=session, context_budget=2_000)
        restored = again.estimate_now()
        assert restored.estimated_tokens == live.estimated_tokens
        assert again.summarizer_calls == 0
        await run_turns(again, 13, 1)
        assert server.rejected == []
        await llm.aclose()
        session.close()


@pytest.mark.asyncio
async def test_tool_calls_made_with_thinking_off_do_not_jam_a_session_that_turns_it_on(
    tmp_path: Path,
):
    path = tmp_path / "switch.jsonl"

    def no_thinking(body: dict) -> Turn:
        turn = deepseek_responder(body)
        turn.reasoning = ""  # thinking disabled: no reasoning_content at all
        return turn

    with ProviderServer("deepseek", no_thinking) as server:
        llm = build_llm("deepseek", base_url=server.base_url, api_key="k", thinking=False)
        session = Session.create(path, fsync=False)
        await run_turns(Agent(llm, [echo_tool()], session=session), 1, 2)
        await llm.aclose()
        session.close()
    stored = Session.load(path, fsync=False)
    assert not any((e.metadata or {}).get("reasoning") for e in stored.get_current_path())
    with ProviderServer("deepseek", deepseek_responder, deepseek_rule=True) as server:
        llm = build_llm("deepseek", base_url=server.base_url, api_key="k", thinking=True)
        agent = Agent(llm, [echo_tool()], session=stored)
        events = Recorder()
        agent.subscribe(events)
        await run_turns(agent, 3, 2)
        await llm.aclose()
        sent = server.chat_requests()[-1]["messages"]
    assert events.of(RunFailed) == [] and server.rejected == []
    old_calls = [m for m in sent if m.get("tool_calls")][:2]
    assert [m["reasoning_content"] for m in old_calls] == ["", ""]
    stored.close()
