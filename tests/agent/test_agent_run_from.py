"""``Agent.run_from``: edit and resend as a new branch; the old branch stays in the tree.

Driven through the real ``openai`` client against the loopback server.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pi_desktop.agent import Agent, MessageAdded, RunStarted
from pi_desktop.context import Message
from pi_desktop.session import RewindError, Session
from tests.kit.agent_doubles import Recorder, stored
from tests.kit.openai_server import Reply


def _user_texts(request: dict) -> list[str]:
    return [m["content"] for m in request["messages"] if m["role"] == "user"]


@pytest.mark.asyncio
async def test_run_from_a_parent_branches_and_keeps_the_old_branch(
    session: Session, llm, openai_server, tmp_path: Path
) -> None:
    openai_server.enqueue(Reply(text="A1"), Reply(text="A2"), Reply(text="A2 edited"))
    agent = Agent(llm, session=session, context_budget=20_000)
    await agent.run("first")
    await agent.run("second")
    q1, a1, q2, a2 = (e.id for e in session.get_current_path())

    rec = Recorder()
    agent.subscribe(rec)
    assert await agent.run_from(a1, "second, edited") == "A2 edited"

    path = session.get_current_path()
    assert [e.content for e in path] == ["first", "A1", "second, edited", "A2 edited"]
    assert path[2].parent_id == a1 and path[3].parent_id == path[2].id
    assert session.children(a1) == [q2, path[2].id]  # the old branch is still there
    assert session.entries[a2].parent_id == q2
    assert _user_texts(openai_server.last_request) == ["first", "second, edited"]
    assert rec.kinds()[:1] == ["RunStarted"]  # the branch is made inside the run, once it fits
    assert rec.of(RunStarted) == [RunStarted("second, edited")]
    assert [(e.message.role, e.message.content) for e in rec.of(MessageAdded)] == [
        ("user", "second, edited"),
        ("assistant", "A2 edited"),
    ]
    assert q1 == path[0].id


@pytest.mark.asyncio
async def test_run_from_none_starts_a_new_first_message(
    session: Session, llm, openai_server, tmp_path: Path
) -> None:
    openai_server.enqueue(Reply(text="A1"), Reply(text="B1"))
    agent = Agent(llm, session=session, context_budget=20_000)
    await agent.run("first")
    old_root = session.get_current_path()[0].id

    rec = Recorder()
    agent.subscribe(rec)
    assert await agent.run_from(None, "first, edited") == "B1"

    path = session.get_current_path()
    assert [e.content for e in path] == ["first, edited", "B1"]
    assert path[0].parent_id is None
    assert session.children(None) == [old_root, path[0].id]
    assert rec.kinds()[0] == "RunStarted"  # then the new question, as for run()
    assert rec.of(MessageAdded)[0].message == Message(role="user", content="first, edited")
    # the model saw the persona and the new question only
    assert [m["role"] for m in openai_server.last_request["messages"]] == ["system", "user"]
    # a restart reads the same branch
    assert [m.content for m in stored(tmp_path / "chat.jsonl")[1:]] == ["first, edited", "B1"]


def test_append_root_is_refused_after_a_compaction(tmp_path: Path) -> None:
    with Session.create(tmp_path / "s.jsonl", fsync=False) as session:
        first = session.append_message(Message(role="user", content="q"))
        answer = session.append_message(Message(role="assistant", content="a"))
        assert session.current_id == answer
        session.add_summary_cache(summary="s", covered_count=2, retained_tail=[])
        with pytest.raises(RewindError):
            session.append_root(Message(role="user", content="again"))
        assert session.children(None) == [first]


@pytest.mark.asyncio
async def test_run_from_with_a_message_too_large_moves_nothing(
    session: Session, llm, openai_server, tmp_path: Path
) -> None:
    openai_server.enqueue(Reply(text="A1"), Reply(text="A2"))
    agent = Agent(llm, session=session, context_budget=4_000)
    await agent.run("first")
    await agent.run("second")
    current, before = session.current_id, session.path.read_bytes()
    a1 = session.get_current_path()[1].id
    assert await agent.run_from(a1, "z" * 100_000) == ""
    assert agent.last_error is not None and agent.last_error.kind == "too_large"
    assert session.current_id == current and session.path.read_bytes() == before
