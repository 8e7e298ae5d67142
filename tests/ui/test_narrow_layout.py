"""A narrow window: below 1,000 px the sessions sidebar and the tree collapse behind toggles
in the chat's header, the chat rewraps at any width, and a wide window brings both back."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QWidget

from pi_desktop.agent import OfflineLLM
from pi_desktop.context import Message
from pi_desktop.ui import theme
from pi_desktop.ui.chat.conversation import ConversationView
from pi_desktop.ui.narrow_layout import NARROW_BELOW, CollapsiblePanel, NarrowLayout
from tests.ui.dialogs.test_context_inspect import build_session

LONG = (
    "A long paragraph that has to wrap at the column's edge whatever the width, with an "
    "unbreakable_identifier_that_goes_on_and_on_for_a_while and /a/long/path/to/some/file.py."
)


def _settle(window, qtbot) -> None:
    for _ in range(4):
        qtbot.wait(20)
    window.conversation.settle()


def _inside(widget: QWidget, outer: QWidget) -> bool:
    """``widget`` lies wholly inside ``outer``'s rectangle (nothing of it clipped)."""
    top_left = widget.mapTo(outer, widget.rect().topLeft())
    bottom_right = widget.mapTo(outer, widget.rect().bottomRight())
    return outer.rect().contains(top_left) and outer.rect().contains(bottom_right)


def _window(kit, qtbot):
    path = kit.tmp / "narrow.jsonl"
    session = build_session(path)
    session.append_message(Message(role="user", content="Wrap this please: " + LONG))
    session.append_message(Message(role="assistant", content=LONG + "\n\n" + LONG))
    session.close()
    kit.save_settings(context_budget=16_000)
    window = kit.window(OfflineLLM(), session_path=path)
    qtbot.waitUntil(lambda: window.conversation.row_count() > 0)
    return window


def test_narrow_window_collapses_the_panels_behind_toggles(kit, qtbot, artifacts):
    window = _window(kit, qtbot)
    header = window.header
    window.resize(1200, 800)
    _settle(window, qtbot)
    assert window.sidebar.isVisible() and window.tree.isVisible()
    assert header.sessions_toggle.isHidden() and header.tree_toggle.isHidden()
    window.resize(700, 800)
    _settle(window, qtbot)
    assert window.width() == 700  # the window could shrink: nothing holds it wider
    assert window.narrow.narrow
    assert not window.sidebar.isVisible() and not window.tree.isVisible()
    assert header.sessions_toggle.isVisible() and header.tree_toggle.isVisible()
    assert header.sessions_toggle.accessibleName() == "Sessions"
    window.grab().save(str(artifacts / "narrow-700-collapsed.png"))
    # a toggle brings its panel back beside the chat; the other one closes (one at a time)
    qtbot.mouseClick(header.tree_toggle, Qt.MouseButton.LeftButton)
    assert window.tree.isVisible() and header.tree_toggle.isChecked()
    _settle(window, qtbot)
    window.grab().save(str(artifacts / "narrow-700-tree.png"))
    qtbot.mouseClick(header.sessions_toggle, Qt.MouseButton.LeftButton)
    assert window.sidebar.isVisible() and not window.tree.isVisible()
    assert not header.tree_toggle.isChecked()
    qtbot.mouseClick(header.sessions_toggle, Qt.MouseButton.LeftButton)
    assert not window.sidebar.isVisible()
    # Ctrl+K shows the sidebar another way: its toggle follows
    window.focus_session_search()
    assert window.sidebar.isVisible() and header.sessions_toggle.isChecked()
    # wide again: both panels back, the toggles gone
    window.resize(1200, 800)
    _settle(window, qtbot)
    assert not window.narrow.narrow
    assert window.sidebar.isVisible() and window.tree.isVisible()
    assert header.sessions_toggle.isHidden() and header.tree_toggle.isHidden()


def test_a_sidebar_hidden_on_purpose_stays_hidden_when_the_window_widens(kit, qtbot):
    window = _window(kit, qtbot)
    window.resize(1200, 800)
    window.sessions.toggle_action.setChecked(False)  # Ctrl+B
    assert not window.sidebar.isVisible()
    window.resize(700, 800)
    window.resize(1200, 800)
    assert not window.sidebar.isVisible() and window.tree.isVisible()


def test_the_chat_rewraps_at_700_and_1000_px_with_nothing_clipped(kit, qtbot, artifacts):
    window = _window(kit, qtbot)
    view = window.conversation
    app = QApplication.instance()
    for dark in (False, True):
        theme.apply_theme(app, dark=dark)
        for width in (700, 1000, 1400):
            window.resize(width, 800)
            _settle(window, qtbot)
            view.scroll_to_bottom()
            _settle(window, qtbot)
            assert window.width() == width
            scheme = "dark" if dark else "light"
            window.grab().save(str(artifacts / f"narrow-window-{width}-{scheme}.png"))
            viewport = view.viewport()
            cards = [c for c in view.message_cards() if c.isVisible()]
            assert cards
            for card in cards:  # every row inside the viewport's width, its text wrapped
                left = card.mapTo(viewport, card.rect().topLeft()).x()
                assert left >= 0 and left + card.width() <= viewport.width(), (width, card.text)
                body = card.body
                assert body.document().textWidth() <= body.width()
                assert not body.overflows() or "```" in card.text
            for part in (window.header, window.budget_bar, window.input, window.send_button):
                assert _inside(part, window), (width, part)
            for label in window.header.findChildren(QLabel):  # elided, never cut
                assert label.isHidden() or _inside(label, window.header), (width, label)
    theme.apply_theme(app, dark=False)


def test_narrow_layout_on_its_own(qtbot):
    """The component, apart from the window: any widget, any panels, any threshold."""
    window = QWidget()
    qtbot.addWidget(window)
    left, right = QLabel("left", window), QLabel("right", window)
    left_toggle, right_toggle = QPushButton("L", window), QPushButton("R", window)
    for toggle in (left_toggle, right_toggle):
        toggle.setCheckable(True)
    window.resize(1200, 400)
    window.show()
    narrow = NarrowLayout(
        window, [CollapsiblePanel(left, left_toggle), CollapsiblePanel(right, right_toggle)]
    )
    seen: list[bool] = []
    narrow.narrowChanged.connect(seen.append)
    assert not narrow.narrow and left.isVisible() and left_toggle.isHidden()
    window.resize(NARROW_BELOW - 1, 400)
    assert narrow.narrow and seen == [True]
    assert left.isHidden() and right.isHidden() and left_toggle.isVisible()
    narrow.open(left)
    assert left.isVisible() and left_toggle.isChecked()
    right_toggle.setChecked(True)
    assert right.isVisible() and left.isHidden() and not left_toggle.isChecked()
    window.resize(NARROW_BELOW, 400)
    assert not narrow.narrow and seen == [True, False]
    assert left.isVisible() and right.isVisible()
    assert left_toggle.isHidden() and not right_toggle.isChecked()


def test_a_bare_conversation_rewraps_at_any_width(qtbot):
    view = ConversationView()
    qtbot.addWidget(view)
    view.show()
    card = view.add_message("assistant", LONG * 3, "a1")
    heights = {}
    for width in (320, 700, 1000):
        view.resize(width, 500)
        view.settle()
        assert card.width() <= view.viewport().width()
        assert card.body.document().textWidth() == card.body.width()
        heights[width] = card.height()
    assert heights[320] > heights[700] >= heights[1000]  # narrower: more lines, not clipped


def test_a_compaction_marker_ends_in_an_ellipsis_in_a_narrow_column(qtbot, artifacts):
    view = ConversationView()
    qtbot.addWidget(view)
    view.show()
    marker = view.add_compaction("c1", 95_000, 10_000, 1_234, manual=True)
    view.resize(1000, 300)
    view.settle()
    wide = marker.label.width()
    assert marker.label.fontMetrics().horizontalAdvance(marker.label.text()) <= wide
    view.resize(340, 300)
    view.settle()
    viewport = view.viewport()
    for part in (marker.label, marker.view_button):  # both whole inside the column
        left = part.mapTo(viewport, part.rect().topLeft()).x()
        assert left >= 0 and left + part.width() <= viewport.width()
    assert marker.label.width() < wide
    assert "1,234 messages · 95k → 10k tokens" in marker.label.toolTip()
    view.grab().save(str(artifacts / "narrow-marker-340.png"))


def test_a_marker_with_room_shows_its_whole_line(qtbot):
    view = ConversationView()
    qtbot.addWidget(view)
    view.resize(1000, 300)
    view.show()
    for rung in ("model", "edited", "extractive"):
        marker = view.add_compaction("c1", 2_300, 2_310, 28, rung=rung)
        view.settle()
        label = marker.label
        assert label.fontMetrics().horizontalAdvance(label.text()) <= label.width(), rung


def test_closing_a_narrow_window_keeps_the_sidebar_for_the_next_wide_start(kit, qtbot):
    from pi_desktop.ui.sessions.sidebar_controller import SIDEBAR_VISIBLE_KEY

    window = _window(kit, qtbot)
    window.resize(700, 800)
    assert not window.sidebar.isVisible()
    window.close()
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=10_000)
    saved = kit.settings_store().value(SIDEBAR_VISIBLE_KEY)
    assert str(saved).lower() in ("true", "1")  # collapsed by the width, not by the user


def test_a_window_that_starts_narrow_starts_collapsed(qtbot):
    """Start-up restores a saved sidebar before the window shows; a narrow first show still
    collapses it (the user opens it from its toggle)."""
    window = QWidget()
    qtbot.addWidget(window)
    panel, toggle = QLabel("sessions", window), QPushButton("S", window)
    toggle.setCheckable(True)
    window.resize(700, 400)
    narrow = NarrowLayout(window, [CollapsiblePanel(panel, toggle)])
    assert narrow.narrow and panel.isHidden()
    panel.show()  # what restoring the saved "sidebar visible" does
    window.show()
    qtbot.waitExposed(window)
    assert narrow.narrow and panel.isHidden() and toggle.isVisible()
    assert not toggle.isChecked()
    panel.show()  # once shown, another way of opening it (Ctrl+B) is followed
    assert panel.isVisible() and toggle.isChecked()
