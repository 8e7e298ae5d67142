"""What opening a long session costs the event loop (issue 18): the file, the path and the
rows are read and estimated in the loader thread; on the loop the open neither walks the path
again nor estimates a row. Counted (walked entries, estimates), never timed."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from pi_desktop.session.state import SessionState
from pi_desktop.ui.chat import path_rows
from pi_desktop.ui.chat.path_items import PathItem
from pi_desktop.ui.chat.path_rows import EstimateFigures, rows_of
from pi_desktop.ui.chat.rows import Row
from tests.ui.chat.test_long_session import _long_session, background_window

MESSAGES = 3_000


def _open_in_background(kit, qtbot, path: Path, monkeypatch):
    """``--session`` as the app launches it; returns the window and what ``open_session``
    (on the loop, once the thread is done) walked and estimated."""
    from pi_desktop.ui.main_window import MainWindow

    counts = {"walked": 0, "estimated": 0, "opens": 0}
    on_loop = {"now": False}
    walk, estimate = SessionState._walk_to_path, path_rows.estimate_height

    def counting_walk(self, entry_id):
        suffix, joint = walk(self, entry_id)
        if on_loop["now"]:
            counts["walked"] += len(suffix)
        return suffix, joint

    def counting_estimate(*args):
        if on_loop["now"]:
            counts["estimated"] += 1
        return estimate(*args)

    open_session = MainWindow.open_session

    def watched_open(self, session, **kwargs):
        counts["opens"] += 1
        on_loop["now"] = True
        try:
            return open_session(self, session, **kwargs)
        finally:
            on_loop["now"] = False

    monkeypatch.setattr(SessionState, "_walk_to_path", counting_walk)
    monkeypatch.setattr(path_rows, "estimate_height", counting_estimate)
    monkeypatch.setattr(MainWindow, "open_session", watched_open)
    window = background_window(kit, path)
    qtbot.waitUntil(lambda: window.session is not None, timeout=30_000)
    return window, counts


def test_opening_walks_no_path_and_estimates_no_row_on_the_loop(kit, qtbot, tmp_path, monkeypatch):
    path = _long_session(tmp_path / "sessions", MESSAGES)
    window, counts = _open_in_background(kit, qtbot, path, monkeypatch)
    assert counts["opens"] == 1
    # the title, the budget figures, the agent's history, the tree: all from the path the
    # loader walked — a second walk of the 3,000 messages on the loop would count them
    assert counts["walked"] == 0, counts
    assert counts["estimated"] == 0, counts  # estimated in the thread, at the shown width
    view = window.conversation
    assert view.row_count() == MESSAGES and 0 < view.built_count() < 60
    bar = view.verticalScrollBar()
    assert bar.value() == bar.maximum() > MESSAGES * 40  # every row has its estimate
    assert "Answer 2999." in view.message_cards()[-1].text


def test_rows_estimated_at_other_figures_are_estimated_again_when_shown(qapp):
    """The window resized while the file was read: rows the thread estimated at the old
    width get the heights of the width shown, as a path drawn on the loop would."""
    from pi_desktop.ui.chat.conversation import ConversationView

    view = ConversationView()
    try:
        view.resize(900, 700)
        items = [
            PathItem("message", f"e{i}", role="user" if i % 2 else "assistant", content="x " * i)
            for i in range(300)
        ]
        shown = view.estimate_figures()
        stale = EstimateFigures(inner=shown.inner // 3, bubble=shown.bubble // 3,
                                char=shown.char, line=shown.line)  # fmt: skip
        prepared = rows_of(items, stale)
        assert [r.height for r in prepared.rows] != [shown.estimate(r) for r in prepared.rows]
        view.show_path(prepared)
        rest = [r for r in view._rows if not r.measured]
        assert len(rest) > 200
        assert all(r.height == view.estimate_figures().estimate(r) for r in rest)
    finally:
        view.deleteLater()


# ---------------------------------------------------------------- rows off the loop = live rows

_roles = st.sampled_from(["user", "assistant", "tool", "system"])
_call_ids = st.sampled_from(["c1", "c2", "c3", ""])


@st.composite
def _items(draw) -> list[PathItem]:
    out: list[PathItem] = []
    for i in range(draw(st.integers(0, 25))):
        if draw(st.integers(0, 9)) == 0:
            out.append(PathItem("compaction", f"k{i}", tokens_before=9, tokens_after=3))
            continue
        role = draw(_roles)
        content = draw(st.sampled_from(["", " ", "hi", "two\nlines", "```py\nx\n```"]))
        metadata = None
        if role == "tool":
            metadata = {"tool_call_id": draw(_call_ids), "name": "read"}
        elif role == "assistant" and draw(st.booleans()):
            calls = draw(st.lists(_call_ids, max_size=2))
            metadata = {
                "tool_calls": [
                    {"id": c, "type": "function", "function": {"name": "read", "arguments": "{}"}}
                    for c in calls
                ]
                + ([{"id": 7}] if draw(st.booleans()) else []),  # a malformed call: a problem
                "reasoning_content": draw(st.sampled_from(["", "thought"])),
            }
        out.append(PathItem("message", f"e{i}", role=role, content=content, metadata=metadata))
    return out


def _shape(rows: list[Row]) -> list[tuple]:
    return [
        (r.kind, r.entry_id, r.role, r.content, r.reasoning, r.call_id, r.name, r.arguments,
         r.result, r.stored, r.offloaded_path, r.tokens_before)
        for r in rows
    ]  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(items=_items())
def test_rows_made_off_the_loop_equal_the_rows_the_live_view_adds(qapp, items):
    """``rows_of`` (the loader thread) and the conversation adding the same messages one by
    one as a run does (``add_message``, ``add_compaction``) draw the same rows."""
    from pi_desktop.ui.chat.conversation import ConversationView

    view = ConversationView()
    try:
        for item in items:
            if item.kind == "compaction":
                view._rows.append(
                    Row("compaction", item.entry_id, tokens_before=item.tokens_before,
                        tokens_after=item.tokens_after)
                )  # fmt: skip
                continue
            view._message_row(
                item.role, item.content, item.entry_id, item.metadata, item.offloaded_path,
                build=False,
            )  # fmt: skip
        made = rows_of(items)
        assert _shape(made.rows) == _shape(view._rows)
        assert made.problems == view.problems
        assert set(made.tool_calls) == set(view._tool_calls)
    finally:
        view.deleteLater()
