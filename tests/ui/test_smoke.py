"""``pi-desktop --smoke-test`` (issue 22.3): what CI runs against the bundle, run here against
the source. The window opens offscreen, an offline search goes through the agent and ripgrep,
the app exits 0 with one line, and the user's folders are left untouched."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
XDG = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME")


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("C.UTF-8", "interface en"),
        ("zh_CN.UTF-8", "interface zh_CN, Qt's own texts from qtbase_zh_CN.qm"),
    ],
)
def test_smoke_start_answers_offline_and_leaves_no_trace(tmp_path, lang, says):
    home = tmp_path / "home"
    home.mkdir()
    env = {
        "PATH": os.environ["PATH"],
        "HOME": str(home),
        "LANG": lang,  # a Chinese system: the smoke start also needs Qt's own catalogue
        "QT_QPA_PLATFORM": "offscreen",
        "PYTHON_KEYRING_BACKEND": "keyring.backends.null.Keyring",
        **{var: str(home / var.lower()) for var in XDG},
    }
    done = subprocess.run(
        [sys.executable, "-m", "pi_desktop", "--smoke-test"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pi-desktop smoke test ok:"), done.stdout
    assert lines[0].endswith(says), lines[0]
    assert "Traceback" not in done.stderr
    assert list(home.rglob("*")) == []  # settings, sessions and keys lived in a temp folder
