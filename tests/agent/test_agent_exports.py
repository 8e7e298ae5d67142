"""``pi_desktop.agent`` exports what DESIGN §2 promises, and the offline provider drives the
whole loop (tools, compaction, restart) with no key and no network."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import pi_desktop.agent as agent_pkg
from pi_desktop.agent import (
    Agent,
    ContextCompacted,
    ContextPrepared,
    OfflineLLM,
    ToolCallFinished,
    build_workspace_tools,
)
from pi_desktop.session import Session
from tests.kit.agent_doubles import budget_only_the_cache_fits


def test_every_exported_name_resolves() -> None:
    for name in agent_pkg.__all__:
        assert getattr(agent_pkg, name) is not None, name
    assert set(agent_pkg.__all__) <= set(dir(agent_pkg))
    with pytest.raises(AttributeError):
        agent_pkg.NotAThing  # noqa: B018


def test_importing_the_package_does_not_load_the_sdk_or_qt() -> None:
    code = "import sys, pi_desktop.agent\nprint('openai' in sys.modules, 'PySide6' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


@pytest.mark.asyncio
async def test_offline_provider_runs_tools_compacts_and_resumes(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "README.md").write_text("# Demo\n" + "Some words about the demo.\n" * 40)
    (workspace / "main.py").write_text("print('hi')\n")
    path = tmp_path / "offline.jsonl"
    session = Session.create(path, system_prompt="You are a helpful assistant.", fsync=False)
    llm = OfflineLLM()
    agent = Agent(
        llm, tools=build_workspace_tools(workspace), session=session, context_budget=1_500
    )
    events: list[object] = []
    agent.subscribe(events.append)
    await agent.run("list the files")
    await agent.run("read README.md")
    for n in range(12):
        await agent.run(f"tell me more about point {n}")
    finished = [e for e in events if isinstance(e, ToolCallFinished)]
    assert [e.name for e in finished] == ["list_dir", "read_file"]
    assert not any(e.is_error for e in finished)
    assert any(isinstance(e, ContextCompacted) for e in events)
    assert all(e.estimated_tokens <= 1_500 for e in events if isinstance(e, ContextPrepared))
    session.close()

    reopened = Session.load(path, fsync=False)
    budget = budget_only_the_cache_fits(reopened, "and now?")
    resumed = Agent(
        OfflineLLM(),
        tools=build_workspace_tools(workspace),
        session=reopened,
        context_budget=budget,
    )
    prepared: list[ContextPrepared] = []
    resumed.subscribe(lambda e: prepared.append(e) if isinstance(e, ContextPrepared) else None)
    assert await resumed.run("and now?")
    assert resumed.summarizer_calls == 0
    assert prepared[0].report is not None and prepared[0].report.cache_used
    reopened.close()
