"""Property: whatever the model does and wherever the user presses Stop, the session on disk
stays consistent and the run ends with exactly one terminal event.

Hypothesis draws a script of model behaviours (text, tool calls — valid, malformed, unknown,
slow —, transient and permanent failures) and a point at which a subscriber cancels the task;
the real Session, ContextManager and loop run it, and the file is reloaded and checked.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pi_desktop.agent import (
    Agent,
    ChatResponse,
    MessageAdded,
    ProviderError,
    RunFailed,
    RunFinished,
    Tool,
    TransientProviderError,
)
from pi_desktop.context import Message
from pi_desktop.session import Session
from tests.kit.agent_doubles import assert_paired

TOOL_NAMES = ["echo", "slow", "missing"]


async def _echo(args: dict) -> str:
    return "echo " + json.dumps(args, sort_keys=True)


async def _slow(args: dict) -> str:
    for _ in range(3):
        await asyncio.sleep(0)
    return "slow done"


TOOLS = [
    Tool("echo", "", {"type": "object"}, _echo),
    Tool("slow", "", {"type": "object"}, _slow),
]

call_spec = st.tuples(st.sampled_from(TOOL_NAMES), st.sampled_from(['{"a": 1}', "{bad", ""]))
step_spec = st.one_of(
    st.tuples(st.just("text"), st.text(alphabet="abc ", min_size=0, max_size=12)),
    st.tuples(st.just("calls"), st.lists(call_spec, min_size=1, max_size=3)),
    st.tuples(st.just("transient"), st.none()),
    st.tuples(st.just("fatal"), st.none()),
)


class ScriptLLM:
    """Streams each scripted step in small pieces, yielding to the loop between them."""

    def __init__(self, script: list[tuple[str, Any]]) -> None:
        self.script = list(script)
        self.n = 0

    async def chat(
        self,
        messages: Sequence[Message],
        tools: Any = None,
        on_delta: Any = None,
    ) -> ChatResponse:
        self.n += 1
        kind, arg = self.script.pop(0) if self.script else ("text", "the end")
        await asyncio.sleep(0)
        if kind == "transient":
            if on_delta:
                on_delta("par")
            await asyncio.sleep(0)
            raise TransientProviderError("HTTP 503", status=503, retry_after=0)
        if kind == "fatal":
            raise ProviderError("HTTP 400 bad request", status=400)
        text = arg if kind == "text" else "working"
        for i in range(0, len(text), 3):
            if on_delta:
                on_delta(text[i : i + 3])
            await asyncio.sleep(0)
        metadata = None
        if kind == "calls":
            metadata = {
                "tool_calls": [
                    {
                        "id": f"c{self.n}_{k}",
                        "type": "function",
                        "function": {"name": name, "arguments": args},
                    }
                    for k, (name, args) in enumerate(arg)
                ]
            }
        return ChatResponse(Message(role="assistant", content=text, metadata=metadata))


async def _scenario(
    folder: Path, script: list[tuple[str, Any]], cancel_at: int | None, budget: int | None
) -> None:
    path = folder / "s.jsonl"
    session = Session.create(path, system_prompt="sys", fsync=False)
    agent = Agent(
        ScriptLLM(script),
        tools=TOOLS,
        session=session,
        context_budget=budget,
        max_steps=4,
        max_retries=1,
        retry_base_delay=0,
    )
    events: list[Any] = []
    holder: dict[str, asyncio.Task[str]] = {}

    def on_event(event: Any) -> None:
        events.append(event)
        if cancel_at is not None and len(events) == cancel_at:
            holder["task"].cancel()

    agent.subscribe(on_event)
    task = asyncio.ensure_future(agent.run("go"))
    holder["task"] = task
    cancelled = False
    try:
        await task
    except asyncio.CancelledError:
        cancelled = True

    terminal = [e for e in events if isinstance(e, RunFinished | RunFailed)]
    assert len(terminal) == 1 and events[-1] is terminal[0]
    assert not (isinstance(terminal[0], RunFailed) and terminal[0].kind == "error"), terminal
    stopped = isinstance(terminal[0], RunFinished) and terminal[0].stopped
    # a Stop that lands after the run's last await cannot interrupt it: the run completes
    # normally and only the task reports the cancellation
    assert cancelled or not stopped
    assert not agent.is_busy
    added = [e.entry_id for e in events if isinstance(e, MessageAdded)]
    assert added == [e.id for e in session.get_current_path()]
    session.close()

    reread = Session.load(path, read_only=True)
    stored = reread.get_full_history_messages()
    reread.close()
    assert_paired(stored)
    assert stored[1].role == "user"
    for message in stored:
        if message.metadata and message.metadata.get("stopped"):
            assert stopped and message is stored[-1]


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    script=st.lists(step_spec, min_size=1, max_size=6),
    cancel_at=st.one_of(st.none(), st.integers(min_value=1, max_value=45)),
    budget=st.sampled_from([None, 600, 100_000]),
)
def test_any_script_and_any_stop_point_leave_a_consistent_session(
    script: list[tuple[str, Any]], cancel_at: int | None, budget: int | None
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(_scenario(Path(folder), script, cancel_at, budget))
