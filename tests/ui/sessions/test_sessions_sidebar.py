"""The sessions sidebar in the real window (loopback server, real library on a temp folder).

Keys and clicks go through qtbot; the restart cases build a second window on the same
settings file and library, as a relaunch would.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit

from pi_desktop.agent import OpenAIChatLLM
from pi_desktop.context import Message
from pi_desktop.ui.sessions.sidebar import ID_ROLE, OPEN_ROLE, STREAMING_ROLE
from tests.kit.openai_server import Reply
from tests.ui.flows import idle as _idle


def _llm(server) -> OpenAIChatLLM:
    return OpenAIChatLLM("test-model", base_url=server.base_url, api_key="sk-test-secret")


def _ask(qtbot, window, text: str) -> None:
    window.input.setPlainText(text)
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: _idle(window), timeout=10_000)


def _seed(library, titles: list[str]) -> list[str]:
    """Sessions written oldest first (one second apart), each with one exchange."""
    ids = []
    now = time.time()
    for n, title in enumerate(titles):
        with library.create(title=title, fsync=False) as session:
            session.append_message(Message(role="user", content=f"question about {title}"))
            session.append_message(Message(role="assistant", content="answer"))
            ids.append(session.path.stem)
            stamp = now - 100 + n
            os.utime(session.path, (stamp, stamp))
    return ids


def _shows(qtbot, window, session_id: str) -> bool:
    """Wait for a switch (read in the background) to show ``session_id``."""
    qtbot.waitUntil(lambda: window.session.path.stem == session_id, timeout=10_000)
    return True


def _row_of(window, session_id: str):
    sidebar = window.sidebar
    return sidebar.proxy.mapFromSource(sidebar.model.index_of(session_id))


def test_sidebar_lists_newest_first_marks_the_open_one_and_filters(kit, qtbot, openai_server):
    ids = _seed(kit.library, ["Alpha plan", "Beta notes", "Gamma review"])
    window = kit.window(_llm(openai_server))
    sidebar = window.sidebar
    assert sidebar.isVisible()
    assert sidebar.visible_ids() == list(reversed(ids))  # newest first
    assert window.session.path.stem == ids[-1]
    assert _row_of(window, ids[-1]).data(OPEN_ROLE)
    assert not _row_of(window, ids[0]).data(OPEN_ROLE)
    assert sidebar.view.currentIndex().data(ID_ROLE) == ids[-1]

    qtbot.keyClicks(sidebar.filter, "beta")
    assert sidebar.visible_ids() == [ids[1]]
    sidebar.filter.clear()
    qtbot.keyClicks(sidebar.filter, "ABOUT ALPHA")  # the first message counts, any case
    assert sidebar.visible_ids() == [ids[0]]
    qtbot.keyClick(sidebar.filter, Qt.Key.Key_Return)  # Enter opens the first match
    assert _shows(qtbot, window, ids[0])
    assert window.windowTitle() == "Alpha plan — pi-desktop"
    qtbot.keyClick(sidebar.filter, Qt.Key.Key_Escape)  # clears the filter, stops nothing
    assert sidebar.filter.text() == "" and len(sidebar.visible_ids()) == 3
    qtbot.keyClicks(sidebar.filter, "a")
    sidebar.filter.setFocus()
    qtbot.keyClick(sidebar.filter, Qt.Key.Key_Down)  # ↓ moves into the list
    qtbot.waitUntil(sidebar.view.hasFocus)
    assert sidebar.view.currentIndex().isValid()


def test_keyboard_arrows_enter_opens_f2_renames_inline(kit, qtbot, openai_server):
    ids = _seed(kit.library, ["One", "Two", "Three"])
    window = kit.window(_llm(openai_server))
    view = window.sidebar.view
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    assert view.currentIndex().data(ID_ROLE) == ids[2]
    qtbot.keyClick(view, Qt.Key.Key_Down)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert _shows(qtbot, window, ids[1])
    assert [c.text for c in window.conversation.message_cards()] == [
        "question about Two",
        "answer",
    ]
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit) and editor.text() == "Two"
    editor.selectAll()
    qtbot.keyClicks(editor, "Second thoughts")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.windowTitle() == "Second thoughts — pi-desktop")
    assert window.session.title == "Second thoughts"
    qtbot.waitUntil(lambda: _row_of(window, ids[1]).data() == "Second thoughts")
    # a session that is not open is renamed through the library
    assert window.sidebar.rename(ids[0])
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.setText("First, renamed")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: _row_of(window, ids[0]).data() == "First, renamed")
    assert {i.id: i.title for i in kit.library.list_sessions()}[ids[0]] == "First, renamed"


def test_delete_hides_the_row_undo_brings_it_back_and_expiry_removes_the_file(
    kit, qtbot, openai_server
):
    ids = _seed(kit.library, ["Keep", "Drop me", "Open one"])
    window = kit.window(_llm(openai_server))
    sidebar, sessions = window.sidebar, window.sessions
    path = kit.library.path_for(ids[1])
    sidebar.view.setFocus()
    sidebar.view.setCurrentIndex(_row_of(window, ids[1]))
    qtbot.keyClick(sidebar.view, Qt.Key.Key_Delete)
    assert ids[1] not in sidebar.visible_ids() and path.exists()  # undoable: file kept
    assert sidebar.undo_button.isVisible() and "Drop me" in sidebar.note.text()
    qtbot.mouseClick(sidebar.undo_button, Qt.MouseButton.LeftButton)
    assert ids[1] in sidebar.visible_ids() and not sidebar.undo_button.isVisible()

    sessions._undo_timer.setInterval(50)  # the note's expiry, shortened for the test
    assert sessions.delete(ids[1])
    qtbot.waitUntil(lambda: not path.exists(), timeout=5_000)
    assert not path.with_suffix("").exists()
    assert sidebar.visible_ids() == [ids[2], ids[0]]
    assert window.session.path.stem == ids[2]  # the open one was never touched


def test_deleting_the_open_session_switches_to_its_neighbour_and_close_commits(
    kit, qtbot, openai_server
):
    ids = _seed(kit.library, ["Older", "Newest"])
    window = kit.window(_llm(openai_server))
    assert window.session.path.stem == ids[1]
    assert window.sessions.delete(ids[1])
    assert _shows(qtbot, window, ids[0])
    assert window.sidebar.visible_ids() == [ids[0]]
    window.close()
    qtbot.waitUntil(lambda: not window.isVisible())
    assert not kit.library.path_for(ids[1]).exists()  # closing the window did the delete
    assert kit.library.path_for(ids[0]).exists()


def test_a_streaming_session_is_marked_and_switching_away_is_refused(
    kit, qtbot, openai_server, artifacts
):
    ids = _seed(kit.library, ["Elsewhere"])
    window = kit.window(_llm(openai_server), new_session=True)
    current = window.session.path.stem
    openai_server.enqueue(Reply(text="slow answer " * 20, chunk_chars=4, chunk_delay=0.02))
    window.input.setPlainText("Take your time")
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.conversation.streaming_card is not None, timeout=10_000)
    qtbot.waitUntil(lambda: _row_of(window, current).isValid())
    assert _row_of(window, current).data(STREAMING_ROLE)
    assert "streaming" in _row_of(window, current).data(Qt.ItemDataRole.ToolTipRole)
    assert not window.sidebar.new_button.isEnabled()
    window.sidebar.view.setFocus()
    window.sidebar.view.setCurrentIndex(_row_of(window, ids[0]))
    qtbot.keyClick(window.sidebar.view, Qt.Key.Key_Return)
    assert window.session.path.stem == current  # refused, with the reason shown
    assert "Stop it (Esc)" in window.sidebar.note.text()
    assert window.sidebar.view.currentIndex().data(ID_ROLE) == current
    window.sidebar.grab().save(str(artifacts / "sidebar-streaming.png"))
    qtbot.waitUntil(lambda: _idle(window), timeout=15_000)
    assert not _row_of(window, current).data(STREAMING_ROLE)
    assert window.sidebar.new_button.isEnabled()
    assert window.sessions.open(ids[0]) and _shows(qtbot, window, ids[0])


def test_relaunch_reopens_the_session_open_at_close_not_the_newest_written(
    kit, qtbot, openai_server
):
    """Fork a session, reopen the original, quit, relaunch → the original (issue 12)."""
    openai_server.responder = lambda body: Reply(text="noted")
    window = kit.window(_llm(openai_server))
    original: Path = window.session.path
    _ask(qtbot, window, "The original topic")
    _ask(qtbot, window, "More on it")
    first_answer = window.session.get_current_path()[1].id
    fork = window.session_tree.fork_from(first_answer)
    assert fork is not None and window.session.path == fork.path
    fork_path = fork.path
    _ask(qtbot, window, "Something in the fork")  # the fork is now the newest written file
    assert kit.library.list_sessions()[0].path == fork_path
    assert window.sessions.open(original.stem)  # back to the original, from the sidebar
    assert _shows(qtbot, window, original.stem)
    qtbot.keyClick(window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=10_000)

    again = kit.window(_llm(openai_server))
    assert again.session.path == original
    assert [c.text for c in again.conversation.message_cards()][:2] == [
        "The original topic",
        "noted",
    ]
    assert again.sidebar.model.open_id == original.stem
    # and the other way round: close on the fork, relaunch → the fork
    assert again.sessions.open(fork_path.stem) and _shows(qtbot, again, fork_path.stem)
    again.close()
    qtbot.waitUntil(lambda: not again.isVisible(), timeout=10_000)
    third = kit.window(_llm(openai_server))
    assert third.session.path == fork_path


def test_relaunch_falls_back_to_the_newest_when_the_last_one_was_deleted(kit, qtbot, openai_server):
    ids = _seed(kit.library, ["Old", "New"])
    kit.settings_store().set_value("last_session", str(kit.library.path_for(ids[0])))
    kit.library.delete(ids[0])
    window = kit.window(_llm(openai_server))
    assert window.session.path.stem == ids[1]


def test_the_sidebar_collapses_and_the_choice_survives_a_restart(kit, qtbot, openai_server):
    window = kit.window(_llm(openai_server))
    assert window.sidebar.isVisible()
    qtbot.keyClick(window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    assert not window.sidebar.isVisible()
    window.close()
    qtbot.waitUntil(lambda: not window.isVisible())
    again = kit.window(_llm(openai_server))
    assert not again.sidebar.isVisible()
    again.sessions.toggle_action.trigger()
    assert again.sidebar.isVisible()


SHOT_TITLES = [
    "Refactor the session library",
    "Why does the budget bar jump?",
    "A very long title that certainly does not fit in the sidebar's narrow column",
    "Trip notes",
]


def _sidebar_shots(kit, qtbot, openai_server, artifacts, name: str) -> None:
    ids = _seed(kit.library, SHOT_TITLES)
    window = kit.window(_llm(openai_server))
    window.resize(1200, 700)
    window.sessions.open(ids[1])  # the open one is not the top row: both marks show
    _shows(qtbot, window, ids[1])
    window.sidebar.set_streaming(ids[1])  # drawn as during a run
    window.sidebar.filter.setFocus()
    qtbot.wait(50)
    window.grab().save(str(artifacts / f"sidebar-window-{name}.png"))
    assert window.sidebar.grab().save(str(artifacts / f"sidebar-{name}.png"))
    window.sidebar.set_streaming(None)


def test_sidebar_screenshot_light(kit, qtbot, openai_server, artifacts):
    _sidebar_shots(kit, qtbot, openai_server, artifacts, "light")


def test_sidebar_screenshot_dark(kit, qtbot, openai_server, artifacts):
    from pi_desktop.ui.theme import dark_palette

    app = QApplication.instance()
    light = app.palette()
    app.setPalette(dark_palette())  # before the window exists, as at a dark start
    try:
        _sidebar_shots(kit, qtbot, openai_server, artifacts, "dark")
    finally:
        app.setPalette(light)


def test_the_row_menu_opens_renames_and_deletes_for_mouse_users(kit, qtbot, openai_server):
    ids = _seed(kit.library, ["Menu one", "Menu two"])
    window = kit.window(_llm(openai_server))
    view = window.sidebar.view

    def action(session_id: str, text: str):
        menu = view.build_context_menu(_row_of(window, session_id))
        return next(a for a in menu.actions() if a.text() == text)

    action(ids[0], "Open").trigger()
    assert _shows(qtbot, window, ids[0])
    action(ids[1], "Rename").trigger()
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit) and editor.text() == "Menu two"
    editor.setText("Menu two, renamed")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: _row_of(window, ids[1]).data() == "Menu two, renamed")
    action(ids[1], "Delete").trigger()
    assert ids[1] not in window.sidebar.visible_ids() and window.sidebar.undo_button.isVisible()
