"""SessionWatch turns Session.subscribe into one coalesced ``changed`` per loop turn."""

from __future__ import annotations

import threading

from pi_desktop.context import Message
from pi_desktop.session import Session
from pi_desktop.ui.session_watch import SessionWatch


def _session(tmp_path, name="s.jsonl") -> Session:
    return Session.create(tmp_path / name, system_prompt="sys", fsync=False)


def test_a_burst_of_commits_is_one_changed(qtbot, tmp_path):
    session = _session(tmp_path)
    watch = SessionWatch(None)
    watch.watch(session)
    fired: list[list[str]] = []
    watch.changed.connect(lambda: fired.append([e.id for e in watch.last_entries()]))
    ids = [session.append_message(Message(role="user", content=f"m{i}")) for i in range(3)]
    assert fired == []  # nothing synchronous: the views draw once the turn is over
    qtbot.waitUntil(lambda: len(fired) == 1)
    qtbot.wait(20)
    assert fired == [ids]
    session.pin(ids[0])
    qtbot.waitUntil(lambda: len(fired) == 2)
    assert len(fired[1]) == 1


def test_switching_sessions_drops_the_old_subscription(qtbot, tmp_path):
    first, second = _session(tmp_path, "a.jsonl"), _session(tmp_path, "b.jsonl")
    watch = SessionWatch(None)
    fired: list[object] = []
    watch.changed.connect(lambda: fired.append(watch.session))
    watch.watch(first)
    first.append_message(Message(role="user", content="pending"))
    watch.watch(second)  # the pending change belonged to the old session: dropped
    first.append_message(Message(role="user", content="old"))
    qtbot.wait(20)
    assert fired == []
    second.append_message(Message(role="user", content="new"))
    qtbot.waitUntil(lambda: fired == [second])
    watch.watch(None)
    second.append_message(Message(role="user", content="unwatched"))
    qtbot.wait(20)
    assert fired == [second]


def test_flush_emits_now_and_only_once(qtbot, tmp_path):
    session = _session(tmp_path)
    watch = SessionWatch(None)
    watch.watch(session)
    fired: list[int] = []
    watch.changed.connect(lambda: fired.append(1))
    watch.flush()
    assert fired == []
    session.append_message(Message(role="user", content="x"))
    assert watch.pending()
    watch.flush()
    assert fired == [1] and not watch.pending()
    qtbot.wait(20)
    assert fired == [1]


def test_a_commit_from_another_thread_is_delivered_on_the_gui_thread(qtbot, tmp_path):
    session = _session(tmp_path)
    watch = SessionWatch(None)
    watch.watch(session)
    seen: list[threading.Thread] = []
    watch.changed.connect(lambda: seen.append(threading.current_thread()))
    worker = threading.Thread(
        target=lambda: session.append_message(Message(role="user", content="bg"))
    )
    worker.start()
    worker.join()
    qtbot.waitUntil(lambda: len(seen) == 1)
    assert seen == [threading.main_thread()]
