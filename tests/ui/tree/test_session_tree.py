"""The session tree component on its own: a real session, agent, conversation and refusals.

``SessionTree`` gets what it reads as callables and objects with a small interface and talks
back through signals, so it runs here without any window: clicks rewind through the agent,
a sealed click is refused with a fork that opens, pins from the tree's menu reach the cards,
and the keyboard focus is exposed as ``focused_entry_id`` (what Ctrl+P pins).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QVBoxLayout, QWidget

from pi_desktop.agent import Agent, OfflineLLM
from pi_desktop.context import Message
from pi_desktop.session import Session, SessionLibrary
from pi_desktop.ui.chat.conversation import ConversationView, path_items
from pi_desktop.ui.refusals import RefusalArea
from pi_desktop.ui.tree.session_tree import SessionTree
from tests.ui.tree.test_tree_model import Built, build_rich_session


@dataclass
class Parts:
    built: Built
    agent: Agent
    host: QWidget
    refusals: RefusalArea
    conversation: ConversationView
    tree: SessionTree
    busy: bool = False
    statuses: list[str] = field(default_factory=list)
    forks: list[Session] = field(default_factory=list)

    @property
    def session(self) -> Session:
        return self.built.session


@pytest.fixture
def parts(qtbot, tmp_path):
    built = build_rich_session(tmp_path / "s.jsonl")
    agent = Agent(OfflineLLM(), session=built.session, context_budget=100_000)
    host = QWidget()
    qtbot.addWidget(host)
    refusals = RefusalArea(host)
    conversation = ConversationView(host)
    box: dict[str, Parts] = {}
    tree = SessionTree(
        host,
        session=lambda: built.session,
        agent=lambda: agent,
        busy=lambda: box["parts"].busy,
        refusals=refusals,
        forks=SessionLibrary(tmp_path / "library"),
        cards=conversation,
        branch_summaries=lambda: False,
    )
    column = QVBoxLayout(host)
    column.addWidget(conversation, 1)
    column.addWidget(refusals)
    column.addWidget(tree.panel, 1)
    p = box["parts"] = Parts(built, agent, host, refusals, conversation, tree)
    tree.status.connect(lambda text, _ms: p.statuses.append(text))
    tree.forkCreated.connect(p.forks.append)
    tree.panel.set_session(built.session)
    conversation.show_path(path_items(built.session, tmp_path / "results"))
    host.resize(420, 900)
    host.show()
    qtbot.waitExposed(host)
    yield p
    for fork in p.forks:
        fork.close()
    built.session.close()


def click(qtbot, parts: Parts, entry_id: str) -> None:
    rect = parts.tree.panel.node_rect(entry_id)
    assert not rect.isEmpty(), entry_id
    qtbot.mouseClick(parts.tree.panel.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_a_click_rewinds_through_the_agent_and_announces_it(qtbot, parts):
    ids = parts.built.ids
    with qtbot.waitSignal(parts.tree.rewound) as sig:
        click(qtbot, parts, ids["a5"])  # the call node: lands after its result
    assert sig.args == [ids["t5"]]
    assert parts.session.current_id == ids["t5"]
    assert parts.tree.panel.snapshot.path[-1] == ids["a5"]  # the panel redrew itself


def test_no_rewind_while_a_run_is_in_flight(qtbot, parts):
    ids = parts.built.ids
    parts.busy = True
    rewound: list[str] = []
    parts.tree.rewound.connect(rewound.append)
    assert not parts.tree.rewind_to(ids["u3"])
    assert parts.session.current_id == ids["a6"] and rewound == []
    assert parts.tree.fork_from(ids["u3"]) is None


def test_a_sealed_click_is_refused_with_a_fork_that_opens(qtbot, parts):
    ids = parts.built.ids
    click(qtbot, parts, ids["u1"])  # below the compaction floor
    assert parts.session.current_id == ids["a6"]
    [banner] = parts.refusals.banners()
    assert "compaction floor" in banner.text and banner.label.toolTip()
    with qtbot.waitSignal(parts.tree.forkCreated):
        qtbot.mouseClick(banner.buttons["fork"], Qt.MouseButton.LeftButton)
    [fork] = parts.forks
    assert [m.content for m in fork.get_full_history_messages()] == [
        "You are helpful.",
        "Read the config please",
    ]
    assert fork.title == "Read the config please (fork)"
    assert parts.statuses[-1] == "Opened the fork in a new session."
    parts.tree.rewind_to(ids["u3"])  # a rewind that works clears the refusal
    assert parts.refusals.banners() == []


def test_a_pin_from_the_tree_menu_marks_the_node_and_the_card(qtbot, parts):
    ids = parts.built.ids
    menu = parts.tree.panel.view.build_context_menu(ids["u3"])
    [pin] = [a for a in menu.actions() if a.text().startswith("Pin message")]
    with qtbot.waitSignal(parts.tree.entriesChanged):
        pin.trigger()
    assert parts.session.is_pinned(ids["u3"])
    assert parts.tree.panel.snapshot.nodes[ids["u3"]].pinned
    [card] = [c for c in parts.conversation.message_cards() if c.entry_id == ids["u3"]]
    assert card.pinned
    assert parts.statuses[-1] == "Pinned the message."


def test_focused_entry_id_is_the_focused_message_while_the_tree_has_focus(qtbot, parts):
    ids = parts.built.ids
    view = parts.tree.panel.view
    assert parts.tree.focused_entry_id() is None  # the tree does not have focus
    parts.host.activateWindow()
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    assert parts.tree.focused_entry_id() == ids["a6"]  # the current node
    qtbot.mousePress(
        view.viewport(), Qt.MouseButton.LeftButton, pos=view.node_rect(ids["u3"]).center()
    )
    assert parts.tree.focused_entry_id() == ids["u3"]
    compaction = view.node_rect(ids["comp"]).center()
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=compaction)
    assert parts.tree.focused_entry_id() is None  # a side node is no message to pin
    parts.conversation.setFocus()
    qtbot.waitUntil(lambda: not view.hasFocus())
    assert parts.tree.focused_entry_id() is None
    # Ctrl+P's target: the tree's focus when it has it, else the conversation's last message
    assert parts.tree.pins.toggle_shortcut()
    assert parts.session.is_pinned(ids["a6"])


def test_session_changed_redraws_what_was_appended_elsewhere(qtbot, parts):
    new_id = parts.session.append_message(Message(role="user", content="from elsewhere"))
    assert new_id not in parts.tree.panel.snapshot.nodes
    parts.tree.session_changed()
    assert new_id in parts.tree.panel.snapshot.nodes
    assert parts.tree.panel.snapshot.path[-1] == new_id
