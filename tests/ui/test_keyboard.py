"""Keyboard-only use: each README feature driven by key events alone, sent to whatever has
the focus (as a keyboard does), never by calling the window's methods."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from pi_desktop.agent import OfflineLLM
from pi_desktop.ui import announce
from pi_desktop.ui.dialogs.settings_dialog import SettingsDialog
from pi_desktop.ui.dialogs.summary_viewer import SummaryViewer
from tests.ui.dialogs.test_context_inspect import build_session
from tests.ui.flows import idle

K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def press(qtbot, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    """A key press where the keyboard sends it: the focus widget, else the active window."""
    target = QApplication.focusWidget() or QApplication.activeWindow()
    assert target is not None, "no window is active"
    qtbot.keyClick(target, key, modifier)


def type_text(qtbot, text: str) -> None:
    QTest.keyClicks(QApplication.focusWidget(), text)


def ask(qtbot, window, text: str) -> None:
    """Type into the input (where the window puts the focus) and press Enter."""
    assert QApplication.focusWidget() is window.input
    type_text(qtbot, text)
    press(qtbot, K.Key_Return)
    qtbot.waitUntil(lambda: idle(window), timeout=30_000)


def focus_on(qtbot, window, widget, limit: int = 8) -> None:
    """F6 until ``widget`` has the focus (the way a keyboard user moves between panes)."""
    for _ in range(limit):
        if QApplication.focusWidget() is widget:
            return
        press(qtbot, K.Key_F6)
    assert QApplication.focusWidget() is widget


def test_send_a_message(kit, qtbot):
    window = kit.window(OfflineLLM(), new_session=True)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.input)
    ask(qtbot, window, "list the files")
    path = window.session.get_current_path()
    assert [e.role for e in path][:1] == ["user"] and path[0].content == "list the files"
    assert path[-1].role == "assistant" and "README.md" in path[-1].content


def test_stop_an_answer_with_escape(kit, qtbot):
    window = kit.window(OfflineLLM(chars_per_second=400), new_session=True)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.input)
    announce.recent.clear()
    type_text(qtbot, "write a long story")
    press(qtbot, K.Key_Return)
    qtbot.waitUntil(lambda: window.busy)
    qtbot.wait(150)  # some of the answer streams
    press(qtbot, K.Key_Escape)
    qtbot.waitUntil(lambda: idle(window), timeout=10_000)
    assert "The answer was stopped." in announce.recent
    last = window.session.get_current_path()[-1]
    assert last.role == "assistant" and len(last.content) < 6_000  # cut short


def test_open_settings_and_save_them(kit, qtbot):
    window = kit.window(OfflineLLM(), new_session=True)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.input)
    press(qtbot, K.Key_Comma, CTRL)
    qtbot.waitUntil(lambda: isinstance(window.dialog, SettingsDialog))
    dialog = window.dialog
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.waitUntil(lambda: dialog.isAncestorOf(QApplication.focusWidget()))
    for _ in range(40):  # Tab through the form to the budget
        if QApplication.focusWidget() is dialog.budget:
            break
        press(qtbot, K.Key_Tab)
    assert QApplication.focusWidget() is dialog.budget
    press(qtbot, K.Key_A, CTRL)
    type_text(qtbot, "24000")
    press(qtbot, K.Key_Return)  # OK is the default button
    qtbot.waitUntil(lambda: window.dialog is None and window.isActiveWindow())
    assert window.settings.context_budget == 24_000
    press(qtbot, K.Key_Comma, CTRL)
    qtbot.waitUntil(lambda: isinstance(window.dialog, SettingsDialog))
    qtbot.waitUntil(window.dialog.isActiveWindow)
    press(qtbot, K.Key_Escape)  # Esc closes without saving
    qtbot.waitUntil(lambda: window.dialog is None)


def test_switch_session_from_the_search(kit, qtbot):
    window = kit.window(OfflineLLM(), new_session=True)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.input)
    ask(qtbot, window, "read README.md")
    first = window.session.id
    press(qtbot, K.Key_N, CTRL)
    qtbot.waitUntil(lambda: window.session is not None and window.session.id != first)
    window.input.setFocus()  # a new session puts the focus in the input, as a click does
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.input)
    ask(qtbot, window, "list the files")
    second = window.session.id
    assert second != first
    press(qtbot, K.Key_K, CTRL)
    assert QApplication.focusWidget() is window.sidebar.filter
    type_text(qtbot, "README")
    qtbot.waitUntil(lambda: window.sidebar.view.model().rowCount() >= 1, timeout=5_000)
    press(qtbot, K.Key_Down)
    press(qtbot, K.Key_Return)
    qtbot.waitUntil(lambda: window.session.id == first, timeout=5_000)


def test_rewind_through_the_tree(kit, qtbot):
    window = kit.window(OfflineLLM(), new_session=True)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.input)
    ask(qtbot, window, "read README.md")
    ask(qtbot, window, "list the files")
    before = window.session.current_id
    first_question = window.session.get_current_path()[0].id
    focus_on(qtbot, window, window.tree.view)
    press(qtbot, K.Key_End)  # the newest node is at the top: the first question is last
    press(qtbot, K.Key_Return)
    qtbot.waitUntil(lambda: window.session.current_id != before)
    assert window.session.current_id == first_question


def test_open_a_summary_from_the_tree(kit, qtbot):
    path = kit.tmp / "keys.jsonl"
    build_session(path).close()
    window = kit.window(OfflineLLM(), session_path=path)
    window.input.setFocus()
    focus_on(qtbot, window, window.tree.view)
    view = window.tree.view
    press(qtbot, K.Key_Home)
    for _ in range(len(view.tree_layout.rows)):
        if view.tree_layout.rows[view._focus_row].kind == "compaction":
            break
        press(qtbot, K.Key_Down)
    press(qtbot, K.Key_Return)
    qtbot.waitUntil(lambda: any(isinstance(v, SummaryViewer) for v in window.viewers))


def test_compact_now(kit, qtbot):
    kit.save_settings(context_budget=2_000)  # a kept tail smaller than three turns
    window = kit.window(OfflineLLM(), new_session=True)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.input)
    for text in ("read README.md", "list the files", "read notes.txt"):
        ask(qtbot, window, text)
    assert window.session.latest_compaction() is None
    press(qtbot, K.Key_K, CTRL | SHIFT)
    qtbot.waitUntil(lambda: window.dialog is not None and window.dialog.isActiveWindow())
    type_text(qtbot, "keep the file names")
    press(qtbot, K.Key_Return)
    qtbot.waitUntil(lambda: window.session.latest_compaction() is not None, timeout=20_000)
    qtbot.waitUntil(lambda: idle(window))
    assert window.session.latest_compaction().instructions == "keep the file names"


def test_breakdown_and_panes_by_keyboard(kit, qtbot):
    window = kit.window(OfflineLLM(), new_session=True)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.input)
    ask(qtbot, window, "list the files")
    focus_on(qtbot, window, window.budget_bar)
    press(qtbot, K.Key_Return)
    from pi_desktop.ui.dialogs.breakdown_dialog import BreakdownDialog

    qtbot.waitUntil(lambda: isinstance(window.dialog, BreakdownDialog))
    qtbot.waitUntil(window.dialog.isActiveWindow)
    press(qtbot, K.Key_Escape)
    qtbot.waitUntil(lambda: window.dialog is None)
