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
from collections.abc import Iterator
from pathlib import Path

import pytest
import qasync
from PySide6.QtCore import QSettings

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


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
        asyncio.events._set_running_loop(None)
        asyncio.set_event_loop(None)


@pytest.fixture
def qsettings(tmp_path) -> QSettings:
    """A QSettings file in the test's temp dir, never the user's real settings."""
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def artifacts() -> Path:
    """Screenshots land here (gitignored) so a human can look at the main states."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
