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

T = TypeVar("T")
TICK = 0.005
STALL_LIMIT = 0.05  # issue 9: no single step of a search may block the loop for 50 ms


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
