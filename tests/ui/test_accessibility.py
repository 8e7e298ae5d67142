"""Accessibility: every interactive widget of the window and of each dialog has a name and a
description a screen reader can speak, and the window announces new messages and run states
through Qt's accessibility events."""

from __future__ import annotations

from pi_desktop.ui import announce
from tests.ui.widget_walk import accessible, interactive
from tests.ui.windows import CHAT_MODULES, open_dialogs, open_window


def unnamed(root, skip=CHAT_MODULES) -> list[str]:
    out = []
    for widget in interactive(root, skip):
        name, description = accessible(widget)
        if not name.strip() or not description.strip():
            label = widget.objectName() or type(widget).__name__
            text = getattr(widget, "text", None)
            shown = text() if callable(text) else ""
            out.append(f"{label} {shown!r}: name={name!r} description={description!r}")
    return out


def test_every_interactive_widget_has_a_name_and_a_description(kit, qtbot):
    window = open_window(kit, "a11y")
    problems = [f"[main window] {p}" for p in unnamed(window)]
    for name, dialog in open_dialogs(window, qtbot, kit.tmp).items():
        problems += [f"[{name}] {p}" for p in unnamed(dialog)]
        dialog.close()
    assert not problems, "\n".join(problems)


def test_messages_and_run_states_are_announced(kit, qtbot):
    from pi_desktop.agent import OfflineLLM

    window = kit.window(OfflineLLM(), new_session=True)
    announce.recent.clear()
    window.input.setPlainText("list the files")
    window.send()
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    said = list(announce.recent)
    assert said[0] == "Sent. The answer is being written."
    assert any(s.startswith("Answer: Offline demo: I'll list the files") for s in said)
    assert said[-1] == "The answer is complete."


def test_an_announcement_is_the_first_line_failures_interrupt(qtbot):
    from PySide6.QtGui import QAccessible
    from PySide6.QtWidgets import QLabel

    widget = QLabel("x")
    qtbot.addWidget(widget)
    polite = announce.announcement(widget, "## Answer\n\nThe **files** are listed.")
    assert polite.message() == "Answer"  # the heading, without its markdown
    assert polite.politeness() == QAccessible.AnnouncementPoliteness.Polite
    urgent = announce.announcement(widget, "The answer failed: 401", urgent=True)
    assert urgent.politeness() == QAccessible.AnnouncementPoliteness.Assertive
    assert announce.announcement(widget, "   \n ") is None
    long = announce.announcement(widget, "word " * 500)
    assert len(long.message()) <= announce.SPOKEN_LIMIT
