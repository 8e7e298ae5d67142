"""Before Qt starts: can its xcb platform plugin load? If not, one clear line instead of an abort.

On a bare Linux, Qt finds its xcb plugin but cannot load it (a system library is missing),
prints a paragraph that blames ``xcb-cursor0`` whatever is really missing, and aborts. This
module asks the dynamic loader (``ldd``) which libraries of the plugin are not found and names
them with the Debian/Ubuntu packages that provide them. It runs only where Qt would pick xcb
(Linux, ``QT_QPA_PLATFORM`` unset or ``xcb``, an X display set) and never imports PySide6: the
check must happen before QApplication exists, and importing QtGui can already fail. With no
display at all (an ssh or a console login), Qt aborts as well: that gets its own line.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

# library name without its version -> the Debian/Ubuntu package (checked with ldd and dpkg -S
# on Debian 12 against PySide6's libqxcb.so and the Qt libraries it loads)
PACKAGES = {
    "libGL": "libgl1",
    "libEGL": "libegl1",
    "libGLX": "libglx0",
    "libOpenGL": "libopengl0",
    "libfontconfig": "libfontconfig1",
    "libfreetype": "libfreetype6",
    "libglib-2.0": "libglib2.0-0",
    "libgthread-2.0": "libglib2.0-0",
    "libdbus-1": "libdbus-1-3",
    "libX11": "libx11-6",
    "libX11-xcb": "libx11-xcb1",
    "libxkbcommon": "libxkbcommon0",
    "libxkbcommon-x11": "libxkbcommon-x11-0",
    "libxcb": "libxcb1",
    "libxcb-cursor": "libxcb-cursor0",
    "libxcb-icccm": "libxcb-icccm4",
    "libxcb-image": "libxcb-image0",
    "libxcb-keysyms": "libxcb-keysyms1",
    "libxcb-randr": "libxcb-randr0",
    "libxcb-render": "libxcb-render0",
    "libxcb-render-util": "libxcb-render-util0",
    "libxcb-shape": "libxcb-shape0",
    "libxcb-shm": "libxcb-shm0",
    "libxcb-sync": "libxcb-sync1",
    "libxcb-util": "libxcb-util1",
    "libxcb-xfixes": "libxcb-xfixes0",
    "libxcb-xkb": "libxcb-xkb1",
    "libxcb-xinput": "libxcb-xinput0",
    "libz": "zlib1g",
    "libzstd": "libzstd1",
}
PLUGIN = "libqxcb.so"
_NOT_FOUND = re.compile(r"^\s*(\S+)\s*=>\s*not found", re.M)


def uses_xcb(env: Mapping[str, str]) -> bool:
    """Whether Qt would load its xcb plugin here (the only plugin this check knows)."""
    if not sys.platform.startswith("linux"):
        return False
    platform = env.get("QT_QPA_PLATFORM", "").strip()
    if platform:
        return platform.split(":", 1)[0] == "xcb"
    if env.get("WAYLAND_DISPLAY") and env.get("XDG_SESSION_TYPE") == "wayland":
        return False  # Qt prefers its wayland plugin in a wayland session
    return bool(env.get("DISPLAY"))


def xcb_plugin(env: Mapping[str, str]) -> Path | None:
    """The plugin file Qt would load: the env's plugin paths first, then PySide6's own."""
    folders = [Path(p) for p in env.get("QT_QPA_PLATFORM_PLUGIN_PATH", "").split(os.pathsep) if p]
    folders += [Path(p) / "platforms" for p in env.get("QT_PLUGIN_PATH", "").split(os.pathsep) if p]
    spec = importlib.util.find_spec("PySide6")  # finds the package without importing it
    if spec is not None and spec.origin:
        folders.append(Path(spec.origin).parent / "Qt" / "plugins" / "platforms")
    for folder in folders:
        if (folder / PLUGIN).is_file():
            return folder / PLUGIN
    return None


def missing_libraries(plugin: Path, env: Mapping[str, str] | None = None) -> list[str]:
    """The libraries the loader cannot find for ``plugin`` (``ldd``), in ldd's order."""
    ldd = shutil.which("ldd")
    if ldd is None:
        return []  # no way to ask: let Qt try
    try:
        done = subprocess.run(
            [ldd, str(plugin)],
            capture_output=True,
            text=True,
            timeout=10,
            env=dict(env) if env is not None else None,
        )
    except (OSError, subprocess.SubprocessError):
        return []
    return list(dict.fromkeys(_NOT_FOUND.findall(done.stdout)))


def package_for(soname: str) -> str | None:
    """``libxcb-icccm.so.4`` -> ``libxcb-icccm4`` (None for a library this table lacks)."""
    return PACKAGES.get(soname.split(".so", 1)[0])


def problem_line(missing: list[str]) -> str:
    """The one line the app prints instead of Qt's abort."""
    packages = list(dict.fromkeys(p for p in map(package_for, missing) if p))
    unknown = [lib for lib in missing if package_for(lib) is None]
    line = (
        f"pi-desktop: cannot open a window: Qt's xcb platform plugin needs {', '.join(missing)}, "
        "not installed on this system."
    )
    if packages:
        line += f" On Debian/Ubuntu: sudo apt-get install {' '.join(packages)}"
        if unknown:
            line += f" (and the package providing {', '.join(unknown)})"
        line += "."
    return line + " (QT_QPA_PLATFORM=offscreen runs it without a screen.)"


NO_DISPLAY_LINE = (
    "pi-desktop: no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set): "
    "start it from a desktop session, or set QT_QPA_PLATFORM=offscreen to run without a screen."
)


def display_missing(env: Mapping[str, str]) -> bool:
    """Whether Qt would try a window system that has no display: it aborts with a core dump."""
    if not sys.platform.startswith("linux"):
        return False
    platform = env.get("QT_QPA_PLATFORM", "").strip()
    if platform:
        return platform.split(":", 1)[0] == "xcb" and not env.get("DISPLAY")
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return False
    # a Wayland session without the variable: Qt picks wayland and its default socket
    runtime = env.get("XDG_RUNTIME_DIR")
    wayland = env.get("XDG_SESSION_TYPE") == "wayland"
    return not (wayland and runtime and Path(runtime, "wayland-0").exists())


def platform_problem(env: Mapping[str, str] | None = None) -> str | None:
    """None when Qt's window plugin can load (or this check does not apply), else the line."""
    env = os.environ if env is None else env
    if display_missing(env):
        return NO_DISPLAY_LINE
    if not uses_xcb(env):
        return None
    plugin = xcb_plugin(env)
    if plugin is None:
        return None
    missing = missing_libraries(plugin, env)
    return problem_line(missing) if missing else None
