"""Servers that misbehave cannot hurt the app: every failure is a status or an error result.

The servers are real processes (``raw_server.py`` speaks JSON-RPC by hand, as a sloppy server
would). Nothing here asserts wall-clock times: deadlines are configured short, and the loop's
health is measured with the lag probe the other tool tests use.
"""

from __future__ import annotations

import asyncio
import sys
import tracemalloc

import pytest

from pi_desktop.agent import ToolError
from pi_desktop.agent.mcp import ServerState, connect
from pi_desktop.agent.mcp.hub import MAX_TOOLS_TOTAL
from pi_desktop.agent.mcp.stdio import MAX_LINE
from pi_desktop.agent.tools import auto_approve
from tests.agent.mcp.conftest import raw_server
from tests.kit.loop_lag import STALL_LIMIT, probed

pytestmark = pytest.mark.asyncio


async def test_a_50_mb_line_is_cut_off_without_memory_or_loop_cost() -> None:
    config = {"mcpServers": {"flood": raw_server("flood")}}
    async with connect(config, approve=auto_approve) as hub:
        shout = hub.tools[0]
        tracemalloc.start()
        try:
            with pytest.raises(ToolError) as info:
                await shout.handler({"text": "x"})
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        message = str(info.value)
        assert "stopped during the call" in message and "limit is 8 MB" in message
        assert peak < 3 * MAX_LINE  # 50 MB were sent; at most one capped line was held
        assert hub.servers["flood"].log.text().count("limit is 8 MB") == 1


async def test_the_loop_keeps_ticking_during_a_flood() -> None:
    config = {"mcpServers": {"flood": raw_server("flood")}}
    async with connect(config, approve=auto_approve) as hub:
        shout = hub.tools[0]

        async def call() -> None:
            with pytest.raises(ToolError):
                await shout.handler({})

        _, probe = await probed(call())
        assert probe.ticks > 0 and probe.worst < STALL_LIMIT


async def test_garbage_on_stdout_fails_initialize_with_a_reason() -> None:
    config = {"mcpServers": {"junk": raw_server("garbage")}}
    async with connect(config, approve=auto_approve, init_timeout=2) as hub:
        server = hub.servers["junk"]
        assert server.state is ServerState.FAILED
        assert "no answer within 2 s while initializing" in server.error
        assert "not MCP messages" in server.error
        assert "not JSON-RPC, skipped" in server.log.text()
        assert hub.tools == []


async def test_a_server_that_never_answers_initialize_fails_in_time() -> None:
    config = {"mcpServers": {"mute": raw_server("silent"), "ok": raw_server("chatty")}}
    async with connect(config, approve=auto_approve, init_timeout=2) as hub:
        assert hub.servers["mute"].state is ServerState.FAILED
        assert "no answer within 2 s" in hub.servers["mute"].error
        # the other server is unaffected, and a call to the failed one is an error result
        assert hub.servers["ok"].state is ServerState.CONNECTED
        assert [t.name for t in hub.tools] == ["ok__shout"]


async def test_stray_prints_between_messages_are_skipped() -> None:
    async with connect({"mcpServers": {"c": raw_server("chatty")}}, approve=auto_approve) as hub:
        assert await hub.tools[0].handler({"text": "hi"}) == "HI"
        assert "Welcome to chatty-server" in hub.servers["c"].log.text()


async def test_ten_thousand_tools_are_capped_and_said() -> None:
    async with connect({"mcpServers": {"big": raw_server("many")}}, approve=auto_approve) as hub:
        server = hub.servers["big"]
        assert server.state is ServerState.CONNECTED and server.listed_count == 10_000
        assert len(hub.tools) == 100
        assert any("10,000 tools" in note for note in server.notes)
        assert await hub.tools[5].handler({"text": "a"}) == "A"


async def test_a_program_that_is_not_there() -> None:
    config = {"mcpServers": {"gone": {"command": "no-such-mcp-server-xyz"}}}
    async with connect(config, approve=auto_approve) as hub:
        server = hub.servers["gone"]
        assert server.state is ServerState.FAILED
        assert "not found on PATH" in server.error


async def test_a_server_that_exits_at_start_shows_its_stderr() -> None:
    script = "import sys; sys.stderr.write('fatal: GITHUB_TOKEN is not set\\n'); sys.exit(2)"
    config = {"mcpServers": {"bad": {"command": sys.executable, "args": ["-c", script]}}}
    async with connect(config, approve=auto_approve) as hub:
        error = hub.servers["bad"].error
        assert "exited with code 2" in error and "GITHUB_TOKEN is not set" in error


async def test_a_call_to_a_failed_server_is_an_error_result() -> None:
    config = {"mcpServers": {"c": raw_server("chatty")}}
    async with connect(config, approve=auto_approve) as hub:
        tool = hub.tools[0]
        server = hub.servers["c"]
        # the server's program disappears: the restart on the next call fails, clearly
        server.config = type(server.config)("c", "no-such-mcp-server-xyz")
        await server.stop()
        with pytest.raises(ToolError, match="not available: could not start"):
            await tool.handler({"text": "x"})


async def test_stopping_a_server_that_is_still_starting_does_not_wait_for_its_deadline() -> None:
    config = {"mcpServers": {"mute": raw_server("silent")}}
    async with connect(config, approve=auto_approve, start=False, init_timeout=600) as hub:
        server = hub.servers["mute"]
        starting = asyncio.ensure_future(server.start())
        while server.state is not ServerState.STARTING:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.3)
        await asyncio.wait_for(server.stop(), 30)  # far below the 600 s start deadline
        assert await starting is False
        assert server.state is ServerState.STOPPED


async def test_a_closed_hub_starts_nothing_again() -> None:
    async with connect({"mcpServers": {"c": raw_server("chatty")}}, approve=auto_approve) as hub:
        tool = hub.tools[0]
    with pytest.raises(ToolError, match="closing"):
        await tool.handler({"text": "late"})
    assert not hub.servers["c"].running


async def test_all_servers_together_stay_under_the_providers_tool_limit() -> None:
    config = {"mcpServers": {"a": raw_server("many"), "b": raw_server("many")}}
    async with connect(config, approve=auto_approve) as hub:
        hub.reserved_names = ("read_file", "write_file")
        tools = hub.tools
        assert len(tools) == MAX_TOOLS_TOTAL - 2
        assert hub.left_out == {"b": 100 - (MAX_TOOLS_TOTAL - 2 - 100)}


async def test_without_the_sdk_the_servers_fail_with_what_to_install(monkeypatch) -> None:
    from pi_desktop.agent.mcp import sdk_available

    monkeypatch.setitem(sys.modules, "mcp", None)  # what an install without the extra sees
    assert not sdk_available()
    async with connect({"mcpServers": {"c": raw_server("chatty")}}, approve=auto_approve) as hub:
        server = hub.servers["c"]
        assert server.state is ServerState.FAILED and "pi-desktop[mcp]" in server.error
        assert hub.tools == []
