"""The sidebar's model and filter on their own: 1,000 rows, order, marks, rename requests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from PySide6.QtCore import Qt

from pi_desktop.session import SessionInfo
from pi_desktop.ui.sessions.sidebar import (
    ID_ROLE,
    OPEN_ROLE,
    STREAMING_ROLE,
    SessionsSidebar,
)

WORDS = ["alpha", "budget", "tree", "notes", "refactor"]


def _infos(count: int) -> list[SessionInfo]:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    rows = []
    for n in range(count):
        rows.append(
            SessionInfo(
                id=f"s{n:04d}",
                path=Path(f"/nowhere/s{n:04d}.jsonl"),
                title=f"{WORDS[n % 5]} talk {n}" if n % 2 else None,
                updated=start - timedelta(minutes=n),  # newest first, as the library lists
                message_count=n % 7,
                preview=f"question {n} about {WORDS[(n + 1) % 5]}" if n % 3 else None,
            )
        )
    return rows


def _expected(rows: list[SessionInfo], text: str) -> list[str]:
    text = text.lower()
    return [r.id for r in rows if text in f"{r.title or ''}\n{r.preview or ''}".lower()]


def test_a_thousand_rows_filter_keeps_the_order_and_matches_title_or_first_message(qtbot):
    sidebar = SessionsSidebar()
    qtbot.addWidget(sidebar)
    rows = _infos(1000)
    sidebar.set_sessions(rows)
    assert sidebar.visible_ids() == [r.id for r in rows]
    for text in ["budget", "BUDGET", "talk 99", "question 5", "nothing like this", ""]:
        sidebar.proxy.set_text(text)
        assert sidebar.visible_ids() == (_expected(rows, text) if text else [r.id for r in rows])
    untitled = next(r for r in rows if r.title is None and r.preview is None)
    sidebar.proxy.set_text("")
    index = sidebar.proxy.mapFromSource(sidebar.model.index_of(untitled.id))
    assert index.data() == "Untitled session"


def test_open_and_streaming_marks_follow_the_ids(qtbot):
    sidebar = SessionsSidebar()
    qtbot.addWidget(sidebar)
    sidebar.set_sessions(_infos(5))
    sidebar.set_open("s0003")
    sidebar.set_streaming("s0003")
    marks = {
        sidebar.model.index(r, 0).data(ID_ROLE): (
            sidebar.model.index(r, 0).data(OPEN_ROLE),
            sidebar.model.index(r, 0).data(STREAMING_ROLE),
        )
        for r in range(5)
    }
    assert marks["s0003"] == (True, True)
    assert all(v == (False, False) for k, v in marks.items() if k != "s0003")
    assert sidebar.view.currentIndex().data(ID_ROLE) == "s0003"
    sidebar.set_streaming(None)
    assert not sidebar.model.index_of("s0003").data(STREAMING_ROLE)


def test_editing_a_title_requests_a_rename_once_and_only_when_it_changed(qtbot):
    sidebar = SessionsSidebar()
    qtbot.addWidget(sidebar)
    sidebar.set_sessions(_infos(3))
    asked: list[tuple[str, str]] = []
    sidebar.model.renameRequested.connect(lambda sid, title: asked.append((sid, title)))
    index = sidebar.model.index_of("s0001")
    assert index.data(Qt.ItemDataRole.EditRole) == "budget talk 1"
    assert not sidebar.model.setData(index, "budget talk 1")
    assert sidebar.model.setData(index, "  New   name \n")
    assert asked == [("s0001", "New name")]
