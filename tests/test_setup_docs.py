"""The README's set-up (issue 22.2) stays what CI runs: both commands make and use a venv inside
the checkout (a PEP 668 system refuses a global ``pip install``), ``.ci/run`` runs the same
test command, and the system package list names what a bare Debian/Ubuntu lacks."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def _bash_blocks() -> list[str]:
    return [b.strip() for b in re.findall(r"```bash\n(.*?)```", README, re.S)]


def _setup_commands() -> tuple[str, str]:
    blocks = [b for b in _bash_blocks() if "pip install" in b]
    start = next(b for b in blocks if b.endswith("pi-desktop") and "[test]" not in b)
    tests = next(b for b in blocks if '".[test]"' in b)
    return start, tests


def test_both_commands_install_into_a_venv_in_the_checkout():
    for command in _setup_commands():
        steps = [shlex.split(step) for step in command.split("&&")]
        assert steps[0] == ["python3", "-m", "venv", ".venv"], command
        for step in steps[1:]:
            assert step[0].startswith(".venv/bin/"), f"{step} runs outside the venv"


def test_ci_runs_the_readme_test_command():
    _, tests = _setup_commands()
    venv, install, run = (s.strip() for s in tests.split("&&"))
    ci_lines = [line.strip() for line in CI.splitlines() if not line.lstrip().startswith("#")]
    # CI's copy may add -q; otherwise the same words in the same order
    assert f"{venv} && {install.replace(' -e ', ' -q -e ')}" in ci_lines
    assert any(line.startswith(f"timeout -s KILL 3000 {run} ") for line in ci_lines)
    assert 'if [ "$status" -eq 5 ]' in CI  # a run that collects nothing fails


def test_the_system_list_names_venv_and_the_cjk_fonts():
    apt = next(b for b in _bash_blocks() if b.startswith("sudo apt-get install"))
    packages = shlex.split(apt.replace("\\\n", " "))[3:]
    for needed in ("python3-venv", "fonts-noto-cjk", "libxcb-cursor0", "libegl1"):
        assert needed in packages
