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


@pytest.fixture(autouse=True)
def _hang_watchdog(request):
    _hang_log.write(f"\n--- {request.node.nodeid} hung for {HANG_DEADLINE_S} s ---\n")
    _hang_log.flush()
    faulthandler.dump_traceback_later(HANG_DEADLINE_S, exit=True, file=_hang_log)
    yield
    faulthandler.cancel_dump_traceback_later()
    _hang_log.seek(0)
    _hang_log.truncate()
