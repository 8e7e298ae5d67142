"""Test doubles and checks shared by the Agent loop tests (no tests here).

``ScriptedLLM`` implements the LLM protocol in a few lines; everything else the tests use —
Session, ContextManager, bridge, tools — is the real thing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from pi_desktop.agent import (
    ChatResponse,
    Tool,
)
from pi_desktop.context import Message, estimate_tokens
from pi_desktop.session import Session
from tests.kit.strategies import assert_pairs_intact

Step = ChatResponse | BaseException | Callable[..., Awaitable[ChatResponse]]


class ScriptedLLM:
    """Answers from a script: a response, an exception to raise, or a coroutine function."""

    def __init__(self, *steps: Step, default: Step | None = None) -> None:
        self.steps = list(steps)
        self.default = default
        self.requests: list[list[Message]] = []
        self.tools: list[Any] = []

    async def chat(
        self,
        messages: Sequence[Message],
        tools: Sequence[dict[str, Any]] | None = None,
        on_delta: Callable[[str], Any] | None = None,
    ) -> ChatResponse:
        self.requests.append(list(messages))
        self.tools.append(tools)
        if self.steps:
            step = self.steps.pop(0)
        elif self.default is not None:
            step = self.default
        else:
            raise AssertionError("the scripted LLM ran out of replies")
        if isinstance(step, BaseException):
            raise step
        if callable(step):
            return await step(messages, tools, on_delta)
        if on_delta is not None and step.message.content:
            on_delta(step.message.content)
        return step


def reply(text: str, usage: dict[str, int] | None = None) -> ChatResponse:
    return ChatResponse(Message(role="assistant", content=text), usage=usage, model="scripted")


def calls(*specs: tuple[str, str, str], text: str = "") -> ChatResponse:
    tool_calls = [
        {"id": cid, "type": "function", "function": {"name": name, "arguments": args}}
        for cid, name, args in specs
    ]
    msg = Message(role="assistant", content=text, metadata={"tool_calls": tool_calls})
    return ChatResponse(msg, usage=None, model="scripted")


def summary_reply(text: str = "the story so far") -> ChatResponse:
    """A summary with the six sections (a reply with fewer than half of them is junk)."""
    sections = "\n## Constraints & Preferences\n## Progress\n## Key Decisions\n## Next Steps"
    return reply(f"<analysis>draft</analysis><summary>## Goal\n{text}{sections}</summary>")


def echo_tool(log: list[dict] | None = None) -> Tool:
    async def handler(args: dict) -> str:
        if log is not None:
            log.append(args)
        return f"echo: {args.get('text', '')}"

    params = {
        "type": "object",
        "properties": {"text": {"type": "string"}},
        "required": ["text"],
    }
    return Tool("echo", "Echo the text back.", params, handler)


class Recorder:
    def __init__(self) -> None:
        self.events: list[Any] = []

    def __call__(self, event: Any) -> None:
        self.events.append(event)

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]

    def kinds(self) -> list[str]:
        return [type(e).__name__ for e in self.events]


def stored(path: Path) -> list[Message]:
    """What a restarted app would read from the file (read-only, no lock needed)."""
    reread = Session.load(path, read_only=True)
    try:
        return reread.get_full_history_messages()
    finally:
        reread.close()


def assert_paired(messages: Sequence[Message]) -> None:
    """Every tool call has exactly one result right after its assistant message, in order."""
    assert_pairs_intact(messages, ordered=True)


def long_session(session: Session, turns: int, size: int = 500) -> None:
    for n in range(turns):
        session.append_message(Message(role="user", content=f"q{n} " + "x" * size))
        session.append_message(Message(role="assistant", content=f"a{n} " + "y" * size))


def make_session(folder: Path) -> Session:
    return Session.create(folder / "chat.jsonl", system_prompt="You are terse.", fsync=False)


def budget_only_the_cache_fits(session: Session, next_text: str, threshold: float = 0.8) -> int:
    """A budget whose threshold the raw history plus ``next_text`` exceeds.

    Used after a simulated restart: the first prepare can then stay under the threshold with
    zero summarizer calls only by using the restored compaction cache — whatever the last
    turn before the restart happened to leave behind.
    """
    history = [*session.get_full_history_messages(), Message(role="user", content=next_text)]
    return int(estimate_tokens(history) / threshold)


def never_answers(started: asyncio.Event) -> Callable[..., Awaitable[ChatResponse]]:
    """A scripted step that sets ``started`` and then waits until the run is cancelled."""

    async def hang(messages: Sequence[Message], tools: Any, on_delta: Any) -> ChatResponse:
        started.set()
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    return hang
