"""``pi-desktop --smoke-test``: prove a build starts and works, without touching the user's data.

A bundle can start and still be broken (a Qt plugin, a lazily imported module or the ``rg``
binary left out), so the smoke start does what a first-time user does: the window opens on the
offline demo, a search request runs through the agent, the tool (ripgrep) and the stream, and
the answer must name the file that holds the match. Everything lives in a throw-away folder:
settings, sessions, keys and the workspace.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSettings

REQUEST = "search for TODO"
MARKER_FILE = "smoke-notes.md"
TIMEOUT_S = 60.0
QT_OWN_PROBE = ("QPlatformTheme", "Cancel")  # a standard button: Qt's catalogue, not ours


@dataclass
class SmokeResult:
    ok: bool
    line: str


async def _drive(window: object, started: float) -> SmokeResult:
    from pi_desktop.ui.main_window import MainWindow

    assert isinstance(window, MainWindow)
    for _ in range(20):  # let the first frames be laid out and painted
        await asyncio.sleep(0.01)
    if not window.isVisible():
        return SmokeResult(False, "pi-desktop smoke test FAILED: the window did not show")
    window.input.setPlainText(REQUEST)
    task = window.send()
    if task is None:
        return SmokeResult(False, "pi-desktop smoke test FAILED: the request was not sent")
    try:
        await asyncio.wait_for(asyncio.shield(task), TIMEOUT_S)
    except TimeoutError:
        window.stop()
        return SmokeResult(False, f"pi-desktop smoke test FAILED: no answer in {TIMEOUT_S:.0f} s")
    except Exception as exc:  # the run itself broke: say how, in the one line
        return SmokeResult(False, f"pi-desktop smoke test FAILED: {type(exc).__name__}: {exc}")
    cards = window.conversation.message_cards()
    answer = cards[-1].text if cards else ""
    if len(cards) < 2 or MARKER_FILE not in answer:
        shown = answer[:200].replace("\n", " ")
        why = f"the answer does not name {MARKER_FILE}: {shown!r}"
        return SmokeResult(False, f"pi-desktop smoke test FAILED: {why}")
    elapsed = (time.monotonic() - started) * 1000
    return SmokeResult(
        True,
        f"pi-desktop smoke test ok: window shown, {REQUEST!r} answered through the agent and "
        f"ripgrep ({len(answer)} chars) in {elapsed:.0f} ms",
    )


def run_smoke_test(loop: asyncio.AbstractEventLoop) -> SmokeResult:
    """Build the window on a throw-away profile, answer one offline request, close it."""
    from pi_desktop.app import build_window
    from pi_desktop.session import SessionLibrary
    from pi_desktop.ui.agent_factories import offline_setup
    from pi_desktop.ui.settings import KeyStore, SettingsStore

    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="pi-desktop-smoke-") as tmp:
        root = Path(tmp)
        workspace = root / "workspace"
        workspace.mkdir()
        (workspace / MARKER_FILE).write_text("# Notes\n\nTODO: check the bundle starts\n")
        qsettings = QSettings(str(root / "settings.ini"), QSettings.Format.IniFormat)
        from pi_desktop.ui.i18n import install_language

        applied = install_language("", qm_dir=root / "i18n")  # the system's, as a user sees it
        language_problem = language_check(applied)
        if language_problem is not None:
            return SmokeResult(False, f"pi-desktop smoke test FAILED: {language_problem}")
        window = build_window(
            settings_store=SettingsStore(qsettings),
            key_store=KeyStore(root / "keys", use_keyring=False),
            library=SessionLibrary(root / "sessions"),
            provider_factory=lambda _settings: offline_setup(chars_per_second=0),
            workspace=workspace,
            new_session=True,
        )
        done: asyncio.Future[None] = loop.create_future()
        window.closed.connect(lambda: done.done() or done.set_result(None))
        window.show()
        result = loop.run_until_complete(_drive(window, started))
        window.close()
        loop.run_until_complete(asyncio.wait_for(done, TIMEOUT_S))
        qsettings.sync()
    if result.ok:
        return SmokeResult(True, f"{result.line}; {language_words(applied)}")
    return result


def language_check(applied: object) -> str | None:
    """Why the interface's language is not fully there, or None: a language other than
    English needs Qt's own catalogue too (the standard buttons and dialogs)."""
    from PySide6.QtCore import QCoreApplication

    language = getattr(applied, "language", "en")
    if language == "en":
        return None
    if getattr(applied, "qt_catalogue", None) is None:
        return f"the interface is {language} but Qt's own qtbase_{language}.qm did not load"
    if QCoreApplication.translate(*QT_OWN_PROBE) == QT_OWN_PROBE[1]:
        return f"Qt's own {language} catalogue loaded but its buttons are still English"
    return None


def language_words(applied: object) -> str:
    language = getattr(applied, "language", "en")
    qt_own = getattr(applied, "qt_catalogue", None)
    if qt_own:
        return f"interface {language}, Qt's own texts from {Path(qt_own).name}"
    return f"interface {language}"
