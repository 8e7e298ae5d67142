"""The model's window, learned from an overflow error that states it.

Parsing is table-tested on every provider's wording; the behaviour runs against the loopback
server playing a model whose real window is smaller than the configured budget.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pi_desktop.agent import Agent, ContextOverflowError, Notice, OpenAIChatLLM
from pi_desktop.agent.errors import classify_http_error, parse_window_tokens
from pi_desktop.agent.model_window import MIN_WINDOW_TOKENS, fitted_budget
from pi_desktop.context import SUMMARIZATION_SYSTEM_PROMPT, Message
from pi_desktop.session import Session
from tests.kit.agent_doubles import Recorder
from tests.kit.openai_server import (
    OVERFLOW_BODIES,
    WINDOW_WORDINGS,
    OpenAIServer,
    Reply,
    window_limited,
)

# ------------------------------------------------------------------ parsing


@pytest.mark.parametrize(
    ("provider", "window"),
    [
        ("openai", 8192),
        ("vllm", 4096),
        ("llamacpp", 4096),
        ("lmstudio", 4096),
        ("dashscope", 30720),
        ("ollama", None),  # "the input length exceeds the context length": no size stated
        ("http413", None),
    ],
)
def test_every_known_overflow_body_yields_the_window_it_states(provider, window):
    status, body = OVERFLOW_BODIES[provider]
    error = classify_http_error(status, body)
    assert isinstance(error, ContextOverflowError) and error.window_tokens == window
    error = classify_http_error(status, json.dumps(body))  # a body that arrived as text
    assert isinstance(error, ContextOverflowError) and error.window_tokens == window


@pytest.mark.parametrize(
    ("text", "window"),
    [
        ("The decoder prompt (length 5000) is longer than the maximum model length of 4096.", 4096),
        ("Input length 6491 exceeds context length 1500", 1500),
        ("Reached context length of 32000 tokens", 32000),
        ("prompt is too long: 200001 tokens > 200000 maximum", 200000),
        (
            "The input token count (9000) exceeds the maximum number of tokens allowed (8,192).",
            8192,
        ),
        ("This model's maximum context length is 131,072 tokens.", 131072),
        ("prompt too long; exceeded max context length", None),
        ("maximum context length is 12 tokens", None),  # implausibly small: not a window
        ("", None),
        (None, None),
    ],
)
def test_window_wordings(text, window):
    assert parse_window_tokens(text) == window


def test_llamacpp_n_ctx_field_counts_when_the_text_has_no_number():
    body = {"error": {"message": "Context size has been exceeded", "n_ctx": 2048}}
    assert parse_window_tokens("Context size has been exceeded", body) == 2048
    assert classify_http_error(400, body).window_tokens == 2048


@pytest.mark.asyncio
@pytest.mark.parametrize("provider", sorted(WINDOW_WORDINGS))
async def test_the_real_client_carries_the_window(openai_server: OpenAIServer, provider: str):
    openai_server.responder = window_limited(1000, lambda body: Reply(text="hi"), provider)
    async with OpenAIChatLLM(
        "test-model", base_url=openai_server.base_url, api_key="sk-test"
    ) as llm:
        with pytest.raises(ContextOverflowError) as info:
            await llm.chat([Message(role="user", content="x" * 8000)])
    assert info.value.window_tokens == 1000


# ------------------------------------------------------------------ the agent learns it


def _model(body: dict[str, Any]) -> Reply:
    """A chat model and a summarizer behind one endpoint."""
    messages = body.get("messages") or []
    if messages and messages[0].get("content") == SUMMARIZATION_SYSTEM_PROMPT:
        return Reply(
            text="<summary>## Goal\nchat\n## Constraints & Preferences\n-\n## Progress\n"
            "### Done\n- earlier turns\n### In Progress\n-\n### Blocked\n-\n"
            "## Key Decisions\n-\n## Next Steps\n-\n## Critical Context\n-</summary>"
        )
    return Reply(text=f"answer {len(messages)} " + "a" * 300)


async def _turns(agent: Agent, count: int, start: int = 0) -> None:
    for n in range(start, start + count):
        await agent.run(f"question {n} " + "q" * 400)
        assert agent.last_error is None, agent.last_error


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("provider", "turns"), [("openai", 40), ("llamacpp", 20), ("lmstudio", 20)]
)
async def test_a_budget_larger_than_the_window_overflows_at_most_once(
    openai_server: OpenAIServer, tmp_path: Path, provider: str, turns: int
) -> None:
    window = 1500
    responder = window_limited(window, _model, provider)
    openai_server.responder = responder
    path = tmp_path / "chat.jsonl"
    session = Session.create(path, system_prompt="You are terse.", fsync=False)
    async with OpenAIChatLLM(
        "test-model", base_url=openai_server.base_url, api_key="sk-test"
    ) as llm:
        agent = Agent(llm, session=session, context_budget=8000)
        events = Recorder()
        agent.subscribe(events)
        await _turns(agent, turns)
        assert responder.overflows == 1
        notices = [n for n in events.of(Notice) if "context window" in n.text]
        assert len(notices) == 1
        assert f"{window:,} tokens" in notices[0].text and "8,000" in notices[0].text
        assert agent.budget == fitted_budget(window) < window
        assert agent.context is not None and agent.context.budget == agent.budget
        learned = session.model_window
        assert learned is not None and (learned.window_tokens, learned.budget) == (
            window,
            agent.budget,
        )
        session.close()

        # a restart starts from the learned budget: no overflow, no notice
        again = Session.load(path, fsync=False)
        agent2 = Agent(llm, session=again, context_budget=8000)
        assert agent2.budget == fitted_budget(window)
        events2 = Recorder()
        agent2.subscribe(events2)
        await _turns(agent2, 5, start=turns)
        assert responder.overflows == 1 and not events2.of(Notice)
        again.close()
    lines = [json.loads(x)["type"] for x in path.read_text().splitlines()]
    assert lines.count("model_window") == 1


@pytest.mark.asyncio
async def test_an_overflow_without_a_stated_window_changes_no_budget(
    openai_server: OpenAIServer, tmp_path: Path
) -> None:
    openai_server.enqueue(Reply.context_overflow("ollama"))
    openai_server.responder = _model
    session = Session.create(tmp_path / "c.jsonl", fsync=False)
    session.append_message(Message(role="user", content="old " + "x" * 3000))
    session.append_message(Message(role="assistant", content="old answer " + "y" * 3000))
    async with OpenAIChatLLM(
        "test-model", base_url=openai_server.base_url, api_key="sk-test"
    ) as llm:
        agent = Agent(llm, session=session, context_budget=8000)
        events = Recorder()
        agent.subscribe(events)
        await agent.run("hello")
    assert agent.budget == 8000 and session.model_window is None
    assert not [n for n in events.of(Notice) if "context window" in n.text]
    session.close()


@pytest.mark.parametrize(("window", "budget"), [(300, 1), (100, 90), (5000, 10)])
def test_a_saved_window_that_we_would_not_have_written_is_ignored(tmp_path, window, budget):
    path = tmp_path / "c.jsonl"
    with Session.create(path, fsync=False) as s:
        s.set_model_window(window, budget)
    with Session.load(path, fsync=False) as s:
        agent = Agent(_Unused(), session=s, context_budget=8000)
        assert agent.budget == 8000
    assert MIN_WINDOW_TOKENS > 100


def test_a_saved_window_restores_the_budget(tmp_path):
    path = tmp_path / "c.jsonl"
    with Session.create(path, fsync=False) as s:
        s.set_model_window(4096, fitted_budget(4096))
    with Session.load(path, fsync=False) as s:
        assert Agent(_Unused(), session=s, context_budget=8000).budget == fitted_budget(4096)
    with Session.load(path, fsync=False) as s:  # a configured budget already below stays
        assert Agent(_Unused(), session=s, context_budget=2000).budget == 2000


class _Unused:
    async def chat(self, messages, tools=None, on_delta=None):  # pragma: no cover
        raise AssertionError("no call expected")
