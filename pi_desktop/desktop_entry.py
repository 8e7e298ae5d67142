"""Put pi-desktop in the desktop's launcher, per user: a freedesktop ``.desktop`` entry + icons.

``pi-desktop --install-desktop-entry`` writes ``$XDG_DATA_HOME/applications/pi-desktop.desktop``
(``~/.local/share`` when the variable is unset) whose ``Exec`` is the command that is running
now (the venv's ``pi-desktop`` script, the bundle's executable, or ``python -m pi_desktop``), and
the icon in the ``hicolor`` theme (the SVG and PNGs rendered from it, 16 to 512 pixels).
``--uninstall-desktop-entry`` removes exactly those files. No Qt here: installing works on a
machine without a display.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

APP_ID = "pi-desktop"
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
MARKER = "X-Pi-Desktop-Installed-By=pi-desktop --install-desktop-entry"
COMMENT = "A desktop chat for LLM agents with visible, cheap, lossless context management"

_PACKAGE = Path(__file__).resolve().parent
# the same places ui/resources.py looks (a wheel or a bundle: _resources; a checkout: resources/)
_RESOURCE_DIRS = (_PACKAGE / "_resources", _PACKAGE.parent / "resources")
# characters that make the desktop-entry spec require an argument to be quoted
_RESERVED = set(" \t\n\r\"'\\><~|&;$*?#()`")


class DesktopEntryError(RuntimeError):
    """Installing could not be done (a missing icon file, an unwritable folder)."""


def data_home(env: Mapping[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME``, or ``~/.local/share`` when it is unset or not absolute (the spec)."""
    env = os.environ if env is None else env
    value = env.get("XDG_DATA_HOME", "")
    if value and Path(value).is_absolute():
        return Path(value)
    return Path(env.get("HOME") or Path.home()) / ".local" / "share"


def launch_command() -> list[str]:
    """How to start the app that is running now: what ``Exec`` must say."""
    if getattr(sys, "frozen", False):  # a PyInstaller bundle: its executable is the app
        return [str(Path(sys.executable).absolute())]
    script = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if script is not None and script.name == APP_ID and os.access(script, os.X_OK):
        return [str(script.absolute())]  # the console script of the install (e.g. .venv/bin)
    return [str(Path(sys.executable).absolute()), "-m", "pi_desktop"]


def exec_quote(arg: str) -> str:
    """One argument of an ``Exec`` value: quoted where the spec says, ``%`` doubled, and the
    backslashes (and control characters) escaped once more because ``Exec`` is itself a string
    value."""
    arg = arg.replace("%", "%%")
    if arg and not (_RESERVED & set(arg)):
        return arg
    inner = "".join("\\" + ch if ch in '"`$\\' else ch for ch in arg)
    inner = inner.replace("\\", "\\\\")  # the string-value escapes, read before the quoting
    return '"' + inner.replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r") + '"'


def entry_text(command: Sequence[str]) -> str:
    """The ``.desktop`` file for ``command``."""
    exec_value = " ".join(exec_quote(a) for a in command)
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",  # 1.5 is unknown to Debian 12's desktop-file-validate
        "Name=pi-desktop",
        "GenericName=LLM Agent Chat",
        f"Comment={COMMENT}",
        f"Exec={exec_value}",
        f"TryExec={exec_quote(command[0])}",
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Development;",
        "Keywords=LLM;AI;chat;agent;context;",
        "StartupNotify=true",
        f"StartupWMClass={APP_ID}",
        MARKER,
    ]
    return "\n".join(lines) + "\n"


def resource_dir() -> Path:
    for folder in _RESOURCE_DIRS:
        if (folder / f"{APP_ID}.svg").is_file():
            return folder
    raise DesktopEntryError("the pi-desktop icon files are not installed with this copy")


def icon_sources() -> dict[str, Path]:
    """``hicolor`` sub-path -> the shipped file (the SVG and each PNG size)."""
    folder = resource_dir()
    sources = {f"scalable/apps/{APP_ID}.svg": folder / f"{APP_ID}.svg"}
    for size in ICON_SIZES:
        sub = f"{size}x{size}/apps/{APP_ID}.png"
        sources[sub] = folder / "hicolor" / sub
    missing = [str(p) for p in sources.values() if not p.is_file()]
    if missing:
        raise DesktopEntryError(f"icon files missing from this copy: {', '.join(missing)}")
    return sources


def entry_path(base: Path) -> Path:
    return base / "applications" / f"{APP_ID}.desktop"


def installed_files(base: Path) -> list[Path]:
    """Every file ``install`` writes under data home ``base``."""
    icons = [base / "icons" / "hicolor" / sub for sub in icon_sources()]
    return [entry_path(base), *icons]


def install(base: Path | None = None, command: Sequence[str] | None = None) -> list[Path]:
    """Write the entry and the icons; returns the files written. Re-running replaces them."""
    base = data_home() if base is None else base
    command = list(command) if command is not None else launch_command()
    written: list[Path] = []
    try:
        for sub, source in icon_sources().items():
            target = base / "icons" / "hicolor" / sub
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            written.append(target)
        entry = entry_path(base)
        entry.parent.mkdir(parents=True, exist_ok=True)
        tmp = entry.with_suffix(".desktop.tmp")
        tmp.write_text(entry_text(command), encoding="utf-8")
        tmp.chmod(0o755)  # some desktops only trust an executable entry
        tmp.replace(entry)  # a launcher never reads a half-written entry
        written.append(entry)
    except OSError as exc:
        raise DesktopEntryError(f"could not install the desktop entry: {exc}") from exc
    _touch(base / "icons" / "hicolor")  # icon caches look at the theme folder's time
    return written


def uninstall(base: Path | None = None) -> list[Path]:
    """Remove what ``install`` wrote (and the folders it left empty); returns the files removed."""
    base = data_home() if base is None else base
    entry = entry_path(base)
    targets = [entry] + [
        base / "icons" / "hicolor" / sub
        for sub in [f"scalable/apps/{APP_ID}.svg"]
        + [f"{s}x{s}/apps/{APP_ID}.png" for s in ICON_SIZES]
    ]
    removed: list[Path] = []
    for target in targets:
        try:
            target.unlink()
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise DesktopEntryError(f"could not remove {target}: {exc}") from exc
        removed.append(target)
        _remove_empty_parents(target.parent, stop=base)
    if removed:
        _touch(base / "icons" / "hicolor")
    return removed


def _remove_empty_parents(folder: Path, stop: Path) -> None:
    """Drop the size folders the install created, never ``applications``, ``icons`` or above."""
    keep = {stop, stop / "applications", stop / "icons", stop / "icons" / "hicolor"}
    while folder not in keep and stop in folder.parents:
        try:
            folder.rmdir()
        except OSError:
            return  # not empty: something else lives there
        folder = folder.parent


def _touch(folder: Path) -> None:
    if folder.is_dir():
        os.utime(folder)


def main_install(uninstalling: bool) -> int:
    """The two command-line flags: one line saying what was done, exit status."""
    try:
        if uninstalling:
            removed = uninstall()
            if not removed:
                print(f"pi-desktop: no desktop entry was installed under {data_home()}")
            else:
                print(f"pi-desktop: removed the desktop entry and icons ({len(removed)} files)")
            return 0
        written = install()
    except DesktopEntryError as exc:
        print(f"pi-desktop: {exc}", file=sys.stderr)
        return 1
    entry = written[-1]
    print(
        f"pi-desktop: installed {entry} and {len(written) - 1} icons; it starts "
        f"{' '.join(launch_command())}"
    )
    return 0
