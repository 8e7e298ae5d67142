"""Issue 16's Chinese conversation, end to end: 300 turns through the real Agent, the real
``openai`` client and the loopback server, against a model that counts with a real tokenizer
(o200k, ``bpe-openai``) and refuses any request over its 8k window, as a provider does.

Two summarizers a real user meets: one that writes its headings in Chinese (``## 目标`` …),
which the engine must accept as a summary every time, and one that never summarizes (it
carries on with the chat), which the ladder must turn into extractive summaries without
jamming the session. Either way: no failed turn, no compaction refused when the summary was
a real one, and no fact that is neither in the view nor in a summary.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import bpe_openai
import pytest

from pi_desktop.agent import Agent, ContextCompacted, OpenAIChatLLM, SummaryFallback, Tool
from pi_desktop.context import SUMMARIZATION_SYSTEM_PROMPT
from pi_desktop.context.summary_trim import omitted_count
from pi_desktop.session import Session
from tests.kit.agent_doubles import Recorder, assert_paired
from tests.kit.openai_server import WINDOW_WORDINGS, OpenAIServer, Reply, ToolCall
from tests.kit.soak import FACT, first_goal_item
from tests.kit.summary_doubles import MARKER, REPAIR_START, styled_summary

pytestmark = pytest.mark.asyncio

BUDGET = 8_000
TURNS = 300
ENCODING = bpe_openai.get_encoding("o200k_base")
ZH = (
    "我们在讨论解析器、重试策略，以及错误信息应该如何带上行号。保持公共接口稳定，先写测试。"
    "上下文管理是这个应用的核心功能，摘要必须保留用户说过的事实。"
)


def o200k_tokens(body: dict[str, Any]) -> int:
    """What an OpenAI-style server counts: each message's text plus ~4 tokens of framing,
    the tool calls and the tool schemas."""
    total = 3
    for message in body.get("messages", []):
        total += 4 + len(ENCODING.encode(message.get("content") or ""))
        for call in message.get("tool_calls") or []:
            total += len(ENCODING.encode(json.dumps(call, ensure_ascii=False)))
    if body.get("tools"):
        total += len(ENCODING.encode(json.dumps(body["tools"], ensure_ascii=False)))
    return total


def _zh(rng: random.Random, lo: int, hi: int) -> str:
    n = rng.randint(lo, hi)
    return (ZH * (n // len(ZH) + 1))[:n]


class ChineseModel:
    """The server's model: o200k counting, an 8k window, Chinese answers; summaries in the
    given style (the prompt's markers listed, as an "update, don't rewrite" model would)."""

    def __init__(self, style: str, window: int = BUDGET) -> None:
        self.style = style
        self.window = window
        self.rng = random.Random(16)
        self.sizes: list[int] = []
        self.summary_sizes: list[int] = []
        self.overflows = 0
        self.summary_inputs: list[str] = []

    def __call__(self, body: dict[str, Any]) -> Reply:
        size = o200k_tokens(body)
        messages = body["messages"]
        summary = messages[0].get("content") == SUMMARIZATION_SYSTEM_PROMPT
        (self.summary_sizes if summary else self.sizes).append(size)
        if summary:
            self.summary_inputs.append(json.dumps(messages, ensure_ascii=False))
        if size > self.window:
            self.overflows += 1
            return Reply(status=400, error_body=WINDOW_WORDINGS["openai"](self.window, size))
        usage = {"prompt_tokens": size, "completion_tokens": 60, "total_tokens": size + 60}
        if summary:
            users = [m["content"] for m in messages if m["role"] == "user"]
            prompt = users[0] if users[-1].startswith(REPAIR_START) else users[-1]
            if prompt.startswith("Condense"):
                text = prompt.split("\nSummary:\n", 1)[1]  # never shortens: the engine trims
            else:
                text = styled_summary(self.style, list(dict.fromkeys(MARKER.findall(prompt))))
            return Reply(text=text, usage=usage)
        last = messages[-1]
        if last["role"] == "user" and "读一下模块" in last["content"]:
            turn = last["content"].split()[0]
            return Reply(
                tool_calls=[ToolCall("read_file", {"path": f"src/{turn}.py"})], usage=usage
            )
        return Reply(text="好的，已记录。" + _zh(self.rng, 60, 600), usage=usage)


def read_tool() -> Tool:
    async def handler(args: dict) -> str:
        return f"{args.get('path')} 的内容：" + ZH * 12

    schema = {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}
    return Tool("read_file", "读取项目里的一个文件。", schema, handler)


@pytest.mark.parametrize(
    ("budget", "style"), [(BUDGET, "chinese"), (BUDGET, "continuation"), (2_000, "chinese"),
                          (2_000, "continuation")]
)  # fmt: skip
async def test_a_chinese_conversation_never_jams(
    openai_server: OpenAIServer, tmp_path: Path, budget: int, style: str
):
    model = ChineseModel(style, window=budget)
    openai_server.responder = model
    rng = random.Random(8)
    path = tmp_path / "zh.jsonl"
    session = Session.create(path, system_prompt="你是一个细心的编程助手。", fsync=False)
    rec = Recorder()
    planted: list[str] = []
    failed: list[str] = []
    async with OpenAIChatLLM("zh-model", base_url=openai_server.base_url, api_key="sk-zh") as llm:
        agent = Agent(
            llm,
            tools=[read_tool()],
            session=session,
            context_budget=budget,
            max_retries=0,
        )
        agent.subscribe(rec)
        for k in range(TURNS):
            fact = f"FACT-{k}-{''.join(rng.choice('abcdefghij') for _ in range(5))}"
            planted.append(fact)
            ask = "读一下模块" if k % 10 == 4 else "继续"
            text = f"t{k} {fact} 很重要，请记住。{ask}。" + _zh(rng, 40, 700)
            if await agent.run(text) == "":
                failed.append(f"turn {k}: {agent.last_error}")
        history = session.get_full_history_messages()
        summary = agent.context.summary or ""
        tail = history[agent.context.covered_count :]
    compactions = rec.of(ContextCompacted)
    rungs = [c.rung for c in compactions]
    fallbacks = rec.of(SummaryFallback)
    print(
        f"\nzh soak ({budget}, {style}): {TURNS} turns, {len(failed)} failed, {len(compactions)} "
        f"compactions {dict((r, rungs.count(r)) for r in set(rungs))}, "
        f"{len(model.summary_sizes)} summarizer requests, largest chat {max(model.sizes)} / "
        f"summarizer {max(model.summary_sizes, default=0)} of {budget} (o200k), "
        f"{model.overflows} overflows, {len(fallbacks)} notices"
    )
    assert failed == []
    assert_paired(history)
    assert len(compactions) >= 10
    if style == "chinese":  # a real summary, in Chinese headings: taken as the model's, always
        assert set(rungs) == {"model"} and fallbacks == []
    else:  # junk every time: extractive, said once
        assert set(rungs) == {"extractive"} and len(fallbacks) == 1
    # a summarizer input that failed is never sent again unchanged
    assert len(set(model.summary_inputs)) == len(model.summary_inputs)
    # at most one overflow per cause, then learned (the engine's first guess at o200k)
    assert model.overflows <= 1
    # no fact left the view unread: in the summary, in the verbatim tail, or stated as left out
    visible = set(FACT.findall(summary)) | set(FACT.findall(" ".join(m.content for m in tail)))
    missing = [f for f in planted if f not in visible]
    goal = set(FACT.findall(first_goal_item(summary)))
    oldest = [f for f in planted if f not in goal]
    assert missing == oldest[: len(missing)] and len(missing) <= omitted_count(summary)
    session.close()
