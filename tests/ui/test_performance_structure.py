"""Guards for the structure the UI bench's figures rest on (never wall-clock times).

Startup: the openai SDK is not imported until a remote provider is built (it was ~40 % of
the time to the first painted window); the app can report its first paint and exit, which
is how the bench measures launch.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT)
    env["QT_QPA_PLATFORM"] = "offscreen"
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        env[var] = str(tmp_path / var.lower())
    env["HOME"] = str(tmp_path)
    return env


def _python(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], env=env, capture_output=True, text=True, timeout=120
    )


def test_offline_window_does_not_import_the_openai_sdk(tmp_path):
    code = (
        "import sys\n"
        "from pi_desktop import app\n"
        "from pi_desktop.ui import agent_factories, main_window\n"
        "from pi_desktop.agent.presets import build_llm\n"
        "llm = build_llm('offline')\n"
        "print(type(llm).__name__, 'openai' in sys.modules)\n"
    )
    out = _python(["-c", code], _env(tmp_path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["OfflineLLM", "False"]


def test_a_remote_provider_still_loads_the_sdk_when_built(tmp_path):
    code = (
        "import sys\n"
        "from pi_desktop.agent.presets import build_llm\n"
        "llm = build_llm('custom', base_url='http://127.0.0.1:9/v1', model='m', api_key='k')\n"
        "print(type(llm).__name__, 'openai' in sys.modules)\n"
    )
    out = _python(["-c", code], _env(tmp_path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["OpenAIChatLLM", "True"]


def test_the_app_reports_its_first_paint_and_exits(tmp_path):
    env = _env(tmp_path)
    env["PI_DESKTOP_EXIT_AFTER_PAINT"] = "1"
    out = _python(["-m", "pi_desktop", "--offline", "--workspace", str(tmp_path)], env)
    assert out.returncode == 0, out.stderr
    line = next(x for x in out.stdout.splitlines() if x.startswith("pi-desktop: first paint"))
    assert line.endswith("ms since the process started"), line
    assert "openai" not in out.stderr


def test_the_app_reports_when_it_is_idle_on_the_session_it_opened(tmp_path):
    """How the bench times a long session's launch: the real app, not a copy of its start."""
    from pi_desktop.context import Message
    from pi_desktop.session import Session

    path = tmp_path / "long.jsonl"
    session = Session.create(path, system_prompt="bench", fsync=False)
    for i in range(300):
        role = "user" if i % 2 == 0 else "assistant"
        session.append_message(Message(role=role, content=f"message {i}\n\n- a\n- b"))
    session.close()
    env = _env(tmp_path)
    env["PI_DESKTOP_EXIT_WHEN_IDLE"] = "1"
    out = _python(["-m", "pi_desktop", "--offline", "--session", str(path)], env)
    assert out.returncode == 0, out.stderr
    line = next(x for x in out.stdout.splitlines() if x.startswith("pi-desktop: idle after"))
    assert " ms since the process started, " in line and line.endswith(" MB resident"), line
    assert len(Session.load(path, read_only=True).get_current_path()) == 300  # nothing lost


def test_the_long_session_bench_still_runs_against_the_window(tmp_path):
    """The bench drives the window's own objects (its open task, the conversation, the tree):
    a refactor that moves one must fail here, not leave the bench's figures unmeasured."""
    import time

    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from ui_bench import make_long_session
    finally:
        sys.path.remove(str(ROOT / "bench"))
    path = tmp_path / "long.jsonl"
    make_long_session(path, 60)
    args = [str(ROOT / "bench" / "ui_bench.py"), "--open", str(path), str(time.time()), "--more"]
    out = _python(args, _env(tmp_path))
    assert out.returncode == 0, out.stderr[-2000:]
    results = " ".join(x for x in out.stdout.splitlines() if x.startswith("RESULT"))
    for figure in ("paint=", "idle=", "rss=", "rows=60", "drag_longest=", "find_zanzibar="):
        assert figure in results, (figure, out.stdout)


def test_keyring_and_the_probe_client_are_not_imported_at_start(tmp_path):
    """~0.1 s of the first paint: keyring's backends (with their crypto) and httpx load when
    a key is read or a server probed, not to show the offline window."""
    code = (
        "import sys\n"
        "from pi_desktop import app\n"
        "from pi_desktop.ui import agent_factories, main_window\n"
        "from pi_desktop.ui.settings import KeyStore\n"
        "KeyStore()\n"
        "print('keyring' in sys.modules, 'httpx2' in sys.modules)\n"
    )
    out = _python(["-c", code], _env(tmp_path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False", "False"]


def test_what_the_app_imports_before_qt_never_imports_qt(tmp_path):
    """The engine is imported before PySide6 (which slows every later import): it must stay
    free of Qt, or the ordering silently stops paying and the layering is broken."""
    code = (
        "import sys\n"
        "from pi_desktop import app\n"
        "app._import_the_engine_first()\n"
        "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))))\n"
    )
    out = _python(["-c", code], _env(tmp_path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


# -- streaming: the renderer draws in slices and yields to the loop --------------------------

BURST = "".join(
    f"Paragraph {i} with **bold** and `code`.\n\n```python\ndef f{i}(x):\n    return x\n```\n\n"
    for i in range(400)
)  # ~30k chars, 800 blocks: far more than one slice draws


def _body(qtbot):
    """A body in a 700 x 300 scroll area, as the conversation hosts it: each turn paints what
    is in view. (Shown on its own, the body grows as tall as its text and every turn painted
    the whole document: on a loaded machine 800 blocks took over a minute.)"""
    from PySide6.QtWidgets import QScrollArea

    from pi_desktop.ui.text.markdown_view import MarkdownBody

    area = QScrollArea()
    area.setWidgetResizable(True)
    body = MarkdownBody()
    area.setWidget(body)
    qtbot.addWidget(area)
    area.resize(700, 300)
    area.show()
    qtbot.waitExposed(area)
    body.host = area  # keeps the area (and with it the body) alive for the test
    return body


def test_a_burst_is_drawn_over_several_turns_of_the_loop(qtbot):
    body = _body(qtbot)
    body.append(BURST)
    drawn_at_once = body.document().characterCount()
    assert body.streaming  # queued blocks wait for the next turn of the loop
    assert drawn_at_once < len(BURST) // 2
    qtbot.waitUntil(lambda: not body._queue, timeout=60_000)
    body.finish()
    qtbot.waitUntil(lambda: not body.streaming, timeout=60_000)
    assert [c.rstrip("\n") for c in body.code_blocks()] == [
        f"def f{i}(x):\n    return x" for i in range(400)
    ]
    assert "Paragraph 399 with bold and code." in body.toPlainText()


def test_text_arriving_while_a_slice_is_due_waits_for_that_slice(qtbot):
    """One slice per turn: the controller's flush must not draw a second slice in the same
    turn as the pending one (two back-to-back slices made 9 ms turns out of 4 ms ones)."""
    body = _body(qtbot)
    body.append(BURST)
    before = body.document().characterCount()
    body.append("More text.\n\n" * 50)
    assert body.document().characterCount() == before
    qtbot.waitUntil(lambda: not body._queue, timeout=60_000)
    body.finish()
    qtbot.waitUntil(lambda: not body.streaming, timeout=60_000)
    assert body.toPlainText().rstrip().endswith("More text.")


def test_the_end_of_a_stream_waits_for_the_slice_already_due(qtbot):
    """The controller's last flush and the end of the run arrive in one callback: ``finish``
    must not draw a second slice in that turn (it made the end of an answer a 9 ms turn)."""
    body = _body(qtbot)
    body.append(BURST)
    before = body.document().characterCount()
    body.finish()
    assert body.document().characterCount() == before and body.streaming
    qtbot.waitUntil(lambda: not body.streaming, timeout=60_000)
    assert len(body.code_blocks()) == 400


def test_highlighting_warm_up_loads_lexers_off_the_ui_thread():
    import threading

    from pi_desktop.ui.text import highlight

    thread = highlight.warm_up(["python", "json"])
    assert thread is not threading.current_thread() and thread.daemon
    thread.join(timeout=60)
    assert not thread.is_alive()
    assert highlight._lexer("python") is highlight._lexer("python")  # cached, not rebuilt
    assert "color" in highlight.code_html("def f(): pass", "python")


# -- the session tree: a fresh layout builds rows and labels only when they are read ---------


def test_a_fresh_layout_derives_labels_only_for_the_rows_read(tmp_path):
    from pi_desktop.context import Message
    from pi_desktop.session import Session
    from pi_desktop.ui.tree.layout import layout_tree
    from pi_desktop.ui.tree.snapshot import TreeSnapshot

    session = Session.create(tmp_path / "s.jsonl", system_prompt="sys", fsync=False)
    for i in range(300):
        role = "user" if i % 2 == 0 else "assistant"
        session.append_message(Message(role=role, content=f"## message **{i}**\n\nbody {i}"))
    snap = TreeSnapshot.from_session(session)
    layout = layout_tree(snap)
    assert not any("label" in node.__dict__ for node in snap.nodes.values())
    top = layout.rows[:10]
    labelled = {nid for nid, node in snap.nodes.items() if "label" in node.__dict__}
    assert labelled == {row.node_id for row in top}
    assert top[0].label == "message 299" and top[0].current
    assert layout.rows[-1].label == "message 0"
    assert list(layout.rows) == [layout.rows[i] for i in range(len(layout.rows))]
    session.close()


def test_the_tree_build_pauses_the_cyclic_gc_and_restores_it():
    import gc

    from pi_desktop.session.gc_pause import paused_gc

    assert gc.isenabled()
    with paused_gc():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with paused_gc():
            pass
        assert not gc.isenabled()  # a caller's own pause is left as it was
    finally:
        gc.enable()
    try:
        with paused_gc():
            raise ValueError("a broken session")
    except ValueError:
        pass
    assert gc.isenabled()


def test_what_the_tree_build_allocated_leaves_the_young_generation():
    """The nodes a build allocates live as long as the tree is shown: they go to the oldest
    generation on the way out, so the next allocation does not scan them all at once."""
    import gc

    from pi_desktop.session.gc_pause import paused_gc

    class Marker:
        pass

    with paused_gc():
        built = [Marker() for _ in range(1_000)]
    young = {id(o) for o in gc.get_objects(generation=0)} | {
        id(o) for o in gc.get_objects(generation=1)
    }
    assert not any(id(o) in young for o in built)
    assert any(o is built[0] for o in gc.get_objects(generation=2))
    assert gc.isenabled()


def test_a_fast_built_node_equals_the_node_its_constructor_builds(tmp_path):
    """``message_node`` skips the frozen ``__init__`` and leaves default fields to the class:
    every field must still read, compare and ``replace`` as on a constructed node."""
    from dataclasses import fields, replace

    from pi_desktop.context import Message
    from pi_desktop.session import Session
    from pi_desktop.ui.tree.snapshot import TreeNode, message_node

    session = Session.create(tmp_path / "s.jsonl", system_prompt="sys", fsync=False)
    plain = session.append_message(Message(role="user", content="hello"))
    call = {"id": "c1", "type": "function", "function": {"name": "grep", "arguments": "{}"}}
    calling = session.append_message(
        Message(role="assistant", content="", metadata={"tool_calls": [call], "stopped": True})
    )
    empty = session.append_message(Message(role="assistant", content=""))
    for order, eid in enumerate((plain, calling, empty)):
        entry = session.entries[eid]
        fast = message_node(entry, "parent", order)
        calls = tuple(entry.metadata["tool_calls"]) if entry.metadata else ()
        built = TreeNode(
            id=eid,
            parent_id="parent",
            kind="tool_call" if calls else "message",
            role=entry.role,
            order=order,
            target_id=eid,
            entry_ids=(eid,),
            stopped=bool(entry.metadata and entry.metadata.get("stopped")),
            content=entry.content,
            calls=calls,
        )
        assert fast == built and repr(fast) == repr(built)
        for f in fields(TreeNode):
            assert getattr(fast, f.name) == getattr(built, f.name), f.name
        assert fast.label == built.label and fast.text == built.text
        assert replace(fast, pinned=True) == replace(built, pinned=True)
    session.close()


def test_no_style_sheet_reaches_a_message_row(kit, qtbot):
    """A style sheet over the conversation put every widget of every card under
    QStyleSheetStyle (~100 kB a card: 442 MB after 500 turns, 289 MB without). The rows paint
    the theme themselves; the window's chrome carries the style sheet."""
    from PySide6.QtWidgets import QApplication, QWidget

    from pi_desktop.agent import OfflineLLM
    from tests.ui.flows import send

    window = kit.window(OfflineLLM(), offline=True)
    send(qtbot, window, "list the files")
    send(qtbot, window, "grep def")
    rows = window.conversation.rows()
    assert {type(r).__name__ for r in rows} >= {"MessageCard", "ToolCallWidget"}
    assert QApplication.instance().styleSheet() == ""
    widgets = [w for row in rows for w in (row, *row.findChildren(QWidget))]
    assert len(widgets) > 50
    styled = [w for w in widgets if w.style().metaObject().className() == "QStyleSheetStyle"]
    assert not styled, styled[:5]
    # while the chrome is themed by it
    for chrome in (window.header, window.input, window.send_button):
        assert chrome.style().metaObject().className() == "QStyleSheetStyle"


def test_the_promotion_leaves_what_someone_else_froze_frozen():
    """A caller that froze the heap (a test's loop watchdog does, so that a full collection
    of old objects is not charged to the flow) keeps it frozen through a build."""
    import gc

    from pi_desktop.session.gc_pause import paused_gc

    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with paused_gc():
            [object() for _ in range(10)]
        assert gc.get_freeze_count() == frozen > 0
    finally:
        gc.unfreeze()
