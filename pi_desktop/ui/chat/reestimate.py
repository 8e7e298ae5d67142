"""Row heights estimated again at a new column width, a slice per turn of the loop.

A window made narrower than the column changes every row's wrap: re-estimating 100,000 rows
held the event loop ~200 ms at each step of a resize. The rows around the reader's row are
estimated at once (what is on screen must be right), the rest in slices of ``SLICE_ROWS`` per
layout pass while the view keeps the reader's row where it was.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pi_desktop.ui.chat.rows import Row

SLICE_ROWS = 4_000  # ~8 ms of estimates
NEAR_ROWS = 200  # either side of the reader's row, estimated at once


class Reestimate:
    """The rows still estimated at an older width, walked by one cursor (rows inserted while
    it walks are estimated at the new width already; one done twice costs nothing)."""

    def __init__(self) -> None:
        self._estimate: Callable[[Row], int] | None = None
        self._cursor = 0

    @property
    def pending(self) -> bool:
        return self._estimate is not None

    def start(
        self, rows: Sequence[Row], estimate: Callable[[Row], int], near: int, *, whole: bool
    ) -> int:
        """Estimate the rows around ``near`` (all of them when ``whole`` or few); the first
        index whose height changed."""
        self._estimate, self._cursor = estimate, 0
        if whole or len(rows) <= SLICE_ROWS:
            return self.step(rows, whole=True)
        low = max(0, near - NEAR_ROWS)
        self._apply(rows, low, min(len(rows), near + NEAR_ROWS))
        return low

    def step(self, rows: Sequence[Row], *, whole: bool = False) -> int:
        """The next slice (every row left when ``whole``); the first index it changed."""
        start = self._cursor
        end = len(rows) if whole else min(len(rows), start + SLICE_ROWS)
        self._apply(rows, start, end)
        self._cursor = end
        if end >= len(rows):
            self._estimate = None
        return start

    def cancel(self) -> None:
        self._estimate = None

    def _apply(self, rows: Sequence[Row], low: int, high: int) -> None:
        estimate = self._estimate
        assert estimate is not None
        for row in rows[low:high]:
            row.measured = False
            row.height = estimate(row)
