"""Test-wide environment: offscreen Qt, one Qt binding, no real keyring, isolated user dirs.

Set before anything imports Qt, keyring or platformdirs, so no test touches the real desktop.
"""

import faulthandler
import os
import tempfile

import pytest

os.environ["QT_QPA_PLATFORM"] = "offscreen"
os.environ["QT_API"] = "pyside6"
os.environ["PYTHON_KEYRING_BACKEND"] = "keyring.backends.null.Keyring"
_user_dirs = tempfile.mkdtemp(prefix="pi-desktop-tests-")
for _var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
    os.environ[_var] = os.path.join(_user_dirs, _var.lower())
for _var in ("OPENAI_API_KEY", "PI_DESKTOP_API_KEY"):
    os.environ.pop(_var, None)


# A hang pytest-timeout cannot end (a thread that holds the GIL, a stuck C call) would eat CI's
# whole budget and leave no trace. faulthandler's watchdog is a C thread: past the deadline it
# writes every thread's stack to a file (pytest captures fd 2 during a test, so not stderr) and
# ends the process; .ci/run prints the file when the run fails.
# above pytest-timeout's 300 s, so that one reports first when it can
HANG_DEADLINE_S = float(os.environ.get("PI_TEST_HANG_DEADLINE_S") or 420)
_hang_log = open(  # noqa: SIM115 - stays open for the watchdog for the whole run
    os.environ.get("PI_TEST_HANG_LOG") or os.path.join(_user_dirs, "hang.txt"), "a"
)


def pytest_sessionstart(session):
    """Measure the machine's speed before any test: measured lazily, the reference loop's
    ~0.2-0.5 s would land inside the first timed flow that scales a limit (it did, with -q,
    which skips the header below)."""
    from tests.kit.machine_speed import measured_ms

    measured_ms()


def pytest_report_header(config):
    """The machine's speed, by which the loop tests' CPU-time limits are scaled."""
    from tests.kit.machine_speed import REFERENCE_MS, measured_ms, slowness

    return (
        f"machine speed: the reference loop takes {measured_ms():.0f} ms CPU "
        f"({REFERENCE_MS:.0f} ms on the reference machine): CPU-time limits x{slowness():.2f}"
    )


# Armed around a test's whole protocol, not in a fixture: the outermost wrapper of
# pytest_runtest_protocol starts before the first setup hook and ends after the last teardown
# hook. Plugins run code outside every fixture's lifetime — pytest-qt's teardown wrapper calls
# QApplication.processEvents() after the last fixture is gone, which runs whatever Qt had queued
# (deferred deletes, timers, queued calls from other threads). A fixture-scoped watchdog left
# exactly that stretch unguarded, and a GIL-holding hang there (pytest-timeout's thread needs
# the GIL) ran until CI's `timeout -s KILL` with no trace at all.
@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    _hang_log.seek(0)
    _hang_log.truncate()
    _hang_log.write(f"\n--- {item.nodeid} hung for {HANG_DEADLINE_S} s ---\n")
    _hang_log.flush()
    faulthandler.dump_traceback_later(HANG_DEADLINE_S, exit=True, file=_hang_log)
    try:
        return (yield)
    finally:
        faulthandler.cancel_dump_traceback_later()
        _hang_log.seek(0)
        _hang_log.truncate()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_sessionfinish(session, exitstatus):
    """The end of the run is guarded too (session teardown, atexit handlers, the interpreter
    destroying the QApplication): armed here and never cancelled, the watchdog dies with the
    process when the run ends on time. No header is written: the log stays empty unless it
    fires (faulthandler heads its dump with "Timeout (h:mm:ss)!")."""
    faulthandler.dump_traceback_later(HANG_DEADLINE_S, exit=True, file=_hang_log)
    return (yield)


def pytest_collection_modifyitems(session, config, items):
    """The tests that time the event loop (``loop_watchdog``) run first, in a process nothing
    else has run in yet. Late in a full run the same flows measured single callbacks of up to
    seconds that take 30–60 ms in a fresh process: the cyclic collector's full passes over the
    heap the earlier tests left (measured with gc.callbacks: 60 ms early, 340–800 ms after ~500
    window tests, collecting 120–400k objects of the tests' own garbage cycles) land inside a
    timed callback. A timing check must not depend on what ran before it, so they all see the
    same fresh process."""
    timed = [item for item in items if "loop_watchdog" in getattr(item, "fixturenames", ())]
    if timed:
        rest = [item for item in items if "loop_watchdog" not in getattr(item, "fixturenames", ())]
        items[:] = timed + rest
