"""What a branch summary needs from the agent for edit and resend (real Agent, offline provider).

- The rule shared by rewinds and edits: only a branch with an *answered* turn of its own is
  summarized (a lone question nobody answered explored nothing).
- ``Agent.run_from``'s ``on_branched`` hook runs once the new message is stored and before the
  first request, so a note written there (for a new first message, the only place it can
  hang) reaches that request; a failing hook does not stop the run.
"""

from __future__ import annotations

import asyncio
import logging

from pi_desktop.agent import Agent
from pi_desktop.agent.branch_summary import NOTE_PREFIX, worth_summarizing
from pi_desktop.context import Message
from pi_desktop.context.pins import NOTES_HEADER
from pi_desktop.session import Session
from pi_desktop.session.entries import MessageEntry
from tests.kit.recording_llm import RecordingLLM


def _agent(tmp_path, llm):
    session = Session.create(tmp_path / "s.jsonl", system_prompt="You are terse.", fsync=False)
    return Agent(llm, session=session, context_budget=60_000), session


def _entries(*roles: str) -> list[MessageEntry]:
    return [MessageEntry(role=role, content=f"{role} {k}") for k, role in enumerate(roles)]


def test_only_an_answered_turn_is_worth_a_summary():
    assert not worth_summarizing([])
    assert not worth_summarizing(_entries("assistant"))  # a retried answer
    assert not worth_summarizing(_entries("user"))  # a question nobody answered
    assert not worth_summarizing(_entries("assistant", "user"))
    assert worth_summarizing(_entries("user", "assistant"))
    assert worth_summarizing(_entries("assistant", "user", "assistant", "tool", "assistant"))


def test_leaving_only_an_unanswered_question_writes_no_summary(tmp_path):
    llm = RecordingLLM()
    agent, session = _agent(tmp_path, llm)
    asyncio.run(agent.run("read README.md"))
    answer = session.current_id
    session.append_message(Message(role="user", content="a question the run never answered"))
    leaf = session.current_id
    agent.rewind(answer)
    calls = len(llm.requests)
    assert asyncio.run(agent.summarize_abandoned(leaf, answer)) is None
    assert len(llm.requests) == calls and session.state.branch_summaries == {}
    session.close()


def test_on_branched_runs_before_the_first_request_of_a_new_first_message(tmp_path):
    llm = RecordingLLM()
    agent, session = _agent(tmp_path, llm)

    async def scenario() -> list[str]:
        await agent.run("Try a regex tokenizer for the parser.")
        await agent.run("And benchmark it.")
        old_leaf = session.current_id
        seen: list[str] = []

        async def hook(new_root: str) -> None:
            seen.append(new_root)
            assert session.entries[new_root].parent_id is None
            assert session.current_id == new_root
            assert await agent.summarize_abandoned(old_leaf, new_root) is not None

        await agent.run_from(None, "Write the tokenizer by hand.", on_branched=hook)
        return seen

    [new_root] = asyncio.run(scenario())
    assert session.get_current_path()[0].id == new_root
    [side] = session.branch_summaries_for(new_root)
    assert side.summarized_count == 4 and llm.summaries() == 1
    chat = llm.requests[-1]  # the new first message's own (and only) request
    assert (
        chat[0].content == "You are terse." and chat[-1].content == "Write the tokenizer by hand."
    )
    [note] = [m.content for m in chat if m.content.startswith(NOTES_HEADER)]
    assert NOTE_PREFIX in note and "regex" in note.lower()
    session.close()


def test_a_failing_on_branched_hook_is_logged_and_the_run_goes_on(tmp_path, caplog):
    llm = RecordingLLM()
    agent, session = _agent(tmp_path, llm)
    asyncio.run(agent.run("first"))
    parent = session.current_id

    async def broken(_entry_id: str) -> None:
        raise OSError("disk gone")

    with caplog.at_level(logging.ERROR):
        answer = asyncio.run(agent.run_from(parent, "second", on_branched=broken))
    assert answer and session.get_current_path()[-1].role == "assistant"
    assert session.get_current_path()[-2].content == "second"
    assert any("on_branched" in r.getMessage() for r in caplog.records)
    session.close()
