"""The stream deadlines in the settings: persisted, clamped, edited, and given to the LLM."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QSettings

from pi_desktop.agent.openai_llm import OpenAIChatLLM
from pi_desktop.ui.agent_factories import make_provider_factory
from pi_desktop.ui.dialogs.settings_dialog import PresetChoice, SettingsDialog
from pi_desktop.ui.settings import AppSettings, KeyStore, SettingsStore


def test_deadlines_default_round_trip_and_are_clamped(qsettings):
    assert (AppSettings().response_deadline, AppSettings().idle_deadline) == (600, 120)
    store = SettingsStore(qsettings)
    store.save(replace(AppSettings(), response_deadline=900, idle_deadline=45))
    again = SettingsStore(QSettings(qsettings.fileName(), QSettings.Format.IniFormat)).load()
    assert (again.response_deadline, again.idle_deadline) == (900, 45)
    qsettings.setValue("settings/response_deadline", "1")
    qsettings.setValue("settings/idle_deadline", "99999")
    clamped = SettingsStore(qsettings).load()
    assert clamped.response_deadline == 10
    assert clamped.idle_deadline == 10  # never longer than the whole response may take


def test_the_dialog_edits_the_deadlines(qtbot, tmp_path):
    presets = [PresetChoice("offline", "Offline")]
    dialog = SettingsDialog(AppSettings(), presets, KeyStore(tmp_path, use_keyring=False))
    qtbot.addWidget(dialog)
    assert (dialog.response_deadline.value(), dialog.idle_deadline.value()) == (600, 120)
    dialog.response_deadline.setValue(300)
    dialog.idle_deadline.setValue(30)
    result = dialog.result_settings()
    assert (result.response_deadline, result.idle_deadline) == (300, 30)


def test_the_provider_factory_passes_the_deadlines_to_chat_and_summarizer(tmp_path):
    settings = replace(
        AppSettings(),
        provider="custom",
        base_url="http://127.0.0.1:9/v1",
        model="chat-model",
        summarizer_model="small-model",
        response_deadline=240,
        idle_deadline=20,
    )
    setup = make_provider_factory(KeyStore(tmp_path, use_keyring=False))(settings)
    for llm in (setup.llm, setup.summarizer):
        assert isinstance(llm, OpenAIChatLLM)
        assert (llm.response_deadline, llm.idle_deadline) == (240.0, 20.0)
    assert setup.llm.rate_gate is setup.summarizer.rate_gate  # one Retry-After per server


def test_the_stall_timeout_may_not_exceed_the_response_deadline(qtbot, tmp_path):
    presets = [PresetChoice("offline", "Offline")]
    dialog = SettingsDialog(AppSettings(), presets, KeyStore(tmp_path, use_keyring=False))
    qtbot.addWidget(dialog)
    dialog.idle_deadline.setValue(300)
    assert dialog.idle_deadline_field.error() is None
    dialog.response_deadline.setValue(200)  # the stall timeout's range follows
    assert dialog.idle_deadline_field.error() is not None
    assert set(dialog.problems()) == {"idle_deadline"}
    dialog.idle_deadline.setValue(60)
    assert dialog.problems() == {}
