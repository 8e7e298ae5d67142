"""Whether a process still runs, for the tests that check a command was killed."""

from __future__ import annotations


def alive(pid: int) -> bool:
    """Running (a zombie waiting for a reaper counts as ended: it was killed, and the
    event loop's child watcher reaps it from a thread a moment later)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            state = handle.read().rsplit(b")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in (b"Z", b"X")


def all_ended(pids: list[int], within_s: float = 5.0) -> bool:
    """Whether every one of ``pids`` has ended, allowing ``within_s`` for the kernel to finish
    delivering the kill (on a loaded machine a killed process may run on for a moment)."""
    import time

    deadline = time.monotonic() + within_s
    while any(alive(p) for p in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True
