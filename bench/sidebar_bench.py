"""Sessions sidebar figures with 1,000 sessions: listing, filling, filtering, painting.

Run: ``python3 bench/sidebar_bench.py [--sessions 1000]`` (offscreen is set if unset; writes only
to a temp folder). Prints milliseconds (median of several runs); nothing is asserted. What the
window does on each moment: a refresh (a run ended, a session opened) is a warm
``list_sessions`` plus ``set_sessions``; a keystroke in the filter is one proxy filter pass.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication

from pi_desktop.context import Message
from pi_desktop.session import SessionLibrary
from pi_desktop.ui.sessions.sidebar import SessionsSidebar

WORDS = [
    "alpha",
    "beta",
    "gamma",
    "delta",
    "budget",
    "tree",
    "sidebar",
    "compaction",
    "refactor",
    "notes",
]


def _seed(library: SessionLibrary, count: int, messages: int) -> None:
    now = time.time()
    for n in range(count):
        title = f"{WORDS[n % len(WORDS)]} session {n}" if n % 3 else None
        with library.create(title=title, system_prompt="bench", fsync=False) as session:
            for i in range(messages):
                role = "user" if i % 2 == 0 else "assistant"
                text = f"{WORDS[(n + i) % len(WORDS)]} question {n}.{i} " + "lorem " * 20
                session.append_message(Message(role=role, content=text))
            path = session.path
        stamp = now - count + n
        os.utime(path, (stamp, stamp))


def _ms(fn: Callable[[], object], repeat: int = 7) -> float:
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--messages", type=int, default=20)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    tmp = Path(tempfile.mkdtemp(prefix="sidebar-bench-"))
    try:
        library = SessionLibrary(tmp / "sessions")
        t0 = time.perf_counter()
        _seed(library, args.sessions, args.messages)
        seeded = time.perf_counter() - t0
        print(f"{args.sessions} sessions × {args.messages} messages seeded in {seeded:.1f} s")

        index = library.root / ".index.json"
        cold = _ms(lambda: (index.unlink(missing_ok=True), library.list_sessions()), repeat=3)
        warm = _ms(library.list_sessions)
        infos = library.list_sessions()
        with library.open(infos[-1].id) as session:  # one old session gets a new message
            session.append_message(Message(role="user", content="one more"))
        t0 = time.perf_counter()
        library.list_sessions()
        one_changed = (time.perf_counter() - t0) * 1000

        sidebar = SessionsSidebar()
        sidebar.resize(260, 800)
        sidebar.show()
        app.processEvents()
        fill = _ms(lambda: sidebar.set_sessions(infos))
        refresh = _ms(lambda: sidebar.set_sessions(library.list_sessions()))

        def paint() -> None:
            sidebar.view.viewport().repaint()

        paint_ms = _ms(paint)
        typed = ["b", "bu", "bud", "budg", "budge", "budget"]

        def type_filter() -> None:
            for text in typed:
                sidebar.proxy.set_text(text)
            sidebar.proxy.set_text("")

        per_key = _ms(type_filter) / (len(typed) + 1)
        sidebar.proxy.set_text("budget")
        matches = sidebar.proxy.rowCount()
        sidebar.proxy.set_text("")

        def scroll() -> None:
            bar = sidebar.view.verticalScrollBar()
            for value in range(0, bar.maximum() + 1, max(1, bar.maximum() // 20)):
                bar.setValue(value)
                sidebar.view.viewport().repaint()

        scroll_ms = _ms(scroll, repeat=3)
        print(f"list_sessions, cold (no index, every file parsed): {cold:8.1f} ms")
        print(f"list_sessions, warm (index, nothing changed):      {warm:8.1f} ms")
        print(f"list_sessions, one file grew:                      {one_changed:8.1f} ms")
        print(f"sidebar fill (set_sessions, 1 model reset):        {fill:8.1f} ms")
        print(f"sidebar refresh (warm list + fill):                {refresh:8.1f} ms")
        print(f"paint of the visible rows:                         {paint_ms:8.1f} ms")
        print(f"filter, per keystroke:                             {per_key:8.2f} ms")
        print(f"  ({matches} of {len(infos)} sessions match 'budget')")
        print(f"scroll top→bottom, 21 repaints:                    {scroll_ms:8.1f} ms")
        print(f"cold/warm listing ratio: {cold / max(warm, 1e-6):.0f}×")
        sidebar.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
