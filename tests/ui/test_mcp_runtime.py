"""The window's MCP runtime: start at launch or on demand, the remembered tool lists, and the
file the page edits (``--mcp-config`` runs never write it)."""

from __future__ import annotations

import asyncio
import json

from pi_desktop.agent.mcp import ServerState, load_config
from pi_desktop.ui.mcp_runtime import McpRuntime
from tests.agent.mcp.conftest import sdk_server


def run(qtbot, coro, timeout: int = 60_000):
    task = asyncio.ensure_future(coro)
    qtbot.waitUntil(task.done, timeout=timeout)
    return task.result()


def write(path, servers: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"mcpServers": servers}))


def test_on_demand_offers_remembered_tools_and_starts_at_the_first_call(
    tmp_path, qsettings, qloop, qtbot
):
    path = tmp_path / "cfg" / "mcp.json"
    write(path, {"test": sdk_server()})
    first = McpRuntime(qsettings, config_path=path)
    first.start()  # launch mode (the default): lists the tools and remembers them
    qtbot.waitUntil(
        lambda: first.hub.servers["test"].state is ServerState.CONNECTED, timeout=60_000
    )
    run(qtbot, first.aclose())

    later = McpRuntime(qsettings, config_path=path)
    later.prefs.start_mode = "demand"
    later.start()
    server = later.hub.servers["test"]
    names = {t.name for t in later.tools()}
    assert "test__echo" in names and server.state is ServerState.STOPPED and not server.running
    assert server.remembered
    later.prompter.session_allowed.add(("test", "echo"))
    echo = next(t for t in later.tools() if t.name == "test__echo")
    assert run(qtbot, echo.handler({"text": "on demand"})) == "on demand"
    assert server.state is ServerState.CONNECTED and not server.remembered
    run(qtbot, later.aclose())


def test_a_changed_command_forgets_the_remembered_tools(tmp_path, qsettings, qloop, qtbot):
    path = tmp_path / "cfg" / "mcp.json"
    write(path, {"test": sdk_server()})
    first = McpRuntime(qsettings, config_path=path)
    first.start()
    qtbot.waitUntil(
        lambda: first.hub.servers["test"].state is ServerState.CONNECTED, timeout=60_000
    )
    run(qtbot, first.aclose())
    write(path, {"test": sdk_server(args=["--many", "3"])})
    later = McpRuntime(qsettings, config_path=path)
    assert later.tools() == []  # another program: its tools are not known yet


def test_an_override_file_is_used_and_never_written(tmp_path, qsettings, qloop, qtbot):
    own = tmp_path / "cfg" / "mcp.json"
    override = tmp_path / "one-run.json"
    write(override, {"test": sdk_server()})
    before = override.read_text()
    runtime = McpRuntime(qsettings, config_path=own, override=override)
    assert not runtime.editable and [s.name for s in runtime.config.servers] == ["test"]
    run(qtbot, runtime.set_enabled("test", False))
    assert override.read_text() == before and not own.exists()
    assert runtime.hub.servers["test"].state is ServerState.DISABLED
    run(qtbot, runtime.aclose())


def test_a_broken_config_file_is_reported_and_the_app_starts(tmp_path, qsettings, qloop, qtbot):
    path = tmp_path / "cfg" / "mcp.json"
    path.parent.mkdir(parents=True)
    path.write_text('{"mcpServers": {"x": {"command": 3}}}')
    runtime = McpRuntime(qsettings, config_path=path)
    assert "mcpServers.x.command" in runtime.problem and runtime.tools() == []
    runtime.start()
    run(qtbot, runtime.aclose())
    assert load_config({"mcpServers": {}}).servers == ()
