"""A narrower window re-estimates a long conversation's rows a slice per turn of the loop
(ui/chat/reestimate.py): the reader's row stays where it was, the rows around it are right at
once, and every row ends estimated at the new width, as a view opened at that width has it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pi_desktop.ui.chat.conversation import ConversationView, PathItem
from pi_desktop.ui.chat.reestimate import NEAR_ROWS, SLICE_ROWS, Reestimate
from pi_desktop.ui.chat.rows import Row

ROWS = 12_000  # three slices and a bit


def _items(n: int) -> list[PathItem]:
    return [
        PathItem(
            "message",
            f"e{i}",
            role="user" if i % 2 == 0 else "assistant",
            content=f"Message {i}. " + "Lorem ipsum dolor sit amet, consectetur. " * (1 + i % 7),
        )
        for i in range(n)
    ]


def _view(qtbot, width: int) -> ConversationView:
    view = ConversationView()
    qtbot.addWidget(view)
    view.resize(width, 700)
    view.show()
    qtbot.waitExposed(view)
    return view


@given(
    st.integers(0, 3 * SLICE_ROWS),
    st.integers(0, 3 * SLICE_ROWS),
    st.lists(st.integers(0, 3 * SLICE_ROWS), max_size=5),
)
def test_every_row_ends_estimated_at_the_new_width_whatever_is_inserted(n, near, inserts):
    rows = [Row("message", content="x" * (i % 50)) for i in range(n)]
    estimate = lambda row: 10 + len(row.content)  # noqa: E731
    again = Reestimate()
    first = again.start(rows, estimate, min(near, n), whole=False)
    assert all(r.height == estimate(r) for r in rows[first : first + 2 * NEAR_ROWS][:1])
    for at in inserts:  # rows added meanwhile come estimated at the new width
        new = Row("message", content="new")
        new.height = estimate(new)
        rows.insert(min(at, len(rows)), new)
        if again.pending:
            again.step(rows)
    while again.pending:
        again.step(rows)
    assert all(r.height == estimate(r) and not r.measured for r in rows)


def test_a_narrower_window_keeps_the_readers_row_and_ends_as_a_fresh_view(qtbot):
    view = _view(qtbot, 1000)
    view.show_path(_items(ROWS))
    view.settle()
    bar = view.verticalScrollBar()
    bar.setValue(bar.maximum() // 2)
    view.settle()
    reader = view.row_at(bar.value())
    offset = view.row_top(reader) - bar.value()
    wide = view.estimate_figures().inner
    view.resize(380, 700)  # narrower than the column: every row wraps anew
    assert view.estimate_figures().inner < wide
    qtbot.waitUntil(lambda: not view.layout_pending(), timeout=10_000)
    assert view.row_at(bar.value()) == reader
    assert view.row_top(reader) - bar.value() == offset  # where it was on screen
    figures = view.estimate_figures()  # the width it settled at (its scroll bar included)
    stale = [
        r.index for r in view.model_rows() if not r.measured and r.height != figures.estimate(r)
    ]
    assert stale == []  # every row as a view opened at this width estimates it
    assert sum(not r.measured for r in view.model_rows()) > ROWS - 200


def test_one_pass_after_the_resize_estimates_only_a_slice_and_a_settle_all(qtbot):
    view = _view(qtbot, 1000)
    view.show_path(_items(ROWS))
    view.settle()  # the end in view: the reader's row is the last
    rows = view.model_rows()
    old = [rows[i].height for i in (0, 6_000, ROWS - 150)]
    view.resize(380, 700)  # its resize event lays out once: the rows near the end only
    assert rows[ROWS - 150].height != old[2]
    assert [rows[0].height, rows[6_000].height] == old[:2]
    assert view.layout_pending()  # the rest is on its way
    view._relayout()  # the next pass: the first slice
    assert rows[0].height != old[0] and rows[6_000].height == old[1]
    view.settle()  # a settle: all of them
    assert rows[6_000].height != old[1] and not view.layout_pending()
