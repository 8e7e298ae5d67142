"""The offline demo thinks when asked to, so the Thinking block can be tried without a model."""

from __future__ import annotations

from pathlib import Path

import pytest

from pi_desktop.agent import Agent, MessageAdded, ReasoningDelta, TextDelta, build_workspace_tools
from pi_desktop.agent.offline import OfflineLLM
from pi_desktop.session import Session
from tests.kit.agent_doubles import Recorder


@pytest.mark.asyncio
async def test_think_then_list_files_streams_reasoning_before_the_answer(tmp_path: Path):
    (tmp_path / "notes.txt").write_text("hello")
    session = Session.create(tmp_path / "s.jsonl", fsync=False)
    agent = Agent(OfflineLLM(), build_workspace_tools(tmp_path), session=session)
    events = Recorder()
    agent.subscribe(events)
    await agent.run("Think first, then list the files")
    kinds = [type(e).__name__ for e in events.events]
    assert kinds.index("ReasoningDelta") < kinds.index("ToolCallStarted")
    thought = "".join(e.text for e in events.of(ReasoningDelta))
    assert "call list_dir" in thought and "“Think first, then list the files”" in thought
    assert "call list_dir" not in "".join(e.text for e in events.of(TextDelta))
    stored = [e.message for e in events.of(MessageAdded) if e.message.role == "assistant"]
    assert all(m.metadata and m.metadata["reasoning"] for m in stored)
    session.close()


@pytest.mark.asyncio
async def test_no_reasoning_unless_asked():
    agent = Agent(OfflineLLM())
    events = Recorder()
    agent.subscribe(events)
    await agent.run("write a long story")
    assert events.of(ReasoningDelta) == []
