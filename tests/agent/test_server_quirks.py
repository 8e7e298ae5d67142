"""What real local servers do that the protocol does not say (issue 17, real-providers.md).

llama-cpp-python over its window: HTTP 200 and a broken stream, no usage in streams, tools
dropped by its default template; llama.cpp's server states its window at ``/props``; Ollama
truncates silently at ``num_ctx``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pi_desktop.agent import Agent, Notice, RetryScheduled, RunFailed
from pi_desktop.agent.presets import build_llm
from pi_desktop.agent.provider_steps import TOOLS_UNSUPPORTED_NOTICE, inferred_window
from pi_desktop.session import Session
from tests.kit.agent_doubles import Recorder, echo_tool
from tests.kit.provider_formats import ProviderServer, Turn, prompt_tokens

LONG = "Tell me more about the history of the printing press. " * 12  # ~160 tokens a turn


SUMMARY = (
    "<summary>\n## Goal\nLearn about the printing press.\n## Constraints & Preferences\n- none\n"
    "## Progress\n### Done\n- asked about it\n### In Progress\n- more history\n### Blocked\n"
    "- nothing\n## Key Decisions\n- none\n## Next Steps\n- go on\n## Critical Context\n"
    "- the press spread across Europe\n</summary>"
)


def summary_or_answer(body: dict) -> Turn:
    system = body["messages"][0]["content"] if body["messages"] else ""
    if "summar" in system.lower() or body.get("tools") == []:
        return Turn(text=SUMMARY)
    return Turn(text="The press spread across Europe. " * 4)


@pytest.mark.asyncio
async def test_a_broken_stream_over_llama_cpp_pythons_window_is_an_overflow(tmp_path: Path):
    session = Session.create(tmp_path / "s.jsonl", fsync=False)
    with ProviderServer("llama_cpp_python", summary_or_answer, window=2048) as server:
        llm = build_llm("llamacpp", base_url=server.base_url)
        agent = Agent(llm, session=session, context_budget=32_000, retry_base_delay=0.01)
        events = Recorder()
        agent.subscribe(events)
        turns = 0
        while server.broken == 0 and turns < 40:  # until the conversation outgrows the window
            turns += 1
            assert await agent.run(f"{turns}: {LONG}")
        await llm.aclose()
        largest_sent = max(prompt_tokens(b) for b in server.chat_requests())
    # it broke, was retried once, broke again: an overflow, compacted, and then it fit
    assert server.broken == 2 and len(events.of(RetryScheduled)) == 1
    assert events.of(RunFailed) == []
    assert session.model_window is not None and session.model_window.window_tokens == 2048
    assert agent.budget == int(2048 * 0.9)
    assert any("2,048" in n.text for n in events.of(Notice))
    assert largest_sent > 2048  # the one that broke; every later one fits
    # no usage in its streams: the server's tokenizer anchored the estimate
    assert "/extras/tokenize/count" in server.paths
    assert agent.context is not None and agent.context.ratio is not None
    session.close()


def test_inferred_window_is_the_usual_n_ctx_below_the_request():
    assert inferred_window(2139) == 2048
    assert inferred_window(1959) == 2048  # a count that missed the template's few tokens
    assert inferred_window(3700) == 2048
    assert inferred_window(3800) == 4096
    assert inferred_window(460) is None


@pytest.mark.asyncio
async def test_llama_cpp_servers_stated_window_lowers_the_budget_before_the_first_request(
    tmp_path: Path,
):
    session = Session.create(tmp_path / "s.jsonl", fsync=False)
    with ProviderServer("llamacpp", window=4096) as server:
        llm = build_llm("llamacpp", base_url=server.base_url)
        agent = Agent(llm, session=session, context_budget=32_000)
        events = Recorder()
        agent.subscribe(events)
        assert await agent.run("hello") == "ok"
        await llm.aclose()
        assert server.paths.index("/props") < server.paths.index("/v1/chat/completions")
    assert agent.budget == int(4096 * 0.9)
    assert session.model_window.window_tokens == 4096
    (notice,) = events.of(Notice)
    assert "4,096 tokens (llama.cpp /props n_ctx)" in notice.text
    session.close()


@pytest.mark.asyncio
async def test_without_context_management_an_over_window_request_fails_at_once():
    with ProviderServer("llamacpp", window=600) as server:
        llm = build_llm("llamacpp", base_url=server.base_url)
        agent = Agent(llm)  # context_budget=None: the full history every time
        events = Recorder()
        agent.subscribe(events)
        assert await agent.run(LONG * 4) == ""
        await llm.aclose()
    assert server.broken == 1 and events.of(RetryScheduled) == []
    (failed,) = events.of(RunFailed)
    assert failed.kind == "overflow" and "context window of 600 tokens" in failed.error


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("num_ctx", "budget_after", "words"),
    [
        (None, 32_000, "its default context size (num_ctx, 4,096 tokens on most machines)"),
        (8192, int(8192 * 0.9), "this model's context size (num_ctx 8,192 tokens)"),
    ],
)
async def test_ollama_warns_that_it_truncates_silently(num_ctx, budget_after, words):
    with ProviderServer("ollama", ollama_num_ctx=num_ctx) as server:
        llm = build_llm("ollama", model="qwen3:0.6b", base_url=server.base_url)
        agent = Agent(llm, context_budget=32_000)
        events = Recorder()
        agent.subscribe(events)
        await agent.run("hi")
        await agent.run("again")  # asked once per agent
        await llm.aclose()
        shows = [b for b in server.requests if b.get("model") == "qwen3:0.6b" and "stream" not in b]
    assert len(shows) == 1
    (notice,) = events.of(Notice)
    assert notice.text.startswith(f"Ollama truncates silently at {words}")
    assert agent.budget == budget_after


@pytest.mark.asyncio
async def test_a_budget_within_ollamas_context_needs_no_warning():
    with ProviderServer("ollama", ollama_num_ctx=65536) as server:
        llm = build_llm("ollama", base_url=server.base_url)
        agent = Agent(llm, context_budget=32_000)
        events = Recorder()
        agent.subscribe(events)
        await agent.run("hi")
        await llm.aclose()
    assert events.of(Notice) == [] and agent.budget == 32_000


@pytest.mark.asyncio
async def test_tools_named_but_never_called_give_one_notice():
    answer = "This can be done using the echo tool: echo would print the text back."
    with ProviderServer("llama_cpp_python", lambda body: Turn(text=answer)) as server:
        llm = build_llm("llamacpp", base_url=server.base_url)
        agent = Agent(llm, [echo_tool()], context_budget=32_000)
        events = Recorder()
        agent.subscribe(events)
        for n in range(4):
            assert await agent.run(f"echo {n}") == answer
        await llm.aclose()
        assert all(b.get("tools") for b in server.chat_requests())  # they were offered
    notices = [n for n in events.of(Notice) if n.text == TOOLS_UNSUPPORTED_NOTICE]
    assert len(notices) == 1


@pytest.mark.asyncio
async def test_a_model_that_calls_tools_gets_no_such_notice():
    def respond(body: dict) -> Turn:
        if body["messages"][-1]["role"] == "user":
            return Turn(tool_calls=[("echo", {"text": "x"})])
        return Turn(text="I used the echo tool and it said x.")

    with ProviderServer("vllm", respond) as server:
        llm = build_llm("vllm", base_url=server.base_url)
        agent = Agent(llm, [echo_tool()])
        events = Recorder()
        agent.subscribe(events)
        for _ in range(3):
            await agent.run("echo x")
        await llm.aclose()
    assert events.of(Notice) == []


@pytest.mark.asyncio
async def test_lm_studios_loaded_context_lowers_the_budget():
    with ProviderServer("lmstudio", window=8192) as server:
        llm = build_llm("lmstudio", model="qwen3-4b", base_url=server.base_url)
        agent = Agent(llm, context_budget=32_000)
        await agent.run("hi")
        await llm.aclose()
        assert "/api/v0/models/qwen3-4b" in server.paths
    assert agent.budget == int(8192 * 0.9)


def test_lm_studio_v1_listing_names_the_loaded_instances_context():
    from pi_desktop.agent.server_info import lmstudio_v1_window

    listing = {
        "models": [
            {"key": "other", "loaded_instances": [{"config": {"context_length": 1}}]},
            {"key": "qwen3-4b", "max_context_length": 262144,
             "loaded_instances": [{"id": "qwen3-4b", "config": {"context_length": 16384}}]},
        ]
    }  # fmt: skip
    assert lmstudio_v1_window(listing, "qwen3-4b") == 16384
    assert lmstudio_v1_window(listing, "missing") is None
    assert lmstudio_v1_window({"models": "x"}, "qwen3-4b") is None


@pytest.mark.asyncio
async def test_a_loaded_ollama_models_context_is_what_counts():
    with ProviderServer("ollama", model="qwen3:0.6b", ollama_loaded_ctx=16384) as server:
        llm = build_llm("ollama", model="qwen3:0.6b", base_url=server.base_url)
        agent = Agent(llm, context_budget=32_000)
        events = Recorder()
        agent.subscribe(events)
        await agent.run("hi")
        await llm.aclose()
        assert "/api/show" not in server.paths  # /api/ps answered
    (notice,) = events.of(Notice)
    assert notice.text.startswith(
        "Ollama truncates silently at this model's context size (num_ctx 16,384 tokens)"
    )
    assert agent.budget == int(16384 * 0.9)
