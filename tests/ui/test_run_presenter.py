"""The run presenter works on its views alone: no window, a real agent on the offline model."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QPushButton, QStatusBar, QVBoxLayout, QWidget

from pi_desktop.agent import Agent, OfflineLLM
from pi_desktop.session import Session
from pi_desktop.ui.budget.bar import BudgetBar
from pi_desktop.ui.chat.conversation import ConversationView
from pi_desktop.ui.chat.input_box import InputBox
from pi_desktop.ui.controller import AgentController
from pi_desktop.ui.refusals import RefusalArea
from pi_desktop.ui.run_presenter import RunPresenter, RunViews
from pi_desktop.ui.session_watch import SessionWatch
from pi_desktop.ui.tree.panel import SessionTreePanel


@dataclass
class Rig:
    parent: QWidget  # owns the views (kept alive for the test)
    presenter: RunPresenter
    views: RunViews
    session: Session
    action: QAction
    idle: list[bool]
    cards: list[QWidget]


def _rig(tmp_path, *, budget: int | None = None, ready: bool = True) -> Rig:
    parent = QWidget()
    column = QVBoxLayout(parent)
    session = Session.create(tmp_path / "s.jsonl", system_prompt="be brief", fsync=False)
    controller = AgentController(parent)
    controller.set_agent(Agent(OfflineLLM(), session=session, context_budget=budget))
    action = QAction("New", parent)
    views = RunViews(
        conversation=ConversationView(parent),
        budget_bar=BudgetBar(parent),
        tree=SessionTreePanel(parent),
        refusals=RefusalArea(parent),
        input=InputBox(parent),
        send_button=QPushButton("Send", parent),
        status=QStatusBar(parent),
        locked_actions=(action,),
    )
    for widget in (views.conversation, views.refusals, views.input, views.send_button):
        column.addWidget(widget)
    views.tree.set_session(session)
    presenter = RunPresenter(
        controller, views, ready=lambda: ready, start=controller.start_run, parent=parent
    )
    idle: list[bool] = []
    cards: list[QWidget] = []
    presenter.idle.connect(lambda: idle.append(True))
    presenter.cardAdded.connect(cards.append)
    parent.resize(700, 600)
    parent.show()
    return Rig(parent, presenter, views, session, action, idle, cards)


def test_a_message_goes_from_the_input_to_the_agent_and_back_as_cards(qloop, qtbot, tmp_path):
    rig = _rig(tmp_path)
    v = rig.views
    watch = SessionWatch(None)
    watch.watch(rig.session)
    watch.changed.connect(v.tree.refresh)  # the tree follows the session, not the presenter
    v.input.setPlainText("hello there")
    v.send_button.click()
    assert v.input.toPlainText() == ""  # taken once the run started
    assert v.send_button.text() == "Stop" and not rig.action.isEnabled()
    qtbot.waitUntil(lambda: bool(rig.idle), timeout=15_000)
    assert not rig.presenter.busy
    assert v.send_button.text() == "Send" and rig.action.isEnabled()
    roles = [c.role for c in v.conversation.message_cards()]
    assert roles == ["user", "assistant"]
    assert len(rig.cards) == 2  # each stored message was offered for decoration
    assert v.budget_bar.tokens > 0
    qtbot.waitUntil(lambda: len(v.tree.view.tree_layout.rows) == 2)
    assert rig.idle == [True]


def test_a_refused_message_is_given_back_and_a_new_run_clears_the_refusals(qloop, qtbot, tmp_path):
    rig = _rig(tmp_path, budget=2_000)
    v = rig.views
    v.refusals.show_refusal("an older refusal")
    paste = "pasted line of a log\n" * 2_000
    v.input.setPlainText(paste)
    assert rig.presenter.send() is not None
    qtbot.waitUntil(lambda: bool(rig.idle), timeout=15_000)
    assert v.input.toPlainText() == paste  # given back, whole
    assert any("input box" in b.text for b in v.conversation.banners())
    assert v.refusals.banners() == []  # the run started: older reasons no longer apply
    assert rig.session.get_current_path() == []  # nothing stored


def test_nothing_is_sent_when_the_host_is_not_ready(qloop, qtbot, tmp_path):
    rig = _rig(tmp_path, ready=False)
    rig.views.input.setPlainText("kept")
    assert rig.presenter.send() is None
    assert rig.views.input.toPlainText() == "kept"
    assert not rig.presenter.busy
