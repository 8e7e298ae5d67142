"""Session storage figures: append cost at 1k vs 100k entries, load rate, listing 1,000 sessions.

Run: ``python3 bench/session_bench.py`` (about half a minute; writes only to a temp folder).
Targets (issue 3): append ratio 100k/1k ≤ 2 (append is O(1)), load ≥ 50k entries/s.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from pi_desktop.context import Message
from pi_desktop.session import Session, SessionLibrary


def _message(i: int) -> Message:
    if i % 2:
        return Message(role="assistant", content=f"answer {i}: " + "lorem ipsum " * 12)
    return Message(role="user", content=f"question {i}: what about item {i}?")


def _per_append_us(session: Session, count: int, start: int) -> float:
    """Median of ``count`` single-append timings, in microseconds."""
    samples = []
    for i in range(start, start + count):
        message = _message(i)
        t0 = time.perf_counter()
        session.append_message(message)
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples) * 1e6


def _flush(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def bench_append_and_load(tmp: Path, big: int) -> None:
    path = tmp / "big.jsonl"
    sample = 2000
    with Session.create(path, system_prompt="bench", fsync=False) as s:
        for i in range(1000 - 1):
            s.append_message(_message(i))
        at_1k = _per_append_us(s, sample, 1000)
        t0 = time.perf_counter()
        for i in range(1000 + sample, big):
            s.append_message(_message(i))
        build = time.perf_counter() - t0
        at_big = _per_append_us(s, sample, big)
        s.rewind(s.get_current_path()[-big // 2].id)  # a branch half-way up
        for i in range(10):
            s.append_message(_message(i))
        branch = s.get_current_path()
        tail = branch[-1]
        # [system] + history: covering len(branch) messages keeps exactly the last one
        s.add_summary_cache(
            "summary", len(branch), [tail.to_message().model_dump()], first_kept_entry_id=tail.id
        )
    count = len(Session.load(path, read_only=True).entries)
    print(
        f"append (fsync off), median of {sample}: at 1k entries {at_1k:.1f} us, "
        f"at {count // 1000}k entries {at_big:.1f} us, ratio {at_big / at_1k:.2f} (target <= 2)"
    )
    print(f"  bulk appends while growing: {(big - 1000 - sample) / build:,.0f} entries/s")

    _flush(path)  # write back the bulk-written pages first: measure appends, not the backlog
    with Session.load(path, fsync=True) as s:
        fs_big = _per_append_us(s, 200, big + sample)
    with Session.create(tmp / "small.jsonl", fsync=True) as s:
        for i in range(1000):
            s.append_message(_message(i))
        _flush(s.path)
        fs_small = _per_append_us(s, 200, 1000)
    print(
        f"append (fsync on, default), median of 200: at 1k {fs_small:.0f} us, "
        f"at {count // 1000}k {fs_big:.0f} us"
    )

    size_mb = path.stat().st_size / 1e6
    times = []
    for _ in range(3):
        t0 = time.perf_counter()
        loaded = Session.load(path, read_only=True)
        times.append(time.perf_counter() - t0)
    best = min(times)
    n = len(loaded.entries)
    print(
        f"load {n:,} entries ({size_mb:.1f} MB): best of 3 {best:.2f} s = "
        f"{n / best:,.0f} entries/s (target >= 50,000)"
    )
    t0 = time.perf_counter()
    history = loaded.get_full_history_messages()
    print(
        f"  get_full_history_messages ({len(history):,} messages): "
        f"{(time.perf_counter() - t0) * 1000:.0f} ms"
    )
    t0 = time.perf_counter()
    cache = loaded.get_latest_compaction_cache()
    lookup = time.perf_counter() - t0
    t0 = time.perf_counter()
    sealed = sum(loaded.is_sealed(eid) for eid in loaded.entries)
    sweep = time.perf_counter() - t0
    assert cache is not None
    print(
        f"  latest compaction cache lookup {lookup * 1000:.0f} ms; is_sealed over all "
        f"{len(loaded.entries):,} entries {sweep * 1000:.0f} ms ({sealed:,} sealed)"
    )


def bench_listing(tmp: Path, sessions: int, per_session: int) -> None:
    lib = SessionLibrary(tmp / "library")
    for k in range(sessions):
        with lib.create(title=f"session {k}" if k % 3 else None, fsync=False) as s:
            for i in range(per_session):
                s.append_message(_message(i))
    t0 = time.perf_counter()
    infos = lib.list_sessions()
    cold = time.perf_counter() - t0
    t0 = time.perf_counter()
    lib.list_sessions()
    warm = time.perf_counter() - t0
    for info in infos[:10]:
        with lib.open(info.id) as s:
            s.append_message(_message(0))
    t0 = time.perf_counter()
    after = lib.list_sessions()
    grown = time.perf_counter() - t0
    assert len(after) == sessions
    assert sum(i.message_count for i in after) == sessions * per_session + 10
    print(
        f"list {sessions:,} sessions ({per_session} messages each): cold (no index) "
        f"{cold * 1000:.0f} ms, warm {warm * 1000:.0f} ms, "
        f"after appends to 10 of them {grown * 1000:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--per-session", type=int, default=40)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="session-bench-"))
    try:
        bench_append_and_load(tmp, args.entries)
        bench_listing(tmp, args.sessions, args.per_session)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
