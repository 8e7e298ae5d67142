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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import qasync
from PySide6.QtCore import QSettings

from pi_desktop.ui.pyside_fix import guard_none_refcount
from tests.ui.shots import ARTIFACTS

# PySide6 6.12 drops a reference to None on every void call; a whole UI suite makes enough
# of them to abort the interpreter on Python 3.11 (see pi_desktop/ui/pyside_fix.py).
guard_none_refcount()


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
    from tests.openai_server import OpenAIServer

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
        from pi_desktop.ui.settings_dialog import PresetChoice
        from pi_desktop.ui.wiring import ProviderSetup

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
