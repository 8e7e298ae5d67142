"""The daily-use rough edges of issue 19, each met in the real window as a user meets it.

Screenshots land in /tmp/pi-desktop-rough-edges/ for a human to look at.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from pi_desktop.agent import OfflineLLM
from pi_desktop.agent.events import CompactionStarted

SHOTS = Path("/tmp/pi-desktop-rough-edges")
LONG_NOTE = (
    "No API key for OpenAI: set one in Settings or put it in the OPENAI_API_KEY environment "
    "variable; until then the offline demo answers"
)


def shot(widget, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    QTest.qWait(30)
    widget.repaint()
    path = SHOTS / f"{name}.png"
    assert widget.grab().save(str(path))
    return path


# ------------------------------------------------------------------ the status bar


def test_a_long_status_message_is_elided_before_the_offline_label(kit, qtbot):
    window = kit.window(OfflineLLM(), offline=True, description="Offline demo")
    window.resize(900, 600)
    bar = window.statusBar()
    bar.showMessage(LONG_NOTE)
    qtbot.waitUntil(lambda: window.offline_label.isVisible())
    label_x = window.offline_label.mapTo(bar, window.offline_label.rect().topLeft()).x()
    area = bar.message_rect()
    assert area.right() <= label_x - 8  # a clear gap before "● Offline"
    shown = bar.shown_message()
    assert shown.endswith("…") and shown != LONG_NOTE
    assert bar.fontMetrics().horizontalAdvance(shown) <= area.width()
    assert bar.toolTip() == LONG_NOTE  # the whole note stays one hover away
    assert bar.accessibleDescription() == LONG_NOTE
    shot(bar, "status-bar-elided")
    # a short message is drawn whole, and then there is no tooltip to repeat it
    bar.showMessage("Stopping…")
    assert bar.shown_message() == "Stopping…" and bar.toolTip() == ""


def test_the_summarizing_note_goes_when_the_answer_streams(kit, qtbot):
    window = kit.window(OfflineLLM(), offline=True)
    bar = window.statusBar()
    controller = window.controller
    controller.compactionStarted.emit(CompactionStarted(manual=False))
    assert bar.currentMessage() == "Context is full: summarizing…"
    controller.textStreamed.emit("Bonjour")
    assert bar.currentMessage() == ""
    # the result of the compaction is news, not progress: the stream leaves it alone
    controller.compactionStarted.emit(CompactionStarted(manual=True))
    bar.showMessage("Compacted 6 messages: 3,000 → 1,200 tokens", 8000)
    controller.textStreamed.emit(" encore")
    assert bar.currentMessage().startswith("Compacted 6 messages")


def test_a_tool_call_also_ends_the_summarizing_note(kit, qtbot):
    window = kit.window(OfflineLLM(), offline=True)
    window.controller.compactionStarted.emit(CompactionStarted(manual=False))
    window.input.setPlainText("list the files")
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: bool(window.conversation.tool_calls()), timeout=10_000)
    assert window.statusBar().currentMessage() != "Context is full: summarizing…"
    qtbot.waitUntil(lambda: not window.busy, timeout=10_000)


# ------------------------------------------------------------------ Tab in the message box


def test_tab_moves_focus_and_ctrl_tab_types_a_tab(kit, qtbot):
    window = kit.window(OfflineLLM(), offline=True)
    box = window.input
    box.setFocus()
    qtbot.waitUntil(box.hasFocus)
    box.setPlainText("a")
    box.moveCursor(box.textCursor().MoveOperation.End)
    qtbot.keyClick(box, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    assert box.toPlainText() == "a\t" and box.hasFocus()
    qtbot.keyClick(box, Qt.Key.Key_Tab)
    assert box.toPlainText() == "a\t"  # no tab typed: the focus moved on
    assert not box.hasFocus()
    assert QApplication.focusWidget() is window.send_button
    qtbot.keyClick(window.send_button, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert box.hasFocus() and box.toPlainText() == "a\t"


# ------------------------------------------------------------------ the offline demo's help


@pytest.mark.parametrize("zh", [False, True])
def test_the_offline_help_renders_its_examples_as_typed(qapp, zh):
    from PySide6.QtGui import QTextDocument

    from pi_desktop.agent.offline.answers import help_answer
    from pi_desktop.ui.text.markdown_view import markdown_html

    said = "查找 *.py 或 *.txt" if zh else "find *.py or *.txt, then _x_"
    text = help_answer(said, ["find_files", "read_file"], zh=zh)
    html = markdown_html(text)
    assert "italic" not in html  # no example, no quoted word, turns into emphasis
    doc = QTextDocument()
    doc.setHtml(html)
    plain = doc.toPlainText()
    assert ("查找 *.py" if zh else "find *.py") in plain
    assert said in plain  # the user's words as typed
    # the example itself is bold, whole
    assert ">查找 *.py</span>" in html if zh else ">find *.py</span>" in html


# ------------------------------------------------------------------ the fidelity probe


def _menus(window) -> dict[str, list[str]]:
    return {
        action.text(): [a.text() for a in action.menu().actions() if not a.isSeparator()]
        for action in window.menuBar().actions()
    }


def test_the_fidelity_probe_is_not_in_the_users_menus(kit, qtbot, monkeypatch):
    monkeypatch.delenv("PI_DESKTOP_DEVELOPER", raising=False)
    window = kit.window(OfflineLLM(), offline=True)
    menus = _menus(window)
    assert "&Tools" not in menus and "&Developer" not in menus
    assert not any("probe" in text.lower() for texts in menus.values() for text in texts)
    assert window.developer_menu is None


@pytest.mark.parametrize("how", ["env", "flag"])
def test_developer_mode_adds_the_probe_in_a_developer_menu(kit, qtbot, monkeypatch, how):
    from pi_desktop.app import parse_args

    monkeypatch.delenv("PI_DESKTOP_DEVELOPER", raising=False)
    if how == "env":
        monkeypatch.setenv("PI_DESKTOP_DEVELOPER", "1")
    else:
        from pi_desktop.ui.developer import enable_developer_mode

        assert parse_args(["--developer"]).developer and not parse_args([]).developer
        monkeypatch.setenv("PI_DESKTOP_DEVELOPER", "")  # monkeypatch restores it afterwards
        enable_developer_mode()  # what main() does with the flag
    window = kit.window(OfflineLLM(), offline=True)
    assert _menus(window)["&Developer"] == ["&Fidelity probe (provider check)…"]
    assert window.developer_menu.actions() == [window.probe_action]


def test_developer_mode_is_off_for_empty_or_false_values(monkeypatch):
    from pi_desktop.ui.developer import developer_mode

    for value, on in (("", False), ("0", False), ("false", False), ("no", False), ("1", True)):
        monkeypatch.setenv("PI_DESKTOP_DEVELOPER", value)
        assert developer_mode() is on, value


# ------------------------------------------------------------------ the settings dialog

TYPED = ("gpt-4o-2024-08-06-with-a-long-name", "99999999", "\b" * 40, "0", "x1", "\b" * 40)


def _settings_dialog(kit, qtbot, provider: str):
    from pi_desktop.ui.dialogs.settings_dialog import PresetChoice

    window = kit.window(OfflineLLM(), offline=True)
    window._presets = [
        PresetChoice("offline", "Offline"),
        PresetChoice("openai", "OpenAI"),
        PresetChoice("custom", "Custom"),
    ]
    dialog = window.show_settings()
    qtbot.waitExposed(dialog)
    dialog.provider.setCurrentIndex(dialog.provider.findData(provider))
    QTest.qWait(20)
    return dialog


@pytest.mark.parametrize("provider", ["offline", "openai", "custom"])
def test_typing_in_any_settings_field_never_moves_ok(kit, qtbot, provider):
    from PySide6.QtWidgets import QLineEdit

    dialog = _settings_dialog(kit, qtbot, provider)

    def where():
        ok = dialog.ok_button
        return dialog.geometry(), ok.mapToGlobal(ok.rect().topLeft()), ok.size()

    start = where()
    fields = [w for w in dialog.findChildren(QLineEdit) if w.isVisible() and w.isEnabled()]
    assert len(fields) >= 6  # the number fields' editors and the text fields
    messages = 0
    for field in fields:
        field.setFocus()
        field.selectAll()
        for text in TYPED:
            QTest.keyClicks(field, text)
            QTest.qWait(5)
            assert where() == start, (field.objectName(), field.parent().objectName(), text)
            messages += any(f.error_label.isVisible() for f in dialog.number_fields())
    assert messages  # the typing did bring messages up, in the ranges' place
    wrong = dialog.keep_recent_field  # its message is the longest
    wrong.spin.lineEdit().selectAll()
    QTest.keyClicks(wrong.spin.lineEdit(), "\b")
    assert wrong.error_label.isVisible()
    assert wrong.error_label.text().startswith("Enter a number:")  # whole, not elided
    assert where() == start
    shot(dialog, f"settings-typing-{provider}")
    dialog.reject()


def test_compact_at_speaks_percent_like_the_rest_of_the_window(kit, qtbot):
    from pi_desktop.ui.dialogs.settings_dialog import SettingsDialog
    from pi_desktop.ui.settings import AppSettings, KeyStore

    dialog = SettingsDialog(AppSettings(threshold=0.8), [], KeyStore(kit.tmp / "k"))
    qtbot.addWidget(dialog)
    dialog.show()
    spin = dialog.threshold
    assert spin.text() == "80 %" and spin.value() == 0.8
    assert dialog.threshold_field.range_label.text() == "30 % – 95 % of the budget"
    spin.lineEdit().selectAll()
    QTest.keyClicks(spin.lineEdit(), "65")
    assert spin.value() == 0.65 and dialog.result_settings().threshold == 0.65
    spin.stepBy(1)
    assert spin.text() == "70 %"
    spin.lineEdit().selectAll()
    QTest.keyClicks(spin.lineEdit(), "20")
    assert dialog.threshold_field.error_label.text() == "At least 30 % of the budget."
    assert not dialog.ok_button.isEnabled()
    QTest.keyClicks(spin.lineEdit(), "abc")  # not a number: refused as typed
    assert spin.lineEdit().text() == "20"


# ------------------------------------------------------------------ Enter while an answer streams


def _streaming_window(kit, qtbot):
    window = kit.window(OfflineLLM(chars_per_second=1_500), offline=True)
    streamed: list[str] = []
    window.controller.textStreamed.connect(streamed.append)
    window.input.setPlainText("write a long story about the project")
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.busy and bool(streamed), timeout=10_000)
    return window


def _user_texts(window) -> list[str]:
    return [c.text for c in window.conversation.message_cards() if c.role == "user"]


def test_enter_while_streaming_queues_the_message_and_sends_it_after(kit, qtbot):
    window = _streaming_window(kit, qtbot)
    queue = window.send_queue
    assert "queues" in window.input.placeholderText()
    window.input.setPlainText("list the files")
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    assert window.input.toPlainText() == ""  # out of the box: the next words start afresh
    assert queue.strip.isVisible() and queue.text == "list the files"
    assert "list the files" in queue.strip.preview.text()
    window.input.setPlainText("then read README.md")
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    assert queue.text == "list the files\n\nthen read README.md"  # one turn, in order
    shot(window, "queued-while-streaming")
    window.input.setPlainText("a draft")  # typed meanwhile, not sent with it
    assert window.busy
    qtbot.waitUntil(lambda: len(_user_texts(window)) == 2, timeout=30_000)
    assert _user_texts(window)[1] == "list the files\n\nthen read README.md"
    assert not queue.strip.isVisible() and queue.text == ""
    assert window.input.toPlainText() == "a draft"
    qtbot.waitUntil(lambda: not window.busy, timeout=30_000)
    ran = [call.name for call in window.conversation.tool_calls()]
    assert "list_dir" in ran and "read_file" in ran  # the queued turn ran, both asks
    assert "queues" not in window.input.placeholderText()


def test_a_stopped_answer_gives_the_queued_message_back(kit, qtbot):
    window = _streaming_window(kit, qtbot)
    window.input.setPlainText("list the files")
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    window.input.setPlainText("and more")
    qtbot.keyClick(window.input, Qt.Key.Key_Escape)  # Esc stops the answer
    qtbot.waitUntil(lambda: not window.busy, timeout=10_000)
    QTest.qWait(20)
    assert _user_texts(window) == ["write a long story about the project"]  # not sent
    assert window.input.toPlainText() == "list the files\n\nand more"
    assert not window.send_queue.strip.isVisible()
    assert "back in the box" in window.statusBar().currentMessage()


def test_the_queued_message_can_be_taken_back_or_dropped(kit, qtbot):
    window = _streaming_window(kit, qtbot)
    queue = window.send_queue
    window.input.setPlainText("first thought")
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.mouseClick(queue.strip.edit_button, Qt.MouseButton.LeftButton)
    assert window.input.toPlainText() == "first thought" and not queue.strip.isVisible()
    qtbot.keyClick(window.input, Qt.Key.Key_Return)  # queued again
    assert queue.text == "first thought"
    qtbot.mouseClick(queue.strip.cancel_button, Qt.MouseButton.LeftButton)
    assert queue.text == "" and not queue.strip.isVisible()
    qtbot.waitUntil(lambda: not window.busy, timeout=30_000)
    QTest.qWait(20)
    assert _user_texts(window) == ["write a long story about the project"]


# ------------------------------------------------------------------ the focus ring


def _contrast(a, b) -> float:
    def lum(c):
        def ch(v):
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

        return 0.2126 * ch(c.redF()) + 0.7152 * ch(c.greenF()) + 0.0722 * ch(c.blueF())

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.fixture
def scheme(qapp, request):
    from pi_desktop.ui.theme import apply_theme

    apply_theme(qapp, dark=request.param == "dark")
    yield request.param
    apply_theme(qapp, dark=False)


def test_the_focus_colour_stands_out_in_both_schemes():
    from PySide6.QtGui import QColor

    from pi_desktop.ui.theme import colors

    for dark in (False, True):
        c = colors(dark)
        for against in ("window", "base", "surface", "button"):
            ratio = _contrast(QColor(c["focus_ring"]), QColor(c[against]))
            assert ratio >= 3.0, (dark, against, ratio)  # WCAG 2.2 focus appearance


@pytest.mark.parametrize("scheme", ["light", "dark"], indirect=True)
def test_a_visible_ring_follows_the_keyboard_focus(kit, qtbot, scheme):
    from pi_desktop.ui.focus_ring import install_focus_rings
    from pi_desktop.ui.theme import color

    window = kit.window(OfflineLLM(), offline=True)
    rings = install_focus_rings(QApplication.instance())
    window.input.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: rings.ring() is not None)
    ring = rings.ring()
    box = window.input
    box_in_window = box.rect().translated(box.mapTo(window, box.rect().topLeft()))
    assert ring.geometry().contains(box_in_window)  # around the box, not inside it
    image = window.grab().toImage()
    ratio = image.devicePixelRatio()
    left_mid = ring.mapTo(window, ring.target_rect.topLeft())
    x, y = left_mid.x() + 1, left_mid.y() + ring.target_rect.height() // 2
    pixel = image.pixelColor(int(x * ratio), int(y * ratio))
    want = color("focus_ring", scheme == "dark")
    assert _contrast(pixel, window.palette().color(window.backgroundRole())) >= 2.5
    assert abs(pixel.red() - want.red()) + abs(pixel.blue() - want.blue()) < 60, pixel.name()
    shot(window, f"focus-input-{scheme}")

    # Tab moves it: to the Send button, then the ring is on the button
    qtbot.keyClick(window.input, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is window.send_button
    qtbot.waitUntil(lambda: rings.target is window.send_button)
    button = window.send_button
    rect = button.rect().translated(button.mapTo(window, button.rect().topLeft()))
    assert rings.ring().geometry().contains(rect)
    # F6 to the tree: a custom-painted widget gets the same ring
    window.tree.view.setFocus(Qt.FocusReason.ShortcutFocusReason)
    qtbot.waitUntil(lambda: rings.target is window.tree.view)
    assert rings.ring() is not None and rings.ring().isVisible()
    shot(window, f"focus-tree-{scheme}")


def test_a_clicked_button_is_not_ringed_but_a_clicked_field_is(kit, qtbot):
    from pi_desktop.ui.focus_ring import install_focus_rings

    window = kit.window(OfflineLLM(), offline=True)
    rings = install_focus_rings(QApplication.instance())
    qtbot.mouseClick(window.sidebar.filter, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: rings.target is window.sidebar.filter)
    button = window.sidebar.findChildren(type(window.send_button))[0]
    if button.focusPolicy() & Qt.FocusPolicy.ClickFocus:
        qtbot.mousePress(button, Qt.MouseButton.LeftButton)
        assert rings.ring() is None
        qtbot.mouseRelease(button, Qt.MouseButton.LeftButton)


# ------------------------------------------------------------------ zoom


@pytest.fixture
def base_font(qapp):
    from pi_desktop.ui.zoom import apply_level

    apply_level(1.0)
    yield QApplication.font().pointSizeF()
    apply_level(1.0)


def _close(window, qtbot) -> None:
    window.close()
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=10_000)


def test_zoom_keys_scale_the_text_and_the_level_survives_a_restart(kit, qtbot, base_font):
    from tests.ui.flows import send

    window = kit.window(OfflineLLM(), offline=True)
    send(qtbot, window, "list the files")
    card = window.conversation.message_cards()[-1]
    before = (window.input.font().pointSizeF(), card.fontMetrics().height())
    window.input.setFocus()
    qtbot.keyClick(window.input, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(window.input, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert window.zoom.percent == 125  # 100 → 110 → 125, the steps browsers use
    assert window.statusBar().currentMessage() == "Zoom 125 %"
    assert QApplication.font().pointSizeF() == pytest.approx(base_font * 1.25, abs=0.01)
    assert window.input.font().pointSizeF() > before[0]
    qtbot.waitUntil(lambda: card.fontMetrics().height() > before[1])  # the chat follows
    assert window.input.toPlainText() == ""  # the keys typed nothing
    assert window.input.height() == round(84 * 1.25)  # as many lines as at 100 %
    QTest.qWait(100)
    shot(window, "zoom-125")
    _close(window, qtbot)

    again = kit.window(OfflineLLM(), offline=True)  # a restart on the same settings
    assert again.zoom.percent == 125
    assert QApplication.font().pointSizeF() == pytest.approx(base_font * 1.25, abs=0.01)
    again.input.setFocus()
    qtbot.keyClick(again.input, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert again.zoom.percent == 110
    qtbot.keyClick(again.input, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert again.zoom.percent == 100
    assert QApplication.font().pointSizeF() == pytest.approx(base_font, abs=0.01)
    for _ in range(20):  # bounded at both ends
        qtbot.keyClick(again.input, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert again.zoom.percent == 67
    _close(again, qtbot)
    assert kit.settings_store().value("zoom") in (0.67, "0.67")


@pytest.mark.parametrize("raw", ["zz", "1e9", "nan", "-1"])
def test_an_unusable_saved_zoom_is_ignored_and_said(kit, qtbot, base_font, raw):
    kit.settings_store().set_value("zoom", raw)
    window = kit.window(OfflineLLM(), offline=True)
    assert window.zoom.percent == 100
    assert QApplication.font().pointSizeF() == pytest.approx(base_font, abs=0.01)
    assert window.zoom.problem == "window/zoom"


def test_the_ring_keeps_its_outline_around_a_field_in_a_form_row(kit, qtbot):
    from pi_desktop.ui.focus_ring import OUTSET, install_focus_rings

    rings = install_focus_rings(QApplication.instance())
    dialog = _settings_dialog(kit, qtbot, "openai")
    field = dialog.api_key  # inside a row widget exactly its height, beside a button
    field.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: rings.target is field)
    ring = rings.ring()
    own = field.rect().translated(field.mapTo(dialog, field.rect().topLeft()))
    assert ring.parentWidget() is dialog
    assert ring.geometry() == own.adjusted(-OUTSET, -OUTSET, OUTSET, OUTSET)
    shot(dialog, "focus-ring-settings-field")
    dialog.reject()
