"""The settings' provider section: key-needed refusal, prices, a dialog that never grows,
and (against the loopback server, through the real openai client) Fetch models and Test
connection."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QSettings, Qt

from pi_desktop.ui.chat.usage_text import Price, parse_prices
from pi_desktop.ui.dialogs.settings_dialog import PresetChoice, SettingsDialog
from pi_desktop.ui.settings import AppSettings, KeyStore, SettingsStore

PRESETS = [
    PresetChoice("offline", "Offline"),
    PresetChoice("openai", "OpenAI", "https://api.openai.com/v1", "gpt-4o-mini", True),
    PresetChoice("ollama", "Ollama", "http://localhost:11434/v1", "llama3.2"),
    PresetChoice("custom", "Custom"),
]


def _dialog(qtbot, tmp_path, settings: AppSettings | None = None, **kw) -> SettingsDialog:
    dialog = SettingsDialog(settings or AppSettings(), PRESETS, KeyStore(tmp_path / "k"), **kw)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_ok_with_a_preset_that_needs_a_key_says_so_inline(qtbot, tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("PI_DESKTOP_API_KEY", raising=False)
    dialog = _dialog(qtbot, tmp_path, replace(AppSettings(), provider="openai"))
    accepted = []
    dialog.accepted.connect(lambda: accepted.append(True))
    height = dialog.height()
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert not accepted and dialog.isVisible()
    said = dialog.connection.message.text()
    assert said.startswith("OpenAI needs an API key: paste it above")
    assert "OPENAI_API_KEY" in said
    assert dialog.height() == height  # the message had its room already
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert accepted  # a second OK is the user's informed choice


def test_a_typed_key_passes_at_the_first_ok(qtbot, tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("PI_DESKTOP_API_KEY", raising=False)
    dialog = _dialog(qtbot, tmp_path, replace(AppSettings(), provider="openai"))
    accepted = []
    dialog.accepted.connect(lambda: accepted.append(True))
    dialog.api_key.setText("sk-typed")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert accepted and dialog.connection.message.text() == ""


def test_a_keyless_preset_needs_no_word(qtbot, tmp_path):
    dialog = _dialog(qtbot, tmp_path, replace(AppSettings(), provider="ollama"))
    accepted = []
    dialog.accepted.connect(lambda: accepted.append(True))
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert accepted


def test_typing_a_bad_number_does_not_grow_the_dialog(qtbot, tmp_path):
    dialog = _dialog(qtbot, tmp_path)
    height = dialog.height()
    dialog.budget.setFocus()
    dialog.budget.selectAll()
    qtbot.keyClicks(dialog.budget, "12")
    qtbot.wait(20)
    assert dialog.budget_field.error_label.isVisible()
    assert dialog.budget_field.error_label.text() == "At least 2,000 tokens."
    assert dialog.height() == height


def test_prices_are_kept_per_model_and_survive_a_restart(qtbot, tmp_path):
    dialog = _dialog(qtbot, tmp_path, replace(AppSettings(), provider="ollama", model="a"))
    dialog.prices.input.setValue(2.5)
    dialog.prices.cached.setValue(1.25)
    dialog.prices.output.setValue(10)
    dialog.model.setText("b")  # another model: its own (empty) price
    assert dialog.prices.input.value() == 0 and dialog.prices.input.text() == "—"
    dialog.prices.output.setValue(0.6)
    dialog.model.setText("a")
    assert dialog.prices.output.value() == 10
    result = dialog.result_settings()
    assert parse_prices(result.model_prices) == {
        "a": Price(2.5, 1.25, 10.0),
        "b": Price(0.0, 0.0, 0.6),
    }
    qs = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    SettingsStore(qs).save(result)
    again = SettingsStore(QSettings(qs.fileName(), QSettings.Format.IniFormat)).load()
    assert parse_prices(again.model_prices) == parse_prices(result.model_prices)


def test_a_broken_price_table_is_ignored():
    assert parse_prices("{not json") == {}
    assert parse_prices('{"a": [1, 2]}') == {}
    assert parse_prices('{"a": [1, -2, 3], "b": [0, 0, 1]}') == {"b": Price(0, 0, 1)}
