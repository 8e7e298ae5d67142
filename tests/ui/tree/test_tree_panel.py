"""The session tree panel: clicks, sealed refusals, compactions, menus, tooltips, 10k entries."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication

from pi_desktop.context import Message
from pi_desktop.session import Session
from pi_desktop.ui.theme import dark_palette
from pi_desktop.ui.tree.layout import stub_id
from pi_desktop.ui.tree.panel import SessionTreePanel
from tests.kit.messages import assistant, tool_call, tool_result
from tests.ui.shots import save_shot
from tests.ui.tree.test_tree_model import Built, build_rich_session


@pytest.fixture
def built(tmp_path) -> Built:
    b = build_rich_session(tmp_path / "s.jsonl")
    yield b
    b.session.close()


@pytest.fixture
def panel(qtbot, built):
    w = SessionTreePanel()
    qtbot.addWidget(w)
    w.resize(340, 420)
    w.set_session(built.session)
    w.show()
    qtbot.waitExposed(w)
    return w


def click(qtbot, panel, entry_id: str, *, double: bool = False) -> None:
    rect = panel.node_rect(entry_id)
    assert not rect.isEmpty(), entry_id
    vp = panel.view.viewport()
    if double:
        qtbot.mouseDClick(vp, Qt.MouseButton.LeftButton, pos=rect.center())
    else:
        qtbot.mouseClick(vp, Qt.MouseButton.LeftButton, pos=rect.center())


def test_click_open_node_requests_rewind_to_its_last_result(qtbot, panel, built):
    ids = built.ids
    with qtbot.waitSignal(panel.rewindRequested) as sig:
        click(qtbot, panel, ids["a5"])
    assert sig.args == [ids["t5"]]  # the call node rewinds after its folded result
    with qtbot.waitSignal(panel.rewindRequested) as sig:
        click(qtbot, panel, ids["a4"])  # the floor itself is allowed
    assert sig.args == [ids["a4"]]
    save_shot(panel, "tree_rich")


def test_click_sealed_node_reports_and_never_rewinds(qtbot, panel, built):
    ids = built.ids
    rewinds: list[str] = []
    panel.rewindRequested.connect(rewinds.append)
    with qtbot.waitSignal(panel.sealedClicked) as sig:
        click(qtbot, panel, ids["a1"])
    assert sig.args == [ids["t1"]]
    assert not built.session.can_rewind(ids["t1"])
    with qtbot.waitSignal(panel.sealedClicked) as sig:
        click(qtbot, panel, ids["u1"])
    assert sig.args == [ids["u1"]]
    assert rewinds == []


def test_click_current_node_does_nothing(qtbot, panel, built):
    got: list[str] = []
    panel.rewindRequested.connect(got.append)
    panel.sealedClicked.connect(got.append)
    click(qtbot, panel, built.ids["a6"])
    assert got == []


def test_double_click_compaction_activates_it(qtbot, panel, built):
    rewinds: list[str] = []
    panel.rewindRequested.connect(rewinds.append)
    with qtbot.waitSignal(panel.compactionActivated) as sig:
        click(qtbot, panel, built.ids["comp"], double=True)
    assert sig.args == [built.ids["comp"]]
    assert rewinds == []


def test_navigation_disabled_ignores_clicks_and_says_why(qtbot, panel, built):
    got: list[str] = []
    for name in ("rewindRequested", "sealedClicked"):
        getattr(panel, name).connect(got.append)
    panel.set_navigation_enabled(False)
    assert panel.banner_visible
    click(qtbot, panel, built.ids["a5"])
    click(qtbot, panel, built.ids["a1"])
    assert got == []
    assert "paused" in panel.view.tooltip_for(built.ids["a5"])
    save_shot(panel, "tree_nav_disabled")
    panel.set_navigation_enabled(True)
    assert not panel.banner_visible
    with qtbot.waitSignal(panel.rewindRequested):
        click(qtbot, panel, built.ids["a5"])


def test_stub_click_expands_instead_of_rewinding(qtbot, panel, built):
    ids = built.ids
    got: list[str] = []
    panel.rewindRequested.connect(got.append)
    panel.sealedClicked.connect(got.append)
    assert panel.node_rect(ids["b3"]).isEmpty()  # folded into the stub
    click(qtbot, panel, stub_id(ids["b1"]))
    assert got == []
    assert not panel.node_rect(ids["b3"]).isEmpty()
    assert panel.node_at(panel.node_rect(ids["b3"]).center()) == ids["b3"]
    save_shot(panel, "tree_expanded_branch")


def test_context_menu_fork_and_copy(qtbot, panel, built):
    ids = built.ids
    menu = panel.view.build_context_menu(ids["a1"])
    texts = {a.text(): a for a in menu.actions()}
    assert not texts["Rewind here (sealed by compaction)"].isEnabled()
    with qtbot.waitSignal(panel.forkRequested) as sig:
        texts["Fork to new session from here"].trigger()
    assert sig.args == [ids["t1"]]
    with qtbot.waitSignal(panel.copyRequested) as sig:
        texts["Copy text"].trigger()
    assert sig.args == [ids["a1"]]
    assert 'read_file({"path": "cfg.toml"})' in QGuiApplication.clipboard().text()
    comp_menu = panel.view.build_context_menu(ids["comp"])
    with qtbot.waitSignal(panel.compactionActivated):
        next(a for a in comp_menu.actions() if a.text() == "View summary").trigger()
    open_menu = panel.view.build_context_menu(ids["a5"])
    with qtbot.waitSignal(panel.rewindRequested) as sig:
        next(a for a in open_menu.actions() if a.text() == "Rewind here").trigger()
    assert sig.args == [ids["t5"]]


def test_tooltips_preview_messages(panel, built):
    ids = built.ids
    tip = panel.view.tooltip_for(ids["a3"])
    assert "permission denied" in tip and "Sealed" in tip
    assert "Double-click" in panel.view.tooltip_for(ids["comp"])
    assert "Click to rewind" in panel.view.tooltip_for(ids["u3"])
    assert "5 messages" in panel.view.tooltip_for(stub_id(ids["b1"]))


def test_hidden_ids_fade_nodes(panel, built):
    ids = built.ids
    panel.set_hidden_ids({ids["u1"], ids["a1"], ids["t1"]})
    assert panel.view.is_faded(ids["u1"]) and panel.view.is_faded(ids["a1"])
    assert not panel.view.is_faded(ids["a6"])
    assert "2 not in view" in panel.status_text
    assert "Not sent" in panel.view.tooltip_for(ids["u1"])
    save_shot(panel, "tree_faded")


def test_refresh_after_append_and_rewind(qtbot, panel, built):
    s = built.session
    new_id = s.append_message(Message(role="user", content="one more question"))
    panel.refresh()
    assert panel.snapshot.current_id == new_id
    assert panel.node_at(panel.node_rect(new_id).center()) == new_id
    s.rewind(built.ids["a5"])
    panel.refresh()
    assert panel.snapshot.current_id == built.ids["a5"]  # t5 is folded into a5
    assert panel.view.tree_layout.rows[panel.view.tree_layout.current_row].lane == 0


def test_dark_palette_renders(qtbot, panel):
    panel.setPalette(dark_palette())
    panel.view.viewport().setPalette(dark_palette())
    save_shot(panel, "tree_rich_dark")


def test_empty_panel(qtbot):
    w = SessionTreePanel()
    qtbot.addWidget(w)
    w.set_session(None)
    assert w.status_text == "Empty session"
    assert w.node_at(QPoint(10, 10)) is None
    w.resize(200, 100)
    save_shot(w, "tree_empty")


def test_ten_thousand_entries_lay_out_and_paint(qtbot, tmp_path):
    """10k entries with tool calls, side branches every ~500 and compactions every ~2000."""
    s = Session.create(tmp_path / "big.jsonl", fsync=False)
    n, next_branch, next_compaction = 0, 500, 2000
    while n < 10_000:
        uid = s.append_message(Message(role="user", content=f"question {n}"))
        if n % 7 == 0:
            s.append_message(assistant("", [tool_call(f"c{n}", "read_file")]))
            tip = s.append_message(tool_result(f"c{n}", "tool", f"contents {n}"))
        else:
            tip = s.append_message(assistant(f"answer {n}"))
        n = len(s.entries)
        if n >= next_branch:  # a side branch off this question, then back to the main line
            next_branch += 500
            s.rewind(uid)
            for i in range(2 + (n // 500) % 5):
                s.append_message(assistant(f"alt {i}") if i % 2 == 0 else Message(role="user"))
            s.rewind(tip)
            n = len(s.entries)
        if n >= next_compaction:
            next_compaction += 2000
            s.add_summary_cache(f"summary {n}", n // 2, [])
    assert len(s.entries) >= 10_000
    w = SessionTreePanel()
    qtbot.addWidget(w)
    w.resize(360, 700)
    w.set_session(s)
    w.show()
    lay = w.view.tree_layout
    assert len(lay.rows) > 8_000
    assert lay.rows[lay.current_row].current
    assert lay.floor_row is not None and lay.lane_count >= 2
    on_path, nodes = w.status_text.split(" · ")[:2]
    assert on_path == f"{len(w.view.snapshot.path):,} on path"  # "8,512", like the node count
    assert nodes.endswith(" nodes") and "," in nodes
    save_shot(w, "tree_10k_top")
    bar = w.view.verticalScrollBar()
    bar.setValue(lay.floor_row * (bar.maximum() + w.view.viewport().height()) // len(lay.rows))
    save_shot(w, "tree_10k_floor")
    bar.setValue(bar.maximum() // 2)
    save_shot(w, "tree_10k_middle")
    s.close()


def test_banner_readable_in_dark_palette(qtbot, panel):
    panel.setPalette(dark_palette())
    panel.set_navigation_enabled(False)
    banner = panel._banner
    pal = banner.palette()
    bg, fg = pal.color(pal.ColorRole.Window), pal.color(pal.ColorRole.WindowText)
    assert abs(bg.lightnessF() - fg.lightnessF()) > 0.4
    save_shot(panel, "tree_nav_disabled_dark")


def test_keyboard_navigation(qtbot, panel, built):
    ids = built.ids
    view = panel.view
    view.setFocus()
    lay = view.tree_layout
    assert view.focus_row == lay.current_row == 0
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert lay.rows[view.focus_row].node_id == ids["a5"]
    with qtbot.waitSignal(panel.rewindRequested) as sig:
        qtbot.keyClick(view, Qt.Key.Key_Return)
    assert sig.args == [ids["t5"]]
    qtbot.keyClick(view, Qt.Key.Key_Down)
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert lay.rows[view.focus_row].node_id == ids["comp"]
    with qtbot.waitSignal(panel.compactionActivated) as sig:
        qtbot.keyClick(view, Qt.Key.Key_Enter)
    assert sig.args == [ids["comp"]]
    qtbot.keyClick(view, Qt.Key.Key_End)
    assert lay.rows[view.focus_row].node_id == ids["u1"]
    with qtbot.waitSignal(panel.sealedClicked) as sig:
        qtbot.keyClick(view, Qt.Key.Key_Space)
    assert sig.args == [ids["u1"]]
    with qtbot.waitSignal(panel.copyRequested):
        qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QGuiApplication.clipboard().text() == "Read the config please"
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert view.focus_row == 0
    save_shot(panel, "tree_keyboard_focus")


def test_refresh_skips_when_nothing_changed(panel, built):
    before = panel.snapshot
    panel.refresh()
    assert panel.snapshot is before  # same session state: no rebuild
    built.session.set_title("renamed")  # not drawn in the tree
    panel.refresh()
    assert panel.snapshot is before
    built.session.append_message(Message(role="user", content="new"))
    panel.refresh()
    assert panel.snapshot is not before


def test_tooltip_event_shows_preview(qtbot, panel, built):
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QApplication, QToolTip

    vp = panel.view.viewport()
    pos = panel.node_rect(built.ids["a3"]).center()
    event = QHelpEvent(QEvent.Type.ToolTip, pos, vp.mapToGlobal(pos))
    QApplication.sendEvent(vp, event)
    qtbot.waitUntil(QToolTip.isVisible, timeout=3000)
    assert "permission denied" in QToolTip.text()
    QToolTip.hideText()
    # message text is shown literally, never interpreted as markup
    mid = built.session.append_message(Message(role="user", content="<b>not bold</b> & co"))
    panel.refresh()
    pos = panel.node_rect(mid).center()
    QApplication.sendEvent(vp, QHelpEvent(QEvent.Type.ToolTip, pos, vp.mapToGlobal(pos)))
    qtbot.waitUntil(QToolTip.isVisible, timeout=3000)
    assert "&lt;b&gt;not bold&lt;/b&gt; &amp; co" in QToolTip.text()
    QToolTip.hideText()


def test_floor_label_leaves_the_floor_row_its_full_width(panel):
    """The floor label hangs below the line: the node at the floor (often the current one)
    keeps its whole label; only the first sealed row makes room for the label."""
    painter = panel.view._painter()
    floor = painter.layout.floor_row
    assert floor is not None and floor + 1 < len(painter.layout.rows)
    open_row = floor - 1 if floor > 0 else None
    full = painter.text_room(floor, 40.0, 320)
    assert full == 320 - 40 - 6
    if open_row is not None:
        assert painter.text_room(open_row, 40.0, 320) == full
    assert painter.text_room(floor + 1, 40.0, 320) < full - 60


def test_appends_update_incrementally_and_draw_what_a_rebuild_draws(
    qtbot, panel, built, monkeypatch
):
    """The window refreshes after every message: appends at the current entry must not rebuild
    (that stalls the loop on big sessions), yet draw the same; a rewind still rebuilds."""
    from pi_desktop.ui.tree.layout import layout_tree
    from pi_desktop.ui.tree.snapshot import TreeSnapshot

    s, ids = built.session, built.ids
    panel.view.toggle_branch(ids["b1"])  # an expansion the incremental path must keep
    real = TreeSnapshot.from_session.__func__
    builds: list[int] = []

    def counting(cls, session):
        builds.append(1)
        return real(cls, session)

    monkeypatch.setattr(TreeSnapshot, "from_session", classmethod(counting))
    s.append_message(Message(role="user", content="run the tests"))
    panel.refresh()
    s.append_message(assistant("", [tool_call("c9", "bash")]))
    panel.refresh()
    s.append_message(tool_result("c9", "bash", "Error: 2 failed"))
    s.append_message(Message(role="assistant", content="Two tests fail."))
    panel.refresh()
    assert builds == []
    full = real(TreeSnapshot, s)
    assert panel.snapshot == full
    assert panel.view.tree_layout == layout_tree(full, frozenset({ids["b1"]}))
    assert panel.view.tree_layout.current_row == 0
    assert not panel.node_rect(ids["b3"]).isEmpty()  # still expanded
    assert "11 on path" in panel.status_text  # 8 + user, call (result folded), answer
    s.rewind(ids["a5"])
    panel.refresh()
    assert builds == [1]
    assert panel.snapshot.current_id == ids["a5"]
