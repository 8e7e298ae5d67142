"""The qasync loop fixture for UI tests (pytest-qt has no qasync support).

Style verified in the qt-testing notes: ``QEventLoop(qapp, already_running=True)`` makes the
asyncio loop ride on Qt's own loop, so tasks started from slots run while ``qtbot.waitUntil``
spins Qt. Tests therefore stay synchronous and never nest a Qt loop inside a coroutine.
Teardown cancels leftover tasks and spins Qt until they finished; it never calls
``loop.stop()`` (that would call ``app.exit()``).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import qasync
from PySide6.QtCore import QEvent, QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication

from pi_desktop.ui.none_refcount_guard import guard_none_refcount
from tests.kit.machine_speed import scaled, slowness
from tests.ui.shots import ARTIFACTS

# PySide6 6.12 drops a reference to None on every void call; a whole UI suite makes enough
# of them to abort the interpreter on Python 3.11 (see pi_desktop/ui/none_refcount_guard.py).
guard_none_refcount()


@pytest.fixture(scope="session", autouse=True)
def _english_interface(qapp) -> Iterator[None]:
    """The interface as the app starts it on an English system: the English catalogue (its
    plural forms) and en_US number formats, whatever this machine's locale is."""
    from pi_desktop.ui.i18n import install_language

    install_language("en")
    yield


@pytest.fixture
def qloop(qapp, qtbot) -> Iterator[asyncio.AbstractEventLoop]:
    loop = qasync.QEventLoop(qapp, already_running=True)
    asyncio.set_event_loop(loop)
    try:
        yield loop
    finally:
        pending = [t for t in asyncio.all_tasks(loop) if not t.done()]
        for task in pending:
            task.cancel()
        if pending:
            with contextlib.suppress(Exception):
                qtbot.waitUntil(lambda: all(t.done() for t in pending), timeout=10_000)
        with contextlib.suppress(Exception):
            qtbot.wait(10)
        # loop.close() refuses a loop that rides on Qt's; its QThread executor (used for DNS
        # lookups by the HTTP client) must still be shut down, or Qt warns at exit.
        executor = getattr(loop, "_QEventLoop__default_executor", None)
        if executor is not None:
            executor.shutdown(wait=True)
        asyncio.events._set_running_loop(None)
        asyncio.set_event_loop(None)


class LoopWatchdog:
    """Fails a flow in which one callback kept the event loop for more than ``limit_ms``.

    A precise 10 ms timer ticks while the flow runs; between two ticks the main thread ran
    exactly one stretch of callbacks. What is measured is the main thread's *CPU* time between
    ticks (``time.thread_time``), not the wall clock: on a loaded 2-core machine the process
    may be descheduled for 100 ms without any callback being slow, and that must not fail a
    test. A gap of ``hang_ms`` wall time fails too (a callback that sleeps or waits on I/O).
    Both limits are as set on the reference machine, scaled to this one's speed
    (``tests/kit/machine_speed.py``: machines of this class differ up to ~3x).
    The heap is collected and frozen first, so a full GC of what earlier tests left behind
    is not charged to the flow under test. Use it as a context manager around a flow whose
    work is bounded (streaming, opening a big session), and spin the loop inside it
    (``qtbot.waitUntil``): the check fails when the timer never ticked.
    """

    def __init__(self, qtbot: Any, limit_ms: float = 100, hang_ms: float = 2_000) -> None:
        self.qtbot = qtbot
        self.limit_ms = limit_ms
        self.hang_ms = hang_ms
        self.ticks = 0
        self.worst_cpu_ms = 0.0
        self.worst_wall_ms = 0.0
        self.stalls: list[tuple[float, float]] = []  # (cpu ms, wall ms) of each offence
        self._timer = QTimer()
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(10)
        self._timer.timeout.connect(self._tick)
        self._wall = self._cpu = 0.0

    def __enter__(self) -> LoopWatchdog:
        gc.collect()
        gc.freeze()
        self._wall, self._cpu = time.perf_counter(), time.thread_time()
        self._timer.start()
        return self

    def _tick(self) -> None:
        wall, cpu = time.perf_counter(), time.thread_time()
        wall_ms, cpu_ms = (wall - self._wall) * 1000, (cpu - self._cpu) * 1000
        self._wall, self._cpu = wall, cpu
        self.ticks += 1
        self.worst_cpu_ms = max(self.worst_cpu_ms, cpu_ms)
        self.worst_wall_ms = max(self.worst_wall_ms, wall_ms)
        if cpu_ms > scaled(self.limit_ms) or wall_ms > scaled(self.hang_ms):
            self.stalls.append((round(cpu_ms), round(wall_ms)))

    def __exit__(self, exc_type: Any, *_: Any) -> None:
        self._tick()  # the stretch since the last tick counts too
        self._timer.stop()
        gc.unfreeze()
        print(
            f"loop watchdog: {self.ticks} ticks, longest callback {self.worst_cpu_ms:.0f} ms "
            f"CPU ({self.worst_wall_ms:.0f} ms wall)"
        )
        if exc_type is None:
            self.check()

    def check(self) -> None:
        assert self.ticks > 1, "the event loop never ran inside the watched flow"
        assert not self.stalls, (
            f"a callback blocked the event loop (limit {self.limit_ms:.0f} ms CPU, "
            f"{self.hang_ms:.0f} ms wall, both x{slowness():.2f} on this machine); "
            f"(cpu ms, wall ms) of each: {self.stalls[:10]}"
        )


@pytest.fixture
def loop_watchdog(qtbot) -> Iterator[LoopWatchdog]:
    """Opt in per test: ``with loop_watchdog: ...`` around the flow to watch."""
    watchdog = LoopWatchdog(qtbot)
    yield watchdog
    watchdog._timer.stop()


@pytest.fixture
def qsettings(tmp_path) -> QSettings:
    """A QSettings file in the test's temp dir, never the user's real settings."""
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def artifacts() -> Path:
    """Screenshots land here (gitignored) so a human can look at the main states."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def openai_server() -> Iterator[Any]:
    """The loopback OpenAI-compatible server (a real HTTP server on 127.0.0.1)."""
    from tests.kit.openai_server import OpenAIServer

    with OpenAIServer() as server:
        yield server


@dataclass
class WindowKit:
    """Everything a window test needs: the parts are real, only their locations are temporary."""

    tmp: Path
    qsettings: QSettings
    library: Any
    key_store: Any
    workspace: Path
    qtbot: Any = None
    windows: list[Any] = field(default_factory=list)

    def settings_store(self) -> Any:
        from pi_desktop.ui.settings import SettingsStore

        return SettingsStore(self.qsettings)

    def save_settings(self, **changes: Any) -> None:
        from pi_desktop.ui.settings import AppSettings

        self.settings_store().save(AppSettings(workspace=str(self.workspace), **changes))

    def window(
        self,
        llm: Any,
        summarizer: Any = None,
        *,
        offline: bool = False,
        session_path: Path | None = None,
        new_session: bool = False,
        description: str = "test provider",
    ) -> Any:
        """A shown main window built by the app's own ``build_window``."""
        from pi_desktop.app import build_window
        from pi_desktop.ui.agent_factories import ProviderSetup
        from pi_desktop.ui.dialogs.settings_dialog import PresetChoice

        def factory(_settings: Any) -> ProviderSetup:
            return ProviderSetup(llm, summarizer, description, offline)

        window = build_window(
            settings_store=self.settings_store(),
            key_store=self.key_store,
            library=self.library,
            provider_factory=factory,
            session_path=session_path,
            workspace=self.workspace,
            new_session=new_session,
            presets=[PresetChoice("offline", "Offline"), PresetChoice("custom", "Custom")],
        )
        window.resize(1200, 800)
        window.show()
        self.windows.append(window)
        window.activateWindow()  # window shortcuts fire only in the active window
        self.qtbot.waitUntil(window.isActiveWindow)
        return window


@pytest.fixture
def kit(tmp_path, qsettings, qloop, qtbot) -> Iterator[WindowKit]:
    from pi_desktop.session import SessionLibrary
    from pi_desktop.ui.settings import KeyStore

    workspace = tmp_path / "workspace"
    workspace.mkdir()
    (workspace / "README.md").write_text("# Demo project\n\nA small project for the tests.\n")
    (workspace / "notes.txt").write_text("alpha\nbeta\ngamma\n")
    kit = WindowKit(
        tmp=tmp_path,
        qsettings=qsettings,
        library=SessionLibrary(tmp_path / "sessions"),
        key_store=KeyStore(tmp_path / "keys"),
        workspace=workspace,
        qtbot=qtbot,
    )
    yield kit
    for window in kit.windows:
        if window.isVisible():
            window.close()
            qtbot.waitUntil(lambda w=window: not w.isVisible(), timeout=10_000)
    # and deleted, here on the main thread: a closed window stays alive in reference cycles
    # (its parts' signal connections) until a cyclic collection frees it — 42 windows and 20,000
    # widgets after 160 tests, a full collection of them inside a later test's measured callback
    # (seconds), and possibly in a worker thread, where deleting Qt objects is not safe
    for window in kit.windows:
        window.deleteLater()
    kit.windows.clear()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
