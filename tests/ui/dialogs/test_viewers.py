"""The summary viewer and the tool-result file viewer show the right content, non-modally."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QGuiApplication

from pi_desktop.context import Message
from pi_desktop.context.report import CompactionInfo
from pi_desktop.session import Session
from pi_desktop.ui.dialogs.file_viewer import ToolResultViewer, folder_url, human_size
from pi_desktop.ui.dialogs.summary_viewer import SummaryViewer, split_file_tags, summary_fields
from pi_desktop.ui.theme import dark_palette
from tests.ui.shots import save_shot

SUMMARY = """## Goal
Move the server to **port 9090**.

## Constraints & Preferences
- keep the config in TOML

## Progress
### Done
- [x] read `cfg.toml`
### In Progress
- [ ] write the new port
### Blocked
- permission denied on `/etc/app.toml`

## Key Decisions
| what | why |
|------|-----|
| TOML | already used |

## Next Steps
1. retry with sudo

## Critical Context
```
port = 8080
```

<read-files>
cfg.toml
docs/setup.md
</read-files>

<modified-files>
cfg.toml
</modified-files>
"""


@pytest.fixture
def compaction_entry(tmp_path):
    s = Session.create(tmp_path / "s.jsonl", fsync=False)
    for i in range(4):
        s.append_message(Message(role="user" if i % 2 == 0 else "assistant", content=f"m{i}"))
    cid = s.add_summary_cache(
        SUMMARY,
        3,
        [{"role": "user", "content": "m2"}, {"role": "assistant", "content": "m3"}],
        tokens_before=95_000,
        tokens_after=10_000,
        summarized_count=2,
        summary_model="gpt-4o-mini",
        summary_usage={"prompt_tokens": 12_345, "completion_tokens": 678},
        read_files=["cfg.toml", "docs/setup.md"],
        modified_files=["cfg.toml"],
        manual=True,
    )
    entry = s.entries[cid]
    s.close()
    return entry


def test_split_file_tags():
    prose, read, modified = split_file_tags(SUMMARY)
    assert read == ["cfg.toml", "docs/setup.md"]
    assert modified == ["cfg.toml"]
    assert "<read-files>" not in prose and prose.startswith("## Goal")


def test_summary_viewer_shows_entry(qtbot, compaction_entry):
    v = SummaryViewer(compaction_entry)
    qtbot.addWidget(v)
    v.show()
    qtbot.waitExposed(v)
    assert not v.isModal()
    f = v.fields
    assert f["Tokens"] == "95,000 → 10,000 (−89 %)"
    assert f["Kind"].startswith("manual")
    assert f["Summarized"] == "2 messages"
    assert f["Covered"].startswith("3 messages")
    assert f["Kept tail"] == "2 messages"
    assert f["Summary model"] == "gpt-4o-mini"
    assert f["Summary usage"] == "prompt 12,345 · completion 678"
    assert v.read_files == ["cfg.toml", "docs/setup.md"]
    assert v.modified_files == ["cfg.toml"]
    assert [v.read_list.item(i).text() for i in range(v.read_list.count())] == v.read_files
    rendered = v.browser.toPlainText()
    assert "Goal" in rendered and "port 9090" in rendered and "retry with sudo" in rendered
    assert "##" not in rendered  # rendered as markdown, not shown raw
    assert "<read-files>" not in rendered
    v.copy_summary()
    assert QGuiApplication.clipboard().text() == SUMMARY
    save_shot(v, "summary_viewer")
    v.setPalette(dark_palette())
    save_shot(v, "summary_viewer_dark")


def test_summary_viewer_from_compaction_info_and_tag_fallback(qtbot):
    info = CompactionInfo(
        tokens_before=0,
        tokens_after=4_000,
        summarized_count=7,
        summary=SUMMARY,
        covered_count=9,
        retained_tail=[],
    )
    v = SummaryViewer(info)
    qtbot.addWidget(v)
    assert v.read_files == ["cfg.toml", "docs/setup.md"]  # taken from the summary's tags
    assert v.fields["Tokens"] == "4,000 after"
    assert v.fields["Summary usage"] == "not reported"
    assert summary_fields(info)["Kind"] == "—"


def test_a_summary_is_laid_out_once_per_selection(qtbot, monkeypatch):
    """Opening the viewer, or choosing a history row, shows that summary once, not twice:
    with a megabyte-sized summary every extra layout is tens of milliseconds of frozen loop."""
    from types import SimpleNamespace

    from pi_desktop.ui.dialogs.summary_history import HistoryItem

    shown: list[str] = []
    real_show = SummaryViewer._show
    monkeypatch.setattr(
        SummaryViewer,
        "_show",
        lambda self, item: (shown.append(item.entry.id), real_show(self, item)),
    )
    first = SimpleNamespace(id="c1", summary="first")
    second = SimpleNamespace(id="c2", summary="second")
    history = [
        HistoryItem(first, 1, None, (), (), 0, False),
        HistoryItem(second, 2, first, (), (), 0, True),
    ]
    v = SummaryViewer(second, history=history)
    qtbot.addWidget(v)
    assert shown == ["c2"]
    v.select_item(0)
    assert shown == ["c2", "c1"]
    assert v.browser.toPlainText().strip() == "first"
    v.set_history(history, "c1")  # the row already selected: shown again (fresh figures), once
    assert shown == ["c2", "c1", "c1"]


def test_file_viewer_loads_in_chunks(qtbot, tmp_path):
    lines = [f"line {i:06d} " + "x" * 40 for i in range(20_000)]
    body = "\n".join(lines) + "\nünïcödé ✓ end\n"
    path = tmp_path / "results" / "call_1.txt"
    path.parent.mkdir()
    path.write_text(body, encoding="utf-8")
    ticks: list[int] = []
    v = ToolResultViewer(path, chunk_bytes=64 * 1024)
    v.editor.textChanged.connect(lambda: ticks.append(v.loaded_bytes))
    qtbot.addWidget(v)
    v.show()
    assert not v.isModal()
    assert not v.is_loaded  # loading proceeds on the event loop, not in the constructor
    with qtbot.waitSignal(v.loaded, timeout=20_000):
        pass
    assert v.is_loaded and v.error is None
    assert v.text == body
    assert v.total_bytes == path.stat().st_size == v.loaded_bytes
    assert len(ticks) >= v.total_bytes // (64 * 1024)  # appended chunk by chunk
    assert human_size(v.total_bytes) in v.size_label.text()
    assert "20,001 lines" in v.size_label.text()
    save_shot(v, "file_viewer")


def test_file_viewer_open_folder_uses_the_seam(qtbot, tmp_path):
    path = tmp_path / "out.txt"
    path.write_text("hello")
    opened: list[QUrl] = []
    v = ToolResultViewer(path, open_url=opened.append)
    qtbot.addWidget(v)
    qtbot.mouseClick(v.open_folder_button, Qt.MouseButton.LeftButton)
    assert opened == [folder_url(path)]
    assert opened[0].toLocalFile() == str(tmp_path.resolve())


def test_file_viewer_find(qtbot, tmp_path):
    path = tmp_path / "f.txt"
    path.write_text("alpha\nbeta needle\ngamma\nneedle again\n")
    v = ToolResultViewer(path)
    qtbot.addWidget(v)
    v.show()
    qtbot.waitUntil(lambda: v.is_loaded)
    qtbot.keyClick(v, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert v.find_bar.isVisible()
    assert v.find("needle")
    first = v.editor.textCursor().selectionStart()
    assert v.find("needle")
    second = v.editor.textCursor().selectionStart()
    assert second > first
    assert v.find("needle")  # wraps around
    assert v.editor.textCursor().selectionStart() == first
    assert v.find("needle", backward=True)
    selected = v.editor.textCursor().selectedText()
    assert not v.find("absent")
    assert v.find_status.text() == "no match"
    assert v.editor.textCursor().selectedText() == selected == "needle"
    assert v.find_edit.text() == "absent"
    save_shot(v, "file_viewer_find")


def test_file_viewer_missing_file_and_cap(qtbot, tmp_path):
    v = ToolResultViewer(tmp_path / "gone.txt")
    qtbot.addWidget(v)
    assert v.is_loaded and v.error is not None and "gone.txt" in v.error
    big = tmp_path / "big.txt"
    big.write_bytes(b"a" * 10_000)
    capped = ToolResultViewer(big, chunk_bytes=1000, max_bytes=4_000)
    qtbot.addWidget(capped)
    qtbot.waitUntil(lambda: capped.is_loaded)
    assert len(capped.text) == 4_000
    assert "showing the first" in capped.size_label.text()


def test_file_viewer_replaces_invalid_utf8(qtbot, tmp_path):
    path = tmp_path / "bin.txt"
    # a multi-byte character split across the chunk boundary must survive; bad bytes are replaced
    path.write_bytes(b"ok " + "é".encode() + b" \xff\xfe end")
    v = ToolResultViewer(path, chunk_bytes=4)
    qtbot.addWidget(v)
    qtbot.waitUntil(lambda: v.is_loaded)
    assert v.text == "ok é \ufffd\ufffd end"


def test_summary_figures_use_singular_for_one():
    info = CompactionInfo(
        tokens_before=3_409,
        tokens_after=1_010,
        summarized_count=1,
        summary="## Goal\nx",
        covered_count=1,
        retained_tail=[Message(role="user", content="kept")],
    )
    f = summary_fields(info)
    assert (f["Summarized"], f["Kept tail"]) == ("1 message", "1 message")
    assert f["Covered"].startswith("1 message (")


# ------------------------------------------------------------ keyboard and honest sizes (12.6)


def _shown_viewer(qtbot, path, **kwargs):
    v = ToolResultViewer(path, **kwargs)
    qtbot.addWidget(v)
    v.show()
    qtbot.waitExposed(v)
    v.activateWindow()
    qtbot.waitUntil(v.isActiveWindow)
    qtbot.waitUntil(lambda: v.is_loaded)
    return v


def test_enter_in_find_finds_the_next_match_and_presses_no_button(qtbot, tmp_path):
    from PySide6.QtWidgets import QPushButton

    path = tmp_path / "f.txt"
    path.write_text("alpha\nbeta needle\ngamma\nneedle again\nlast needle\n")
    opened: list[QUrl] = []
    v = _shown_viewer(qtbot, path, open_url=opened.append)
    buttons = v.findChildren(QPushButton)
    assert buttons and not any(b.isDefault() or b.autoDefault() for b in buttons)
    qtbot.keyClick(v, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert v.focusWidget() is v.find_edit
    qtbot.keyClicks(v.find_edit, "needle")
    starts = []
    for _ in range(3):
        qtbot.keyClick(v.find_edit, Qt.Key.Key_Return)
        starts.append(v.editor.textCursor().selectionStart())
    text = path.read_text()
    assert starts == [text.index("needle"), text.index("needle again"), text.rindex("needle")]
    qtbot.keyClick(v.find_edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert v.editor.textCursor().selectionStart() == starts[1]  # Shift+Enter: the previous one
    qtbot.keyClick(v.find_edit, Qt.Key.Key_Enter)  # the keypad's Enter too
    assert v.editor.textCursor().selectionStart() == starts[2]
    assert opened == [] and v.isVisible()  # no folder opened, the viewer still open
    qtbot.keyClick(v.find_edit, Qt.Key.Key_Escape)  # Esc closes Find first ...
    assert not v.find_bar.isVisible() and v.isVisible() and v.focusWidget() is v.editor
    qtbot.keyClick(v.editor, Qt.Key.Key_Escape)  # ... then the viewer
    assert not v.isVisible()


def test_ctrl_home_and_ctrl_end_move_through_the_file(qtbot, tmp_path):
    path = tmp_path / "long.txt"
    path.write_text("".join(f"line {i}\n" for i in range(3_000)) + "the very end")
    v = _shown_viewer(qtbot, path)
    bar = v.editor.verticalScrollBar()
    assert v.focusWidget() is v.editor and bar.value() == 0
    qtbot.keyClick(v.editor, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    assert v.editor.textCursor().atEnd() and bar.value() > 0
    assert v.editor.viewport().rect().contains(v.editor.cursorRect())  # the end is in view
    qtbot.keyClick(v.editor, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    assert v.editor.textCursor().atStart() and bar.value() == 0
    qtbot.keyClick(v, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(v.find_edit, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    assert v.editor.textCursor().atEnd() and bar.value() > 0
    assert v.editor.viewport().rect().contains(v.editor.cursorRect())


def test_a_capped_tool_output_says_what_it_holds(qtbot, tmp_path):
    from pi_desktop.agent.tools.paths import cap_note

    body = "x" * 99 + "\n"
    path = tmp_path / "call_1.txt"
    path.write_text(body * 1_000 + cap_note(100_000, 204_825, first=True, more="big.txt"))
    v = _shown_viewer(qtbot, path)
    chars = len(path.read_text())
    assert v.size_label.text().startswith(f"{chars:,} characters · ")
    assert v.cap_label.isVisible()
    assert "the first 100,000 of 204,825 characters" in v.cap_label.text()
    save_shot(v, "file_viewer_capped")
    plain = tmp_path / "plain.txt"
    plain.write_text(body * 10)
    assert not _shown_viewer(qtbot, plain).cap_label.isVisible()
