"""Measuring a launch from the outside: the app prints how long after its process started the
window was first painted (``PI_DESKTOP_EXIT_AFTER_PAINT``) or was idle on the session it
opened (``PI_DESKTOP_EXIT_WHEN_IDLE``), then closes the normal way.

Why in the app: a bench that imports the window itself measures its own imports and order,
not the launch a user waits for (``python -m pi_desktop --session FILE``).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

# idle: the session shown, its tree drawn, and no layout pass queued for this long
QUIET_S = 0.2
POLL_MS = 5


class _Building(Protocol):
    @property
    def building(self) -> bool: ...


class _Laying(Protocol):
    def layout_pending(self) -> bool: ...


class OpeningWindow(Protocol):
    """What the idle probe reads of the window: is a session still being read or shown."""

    @property
    def loading_path(self) -> Path | None: ...

    @property
    def session(self) -> object | None: ...

    @property
    def tree(self) -> _Building: ...

    @property
    def conversation(self) -> _Laying: ...

    def close(self) -> bool: ...


def process_age_s() -> float | None:
    """Seconds since this process started (Linux ``/proc``), so a measurement includes the
    interpreter's own start and every import; None where ``/proc`` is missing."""
    try:
        with open("/proc/self/stat") as stat, open("/proc/uptime") as uptime:
            fields = stat.read().rsplit(")", 1)[1].split()
            up = float(uptime.read().split()[0])
        return up - int(fields[19]) / os.sysconf("SC_CLK_TCK")  # field 22: starttime
    except (OSError, ValueError, IndexError):
        return None


def resident_mb() -> float:
    """Resident set size of this process now, in MB of 10^6 bytes as the bench has always
    printed them (Linux ``/proc``; 0 where it is missing)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6
    except (OSError, ValueError, IndexError):
        return 0.0


def _said(age: float | None) -> str:
    return f"{age * 1000:.0f} ms" if age is not None else "unknown time"


def exit_after_first_paint(window: QWidget) -> None:
    """Print ``first paint after N ms`` once the window's first frame is painted, then close."""

    class FirstPaint(QObject):
        seen = False

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if (
                not self.seen
                and event.type() == QEvent.Type.Paint
                and isinstance(watched, QWidget)
                and watched.window() is window
            ):
                self.seen = True
                QTimer.singleShot(0, report)  # after the rest of this frame is painted
            return False

    def report() -> None:
        app.removeEventFilter(spy)
        said = _said(process_age_s())
        print(f"pi-desktop: first paint after {said} since the process started", flush=True)
        window.close()

    app = QApplication.instance()
    spy = FirstPaint(window)
    app.installEventFilter(spy)


def window_busy(window: OpeningWindow) -> bool:
    """The window is still opening: a session being read, none shown yet, its tree being
    built, or rows still to build, measure or place."""
    return (
        window.loading_path is not None
        or window.session is None
        or window.tree.building
        or window.conversation.layout_pending()
    )


def exit_when_idle(window: OpeningWindow) -> None:
    """Print ``idle after N ms`` once the window has shown its session and been at rest for
    ``QUIET_S`` (the moment counted is when the rest began), then close."""
    poll = QTimer(window if isinstance(window, QObject) else None)  # lives with the window
    poll.setInterval(POLL_MS)
    quiet_since: list[float] = []  # (process age, monotonic) when the rest began

    def check() -> None:
        if window_busy(window):
            quiet_since.clear()
            return
        if not quiet_since:
            quiet_since.extend((process_age_s() or 0.0, time.monotonic()))
            return
        if time.monotonic() - quiet_since[1] < QUIET_S:
            return
        poll.stop()
        said = _said(quiet_since[0] if quiet_since[0] else None)
        print(
            f"pi-desktop: idle after {said} since the process started, "
            f"{resident_mb():.0f} MB resident",
            flush=True,
        )
        window.close()

    poll.timeout.connect(check)
    poll.start()
