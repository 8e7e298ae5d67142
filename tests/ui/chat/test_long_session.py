"""Long sessions open at once and cost what is on screen; Ctrl+F finds across all of them
(issue 18, points 1 and 2). Counted in widgets, never timed."""

from __future__ import annotations

import itertools
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from pi_desktop.agent import OfflineLLM
from pi_desktop.context import Message
from pi_desktop.session import Session
from pi_desktop.ui.chat.conversation import MAX_BUILT
from pi_desktop.ui.chat.message_widgets import MessageCard

MESSAGES = 10_000
LOREM = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor."


def _long_session(folder: Path, n: int = MESSAGES) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    session = Session.create(folder / "long.jsonl", system_prompt="bench", fsync=False)
    for i in range(n):
        if i % 2 == 0:
            text = f"Question {i}: {LOREM[: 20 + i % 60]}"
        else:
            text = f"Answer {i}.\n\n{LOREM} {LOREM}\n\n- one\n- two\n\n```python\nx = {i}\n```"
        if i == 17:
            text += " The word zanzibar appears only here."
        if i in (301, 5_001, 9_001):
            text += " A quokka lives here."
        session.append_message(Message(role="user" if i % 2 == 0 else "assistant", content=text))
    session.close()
    return session.path


def _cards(window) -> list[MessageCard]:
    return window.conversation.message_cards()


def test_a_10k_message_session_opens_with_only_the_rows_in_view_built(
    kit, qtbot, tmp_path, artifacts
):
    path = _long_session(tmp_path / "sessions")
    window = kit.window(OfflineLLM(), offline=True, session_path=path)
    view = window.conversation
    assert view.row_count() == MESSAGES
    built = view.built_count()
    assert 0 < built < 60, built  # what a 800 px window shows, plus a little above
    assert "Answer 9999." in _cards(window)[-1].text  # the end is in view
    bar = view.verticalScrollBar()
    assert bar.value() == bar.maximum()
    assert bar.maximum() > MESSAGES * 40  # estimated for every row, not only the built ones
    window.grab().save(str(artifacts / "10k-session-end.png"))
    # the scroll bar dragged to the top: the first rows are built, the count stays bounded
    bar.setValue(0)
    qtbot.waitUntil(lambda: any(c.text.startswith("Question 0:") for c in _cards(window)))
    assert view.built_count() <= MAX_BUILT
    first = next(c for c in _cards(window) if c.text.startswith("Question 0:"))
    assert first.isVisible() and first.geometry().top() >= 0
    # and back in the middle: still bounded, every card there laid out under the one before
    bar.setValue(bar.maximum() // 2)
    QTest.qWait(50)
    view.settle()
    assert view.built_count() <= MAX_BUILT
    shown = sorted(
        (c for c in _cards(window) if c.isVisible() and c.geometry().bottom() > 0),
        key=lambda c: c.geometry().top(),
    )
    assert shown
    for above, below in itertools.pairwise(shown):
        assert above.geometry().bottom() < below.geometry().top()
    window.grab().save(str(artifacts / "10k-session-middle.png"))


def test_cards_built_later_keep_edit_pin_and_stats(kit, qtbot, tmp_path):
    path = _long_session(tmp_path / "sessions", 400)
    session = Session.load(path)
    first_user = session.get_current_path()[0].id
    session.pin(first_user)
    session.close()
    window = kit.window(OfflineLLM(), offline=True, session_path=path)
    view = window.conversation
    assert all(c.entry_id != first_user for c in _cards(window))  # not built at the end
    view.verticalScrollBar().setValue(0)
    qtbot.waitUntil(lambda: any(c.entry_id == first_user for c in _cards(window)))
    card = next(c for c in _cards(window) if c.entry_id == first_user)
    assert card.pinned and card.actions.pin_button.isChecked()
    assert card.actions.edit_button is not None and card.actions.edit_button.isEnabled()


def test_ctrl_f_jumps_to_a_match_in_a_row_not_built_yet(kit, qtbot, tmp_path, artifacts):
    path = _long_session(tmp_path / "sessions")
    window = kit.window(OfflineLLM(), offline=True, session_path=path)
    view = window.conversation
    assert not any("zanzibar" in c.text for c in _cards(window))
    QTest.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    bar = view.find_bar
    qtbot.waitUntil(bar.isVisible)
    assert bar.field.hasFocus()
    QTest.keyClicks(bar.field, "ZANZIBAR")  # case-insensitive
    qtbot.waitUntil(lambda: bar.count_label.text() == "1 of 1")
    card = next(c for c in _cards(window) if "zanzibar" in c.text)
    assert card.isVisible() and view.viewport().rect().intersects(card.geometry())
    (selection,) = card.body.extraSelections()
    assert selection.cursor.selectedText().casefold() == "zanzibar"
    window.grab().save(str(artifacts / "10k-ctrl-f-zanzibar.png"))
    # three matches far apart: next and previous walk them, and wrap
    bar.field.selectAll()
    QTest.keyClicks(bar.field, "quokka")
    qtbot.waitUntil(lambda: bar.count_label.text().endswith("of 3"))
    seen = []
    for _ in range(3):
        QTest.keyClick(bar.field, Qt.Key.Key_Return)
        index, _k = view.current_match
        seen.append(index)
        card = view.rows()[[w for w in view.rows()].index(_row_widget(view, index))]
        assert "quokka" in card.text
    assert sorted(seen) == [301, 5_001, 9_001]
    before = view.current_match
    QTest.keyClick(bar.field, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    QTest.keyClick(bar.field, Qt.Key.Key_Return)
    assert view.current_match == before
    QTest.keyClick(bar.field, Qt.Key.Key_Escape)
    assert not bar.isVisible()
    assert all(not c.body.extraSelections() for c in _cards(window))


def _row_widget(view, index: int):
    return view._rows[index].widget


def test_a_search_with_no_match_says_so(kit, qtbot, tmp_path):
    path = _long_session(tmp_path / "sessions", 200)
    window = kit.window(OfflineLLM(), offline=True, session_path=path)
    view = window.conversation
    view.open_find()
    QTest.keyClicks(view.find_bar.field, "no such words anywhere")
    qtbot.waitUntil(lambda: view.find_bar.count_label.text() == "No matches")
    assert view.find("lorem") == 300  # once in every question, twice in every answer


def test_the_launch_shows_the_window_at_once_and_reads_the_file_in_the_background(
    kit, qtbot, tmp_path
):
    """``--session`` as the app launches it: the window is up with a quiet "Opening…" row
    before the file is read; a message typed meanwhile waits in the box; then the rows."""
    path = _long_session(tmp_path / "sessions", 2_000)
    window = background_window(kit, path)
    assert window.session is None and window.loading_path == path.parent.resolve() / path.name
    view = window.conversation
    assert view.hint.isVisible() and "Opening long.jsonl" in view.hint.text()
    window.input.setPlainText("hello while it loads")
    assert window.send() is None
    assert window.input.toPlainText() == "hello while it loads"  # kept, nothing created
    assert kit.library.list_sessions() == [] or all(
        info.path == path for info in kit.library.list_sessions()
    )
    qtbot.waitUntil(lambda: window.session is not None, timeout=30_000)
    assert window.session.path.name == "long.jsonl" and window.loading_path is None
    assert view.row_count() == 2_000 and not view.hint.isVisible()
    assert view.built_count() < 60


def test_an_answer_streaming_at_the_end_leaves_a_reader_where_they_are(kit, qtbot, tmp_path):
    """Scrolled to the top of a long session while an answer streams at its end: the view
    stays on the row being read, the answer's card is never dropped, and it ends whole."""
    path = _long_session(tmp_path / "sessions", 2_000)
    window = kit.window(OfflineLLM(), offline=True, session_path=path)
    view = window.conversation
    bar = view.verticalScrollBar()
    bar.setValue(0)
    qtbot.waitUntil(lambda: any(c.text.startswith("Question 0:") for c in _cards(window)))
    first = next(c for c in _cards(window) if c.text.startswith("Question 0:"))
    top = first.geometry().top()
    view.add_message("user", "one more question", "u-new")
    for i in range(200):
        view.append_delta(f"word {i} " + ("\n\n" if i % 20 == 19 else ""))
        if i % 50 == 0:
            QTest.qWait(5)
    streaming = view.streaming_card
    view.settle()
    assert bar.value() == 0 and first.geometry().top() == top  # not pulled to the end
    assert streaming in view.message_cards() and view.built_count() <= MAX_BUILT
    text = "".join(f"word {i} " + ("\n\n" if i % 20 == 19 else "") for i in range(200))
    view.add_message("assistant", text, "a-new")
    assert view.streaming_card is None and view.row_count() == 2_002
    view.scroll_to_bottom()
    qtbot.waitUntil(lambda: any(c.entry_id == "a-new" for c in _cards(window)))
    card = next(c for c in _cards(window) if c.entry_id == "a-new")
    qtbot.waitUntil(lambda: not card.body.streaming)
    assert card.text == text and card.isVisible()


def test_a_scroll_bar_drag_draws_stand_ins_until_the_thumb_rests(kit, qtbot, tmp_path, artifacts):
    """While the thumb moves no card is built (each costs milliseconds; a drag over 10,000
    rows asks for new ones every frame); the rows show their first words, and once the hand
    rests the cards are built."""
    path = _long_session(tmp_path / "sessions")
    window = kit.window(OfflineLLM(), offline=True, session_path=path)
    view = window.conversation
    bar = view.verticalScrollBar()
    before = {id(c) for c in _cards(window)}
    bar.setSliderDown(True)
    try:
        bar.setValue(bar.maximum() // 3)
        in_view = [c for c in _cards(window) if id(c) not in before and c.isVisible()]
        assert in_view == []  # stand-ins only, painted by the page
        window.grab().save(str(artifacts / "10k-drag-stand-ins.png"))
        qtbot.waitUntil(
            lambda: any(
                id(c) not in before and c.isVisible() and c.geometry().bottom() > 0
                for c in _cards(window)
            )
        )
    finally:
        bar.setSliderDown(False)
    assert view.built_count() <= MAX_BUILT
    view.settle()
    window.grab().save(str(artifacts / "10k-drag-rested.png"))


def test_ctrl_f_scrolls_a_wide_code_block_to_its_match(qtbot):
    from pi_desktop.ui.chat.conversation import ConversationView

    view = ConversationView()
    qtbot.addWidget(view)
    view.resize(700, 500)
    view.show()
    line = "x = [" + ", ".join(f"item_{i}" for i in range(80)) + "]  # needle_at_the_end"
    view.add_message("assistant", f"Some prose.\n\n```python\n{line}\n```\n\nAfter.", "a1")
    view.settle()
    body = view.message_cards()[0].body
    qtbot.waitUntil(lambda: body.code_range(0) > 0)
    assert view.find("needle_at_the_end") == 1
    assert body.code_offset(0) > 0  # the block slid to show the match; the message did not
    assert body.horizontalScrollBar().value() == 0


def background_window(kit, path):
    """The real window started on ``path`` as ``--session`` does: shown at once, the file
    read in the background (offline provider, 1000 × 700)."""
    from pi_desktop.app import build_window
    from pi_desktop.ui.agent_factories import ProviderSetup

    window = build_window(
        settings_store=kit.settings_store(),
        key_store=kit.key_store,
        library=kit.library,
        provider_factory=lambda _s: ProviderSetup(OfflineLLM(), None, "offline", True),
        session_path=path,
        workspace=kit.workspace,
        presets=[],
        background=True,
    )
    kit.windows.append(window)
    window.resize(1000, 700)
    window.show()
    return window
