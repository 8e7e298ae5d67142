"""The dialogs host opens and tracks dialogs for any QWidget parent (no window needed)."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QStatusBar, QTextBrowser, QWidget

from pi_desktop.agent import Agent, OfflineLLM
from pi_desktop.context import Message
from pi_desktop.session import Session
from pi_desktop.ui.controller import AgentController
from pi_desktop.ui.dialogs_host import DialogsHost
from pi_desktop.ui.refusals import RefusalArea


def _host(session: Session | None = None) -> tuple[QWidget, DialogsHost, AgentController]:
    parent = QWidget()
    controller = AgentController(parent)
    if session is not None:
        controller.set_agent(Agent(OfflineLLM(), session=session))
    host = DialogsHost(
        parent,
        controller=controller,
        session=lambda: session,
        status=QStatusBar(parent),
        refusals=RefusalArea(parent),
    )
    return parent, host, controller


def test_a_dialog_is_tracked_until_it_finishes_and_a_newer_one_is_kept(qtbot):
    parent, host, _ = _host()
    first, second = QDialog(parent), QDialog(parent)
    assert host.show_dialog(first) is first and host.dialog is first
    host.show_dialog(second)
    first.reject()  # the older one closing must not forget the one on screen
    assert host.dialog is second
    second.reject()
    assert host.dialog is None


def test_viewers_are_windows_forgotten_when_closed(qtbot):
    parent, host, _ = _host()
    viewer = QTextBrowser(parent)
    host.show_viewer(viewer)
    assert host.viewers == [viewer] and viewer.isWindow() and viewer.isVisible()
    host.close_viewers()
    qtbot.waitUntil(lambda: host.viewers == [])


def test_nothing_to_show_without_a_session_or_an_agent(qtbot):
    _parent, host, _ = _host()
    assert host.show_breakdown() is None
    assert host.show_compact() is None
    assert host.open_summary("nope") is None
    assert host.dialog is None


def test_the_breakdown_follows_the_agent(qtbot, tmp_path):
    from pi_desktop.ui.dialogs.breakdown_dialog import BreakdownDialog

    session = Session.create(tmp_path / "s.jsonl", system_prompt="sys", fsync=False)
    _parent, host, controller = _host(session)
    dialog = host.show_breakdown()
    assert isinstance(dialog, BreakdownDialog)
    before = dialog.breakdown.total_tokens
    session.append_message(Message(role="user", content="a longer question " * 40))
    host.follow_breakdown()
    assert dialog.breakdown.total_tokens > before
    assert controller.agent is not None
    assert dialog.breakdown.total_tokens == controller.agent.estimate_now().estimated_tokens
