"""Kill a writer process with SIGKILL at random moments, hundreds of times: no committed entry
is lost.

Writers are forked by a separate, single-threaded helper process (``crash_writer``), so a round
costs milliseconds. Each writer prints an id only after the append returned (committed); this
test kills it at a random time — often in the middle of a large write, which the kernel may
cut short — then reloads the file and checks every printed id is there.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pi_desktop.context import Message
from pi_desktop.session import CompactionEntry, Session

ROUNDS = 220
ROUNDS_PER_FILE = 20
REPO = Path(__file__).resolve().parents[2]


class Zygote:
    """The helper process that forks writers on command."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.session.crash_writer"],
            cwd=REPO,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )

    def send(self, command: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(command.encode() + b"\n")
        self.proc.stdin.flush()

    def read_until(self, *kinds: bytes, min_ids: int = 0) -> tuple[dict[bytes, bytes], list[str]]:
        """Read lines until one of each kind in ``kinds`` (and ``min_ids`` ids) was seen."""
        assert self.proc.stdout is not None
        found: dict[bytes, bytes] = {}
        ids: list[str] = []
        while not all(k in found for k in kinds) or len(ids) < min_ids:
            line = self.proc.stdout.readline()
            if not line:
                raise AssertionError("the writer helper exited unexpectedly")
            kind, _, rest = line.strip().partition(b" ")
            if kind == b"id":
                ids.append(rest.decode())
            else:
                found[kind] = rest
        return found, ids

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=60)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_sigkill_during_appends_loses_no_committed_entry(tmp_path):
    rng = random.Random(1234)
    zygote = Zygote()
    committed_total = rounds_with_commits = torn_rounds = 0
    expected: set[str] = set()
    path = tmp_path / "unused.jsonl"
    try:
        for round_no in range(ROUNDS):
            if round_no % ROUNDS_PER_FILE == 0:
                path = tmp_path / f"crash{round_no}.jsonl"
                Session.create(path, system_prompt="sys", fsync=False).close()
                expected = set()
            zygote.send(f"go {path} {round_no}")
            # kill only once the writer is committing, at a random point of its append stream
            found, ids = zygote.read_until(b"pid", b"ready", min_ids=1)
            time.sleep(rng.uniform(0.0, 0.025))
            os.kill(int(found[b"pid"]), signal.SIGKILL)
            zygote.send("reap")
            done, more = zygote.read_until(b"done")
            ids += more
            assert int(done[b"done"]) == signal.SIGKILL

            expected |= set(ids)
            committed_total += len(ids)
            rounds_with_commits += bool(ids)
            torn_rounds += not path.read_bytes().endswith(b"\n")

            loaded = Session.load(path, read_only=True)
            missing = expected - set(loaded.entries)
            assert not missing, f"round {round_no}: lost committed entries {sorted(missing)[:3]}"
            # Damage is limited to torn lines: nothing a committed entry depends on is gone.
            assert not any("unknown" in p or "floor" in p for p in loaded.problems), loaded.problems
            if ids:
                last = loaded.entries[ids[-1]]
                anchor = last.parent_id if isinstance(last, CompactionEntry) else last.id
                assert anchor in {e.id for e in loaded.get_current_path()}

            # The lock died with the writer, and the next append starts on a fresh line.
            with Session.load(path, fsync=False) as s:
                after = Message(role="user", content=f"after kill {round_no}")
                expected.add(s.append_message(after))
    finally:
        zygote.close()
    assert rounds_with_commits == ROUNDS
    print(
        f"\n{ROUNDS} SIGKILLs, {committed_total} committed entries checked, "
        f"{torn_rounds} kills left a torn last line, 0 lost"
    )
