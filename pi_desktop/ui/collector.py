"""Python's cyclic garbage collection, run on the GUI thread only.

Why: Python collects cycles in whichever thread happens to allocate when a threshold is
crossed. pi-desktop's worker threads allocate a lot (the session reader, the tree builder, the
search indexer, the lexer warm-up), and a collection there may free a cycle that holds the last
reference to a Qt object — which then is deleted off the GUI thread, something Qt does not
allow (a crash or a hang, at random). So the app turns the automatic collector off and a timer
on the GUI thread collects instead, by Python's own rules: a young generation when its count
passed its threshold, the oldest only when it grew by a quarter since its last collection
(CPython's guard against full passes over a large heap — a 100,000-message session's objects
take ~0.2 s to scan).
"""

from __future__ import annotations

import gc
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

from pi_desktop.session.gc_pause import collection_paused

TICK_MS = 250  # garbage made between two ticks waits at most this long
FULL_GROWTH = 0.25  # the oldest generation is collected once it grew by this share


def due_generation(
    counts: tuple[int, int, int],
    thresholds: tuple[int, int, int],
    full_due: Callable[[], bool],
) -> int | None:
    """The generation CPython's rules would collect now (None: nothing is due).

    ``counts`` as ``gc.get_count()`` (allocations less deallocations since the last young
    collection; young collections since the last middle one; middle ones since the last full
    one), ``thresholds`` as ``gc.get_threshold()``: once the young count passed its threshold,
    the oldest generation whose count passed its own — the oldest only when ``full_due()``
    (asked only then: it counts the oldest generation)."""
    young, middle, old = counts
    if thresholds[0] <= 0 or young <= thresholds[0]:
        return None
    if old > thresholds[2] and full_due():
        return 2
    if middle > thresholds[1]:
        return 1
    return 0


def full_is_due(old_now: int, old_after_last_full: int) -> bool:
    """Whether the oldest generation grew enough since its last collection to scan it all."""
    return old_now - old_after_last_full > old_after_last_full * FULL_GROWTH


class MainThreadCollector(QObject):
    """Turns the automatic collector off and collects on the GUI thread (module docstring)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self.tick)
        self._thresholds = gc.get_threshold()
        self._old_after_full = len(gc.get_objects(generation=2))
        self._was_enabled = False
        self.collections = [0, 0, 0]  # per generation, for the tests and the curious

    def start(self) -> None:
        self._was_enabled = gc.isenabled()
        gc.disable()
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()
        if self._was_enabled:
            gc.enable()

    def tick(self) -> None:
        if collection_paused():  # a large structure is being built: collected after it
            return
        generation = due_generation(gc.get_count(), self._thresholds, self._full_due)
        if generation is None:
            return
        gc.collect(generation)
        self.collections[generation] += 1
        if generation == 2:
            self._old_after_full = len(gc.get_objects(generation=2))

    def _full_due(self) -> bool:
        return full_is_due(len(gc.get_objects(generation=2)), self._old_after_full)
