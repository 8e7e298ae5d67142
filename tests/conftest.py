"""Test-wide environment: offscreen Qt, one Qt binding, no real keyring, isolated user dirs.

Set before anything imports Qt, keyring or platformdirs, so no test touches the real desktop.
"""

import os
import tempfile

os.environ["QT_QPA_PLATFORM"] = "offscreen"
os.environ["QT_API"] = "pyside6"
os.environ["PYTHON_KEYRING_BACKEND"] = "keyring.backends.null.Keyring"
_user_dirs = tempfile.mkdtemp(prefix="pi-desktop-tests-")
for _var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
    os.environ[_var] = os.path.join(_user_dirs, _var.lower())
for _var in ("OPENAI_API_KEY", "PI_DESKTOP_API_KEY"):
    os.environ.pop(_var, None)
