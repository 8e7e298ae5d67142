"""Writer side of the crash test: a single-threaded zygote that forks session writers on demand.

Run as ``python -m tests.session.crash_writer`` from the repository root. Commands on stdin:
``go <path> <seed>`` forks a writer and answers ``pid <n>``; ``reap`` waits for it and answers
``done <signal>``; EOF ends. The writer prints ``ready`` once the session is open, then each
entry id only after the append returned — i.e. once it is committed. Everything goes to fd 1
with single ``os.write`` calls of short lines, so lines from the two processes never interleave.
Forking from this fresh, single-threaded interpreter (not from pytest) keeps the fork safe.
"""

from __future__ import annotations

import os
import random
import sys

from pi_desktop.context import Message
from pi_desktop.session import Session

SIZES = (50, 400, 3000, 100_000)


def _compact(session: Session, n: int) -> str:
    path = session.get_current_path()
    return session.add_summary_cache(
        f"summary {n}",
        len(path),  # [system] + history, keeping the last message
        [path[-1].to_message().model_dump()],
        first_kept_entry_id=path[-1].id,
    )


def writer(path: str, seed: int) -> None:
    """Append forever, reporting committed ids; never returns."""
    try:
        rng = random.Random(seed)
        with Session.load(path, fsync=True) as session:
            os.write(1, b"ready\n")
            n = 0
            while True:
                n += 1
                if n % 7 == 0:
                    eid = _compact(session, n)
                else:
                    role = "user" if n % 2 else "assistant"
                    text = "x" * rng.choice(SIZES)
                    eid = session.append_message(Message(role=role, content=text))
                os.write(1, f"id {eid}\n".encode())
    finally:
        os._exit(3)


def main() -> None:
    pid = 0
    for line in sys.stdin:
        command, *args = line.split()
        if command == "go":
            pid = os.fork()
            if pid == 0:
                writer(args[0], int(args[1]))
            os.write(1, f"pid {pid}\n".encode())
        elif command == "reap":
            _, status = os.waitpid(pid, 0)
            sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else -1
            os.write(1, f"done {sig}\n".encode())


if __name__ == "__main__":
    main()
