"""Entry point: QApplication + the qasync loop + the main window on the right session.

The agent runs as asyncio tasks on Qt's own loop (qasync): no threads, and the UI never
waits on the network. The app ends when the window has closed, which happens only after a
running answer was cancelled and the session file was closed (every line is already flushed
on append, so closing is just releasing the lock).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from pi_desktop import __version__

if TYPE_CHECKING:
    from pi_desktop.session import SessionLibrary
    from pi_desktop.ui.agent_factories import ProviderFactory, ToolsFactory
    from pi_desktop.ui.dialogs.settings_dialog import PresetChoice
    from pi_desktop.ui.main_window import MainWindow
    from pi_desktop.ui.mcp_runtime import McpRuntime
    from pi_desktop.ui.settings import KeyStore, SettingsStore

log = logging.getLogger("pi_desktop")
# Set (to anything) to measure startup: the app prints how long after its process started
# the window was first painted, then closes the normal way (the UI bench runs it so).
EXIT_AFTER_PAINT_ENV = "PI_DESKTOP_EXIT_AFTER_PAINT"
# ... or once the session it opened is shown, its tree drawn and the layout at rest
EXIT_WHEN_IDLE_ENV = "PI_DESKTOP_EXIT_WHEN_IDLE"
WARM_UP_AFTER_MS = 300


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="pi-desktop",
        description="A desktop chat for LLM agents with visible, cheap, lossless context.",
    )
    parser.add_argument("--session", type=Path, help="open (or create) this session file")
    parser.add_argument("--workspace", type=Path, help="the folder the tools work in")
    parser.add_argument("--offline", action="store_true", help="use the offline provider")
    parser.add_argument("--new", action="store_true", help="start a new session")
    parser.add_argument(
        "--mcp-config", type=Path, metavar="FILE", help="use this MCP servers file for this run"
    )
    parser.add_argument(
        "--developer",
        action="store_true",
        help="add the Developer menu (the provider fidelity probe); as PI_DESKTOP_DEVELOPER=1",
    )
    parser.add_argument("--version", action="version", version=f"pi-desktop {__version__}")
    once = parser.add_mutually_exclusive_group()
    once.add_argument(
        "--install-desktop-entry",
        action="store_true",
        help="add pi-desktop to this user's application launcher (a .desktop entry and icons)",
    )
    once.add_argument(
        "--uninstall-desktop-entry",
        action="store_true",
        help="remove what --install-desktop-entry added",
    )
    once.add_argument(
        "--smoke-test",
        action="store_true",
        help="open the window offline on a throw-away profile, answer one request, exit 0 if "
        "it all worked",
    )
    return parser.parse_args(argv)


def build_window(
    *,
    settings_store: SettingsStore | None = None,
    key_store: KeyStore | None = None,
    library: SessionLibrary | None = None,
    provider_factory: ProviderFactory | None = None,
    tools_factory: ToolsFactory | None = None,
    session_path: Path | None = None,
    workspace: Path | None = None,
    offline: bool = False,
    new_session: bool = False,
    presets: list[PresetChoice] | None = None,
    mcp: McpRuntime | None = None,
    background: bool = False,
) -> MainWindow:
    """The main window with its session open: ``session_path``, else the one open at the last
    close, else the newest, else a new one. With ``background`` an existing ``session_path`` is
    read in a worker thread while the window is already up (the app's own launch)."""
    from pi_desktop.session import SessionLibrary, SessionLockedError
    from pi_desktop.ui.agent_factories import (
        default_tools_factory,
        make_provider_factory,
        offline_setup,
        preset_choices,
    )
    from pi_desktop.ui.main_window import MainWindow
    from pi_desktop.ui.settings import KeyStore, SettingsStore

    settings_store = settings_store or SettingsStore()
    key_store = key_store or KeyStore()
    library = library or SessionLibrary()
    if provider_factory is None:
        provider_factory = (
            (lambda s: offline_setup(chars_per_second=s.offline_chars_per_second))
            if offline
            else make_provider_factory(key_store)
        )
    window = MainWindow(
        settings_store=settings_store,
        key_store=key_store,
        library=library,
        provider_factory=provider_factory,
        tools_factory=tools_factory or default_tools_factory,
        presets=presets if presets is not None else preset_choices(),
        workspace=workspace,
    )
    if mcp is not None:  # before a session opens: its first agent gets the MCP tools
        from pi_desktop.ui.mcp_runtime import install_mcp

        install_mcp(window, mcp)
    failure = None
    if session_path is not None:  # the folders resolved, never the file: a link is refused
        session_path = session_path.expanduser()
        session_path = session_path.parent.resolve() / session_path.name
        if os.path.lexists(session_path):
            if background:
                window.open_session_path_in_background(session_path)
                return window
            if window.open_session_path(session_path):
                return window
            failure = window.open_failure
        else:
            from pi_desktop.session import Session

            session_path.parent.mkdir(parents=True, exist_ok=True)
            ws = str(workspace) if workspace else None
            prompt = window.default_system_prompt()
            window.open_session(Session.create(session_path, system_prompt=prompt, workspace=ws))
            return window
    if failure is not None:  # said again over the session opened instead, so it stays seen
        window.new_session()
        window.show_refusal(failure)
        return window
    if not new_session:
        if window.sessions.reopen_last():  # the session that was open when the app closed
            return window
        for session_id in library.newest_ids()[:1]:  # no file read: the cache may be cold
            try:
                window.open_session(library.open(session_id))
                return window
            except SessionLockedError:
                break  # open in another window: start a fresh one here
            except OSError as exc:
                log.warning("could not open the latest session: %s", exc)
    window.new_session()
    return window


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.install_desktop_entry or args.uninstall_desktop_entry:
        from pi_desktop.desktop_entry import main_install

        return main_install(uninstalling=args.uninstall_desktop_entry)  # no display needed
    os.environ.setdefault("QT_API", "pyside6")  # qasync must pick the same binding
    if args.developer:
        from pi_desktop.ui.developer import enable_developer_mode

        enable_developer_mode()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    from pi_desktop.ui.platform_check import platform_problem

    problem = platform_problem()  # before QtGui loads: a missing X library aborts Qt
    if problem:
        print(problem, file=sys.stderr)
        return 1
    _import_the_engine_first()
    import qasync
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from pi_desktop.ui.none_refcount_guard import guard_none_refcount
    from pi_desktop.ui.text.highlight import warm_up

    guard_none_refcount()  # PySide6 6.12 leaks a None reference per void call (see module)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("pi-desktop")
    app.setOrganizationName("pi-desktop")
    app.setDesktopFileName("pi-desktop")  # Wayland's app id: the launcher's entry and icon

    from pi_desktop.ui.resources import app_icon

    app.setWindowIcon(app_icon())
    app.setQuitOnLastWindowClosed(False)  # the window's own close path ends the loop
    from pi_desktop.ui.collector import MainThreadCollector

    MainThreadCollector(app).start()  # cycles collected on this thread only (see the module)
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    with loop:
        if args.smoke_test:
            from pi_desktop.ui.smoke import run_smoke_test

            result = run_smoke_test(loop)
            print(result.line, flush=True)
            return 0 if result.ok else 1
        from PySide6.QtCore import QSettings

        from pi_desktop.ui.i18n import install_language
        from pi_desktop.ui.launch_probe import exit_after_first_paint, exit_when_idle
        from pi_desktop.ui.mcp_runtime import McpRuntime
        from pi_desktop.ui.settings import SettingsStore

        install_language(SettingsStore().load().language)  # before any window: read at build

        mcp = McpRuntime(
            QSettings(app.applicationName(), app.applicationName()), override=args.mcp_config
        )
        window = build_window(
            session_path=args.session,
            workspace=args.workspace,
            offline=args.offline,
            new_session=args.new,
            mcp=mcp,
            background=True,
        )
        done: asyncio.Future[None] = loop.create_future()
        window.closed.connect(lambda: done.done() or done.set_result(None))
        _close_on_signals(window)
        if os.environ.get(EXIT_AFTER_PAINT_ENV):
            exit_after_first_paint(window)
        elif os.environ.get(EXIT_WHEN_IDLE_ENV):
            exit_when_idle(window)
        window.show()
        # the highlighter's lexers load in a thread once the first frame is out and the
        # session is read (the imports compete with both for the GIL, so not before; the
        # rows shown first warm their own lexers as they are read)
        opening = window.opening.task
        if opening is not None and not opening.done():
            opening.add_done_callback(lambda _t: QTimer.singleShot(WARM_UP_AFTER_MS, warm_up))
        else:
            QTimer.singleShot(WARM_UP_AFTER_MS, warm_up)
        mcp.start()
        loop.run_until_complete(done)
        loop.run_until_complete(mcp.aclose())  # every server and its process group
    return 0


def _import_the_engine_first() -> None:
    """Import the modules that never touch Qt before PySide6 loads.

    Why: once PySide6 is imported it checks every module imported after it for its
    ``__feature__`` switches by reading the module's source; the engine, the session code
    and their libraries (~500 modules) then cost ~50 ms more to import (measured at start).
    """
    import markdown_it  # noqa: F401
    import pygments.formatters.html
    import pygments.lexer  # noqa: F401

    import pi_desktop.agent.agent
    import pi_desktop.agent.bridge
    import pi_desktop.agent.connect
    import pi_desktop.agent.mcp
    import pi_desktop.agent.presets
    import pi_desktop.session  # noqa: F401


def _close_on_signals(window: MainWindow) -> None:
    """Ctrl+C / SIGTERM close the window the normal way (stop the run, close the session).

    Python runs signal handlers only between bytecodes, so a timer wakes the interpreter a
    few times a second while Qt's loop waits in C++.
    """
    from PySide6.QtCore import QTimer

    def handler(_signum: int, _frame: object) -> None:
        QTimer.singleShot(0, window.close)

    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, handler)
    wake = QTimer(window)
    wake.timeout.connect(lambda: None)
    wake.start(250)
