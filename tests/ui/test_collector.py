"""The cyclic collector runs on the GUI thread only (pi_desktop/ui/collector.py): garbage a
worker thread makes is collected by the GUI thread's timer, by CPython's own rules."""

from __future__ import annotations

import gc
import os
import threading
from typing import ClassVar

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pi_desktop.ui.collector import MainThreadCollector, due_generation, full_is_due

T = (700, 10, 10)


def _never() -> bool:
    raise AssertionError("the oldest generation is counted only when its count passed")


def test_nothing_is_due_until_the_young_count_passes_its_threshold():
    assert due_generation((700, 50, 50), T, _never) is None
    assert due_generation((5, 0, 0), (0, 10, 10), _never) is None  # thresholds 0: gc off


def test_the_oldest_generation_whose_count_passed_is_collected():
    assert due_generation((701, 10, 10), T, _never) == 0
    assert due_generation((701, 11, 10), T, _never) == 1
    assert due_generation((701, 0, 11), T, lambda: True) == 2
    # the full pass waits for the heap to have grown (as CPython's long-lived ratio)
    assert due_generation((701, 11, 11), T, lambda: False) == 1
    assert due_generation((701, 3, 11), T, lambda: False) == 0


def test_a_full_pass_waits_for_a_quarter_more_old_objects():
    assert not full_is_due(1_250_000, 1_000_000)
    assert full_is_due(1_250_001, 1_000_000)
    assert full_is_due(1, 0)


class _Cycle:
    """Garbage only the cyclic collector frees; it notes the thread that freed it."""

    freed_in: ClassVar[list[int]] = []

    def __init__(self) -> None:
        self.me = self

    def __del__(self) -> None:
        _Cycle.freed_in.append(threading.get_ident())


def test_a_workers_garbage_is_collected_on_the_gui_thread(qtbot):
    was_enabled = gc.isenabled()
    gc.collect()
    collector = MainThreadCollector()
    collector.start()
    try:
        assert not gc.isenabled()

        def work() -> None:
            for _ in range(20_000):  # far past every threshold: CPython would collect here
                _Cycle()
                [[] for _ in range(3)]

        worker = threading.Thread(target=work)
        worker.start()
        worker.join()
        assert _Cycle.freed_in == []  # nothing was collected in the worker
        qtbot.waitUntil(lambda: len(_Cycle.freed_in) > 19_000, timeout=10_000)
        assert set(_Cycle.freed_in) == {threading.main_thread().ident}
        assert sum(collector.collections) > 0
    finally:
        collector.stop()
        _Cycle.freed_in.clear()
    assert gc.isenabled() == was_enabled
