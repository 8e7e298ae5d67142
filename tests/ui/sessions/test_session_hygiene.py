"""Session hygiene in the window: no file until the first message, delete goes to a trash
the sidebar shows and restores from, expired sessions go after 30 days."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from PySide6.QtCore import Qt

from pi_desktop.agent import OfflineLLM
from pi_desktop.context import Message
from tests.ui.flows import send


def _files(kit) -> list[str]:
    return sorted(p.name for p in kit.library.root.glob("*.jsonl"))


def _made(kit, text: str, title: str | None = None) -> str:
    with kit.library.create(title=title, fsync=False) as session:
        session.append_message(Message(role="user", content=text))
        session.append_message(Message(role="assistant", content=f"answer to {text}"))
        return session.path.stem


def test_ctrl_n_three_times_leaves_no_file_and_the_first_message_writes_one(kit, qtbot):
    window = kit.window(OfflineLLM(), offline=True, new_session=True)
    for _ in range(3):
        qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.session.is_draft
    assert _files(kit) == [] and window.sidebar.visible_ids() == []
    send(qtbot, window, "hello there")
    assert _files(kit) == [window.session.path.name]
    assert window.sidebar.visible_ids() == [window.session.path.stem]
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    window.close()
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=10_000)
    assert len(_files(kit)) == 1  # the unused new session of the end left nothing either


def test_a_second_instance_leaves_no_file(kit, qtbot):
    first = kit.window(OfflineLLM(), offline=True, new_session=True)
    send(qtbot, first, "the first window's question")
    assert len(_files(kit)) == 1
    second = kit.window(OfflineLLM(), offline=True)  # the last session is locked: a new one
    assert second.session.path != first.session.path and second.session.is_draft
    second.close()
    qtbot.waitUntil(lambda: not second.isVisible(), timeout=10_000)
    assert len(_files(kit)) == 1


def test_delete_goes_to_the_trash_and_the_sidebar_restores_it(kit, qtbot, artifacts):
    keep = _made(kit, "keep this one")
    gone = _made(kit, "a session about lighthouses", title="Lighthouses")
    window = kit.window(OfflineLLM(), offline=True)
    sidebar, sessions = window.sidebar, window.sessions
    assert window.session.path.stem == gone
    assert sessions.delete(gone)  # the open one: the window moves to its neighbour
    qtbot.waitUntil(lambda: window.session.path.stem == keep, timeout=10_000)
    sessions.commit_delete()  # the undo note expired
    assert not kit.library.path_for(gone).exists()
    assert (kit.library.trash.root / f"{gone}.jsonl").is_file()
    assert sidebar.visible_ids() == [keep]
    assert sidebar.trash_button.text() == "Trash (1)"
    qtbot.mouseClick(sidebar.trash_button, Qt.MouseButton.LeftButton)
    assert sidebar.showing_trash
    panel = sidebar.trash
    assert panel.model.ids() == [gone]
    assert "30 days left" in panel.model.index(0, 0).data(Qt.ItemDataRole.UserRole + 7)
    qtbot.wait(200)  # let the neighbour's conversation paint for the screenshot
    sidebar.grab().save(str(artifacts / "sidebar-trash.png"))
    window.grab().save(str(artifacts / "window-trash.png"))
    qtbot.mouseClick(panel.restore_button, Qt.MouseButton.LeftButton)
    assert not sidebar.showing_trash
    assert kit.library.path_for(gone).is_file()
    assert set(sidebar.visible_ids()) == {keep, gone}
    assert "Restored “Lighthouses”" in sidebar.note.text()
    assert sidebar.trash_button.text() == "Trash"
    window.sessions.search.index.idle().result(10)
    sidebar.filter.insert("lighthouses")  # the restored session is searchable again
    qtbot.waitUntil(lambda: sidebar.search_answered("lighthouses"), timeout=10_000)
    assert gone in sidebar.visible_ids()
    assert window.sessions.open_at(gone, sidebar.model.hit(gone).entry_id)
    qtbot.waitUntil(lambda: window.session.path.stem == gone, timeout=10_000)


def test_the_trash_is_emptied_on_request_with_a_second_click(kit, qtbot):
    ids = [_made(kit, f"old thing {n}") for n in range(3)]
    window = kit.window(OfflineLLM(), offline=True)
    for session_id in ids[:2]:
        window.sessions.delete(session_id)
    window.sessions.show_trash()
    panel = window.sidebar.trash
    assert sorted(panel.model.ids()) == sorted(ids[:2])
    panel.view.setCurrentIndex(panel.model.index(0, 0))
    first = panel.current_id()
    qtbot.mouseClick(panel.delete_button, Qt.MouseButton.LeftButton)  # one, for good
    assert first not in panel.model.ids() and len(panel.model.ids()) == 1
    qtbot.mouseClick(panel.empty_button, Qt.MouseButton.LeftButton)
    assert panel.model.ids() and "Click again" in panel.empty_button.text()
    qtbot.mouseClick(panel.empty_button, Qt.MouseButton.LeftButton)
    assert panel.model.ids() == [] and panel.empty_hint.isVisible()
    assert list(kit.library.trash.root.glob("*.jsonl")) == []
    qtbot.mouseClick(panel.back_button, Qt.MouseButton.LeftButton)
    assert window.sidebar.visible_ids() == [ids[2]]


def test_enter_in_the_trash_list_restores_the_session(kit, qtbot):
    keep, gone = _made(kit, "keep"), _made(kit, "gone")
    window = kit.window(OfflineLLM(), offline=True)
    window.sessions.delete(keep)
    window.sessions.show_trash()
    panel = window.sidebar.trash
    panel.view.setFocus()
    panel.view.setCurrentIndex(panel.model.index(0, 0))
    qtbot.keyClick(panel.view, Qt.Key.Key_Return)
    assert kit.library.path_for(keep).is_file()
    assert set(window.sidebar.visible_ids()) == {keep, gone}


def test_sessions_deleted_30_days_ago_are_gone_at_the_next_start(kit, qtbot):
    now = [datetime(2026, 3, 1, 12, tzinfo=UTC)]
    kit.library.trash.clock = lambda: now[0]
    old, recent, kept = (_made(kit, t) for t in ("old", "recent", "kept"))
    kit.library.move_to_trash(old)
    now[0] += timedelta(days=10)
    kit.library.move_to_trash(recent)
    now[0] += timedelta(days=20, minutes=1)  # 30 days after the first deletion
    window = kit.window(OfflineLLM(), offline=True)
    assert window.sessions.expired == [old]
    assert [t.id for t in kit.library.trash.list()] == [recent]
    window.sessions.show_trash()
    assert window.sidebar.trash.model.ids() == [recent]
    assert "10 days left" in window.sidebar.trash.model.index(0, 0).data(
        Qt.ItemDataRole.UserRole + 7
    )
    assert window.session.path.stem == kept
