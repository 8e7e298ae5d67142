"""A message that cannot fit the view even alone is refused before it is stored (issue 11.7):
no summarizer call, no compaction, nothing appended, ``RunFailed(kind="too_large")`` naming the
message's size and the budget. Driven through the real client against the loopback server."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pi_desktop.agent import Agent, CompactionStarted, ContextCompacted, OpenAIChatLLM, RunFailed
from pi_desktop.session import Session
from tests.kit.agent_doubles import Recorder
from tests.kit.openai_server import OpenAIServer, Reply

pytestmark = pytest.mark.asyncio


def _agent(server: OpenAIServer, path: Path, budget: int = 4_000) -> tuple[Agent, Session]:
    session = Session.create(path, system_prompt="You are terse.", fsync=False)
    llm = OpenAIChatLLM("test-model", base_url=server.base_url, api_key="sk-test")
    return Agent(llm, session=session, context_budget=budget), session


async def test_a_paste_over_the_budget_is_refused_before_anything_is_stored(
    openai_server: OpenAIServer, tmp_path: Path
):
    openai_server.responder = lambda body: Reply(text=f"answer {len(body['messages'])}")
    agent, session = _agent(openai_server, tmp_path / "s.jsonl")
    for n in range(6):
        assert await agent.run(f"question {n} " + "words " * 200)
    before_bytes = session.path.read_bytes()
    before_requests = len(openai_server.requests)
    events = Recorder()
    agent.subscribe(events)

    paste = "x" * 200_000  # ~50k tokens against a 4,000-token budget
    assert await agent.run(paste) == ""

    (failed,) = events.of(RunFailed)
    assert failed.kind == "too_large"
    stated = int(re.search(r"about ([\d,]+) tokens", failed.error)[1].replace(",", ""))
    assert 40_000 < stated < 60_000 and "budget 4,000" in failed.error  # both sizes, plainly
    assert not events.of(CompactionStarted) and not events.of(ContextCompacted)
    assert len(openai_server.requests) == before_requests  # no summarizer, no chat request
    assert session.path.read_bytes() == before_bytes  # nothing appended
    assert agent.pending_turn() is None  # the last turn stays answered: nothing to retry

    assert await agent.run("a normal follow-up")  # the conversation goes on
    session.close()


async def test_a_message_that_fits_is_stored_and_answered(
    openai_server: OpenAIServer, tmp_path: Path
):
    openai_server.responder = lambda body: Reply(text="fine")
    agent, session = _agent(openai_server, tmp_path / "s.jsonl")
    assert await agent.run("y" * 8_000) == "fine"  # ~2k tokens: fits a 4,000 budget
    assert agent.last_error is None
    session.close()
