"""Self-repair: the history sent keeps every tool call paired; the file is never rewritten."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_desktop.agent import Agent, HistoryRepaired, RunFailed
from pi_desktop.agent.repair import INTERRUPTED_RESULT, PairRepair, repair_pairs
from pi_desktop.context import Message
from pi_desktop.session import Session
from pi_desktop.session import journal as journal_mod
from tests.kit.agent_doubles import (
    Recorder,
    ScriptedLLM,
    assert_paired,
    calls,
    echo_tool,
    reply,
    summary_reply,
)
from tests.kit.messages import user
from tests.kit.strategies import assert_pairs_intact

SYSTEM = Message(role="system", content="p")


def call(*ids: str) -> Message:
    tool_calls = [
        {"id": i, "type": "function", "function": {"name": "echo", "arguments": "{}"}} for i in ids
    ]
    return Message(role="assistant", metadata={"tool_calls": tool_calls})


def result(call_id: str) -> Message:
    return Message(role="tool", content="ok", metadata={"tool_call_id": call_id, "name": "echo"})


# ------------------------------------------------------------------ the pure function


def test_nothing_to_repair_returns_the_same_messages():
    messages = [SYSTEM, user("q"), call("a"), result("a"), Message(role="assistant", content="x")]
    ids = ["1", "2", "3", "4"]
    out, out_ids, repairs = repair_pairs(messages, ids)
    assert repairs == () and out_ids == ids
    assert all(a is b for a, b in zip(out, messages, strict=True))


def test_a_call_without_result_gets_a_synthetic_one_after_the_real_results():
    messages = [SYSTEM, user("q"), call("a", "b"), result("a"), user("next")]
    out, ids, repairs = repair_pairs(messages, ["1", "2", "3", "4"])
    assert [m.role for m in out] == ["system", "user", "assistant", "tool", "tool", "user"]
    assert out[4].content == INTERRUPTED_RESULT and out[4].tool_call_id == "b"
    assert out[4].metadata == {"tool_call_id": "b", "name": "echo", "interrupted": True}
    assert ids == ["1", "2", "3", None, "4"]
    assert repairs == (PairRepair("missing_result", "2", "b"),)
    assert_paired(out)


def test_a_result_without_call_is_left_out():
    messages = [SYSTEM, user("q"), result("ghost"), Message(role="assistant", content="x")]
    out, ids, repairs = repair_pairs(messages, ["1", "2", "3"])
    assert [m.role for m in out] == ["system", "user", "assistant"] and ids == ["1", "3"]
    assert repairs == (PairRepair("orphan_result", "2", "ghost"),)


def test_a_path_ending_in_an_unanswered_call_is_closed():
    out, ids, repairs = repair_pairs([user("q"), call("a")], ["1", "2"])
    assert out[-1].content == INTERRUPTED_RESULT and ids == ["1", "2", None]
    assert repairs[0].kind == "missing_result"


_kinds = st.sampled_from(["user", "assistant", "call1", "call2", "result_a", "result_b", "junk"])


def _build(kind: str, n: int) -> Message:
    if kind == "call1":
        return call(f"a{n}")
    if kind == "call2":
        return call(f"a{n}", f"b{n}")
    if kind == "result_a":
        return result(f"a{n - 1}")  # answers a call made by the message just before, maybe
    if kind == "result_b":
        return result(f"b{n - 2}")
    if kind == "junk":
        return Message(role="tool", content="?", metadata={"tool_call_id": 5})
    return Message(role=kind, content=kind)


@settings(max_examples=300, deadline=None)
@given(st.lists(_kinds, max_size=30))
def test_any_history_comes_out_paired_and_keeps_every_non_tool_message(kinds):
    messages = [SYSTEM, *(_build(k, n) for n, k in enumerate(kinds))]
    ids = [str(n) for n in range(len(kinds))]
    out, out_ids, repairs = repair_pairs(messages, ids)
    assert_pairs_intact(out)  # real results keep their order; synthetic ones come last
    assert len(out) - len(out_ids) == 1 and out[0] is SYSTEM
    assert [m for m in out if m.role != "tool"] == [m for m in messages if m.role != "tool"]
    kept_results = [i for i, m in zip(out_ids, out[1:], strict=True) if m.role == "tool" and i]
    orphans = {r.entry_id for r in repairs if r.kind == "orphan_result"}
    all_results = [i for i, m in zip(ids, messages[1:], strict=True) if m.role == "tool"]
    assert sorted(kept_results + sorted(orphans)) == sorted(all_results)
    synthetic = [m for i, m in zip(out_ids, out[1:], strict=True) if i is None]
    assert all(m.content == INTERRUPTED_RESULT for m in synthetic)
    assert len(synthetic) == sum(r.kind == "missing_result" for r in repairs)
    again = repair_pairs(out, out_ids)  # repaired output needs nothing more
    assert again[2] == ()


# ------------------------------------------------------------------ the agent, on a real file


def _fail_tool_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    """A disk that refuses the tool result lines (as a crash between the two would)."""

    def write(fd: int, data: bytes | memoryview) -> int:
        if b'"role":"tool"' in bytes(data):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return os.write(fd, data)

    monkeypatch.setattr(journal_mod, "_os_write", write)


@pytest.mark.asyncio
async def test_a_lost_result_is_repaired_in_every_request_and_never_in_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "chat.jsonl"
    session = Session.create(path, system_prompt="p", fsync=False)
    llm = ScriptedLLM(calls(("c1", "echo", '{"text": "x"}')), reply("after"), reply("again"))
    agent = Agent(llm, [echo_tool()], session=session, context_budget=100_000)
    _fail_tool_lines(monkeypatch)
    await agent.run("use the tool")
    assert isinstance(agent.last_error, RunFailed) and agent.last_error.kind == "session"
    monkeypatch.setattr(journal_mod, "_os_write", os.write)
    on_disk = path.read_bytes()
    assert b'"tool_calls"' in on_disk and b'"role":"tool"' not in on_disk

    events = Recorder()
    agent.subscribe(events)
    assert await agent.run("go on") == "after"
    sent = llm.requests[-1]
    assert_paired(sent)
    synthetic = [m for m in sent if m.content == INTERRUPTED_RESULT]
    assert len(synthetic) == 1 and synthetic[0].tool_call_id == "c1"
    (repaired,) = events.of(HistoryRepaired)
    call_entry = next(e for e in session.get_current_path() if (e.metadata or {}).get("tool_calls"))
    assert repaired.repairs == (PairRepair("missing_result", call_entry.id, "c1"),)
    assert agent.history_repairs == repaired.repairs
    assert path.read_bytes().startswith(on_disk)  # only appended to, never rewritten
    assert INTERRUPTED_RESULT.encode() not in path.read_bytes()
    session.close()

    # a restarted app repairs the same way
    again = Session.load(path, fsync=False)
    agent2 = Agent(llm, [echo_tool()], session=again, context_budget=100_000)
    await agent2.run("and again")
    assert_paired(llm.requests[-1])
    assert [m.content for m in llm.requests[-1] if m.role == "tool"] == [INTERRUPTED_RESULT]
    again.close()


@pytest.mark.asyncio
async def test_a_compaction_over_a_repaired_history_restores_exactly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """covered_count counts the sent history; the file counts the path; the bridge maps both."""
    path = tmp_path / "chat.jsonl"
    session = Session.create(path, system_prompt="p", fsync=False)
    session.append_message(user("early"))
    session.append_message(call("lost"))  # no result: a synthetic one is in every request
    session.append_message(result("ghost"))  # answers nothing: left out
    for n in range(12):
        session.append_message(user(f"q{n} " + "x" * 400))
        session.append_message(Message(role="assistant", content=f"a{n} " + "y" * 400))
    llm = ScriptedLLM(default=reply("fine"))
    summarizer = ScriptedLLM(default=summary_reply())
    agent = Agent(llm, session=session, context_budget=1500, summarizer=summarizer)
    await agent.run("next " + "z" * 100)
    assert summarizer.requests, "the small budget forces a compaction"
    live_view = llm.requests[-1]
    comp = session.latest_compaction()
    assert comp is not None and comp.retained_count is not None
    first_kept = session.entries[comp.first_kept_entry_id]
    assert first_kept.role == "user"
    session.append_message(user("one more"))
    history, _ = agent._history.snapshot()  # what the live agent would send next
    live_ctx = agent.context
    assert live_ctx is not None
    live_next = live_ctx.preview(history)[0]
    session.close()

    again = Session.load(path, fsync=False)
    summarizer2 = ScriptedLLM()  # must not be called
    agent2 = Agent(
        ScriptedLLM(default=reply("ok")), session=again, context_budget=1500, summarizer=summarizer2
    )
    ctx2 = agent2.context
    assert ctx2 is not None
    assert (ctx2.summary, ctx2.covered_count) == (live_ctx.summary, live_ctx.covered_count)
    assert ctx2.retained_tail == live_ctx.retained_tail
    history2, _ = agent2._history.snapshot()
    assert history2 == history
    assert ctx2.preview(history2)[0] == live_next
    assert live_view[0].role == "system"
    again.close()
