"""File → Export and Developer → Fidelity probe in the real window (offline, real files)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from pi_desktop.agent import OfflineLLM
from pi_desktop.context import Message
from pi_desktop.probe import KINDS
from pi_desktop.session import Session
from pi_desktop.ui.dialogs.export_dialog import ExportDialog
from pi_desktop.ui.dialogs.probe_viewer import ProbeViewer
from tests.ui.flows import send as _send

HOSTILE = "<script>alert(1)</script> read notes.txt"


def _menu_texts(window) -> dict[str, list[str]]:
    out = {}
    for action in window.menuBar().actions():
        menu = action.menu()
        out[action.text()] = [a.text() for a in menu.actions() if not a.isSeparator()]
    return out


def test_menus_offer_three_exports(kit, qtbot, monkeypatch):
    monkeypatch.delenv("PI_DESKTOP_DEVELOPER", raising=False)
    window = kit.window(OfflineLLM(), offline=True, new_session=True)
    menus = _menu_texts(window)
    assert "&Export current branch" in menus["&File"]
    assert [a.text() for a in window.export_menu.actions()] == [
        "Markdown…",
        "HTML page…",
        "Raw JSONL…",
    ]
    # the probe is a developer's table: no menu of the user's offers it (see test_rough_edges)
    assert not any("probe" in text for texts in menus.values() for text in texts)


def test_export_html_through_the_non_blocking_dialog(kit, qtbot, tmp_path):
    window = kit.window(OfflineLLM(), offline=True, new_session=True)
    _send(qtbot, window, HOSTILE)
    window.export_actions["html"].trigger()
    dialog = window.dialog
    assert isinstance(dialog, ExportDialog) and dialog.isVisible()
    assert dialog.isModal() and not window.busy  # open(): window-modal, the loop runs on
    target = tmp_path / "out" / "chat.html"
    target.parent.mkdir()
    dialog.selectFile(str(target))
    dialog.accept()
    qtbot.waitUntil(target.exists, timeout=5_000)
    page = target.read_text(encoding="utf-8")
    root = ET.fromstring(page.split("\n", 1)[1])
    roles = [s.get("data-role") for s in root.findall(".//main/section")]
    path = window.session.get_current_path()
    assert roles == ["system"] + [e.role for e in path]
    assert root.find(".//script") is None and "&lt;script&gt;alert(1)" in page
    assert len(root.findall(".//details[@class='tool-call']")) == 1
    assert "Exported to" in window.statusBar().currentMessage()
    assert not list(target.parent.glob(".export-*"))  # no temporary file left behind


def test_export_jsonl_reloads_and_markdown_has_the_messages(kit, qtbot, tmp_path):
    window = kit.window(OfflineLLM(), offline=True, new_session=True)
    _send(qtbot, window, "read notes.txt")
    for fmt, name in (("jsonl", "branch.jsonl"), ("markdown", "branch.md")):
        window.export_actions[fmt].trigger()
        window.dialog.selectFile(str(tmp_path / name))
        window.dialog.accept()
        qtbot.waitUntil((tmp_path / name).exists, timeout=5_000)
    with Session.load(tmp_path / "branch.jsonl", read_only=True) as again:
        assert [e.id for e in again.get_current_path()] == [
            e.id for e in window.session.get_current_path()
        ]
    headings = re.findall(r"^## (.+)$", (tmp_path / "branch.md").read_text(), re.M)
    assert headings[1:] == ["User", "Assistant", "Tool result: read_file", "Assistant"]


def test_an_export_that_cannot_be_written_says_so(kit, qtbot, tmp_path):
    window = kit.window(OfflineLLM(), offline=True, new_session=True)
    _send(qtbot, window, "hello")
    window.export_actions["markdown"].trigger()
    dialog = window.dialog
    dialog.fileSelected.emit(str(tmp_path / "gone" / "x.md"))  # the folder vanished meanwhile
    assert any("Export failed" in b.text for b in window.refusals())


def test_probe_runs_on_the_loop_and_shows_its_table(kit, qtbot, artifacts):
    window = kit.window(OfflineLLM(chars_per_second=300), offline=True, new_session=True)
    window.probe_action.trigger()
    viewer = window.viewers[-1]
    assert isinstance(viewer, ProbeViewer)
    qtbot.waitUntil(lambda: viewer.report is not None, timeout=120_000)
    text = viewer.text.toPlainText()
    lines = text.splitlines()
    assert lines[0].split() == ["summarizer", "probe", "score", "max", "%"]
    assert [line.split()[1] for line in lines[2 : 2 + len(KINDS) + 1]] == [*KINDS, "all"]
    assert viewer.report.table() in text
    assert viewer.grab().save(str(artifacts / "probe-viewer.png"))
    assert window.session.get_current_path() == []  # the probe never touches the open session


def test_closing_the_probe_cancels_it(kit, qtbot):
    window = kit.window(OfflineLLM(), offline=True, new_session=True)
    window.probe_action.trigger()
    viewer = window.viewers[-1]
    task = viewer.task
    viewer.close()
    qtbot.waitUntil(task.done, timeout=10_000)
    assert task.cancelled()


def test_an_export_onto_the_open_session_or_into_the_library_is_refused(kit, qtbot, tmp_path):
    """The untitled session's old suggestion was the library's own <id>.jsonl."""
    window = kit.window(OfflineLLM(), offline=True, new_session=True)
    _send(qtbot, window, "hello")
    own = window.session.path
    before = own.read_bytes()
    window.export_actions["jsonl"].trigger()
    dialog = window.dialog
    assert not dialog.selectedFiles()[0].endswith(own.name)  # no longer suggested
    dialog.fileSelected.emit(str(own))
    assert any("open session's own file" in b.text for b in window.refusals())
    window.export_actions["markdown"].trigger()
    window.dialog.fileSelected.emit(str(window.library.root / "x.md"))
    assert any("pi-desktop's sessions" in b.text for b in window.refusals())
    assert own.read_bytes() == before and not (window.library.root / "x.md").exists()
    window.session.append_message(Message(role="user", content="still appends"))
    with Session.load(own, read_only=True) as again:
        assert again.get_current_path()[-1].content == "still appends"
