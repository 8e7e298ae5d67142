"""The hub against real servers: the SDK-written test server over stdio and HTTP.

Each test starts real processes; failures come back as ``ToolError`` text the model reads.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import subprocess
import sys

import pytest

from pi_desktop.agent import ToolError
from pi_desktop.agent.mcp import McpApprovalRequest, ServerState, connect
from pi_desktop.agent.tools import auto_approve, deny_all
from tests.agent.mcp.conftest import ROOT, free_port, sdk_server
from tests.kit.processes import alive

pytestmark = pytest.mark.asyncio


def by_name(hub) -> dict:
    return {t.name: t for t in hub.tools}


async def test_tools_are_named_described_and_called() -> None:
    async with connect({"mcpServers": {"test": sdk_server()}}, approve=auto_approve) as hub:
        assert hub.servers["test"].state is ServerState.CONNECTED
        tools = by_name(hub)
        echo = tools["test__echo"]
        assert "Return the text unchanged." in echo.description
        assert echo.parameters["properties"]["text"]["type"] == "string"
        assert await echo.handler({"text": "héllo ✓"}) == "héllo ✓"
        picture = await tools["test__picture"].handler({})
        assert picture.startswith("a caption") and "[image: image/png" in picture
        assert "iVBOR" not in picture  # no base64 in the context


async def test_http_server(http_server: str) -> None:
    config = {"mcpServers": {"web": {"url": http_server, "headers": {"X-Test": "1"}}}}
    async with connect(config, approve=auto_approve) as hub:
        assert hub.servers["web"].state is ServerState.CONNECTED, hub.servers["web"].error
        tools = by_name(hub)
        assert await tools["web__echo"].handler({"text": "over http"}) == "over http"
        with pytest.raises(ToolError, match="reported an error"):
            await tools["web__fail"].handler({"message": "nope"})
        # a 2 MB result arrives whole; a 20 MB one is refused, and the server stays usable
        big = await tools["web__huge"].handler({"chars": 2_000_000})
        assert len(big) == 2_000_000
        with pytest.raises(ToolError, match=r"exceeded the \d+ byte limit|larger than 8 MB"):
            await tools["web__huge"].handler({"chars": 20_000_000})
        assert await tools["web__echo"].handler({"text": "after"}) == "after"


async def test_http_server_unreachable_is_a_status_not_a_crash() -> None:
    config = {"mcpServers": {"web": {"url": "http://127.0.0.1:9/mcp"}}}
    async with connect(config, approve=auto_approve, init_timeout=10) as hub:
        server = hub.servers["web"]
        assert server.state is ServerState.FAILED and server.error
        assert hub.tools == []


async def test_approval_sees_server_tool_arguments_and_hints() -> None:
    seen: list[McpApprovalRequest] = []

    async def approve(request: McpApprovalRequest) -> bool:
        seen.append(request)
        return request.tool == "env"

    async with connect({"mcpServers": {"test": sdk_server()}}, approve=approve) as hub:
        tools = by_name(hub)
        assert await tools["test__env"].handler({"name": "PATH"})
        with pytest.raises(ToolError, match="denied"):
            await tools["test__crash"].handler({})
        assert hub.servers["test"].state is ServerState.CONNECTED  # the denied call never ran
    env, crash = seen
    assert (env.server, env.tool, env.arguments) == ("test", "env", {"name": "PATH"})
    assert env.tool_name == "test__env" and '"PATH"' in env.details
    assert env.hints.read_only is True and crash.hints.destructive is True


async def test_without_an_approver_every_call_is_refused() -> None:
    async with connect({"mcpServers": {"test": sdk_server()}}) as hub:
        with pytest.raises(ToolError, match="approval"):
            await by_name(hub)["test__echo"].handler({"text": "x"})
    async with connect({"mcpServers": {"test": sdk_server()}}, approve=deny_all) as hub:
        with pytest.raises(ToolError, match="denied"):
            await by_name(hub)["test__echo"].handler({"text": "x"})


async def test_only_configured_env_and_path_reach_the_server(monkeypatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-app-secret")
    monkeypatch.setenv("PI_DESKTOP_API_KEY", "sk-app-secret-2")
    server = sdk_server(env={"GREETING": "hi"})
    async with connect({"mcpServers": {"test": server}}, approve=auto_approve) as hub:
        env = by_name(hub)["test__env"].handler
        assert await env({"name": "OPENAI_API_KEY"}) == "<unset>"
        assert await env({"name": "PI_DESKTOP_API_KEY"}) == "<unset>"
        assert await env({"name": "GREETING"}) == "hi"
        assert await env({"name": "PATH"}) != "<unset>"


async def test_hanging_call_ends_at_its_deadline_and_the_server_stays() -> None:
    config = {"mcpServers": {"test": sdk_server(timeout=1)}}
    async with connect(config, approve=auto_approve) as hub:
        tools = by_name(hub)
        with pytest.raises(ToolError, match="did not answer sleep within 1 s"):
            await tools["test__sleep"].handler({"seconds": 30})
        assert await tools["test__echo"].handler({"text": "still here"}) == "still here"


async def test_stop_cancels_a_running_call() -> None:
    started = asyncio.Event()

    async def approve(_request: object) -> bool:
        started.set()
        return True

    async with connect({"mcpServers": {"test": sdk_server()}}, approve=approve) as hub:
        tools = by_name(hub)
        task = asyncio.ensure_future(tools["test__sleep"].handler({"seconds": 60}))
        await started.wait()
        await asyncio.sleep(0.2)  # the request is on the wire
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert await tools["test__echo"].handler({"text": "after stop"}) == "after stop"


async def test_crash_mid_call_is_an_error_and_the_next_call_restarts() -> None:
    async with connect({"mcpServers": {"test": sdk_server()}}, approve=auto_approve) as hub:
        tools = by_name(hub)
        with pytest.raises(ToolError) as info:
            await tools["test__crash"].handler({})
        message = str(info.value)
        assert "stopped during the call" in message and "code 3" in message
        assert "going down on purpose" in message  # its stderr explains it
        assert await tools["test__echo"].handler({"text": "back"}) == "back"
        assert hub.servers["test"].starts == 2
        assert "going down on purpose" in hub.servers["test"].log.text()


async def test_restart_on_request() -> None:
    async with connect({"mcpServers": {"test": sdk_server()}}, approve=auto_approve) as hub:
        assert await hub.restart("test")
        assert hub.servers["test"].starts == 2
        assert await by_name(hub)["test__echo"].handler({"text": "x"}) == "x"


async def test_started_on_demand() -> None:
    config = {"mcpServers": {"test": sdk_server()}}
    async with connect(config, approve=auto_approve, start=False) as hub:
        server = hub.servers["test"]
        assert server.state is ServerState.STOPPED and hub.tools == []
        await server.start()
        assert by_name(hub)["test__echo"]


async def test_no_process_survives_close_helpers_included() -> None:
    async with connect({"mcpServers": {"test": sdk_server()}}, approve=auto_approve) as hub:
        helper = int(await by_name(hub)["test__spawn_helper"].handler({}))
        leader = hub.servers["test"]._link.pid  # type: ignore[union-attr]
        assert alive(helper) and alive(leader)
    for _ in range(100):  # the zombie is reaped by its new parent a moment later
        if not alive(helper):
            break
        await asyncio.sleep(0.05)
    assert not alive(leader) and not alive(helper)


async def test_huge_result_is_whole_text() -> None:
    async with connect({"mcpServers": {"test": sdk_server()}}, approve=auto_approve) as hub:
        text = await by_name(hub)["test__huge"].handler({"chars": 2_000_000})
        assert len(text) == 2_000_000 and text.startswith("line 0000000")


async def test_disabled_server_is_not_started_and_offers_nothing() -> None:
    config = {"mcpServers": {"off": sdk_server(disabled=True), "on": sdk_server()}}
    async with connect(config, approve=auto_approve) as hub:
        assert hub.servers["off"].state is ServerState.DISABLED
        assert all(t.name.startswith("on__") for t in hub.tools)


async def test_close_while_a_call_runs_ends_the_call() -> None:
    async with contextlib.AsyncExitStack() as stack:
        hub = await stack.enter_async_context(
            connect({"mcpServers": {"test": sdk_server()}}, approve=auto_approve)
        )
        task = asyncio.ensure_future(by_name(hub)["test__sleep"].handler({"seconds": 60}))
        await asyncio.sleep(0.3)
        await hub.aclose()
        with pytest.raises(ToolError, match=r"stopped|closed|not available"):
            await asyncio.wait_for(task, 20)


async def test_an_http_server_that_goes_away_and_comes_back() -> None:
    port = free_port()

    def serve() -> subprocess.Popen:
        command = [sys.executable, "-m", "tests.agent.mcp.server", "--http", str(port)]
        return subprocess.Popen(
            command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )

    async def reachable() -> None:
        for _ in range(300):
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    return
            await asyncio.sleep(0.05)

    first = serve()
    try:
        await reachable()
        config = {"mcpServers": {"web": {"url": f"http://127.0.0.1:{port}/mcp", "timeout": 20}}}
        async with connect(config, approve=auto_approve) as hub:
            echo = by_name(hub)["web__echo"]
            assert await echo.handler({"text": "up"}) == "up"
            first.kill()
            first.wait()
            with pytest.raises(ToolError, match=r"could not be reached"):
                await echo.handler({"text": "down"})
            second = serve()
            try:
                await reachable()
                assert await echo.handler({"text": "back"}) == "back"  # connected again
                assert hub.servers["web"].starts == 2
            finally:
                second.kill()
                second.wait()
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
