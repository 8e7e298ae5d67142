"""The launcher entry (issue 22.3): ``--install-desktop-entry`` puts a valid ``.desktop`` file and
the icons under ``$XDG_DATA_HOME``, ``--uninstall-desktop-entry`` takes exactly them away, and
the committed PNGs are still what the SVG renders to.

The commands run as a user runs them: the real CLI in a subprocess, with a temporary
``XDG_DATA_HOME``; the entry is checked with ``desktop-file-validate`` where it is installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pi_desktop.desktop_entry import (
    APP_ID,
    ICON_SIZES,
    data_home,
    entry_text,
    exec_quote,
    icon_sources,
    install,
    installed_files,
    uninstall,
)

ROOT = Path(__file__).resolve().parent.parent


def _cli(*args: str, data: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["XDG_DATA_HOME"] = str(data)
    return subprocess.run(
        [sys.executable, "-m", "pi_desktop", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )


def _exec_argv(value: str) -> list[str]:
    """An ``Exec`` value read back as the spec says a launcher reads it: the string escapes
    first, then the quoting, then ``%%``."""
    text, i = [], 0
    escapes = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}
    while i < len(value):
        if value[i] == "\\" and i + 1 < len(value) and value[i + 1] in escapes:
            text.append(escapes[value[i + 1]])
            i += 2
        else:
            text.append(value[i])
            i += 1
    raw = "".join(text)
    args: list[str] = []
    current: list[str] | None = None
    quoted, i = False, 0
    while i < len(raw):
        ch = raw[i]
        if quoted:
            if ch == "\\" and raw[i + 1] in '"`$\\':
                current.append(raw[i + 1])
                i += 1
            elif ch == '"':
                quoted = False
            else:
                current.append(ch)
        elif ch == " ":
            if current is not None:
                args.append("".join(current))
            current = None
        elif ch == '"':
            quoted, current = True, current if current is not None else []
        else:
            assert ch not in " \t\n\"'\\><~|&;$*?#()`", f"unquoted reserved {ch!r} in {value!r}"
            current = (current or []) + [ch]
        i += 1
    assert not quoted, f"unbalanced quote in {value!r}"
    if current is not None:
        args.append("".join(current))
    return [a.replace("%%", "%") for a in args]


def _exec_line(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("Exec="))[5:]


def test_exec_keeps_paths_with_spaces_quotes_and_percent():
    command = [
        "/home/ann/My Apps/pi desktop/.venv/bin/pi-desktop",
        "--flag=50%",
        'say "hi" $HOME',
        "a\tb\nc\\d",
    ]
    assert _exec_argv(_exec_line(entry_text(command))) == command
    assert exec_quote("/usr/bin/pi-desktop") == "/usr/bin/pi-desktop"  # plain stays plain


@given(st.lists(st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1), min_size=1))
def test_exec_round_trips_any_arguments(command):
    assert _exec_argv(_exec_line(entry_text(command))) == command


def test_data_home_follows_the_spec(tmp_path):
    assert data_home({"XDG_DATA_HOME": str(tmp_path)}) == tmp_path
    assert data_home({"XDG_DATA_HOME": "relative/dir", "HOME": "/home/ann"}) == Path(
        "/home/ann/.local/share"
    )  # a relative value is ignored, as the base-directory spec says
    assert data_home({"HOME": "/home/ann"}) == Path("/home/ann/.local/share")


def test_install_and_uninstall_from_the_command_line(tmp_path):
    data = tmp_path / "data"
    (data / "icons" / "hicolor" / "48x48" / "apps").mkdir(parents=True)
    other = data / "icons" / "hicolor" / "48x48" / "apps" / "someone-else.png"
    other.write_bytes(b"not ours")  # another app's icon in the same folder stays
    done = _cli("--install-desktop-entry", data=data)
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.strip().splitlines()) == 1 and "installed" in done.stdout
    entry = data / "applications" / f"{APP_ID}.desktop"
    text = entry.read_text()
    assert f"Icon={APP_ID}" in text and "Type=Application" in text
    argv = _exec_argv(_exec_line(text))
    assert argv == [str(Path(sys.executable).absolute()), "-m", "pi_desktop"]
    for path in installed_files(data):
        assert path.is_file(), path
    for size in ICON_SIZES:
        png = data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (data / "icons/hicolor/scalable/apps/pi-desktop.svg").read_text().startswith("<svg")

    again = _cli("--install-desktop-entry", data=data)  # idempotent: replaced, not duplicated
    assert again.returncode == 0 and entry.read_text() == text

    gone = _cli("--uninstall-desktop-entry", data=data)
    assert gone.returncode == 0, gone.stderr
    assert "removed" in gone.stdout
    assert not any(p.exists() for p in installed_files(data))
    assert other.read_bytes() == b"not ours"
    assert (data / "applications").is_dir()  # the shared folders are left in place
    assert not (data / "icons" / "hicolor" / "512x512").exists()  # the ones it made are not
    twice = _cli("--uninstall-desktop-entry", data=data)
    assert twice.returncode == 0 and "no desktop entry" in twice.stdout


def test_install_needs_no_display_and_reports_an_unwritable_home(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("a file where the data folder should be")
    done = _cli("--install-desktop-entry", data=blocked)
    assert done.returncode == 1
    assert done.stderr.startswith("pi-desktop: could not install the desktop entry")
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_the_console_script_becomes_exec(tmp_path, monkeypatch):
    script = tmp_path / "venv bin" / APP_ID
    script.parent.mkdir()
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    monkeypatch.setattr(sys, "argv", [str(script), "--install-desktop-entry"])
    written = install(tmp_path / "data")
    assert _exec_argv(_exec_line(written[-1].read_text())) == [str(script)]
    assert len(uninstall(tmp_path / "data")) == len(written)


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils")
def test_the_entry_passes_desktop_file_validate(tmp_path):
    for command in (["/opt/pi-desktop/pi-desktop"], ["/home/a b/py thon", "-m", "pi_desktop"]):
        entry = tmp_path / f"{APP_ID}.desktop"
        entry.write_text(entry_text(command))
        done = subprocess.run(
            ["desktop-file-validate", str(entry)], capture_output=True, text=True, timeout=30
        )
        assert done.returncode == 0 and done.stdout.strip() == "", done.stdout + done.stderr


def test_the_committed_pngs_are_the_svg_rendered(qapp):
    """packaging/render_icons.py made them; a changed SVG without a re-render fails here."""
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        from render_icons import render
    finally:
        sys.path.remove(str(ROOT / "packaging"))
    from PySide6.QtGui import QImage

    sources = icon_sources()
    svg = sources[f"scalable/apps/{APP_ID}.svg"]
    for size in ICON_SIZES:
        committed = QImage(str(sources[f"{size}x{size}/apps/{APP_ID}.png"]))
        assert (committed.width(), committed.height()) == (size, size)
        fresh = render(svg, size).convertToFormat(committed.format())
        diff = sum(
            abs(committed.pixelColor(x, y).alpha() - fresh.pixelColor(x, y).alpha())
            + abs(committed.pixelColor(x, y).blue() - fresh.pixelColor(x, y).blue())
            for x in range(0, size, max(1, size // 32))
            for y in range(0, size, max(1, size // 32))
        )
        samples = len(range(0, size, max(1, size // 32))) ** 2
        assert diff / samples < 4, f"{size}px differs from the SVG: run packaging/render_icons.py"


def test_a_bundle_points_the_entry_at_its_own_executable(tmp_path, monkeypatch):
    from pi_desktop.desktop_entry import launch_command

    exe = tmp_path / "opt" / "pi-desktop" / "pi-desktop"
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(exe))
    assert launch_command() == [str(exe)]
