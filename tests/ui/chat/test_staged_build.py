"""Cards built over several turns of the loop, from spares made while idle (issue 18, point 1:
the scroll-bar drag). A staged build, a direct build and a card taken from the spares end the
same; a half-built row shows its stand-in; nothing half-built is left behind. Counted and
compared, never timed."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtTest import QTest

from pi_desktop.ui.chat.card_build import SPARES_PER_ROLE
from pi_desktop.ui.chat.conversation import ConversationView
from pi_desktop.ui.chat.lazy_rows import BUILD_ALL_ROWS
from pi_desktop.ui.chat.message_widgets import MessageCard
from pi_desktop.ui.chat.path_items import PathItem
from pi_desktop.ui.chat.usage_text import MessageStats

ROWS = 200
LOREM = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor."


def _items(n: int = ROWS) -> list[PathItem]:
    items = []
    for i in range(n):
        if i % 2 == 0:
            items.append(PathItem("message", f"e{i}", "user", f"Question {i}: {LOREM[: 20 + i]}"))
            continue
        code = f"```python\nx = {i}\n```"
        text = f"Answer {i}.\n\n{LOREM} **bold** zanzibar\n\n- one\n- two\n\n{code}"
        meta = {"reasoning": f"Thinking about {i}."} if i % 4 == 1 else None
        items.append(PathItem("message", f"e{i}", "assistant", text, meta))
    return items


def _view(qtbot, n: int = ROWS, spares: int | None = None) -> ConversationView:
    view = ConversationView()
    qtbot.addWidget(view)
    if spares is not None:
        view.spares.per_role = spares
    view.stats_source = lambda entry_id, _meta: MessageStats(
        None, ttft_s=0.4, duration_s=2.0, model=f"model-{entry_id}"
    )
    view.edit_allowed = lambda entry_id: entry_id != "e0"
    view.resize(800, 600)
    view.show()
    view.show_path(_items(n))
    return view


def _describe(card: MessageCard) -> dict:
    """What a user sees of a card and what its actions do."""
    return {
        "role": card.role,
        "entry_id": card.entry_id,
        "text": card.text,
        "html": card.body.toHtml(),
        "codes": card.body.code_blocks(),
        "reasoning": card.reasoning,
        "status": card.status_label.text(),
        "usage": card.actions.usage_label.text(),
        "tip": card.toolTip(),
        "pin_enabled": card.actions.pin_button.isEnabled(),
        "editable": card.editable,
        "body_hidden": card.body.isHidden(),
        "size": (card.width(), card.height()),
        "body_height": card.body.height(),
        "max_width": card.maximumWidth(),
        "visible": card.isVisible(),
    }


def _built_whole(view: ConversationView, row) -> MessageCard:
    """The card as it was built before staging: ``MessageCard(role, text)`` filled at once."""
    card = MessageCard(row.role, row.content, row.entry_id, view.widget())
    card.hide()
    if row.role == "user":
        card.setMaximumWidth(view._bubble_width())
    card.set_reasoning(row.reasoning)
    if row.role == "assistant":
        card.set_stats(view.stats_for(row.entry_id, row.metadata))
        card.body.setHidden(not row.content.strip())
    view._apply_editable(card)
    return card


def _same_as_whole(view: ConversationView, row) -> None:
    whole = _built_whole(view, row)
    seen, expected = _describe(row.widget), _describe(whole)
    for key in ("size", "body_height", "visible"):  # placed by the view, not by the card
        del seen[key], expected[key]
    assert seen == expected
    whole.deleteLater()


def _at_top_without_building(view: ConversationView) -> None:
    """The thumb dragged to the top and held: stand-ins only, no pass due."""
    bar = view.verticalScrollBar()
    bar.setSliderDown(True)
    bar.setValue(0)
    view._rest_timer.stop()
    view._layout_timer.stop()
    view._last_scroll = 0.0  # the hand has rested: the next pass may build


def _in_view(view: ConversationView):
    bar = view.verticalScrollBar()
    first = view.row_at(bar.value())
    last = view.row_at(bar.value() + view.viewport().height())
    return view.model_rows()[first : last + 1]


def _step_until_built(view: ConversationView) -> int:
    """One step per turn, as after a drag: how many turns the viewport took."""
    turns = 0
    while any(row.widget is None for row in _in_view(view)):
        view._relayout(budget=0.0)
        turns += 1
        assert turns < 200
    return turns


def test_a_card_built_in_steps_equals_a_direct_build_and_a_card_built_whole(qtbot):
    direct = _view(qtbot, spares=0)
    direct.verticalScrollBar().setValue(0)
    direct.settle()  # built at once (no budget)
    staged = _view(qtbot, spares=0)
    _at_top_without_building(staged)
    top = _in_view(staged)[0]
    before = staged.built_count()
    staged._relayout(budget=0.0)  # the first step: the card's widgets, not its text
    assert top.widget is None and staged.built_count() == before  # its stand-in is drawn
    staged._relayout(budget=0.0)  # the next turn: the text, and the card is the row's
    assert isinstance(top.widget, MessageCard) and top.widget.isVisible()
    assert top.widget.text == top.content
    turns = _step_until_built(staged)
    assert turns >= 1
    staged.settle()
    for row in _in_view(staged):
        card, other = row.widget, direct.model_rows()[row.index].widget
        assert _describe(card) == _describe(other)
        _same_as_whole(staged, row)
    described = [_describe(row.widget) for row in _in_view(staged)]
    assert {d["role"] for d in described} == {"user", "assistant"}
    assert any(d["reasoning"] for d in described) and any(d["usage"] for d in described)
    staged.verticalScrollBar().setSliderDown(False)


def test_a_spare_card_equals_a_fresh_one_and_keeps_edit_pin_and_stats(qtbot):
    fresh = _view(qtbot, spares=0)
    fresh.verticalScrollBar().setValue(0)
    fresh.settle()
    pooled = _view(qtbot)
    pooled.spares.fill_now()
    assert pooled.spares.count("user") == pooled.spares.count("assistant") == SPARES_PER_ROLE
    spare_ids = {id(c) for c in pooled.spares._cards["user"] + pooled.spares._cards["assistant"]}
    _at_top_without_building(pooled)
    top = _in_view(pooled)[0]
    pooled._relayout(budget=0.0)
    assert id(top.widget) in spare_ids  # a spare is filled in the same step: one turn
    assert top.widget.isVisible() and top.widget.text == top.content
    _step_until_built(pooled)
    pooled.settle()
    cards = [row.widget for row in _in_view(pooled)]
    assert any(id(card) in spare_ids for card in cards)  # spares were taken
    assert pooled.spares.count("user") < SPARES_PER_ROLE
    for row in _in_view(pooled):
        assert _describe(row.widget) == _describe(fresh.model_rows()[row.index].widget)
        _same_as_whole(pooled, row)
    question = next(c for c in cards if c.role == "user" and c.entry_id != "e0")
    edits, pins = [], []
    pooled.editRequested.connect(edits.append)
    pooled.pinRequested.connect(lambda entry_id, on: pins.append((entry_id, on)))
    QCoreApplication.sendEvent(question, QEvent(QEvent.Type.Enter))
    assert question.actions.isVisible()  # the hover actions
    question.actions.edit_button.click()
    question.actions.pin_button.click()
    assert edits == [question.entry_id] and pins == [(question.entry_id, True)]
    first = next(c for c in cards if c.entry_id == "e0")
    assert not first.editable  # the window's edit floor still applies to a spare
    pooled.verticalScrollBar().setSliderDown(False)


def test_a_half_built_row_scrolled_away_is_dropped_and_a_direct_build_finishes_one(qtbot):
    view = _view(qtbot, spares=0)
    _at_top_without_building(view)
    view._relayout(budget=0.0)
    top = _in_view(view)[0]
    assert top.widget is None and len(view._staged) == 1
    shell = view._staged._partial[top].widget
    bar = view.verticalScrollBar()
    bar.setValue(bar.maximum() // 2)  # the drag moved on
    view._last_scroll = 0.0
    view._relayout(budget=0.0)
    assert top not in view._staged and top.widget is None
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert not shiboken6.isValid(shell)  # deleted, not left hidden on the page
    # a half-built row that something needs at once (Ctrl+F, a jump) is finished, same widget
    _at_top_without_building(view)
    view._relayout(budget=0.0)
    top = _in_view(view)[0]
    shell = view._staged._partial[top].widget
    assert view.scroll_to_row(top.index) is shell
    assert top.widget is shell and shell.isVisible() and shell.text == top.content
    assert len(view._staged) == 0 or top not in view._staged
    view.verticalScrollBar().setSliderDown(False)


def test_spares_are_made_while_idle_only_and_not_for_a_short_conversation(qtbot):
    short = _view(qtbot, n=BUILD_ALL_ROWS)
    short.spares.wake()
    QTest.qWait(150)
    assert short.spares.count("user") == short.spares.count("assistant") == 0
    long = _view(qtbot)
    bar = long.verticalScrollBar()
    bar.setSliderDown(True)  # a drag in progress: no spare is made meanwhile
    long.spares.wake()
    QTest.qWait(150)
    assert long.spares.count("user") == long.spares.count("assistant") == 0
    bar.setSliderDown(False)
    qtbot.waitUntil(lambda: long.spares.count("assistant") == SPARES_PER_ROLE)
    assert long.spares.count("user") == SPARES_PER_ROLE
    spares = long.spares._cards["user"] + long.spares._cards["assistant"]
    assert all(not card.isVisible() for card in spares)
    assert all(card not in long.rows() for card in spares)  # not rows: nothing counts them


def test_making_spares_starts_no_layout_pass(qtbot, monkeypatch):
    """A spare is idle work: making one leaves the view idle. (Hiding a new child posts its
    parent a layout request: each of the eight spares after a launch started a layout pass
    with nothing to lay out, and the launch's idle moment came ~250 ms later.)"""
    view = _view(qtbot)
    view.settle()
    QTest.qWait(50)
    passes: list[int] = []
    real = view._layout_pass
    monkeypatch.setattr(view, "_layout_pass", lambda budget: (passes.append(1), real(budget)))
    busy: list[bool] = []
    view.spares.wake()
    qtbot.waitUntil(
        lambda: busy.append(view.layout_pending()) or view.spares.count("user") == SPARES_PER_ROLE
    )
    qtbot.waitUntil(lambda: view.spares.count("assistant") == SPARES_PER_ROLE)
    QTest.qWait(50)
    assert passes == [] and not any(busy)
    card = view.spares.take("user", view.widget())  # and a spare still stays hidden when taken
    assert card is not None and card.isHidden() and card.parentWidget() is view.widget()


def test_find_highlights_reach_cards_built_in_steps(qtbot):
    direct = _view(qtbot, spares=0)
    staged = _view(qtbot)
    staged.spares.fill_now()
    for view in (direct, staged):
        assert view.find("zanzibar") == ROWS // 2  # every answer, built or not
    direct.verticalScrollBar().setValue(0)
    direct.settle()
    _at_top_without_building(staged)
    _step_until_built(staged)
    staged.settle()
    answers = [row for row in _in_view(staged) if row.role == "assistant"]
    assert answers
    for row in answers:
        marks = row.widget.body.extraSelections()
        other = direct.model_rows()[row.index].widget.body.extraSelections()
        assert len(marks) == len(other) == 1
        assert marks[0].cursor.selectedText() == "zanzibar"
        assert marks[0].cursor.position() == other[0].cursor.position()
    staged.verticalScrollBar().setSliderDown(False)
