"""End to end in the real window with the real offline provider, as a new user would see it.

Type, send, watch the answer stream and the tool calls; fill a small budget until the context
compacts (bar drops, tree gains a compaction node and a floor); open the summary and an
offloaded tool result; rewind by clicking the tree; get refused below the floor and fork;
restart on the same session: same tree, zero summarizer calls. Screenshots of the main
states land in tests/artifacts/ for a human to look at.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from pi_desktop.agent import OfflineLLM
from pi_desktop.ui.dialogs.file_viewer import ToolResultViewer
from pi_desktop.ui.dialogs.summary_viewer import SummaryViewer
from tests.ui.flows import send as _send

BIG_FILE_LINES = 900  # ~34k chars: over L3's 20k limit, so the result is offloaded


class CountingLLM:
    """Counts the calls that reach the real provider it wraps (the summarizer here)."""

    def __init__(self, inner):
        self.inner = inner
        self.calls = 0

    async def chat(self, messages, tools=None, on_delta=None):
        self.calls += 1
        return await self.inner.chat(messages, tools=tools, on_delta=on_delta)


def _shot(window, artifacts, name: str) -> None:
    QTest.qWait(50)  # let pending layout passes land, as they would on a user's screen
    window.repaint()
    assert window.grab().save(str(artifacts / f"e2e-{name}.png"))


def _node_point(window, qtbot, entry_id: str) -> QPoint:
    """Scroll the tree so ``entry_id`` is visible; its centre in viewport coordinates."""
    view = window.tree.view
    rect = view.node_rect(entry_id)
    assert rect.isValid(), f"{entry_id} is not drawn in the tree"
    if not view.viewport().rect().contains(rect.center()):
        bar = view.verticalScrollBar()
        bar.setValue(bar.value() + rect.center().y() - view.viewport().height() // 2)
        rect = view.node_rect(entry_id)
    return rect.center()


def _click_node(window, qtbot, entry_id: str) -> None:
    point = _node_point(window, qtbot, entry_id)
    qtbot.mouseClick(window.tree.view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def test_offline_end_to_end(kit, qtbot, artifacts):
    lines = [f"line {i:04d}: the quick brown fox jumps over the lazy dog" for i in range(900)]
    (kit.workspace / "big.txt").write_text("\n".join(lines) + "\n")
    kit.save_settings(context_budget=4_000, threshold=0.8)
    summarizer = CountingLLM(OfflineLLM())
    window = kit.window(OfflineLLM(), summarizer, offline=True, description="Offline demo")
    session_path = window.session.path
    assert window.agent.budget == 4_000
    streamed: list[str] = []
    window.controller.textStreamed.connect(streamed.append)
    _shot(window, artifacts, "01-empty")

    # 1. type, send: a tool call, a streamed answer, the bar rises
    _send(qtbot, window, "list the files")
    (call,) = window.conversation.tool_calls()
    assert call.name == "list_dir" and "README.md" in call.result and "big.txt" in call.result
    cards = window.conversation.message_cards()
    assert [c.role for c in cards] == ["user", "assistant", "assistant"]
    assert cards[2].text and cards[1].text  # the announcement before the call, the answer
    assert "".join(streamed) == cards[1].text + cards[2].text  # all of it streamed
    first_tokens = window.budget_bar.tokens
    assert first_tokens > 0
    _shot(window, artifacts, "02-first-answer")

    # 2. a large tool result is offloaded to a file; its link opens the viewer on that file
    _send(qtbot, window, "read big.txt")
    call = window.conversation.tool_calls()[-1]
    assert call.name == "read_file" and call.offloaded_path
    assert window.budget_bar.tokens > first_tokens
    call.set_expanded(True)
    _shot(window, artifacts, "03-offloaded-result")
    qtbot.mouseClick(call.open_button, Qt.MouseButton.LeftButton)
    viewer = window.viewers[-1]
    assert isinstance(viewer, ToolResultViewer)
    qtbot.waitUntil(lambda: viewer.is_loaded, timeout=10_000)
    with open(call.offloaded_path, encoding="utf-8") as fh:
        saved = fh.read()
    assert "line 0899" in saved and viewer.text == saved
    viewer.grab().save(str(artifacts / "e2e-04-tool-result-viewer.png"))
    viewer.close()

    # 3. fill the small budget until a compaction happens
    peak = 0
    for _ in range(8):
        _send(qtbot, window, "write a long story about the project")
        peak = max(peak, window.budget_bar.tokens)
        if window.conversation.markers():
            break
    (marker,) = window.conversation.markers()
    comp = window.session.latest_compaction()
    assert comp is not None and marker.entry_id == comp.id
    assert comp.tokens_after < comp.tokens_before
    # the offline demo summarizes by rules (issue 16): its summaries are marked extractive
    assert comp.rung == "extractive"
    assert f"compacted (extractive) {comp.summarized_count} messages" in marker.label.text()
    assert summarizer.calls >= 1
    assert window.budget_bar.compactions == 1
    assert window.budget_bar.tokens < comp.tokens_before  # the bar dropped
    floor = window.session.compaction_floor
    assert floor is not None
    snapshot = window.tree.snapshot
    assert snapshot.floor_id is not None
    assert comp.id in {c for ids in snapshot.compactions.values() for c in ids}
    _shot(window, artifacts, "05-compacted")

    # 4. double-click the compaction node → the summary viewer with the summary
    point = _node_point(window, qtbot, comp.id)
    viewport = window.tree.view.viewport()
    # what a real double-click delivers: press, release, double-click, release
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=point)
    qtbot.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=point)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=point)
    qtbot.waitUntil(lambda: any(isinstance(v, SummaryViewer) for v in window.viewers))
    summary_view = next(v for v in window.viewers if isinstance(v, SummaryViewer))
    assert "Goal" in summary_view.summary_markdown
    summary_view.grab().save(str(artifacts / "e2e-06-summary-viewer.png"))
    summary_view.close()
    # the marker's link opens the same summary
    qtbot.mouseClick(marker.view_button, Qt.MouseButton.LeftButton)
    assert isinstance(window.viewers[-1], SummaryViewer)
    window.viewers[-1].close()

    # 5. click a node at the floor → rewind; the conversation shows that path
    window.tree.refresh()
    _click_node(window, qtbot, floor)
    assert window.session.current_id == floor
    path_ids = [e.id for e in window.session.get_current_path()]
    assert path_ids[-1] == floor
    cards = window.conversation.message_cards()
    assert cards[-1].entry_id == floor and cards[-1].role == "user"
    _shot(window, artifacts, "07-rewound")

    # 6. click below the floor → an inline refusal with a fork offer; nothing moved
    first_user = path_ids[0]
    assert window.session.is_sealed(first_user)
    _click_node(window, qtbot, first_user)
    assert window.session.current_id == floor
    (refusal,) = window.refusals()
    assert "compaction floor" in refusal.text and "fork" in refusal.buttons
    assert "compacted region" in refusal.label.toolTip()  # the session's own reason
    _shot(window, artifacts, "08-refusal")
    qtbot.mouseClick(refusal.buttons["fork"], Qt.MouseButton.LeftButton)
    assert window.session.path != session_path
    assert [e.id for e in window.session.get_current_path()] == [first_user]
    assert window.session.compaction_floor is None
    assert "(fork)" in window.windowTitle()
    assert window.budget_bar.ghost_tokens is None  # the old session's drop is not drawn here
    assert window.budget_bar.compactions == 0
    assert not window.refusals()
    _shot(window, artifacts, "09-fork")

    # 7. restart on the original session: the same tree, and no summarizer call at all
    window.close()
    qtbot.waitUntil(lambda: not window.isVisible())
    from pi_desktop.session import Session

    with Session.load(session_path, read_only=True) as disk:
        expected_entries = set(disk.entries)
        expected_current = disk.current_id
    counting = CountingLLM(OfflineLLM())
    again = kit.window(OfflineLLM(), counting, offline=True, session_path=session_path)
    assert set(again.session.entries) == expected_entries
    assert again.session.current_id == expected_current == floor
    assert set(again.tree.snapshot.nodes) == set(snapshot.nodes)
    assert again.tree.snapshot.floor_id == snapshot.floor_id
    assert again.conversation.markers()[0].entry_id == comp.id
    _send(qtbot, again, "list the files")
    assert counting.calls == 0 and again.agent.summarizer_calls == 0
    _shot(again, artifacts, "10-restarted")


def test_the_pi_desktop_command_starts_and_closes_cleanly_on_ctrl_c(tmp_path):
    """``python -m pi_desktop`` for real: a window on the offline provider, Ctrl+C closes it
    through the normal path (the session is released) and the process exits with 0."""
    import os
    import signal
    import subprocess
    import sys
    import time

    from pi_desktop.session import Session

    session_path = tmp_path / "chat.jsonl"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path / "cfg"))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "pi_desktop",
            "--offline",
            "--session",
            str(session_path),
            "--workspace",
            str(tmp_path),
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        for _ in range(300):  # the file appears once the window has opened the session
            if session_path.exists() or proc.poll() is not None:
                break
            time.sleep(0.05)
        assert proc.poll() is None, proc.stderr.read().decode()
        time.sleep(0.5)
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err.decode()
    assert b"Traceback" not in err
    with Session.load(session_path) as session:  # lock released, header written
        assert session.system_prompt


def test_dark_window_long_conversation_follows_and_scrolls_back(kit, qtbot, artifacts):
    """Dark palette, a conversation long enough to compact: the view follows the newest
    answer, the tree shows the compaction and the floor, the bar's ghost fades; scrolled
    back, the view stays where the user put it until the next message is sent."""
    from PySide6.QtWidgets import QApplication

    from pi_desktop.ui.theme import dark_palette, theme_for

    app = QApplication.instance()
    light = app.palette()
    app.setPalette(dark_palette())
    try:
        kit.save_settings(context_budget=3_000, threshold=0.8)
        window = kit.window(OfflineLLM(), offline=True, description="Offline demo")
        assert theme_for(window.palette()).dark
        for _ in range(8):
            _send(qtbot, window, "write a long story about the project")
            if window.conversation.markers():
                break
        assert window.conversation.markers() and window.tree.snapshot.floor_id is not None
        _send(qtbot, window, "list the files")
        bar = window.conversation.verticalScrollBar()
        qtbot.waitUntil(lambda: bar.maximum() > 0 and bar.value() == bar.maximum())
        qtbot.waitUntil(lambda: window.budget_bar.ghost_tokens is None, timeout=5_000)
        assert window.offline_label.isVisible()
        _shot(window, artifacts, "11-dark-compacted")

        bar.setValue(bar.maximum() // 3)  # the user reads back; the view stays there
        _shot(window, artifacts, "12-dark-scrolled-back")
        assert bar.value() == bar.maximum() // 3
        _send(qtbot, window, "list the files")  # sending shows the new turn again
        qtbot.waitUntil(lambda: bar.value() == bar.maximum())
    finally:
        app.setPalette(light)
