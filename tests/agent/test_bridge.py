"""ContextSessionBridge with the real ContextManager and real session files.

Only the LLM is a stand-in (a scripted summarizer that counts its calls): no network.
"""

from __future__ import annotations

import asyncio
import json
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from pi_desktop.agent import Agent
from pi_desktop.agent.bridge import ContextSessionBridge, first_kept_id
from pi_desktop.agent.llm import ChatResponse
from pi_desktop.context import Message
from pi_desktop.context.manager import ContextManager
from pi_desktop.context.report import CompactionInfo
from pi_desktop.session import CompactionEntry, RewindError, Session

SUMMARY = (
    "<analysis>draft</analysis><summary>## Goal\nShip it.\n## Constraints & Preferences\n-\n"
    "## Progress\n### Done\n- talked\n### In Progress\n-\n### Blocked\n-\n"
    "## Key Decisions\n-\n## Next Steps\n-\n## Critical Context\n-</summary>"
)


class ScriptedSummarizer:
    """Answers every request with a fixed six-section summary; counts calls."""

    def __init__(self) -> None:
        self.calls = 0

    async def chat(
        self,
        messages: Sequence[Message],
        tools: Sequence[dict[str, Any]] | None = None,
        on_delta: Any = None,
    ) -> ChatResponse:
        self.calls += 1
        return ChatResponse(
            Message(role="assistant", content=SUMMARY),
            usage={"prompt_tokens": 321, "completion_tokens": 45},
            model="summarizer-1",
        )


def fill(session: Session, turns: int, size: int = 600, tag: str = "") -> None:
    for i in range(turns):
        session.append_message(Message(role="user", content=f"q{tag}{i} " + "u" * size))
        session.append_message(Message(role="assistant", content=f"a{tag}{i} " + "a" * size))


def manager(llm: ScriptedSummarizer, bridge: ContextSessionBridge) -> ContextManager:
    return ContextManager(budget=3000, llm=llm, results_dir=bridge.results_dir())


@pytest.fixture
def session(tmp_path):
    with Session.create(tmp_path / "s.jsonl", system_prompt="You help.", fsync=False) as s:
        yield s


def test_write_compaction_records_the_cut_and_moves_the_floor(session):
    fill(session, 20)
    bridge = ContextSessionBridge(session)
    llm = ScriptedSummarizer()
    ctx = manager(llm, bridge)
    asyncio.run(ctx.prepare(session.get_full_history_messages()))
    info = ctx.pending_compaction
    assert isinstance(info, CompactionInfo) and llm.calls >= 1
    eid = bridge.write_compaction(ctx)
    assert eid is not None
    entry = session.entries[eid]
    assert isinstance(entry, CompactionEntry)
    path = session.get_current_path()
    cut = info.covered_count
    assert entry.parent_id == session.current_id == session.compaction_floor
    assert entry.first_kept_entry_id == path[cut - 1].id
    # the line names the kept tail, never copies it (O(summary), not O(history))
    assert entry.retained_count == len(path) - (cut - 1) and entry.retained_tail == []
    line = session.path.read_bytes().splitlines()[-1]
    assert b"retained_tail" not in line and b"replaces_entry_ids" not in line
    assert len(line) < len(entry.summary.encode()) + 1500
    cache = session.get_latest_compaction_cache()
    assert cache is not None
    assert cache["retained_tail"] == [e.to_message().model_dump() for e in path[cut - 1 :]]
    assert (entry.summary, entry.covered_count) == (info.summary, cut)
    assert (entry.tokens_before, entry.tokens_after) == (info.tokens_before, info.tokens_after)
    calls = llm.calls  # a large history is summarized in chunks: usage adds up
    assert entry.summary_usage == {"prompt_tokens": 321 * calls, "completion_tokens": 45 * calls}
    assert entry.summarizer_calls == info.summarizer_calls == calls
    assert entry.summary_model == "summarizer-1" and entry.summarized_count == cut - 1
    assert not entry.manual
    # the same pending compaction is written once
    size = session.path.stat().st_size
    assert bridge.write_compaction(ctx) == eid and session.path.stat().st_size == size
    with pytest.raises(RewindError):
        session.rewind(path[0].id)


def test_nothing_pending_writes_nothing(session):
    fill(session, 2, size=10)
    bridge = ContextSessionBridge(session)
    ctx = manager(ScriptedSummarizer(), bridge)
    asyncio.run(ctx.prepare(session.get_full_history_messages()))
    size = session.path.stat().st_size
    assert ctx.pending_compaction is None
    assert bridge.write_compaction(ctx) is None and session.path.stat().st_size == size
    assert bridge.restore_cache(ctx) is False


def test_restart_reuses_the_summary_with_zero_calls(tmp_path):
    path = tmp_path / "r.jsonl"
    with Session.create(path, system_prompt="You help.", fsync=False) as s:
        fill(s, 20)
        bridge = ContextSessionBridge(s)
        ctx = manager(ScriptedSummarizer(), bridge)
        asyncio.run(ctx.prepare(s.get_full_history_messages()))
        bridge.write_compaction(ctx)
        s.append_message(Message(role="user", content="after the compaction"))
        history = s.get_full_history_messages()
        view_before_restart = asyncio.run(ctx.prepare(history))
    with Session.load(path, fsync=False) as again:
        bridge2 = ContextSessionBridge(again)
        llm2 = ScriptedSummarizer()
        ctx2 = manager(llm2, bridge2)
        assert bridge2.restore_cache(ctx2) is True
        assert again.get_full_history_messages() == history
        view = asyncio.run(ctx2.prepare(again.get_full_history_messages()))
        assert llm2.calls == 0 and ctx2.pending_compaction is None
        assert view == view_before_restart
        assert ctx2.last_report is not None and ctx2.last_report.cache_used


def test_rewind_after_the_floor_keeps_the_cache_and_a_fork_has_none(session, tmp_path):
    fill(session, 20)
    bridge = ContextSessionBridge(session)
    ctx = manager(ScriptedSummarizer(), bridge)
    asyncio.run(ctx.prepare(session.get_full_history_messages()))
    bridge.write_compaction(ctx)
    floor = session.compaction_floor
    fill(session, 2, size=20, tag="late")
    session.rewind(floor)
    fresh = manager(ScriptedSummarizer(), bridge)
    assert bridge.restore_cache(fresh) is True
    assert fresh.summary == ctx.summary and fresh.covered_count == ctx.covered_count
    first = session.get_current_path()[0].id
    with session.fork(first, tmp_path / "fork.jsonl") as fork:
        fork_bridge = ContextSessionBridge(fork)
        assert fork_bridge.restore_cache(manager(ScriptedSummarizer(), fork_bridge)) is False


def test_manual_compaction_is_marked(session):
    fill(session, 6)
    bridge = ContextSessionBridge(session)
    ctx = manager(ScriptedSummarizer(), bridge)
    asyncio.run(ctx.force_compact(session.get_full_history_messages(), instructions="the API"))
    eid = bridge.write_compaction(ctx, manual=True)
    entry = session.entries[eid]
    assert entry.manual and entry.instructions == "the API"


def test_results_dir_sits_next_to_the_session_and_receives_offloads(session):
    bridge = ContextSessionBridge(session)
    results = bridge.results_dir()
    assert results == session.path.with_suffix("") / "tool-results" and results.is_dir()
    call = {"id": "../../evil", "type": "function", "function": {"name": "cat", "arguments": "{}"}}
    session.append_message(Message(role="user", content="read it"))
    session.append_message(Message(role="assistant", metadata={"tool_calls": [call]}))
    session.append_message(
        Message(role="tool", content="z" * 50_000, metadata={"tool_call_id": "../../evil"})
    )
    ctx = ContextManager(budget=100_000, llm=ScriptedSummarizer(), results_dir=results)
    asyncio.run(ctx.prepare(session.get_full_history_messages()))
    files = [p for p in results.rglob("*") if p.is_file()]
    assert files and all(p.resolve().is_relative_to(results.resolve()) for p in files)


def test_first_kept_id_with_and_without_system_prompt():
    class E:
        def __init__(self, i: str) -> None:
            self.id = i

    path: list = [E("a"), E("b"), E("c")]
    assert first_kept_id(path, 2, has_system=False) == "c"
    assert first_kept_id(path, 2, has_system=True) == "b"
    assert first_kept_id(path, 4, has_system=True) is None
    assert first_kept_id(path, 0, has_system=True) is None


def test_compaction_line_is_plain_json(session):
    fill(session, 20)
    bridge = ContextSessionBridge(session)
    ctx = manager(ScriptedSummarizer(), bridge)
    asyncio.run(ctx.prepare(session.get_full_history_messages()))
    bridge.write_compaction(ctx)
    last = json.loads(session.path.read_text().splitlines()[-1])
    assert last["type"] == "compaction" and last["parent_id"] == session.current_id


def test_an_agent_on_a_format_1_file_restores_its_cache_with_zero_calls(tmp_path):
    path = tmp_path / "old.jsonl"
    shutil.copy(Path(__file__).parents[1] / "session" / "fixtures" / "v1_session.jsonl", path)
    with Session.load(path, fsync=False) as s:
        stored = s.latest_compaction()
        assert stored is not None and stored.retained_tail  # the old line carries the tail
        summarizer = ScriptedSummarizer()
        agent = Agent(summarizer, session=s, context_budget=1500, summarizer=summarizer)
        ctx = agent.context
        assert ctx is not None and ctx.summary == stored.summary
        assert ctx.covered_count == stored.covered_count
        assert [m.model_dump() for m in ctx.retained_tail] == stored.retained_tail
        estimate = agent.estimate_now()
        assert summarizer.calls == 0 and estimate.estimated_tokens < 1500
