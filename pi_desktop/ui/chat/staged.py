"""Rows whose widget is built over several turns of the event loop.

A message card costs 5–20 ms to build (its widgets, then its markdown laid out): two of them
in one turn of the loop are a dropped frame, and a card that rests under the thumb after a
scroll-bar drag is built while the user watches. So a row's build is a first step that makes
its widget (hidden, not yet the row's) and the steps left (its text, its details), each run
on a later turn. Until the last one the row has no widget and its stand-in is drawn; a
direct build (``finish``) runs what is left at once, so both ways end with the same widget.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from PySide6.QtWidgets import QWidget

from pi_desktop.ui.chat.rows import Row

Steps = list[Callable[[], None]]
# what one step is expected to cost before any was timed (a card's half, on this machine)
FIRST_STEP_COST_S = 0.004


@dataclass
class _Partial:
    widget: QWidget
    steps: deque[Callable[[], None]] = field(default_factory=deque)


def build_now(widget: QWidget, steps: Iterable[Callable[[], None]]) -> QWidget:
    """Run every step left of a staged build: the widget a direct build returns."""
    for step in steps:
        step()
    return widget


class StagedBuilds:
    """The rows half-built now, and what one step costs (so a pass stops before its budget).

    ``start(row)`` returns the row's widget, made hidden, and the steps left to do."""

    def __init__(self, start: Callable[[Row], tuple[QWidget, Steps]]) -> None:
        self._start = start
        self._partial: dict[Row, _Partial] = {}
        self.step_cost = FIRST_STEP_COST_S

    def __contains__(self, row: Row) -> bool:
        return row in self._partial

    def __len__(self) -> int:
        return len(self._partial)

    def advance(self, row: Row) -> QWidget | None:
        """One step of ``row``'s build: its widget once no step is left, else None."""
        part = self._partial.get(row)
        if part is None:
            widget, steps = self._start(row)
            part = _Partial(widget, deque(steps))
        else:
            part.steps.popleft()()
        if part.steps:
            self._partial[row] = part
            return None
        self._partial.pop(row, None)
        return part.widget

    def finish(self, row: Row) -> QWidget:
        """All of ``row``'s build now; what a partial build already did is kept."""
        part = self._partial.pop(row, None)
        if part is None:
            return build_now(*self._start(row))
        return build_now(part.widget, part.steps)

    def note(self, seconds: float) -> None:
        """A step (with what installing the widget cost) took ``seconds``: a pass expects the
        next one to cost about the same, leaning to the slower (a stall is what it avoids)."""
        weight = 0.5 if seconds > self.step_cost else 0.2
        self.step_cost += weight * (seconds - self.step_cost)

    def abandon(self, rows: Iterable[Row]) -> None:
        """Forget these rows' half-built widgets (scrolled away, removed): they are deleted."""
        for row in list(rows):
            part = self._partial.pop(row, None)
            if part is not None:
                part.widget.hide()
                part.widget.deleteLater()

    def abandon_outside(self, first: int, last: int) -> None:
        """Half-built rows no longer between ``first`` and ``last`` go (a drag moved on)."""
        if self._partial:
            self.abandon([r for r in self._partial if not first <= r.index <= last])

    def abandon_all(self) -> None:
        self.abandon(list(self._partial))
