"""A system prompt change is an entry where it happened; it survives restart and fork (issue 17)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pi_desktop.agent import Agent, ContextPrepared
from pi_desktop.context import Message
from pi_desktop.session import Session, SystemPromptEntry
from tests.kit.agent_doubles import Recorder
from tests.kit.recording_llm import RecordingLLM


def grow(session: Session, *texts: str) -> list[str]:
    ids = []
    for text in texts:
        ids.append(session.append_message(Message(role="user", content=text)))
        ids.append(session.append_message(Message(role="assistant", content=f"re: {text}")))
    return ids


def test_a_change_hangs_off_the_current_message_and_survives_a_restart(tmp_path: Path):
    path = tmp_path / "s.jsonl"
    session = Session.create(path, system_prompt="You are terse.", fsync=False)
    ids = grow(session, "one")
    change = session.set_system_prompt("You are a pirate.")
    assert change is not None
    assert session.set_system_prompt("You are a pirate.") is None  # unchanged: no line
    grow(session, "two")
    session.close()

    again = Session.load(path, fsync=False)
    (entry,) = again.system_prompt_changes
    assert isinstance(entry, SystemPromptEntry)
    assert entry.id == change and entry.parent_id == ids[-1]
    assert again.system_prompt == "You are a pirate."
    history = again.get_full_history_messages()
    assert history[0] == Message(role="system", content="You are a pirate.")
    again.close()


def test_a_fork_keeps_the_changes_of_its_stretch_and_the_prompt_in_effect(tmp_path: Path):
    session = Session.create(tmp_path / "a.jsonl", system_prompt="Persona A", fsync=False)
    first = grow(session, "one")
    session.set_system_prompt("Persona B")
    second = grow(session, "two")
    session.set_system_prompt("Persona C")

    early = session.fork(first[-1], tmp_path / "early.jsonl")
    late = session.fork(second[-1], tmp_path / "late.jsonl")
    # the copy goes on with the prompt the original sends next
    assert early.system_prompt == late.system_prompt == "Persona C"
    # the late fork shows both changes where they were made
    assert [(c.parent_id, c.system_prompt) for c in late.system_prompt_changes] == [
        (first[-1], "Persona B"),
        (second[-1], "Persona C"),
    ]
    # the early fork ends where B was made: it has B, then C stated at its last message
    assert [(c.parent_id, c.system_prompt) for c in early.system_prompt_changes] == [
        (first[-1], "Persona B"),
        (first[-1], "Persona C"),
    ]
    # a fork before any change starts from the header's prompt and states the current one
    root = session.fork(first[0], tmp_path / "root.jsonl")
    assert [(c.parent_id, c.system_prompt) for c in root.system_prompt_changes] == [
        (first[0], "Persona C")
    ]
    root.close()
    for fork in (early, late):
        path = fork.path
        fork.close()
        reloaded = Session.load(path, fsync=False)
        assert reloaded.system_prompt == "Persona C"
        reloaded.close()
    session.close()


def test_a_fork_of_a_session_without_changes_keeps_its_header(tmp_path: Path):
    session = Session.create(tmp_path / "a.jsonl", system_prompt="Only one", fsync=False)
    ids = grow(session, "one")
    fork = session.fork(ids[-1], tmp_path / "b.jsonl")
    assert fork.system_prompt == "Only one" and fork.system_prompt_changes == []
    fork.close()
    session.close()


@pytest.mark.asyncio
async def test_the_agent_sends_the_new_prompt_from_the_next_request_on(tmp_path: Path):
    session = Session.create(tmp_path / "s.jsonl", system_prompt="Old persona", fsync=False)
    llm = RecordingLLM()
    agent = Agent(llm, session=session, context_budget=20_000)
    events = Recorder()
    agent.subscribe(events)
    await agent.run("first")
    assert agent.set_system_prompt("New persona") is not None
    assert isinstance(events.events[-1], ContextPrepared)
    assert agent.system_prompt == "New persona"
    await agent.run("second")
    sent_first, sent_second = llm.requests[0], llm.requests[-1]
    assert sent_first[0].content == "Old persona"  # what was sent stays as it was
    assert sent_second[0].content == "New persona"
    assert sent_second[1].content == "first"  # the conversation itself is unchanged
    # clearing it: no system message at all from then on
    agent.set_system_prompt("  ")
    await agent.run("third")
    assert llm.requests[-1][0].role == "user"
    session.close()


@pytest.mark.asyncio
async def test_without_a_session_the_prompt_changes_in_memory():
    llm = RecordingLLM()
    agent = Agent(llm, system_prompt="A")
    await agent.run("x")
    assert agent.set_system_prompt("B") is None  # no entry without a session
    await agent.run("y")
    assert llm.requests[0][0].content == "A" and llm.requests[-1][0].content == "B"
