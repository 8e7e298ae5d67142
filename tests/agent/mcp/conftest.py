"""Configs that start the test servers with this interpreter and this checkout."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = str(Path(__file__).resolve().parents[3])


def sdk_server(**extra: Any) -> dict[str, Any]:
    """The SDK-written test server over stdio (``--many N`` etc. through ``args``)."""
    args = ["-m", "tests.agent.mcp.server", *extra.pop("args", [])]
    env = {"PYTHONPATH": ROOT, **extra.pop("env", {})}
    return {"command": sys.executable, "args": args, "env": env, **extra}


def raw_server(mode: str, **extra: Any) -> dict[str, Any]:
    """The hand-written misbehaving server in ``mode`` (see raw_server.py)."""
    return {
        "command": sys.executable,
        "args": ["-m", "tests.agent.mcp.raw_server", mode],
        "env": {"PYTHONPATH": ROOT},
        **extra,
    }


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(params=["sse", "json"])
def http_server(request) -> Iterator[str]:
    """The SDK test server over streamable HTTP on a loopback port (answers as SSE events or
    as plain JSON bodies); its URL."""
    port = free_port()
    extra = ["--json"] if request.param == "json" else []
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.agent.mcp.server", "--http", str(port), *extra],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(300):  # until it listens (or died)
            if process.poll() is not None:
                raise RuntimeError("the HTTP test server exited")
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
