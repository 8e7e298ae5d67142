"""Kill a writer with SIGKILL at random moments, hundreds of times: no committed entry is lost.

The writer is a forked child (the modules are already imported, so a round costs milliseconds).
It prints each id only after ``append_message`` / ``add_summary_cache`` returned, i.e. once the
entry is committed. The parent kills it at a random time — often in the middle of a large
write, which the kernel may cut short — then reloads the file and checks every printed id.
"""

from __future__ import annotations

import os
import random
import signal
import time

import pytest

from pi_desktop.context import Message
from pi_desktop.session import CompactionEntry, Session
from tests.session.helpers import compact_here

ROUNDS = 220
ROUNDS_PER_FILE = 20


def _writer(path: str, seed: int, out_fd: int) -> None:
    """Child body: append forever, reporting committed ids; never returns."""
    try:
        rng = random.Random(seed)
        with Session.load(path, fsync=True) as s:
            os.write(out_fd, b"ready\n")
            n = 0
            while True:
                n += 1
                if n % 7 == 0:
                    eid = compact_here(s)
                else:
                    size = rng.choice((50, 400, 3000, 100_000))
                    role = "user" if n % 2 else "assistant"
                    eid = s.append_message(Message(role=role, content="x" * size))
                os.write(out_fd, eid.encode() + b"\n")
    finally:
        os._exit(3)


def _read_all(fd: int) -> bytes:
    chunks = []
    while chunk := os.read(fd, 65536):
        chunks.append(chunk)
    return b"".join(chunks)


def _wait_ready(fd: int) -> bytes:
    """Block until the child has opened the session; returns what followed ``ready``."""
    data = b""
    while b"ready\n" not in data:
        chunk = os.read(fd, 4096)
        if not chunk:
            raise AssertionError(f"writer died before it was ready: {data!r}")
        data += chunk
    return data.split(b"ready\n", 1)[1]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_sigkill_during_appends_loses_no_committed_entry(tmp_path):
    rng = random.Random(1234)
    committed_total = 0
    rounds_with_commits = 0
    torn_rounds = 0
    path = None
    for round_no in range(ROUNDS):
        if round_no % ROUNDS_PER_FILE == 0:
            path = tmp_path / f"crash{round_no}.jsonl"
            Session.create(path, system_prompt="sys", fsync=False).close()
            expected: set[str] = set()
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - child
            os.close(read_fd)
            _writer(str(path), round_no, write_fd)
        os.close(write_fd)
        head = _wait_ready(read_fd)
        time.sleep(rng.uniform(0.0, 0.012))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        printed = (head + _read_all(read_fd)).split()
        os.close(read_fd)
        ids = {x.decode() for x in printed}
        expected |= ids
        committed_total += len(ids)
        rounds_with_commits += bool(ids)
        torn_rounds += not path.read_bytes().endswith(b"\n")

        loaded = Session.load(path, read_only=True)
        missing = expected - set(loaded.entries)
        assert not missing, f"round {round_no}: lost committed entries {sorted(missing)[:3]}"
        # Damage is limited to torn lines: nothing that a committed entry depends on is gone.
        assert not any("unknown" in p or "floor" in p for p in loaded.problems), loaded.problems
        if ids:
            last = printed[-1].decode()
            entry = loaded.entries[last]
            anchor = entry.parent_id if isinstance(entry, CompactionEntry) else last
            assert anchor in {e.id for e in loaded.get_current_path()}

        # The lock died with the writer, and the next append starts on a fresh line.
        with Session.load(path, fsync=False) as s:
            expected.add(s.append_message(Message(role="user", content=f"after kill {round_no}")))
    assert rounds_with_commits >= ROUNDS * 3 // 4
    print(
        f"\n{ROUNDS} SIGKILLs, {committed_total} committed entries checked, "
        f"{torn_rounds} kills left a torn last line, 0 lost"
    )
