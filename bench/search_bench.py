"""Cross-session search: 1,000 sessions / 1,000,000 messages, index build and query latency.

Writes a library of real session files (``MessageEntry`` lines, the app's own format) once
into ``--dir`` (reused on later runs), builds the FTS5 index from the files as the app does on
a first start (the rebuild), then times queries through ``SearchIndex.search`` — the future
the sidebar waits on, so the figures include the worker thread's hand-off. Prints the build
time, the database size, and per query the median and worst of ``--repeat`` runs.

    python3 bench/search_bench.py                      # 1,000 × 1,000
    python3 bench/search_bench.py --sessions 100 --messages 1000
    python3 bench/search_bench.py --window             # + the real window's sidebar

``--window`` then opens the real main window (offscreen) on that library and times, per
query, from the filter's text change to the sidebar showing the hits (the typing debounce set
to 0): the index's answer, the queued hand-off to the GUI thread and the list's refilter.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

# measure this checkout, not whichever copy of pi_desktop happens to be installed
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pi_desktop.context import Message
from pi_desktop.session import SessionLibrary
from pi_desktop.session.entries import MessageEntry, SessionHeader, dump_line
from pi_desktop.session.search_index import INDEX_FILE, SearchIndex

_VOCABULARY = """
the of and to in is it that for on with as was be at by this have from or one had not but
what all were when we there can an your which their said if do will each about how up out
them then she many some so these would other into has more her two like him see time could
no make than first been its who now people my made over did down only way find use may
water long little very after words called just where most know get through back much go
context budget summary compaction session token window branch rewind model provider stream
"""
WORDS = tuple(_VOCABULARY.split())
CHINESE = "我们今天讨论上下文压缩的实现细节先看摘要模块会话消息模型搜索索引分支回退预算流式输出"


def _text(rng: random.Random, n: int) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(12, 60))]
    if rng.random() < 0.15:  # some Chinese, as a bilingual user writes
        start = rng.randrange(len(CHINESE) - 12)
        words.insert(rng.randrange(len(words)), CHINESE[start : start + rng.randint(4, 12)])
    if rng.random() < 0.001:
        words.append("zanzibar")  # a rare word: about 1,000 messages of a million
    words.append(f"ref{n}")  # unique per message: the needle
    return " ".join(words)


def build_library(root: Path, sessions: int, messages: int, seed: int = 7) -> None:
    rng = random.Random(seed)
    root.mkdir(parents=True, exist_ok=True)
    n = 0
    for s in range(sessions):
        header = SessionHeader(id=f"bench{s:05d}", system_prompt="You are helpful.")
        lines = [dump_line(header)]
        parent = None
        for m in range(messages):
            entry = MessageEntry(
                parent_id=parent,
                role="user" if m % 2 == 0 else "assistant",
                content=_text(rng, n),
            )
            lines.append(dump_line(entry))
            parent = entry.id
            n += 1
        (root / f"bench{s:05d}.jsonl").write_bytes(b"".join(lines))


def timed(index: SearchIndex, query: str, repeat: int) -> tuple[float, float, int]:
    times = []
    hits = []
    for _ in range(repeat):
        start = time.perf_counter()
        hits = index.search(query).result(120)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times), len(hits)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--messages", type=int, default=1000, help="per session")
    parser.add_argument("--dir", type=Path, default=Path("/tmp/pi-search-bench"))
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--rebuild", action="store_true", help="drop the index and build again")
    parser.add_argument("--window", action="store_true", help="also time the window's sidebar")
    args = parser.parse_args()
    root = args.dir / f"{args.sessions}x{args.messages}"
    if not (root / f"bench{args.sessions - 1:05d}.jsonl").exists():
        start = time.perf_counter()
        build_library(root, args.sessions, args.messages)
        print(f"wrote {args.sessions:,} sessions in {time.perf_counter() - start:.1f} s")
    total_bytes = sum(p.stat().st_size for p in root.glob("*.jsonl"))
    if args.rebuild:
        (root / INDEX_FILE).unlink(missing_ok=True)
    print(
        f"library: {args.sessions:,} sessions × {args.messages:,} messages = "
        f"{args.sessions * args.messages:,} messages, {total_bytes / 1e6:.0f} MB of JSONL"
    )
    index = SearchIndex(root)
    start = time.perf_counter()
    index.start().result(24 * 3600)
    built = time.perf_counter() - start
    stats = index.stats().result(60)
    size = sum(p.stat().st_size for p in root.glob(INDEX_FILE + "*"))
    verb = "built" if index.rebuilds else "caught up"
    print(
        f"index {verb} in {built:.1f} s: {stats['messages']:,} messages, "
        f"{size / 1e6:.0f} MB on disk"
    )
    short = index.short_term_stats().result(600)
    print(
        f"  of which the short-term vocabulary: {short['grams']:,} trigrams, "
        f"{short['parts']:,} pieces, {short['tiny']:,} messages under 3 characters, "
        f"{short['bytes'] / 1e6:.1f} MB"
    )
    needle = f"ref{args.sessions * args.messages // 2}"
    queries = [
        ("unique word (1 message)", needle),
        ("rare word (~0.1 %)", "zanzibar"),
        ("common word", "context"),
        ("two words (AND)", "compaction rewind"),
        ("Chinese, 5 chars", "上下文压缩"),
        ("Chinese, 2 chars (CJK index)", "摘要"),
        ("ASCII, 2 chars, common", "th"),
        ("ASCII, 2 chars, rare (~0.1 %)", "nz"),
        ("ASCII, 1 char, rare (~0.1 %)", "z"),
        ("ASCII, 2 chars, in no message", "qz"),
        ("ASCII, 1 char, common", "e"),
        ("no match", "qqqxxyy"),
    ]
    print(f"{'query':38} {'median ms':>10} {'worst ms':>9} {'sessions':>9}")
    for label, query in queries:
        median, worst, count = timed(index, query, args.repeat)
        print(f"{label:38} {median:10.1f} {worst:9.1f} {count:9d}")
    # an append to a live session: touched → indexed → found
    from pi_desktop.session import Session

    with Session.load(root / "bench00000.jsonl", fsync=False) as session:
        unsubscribe = index.watch(session)
        start = time.perf_counter()
        session.append_message(Message(role="user", content="a freshly appended xylophone"))
        index.idle().result(60)
        found = index.search("xylophone").result(60)
        took = (time.perf_counter() - start) * 1000
        unsubscribe()
    print(
        f"append → searchable: {took:.0f} ms "
        f"(idle() flushes the {index.batch_delay * 1000:.0f} ms batch at once)"
    )
    print(f"  found: {bool(found)}")
    index.close()
    library = SessionLibrary(root)
    start = time.perf_counter()
    library.list_sessions()
    print(f"(library listing for comparison: {(time.perf_counter() - start) * 1000:.0f} ms)")
    if args.window:
        bench_window(root, [q for _label, q in queries], args.repeat)


def bench_window(root: Path, queries: list[str], repeat: int) -> None:
    """Filter text → hits shown in the real window's sidebar, per query."""
    import os
    import tempfile

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("PYTHON_KEYRING_BACKEND", "keyring.backends.null.Keyring")
    import asyncio

    import qasync
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from pi_desktop.app import build_window
    from pi_desktop.ui.none_refcount_guard import guard_none_refcount
    from pi_desktop.ui.settings import KeyStore, SettingsStore

    guard_none_refcount()
    app = QApplication.instance() or QApplication([])
    asyncio.set_event_loop(qasync.QEventLoop(app))
    with tempfile.TemporaryDirectory(prefix="pi-search-bench-") as tmp:
        settings = QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
        start = time.perf_counter()
        window = build_window(
            settings_store=SettingsStore(settings),
            key_store=KeyStore(Path(tmp) / "keys"),
            library=SessionLibrary(root),
            offline=True,
            new_session=True,
        )
        window.show()
        app.processEvents()
        print(f"window up on the library in {(time.perf_counter() - start) * 1000:.0f} ms")
        sidebar = window.sidebar
        window.sessions.search._timer.setInterval(0)  # time the search, not the typing pause
        window.sessions.search.index.idle().result(3600)
        print(f"{'window: query':38} {'median ms':>10} {'worst ms':>9} {'rows':>9}")
        for query in queries:
            times = []
            for _ in range(repeat):
                sidebar.filter.clear()
                app.processEvents()
                begin = time.perf_counter()
                sidebar.filter.setText(query)
                while not sidebar.search_answered(query):
                    app.processEvents()
                    time.sleep(0.0005)
                times.append((time.perf_counter() - begin) * 1000)
            rows = sidebar.proxy.rowCount()
            median = statistics.median(times)
            print(f"{query:38} {median:10.1f} {max(times):9.1f} {rows:9d}")
        window.close()
        app.processEvents()


if __name__ == "__main__":
    main()
