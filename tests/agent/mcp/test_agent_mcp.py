"""MCP tools through the Agent: the real ``openai`` client on the loopback model server asks
for the call, the hub runs it on a real server, and the result goes through the pipeline.

The third-party server is ``mcp-server-time`` as installed from PyPI, unmodified.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from pi_desktop.agent import Agent, ToolCallFinished
from pi_desktop.agent.mcp import connect
from pi_desktop.agent.tool_exec import MAX_RESULT_CHARS
from pi_desktop.agent.tools import auto_approve
from tests.agent.mcp.conftest import sdk_server
from tests.kit.agent_doubles import Recorder, assert_paired, make_session, stored
from tests.kit.openai_server import OpenAIServer, Reply, ToolCall

pytestmark = pytest.mark.asyncio


def time_server() -> dict:
    """``mcp-server-time`` run the way its README says (the console script), else as a module."""
    script = Path(sys.executable).with_name("mcp-server-time")  # installed beside python
    if script.exists():
        return {"command": str(script), "args": ["--local-timezone", "UTC"]}
    script = shutil.which("mcp-server-time")
    if script:
        return {"command": script, "args": ["--local-timezone", "UTC"]}
    return {"command": sys.executable, "args": ["-m", "mcp_server_time", "--local-timezone", "UTC"]}


async def test_third_party_time_server_through_the_agent(
    openai_server: OpenAIServer, llm, tmp_path: Path
) -> None:
    openai_server.enqueue(
        Reply(tool_calls=[ToolCall("time__get_current_time", {"timezone": "Asia/Tokyo"})]),
        Reply(text="It is morning in Tokyo."),
    )
    session = make_session(tmp_path)
    async with connect({"mcpServers": {"time": time_server()}}, approve=auto_approve) as hub:
        names = [t.name for t in hub.tools]
        assert {"time__get_current_time", "time__convert_time"} <= set(names)
        agent = Agent(llm, tools=hub.tools, session=session, context_budget=32_000)
        events = Recorder()
        agent.subscribe(events)
        assert await agent.run("What time is it in Tokyo?") == "It is morning in Tokyo."
    (finished,) = events.of(ToolCallFinished)
    assert not finished.is_error, finished.result
    answer = json.loads(finished.result)
    assert answer["timezone"] == "Asia/Tokyo" and "datetime" in answer
    first = openai_server.requests[0]
    offered = {t["function"]["name"]: t["function"] for t in first["tools"]}
    schema = offered["time__get_current_time"]["parameters"]
    assert "timezone" in schema["properties"]  # the server's own schema reached the model
    second = openai_server.requests[1]["messages"]
    assert second[-1]["role"] == "tool" and "Asia/Tokyo" in second[-1]["content"]
    history = stored(session.path)
    assert_paired(history)
    session.close()


async def test_a_bad_argument_is_an_error_the_model_reads(
    openai_server: OpenAIServer, llm, tmp_path: Path
) -> None:
    openai_server.enqueue(
        Reply(tool_calls=[ToolCall("time__get_current_time", {"timezone": "Mars/Olympus"})]),
        Reply(text="That is not a time zone."),
    )
    session = make_session(tmp_path)
    async with connect({"mcpServers": {"time": time_server()}}, approve=auto_approve) as hub:
        agent = Agent(llm, tools=hub.tools, session=session, context_budget=32_000)
        events = Recorder()
        agent.subscribe(events)
        assert await agent.run("time on Mars?") == "That is not a time zone."
    (finished,) = events.of(ToolCallFinished)
    assert finished.is_error and "Mars/Olympus" in finished.result
    session.close()


async def test_a_2_mb_result_is_offloaded_like_a_builtin_tools(
    openai_server: OpenAIServer, llm, tmp_path: Path
) -> None:
    openai_server.enqueue(
        Reply(tool_calls=[ToolCall("test__huge", {"chars": 2_000_000})]),
        Reply(text="That was long."),
    )
    session = make_session(tmp_path)
    async with connect({"mcpServers": {"test": sdk_server()}}, approve=auto_approve) as hub:
        agent = Agent(llm, tools=hub.tools, session=session, context_budget=32_000)
        events = Recorder()
        agent.subscribe(events)
        assert await agent.run("give me a lot") == "That was long."
    (finished,) = events.of(ToolCallFinished)
    assert finished.offloaded_path
    saved = Path(finished.offloaded_path).read_text()
    # the pipeline's own cap for every tool (the session file's protection), then L3's file
    assert saved.startswith("line 0000000") and len(saved) >= MAX_RESULT_CHARS
    assert "the tool returned 2000000 characters" in saved
    sent = openai_server.requests[1]["messages"][-1]["content"]
    assert len(sent) < 40_000 and "line 0000000" in sent  # a preview, not 2 MB
    assert max(len(json.dumps(b["messages"])) for b in openai_server.requests) < 32_000 * 4
    session.close()


async def test_a_crashing_server_leaves_the_run_whole(
    openai_server: OpenAIServer, llm, tmp_path: Path
) -> None:
    openai_server.enqueue(
        Reply(tool_calls=[ToolCall("test__crash", {})]),
        Reply(text="The tool crashed."),
        Reply(tool_calls=[ToolCall("test__echo", {"text": "again"})]),
        Reply(text="Echoed."),
    )
    session = make_session(tmp_path)
    async with connect({"mcpServers": {"test": sdk_server()}}, approve=auto_approve) as hub:
        agent = Agent(llm, tools=hub.tools, session=session, context_budget=32_000)
        events = Recorder()
        agent.subscribe(events)
        assert await agent.run("crash it") == "The tool crashed."
        assert await agent.run("try again") == "Echoed."
    crashed, echoed = events.of(ToolCallFinished)
    assert crashed.is_error and "stopped during the call" in crashed.result
    assert not echoed.is_error and echoed.result == "again"
    assert_paired(stored(session.path))
    session.close()
