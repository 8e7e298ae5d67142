"""The first drawing of a large session is built in a worker thread, and equals the full build.

``SessionTreePanel.background_above`` is lowered here so a few hundred entries take the
worker path (the app's threshold is 20,000). What the session gains while the worker runs —
appended messages, a rewind — is caught up when the build arrives; a build for a session no
longer shown is dropped.
"""

from __future__ import annotations

import pytest

from pi_desktop.session import Session
from pi_desktop.ui.tree.layout import layout_tree
from pi_desktop.ui.tree.panel import SessionTreePanel
from pi_desktop.ui.tree.snapshot import TreeSnapshot
from tests.kit.messages import assistant, user
from tests.ui.tree.test_tree_model import build_rich_session


@pytest.fixture
def big(tmp_path):
    built = build_rich_session(tmp_path / "big.jsonl")
    for i in range(150):
        built.session.append_message(user(f"question {i}"))
        built.session.append_message(assistant(f"answer {i}"))
    yield built
    built.session.close()


@pytest.fixture
def panel(qtbot):
    w = SessionTreePanel()
    w.background_above = 100
    qtbot.addWidget(w)
    w.resize(340, 420)
    w.show()
    qtbot.waitExposed(w)
    return w


def assert_drawn_as_full_build(panel: SessionTreePanel, session: Session) -> None:
    full = TreeSnapshot.from_session(session)
    assert panel.snapshot == full
    assert list(panel.view.tree_layout.rows) == list(layout_tree(full).rows)
    assert panel.status_text.startswith(f"{len(full.path)} on path")


def test_a_large_session_is_built_by_a_worker_and_equals_the_full_build(qtbot, panel, big):
    panel.set_session(big.session)
    assert panel.building
    assert panel.snapshot.nodes == {}  # nothing stale meanwhile, and the status says why
    assert panel.status_text == f"Drawing the tree of {len(big.session.entries)} entries…"
    panel.set_hidden_ids([big.ids["u1"]])  # the window's first prepare may come first
    panel.refresh()  # waits for the build
    assert panel.building and panel.status_text.startswith("Drawing the tree")
    qtbot.waitUntil(lambda: not panel.building, timeout=10_000)
    assert_drawn_as_full_build(panel, big.session)
    assert panel.view.is_faded(big.ids["u1"])
    assert panel.view.tree_layout.current_row == 0  # the newest message, scrolled to


def test_what_the_session_gained_meanwhile_is_caught_up(qtbot, panel, big):
    session = big.session
    panel.set_session(session)
    new = session.append_message(user("typed while the tree was drawn"))
    assert panel.building  # the build is delivered on the event loop, after this
    qtbot.waitUntil(lambda: not panel.building, timeout=10_000)
    assert new in panel.snapshot.nodes and panel.snapshot.current_id == new
    assert_drawn_as_full_build(panel, session)


def test_a_rewind_and_a_pin_meanwhile_are_drawn_too(qtbot, panel, big):
    session = big.session
    panel.set_session(session)
    session.rewind(big.ids["u3"])
    session.pin(big.ids["u3"])
    qtbot.waitUntil(lambda: not panel.building, timeout=10_000)
    assert panel.snapshot.current_id == big.ids["u3"]
    assert panel.snapshot.nodes[big.ids["u3"]].pinned
    assert_drawn_as_full_build(panel, session)


def test_a_build_for_a_session_no_longer_shown_is_dropped(qtbot, panel, big, tmp_path):
    small = build_rich_session(tmp_path / "small.jsonl")
    try:
        with qtbot.waitSignal(panel._delivery.built, timeout=10_000):
            panel.set_session(big.session)
            panel.set_session(small.session)  # small: drawn at once
            assert not panel.building
        assert_drawn_as_full_build(panel, small.session)
        with qtbot.waitSignal(panel._delivery.built, timeout=10_000):
            panel.set_session(big.session)
            panel.set_session(None)
        assert panel.snapshot.nodes == {} and panel.status_text == "Empty session"
    finally:
        small.session.close()


def test_the_window_sends_while_its_tree_is_drawn_in_the_background(kit, qtbot, monkeypatch, big):
    """The real window on a session over the threshold: a message sent before the tree arrived
    is in the tree when it does, drawn as a full build of the grown session would be."""
    from pi_desktop.agent import OfflineLLM
    from tests.ui.flows import idle

    path = big.session.path
    big.session.close()
    monkeypatch.setattr(SessionTreePanel, "BACKGROUND_ABOVE", 100)
    window = kit.window(OfflineLLM(), offline=True)
    assert window.open_session_path(path)
    assert window.tree.building  # the session is shown; its tree is on its way
    window.input.setPlainText("asked before the tree was drawn")
    window.send()  # the run's first step appends the question, the build lands around it
    assert window.tree.building
    qtbot.waitUntil(lambda: idle(window), timeout=30_000)
    qtbot.waitUntil(lambda: not window.tree.building, timeout=10_000)
    session = window.session
    assert session.get_current_path()[-2].content == "asked before the tree was drawn"
    assert_drawn_as_full_build(window.tree, session)
