"""The hang watchdog (tests/conftest.py) covers a test's whole protocol, not only its fixtures.

pytest-qt's teardown wrapper calls ``QApplication.processEvents()`` after the test's last
fixture is gone; whatever a teardown queued runs there. A callback that blocks while holding
the GIL (here ``QTest.qWait``, which PySide does not release the GIL for) stops pytest-timeout's
thread too, so only faulthandler's C watchdog can end the run — and it must be armed then.
This is what a CI run showed: four dots of tests/ui/test_mcp_window.py, then nothing until
``timeout -s KILL`` 45 minutes later.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

HANGS_AFTER_THE_LAST_FIXTURE = textwrap.dedent(
    """
    import pytest
    from PySide6.QtCore import QTimer
    from PySide6.QtTest import QTest


    @pytest.fixture
    def queues_a_blocking_call(qtbot):
        yield
        # runs in pytest-qt's processEvents() after every fixture's teardown
        QTimer.singleShot(0, lambda: QTest.qWait(3_600_000))


    def test_passes_then_its_teardown_hangs(queues_a_blocking_call):
        pass
    """
)


def test_a_gil_holding_hang_after_the_fixtures_is_dumped_and_ends_the_run(tmp_path):
    (tmp_path / "test_hangs.py").write_text(HANGS_AFTER_THE_LAST_FIXTURE)
    log = tmp_path / "hang.txt"
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "PI_TEST_HANG_DEADLINE_S": "5",
        "PI_TEST_HANG_LOG": str(log),
    }
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "tests.conftest",
            "-p",
            "no:cacheprovider",
            "-o",
            "timeout=2",
            "-o",
            "timeout_method=thread",
            "-q",
            str(tmp_path / "test_hangs.py"),
        ],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,  # without the watchdog over the whole protocol this never ends
    )
    dump = log.read_text()
    assert result.returncode == 1, result.stdout + result.stderr
    assert "test_passes_then_its_teardown_hangs hung for 5.0 s" in dump
    assert "Timeout (0:00:05)!" in dump
    assert "pytestqt" in dump and "_process_events" in dump  # where it hung, for the reader
