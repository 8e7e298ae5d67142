"""A loop-lag probe: how late the event loop wakes a task that sleeps 5 ms in a loop.

A callback that blocks the loop (a regex holding the interpreter's lock, a blocking read)
shows up as lateness; an awaited subprocess or a worker thread doing I/O does not.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable
from typing import TypeVar

from tests.kit.machine_speed import scaled

T = TypeVar("T")
TICK = 0.005
# issue 9 targets < 50 ms per step (measured: ~9 ms worst). The test bound is looser so a noisy
# 2-core CI machine cannot flake it, yet 18x below the 4.5 s the GIL-holding regex stalled for;
# scaled to this machine's speed (machine_speed: the same class differs up to ~3x).
STALL_LIMIT = scaled(0.25)


class LagProbe:
    def __init__(self) -> None:
        self.worst = 0.0
        self.ticks = 0
        self._start = time.perf_counter()

    async def _run(self) -> None:
        while True:
            self._start = time.perf_counter()
            await asyncio.sleep(TICK)
            self.worst = max(self.worst, time.perf_counter() - self._start - TICK)
            self.ticks += 1

    def close(self) -> None:
        """Count the tick still pending: a stall right before the end shows too."""
        self.worst = max(self.worst, time.perf_counter() - self._start - TICK)


@contextlib.asynccontextmanager
async def lag_probe() -> AsyncIterator[LagProbe]:
    probe = LagProbe()
    task = asyncio.ensure_future(probe._run())
    await asyncio.sleep(0)
    try:
        yield probe
    finally:
        probe.close()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def probed(awaitable: Awaitable[T]) -> tuple[T, LagProbe]:
    """``await awaitable`` while a probe runs; the result and the probe."""
    async with lag_probe() as probe:
        result = await awaitable
    return result, probe
