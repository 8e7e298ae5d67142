"""Pins and branch summaries through the real Agent, Session file and offline provider."""

from __future__ import annotations

import asyncio

import pytest

from pi_desktop.agent import Agent
from pi_desktop.agent.branch_summary import NOTE_PREFIX, condense
from pi_desktop.context import Message, PinRefused
from pi_desktop.context.pins import NOTES_HEADER
from pi_desktop.session import Session
from tests.kit.recording_llm import RecordingLLM


def run(coro):
    return asyncio.run(coro)


def new_agent(path, llm, budget=60_000, create=True):
    session = (
        Session.create(path, system_prompt="You are terse.", fsync=False)
        if create
        else Session.load(path, fsync=False)
    )
    return Agent(llm, session=session, context_budget=budget), session


def notes_in(request: list[Message]) -> list[str]:
    return [m.content for m in request if m.content.startswith(NOTES_HEADER)]


def test_rewind_summary_enters_the_view_until_removed_and_after_restart(tmp_path):
    path = tmp_path / "s.jsonl"
    llm = RecordingLLM()
    agent, session = new_agent(path, llm)
    run(agent.run("Plan the parser rewrite. We must keep the public API stable."))
    keep = session.current_id
    run(agent.run("Try a regex-based tokenizer for the parser instead."))
    old_leaf = session.current_id
    agent.rewind(keep)
    summary_id = run(agent.summarize_abandoned(old_leaf, keep))
    assert summary_id is not None
    entry = session.branch_summaries_for(keep)[0]
    assert entry.id == summary_id and entry.parent_id == keep
    assert entry.branch_leaf_id == old_leaf and entry.summarized_count == 2
    assert session.current_id == keep  # a side node: the position did not move

    run(agent.run("Go on with the hand-written tokenizer."))
    [note] = notes_in(llm.requests[-1])
    assert NOTE_PREFIX in note and entry.summary in note
    assert llm.requests[-1][1].content == note  # right after the system prompt

    session.close()
    llm2 = RecordingLLM()
    agent2, session2 = new_agent(path, llm2, create=False)
    run(agent2.run("And now?"))
    assert notes_in(llm2.requests[-1]) == [note]  # restart: the same context line

    agent2.remove_branch_summary(summary_id)
    run(agent2.run("Continue."))
    assert notes_in(llm2.requests[-1]) == []
    session2.close()
    _, session3 = new_agent(path, RecordingLLM(), create=False)
    assert session3.branch_summaries_for(keep) == []  # removed stays removed
    session3.close()


def test_no_summary_when_nothing_was_left_behind(tmp_path):
    agent, session = new_agent(tmp_path / "s.jsonl", RecordingLLM())
    run(agent.run("hello there, read nothing"))
    leaf = session.current_id
    assert run(agent.summarize_abandoned(leaf, leaf)) is None
    assert session.state.branch_summaries == {}


def test_branch_summary_off_another_branch_leaves_the_view(tmp_path):
    llm = RecordingLLM()
    agent, session = new_agent(tmp_path / "s.jsonl", llm)
    run(agent.run("first question about the parser"))
    first_user = session.get_current_path()[0].id
    run(agent.run("second question"))
    middle = session.current_id
    run(agent.run("third question on this branch"))
    old = session.current_id
    agent.rewind(middle)
    assert run(agent.summarize_abandoned(old, middle)) is not None
    agent.rewind(first_user)  # the path no longer passes ``middle``
    run(agent.run("a different direction"))
    assert notes_in(llm.requests[-1]) == []


def test_back_on_the_summarized_branch_its_summary_leaves_the_view(tmp_path):
    """Rewinding onto the very branch a summary describes: the model sees that branch itself,
    and "explored on another branch" about it would be untrue (and sent twice over)."""
    llm = RecordingLLM()
    agent, session = new_agent(tmp_path / "s.jsonl", llm)
    run(agent.run("first question about the parser"))
    keep = session.current_id
    run(agent.run("try a regex tokenizer"))
    branch_question = session.get_current_path()[-2].id
    old_leaf = session.current_id
    agent.rewind(keep)
    assert run(agent.summarize_abandoned(old_leaf, keep)) is not None
    [summary] = session.branch_summaries_for(keep)
    assert session.state.branch_entry(summary) == branch_question
    assert session.branch_summaries_on_path() == [summary]  # at the fork point: sent

    agent.rewind(old_leaf)  # back onto the summarized branch
    assert session.branch_summaries_on_path() == []
    run(agent.run("go on with the regex tokenizer"))
    assert notes_in(llm.requests[-1]) == []

    agent.rewind(keep)  # off it again, onto a new branch: the note comes back
    run(agent.run("the hand-written tokenizer after all"))
    assert len(notes_in(llm.requests[-1])) == 1
    session.close()
    reloaded = Session.load(tmp_path / "s.jsonl", fsync=False)  # worked out again on load
    assert reloaded.branch_summaries_on_path() == [summary]
    reloaded.close()


def test_pin_survives_compaction_and_is_refused_past_the_cap(tmp_path):
    llm = RecordingLLM()
    agent, session = new_agent(tmp_path / "s.jsonl", llm, budget=3_000)
    run(agent.run("Remember the codeword HELIOTROPE-7 for later."))
    pinned = session.get_current_path()[0].id
    assert agent.pin(pinned) and not agent.pin(pinned)
    for k in range(10):
        run(agent.run(f"Tell me something about topic {k}. " + "detail " * 60))
    assert session.state.latest_compaction() is not None  # compactions happened
    last = llm.requests[-1]
    assert any(m.content == "Remember the codeword HELIOTROPE-7 for later." for m in last)
    assert 0 < agent.pinned_tokens() <= agent.context.pin_cap_tokens
    before = session.path.read_bytes()
    big = [e.id for e in session.get_current_path() if e.id != pinned]
    with pytest.raises(PinRefused, match="cap"):
        for eid in big:
            agent.pin(eid)
    assert b'"type":"pin"' in before
    refused_at = next(e for e in big if not session.is_pinned(e))
    assert not session.is_pinned(refused_at)  # the refused pin wrote nothing
    assert agent.unpin(pinned) and not session.is_pinned(pinned)


def test_condense_keeps_bullets_and_caps():
    assert (
        condense("<summary>\n- tried A\n- tried A\n- found B\n</summary>") == "- tried A\n- found B"
    )
    six = "## Goal\n- rewrite\n## Progress\n### Done\n- read x.py\n### Blocked\n- (none)\n"
    assert condense(six) == "- rewrite\n- read x.py"
    assert len(condense("- " + "x" * 5_000)) <= 700


def test_pin_indices_follow_repaired_paths(tmp_path):
    """A call left without its result gets a synthetic one in the snapshot: indices shift."""
    from tests.kit.messages import assistant, tool_call

    session = Session.create(tmp_path / "s.jsonl", system_prompt="sys", fsync=False)
    session.append_message(Message(role="user", content="go"))
    session.append_message(assistant("", [tool_call("c1", "read_file", {"path": "a"})]))
    after = session.append_message(Message(role="user", content="PINNED after the gap"))
    session.append_message(Message(role="assistant", content="ok"))
    agent = Agent(RecordingLLM(), session=session, context_budget=60_000)
    assert agent.pin(after)
    messages, _ = agent._history.snapshot()
    assert len(messages) == 6  # system + 4 + the synthetic "interrupted" result
    [k] = agent.context.pinned
    assert messages[k].content == "PINNED after the gap"
    session.close()


def test_rewinding_to_a_question_for_another_answer_summarizes_nothing(tmp_path):
    agent, session = new_agent(tmp_path / "s.jsonl", RecordingLLM())
    run(agent.run("first"))
    question = session.get_current_path()[0].id
    leaf = session.current_id  # only the answer lies beyond the question
    agent.rewind(question)
    assert run(agent.summarize_abandoned(leaf, question)) is None
    assert session.state.branch_summaries == {}
