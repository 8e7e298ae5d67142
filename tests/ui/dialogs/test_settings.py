"""Settings persistence, the API-key store, the settings dialog, approval and session dialogs."""

from __future__ import annotations

import asyncio
import os
import stat
from dataclasses import replace

import pytest
from PySide6.QtCore import QSettings, Qt
from shiboken6 import isValid

from pi_desktop.agent.tools.approval import ApprovalRequest
from pi_desktop.session import SessionLibrary
from pi_desktop.ui.dialogs.approval import ApprovalPrompter
from pi_desktop.ui.dialogs.settings_dialog import PresetChoice, SettingsDialog
from pi_desktop.ui.sessions.dialog import SessionsDialog
from pi_desktop.ui.settings import MIN_CONTEXT_BUDGET, AppSettings, KeyStore, SettingsStore
from tests.ui.shots import save_shot

PRESETS = [
    PresetChoice("offline", "Offline"),
    PresetChoice("openai", "OpenAI", "https://api.openai.com/v1", "gpt-4o-mini", True),
    PresetChoice("ollama", "Ollama", "http://localhost:11434/v1", "llama3.1"),
]
SECRET = "sk-test-0123456789abcdef"


def test_settings_round_trip_through_qsettings(qsettings, tmp_path):
    store = SettingsStore(qsettings)
    assert not store.is_configured()
    assert store.load() == AppSettings()
    wanted = AppSettings(
        provider="ollama",
        model="llama3.1",
        base_url="http://localhost:11434/v1",
        summarizer_model="llama3.2:1b",
        context_budget=16_000,
        threshold=0.75,
        keep_recent_tokens=3_000,
        workspace=str(tmp_path),
        approval_policy="deny",
        allow_commands=True,
    )
    store.save(wanted)
    again = SettingsStore(QSettings(qsettings.fileName(), QSettings.Format.IniFormat))
    assert again.is_configured()
    assert again.load() == wanted


def test_hand_edited_settings_are_clamped(qsettings):
    qsettings.setValue("settings/context_budget", "12")
    qsettings.setValue("settings/threshold", "7")
    qsettings.setValue("settings/approval_policy", "yolo")
    qsettings.setValue("settings/keep_recent_tokens", "not a number")
    loaded = SettingsStore(qsettings).load()
    assert loaded.context_budget == MIN_CONTEXT_BUDGET == 2_000
    assert loaded.threshold == 0.95
    assert loaded.approval_policy == "ask"
    assert loaded.keep_recent_tokens == 0


def test_key_store_without_keyring_uses_a_private_file(tmp_path):
    keys = KeyStore(tmp_path / "cfg")  # the tests' null keyring is not usable
    assert not keys.uses_keyring
    assert "local file" in keys.store_name
    assert keys.get("openai") == (None, "none")
    keys.set("openai", SECRET)
    assert keys.get("openai") == (SECRET, "file")
    mode = stat.S_IMODE(os.stat(keys.file_path).st_mode)
    assert mode == 0o600
    keys.set("openai", "")
    assert keys.get("openai") == (None, "none")


def test_key_store_env_fallback(tmp_path, monkeypatch):
    keys = KeyStore(tmp_path)
    monkeypatch.setenv("OPENAI_API_KEY", "env-key")
    assert keys.get("openai") == ("env-key", "env")
    monkeypatch.setenv("PI_DESKTOP_API_KEY", "pi-key")
    assert keys.get("openai") == ("pi-key", "env")
    keys.set("openai", SECRET)
    assert keys.get("openai") == (SECRET, "file")  # a stored key wins over the environment


def test_an_environment_key_goes_only_to_its_own_provider(tmp_path, monkeypatch):
    """OPENAI_API_KEY is OpenAI's: DashScope, a local server or a custom URL never receive it."""
    from pi_desktop.ui.agent_factories import make_provider_factory

    monkeypatch.delenv("DASHSCOPE_API_KEY", raising=False)
    keys = KeyStore(tmp_path)
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    for provider in ("dashscope", "ollama", "custom"):
        assert keys.get(provider) == (None, "none"), provider
    setup = make_provider_factory(keys)(AppSettings(provider="dashscope"))
    assert setup.offline and SECRET not in (setup.note or "")  # no key for it: offline, said so
    monkeypatch.setenv("DASHSCOPE_API_KEY", "dash-key")
    assert keys.get("dashscope") == ("dash-key", "env")
    monkeypatch.setenv("PI_DESKTOP_API_KEY", "pi-key")  # the app's own variable serves any
    assert keys.get("ollama") == ("pi-key", "env")


class _MemoryKeyring:
    """A real keyring backend object (in memory) to check the keyring path is taken."""

    priority = 5

    def __init__(self):
        self.data = {}

    def get_password(self, service, user):
        return self.data.get((service, user))

    def set_password(self, service, user, password):
        self.data[(service, user)] = password

    def delete_password(self, service, user):
        self.data.pop((service, user), None)


def test_key_store_prefers_a_usable_keyring(tmp_path, monkeypatch):
    import keyring

    backend = _MemoryKeyring()
    monkeypatch.setattr(keyring, "get_keyring", lambda: backend)
    keys = KeyStore(tmp_path)
    assert keys.uses_keyring and "system keyring" in keys.store_name
    keys.set("openai", SECRET)
    assert backend.data == {("pi-desktop", "openai"): SECRET}
    assert keys.get("openai") == (SECRET, "keyring")
    assert not keys.file_path.exists()  # the key never touched the disk


def test_key_store_finds_the_keyring_only_when_a_key_is_used(tmp_path, monkeypatch):
    """Detecting the backend imports every backend keyring ships: not at start, once at use."""
    import keyring

    probes = []
    monkeypatch.setattr(keyring, "get_keyring", lambda: probes.append(1) or _MemoryKeyring())
    keys = KeyStore(tmp_path)
    assert probes == []  # the window is built without it
    assert keys.get("openai") == (None, "none")
    assert keys.uses_keyring and probes == [1]
    keys.set("openai", SECRET)
    assert keys.get("openai") == (SECRET, "keyring") and probes == [1]  # found once


def test_settings_dialog_edits_and_never_shows_the_key(qtbot, tmp_path):
    keys = KeyStore(tmp_path)
    keys.set("openai", SECRET)
    start = replace(AppSettings(), provider="openai", model="gpt-4o-mini")
    dialog = SettingsDialog(start, PRESETS, keys)
    qtbot.addWidget(dialog)
    assert dialog.api_key.text() == ""
    assert "stored in a local file" in dialog.key_status.text()
    assert SECRET not in dialog.key_status.text()
    assert dialog.api_key.echoMode() == dialog.api_key.EchoMode.Password
    dialog.provider.setCurrentIndex(dialog.provider.findData("ollama"))
    assert dialog.base_url.text() == "http://localhost:11434/v1"
    assert dialog.model.text() == "llama3.1"
    assert "No key stored" in dialog.key_status.text()
    dialog.summarizer_model.setText("llama3.2:1b")
    dialog.budget.setValue(8_000)
    dialog.threshold.setValue(0.7)
    dialog.policy.setCurrentIndex(dialog.policy.findData("auto"))
    dialog.allow_commands.setChecked(True)
    dialog.api_key.setText("new-key")
    result = dialog.result_settings()
    assert result.provider == "ollama" and result.summarizer_model == "llama3.2:1b"
    assert (result.context_budget, result.threshold) == (8_000, 0.7)
    assert result.approval_policy == "auto" and result.allow_commands
    assert dialog.new_api_key() == "new-key"


def test_settings_dialog_offline_disables_provider_fields(qtbot, tmp_path):
    dialog = SettingsDialog(AppSettings(), PRESETS, KeyStore(tmp_path))
    qtbot.addWidget(dialog)
    assert not dialog.model.isEnabled() and not dialog.api_key.isEnabled()
    assert "no key" in dialog.key_status.text()
    assert dialog.new_api_key() is None
    dialog.show()
    qtbot.waitExposed(dialog)
    # the hint spans the field column on one line, not a narrow four-line column
    status = dialog.key_status
    assert status.width() >= dialog.api_key.width() * 0.8
    assert status.height() < 2.5 * status.fontMetrics().height()


def test_settings_dialog_forget_key(qtbot, tmp_path):
    keys = KeyStore(tmp_path)
    keys.set("openai", SECRET)
    dialog = SettingsDialog(replace(AppSettings(), provider="openai"), PRESETS, keys)
    qtbot.addWidget(dialog)
    qtbot.mouseClick(dialog.forget_key, Qt.MouseButton.LeftButton)
    assert dialog.new_api_key() == ""
    assert "forgotten" in dialog.key_status.text()


@pytest.mark.parametrize(("policy", "expected"), [("auto", True), ("deny", False)])
def test_approval_policies_answer_without_asking(qloop, qtbot, policy, expected):
    prompter = ApprovalPrompter(None, policy)
    task = asyncio.ensure_future(prompter(ApprovalRequest("write_file", "write a.txt")))
    qtbot.waitUntil(task.done)
    assert task.result() is expected
    assert prompter.asked == 0


def test_approval_dialog_is_non_blocking_and_remembers(qloop, qtbot):
    prompter = ApprovalPrompter(None, "ask")
    request = ApprovalRequest("write_file", "write notes.md (12 bytes)", "hello world\n")
    task = asyncio.ensure_future(prompter(request))
    qtbot.waitUntil(lambda: prompter.dialog is not None and prompter.dialog.isVisible())
    dialog = prompter.dialog
    assert "write notes.md" in dialog.summary_label.text()
    assert dialog.details_view.toPlainText() == "hello world\n"
    assert dialog.deny_button.isDefault()
    dialog.remember.setChecked(True)
    qtbot.mouseClick(dialog.allow_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(task.done)
    assert task.result() is True
    second = asyncio.ensure_future(prompter(request))
    qtbot.waitUntil(second.done)
    assert second.result() is True and prompter.asked == 1  # remembered: not asked again


def test_approval_dialog_shows_markup_in_a_command_as_text(qloop, qtbot):
    """The model writes the command: '<…>' in it is shown, not read as rich text."""
    from PySide6.QtGui import QTextDocument

    command = "run `cat <!-- a --> x<y.txt > <b>out</b>`"
    prompter = ApprovalPrompter(None, "ask")
    task = asyncio.ensure_future(prompter(ApprovalRequest("run_command", command)))
    qtbot.waitUntil(lambda: prompter.dialog is not None and prompter.dialog.isVisible())
    shown = QTextDocument()
    shown.setHtml(prompter.dialog.summary_label.text())
    assert shown.toPlainText() == f"run_command wants to: {command}"
    qtbot.mouseClick(prompter.dialog.deny_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(task.done)
    assert task.result() is False


def test_approval_denied_and_cancelled(qloop, qtbot):
    prompter = ApprovalPrompter(None, "ask")
    task = asyncio.ensure_future(prompter(ApprovalRequest("run_command", "run ls")))
    qtbot.waitUntil(lambda: prompter.dialog is not None)
    qtbot.mouseClick(prompter.dialog.deny_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(task.done)
    assert task.result() is False
    task = asyncio.ensure_future(prompter(ApprovalRequest("run_command", "run ls")))
    qtbot.waitUntil(lambda: prompter.dialog is not None)
    dialog = prompter.dialog
    task.cancel()  # the Stop button while the question is up
    qtbot.waitUntil(task.done)
    assert prompter.dialog is None
    qtbot.waitUntil(lambda: not isValid(dialog) or not dialog.isVisible())


def test_sessions_dialog_lists_renames_deletes(qtbot, tmp_path):
    library = SessionLibrary(tmp_path / "sessions")
    first = library.create(title="First chat")
    from pi_desktop.context import Message

    first.append_message(Message(role="user", content="hello"))
    first_id = first.path.stem
    first.close()
    second = library.create(title="Second chat")
    dialog = SessionsDialog(library, second.path.stem)
    qtbot.addWidget(dialog)
    titles = [item.text(0) for item in dialog.items()]
    assert set(titles) == {"First chat", "Second chat  (open)"}
    dialog.rename(first_id, "Renamed chat")
    assert {item.text(0) for item in dialog.items()} == {"Renamed chat", "Second chat  (open)"}
    assert {i.title for i in library.list_sessions()} == {"Renamed chat", "Second chat"}
    # deleting the open session is refused; another one needs two clicks
    dialog.tree.setCurrentItem(dialog.item_for(second.path.stem))
    qtbot.mouseClick(dialog.delete_button, Qt.MouseButton.LeftButton)
    assert "open in the window" in dialog.status.text()
    dialog.tree.setCurrentItem(dialog.item_for(first_id))
    qtbot.mouseClick(dialog.delete_button, Qt.MouseButton.LeftButton)
    assert len(library.list_sessions()) == 2
    with qtbot.waitSignal(dialog.deleted):
        qtbot.mouseClick(dialog.delete_button, Qt.MouseButton.LeftButton)
    assert [i.id for i in library.list_sessions()] == [second.path.stem]
    assert [t.id for t in library.trash.list()] == [first_id]  # restorable from the sidebar
    with qtbot.waitSignal(dialog.openRequested) as blocker:
        qtbot.mouseClick(dialog.open_button, Qt.MouseButton.LeftButton)
    assert blocker.args == [second.path.stem]
    second.close()


def test_the_app_offers_every_preset_the_issue_names():
    from pi_desktop.ui.agent_factories import preset_choices

    choices = {c.key: c for c in preset_choices()}
    assert {"offline", "openai", "ollama", "lmstudio", "custom"} <= set(choices)
    assert not choices["offline"].needs_key and choices["openai"].needs_key
    for local in ("ollama", "lmstudio"):
        assert choices[local].base_url.startswith(("http://localhost", "http://127.0.0.1"))
        assert not choices[local].needs_key


class _LockedKeyring(_MemoryKeyring):
    """A keyring that is there but refuses to store (a locked or broken session keyring)."""

    def set_password(self, service, user, password):
        raise RuntimeError(f"collection is locked for {password}")


def test_a_refusing_keyring_is_reported_without_the_key(tmp_path, monkeypatch):
    import keyring

    monkeypatch.setattr(keyring, "get_keyring", lambda: _LockedKeyring())
    keys = KeyStore(tmp_path)
    reason = keys.set("openai", SECRET)
    assert reason and "keyring" in reason and SECRET not in reason
    assert keys.get("openai") == (None, "none")
    assert not keys.file_path.exists()  # no silent fallback to a file


def test_an_unwritable_key_file_is_reported(tmp_path):
    (tmp_path / "cfg").write_text("a file where the folder should be")
    keys = KeyStore(tmp_path / "cfg")
    reason = keys.set("openai", SECRET)
    assert reason and "could not write" in reason and SECRET not in reason
    keys.set("openai", "")  # forgetting does not raise either


# ------------------------------------------------------------------ inline validation (issue 12.5)


def _shown_dialog(qtbot, tmp_path, settings=None, **kwargs):
    dialog = SettingsDialog(settings or AppSettings(), PRESETS, KeyStore(tmp_path), **kwargs)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()  # key focus and Tab need the active window
    qtbot.waitUntil(dialog.isActiveWindow)
    return dialog


def _type_into(qtbot, spin, text: str) -> None:
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, text)


def test_a_budget_below_the_minimum_stays_as_typed_and_says_why(qtbot, tmp_path):
    """1000 typed as the budget is not silently turned back into 32,000 on Tab."""
    dialog = _shown_dialog(qtbot, tmp_path)
    field = dialog.budget_field
    assert not field.error_label.isVisible() and dialog.ok_button.isEnabled()
    _type_into(qtbot, dialog.budget, "1000")
    qtbot.keyClick(dialog.budget, Qt.Key.Key_Tab)
    assert dialog.focusWidget() is dialog.threshold  # Tab moved on ...
    assert dialog.budget.value() == 1_000  # ... and the typed value stayed
    assert field.error_label.isVisible()
    assert field.error_label.text() == "At least 2,000 tokens."
    assert not dialog.ok_button.isEnabled()
    save_shot(dialog, "settings-invalid-budget")
    dialog.accept()  # Enter or a stray call cannot save it either
    assert dialog.isVisible() and dialog.result() != dialog.DialogCode.Accepted
    assert dialog.focusWidget() is dialog.budget  # back to the field that needs fixing
    assert dialog.problems() == {"budget": "At least 2,000 tokens."}
    _type_into(qtbot, dialog.budget, "9000")
    assert not field.error_label.isVisible() and dialog.ok_button.isEnabled()
    with qtbot.waitSignal(dialog.accepted):
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert dialog.result_settings().context_budget == 9_000


def test_too_large_values_are_refused_with_the_maximum(qtbot, tmp_path):
    dialog = _shown_dialog(qtbot, tmp_path)
    _type_into(qtbot, dialog.budget, "50000000")
    assert dialog.budget.value() == 50_000_000
    assert dialog.budget_field.error_label.text() == "At most 10,000,000 tokens."
    _type_into(qtbot, dialog.threshold, "10")  # percent, as the bar says it
    assert dialog.threshold_field.error_label.text() == "At least 30 % of the budget."
    assert set(dialog.problems()) == {"budget", "threshold"}
    assert not dialog.ok_button.isEnabled()


def test_every_numeric_field_states_its_range(qtbot, tmp_path):
    from PySide6.QtWidgets import QAbstractSpinBox

    from pi_desktop.ui.dialogs.connection_tools import PriceFields
    from pi_desktop.ui.dialogs.settings_dialog import NumberField

    dialog = _shown_dialog(qtbot, tmp_path)
    spins = dialog.findChildren(QAbstractSpinBox)
    assert len(spins) >= 4
    for spin in spins:  # a new number in the dialog must come with its range (NumberField)
        if isinstance(spin.parent(), PriceFields):  # any amount, "—" for none; unit in its row
            assert spin.specialValueText() == "—" and spin.prefix() == "$"
            continue
        assert isinstance(spin.parent(), NumberField), spin.objectName()
    ranges = {f.spin.objectName(): f.range_label.text() for f in dialog.number_fields()}
    assert ranges == {
        "budget": "2,000 – 10,000,000 tokens",
        "threshold": "30 % – 95 % of the budget",
        "keep_recent": "0 (automatic) – 16,000 tokens (half the budget)",
        "offline_speed": "0 (instant) – 10,000 characters/s",
        "response_deadline": "10 – 7,200 s",
        "idle_deadline": "5 – 600 s (at most the response deadline)",
    }
    assert all(f.range_label.isVisible() for f in dialog.number_fields())


def test_keep_recent_follows_the_budget_it_depends_on(qtbot, tmp_path):
    dialog = _shown_dialog(qtbot, tmp_path, replace(AppSettings(), keep_recent_tokens=10_000))
    assert dialog.keep_recent_field.error() is None
    _type_into(qtbot, dialog.budget, "12000")  # half of it is now less than 10,000
    assert dialog.keep_recent_field.range_label.text().endswith("6,000 tokens (half the budget)")
    assert dialog.keep_recent_field.error_label.isVisible()
    assert "At most 6,000" in dialog.keep_recent_field.error_label.text()
    assert not dialog.ok_button.isEnabled()
    _type_into(qtbot, dialog.keep_recent, "0")
    assert dialog.keep_recent.value() == 0
    assert dialog.ok_button.isEnabled()
    assert dialog.result_settings().keep_recent_tokens == 0


def test_the_workspace_field_shows_the_folder_in_use_and_saves_only_a_change(qtbot, tmp_path):
    saved = replace(AppSettings(), workspace="")
    dialog = _shown_dialog(
        qtbot, tmp_path, saved, workspace=str(tmp_path), workspace_origin="argument"
    )
    assert dialog.workspace.text() == str(tmp_path)
    assert dialog.workspace_note.isVisible() and "--workspace" in dialog.workspace_note.text()
    assert dialog.result_settings().workspace == ""  # one run's --workspace is not made permanent
    other = tmp_path / "other"
    dialog.workspace.setText(str(other))
    assert not dialog.workspace_note.isVisible()
    assert dialog.result_settings().workspace == str(other)


def test_the_offline_speed_is_a_setting(qtbot, tmp_path, qsettings):
    dialog = _shown_dialog(qtbot, tmp_path)
    assert dialog.offline_speed.value() == AppSettings().offline_chars_per_second > 0
    dialog.offline_speed.setValue(0)
    assert dialog.offline_speed.text() == "instant"
    store = SettingsStore(qsettings)
    store.save(dialog.result_settings())
    assert store.load().offline_chars_per_second == 0


def test_the_older_messages_choice_reaches_the_context_manager(kit, qtbot):
    from pi_desktop.agent import OfflineLLM

    window = kit.window(OfflineLLM(), offline=True)
    assert window.settings.snip_policy == "summarize"
    assert window.agent.context.snip_policy == "summarize"
    dialog = window.show_settings()
    labels = [dialog.snip_policy.itemText(i) for i in range(dialog.snip_policy.count())]
    assert any("Summarize" in t for t in labels) and any("without a summary" in t for t in labels)
    dialog.snip_policy.setCurrentIndex(dialog.snip_policy.findData("drop"))
    window.apply_settings(dialog.result_settings())
    dialog.close()
    assert window.settings.snip_policy == "drop"
    assert window.agent.context.snip_policy == "drop"
    assert kit.settings_store().load().snip_policy == "drop"  # saved


def test_an_unknown_older_messages_choice_falls_back_to_summarize():
    from pi_desktop.ui.settings import AppSettings

    assert AppSettings(snip_policy="forget-everything").validated().snip_policy == "summarize"


def test_the_seed_fixed_message_limit_is_a_choice(kit, qtbot):
    """Issue 16: the default limit follows the budget; the seed's fixed 50 can be chosen."""
    from pi_desktop.agent import OfflineLLM

    window = kit.window(OfflineLLM(), offline=True)
    assert window.agent.context.max_messages > 50 or window.agent.context.budget <= 4_000
    dialog = window.show_settings()
    dialog.snip_policy.setCurrentIndex(dialog.snip_policy.findData("drop-50"))
    dialog.grab().save("/tmp/eb/settings_dialog.png")
    window.apply_settings(dialog.result_settings())
    dialog.close()
    assert window.settings.snip_policy == "drop-50"
    assert window.agent.context.snip_policy == "drop"
    assert window.agent.context.max_messages == 50
    assert kit.settings_store().load().snip_policy == "drop-50"
