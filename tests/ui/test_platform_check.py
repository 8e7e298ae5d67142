"""A bare machine (issue 12.7): when Qt's xcb plugin cannot load, the app prints one line
naming the missing libraries and their Debian/Ubuntu packages, instead of Qt's abort.

The missing library is real, not mocked: a copy of PySide6's own ``libqxcb.so`` whose
dependency ``libxcb-icccm.so.4`` is renamed to ``libxcb-icccm.so.7`` (same length, so the ELF
stays valid) — no system has that file, so the dynamic loader really cannot find it.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pi_desktop.ui.platform_check import (
    NO_DISPLAY_LINE,
    display_missing,
    package_for,
    platform_problem,
    problem_line,
    uses_xcb,
    xcb_plugin,
)

QT_DIR = Path(importlib.util.find_spec("PySide6").origin).parent / "Qt"
REAL_PLUGIN = QT_DIR / "plugins" / "platforms" / "libqxcb.so"
needs_ldd = pytest.mark.skipif(
    not sys.platform.startswith("linux")
    or shutil.which("ldd") is None
    or not REAL_PLUGIN.is_file(),
    reason="needs Linux, ldd and PySide6's xcb plugin",
)


def test_the_check_applies_only_where_qt_would_load_xcb():
    if not sys.platform.startswith("linux"):
        assert not uses_xcb({"DISPLAY": ":0"})
        return
    assert uses_xcb({"DISPLAY": ":0"})
    assert uses_xcb({"DISPLAY": ":0", "QT_QPA_PLATFORM": "xcb"})
    assert not uses_xcb({"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"})
    assert not uses_xcb({"DISPLAY": ":0", "WAYLAND_DISPLAY": "w-0", "XDG_SESSION_TYPE": "wayland"})
    assert not uses_xcb({})  # no display at all: not a missing-library problem
    assert platform_problem({"QT_QPA_PLATFORM": "offscreen", "DISPLAY": ":0"}) is None


def test_the_line_names_libraries_and_packages():
    assert package_for("libxcb-icccm.so.4") == "libxcb-icccm4"
    assert package_for("libxcb-cursor.so.0") == "libxcb-cursor0"
    assert package_for("libEGL.so.1") == "libegl1"
    assert package_for("libunheard-of.so.3") is None
    line = problem_line(["libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libunheard-of.so.3"])
    assert "\n" not in line
    assert "needs libxcb-icccm.so.4, libxcb-keysyms.so.1, libunheard-of.so.3" in line
    assert "sudo apt-get install libxcb-icccm4 libxcb-keysyms1 " in line
    assert "the package providing libunheard-of.so.3" in line


def _broken_plugin(tmp_path: Path) -> Path:
    data = REAL_PLUGIN.read_bytes()
    assert b"libxcb-icccm.so.4\x00" in data
    folder = tmp_path / "platforms"
    folder.mkdir()
    broken = folder / "libqxcb.so"
    broken.write_bytes(data.replace(b"libxcb-icccm.so.4\x00", b"libxcb-icccm.so.7\x00"))
    return broken


def _env(tmp_path: Path, broken: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")}
    env.update(
        DISPLAY=":97",  # no X server is needed: the check runs before Qt connects
        QT_QPA_PLATFORM_PLUGIN_PATH=str(broken.parent),
        LD_LIBRARY_PATH=str(QT_DIR / "lib"),  # the copy's own Qt libraries, as next to it
        XDG_CONFIG_HOME=str(tmp_path / "cfg"),
    )
    return env


@needs_ldd
def test_a_missing_library_is_found_with_the_loader(tmp_path):
    broken = _broken_plugin(tmp_path)
    env = _env(tmp_path, broken)
    assert xcb_plugin(env) == broken
    line = platform_problem(env)
    assert line is not None and "libxcb-icccm.so.7" in line and "libxcb-icccm4" in line
    assert "libQt6" not in line  # Qt's own libraries resolve


@needs_ldd
def test_the_app_prints_one_line_instead_of_qts_abort(tmp_path):
    broken = _broken_plugin(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "pi_desktop", "--offline", "--workspace", str(tmp_path)],
        env=_env(tmp_path, broken),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("pi-desktop: cannot open a window:")
    assert "libxcb-icccm.so.7" in lines[0] and "sudo apt-get install libxcb-icccm4" in lines[0]
    assert "qt.qpa" not in done.stderr and "Traceback" not in done.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Qt picks xcb/wayland on Linux")
def test_no_display_is_a_problem_only_where_qt_would_need_one():
    assert display_missing({})
    assert display_missing({"QT_QPA_PLATFORM": "xcb"})
    assert display_missing({"QT_QPA_PLATFORM": "xcb", "WAYLAND_DISPLAY": "wayland-0"})
    assert not display_missing({"DISPLAY": ":0"})
    assert not display_missing({"WAYLAND_DISPLAY": "wayland-0"})
    assert not display_missing({"QT_QPA_PLATFORM": "offscreen"})
    assert not display_missing({"QT_QPA_PLATFORM": "wayland"})  # Qt finds the default socket
    assert platform_problem({}) == NO_DISPLAY_LINE


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Qt picks xcb/wayland on Linux")
def test_a_wayland_session_without_the_variable_still_has_its_default_socket(tmp_path):
    session = {"XDG_SESSION_TYPE": "wayland", "XDG_RUNTIME_DIR": str(tmp_path)}
    assert display_missing(session)  # no socket: nothing to connect to
    (tmp_path / "wayland-0").touch()
    assert not display_missing(session)
    assert display_missing({**session, "XDG_SESSION_TYPE": "tty"})
    assert "\n" not in NO_DISPLAY_LINE and "QT_QPA_PLATFORM=offscreen" in NO_DISPLAY_LINE


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Qt picks xcb/wayland on Linux")
def test_the_app_without_a_display_prints_one_line_instead_of_qts_abort(tmp_path):
    """An ssh or console login: no DISPLAY, no WAYLAND_DISPLAY, no QT_QPA_PLATFORM. Without the
    check Qt prints a paragraph blaming xcb-cursor0 and aborts (exit 134, a core dump)."""
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "LANG": "C.UTF-8"}
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        env[var] = str(tmp_path / var.lower())
    done = subprocess.run(
        [sys.executable, "-m", "pi_desktop", "--offline"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip() == NO_DISPLAY_LINE
    assert done.stdout == ""
