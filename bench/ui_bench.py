"""UI bench: event-loop stalls while an answer streams, and drawing a large session tree.

Run: ``QT_QPA_PLATFORM=offscreen python3 bench/ui_bench.py`` (offscreen is set if unset).

(a) The real main window and the real Agent on the qasync loop; a provider streams 20,000
    deltas of markdown (paragraphs, lists, code blocks) as fast as the loop lets it (then
    15,000, which stay below the length at which a message collapses to plain text). A 1 ms
    precise timer measures the longest gap between its ticks — the longest the UI could not
    react — in wall time and in main-thread CPU time (on a shared machine the wall clock also
    counts time other processes held the CPU). Target: longest < 16.7 ms, p99 < 8 ms.
(b) The session tree panel on a real session file with 1,000 to 100,000 entries (branches
    and a compaction included): reading the session file, and loading it into the panel plus
    one paint, measured apart. Target: 100,000 entries load and paint < 500 ms.
(c) One message appended to that 10,000-entry session with the panel shown: the window's
    ``refresh()`` plus the repaint, with the full rebuild and with the incremental update.
    Target: < 50 ms.
(d) Launch: ``python -m pi_desktop --offline`` in a fresh process until its first painted
    window (the app reports it from its process start time). Target: < 1.5 s.
(e) Memory: the resident size of the real window after 500 offline turns. Target: < 400 MB.
(f) Cross-session search: ``bench/search_bench.py --window`` in a fresh process (1,000
    sessions / 1,000,000 messages; the library and its index are built once under /tmp and
    reused). Target: a query answers in < 50 ms.
(g) Long sessions: the real window opening a 1,000 / 10,000 / 100,000-message session file
    (``--session``), each in a fresh process: from the process start to the first paint and to
    idle (nothing left to lay out), and the resident size then. Targets: 10,000 messages idle
    < 1 s and < 300 MB; 100,000 < 3 s and < 600 MB. With the 10,000-message session: dragging
    the scroll bar from the bottom to the top (the longest event-loop turn, target < 16.7 ms)
    and Ctrl+F over the whole session (a word in every message, and a word in one). The same
    run prints the launch alone (a fresh profile, no session) and what each session adds to
    it, and a fixed pure-Python loop's time: machines of this class differ up to ~3x in speed
    between sessions, so figures from two runs compare only through these.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")
os.environ.setdefault("PYTHON_KEYRING_BACKEND", "keyring.backends.null.Keyring")
# measure this checkout, not whichever copy of pi_desktop happens to be installed
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import qasync
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication

from pi_desktop.agent.llm import ChatResponse
from pi_desktop.context import Message
from pi_desktop.ui.launch_probe import resident_mb
from tests.kit.machine_speed import measured_ms, slowness

DELTAS = 20_000
PIECES = [
    "The ", "context ", "engine ", "keeps ", "**recent** ", "turns ", "verbatim", ". ",
    "Older ", "ones ", "are ", "`summarized`", ", ", "and ", "nothing ", "is ", "lost", ".\n\n",
    "- ", "item ", "one", "\n", "- ", "item ", "two", "\n\n",
    "```python\n", "def ", "f(x):\n", "    return ", "x * 2\n", "```\n\n",
]  # fmt: skip


class FastStreamLLM:
    """Streams ``deltas`` pieces, yielding to the loop after each (as a network read does)."""

    first = last = 0.0
    deltas = DELTAS

    async def chat(self, messages, tools=None, on_delta=None):
        parts = []
        FastStreamLLM.first = time.perf_counter()
        for i in range(FastStreamLLM.deltas):
            piece = PIECES[i % len(PIECES)]
            parts.append(piece)
            if on_delta is not None:
                on_delta(piece)
            await asyncio.sleep(0)
        FastStreamLLM.last = time.perf_counter()
        text = "".join(parts)
        return ChatResponse(Message(role="assistant", content=text), None, "bench")


class StallMeter:
    """Longest gap between ticks of a 1 ms precise timer: how long the loop was blocked."""

    def __init__(self) -> None:
        self.gaps: list[tuple[float, float]] = []  # (end time, gap)
        self.cpu: list[tuple[float, float]] = []  # (end time, main-thread CPU time in the gap)
        self._last = time.perf_counter()
        self._last_cpu = time.thread_time()
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(1)
        self.timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        self.gaps.append((now, now - self._last))
        self.cpu.append((now, cpu - self._last_cpu))
        self._last, self._last_cpu = now, cpu

    def start(self) -> None:
        self._last, self._last_cpu = time.perf_counter(), time.thread_time()
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()


def bench_streaming(tmp: Path, deltas: int = DELTAS) -> None:
    from pi_desktop.app import build_window
    from pi_desktop.session import SessionLibrary
    from pi_desktop.ui.agent_factories import ProviderSetup
    from pi_desktop.ui.settings import KeyStore, SettingsStore
    from pi_desktop.ui.text.highlight import warm_up

    tmp = tmp / f"stream-{deltas}"
    tmp.mkdir()
    window = build_window(
        settings_store=SettingsStore(QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat)),
        key_store=KeyStore(tmp / "keys"),
        library=SessionLibrary(tmp / "sessions"),
        provider_factory=lambda _s: ProviderSetup(FastStreamLLM(), None, "bench", True),
        workspace=tmp,
        presets=[],
    )
    window.resize(1200, 800)
    window.show()
    FastStreamLLM.deltas = deltas
    meter = StallMeter()
    window_flush_ms: list[float] = []
    caught_up: list[float] = []

    def timed(text: str, append=window.conversation.append_delta) -> None:
        started = time.perf_counter()
        append(text)
        window_flush_ms.append((time.perf_counter() - started) * 1000)

    window.controller.textStreamed.disconnect(window.conversation.append_delta)
    window.controller.textStreamed.connect(timed)

    async def run() -> float:
        # as the app does once its first frame is out: lexers load in a thread
        await asyncio.to_thread(warm_up().join)
        await asyncio.sleep(0.2)  # let the window settle
        window.input.setPlainText("stream please")
        meter.start()
        started = time.perf_counter()
        task = window.send()
        assert task is not None
        await task
        elapsed = time.perf_counter() - started
        card = window.conversation.message_cards()[-1]
        while card.body.streaming:  # the budgeted renderer may still be catching up
            await asyncio.sleep(0.01)
        caught_up.append(time.perf_counter() - started)
        await asyncio.sleep(0.1)
        meter.stop()
        return elapsed

    loop = asyncio.get_event_loop()
    elapsed = loop.run_until_complete(run())
    during = sorted(
        g * 1000 for end, g in meter.gaps if FastStreamLLM.first < end <= FastStreamLLM.last
    )
    during_cpu = sorted(
        g * 1000 for end, g in meter.cpu if FastStreamLLM.first < end <= FastStreamLLM.last
    )
    after = [g * 1000 for end, g in meter.gaps if end > FastStreamLLM.last]
    flushes = sorted(window_flush_ms)
    card = window.conversation.message_cards()[-1]
    print(f"(a) streaming {deltas:,} deltas ({len(card.text):,} chars) through the real window")
    print(
        f"    wall time {elapsed:.2f} s, {window.controller.flushes} batched UI updates, "
        f"slowest UI update {flushes[-1]:.1f} ms, median {statistics.median(flushes):.2f} ms"
    )
    rendered = card.body.toPlainText()
    print(
        f"    view fully drawn {caught_up[0]:.2f} s after send; "
        f"{len(card.body.code_blocks())} code blocks; last line shown: "
        f"{rendered.rstrip().splitlines()[-1]!r}"
    )
    print(
        f"    loop stalls while streaming: longest {during[-1]:.1f} ms (target < 16.7), p99 "
        f"{during[int(len(during) * 0.99)]:.1f} ms (target < 8), "
        f"median {statistics.median(during):.2f} ms"
    )
    print(
        f"    the same in main-thread CPU time (what the process itself spent; the wall clock "
        f"adds time other processes held the CPU): longest {during_cpu[-1]:.1f} ms, p99 "
        f"{during_cpu[int(len(during_cpu) * 0.99)]:.1f} ms"
    )
    print(
        f"    end of the answer (session append + fsync, final events): longest stall "
        f"{max(after):.1f} ms"
    )
    window.close()


def _make_session(path: Path, n: int):
    from pi_desktop.session import Session

    session = Session.create(path, system_prompt="bench", fsync=False)
    ids: list[str] = []
    for i in range(n):
        if i and i % 500 == 0:  # a side branch every 500 entries
            session.rewind(ids[-40])
        role = "user" if i % 2 == 0 else "assistant"
        ids.append(session.append_message(Message(role=role, content=f"message {i} " * 8)))
        if i == n // 2:
            session.add_summary_cache("summary", 10, [], tokens_before=9000, tokens_after=900)
    return session


def bench_tree(tmp: Path) -> None:
    from pi_desktop.session import Session
    from pi_desktop.ui.tree.panel import SessionTreePanel

    print("(b) session tree: reading the session file, then load into the panel + first paint")
    results = {}
    for n in (1_000, 10_000, 100_000):
        path = tmp / f"tree-{n}.jsonl"
        _make_session(path, n).close()
        reads, panels = [], []
        for _ in range(3):
            started = time.perf_counter()
            session = Session.load(path)
            reads.append(time.perf_counter() - started)
            panel = SessionTreePanel()
            panel.resize(320, 800)
            panel.show()
            QApplication.processEvents()
            started = time.perf_counter()
            panel.set_session(session)
            panel.grab()  # one full paint of the visible rows
            panels.append(time.perf_counter() - started)
            panel.close()
            panel.deleteLater()
            session.close()
            QApplication.processEvents()
        results[n] = min(panels) * 1000
        read_ms, size_mb = min(reads) * 1000, path.stat().st_size / 1e6
        print(
            f"    {n:>7,} entries ({size_mb:.1f} MB): read the file {read_ms:.0f} ms, panel load "
            f"+ paint {results[n]:.1f} ms, together {read_ms + results[n]:.0f} ms (best of 3)"
        )
    print(
        f"    100,000 / 10,000 ratio {results[100_000] / results[10_000]:.1f}x "
        "(target: 100,000 entries load and paint < 500 ms)"
    )


def bench_tree_append(tmp: Path) -> None:
    """What the window pays per added message: ``refresh()`` plus the repaint that follows."""
    from pi_desktop.ui.tree.panel import SessionTreePanel

    print("(c) session tree: one message appended to a 10,000-entry session, panel shown")
    results = {}
    for incremental in (False, True):
        session = _make_session(tmp / f"append-{incremental}.jsonl", 10_000)
        panel = SessionTreePanel()
        panel.incremental = incremental
        panel.resize(320, 800)
        panel.show()
        panel.set_session(session)
        QApplication.processEvents()
        times = []
        for i in range(30):
            role = "user" if i % 2 == 0 else "assistant"
            session.append_message(Message(role=role, content=f"appended {i} " * 8))
            started = time.perf_counter()
            panel.refresh()
            panel.view.viewport().repaint()  # the paint the event loop runs next
            times.append(time.perf_counter() - started)
        assert panel.snapshot.current_id == session.current_id
        results[incremental] = times
        panel.close()
        panel.deleteLater()
        session.close()
        name = "incremental" if incremental else "full rebuild"
        print(
            f"    {name:>12}: median {statistics.median(times) * 1000:.1f} ms, "
            f"longest {max(times) * 1000:.1f} ms (30 appends, refresh + repaint)"
        )
    full, inc = (statistics.median(results[k]) for k in (False, True))
    worst = max(results[False]) / max(results[True])
    print(f"    full / incremental: {full / inc:.1f}x median, {worst:.1f}x longest")


def _app_env(tmp: Path, probe: str) -> dict[str, str]:
    """The environment the app is launched in: offscreen, a throw-away profile under ``tmp``,
    and ``probe`` set (the launch_probe variable that makes it report and close)."""
    env = dict(os.environ)
    # a user's installed app has its bytecode (pip compiles it); with this set, as on the CI
    # machines, a launch would compile every stale module of the checkout again
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(
        PYTHONPATH=str(Path(__file__).resolve().parents[1]),
        QT_QPA_PLATFORM="offscreen",
        HOME=str(tmp),
    )
    env[probe] = "1"
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        env[var] = str(tmp / "launch" / var.lower())
    return env


def _fresh_bytecode() -> None:
    """Compile the checkout once, so that no measured launch compiles it."""
    import compileall

    compileall.compile_dir(Path(__file__).resolve().parents[1] / "pi_desktop", quiet=1)


def bench_launch(tmp: Path, runs: int = 3) -> None:
    """``python -m pi_desktop --offline`` in fresh processes until the first painted window."""
    import re
    import subprocess

    print("(d) launch: python -m pi_desktop --offline, process start to the first painted window")
    _fresh_bytecode()
    env = _app_env(tmp, "PI_DESKTOP_EXIT_AFTER_PAINT")
    painted, total = [], []
    for _ in range(runs):
        started = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-m", "pi_desktop", "--offline", "--workspace", str(tmp)],
            env=env,
            cwd=tmp,  # not the checkout: ``-m`` puts the working folder first on the path
            capture_output=True,
            text=True,
            timeout=120,
        )
        total.append((time.perf_counter() - started) * 1000)
        found = re.search(r"first paint after (\d+) ms", out.stdout)
        if out.returncode != 0 or not found:
            print(f"    no paint reported (exit {out.returncode}): {out.stderr[-500:]}")
            return
        painted.append(int(found.group(1)))
    print(
        f"    first paint {min(painted)} ms best, {statistics.median(painted):.0f} ms median of "
        f"{runs} (target < 1500); whole run incl. closing {statistics.median(total):.0f} ms"
    )


def bench_memory(tmp: Path, turns: int = 500) -> None:
    """RSS of the real window with the offline provider after ``turns`` sent messages."""
    import gc

    from pi_desktop.app import build_window
    from pi_desktop.session import SessionLibrary
    from pi_desktop.ui.agent_factories import offline_setup
    from pi_desktop.ui.settings import KeyStore, SettingsStore

    tmp = tmp / "memory"
    tmp.mkdir()
    print(f"(e) memory: the real window, {turns} offline turns")
    window = build_window(
        settings_store=SettingsStore(QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat)),
        key_store=KeyStore(tmp / "keys"),
        library=SessionLibrary(tmp / "sessions"),
        provider_factory=lambda _s: offline_setup(),
        workspace=tmp,
        presets=[],
    )
    window.resize(1200, 800)
    window.show()
    marks: list[tuple[int, float]] = []
    full_gc_ms: list[float] = []
    in_run: list[float] = []  # full collections Python started on its own during a run
    gc_started = [0.0]

    def watch_gc(phase: str, info: dict) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            gc_started[0] = time.perf_counter()
        elif window.controller.busy:
            in_run.append((time.perf_counter() - gc_started[0]) * 1000)

    async def run() -> None:
        await asyncio.sleep(0.1)
        gc.collect()
        marks.append((0, resident_mb()))
        for turn in range(1, turns + 1):
            window.input.setPlainText(f"Turn {turn}: explain **context** management, with code")
            task = window.send()
            assert task is not None
            await task
            if turn % 100 == 0:
                await asyncio.sleep(0.05)  # let deferred deletes and paints run
                started = time.perf_counter()
                gc.collect()
                full_gc_ms.append((time.perf_counter() - started) * 1000)
                marks.append((turn, resident_mb()))

    started = time.perf_counter()
    gc.callbacks.append(watch_gc)
    try:
        asyncio.get_event_loop().run_until_complete(run())
    finally:
        gc.callbacks.remove(watch_gc)
    elapsed = time.perf_counter() - started
    rows = len(window.conversation.rows())
    print("    RSS by turn: " + ", ".join(f"{t}: {mb:.0f} MB" for t, mb in marks))
    print(
        f"    after {turns} turns: {marks[-1][1]:.0f} MB (target < 400), "
        f"{(marks[-1][1] - marks[0][1]) / turns * 1000:.0f} kB per turn, {rows} rows in the "
        f"conversation, {elapsed:.1f} s"
    )
    print(
        f"    a full garbage collection (a stall Python starts on its own now and then) took "
        f"{full_gc_ms[-1]:.1f} ms after {turns} turns ({full_gc_ms[0]:.1f} ms after 100) and "
        f"scanned {len(gc.get_objects()):,} objects; during the runs Python started "
        f"{len(in_run)} on its own (longest {max(in_run, default=0):.1f} ms)"
    )
    window.close()


LOREM = (
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor "
    "incididunt ut labore et dolore magna aliqua."
)


def make_long_session(path: Path, n: int) -> None:
    """A linear session of ``n`` messages: short questions, answers with a list and code."""
    from pi_desktop.session import Session

    session = Session.create(path, system_prompt="bench", fsync=False)
    for i in range(n):
        if i % 2 == 0:
            text = f"Question {i}: {LOREM[: 30 + i % 80]}"
        else:
            text = (
                f"Answer {i}.\n\n" + " ".join([LOREM] * (1 + i % 4)) + "\n\n- one\n- two\n\n"
                f"```python\ndef f(x):\n    return x * {i}\n```"
            )
        if i == n // 3:
            text = text.replace(".", ". The rare word zanzibar.", 1)
        session.append_message(Message(role="user" if i % 2 == 0 else "assistant", content=text))
    session.close()


def open_main(path: Path, started_at: float, measure_more: bool) -> int:
    """In a fresh process: open ``path`` in the real window; print paint, idle, RSS, drag."""
    from pi_desktop.ui.none_refcount_guard import guard_none_refcount

    guard_none_refcount()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    from pi_desktop.app import build_window
    from pi_desktop.session import SessionLibrary
    from pi_desktop.ui.agent_factories import offline_setup
    from pi_desktop.ui.launch_probe import window_busy
    from pi_desktop.ui.settings import KeyStore, SettingsStore

    tmp = path.parent
    window = build_window(
        settings_store=SettingsStore(QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat)),
        key_store=KeyStore(tmp / "keys"),
        library=SessionLibrary(tmp / "library"),
        provider_factory=lambda _s: offline_setup(),
        workspace=tmp,
        presets=[],
        session_path=path,
        background=True,  # as the app's own launch: the file is read while the window is up
    )
    window.resize(1200, 800)
    window.show()
    app.processEvents()
    painted = time.time()
    view = window.conversation
    opening = StallMeter()  # the event loop while the session is read, shown and drawn
    opening.start()
    if window.opening.task is not None:  # the file is read in a worker thread meanwhile
        loop.run_until_complete(window.opening.task)
    quiet_since = time.time()
    while time.time() - quiet_since < 0.2:  # idle: opened, and 200 ms without layout work
        busy = window_busy(window)
        app.processEvents()
        if busy:
            quiet_since = time.time()
        time.sleep(0.005)
    idle = quiet_since
    opening.stop()
    stalls = sorted(c * 1000 for _t, c in opening.cpu) or [0.0]
    print(
        f"RESULT paint={(painted - started_at) * 1000:.0f} idle={(idle - started_at) * 1000:.0f} "
        f"rss={resident_mb():.0f} rows={view.row_count()} built={view.built_count()} "
        f"open_stall_cpu={stalls[-1]:.0f}"
    )
    if measure_more:
        bar = view.verticalScrollBar()
        steps = 240  # a drag from the bottom to the top: one value per mouse move, 60 a second
        top = bar.maximum()
        meter = StallMeter()
        moves = QTimer()
        moves.setInterval(16)
        done: list[int] = []

        def move() -> None:
            i = len(done)
            bar.setValue(top - top * i // steps)
            done.append(i)
            if i == steps:
                moves.stop()

        bar.setSliderDown(True)
        moves.timeout.connect(move)
        meter.start()
        moves.start()
        while len(done) <= steps:
            app.processEvents()
            time.sleep(0.0005)
        for _ in range(20):  # the stand-ins left at the top are built in the turns after
            app.processEvents()
            time.sleep(0.005)
        meter.timer.stop()
        bar.setSliderDown(False)
        gaps = sorted(gap * 1000 for _t, gap in meter.gaps)
        cpu = sorted(c * 1000 for _t, c in meter.cpu)
        print(
            f"RESULT drag_longest={gaps[-1]:.1f} drag_p99={gaps[int(len(gaps) * 0.99)]:.1f} "
            f"drag_cpu_longest={cpu[-1]:.1f} built={view.built_count()}"
        )
        for word in ("lorem", "zanzibar"):
            t0 = time.perf_counter()
            count = view.find(word)
            took = (time.perf_counter() - t0) * 1000
            print(f"RESULT find_{word}={took:.1f} count_{word}={count}")
    window.close()
    loop.close()  # joins the worker thread the file was read in
    return 0


class AppIdle(NamedTuple):
    """Fresh launches of the app until it is idle (launch_probe): ms after the process
    started, and MB resident then."""

    idle: list[int]
    resident: list[int]

    def said(self) -> str:
        idle = self.idle
        return (
            f"{min(idle)} / {statistics.median(idle):.0f} / {max(idle)} ms (min / median / max), "
            f"{max(self.resident)} MB resident at most"
        )


def _app_idle(tmp: Path, path: Path | None, runs: int = 3) -> AppIdle | str:
    """The real launch on ``path`` (on a fresh profile with no session when None): the app
    prints when it is idle (launch_probe). A string says why it did not."""
    import re
    import shutil
    import subprocess

    env = _app_env(tmp, "PI_DESKTOP_EXIT_WHEN_IDLE")
    opened = ["--session", str(path)] if path is not None else []
    idle, resident = [], []
    for _ in range(runs):
        if path is None:  # else the app would reopen the last session of the profile
            shutil.rmtree(tmp / "launch", ignore_errors=True)
        out = subprocess.run(
            [sys.executable, "-m", "pi_desktop", "--offline", *opened],
            env=env,
            cwd=tmp,
            capture_output=True,
            text=True,
            timeout=300,
        )
        found = re.search(r"idle after (\d+) ms .*, (\d+) MB resident", out.stdout)
        if out.returncode != 0 or not found:
            return f"not reported (exit {out.returncode}): {out.stderr[-300:]}"
        idle.append(int(found.group(1)))
        resident.append(int(found.group(2)))
    return AppIdle(idle, resident)


def bench_long_sessions(tmp: Path, sizes: tuple[int, ...] = (1_000, 10_000, 100_000)) -> None:
    import re
    import subprocess

    print("(g) long sessions: the real window opening a session file, in a fresh process each")
    _fresh_bytecode()
    print(
        f"    this machine: the reference loop (tests/kit/machine_speed.py) takes "
        f"{measured_ms():.0f} ms CPU, {slowness():.2f}x the reference machine's"
    )
    empty = _app_idle(tmp, None)
    if isinstance(empty, str):
        print(f"    the app on a fresh profile, no session: {empty}")
        return
    print(
        f"    the app on a fresh profile, no session (the launch alone): idle after {empty.said()}"
    )
    empty_ms = statistics.median(empty.idle)
    for n in sizes:
        folder = tmp / f"long-{n}"
        folder.mkdir()
        path = folder / "long.jsonl"
        make_long_session(path, n)
        started = time.time()
        args = [sys.executable, __file__, "--open", str(path), str(started)]
        if n == 10_000:
            args.append("--more")
        out = subprocess.run(args, capture_output=True, text=True, timeout=600)
        found = dict(
            re.findall(
                r"(\w+)=([\d.]+)",
                " ".join(line for line in out.stdout.splitlines() if line.startswith("RESULT")),
            )
        )
        if out.returncode != 0 or "idle" not in found:
            print(f"    {n:,} messages: failed (exit {out.returncode}): {out.stderr[-800:]}")
            continue
        print(
            f"    {n:,} messages: first paint {found['paint']} ms, idle {found['idle']} ms after "
            f"the process started, {found['rss']} MB resident, {found['built']} of "
            f"{found['rows']} rows built; longest event-loop stall while opening "
            f"{found['open_stall_cpu']} ms main-thread CPU"
        )
        app = _app_idle(tmp, path)
        said = app if isinstance(app, str) else app.said()
        print(
            f"    {n:,} messages, the app itself (python -m pi_desktop --session FILE), idle "
            f"after the process started: {said} (targets: 10k < 1 s and < 300 MB, "
            f"100k < 3 s and < 600 MB)"
        )
        if not isinstance(app, str):
            more = statistics.median(app.idle) - empty_ms
            print(
                f"      = the launch alone + {more:.0f} ms for the session "
                f"({statistics.median(app.idle) / empty_ms:.2f}x the launch's idle)"
            )
        if "drag_longest" in found:
            print(
                f"    drag the scroll bar bottom → top ({n:,}, 240 moves at 60 Hz): longest "
                f"event-loop stall {found['drag_longest']} ms wall (target < 16.7), "
                f"{found['drag_cpu_longest']} ms main-thread CPU, p99 {found['drag_p99']} ms"
            )
            print(
                f"    Ctrl+F over {n:,} messages (count, jump and highlight): 'lorem' "
                f"({found['count_lorem']} matches) {found['find_lorem']} ms, 'zanzibar' "
                f"({found['count_zanzibar']}) {found['find_zanzibar']} ms"
            )


def main() -> int:
    from pi_desktop.ui.none_refcount_guard import guard_none_refcount

    guard_none_refcount()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    with tempfile.TemporaryDirectory(prefix="pi-ui-bench-") as tmp, loop:
        bench_streaming(Path(tmp))
        # the same below the collapse limit: every block is laid out as markdown to the end
        bench_streaming(Path(tmp), 15_000)
        bench_tree(Path(tmp))
        bench_tree_append(Path(tmp))
        bench_launch(Path(tmp))
        bench_long_sessions(Path(tmp))
    # in a fresh process: the 100,000-entry trees above left this one's heap large
    import subprocess

    subprocess.run([sys.executable, __file__, "--memory"], check=False)
    search = Path(__file__).with_name("search_bench.py")
    subprocess.run([sys.executable, str(search), "--window", "--repeat", "7"], check=False)
    return 0


def memory_main() -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    with tempfile.TemporaryDirectory(prefix="pi-ui-bench-") as tmp, loop:
        bench_memory(Path(tmp))
    return 0


if __name__ == "__main__":
    if "--long" in sys.argv[1:]:
        with tempfile.TemporaryDirectory(prefix="pi-ui-bench-") as tmp:
            bench_long_sessions(Path(tmp))
        raise SystemExit(0)
    if "--open" in sys.argv[1:]:
        at = sys.argv.index("--open")
        raise SystemExit(
            open_main(Path(sys.argv[at + 1]), float(sys.argv[at + 2]), "--more" in sys.argv)
        )
    if "--memory" in sys.argv[1:]:
        from pi_desktop.ui.none_refcount_guard import guard_none_refcount

        guard_none_refcount()
        raise SystemExit(memory_main())
    raise SystemExit(main())
