"""Guards for the structure the UI bench's figures rest on (never wall-clock times).

Startup: the openai SDK is not imported until a remote provider is built (it was ~40 % of
the time to the first painted window); the app can report its first paint and exit, which
is how the bench measures launch.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT)
    env["QT_QPA_PLATFORM"] = "offscreen"
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        env[var] = str(tmp_path / var.lower())
    env["HOME"] = str(tmp_path)
    return env


def _python(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], env=env, capture_output=True, text=True, timeout=120
    )


def test_offline_window_does_not_import_the_openai_sdk(tmp_path):
    code = (
        "import sys\n"
        "from pi_desktop import app\n"
        "from pi_desktop.ui import main_window, wiring\n"
        "from pi_desktop.agent.presets import build_llm\n"
        "llm = build_llm('offline')\n"
        "print(type(llm).__name__, 'openai' in sys.modules)\n"
    )
    out = _python(["-c", code], _env(tmp_path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["OfflineLLM", "False"]


def test_a_remote_provider_still_loads_the_sdk_when_built(tmp_path):
    code = (
        "import sys\n"
        "from pi_desktop.agent.presets import build_llm\n"
        "llm = build_llm('custom', base_url='http://127.0.0.1:9/v1', model='m', api_key='k')\n"
        "print(type(llm).__name__, 'openai' in sys.modules)\n"
    )
    out = _python(["-c", code], _env(tmp_path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["OpenAIChatLLM", "True"]


def test_the_app_reports_its_first_paint_and_exits(tmp_path):
    env = _env(tmp_path)
    env["PI_DESKTOP_EXIT_AFTER_PAINT"] = "1"
    out = _python(["-m", "pi_desktop", "--offline", "--workspace", str(tmp_path)], env)
    assert out.returncode == 0, out.stderr
    line = next(x for x in out.stdout.splitlines() if x.startswith("pi-desktop: first paint"))
    assert line.endswith("ms since the process started"), line
    assert "openai" not in out.stderr
