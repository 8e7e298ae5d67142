"""Editing a summary: the next request carries the edited text, after a restart too, with 0
summarizer calls; the original stays in the session's history."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import pytest

from pi_desktop.agent import Agent, ChatResponse, ContextPrepared
from pi_desktop.context import Message, estimate_tokens
from pi_desktop.session import Session
from tests.kit.summary_doubles import FakeSummarizer

EDIT_MARK = "USER-EDIT: the deploy target is staging-eu, never prod."


class Recording:
    """The chat model: answers briefly and records every request it receives."""

    def __init__(self) -> None:
        self.requests: list[list[Message]] = []

    async def chat(
        self, messages: Sequence[Message], tools: Any = None, on_delta: Any = None
    ) -> ChatResponse:
        self.requests.append(list(messages))
        return ChatResponse(Message(role="assistant", content="noted"), None, "chat")


def _fill(session: Session, turns: int = 10) -> None:
    for k in range(turns):
        session.append_message(Message(role="user", content=f"turn {k}: " + "detail " * 60))
        session.append_message(Message(role="assistant", content=f"done {k}: " + "ok " * 40))


def test_edit_then_restart_sends_the_edited_summary_with_no_summarizer_call(tmp_path):
    path = tmp_path / "s.jsonl"
    session = Session.create(path, system_prompt="You are terse.", fsync=False)
    _fill(session, 20)
    # without the cache the history is over the threshold: only the summary keeps it under
    assert estimate_tokens(session.get_full_history_messages()) > int(3_000 * 0.8)
    agent = Agent(Recording(), session=session, context_budget=3_000, summarizer=FakeSummarizer())
    assert asyncio.run(agent.compact())
    original = session.latest_compaction()
    assert original.kind == "manual"
    events: list[Any] = []
    agent.subscribe(events.append)
    edited_text = original.summary.replace("## Goal\n", f"## Goal\n{EDIT_MARK}\n", 1)
    entry_id = agent.edit_summary(original.id, edited_text)
    entry = session.entries[entry_id]
    assert entry.kind == "edited" and entry.edited_from == original.id
    assert entry.tokens_after > entry.tokens_before  # the edit added a line
    assert agent.context.summary == edited_text  # taken at once
    assert isinstance(events[-1], ContextPrepared)
    assert events[-1].estimated_tokens == entry.tokens_after
    session.close()

    # restart: a new Session and Agent on the same file
    session = Session.load(path, fsync=False)
    chat, summarizer = Recording(), FakeSummarizer()
    agent = Agent(chat, session=session, context_budget=3_000, summarizer=summarizer)
    assert agent.context.summary == edited_text
    assert asyncio.run(agent.run("what is the deploy target?")) == "noted"
    view = chat.requests[-1]
    assert EDIT_MARK in view[1].content and view[1].metadata.get("context_summary")
    assert summarizer.calls == 0 and agent.summarizer_calls == 0
    # the original is still in the file, in order before its edit
    kinds = [c.kind for c in session.compactions_for(original.parent_id)]
    assert kinds == ["manual", "edited"]
    session.close()


def test_a_refused_edit_changes_nothing(tmp_path):
    session = Session.create(tmp_path / "s.jsonl", system_prompt="sys", fsync=False)
    _fill(session)
    agent = Agent(Recording(), session=session, context_budget=6_000, summarizer=FakeSummarizer())
    assert asyncio.run(agent.compact())
    comp = session.latest_compaction()
    before = (agent.context.summary, agent.estimate_now().estimated_tokens, len(session.entries))
    with pytest.raises(ValueError, match="unchanged"):
        agent.edit_summary(comp.id, comp.summary)
    with pytest.raises(ValueError, match="empty"):
        agent.edit_summary(comp.id, "  \n")
    after = (agent.context.summary, agent.estimate_now().estimated_tokens, len(session.entries))
    assert after == before
    session.close()
