"""Every preset against a loopback server streaming that provider's own chunk format (issue 17).

Reasoning arrives as ``reasoning_content``, ``reasoning`` or ``<think>`` in content; it must end
up in ``metadata["reasoning"]`` and on ``on_reasoning`` — never in the answer — with tool calls
assembled and the usage read in each dialect (cached tokens where the provider reports them).
"""

from __future__ import annotations

import pytest

from pi_desktop.agent.presets import PRESETS, build_llm
from pi_desktop.context import Message
from pi_desktop.context.usage import read_usage
from tests.kit.provider_formats import DIALECTS, NO_USAGE, PRESET_OF, ProviderServer, Turn

USER = [Message(role="user", content="What is 6 x 7? Use the calculator.")]
REASONING = "The user wants 6 x 7.\nI should call the calculator tool, then answer."
TEXT = "6 x 7 = 42. The <b>answer</b> is 42."
# providers whose usage says how much of the prompt came from their cache
CACHE_REPORTED = {"openai", "deepseek", "dashscope", "openrouter"}


def llm_for(dialect: str, server: ProviderServer, **kw):
    preset = PRESETS[PRESET_OF[dialect]]
    key = "sk-test-key" if preset.needs_api_key else None
    return build_llm(preset.key, model="m", base_url=server.base_url, api_key=key, **kw)


@pytest.mark.asyncio
@pytest.mark.parametrize("dialect", DIALECTS)
async def test_each_provider_stream_keeps_reasoning_apart_from_the_answer(dialect: str):
    turn = Turn(text=TEXT, reasoning=REASONING, cached_tokens=7)
    with ProviderServer(dialect, lambda body: turn) as server:
        llm = llm_for(dialect, server)
        deltas: list[str] = []
        thoughts: list[str] = []
        async with llm:
            response = await llm.chat(USER, on_delta=deltas.append, on_reasoning=thoughts.append)
    message = response.message
    assert message.content == TEXT
    assert "".join(deltas) == TEXT
    if dialect == "openai":  # OpenAI's API keeps reasoning hidden: none arrives, none invented
        assert not (message.metadata or {}).get("reasoning") and not thoughts
    else:
        assert message.metadata["reasoning"].strip() == REASONING
        assert "".join(thoughts) == message.metadata["reasoning"]
    assert "<think>" not in message.content
    figures = read_usage(response.usage)
    if dialect in NO_USAGE:
        assert response.usage is None
    else:
        assert figures is not None and figures.prompt_total > 0 and figures.completion > 0
        if dialect in CACHE_REPORTED:
            assert figures.cached == 7
            assert 0 < figures.cached_share < 1
        else:
            assert figures.cached is None
        if dialect in ("openai", "deepseek", "dashscope", "openrouter"):
            assert figures.reasoning == len(REASONING) // 4


@pytest.mark.asyncio
@pytest.mark.parametrize("dialect", DIALECTS)
async def test_each_provider_stream_assembles_tool_calls_after_reasoning(dialect: str):
    turn = Turn(reasoning=REASONING, tool_calls=[("calculator", {"expression": "6*7"})])
    with ProviderServer(dialect, lambda body: turn) as server:
        async with llm_for(dialect, server) as llm:
            response = await llm.chat(USER, tools=[_schema("calculator")])
    calls = response.message.tool_calls
    assert [c["function"]["name"] for c in calls] == ["calculator"]
    assert calls[0]["function"]["arguments"] == '{"expression": "6*7"}'
    assert response.finish_reason == "tool_calls"
    if dialect != "openai":
        assert response.message.metadata["reasoning"].strip() == REASONING


@pytest.mark.asyncio
async def test_deepseek_cache_hit_and_miss_figures():
    turn = Turn(text="hi", cached_tokens=64)
    with ProviderServer("deepseek", lambda body: turn) as server:
        async with llm_for("deepseek", server) as llm:
            response = await llm.chat([Message(role="user", content="x" * 1000)])
    usage = response.usage
    assert usage["prompt_cache_hit_tokens"] == 64
    assert usage["prompt_cache_miss_tokens"] == usage["prompt_tokens"] - 64
    figures = read_usage(usage)
    assert figures.cached == 64 and figures.prompt_total == usage["prompt_tokens"]


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("dialect", "thinking", "effort", "expected"),
    [
        ("deepseek", True, "high", {"thinking": {"type": "enabled"}, "reasoning_effort": "high"}),
        ("deepseek", False, "high", {"thinking": {"type": "disabled"}}),
        ("deepseek", None, None, {}),
        ("dashscope", True, None, {"enable_thinking": True}),
        ("dashscope", False, "high", {"enable_thinking": False}),
        ("openrouter", None, "low", {"reasoning": {"effort": "low"}}),
        ("openrouter", False, None, {"reasoning": {"enabled": False}}),
        ("openai", None, "medium", {"reasoning_effort": "medium"}),
        ("ollama", True, "high", {}),
    ],
)
async def test_thinking_switches_reach_the_request(dialect, thinking, effort, expected):
    with ProviderServer(dialect) as server:
        async with llm_for(dialect, server, thinking=thinking, reasoning_effort=effort) as llm:
            await llm.chat(USER)
        body = server.chat_requests()[-1]
    for key in ("thinking", "enable_thinking", "reasoning", "reasoning_effort"):
        assert body.get(key) == expected.get(key), key


@pytest.mark.asyncio
@pytest.mark.parametrize("dialect", ["deepseek", "openai"])
async def test_reasoning_goes_back_only_with_tool_calls(dialect: str):
    with ProviderServer(dialect) as server:
        async with llm_for(dialect, server) as llm:
            history = [
                Message(role="user", content="q1"),
                Message(role="assistant", content="a1", metadata={"reasoning": "plain thought"}),
                Message(role="user", content="q2"),
                Message(
                    role="assistant",
                    content="",
                    metadata={
                        "reasoning": "tool thought",
                        "tool_calls": [
                            {
                                "id": "c1",
                                "type": "function",
                                "function": {"name": "calculator", "arguments": "{}"},
                            }
                        ],
                    },
                ),
                Message(role="tool", content="42", metadata={"tool_call_id": "c1"}),
            ]
            await llm.chat(history, tools=[_schema("calculator")])
        sent = server.chat_requests()[-1]["messages"]
    assert "reasoning_content" not in sent[1]  # a plain turn's reasoning: never
    if dialect == "deepseek":
        assert sent[3]["reasoning_content"] == "tool thought"
    else:  # OpenAI has no such field: nothing it could reject
        assert "reasoning_content" not in sent[3]


def _schema(name: str) -> dict:
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": "evaluate",
            "parameters": {"type": "object", "properties": {"expression": {"type": "string"}}},
        },
    }


@pytest.mark.asyncio
async def test_blank_reasoning_does_not_hold_the_stall_detector_open():
    """A stream of whitespace "reasoning" is a stall: the idle deadline ends it."""
    from pi_desktop.agent.llm import TransientProviderError

    with ProviderServer("deepseek", blank_reasoning_every=0.02) as server:
        llm = build_llm(
            "deepseek",
            base_url=server.base_url,
            api_key="k",
            idle_deadline=0.5,
            response_deadline=600,
        )
        async with llm:
            with pytest.raises(TransientProviderError) as caught:
                await llm.chat(USER)
        sent = server.blank_deltas
    assert "stalled" in str(caught.value)
    assert sent > 5  # chunks kept coming all along; none of them counted as progress


@pytest.mark.asyncio
@pytest.mark.parametrize("dialect", ["llama_cpp_python", "lmstudio", "ollama_think"])
async def test_a_template_that_opens_the_block_in_the_prompt(dialect: str):
    """The model starts inside ``<think>`` (DeepSeek-R1 distills, Qwen3 templates): only the
    close comes. The agent retracts what it streamed as the answer and stores it right."""
    from pi_desktop.agent import Agent, MessageAdded, ReasoningDelta, TextDelta, TextRetracted
    from tests.kit.agent_doubles import Recorder

    turn = Turn(text=TEXT, reasoning=REASONING, open_in_prompt=True)
    with ProviderServer(dialect, lambda body: turn) as server:
        llm = llm_for(dialect, server)
        agent = Agent(llm)
        events = Recorder()
        agent.subscribe(events)
        assert await agent.run("6 x 7?") == TEXT
        await llm.aclose()
    kinds = [type(e).__name__ for e in events.events]
    assert kinds.count("TextRetracted") == 1
    after = kinds.index("TextRetracted")
    shown = "".join(e.text for e in events.events[after:] if isinstance(e, TextDelta))
    assert shown == TEXT  # what the window shows after the retraction is the answer only
    thought = "".join(e.text for e in events.of(ReasoningDelta))
    assert thought.strip() == REASONING
    (added,) = [e for e in events.of(MessageAdded) if e.message.role == "assistant"]
    assert added.message.content == TEXT
    assert added.message.metadata["reasoning"].strip() == REASONING
    assert TextRetracted() in events.events
