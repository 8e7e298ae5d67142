"""A long compacting session's file stays proportional to its messages (issue 11, point 1).

Compaction lines name what they keep instead of copying it, so the file is the messages plus
O(summary) per compaction plus a short usage line per model call: bytes per turn stay flat.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pi_desktop.agent import Agent, ContextCompacted
from pi_desktop.session import Session
from tests.agent.test_restart_identity import Deterministic
from tests.kit.agent_doubles import Recorder, echo_tool

TURNS = 150


@pytest.mark.asyncio
async def test_file_stays_under_twice_its_messages_and_grows_linearly(tmp_path: Path) -> None:
    path = tmp_path / "long.jsonl"
    session = Session.create(path, system_prompt="You are terse.", fsync=False)
    agent = Agent(
        Deterministic(),
        [echo_tool()],
        session=session,
        context_budget=2400,
        summarizer=Deterministic(),
    )
    events = Recorder()
    agent.subscribe(events)
    sizes = [path.stat().st_size]
    for turn in range(TURNS):
        extra = "please use the tool " if turn % 3 == 0 else ""
        await agent.run(f"turn {turn}: {extra}" + "q" * 300)
        sizes.append(path.stat().st_size)
    # a session that compacts all along (at 2.4k a compaction leaves room for a few turns, so
    # about one turn in seven compacts); the file must hold them without copying what they keep
    assert len(events.of(ContextCompacted)) >= 20
    messages = [
        e.to_message().model_dump() for e in session.entries.values() if e.type == "message"
    ]
    session.close()
    ratio = path.stat().st_size / len(json.dumps(messages, ensure_ascii=False))
    assert ratio <= 2.0, ratio
    block = TURNS // 5
    per_turn = [(sizes[i + block] - sizes[i]) / block for i in range(0, TURNS, block)]
    assert max(per_turn[1:]) <= 1.1 * per_turn[1], per_turn  # no growth with the history
