"""The look (issue 12, point 9): one theme in resources/, light/dark following the system,
user turns as right-aligned bubbles, the answer as a readable column, hover actions, a quiet
header. Colours live in the theme only: widgets name their parts."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QEnterEvent, QGuiApplication
from PySide6.QtWidgets import QApplication

from pi_desktop.agent import OfflineLLM
from pi_desktop.ui import theme
from pi_desktop.ui.resources import resource_path

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "pi_desktop" / "ui"


def test_both_schemes_define_every_colour_the_style_sheet_uses():
    light, dark = theme.colors(False), theme.colors(True)
    assert light.keys() == dark.keys()
    for value in [*light.values(), *dark.values()]:
        assert re.fullmatch(r"#[0-9a-f]{6}", value), value
    qss = resource_path("theme.qss").read_text()
    used = set(re.findall(r"@([a-z_]+)", re.sub(r"/\*.*?\*/", "", qss, flags=re.S)))
    assert used and used <= light.keys()
    for dark_scheme in (False, True):
        sheet = theme.stylesheet(dark_scheme)
        assert "@" not in sheet and theme.colors(dark_scheme)["accent"] in sheet


def test_the_theme_ships_in_the_wheel(qapp):
    """resources/ is force-included into the wheel as pi_desktop/_resources, where
    resource_path looks first; the theme, its colours and the icons are all in it."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    include = project["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert include["resources"] == "pi_desktop/_resources"
    for name in ("theme.qss", "theme.json", "icons/copy.svg", "icons/edit.svg"):
        path = resource_path(name)
        assert path is not None and path.is_relative_to(ROOT / "resources"), name
    assert not theme.themed_icon("copy").isNull()


def test_no_colour_is_spelled_in_a_widget():
    """Every colour comes from the theme (theme.py reads resources/theme.json)."""
    pattern = re.compile(r"#[0-9a-fA-F]{6}\b|QColor\(\s*[\"'\d]")
    offenders = []
    for path in sorted(UI.rglob("*.py")):
        if path.name == "theme.py":
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if pattern.search(line):
                offenders.append(f"{path.name}:{number}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


@pytest.fixture
def restore_scheme(qapp):
    yield
    qapp.styleHints().unsetColorScheme()
    theme.apply_theme(qapp, dark=False)


def test_light_and_dark_follow_the_system(kit, qtbot, restore_scheme):
    app = QApplication.instance()
    window = kit.window(OfflineLLM(), offline=True)
    hints = app.styleHints()
    # what the platform sends when the user switches (offscreen cannot switch for real)
    chrome = (window.header, window.input, window.send_button)
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
    qtbot.waitUntil(lambda: theme.is_dark(app.palette()))
    for widget in chrome:
        assert theme.colors(True)["accent"] in widget.styleSheet()
    qtbot.waitUntil(lambda: theme.theme_for(window.palette()).dark)
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
    qtbot.waitUntil(lambda: not theme.is_dark(app.palette()))
    for widget in chrome:
        assert theme.colors(False)["accent"] in widget.styleSheet()
    # a palette set by someone else (a platform theme, a test) brings the style sheets along
    app.setPalette(theme.dark_palette())
    qtbot.waitUntil(lambda: theme.colors(True)["accent"] in window.header.styleSheet())
    # never a style sheet over the conversation: it would cost ~100 kB per message card
    assert app.styleSheet() == ""
    widget = window.conversation.widget()
    while widget is not None:
        assert widget.styleSheet() == "", widget
        widget = widget.parentWidget()


def test_conversation_looks_like_a_chat(kit, qtbot, artifacts):
    window = kit.window(OfflineLLM(), offline=True, description="Offline demo")
    window.resize(1600, 900)
    window.input.setPlainText("list the files")
    qtbot.keyClick(window.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not window.busy and window.send_button.text() == "Send")
    view = window.conversation
    qtbot.wait(50)
    user, *answers = view.message_cards()
    assert user.role == "user" and answers
    viewport = view.viewport()
    # the user's turn: a bubble on the right, narrower than the column, tinted by the theme
    right = user.mapTo(viewport, user.rect().topRight()).x()
    answer = answers[-1]
    answer_left = answer.mapTo(viewport, answer.rect().topLeft()).x()
    answer_right = answer.mapTo(viewport, answer.rect().topRight()).x()
    assert abs(right - answer_right) <= 2 and user.width() < answer.width() * 0.9
    assert user.bubble.objectName() == "userBubble"
    assert not user.role_label.isVisible() and answer.role_label.isVisible()
    # the answer: a centred column of about 80 characters, however wide the window
    chars = answer.body.width() / answer.body.fontMetrics().averageCharWidth()
    assert 60 <= chars <= 95, chars
    assert abs(answer_left - (viewport.width() - answer_right)) <= 24
    # the quiet header: the session's title and the model
    assert window.header.title_label.text() == "list the files"
    assert window.header.model_label.text() == "Offline demo"
    window.grab().save(str(artifacts / "look-1600.png"))


def _hover(card) -> None:
    pos = QPointF(5, 5)
    QApplication.sendEvent(card, QEnterEvent(pos, pos, card.mapToGlobal(pos)))


def test_hover_shows_copy_and_edit_and_they_work(qtbot):
    from pi_desktop.ui.chat.conversation import ConversationView

    view = ConversationView()
    qtbot.addWidget(view)
    view.resize(700, 500)
    view.show()
    user = view.add_message("user", "please **fix** the build", "u1")
    answer = view.add_message("assistant", "Done: `make` passes.", "a1")
    assert user.actions.isHidden() and answer.actions.isHidden()
    assert answer.actions.edit_button is None  # only the user's own turns are edited
    qtbot.waitUntil(user.isVisible)  # a row added to a shown view shows on the next turn
    height = user.height()
    _hover(user)
    assert user.actions.isVisible() and user.actions.edit_button.isVisible()
    assert user.height() == height  # its room was kept: hovering moves no text
    assert not user.actions.copy_button.icon().isNull()
    with qtbot.waitSignal(view.editRequested) as edit:
        qtbot.mouseClick(user.actions.edit_button, Qt.MouseButton.LeftButton)
    assert edit.args == ["u1"]
    QApplication.sendEvent(user, QEvent(QEvent.Type.Leave))
    assert user.actions.isHidden()
    _hover(answer)
    QGuiApplication.clipboard().clear()
    with qtbot.waitSignal(answer.copied):
        qtbot.mouseClick(answer.actions.copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == "Done: `make` passes."
    assert answer.actions.copy_button.toolTip() == "Copied"  # a tick says it worked
    QApplication.sendEvent(answer, QEvent(QEvent.Type.Leave))
    assert answer.actions.copied_note.isVisible()  # the confirmation outlives the pointer
    qtbot.waitUntil(answer.actions.isHidden, timeout=5000)
    assert answer.actions.copy_button.toolTip() != "Copied"
