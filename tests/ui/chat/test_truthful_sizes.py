"""The chat and the result viewer state what a saved tool result really holds (issue 12.6).

The issue's case, end to end on the offline provider: a 204,825-character file is read with
the default caps. The tool returns its first 100,000 characters with a note; L3 saves that
output to a file. Every figure the user sees is true: the chat's answer and the tool call say
"the first 100,000 of 204,825 characters", the viewer says the same and how big the saved copy
is — none of them calls the 100,1xx-character copy "the whole result".
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from pi_desktop.agent import OfflineLLM
from pi_desktop.ui.dialogs.file_viewer import ToolResultViewer
from tests.ui.flows import idle as _idle
from tests.ui.shots import save_shot


def test_a_capped_read_is_described_with_the_files_real_size(kit, qtbot):
    line = "x" * 71 + "\n"
    text = line * (204_825 // len(line))
    text += "y" * (204_825 - len(text))
    (kit.workspace / "big.txt").write_text(text)
    window = kit.window(OfflineLLM(), offline=True, description="Offline demo")
    window.input.setPlainText("read big.txt")
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: _idle(window), timeout=30_000)

    call = window.conversation.tool_calls()[-1]
    assert call.name == "read_file" and call.offloaded_path
    with open(call.offloaded_path, encoding="utf-8") as fh:
        saved = fh.read()
    assert saved.startswith(text[:100_000]) and len(saved) < 100_300
    words = "the first 100,000 of 204,825 characters"
    assert words in call.toggle.text()
    assert words in call.open_button.text() and "full result" not in call.open_button.text()
    answer = window.conversation.message_cards()[-1].text
    assert f"it returned {words.replace('of ', 'of the ')} it read" in answer
    assert "whole result" not in answer and f"{len(saved):,}" not in answer
    call.set_expanded(True)
    save_shot(window, "window-capped-read")

    qtbot.mouseClick(call.open_button, Qt.MouseButton.LeftButton)
    viewer = window.viewers[-1]
    assert isinstance(viewer, ToolResultViewer)
    qtbot.waitUntil(lambda: viewer.is_loaded, timeout=10_000)
    assert viewer.text == saved
    assert viewer.size_label.text().startswith(f"{len(saved):,} characters")
    assert words in viewer.cap_label.text()
    save_shot(viewer, "file_viewer_capped_read")
    viewer.close()


def test_a_line_window_is_described_as_part_of_the_file(kit, qtbot):
    """Under the character cap but over read_file's 2,000 lines: the saved result is lines
    1-2,000 of 3,000, and both the chat and the viewer say so."""
    rows = "".join(f"row {i:05d} of data\n" for i in range(3_000))
    (kit.workspace / "lines.txt").write_text(rows)
    window = kit.window(OfflineLLM(), offline=True, description="Offline demo")
    window.input.setPlainText("read lines.txt")
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: _idle(window), timeout=30_000)
    call = window.conversation.tool_calls()[-1]
    assert call.offloaded_path and "first" not in call.toggle.text()
    answer = window.conversation.message_cards()[-1].text
    assert "The tool returned lines 1-2,000 of the file's 3,000" in answer
    assert "whole" not in answer
    viewer = window.open_tool_result(call.offloaded_path)
    qtbot.waitUntil(lambda: viewer.is_loaded, timeout=10_000)
    assert viewer.cap is None and viewer.cap_label.isVisible()
    assert "lines 1-2,000 of 3,000" in viewer.cap_label.text()
    viewer.close()
