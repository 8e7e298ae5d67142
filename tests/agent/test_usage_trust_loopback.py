"""Issue 16 (4): usage that lies or is missing, through the real client and a loopback proxy.

The proxy counts each request with a real tokenizer (o200k_base), refuses a prompt over its
window with OpenAI's wording (which states the real count), and reports usage the way a proxy
in front of Anthropic-style usage does: ``prompt_tokens`` without the cached prefix (the
previous request, when this one extends it) — or reports no usage at all. Over 120 turns the
agent must overflow at most once per cause, then learn.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pi_desktop.agent import Agent, OpenAIChatLLM
from pi_desktop.context import SUMMARIZATION_SYSTEM_PROMPT
from tests.kit.openai_server import WINDOW_WORDINGS, OpenAIServer, Reply
from tests.kit.tokenizer_model import text_tokens

SUMMARY = (
    "<summary>## Goal\nchat about the parser\n## Constraints & Preferences\n- terse\n"
    "## Progress\n### Done\n- earlier turns\n### In Progress\n-\n### Blocked\n-\n"
    "## Key Decisions\n-\n## Next Steps\n-\n## Critical Context\n-</summary>"
)
QUESTION = (
    "Could you look at how the parser reports errors, whether line numbers survive the "
    "retry path, and what the public API should promise about them? "
)


def body_tokens(body: dict[str, Any]) -> int:
    """The request's prompt tokens as a model counts them (content, calls, framing)."""
    n = 3
    for m in body.get("messages") or []:
        n += 4 + text_tokens(str(m.get("content") or ""))
        for call in m.get("tool_calls") or []:
            fn = call.get("function") or {}
            n += 8 + text_tokens(str(fn.get("name", ""))) + text_tokens(fn.get("arguments", ""))
    if body.get("tools"):
        n += text_tokens(json.dumps(body["tools"]))
    return n


class Proxy:
    """The responder: a model with a window behind a proxy whose usage is ``mode``."""

    def __init__(self, window: int, mode: str) -> None:
        self.window, self.mode = window, mode
        self.overflows = 0
        self.requests = 0
        self.summaries = 0
        self._previous: list[Any] = []
        self._previous_tokens = 0

    def __call__(self, body: dict[str, Any]) -> Reply:
        self.requests += 1
        size = body_tokens(body)
        if size > self.window:
            self.overflows += 1
            return Reply(status=400, error_body=WINDOW_WORDINGS["openai"](self.window, size))
        messages = body.get("messages") or []
        extends = bool(self._previous) and messages[: len(self._previous)] == self._previous
        cached = self._previous_tokens // 64 * 64 if extends else 0
        self._previous, self._previous_tokens = messages, size
        if messages and messages[0].get("content") == SUMMARIZATION_SYSTEM_PROMPT:
            self.summaries += 1
            text = SUMMARY
        else:
            text = "Here is what I found: " + "the errors keep their line numbers. " * 8
        completion = text_tokens(text)
        if self.mode == "none":
            usage = None
        elif self.mode == "uncached":  # the cached prefix left out, nothing else said
            usage = {"prompt_tokens": size - cached, "completion_tokens": completion}
        else:  # "anthropic": the same, with the cache fields beside it
            usage = {
                "prompt_tokens": size - cached,
                "completion_tokens": completion,
                "cache_read_input_tokens": cached,
                "cache_creation_input_tokens": 0,
            }
        return Reply(text=text, usage=usage)


async def _run(server: OpenAIServer, mode: str, turns: int = 120, window: int = 3_000) -> Proxy:
    proxy = Proxy(window, mode)
    server.responder = proxy
    async with OpenAIChatLLM("test-model", base_url=server.base_url, api_key="sk-test") as llm:
        agent = Agent(llm, context_budget=window, system_prompt="You are terse.")
        for k in range(turns):
            await agent.run(f"Question {k}: " + QUESTION * (1 + k % 4))
            assert agent.last_error is None or "context" in str(agent.last_error)
    return proxy


@pytest.mark.asyncio
@pytest.mark.parametrize("mode", ["uncached", "anthropic"])
async def test_usage_without_the_cached_prefix_overflows_at_most_once(
    openai_server: OpenAIServer, mode: str
) -> None:
    proxy = await _run(openai_server, mode)
    assert proxy.summaries > 0  # the conversation outgrew the window many times over
    assert proxy.overflows <= 1, proxy.overflows


@pytest.mark.asyncio
async def test_no_usage_at_all_overflows_at_most_once(openai_server: OpenAIServer) -> None:
    proxy = await _run(openai_server, "none")
    assert proxy.summaries > 0
    assert proxy.overflows <= 1, proxy.overflows
