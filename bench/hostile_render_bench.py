"""Bench: what a hostile or merely huge answer costs the window.

Run: ``QT_QPA_PLATFORM=offscreen python3 bench/hostile_render_bench.py``

For each case the answer goes through the real conversation view (or the real window for the
session case) and the event loop is spun until the view is idle. Printed: the wall time until
idle and the longest single step the loop could not react (a step = one call into the view or
one ``processEvents``). Targets (issue 9): every step < 50 ms; a session holding a 5 MB
answer opens in < 2 s. Before the bounded renderer: a 1 MB single-line answer took 41 s, a
200 KB code block 7 s to stream, 10,000 nested list lines hung the view, and a session holding
such an answer hung at start for > 120 s.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")
os.environ.setdefault("PYTHON_KEYRING_BACKEND", "keyring.backends.null.Keyring")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

CODE_200K = "```python\n" + "\n".join(f"value_{i} = compute({i}) + 'abc'" for i in range(6_500))
CASES = {
    "1 MB single line (words)": "word " * 200_000,
    "1 MB single line (no spaces)": "x" * 1_000_000,
    "10,000 nested list lines": "\n".join("  " * (i % 1_000) + "- item" for i in range(10_000)),
    "400 nested list markers per line": "\n".join("- " * i + "x" for i in range(1, 400)),
    "300 nested quotes": "\n".join("> " * i + "q" for i in range(1, 300)),
    "90 KB of ordinary markdown": "".join(
        f"Paragraph {i} with **bold**, `code` and a [link](https://x.org/{i}).\n\n- a\n- b\n\n"
        for i in range(1_200)
    )[:90_000],
    "200 KB code block": CODE_200K + "\n```\n",
}


class Steps:
    """Times every call it runs; the longest is the longest the loop was blocked."""

    def __init__(self) -> None:
        self.worst = 0.0
        self.count = 0
        self.worst_at = ""

    def run(self, fn, *args) -> None:
        started = time.perf_counter()
        fn(*args)
        took = time.perf_counter() - started
        if took > self.worst:
            self.worst, self.worst_at = took, f"{getattr(fn, '__name__', fn)} #{self.count}"
        self.count += 1


def _idle(app, view, steps: Steps) -> None:
    card = view.message_cards()[-1]
    while card.body.streaming:
        steps.run(app.processEvents)
    steps.run(app.processEvents)


def bench_answers(app) -> None:
    from pi_desktop.ui.chat.conversation import ConversationView

    print(f"{'case':<36} {'chars':>10} {'how':>8} {'until idle':>11} {'longest step':>13}")
    for name, text in CASES.items():
        for how in ("whole", "stream"):
            view = ConversationView()
            view.resize(1000, 700)
            view.show()
            steps = Steps()
            started = time.perf_counter()
            if how == "whole":
                steps.run(view.add_message, "assistant", text, "e1")
            else:
                for i in range(0, len(text), 500):
                    steps.run(view.append_delta, text[i : i + 500])
                    steps.run(app.processEvents)
                steps.run(view.add_message, "assistant", text, "e1")
            _idle(app, view, steps)
            elapsed = time.perf_counter() - started
            body = view.message_cards()[-1].body
            shape = "collapsed" if body.collapsed else "markdown"
            print(
                f"{name:<36} {len(text):>10,} {how:>8} {elapsed:>10.2f}s "
                f"{steps.worst * 1000:>10.0f} ms  ({shape}; longest: {steps.worst_at})"
            )
            view.close()
            view.deleteLater()
            app.processEvents()


def bench_session(app, tmp: Path) -> None:
    from pi_desktop.agent.offline.provider import OfflineLLM
    from pi_desktop.app import build_window
    from pi_desktop.context import Message
    from pi_desktop.session import SessionLibrary
    from pi_desktop.ui.agent_factories import ProviderSetup
    from pi_desktop.ui.settings import KeyStore, SettingsStore

    library = SessionLibrary(tmp / "sessions")
    with library.create(fsync=False) as session:
        session.append_message(Message(role="user", content="write a lot"))
        session.append_message(Message(role="assistant", content="lorem ipsum " * 440_000))
        path = session.path
    size = path.stat().st_size
    started = time.perf_counter()
    window = build_window(
        settings_store=SettingsStore(QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat)),
        key_store=KeyStore(tmp / "keys"),
        library=library,
        provider_factory=lambda _s: ProviderSetup(OfflineLLM(), None, "bench", True),
        workspace=tmp,
        session_path=path,
        presets=[],
    )
    window.resize(1200, 800)
    window.show()
    steps = Steps()
    _idle(app, window.conversation, steps)
    elapsed = time.perf_counter() - started
    body = window.conversation.message_cards()[-1].body
    print(
        f"session holding a {size / 1e6:.1f} MB answer: window built and idle in {elapsed:.2f} s "
        f"(target < 2 s), answer {'collapsed' if body.collapsed else 'as markdown'}"
    )
    window.close()


def main() -> int:
    from pi_desktop.ui.none_refcount_guard import guard_none_refcount

    guard_none_refcount()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    bench_answers(app)
    with tempfile.TemporaryDirectory(prefix="pi-hostile-bench-") as tmp:
        bench_session(app, Path(tmp))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
