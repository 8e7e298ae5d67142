"""run_command: an allow-listed environment, and every process a run started ends with it —
``setsid`` escapees included — while what they printed before is kept."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_desktop.agent.tool import Tool
from pi_desktop.agent.tools import auto_approve, build_workspace_tools
from pi_desktop.agent.tools.command import BASE_ENV_ALLOW, command_env
from pi_desktop.agent.tools.proctrack import RUN_MARKER
from tests.kit.processes import alive, all_ended

SECRETS = {
    "DATABASE_URL": "postgres://app:hunter2-db@db.internal/prod",
    "OPENAI_KEY": "sk-openai-key-leak",
    "ANTHROPIC_AUTH": "anthropic-auth-leak",
    "AWS_SESSION_KEY": "aws-session-leak",
    "HF_HUB_KEY": "hf-hub-leak",
}


def command_tool(root: Path, **kw) -> Tool:
    tools = build_workspace_tools(root, approve=auto_approve, allow_commands=True, **kw)
    return {t.name: t for t in tools}["run_command"]


def run(tool: Tool, **args) -> str:
    return asyncio.run(tool.handler(args))


def wait_for_pid(path: Path, timeout: float = 10) -> int:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if path.exists() and path.read_text().strip():
            return int(path.read_text())
        time.sleep(0.02)
    raise AssertionError(f"{path} never written")


# ------------------------------------------------------------------------------ environment


def test_secrets_never_reach_a_command(tmp_path: Path, monkeypatch):
    for name, value in SECRETS.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("LC_TIME", "C")
    out = run(command_tool(tmp_path), command="env")
    for value in SECRETS.values():
        assert value not in out
    assert "PATH=" in out and "HOME=" in out and "LC_TIME=C" in out
    names = {line.split("=", 1)[0] for line in out.splitlines()[1:-1] if "=" in line}
    allowed = command_env(allow=[])
    assert names <= set(allowed) | {RUN_MARKER, "PWD", "SHLVL", "_", "OLDPWD"}
    granted = run(command_tool(tmp_path, env_allow=["DATABASE_URL"]), command="env")
    assert SECRETS["DATABASE_URL"] in granted and SECRETS["HF_HUB_KEY"] not in granted


_PRINTABLE = st.characters(min_codepoint=33, max_codepoint=126, exclude_characters="=")
_NAMES = st.one_of(
    st.sampled_from([*SECRETS, "PATH", "HOME", "LC_ALL", "LC_X_KEY", "TERM", "PATHX", "XPATH",
                     "lc_all", "LANG", "GITHUB_TOKEN", RUN_MARKER]),
    st.text(_PRINTABLE, min_size=1, max_size=20),
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(environ=st.dictionaries(_NAMES, st.text(max_size=10), max_size=12))
def test_command_env_is_an_allow_list(environ):
    passed = command_env(environ, allow=["MY_TOOL_*"])
    exact = {p for p in BASE_ENV_ALLOW if "*" not in p}
    for name in passed:
        assert name in exact or name.startswith(("LC_", "MY_TOOL_")), name
        assert passed[name] == environ[name]
    for name in environ:
        if name in exact:
            assert name in passed
    assert not set(passed) & set(SECRETS) and RUN_MARKER not in passed


# -------------------------------------------------------------------------- ending every process


ESCAPEE = "setsid sh -c 'echo $$ > {pid}; echo from-escapee; sleep 60' &"
CLEAN_ESCAPEE = "env -i setsid sh -c 'echo $$ > {pid}; sleep 60' &"  # no marker left


@pytest.mark.parametrize("spawn", [ESCAPEE, CLEAN_ESCAPEE])
def test_timeout_ends_setsid_children_and_keeps_output(tmp_path: Path, spawn: str):
    pid_file = tmp_path / "child.pid"
    command = f"echo before; {spawn.format(pid=pid_file)} sleep 60"
    out = run(command_tool(tmp_path), command=command, timeout=2)
    child = wait_for_pid(pid_file)
    assert not alive(child)
    assert "before" in out and "[killed after the 2s timeout]" in out
    if spawn == ESCAPEE:
        assert "from-escapee" in out


def test_exit_ends_background_escapees_without_waiting_for_them(tmp_path: Path):
    pid_file = tmp_path / "child.pid"
    command = f"{ESCAPEE.format(pid=pid_file)} sleep 0.5; echo parent-done"
    start = time.monotonic()
    out = run(command_tool(tmp_path), command=command, timeout=30)
    took = time.monotonic() - start
    assert not alive(wait_for_pid(pid_file))
    assert "from-escapee" in out and "parent-done" in out and out.endswith("[exit code 0]")
    print(f"run with an escapee returned after {took:.2f} s (the old code waited 5 s + lost it)")


def test_stop_ends_setsid_children(tmp_path: Path):
    pid_file = tmp_path / "child.pid"
    shell_pid = tmp_path / "shell.pid"
    tool = command_tool(tmp_path)

    async def scenario() -> None:
        command = f"echo $$ > {shell_pid}; {ESCAPEE.format(pid=pid_file)} sleep 60"
        task = asyncio.ensure_future(tool.handler({"command": command}))
        for _ in range(500):
            await asyncio.sleep(0.02)
            if pid_file.exists() and pid_file.read_text().strip():
                break
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(scenario())
    assert not alive(int(shell_pid.read_text()))
    assert not alive(wait_for_pid(pid_file))


def test_a_forking_command_is_ended_whole(tmp_path: Path):
    pids = tmp_path / "pids"
    command = (
        f"for i in 1 2 3 4 5; do (setsid sh -c 'sleep 60 & echo $! >> {pids}; "
        f"echo $$ >> {pids}; wait') & done; sleep 60"
    )
    out = run(command_tool(tmp_path), command=command, timeout=2)
    assert "[killed after the 2s timeout]" in out
    listed = [int(p) for p in pids.read_text().split()]
    assert len(listed) == 10 and all_ended(listed)
