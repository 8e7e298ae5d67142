"""The whole product under a long session: 300 turns through the real Agent and a real session
file, with a model that enforces its window, a summarizer that never shortens, a tool step with
eight parallel calls, a huge paste, and restarts (a new Session and Agent on the same file).

The context soak (``tests/context/test_soak.py``) drives the engine alone; this one adds what
only the agent and the session do: the tool schemas' share of every request, the usage anchor
and the cache restored from the file, the paste refused before it is stored, and a session file
that stays lean (compaction lines reference what they keep).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from pi_desktop.agent import (
    Agent,
    ChatResponse,
    ContextCompacted,
    ContextOverflowError,
    RunFailed,
    Tool,
)
from pi_desktop.context import Message
from pi_desktop.context.summary_trim import omitted_count
from pi_desktop.session import Session
from tests.kit.agent_doubles import Recorder, assert_paired
from tests.kit.soak import FACT, FILLER, FactKeeper, true_tokens

pytestmark = pytest.mark.asyncio

BUDGET = 8_000
TURNS = 300


class WindowedChat:
    """The chat model: refuses (as a provider does) any request over its window; on turns the
    user asks for it, calls ``read_file`` eight times in parallel, then answers."""

    def __init__(self, window: int) -> None:
        self.window = window
        self.sizes: list[int] = []
        self.overflows = 0

    async def chat(
        self,
        messages: Sequence[Message],
        tools: Sequence[dict[str, Any]] | None = None,
        on_delta: Any = None,
    ) -> ChatResponse:
        request = list(messages)
        size = true_tokens(request, 1.1) + (len(json.dumps(list(tools or []))) // 4 if tools else 0)
        self.sizes.append(size)
        if size > self.window:
            self.overflows += 1
            raise ContextOverflowError(
                f"This model's maximum context length is {self.window} tokens. "
                f"However, your messages resulted in {size} tokens.",
                status=400,
                window_tokens=self.window,
            )
        last = request[-1]
        usage = {"prompt_tokens": size, "completion_tokens": 40}
        if last.role == "user" and "read the eight modules" in last.content:
            turn = last.content.split()[0]
            calls = [
                {
                    "id": f"{turn}-{j}",
                    "type": "function",
                    "function": {"name": "read_file", "arguments": json.dumps({"path": f"m{j}"})},
                }
                for j in range(8)
            ]
            msg = Message(role="assistant", content="", metadata={"tool_calls": calls})
            return ChatResponse(msg, usage=usage, model="windowed")
        answer = "noted. " + FILLER[: 200 + (len(request) * 37) % 600]
        return ChatResponse(Message(role="assistant", content=answer), usage=usage, model="w")


def read_tool() -> Tool:
    async def handler(args: dict) -> str:
        return f"contents of {args.get('path')}: " + FILLER * 8

    schema = {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}
    return Tool("read_file", "Read a file of the project.", schema, handler)


def _agent(path: Path, chat: WindowedChat, keeper: FactKeeper, *, create: bool) -> Agent:
    if create:
        session = Session.create(path, system_prompt="You are a careful agent.", fsync=False)
    else:
        session = Session.load(path, fsync=False)
    return Agent(
        chat, tools=[read_tool()], session=session, context_budget=BUDGET, summarizer=keeper
    )


def _messages_json_chars(session: Session) -> int:
    return sum(
        len(json.dumps(m.model_dump(), ensure_ascii=False))
        for m in session.get_full_history_messages()
    )


async def test_three_hundred_turns_with_restarts_never_fail_and_never_exceed_the_window(
    tmp_path: Path,
):
    path = tmp_path / "soak.jsonl"
    chat, keeper = WindowedChat(BUDGET), FactKeeper(BUDGET)
    agent = _agent(path, chat, keeper, create=True)
    rec = Recorder()
    agent.subscribe(rec)
    planted: list[str] = []
    failed: list[str] = []
    restarts = 0
    file_sizes: list[int] = []

    for k in range(TURNS):
        if k and k % 75 == 0:  # the app restarts on the same file
            agent.session.close()
            agent = _agent(path, chat, keeper, create=False)
            agent.subscribe(rec)
            restarts += 1
        if k == 150:  # a huge paste: refused before it is stored, nothing else happens
            before, calls = path.read_bytes(), keeper.calls
            assert await agent.run("log: " + "lorem ipsum dolor sit amet " * 8_000) == ""
            assert agent.last_error is not None and agent.last_error.kind == "too_large"
            assert path.read_bytes() == before and keeper.calls == calls
        fact = f"FACT-{k}-{'abcdefghij'[k % 10]}{'klmnopqrst'[k // 10 % 10]}"
        planted.append(fact)
        ask = "read the eight modules" if k % 25 == 7 else "go on"
        text = f"t{k} {fact} matters; {ask}. " + FILLER[: (k * 53) % 700]
        if await agent.run(text) == "":
            failed.append(f"turn {k}: {agent.last_error}")
        if k % 50 == 49:
            file_sizes.append(path.stat().st_size)

    session = agent.session
    history = session.get_full_history_messages()
    assert failed == []
    assert chat.overflows == 0  # no request the app sent was over the model's window
    assert max(chat.sizes) <= BUDGET and max(keeper.sizes) <= BUDGET
    assert restarts == 3
    assert_paired(history)
    compactions = rec.of(ContextCompacted)
    assert len(compactions) >= 10
    assert all(c.tokens_after <= int(BUDGET * 0.8) for c in compactions)
    assert not [e for e in rec.of(RunFailed) if e.kind != "too_large"]

    # nothing left the view unread: every fact is in the summary, in the verbatim tail, or
    # among the oldest items the summary states it left out
    summary = agent.context.summary or ""
    tail = history[agent.context.covered_count :]
    visible = set(FACT.findall(summary)) | set(FACT.findall(" ".join(m.content for m in tail)))
    missing = [f for f in planted if f not in visible]
    stated = omitted_count(summary)
    assert missing == planted[: len(missing)] and len(missing) <= stated

    # the file stays lean: compaction lines reference what they keep
    ratio = path.stat().st_size / _messages_json_chars(session)
    print_breakdown(path)
    assert ratio <= 2.0, f"session file is {ratio:.2f}x the JSON of its messages"
    growth = [b - a for a, b in itertools.pairwise(file_sizes)]
    assert max(growth) <= 1.5 * min(growth)  # bytes per 50 turns do not grow
    print(
        f"\nsoak: {TURNS} turns, {len(compactions)} compactions, {keeper.calls} summarizer calls, "
        f"largest request {max(chat.sizes)}/{BUDGET}, file {ratio:.2f}x its messages, "
        f"{len(planted) - len(missing)} facts visible, {len(missing)} trimmed (stated {stated})"
    )
    session.close()


def print_breakdown(path: Path) -> None:
    from collections import Counter

    sizes: Counter = Counter()
    counts: Counter = Counter()
    for line in path.read_text().splitlines():
        kind = json.loads(line).get("type")
        sizes[kind] += len(line) + 1
        counts[kind] += 1
    print({k: (counts[k], sizes[k]) for k in sizes})
