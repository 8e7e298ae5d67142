"""Peak memory of the chat client while a server sends one huge SSE line (issue 9, point 6).

A loopback server in a child process streams a single ``data:`` line of ``--mb`` megabytes (in
1 MiB pieces). The client, ``OpenAIChatLLM`` with its default line cap, must stop at the cap
instead of buffering the line; the figure printed is this process's peak RSS (``ru_maxrss``)
before and after, so the server's memory is not counted. ``--cap 0`` lifts the cap to the line
size plus one, to show what an uncapped decoder costs (the SDK's own decoder has no cap).

Run: ``python3 bench/stream_memory.py [--mb 200] [--cap-mb 8]`` (offline, loopback only).
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pi_desktop.agent.llm import ProviderError  # noqa: E402
from pi_desktop.agent.openai_llm import OpenAIChatLLM  # noqa: E402
from pi_desktop.context import Message  # noqa: E402

SERVER = """
import sys, time
sys.path.insert(0, sys.argv[1])
from tests.kit.openai_server import OpenAIServer, Reply
with OpenAIServer() as server:
    server.enqueue(Reply.huge_line(int(sys.argv[2])))
    print(server.base_url, flush=True)
    sys.stdin.read()
"""


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


async def run(size: int, cap: int) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", SERVER, str(ROOT), str(size)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        base_url = child.stdout.readline().strip()
        before = peak_mb()
        started = time.perf_counter()
        async with OpenAIChatLLM(
            "m", base_url=base_url, max_line_bytes=cap, idle_deadline=600, timeout=600
        ) as llm:
            try:
                await llm.chat([Message(role="user", content="hi")])
                outcome = "answered"
            except ProviderError as exc:
                outcome = f"{type(exc).__name__}: {exc}"
        elapsed = time.perf_counter() - started
        print(f"line: {size / 2**20:,.0f} MiB, cap: {cap / 2**20:,.1f} MiB")
        print(f"outcome: {outcome[:160]}")
        print(f"peak RSS before: {before:,.0f} MiB, after: {peak_mb():,.0f} MiB")
        print(f"growth: {peak_mb() - before:,.0f} MiB in {elapsed:.2f} s")
    finally:
        if child.stdin is not None:
            child.stdin.close()
        child.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=200, help="size of the SSE line in MiB")
    parser.add_argument("--cap-mb", type=float, default=8, help="line cap; 0 = line size + 1")
    args = parser.parse_args()
    size = args.mb << 20
    cap = int(args.cap_mb * 2**20) or size + 1024
    asyncio.run(run(size, cap))


if __name__ == "__main__":
    main()
