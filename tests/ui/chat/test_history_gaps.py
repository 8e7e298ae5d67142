"""The window shows the gaps the sent history papers over (issue 11.3): a tool call whose result
never reached the file, and a result that answers no call. The file itself is never rewritten."""

from __future__ import annotations

from pi_desktop.agent.offline import OfflineLLM
from pi_desktop.agent.repair import INTERRUPTED_RESULT
from pi_desktop.context import Message


def _call(call_id: str) -> dict:
    return {"id": call_id, "type": "function", "function": {"name": "read_file", "arguments": "{}"}}


def _session_with_gaps(library) -> tuple:
    with library.create(fsync=False) as session:
        session.append_message(Message(role="user", content="read two files"))
        session.append_message(
            Message(role="assistant", metadata={"tool_calls": [_call("c1"), _call("c2")]})
        )
        session.append_message(
            Message(role="tool", content="first file", metadata={"tool_call_id": "c1"})
        )
        # c2's result was never written (a crash); a stray result answers no call
        session.append_message(Message(role="user", content="and then?"))
        session.append_message(
            Message(role="tool", content="stray", metadata={"tool_call_id": "nobody"})
        )
        session.append_message(Message(role="assistant", content="done"))
        return session.path, session.path.read_bytes()


def test_the_window_marks_an_interrupted_call_and_a_result_with_no_call(kit):
    path, before = _session_with_gaps(kit.library)
    window = kit.window(OfflineLLM(), offline=True, session_path=path)
    widget = window.conversation._tool_calls["c2"]
    assert widget.result == INTERRUPTED_RESULT
    assert window.conversation._tool_calls["c1"].result == "first file"
    texts = [b.text for b in window.conversation.banners()]
    gap = next(t for t in texts if "gap" in t)
    assert "1 tool call never got a result" in gap
    assert "1 tool result answers no call" in gap
    assert path.read_bytes() == before  # nothing was repaired in the file


def test_a_paired_conversation_shows_no_gap_banner(kit):
    with kit.library.create(fsync=False) as session:
        session.append_message(Message(role="user", content="hi"))
        session.append_message(Message(role="assistant", content="hello"))
        path = session.path
    window = kit.window(OfflineLLM(), offline=True, session_path=path)
    assert not [b for b in window.conversation.banners() if "gap" in b.text]


def test_a_run_on_a_gap_is_relayed_typed_and_marked_once(kit, qtbot):
    """The agent reports the repaired history at the start of the run (``HistoryRepaired``,
    carried as itself by the controller); the marks drawn on open are not drawn again."""
    from pi_desktop.agent.events import HistoryRepaired

    path, before = _session_with_gaps(kit.library)
    window = kit.window(OfflineLLM(), offline=True, session_path=path)
    relayed: list[object] = []
    window.controller.historyRepaired.connect(relayed.append)
    window.input.setPlainText("go on")
    assert window.send() is not None
    qtbot.waitUntil(lambda: not window.busy and bool(relayed), timeout=15_000)
    (event,) = relayed
    assert isinstance(event, HistoryRepaired)
    assert {r.kind for r in event.repairs} == {"missing_result", "orphan_result"}
    gaps = [b for b in window.conversation.banners() if "gap" in b.text]
    assert len(gaps) == 1
    assert path.read_bytes().startswith(before)  # appended to, never rewritten


def test_a_gap_not_marked_yet_is_marked_when_the_run_reports_it(kit, qtbot):
    """A conversation drawn without its marks (redrawn by a part that does not know about
    repairs) gets them from the run's report."""
    from pi_desktop.ui.chat.conversation import path_items

    path, _ = _session_with_gaps(kit.library)
    window = kit.window(OfflineLLM(), offline=True, session_path=path)
    session = window.session
    window.conversation.show_path(path_items(session, kit.library.results_dir(session.path)))
    window.run.show_repairs(())  # what the window believes is marked: nothing
    assert not [b for b in window.conversation.banners() if "gap" in b.text]
    window.input.setPlainText("go on")
    assert window.send() is not None
    qtbot.waitUntil(lambda: not window.busy, timeout=15_000)
    gaps = [b for b in window.conversation.banners() if "gap" in b.text]
    assert len(gaps) == 1
    assert window.conversation._tool_calls["c2"].result == INTERRUPTED_RESULT
