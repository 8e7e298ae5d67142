"""The settings dialog: provider, models, API key, context budget, workspace, tool policy.

It edits an ``AppSettings`` value and a key for the ``KeyStore``; the window persists both
when the dialog is accepted. It is opened with ``open()`` (never ``exec()``), so it is safe
while a run streams. The key field never shows a stored key: it says where the key lives and
stays empty unless the user types a new one.

Every number states its range beside it, and a value out of range stays as typed with a
message under the field (OK is disabled until it is fixed): a spin box that silently snaps
1000 back to 32,000 on Tab teaches nothing. The workspace field shows the folder the tools
really use, even when it came from ``--workspace`` or the session rather than the settings.
The fields themselves are in ``settings_fields``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from pi_desktop.agent.connect import ProviderConfig
from pi_desktop.agent.presets import missing_key
from pi_desktop.ui.a11y import describe_buttons, label_form_fields
from pi_desktop.ui.chat.usage_text import dump_prices, parse_prices
from pi_desktop.ui.dialogs.connection_tools import ConnectionTools, PriceFields
from pi_desktop.ui.dialogs.percent import PercentSpinBox, percent_text
from pi_desktop.ui.dialogs.settings_fields import (
    LanguageField,
    NumberField,
    PresetChoice,
    WorkspaceField,
    effort_labels,
    offline_speed_field,
    policy_labels,
    snip_policy_labels,
    store_name,
    thinking_labels,
    tokens_text,
)
from pi_desktop.ui.i18n import say, tr, trf
from pi_desktop.ui.settings import (
    IDLE_DEADLINE_RANGE,
    MAX_CONTEXT_BUDGET,
    MIN_CONTEXT_BUDGET,
    RESPONSE_DEADLINE_RANGE,
    THRESHOLD_RANGE,
    AppSettings,
    KeyStore,
    env_key_names,
    thinking_flag,
)


class SettingsDialog(QDialog):
    """Edit settings; read ``result_settings()`` and ``new_api_key()`` after ``accepted``."""

    def __init__(
        self,
        settings: AppSettings,
        presets: list[PresetChoice],
        key_store: KeyStore,
        parent: QWidget | None = None,
        *,
        workspace: str | None = None,
        workspace_origin: str = "settings",
        list_models: Callable[[ProviderConfig], Awaitable[list[str]]] | None = None,
        test_connection: Callable[[ProviderConfig], Awaitable[Any]] | None = None,
    ) -> None:
        """``workspace`` is the folder in use (``MainWindow.effective_workspace``) and
        ``workspace_origin`` where it came from: "argument", "settings", "session" or "cwd".
        ``list_models`` / ``test_connection`` back the Fetch models / Test connection buttons
        (``pi_desktop.agent.connect``: async, given the fields as a ``ProviderConfig``; None: the
        button is off)."""
        super().__init__(parent)
        self.setWindowTitle(tr("Settings", "Settings"))
        self._settings = settings
        self._presets = {p.key: p for p in presets}
        self._key_store = key_store
        self._key_cleared = False
        outer = QVBoxLayout(self)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)

        self.provider = QComboBox(self)
        for preset in presets:
            self.provider.addItem(preset.label, preset.key)
        if settings.provider not in self._presets:
            self.provider.addItem(settings.provider, settings.provider)
        self.provider.setCurrentIndex(max(0, self.provider.findData(settings.provider)))
        self.provider.setToolTip(
            tr("Settings", "Who answers: a cloud service, a local server or the offline demo")
        )
        form.addRow(tr("Settings", "Provider"), self.provider)

        self.model = QLineEdit(settings.model, self)
        self.model.setToolTip(tr("Settings", "The model's name as the provider spells it"))
        form.addRow(tr("Settings", "Model"), self.model)
        self.base_url = QLineEdit(settings.base_url, self)
        self.base_url.setToolTip(
            tr("Settings", "The address of the provider's OpenAI-compatible API")
        )
        form.addRow(tr("Settings", "Base URL"), self.base_url)

        key_row = QWidget(self)
        key_layout = QHBoxLayout(key_row)
        key_layout.setContentsMargins(0, 0, 0, 0)
        self.api_key = QLineEdit(self)
        self.api_key.setEchoMode(QLineEdit.EchoMode.Password)
        self.api_key.setClearButtonEnabled(True)
        self.api_key.setToolTip(
            tr(
                "Settings",
                "The provider's API key; it is never shown and never written into the settings",
            )
        )
        self.forget_key = QPushButton(tr("Settings", "&Forget stored key"), self)
        self.forget_key.setToolTip(tr("Settings", "Remove the key stored for this provider"))
        self.forget_key.clicked.connect(self._forget)
        key_layout.addWidget(self.api_key, 1)
        key_layout.addWidget(self.forget_key)
        form.addRow(tr("Settings", "API key"), key_row)
        self.key_status = QLabel(self)
        self.key_status.setWordWrap(True)
        # a word-wrapped label in a form row otherwise shrinks to a narrow, tall column
        self.key_status.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        self.key_status.setMinimumWidth(320)
        self.key_status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.key_status.setForegroundRole(QPalette.ColorRole.PlaceholderText)  # quiet, readable
        # two lines whatever it says: switching provider never moves the fields below
        self.key_status.setFixedHeight(self.key_status.fontMetrics().lineSpacing() * 2 + 4)
        self.key_status.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        form.addRow("", self.key_status)
        self.connection = ConnectionTools(
            self.model, self.connection_choice, list_models, test_connection, self
        )
        form.addRow("", self.connection)
        self.prices = PriceFields(parse_prices(settings.model_prices), self)
        self.model.textChanged.connect(self.prices.show_model)
        self.prices.show_model(settings.model)
        form.addRow(tr("Settings", "Price per 1M tokens"), self.prices)
        thinking_row = QWidget(self)
        thinking_layout = QHBoxLayout(thinking_row)
        thinking_layout.setContentsMargins(0, 0, 0, 0)
        self.thinking = QComboBox(self)
        self.thinking.setObjectName("thinking")
        for key, label in thinking_labels().items():
            self.thinking.addItem(label, key)
        self.thinking.setCurrentIndex(max(0, self.thinking.findData(settings.thinking)))
        self.thinking.setToolTip(
            tr(
                "Settings",
                "Thinking models reason before they answer (shown in a Thinking block). Off: "
                "faster\nand cheaper answers on providers that can switch it (DeepSeek, Qwen, "
                "OpenRouter).",
            )
        )
        self.effort = QComboBox(self)
        self.effort.setObjectName("reasoning_effort")
        for key, label in effort_labels().items():
            self.effort.addItem(label, key)
        self.effort.setCurrentIndex(max(0, self.effort.findData(settings.reasoning_effort)))
        self.effort.setToolTip(
            tr("Settings", "How long the model may think, where the provider takes it")
        )
        self.thinking.currentIndexChanged.connect(self._thinking_changed)
        thinking_layout.addWidget(self.thinking)
        effort_label = QLabel(tr("Settings", "&effort"), self)
        effort_label.setBuddy(self.effort)
        thinking_layout.addWidget(effort_label)
        thinking_layout.addWidget(self.effort)
        thinking_layout.addStretch(1)
        form.addRow(tr("Settings", "Thinking"), thinking_row)
        self._warned_no_key = False
        # a new URL or key makes the last answer stale; typing a model searches the list
        for field in (self.base_url, self.api_key):
            field.textEdited.connect(self._connection_edited)

        self.summarizer_model = QLineEdit(settings.summarizer_model, self)
        self.summarizer_model.setToolTip(
            tr("Settings", "A cheaper model that writes the summaries (empty: the chat model)")
        )
        self.summarizer_model.setPlaceholderText(tr("Settings", "same as the chat model"))
        form.addRow(tr("Settings", "Summarizer model"), self.summarizer_model)

        self.budget = QSpinBox(self)
        self.budget.setRange(0, 99_999_999)  # wider than allowed: a typo stays visible
        self.budget.setSingleStep(1_000)
        self.budget.setSuffix(tr("Settings", " tokens"))
        self.budget.setGroupSeparatorShown(True)
        self.budget.setValue(settings.context_budget)
        self.budget.setObjectName("budget")
        self.budget.setToolTip(
            tr("Settings", "The most tokens one request may carry; the budget bar counts up to it")
        )
        self.budget_field = NumberField(
            self.budget,
            lambda: (MIN_CONTEXT_BUDGET, MAX_CONTEXT_BUDGET),
            tokens_text,
            tr("Settings", "tokens"),
            self,
        )
        form.addRow(tr("Settings", "Context budget"), self.budget_field)
        self.threshold = PercentSpinBox(self)  # "80 %", as the bar says it; value() 0.8
        self.threshold.setValue(settings.threshold)
        self.threshold.setObjectName("threshold")
        self.threshold.setToolTip(
            tr("Settings", "The share of the budget at which older turns are summarized")
        )
        self.threshold_field = NumberField(
            self.threshold,
            lambda: THRESHOLD_RANGE,
            percent_text,
            tr("Settings", "of the budget"),
            self,
        )
        form.addRow(tr("Settings", "Compact at"), self.threshold_field)
        self.keep_recent = QSpinBox(self)
        self.keep_recent.setRange(0, 99_999_999)
        self.keep_recent.setSingleStep(500)
        self.keep_recent.setGroupSeparatorShown(True)
        self.keep_recent.setSpecialValueText(tr("Settings", "automatic"))
        self.keep_recent.setValue(settings.keep_recent_tokens)
        self.keep_recent.setObjectName("keep_recent")
        self.keep_recent.setToolTip(
            tr(
                "Settings",
                "How many of the newest tokens a summary always leaves verbatim. Automatic: a "
                "quarter of the budget, less under a small one, so a summary leaves room for a "
                "few more turns",
            )
        )
        self.keep_recent_field = NumberField(
            self.keep_recent,
            lambda: (0, self.budget.value() // 2),
            tokens_text,
            tr("Settings", "tokens (half the budget)"),
            self,
            low_words=tr("Settings", "0 (automatic)"),
        )
        form.addRow(tr("Settings", "Keep recent"), self.keep_recent_field)
        self.offline_speed_field = offline_speed_field(settings.offline_chars_per_second, self)
        self.offline_speed = self.offline_speed_field.spin
        form.addRow(tr("Settings", "Offline demo speed"), self.offline_speed_field)
        self.budget.valueChanged.connect(lambda _v: self.keep_recent_field.check())
        self.response_deadline = QSpinBox(self)
        self.response_deadline.setRange(0, 99_999_999)
        self.response_deadline.setSingleStep(60)
        self.response_deadline.setSuffix(tr("Settings", " s"))
        self.response_deadline.setGroupSeparatorShown(True)
        self.response_deadline.setValue(settings.response_deadline)
        self.response_deadline.setObjectName("response_deadline")
        self.response_deadline.setToolTip(tr("Settings", "The longest a whole response may take."))
        self.response_deadline_field = NumberField(
            self.response_deadline,
            lambda: RESPONSE_DEADLINE_RANGE,
            tokens_text,
            tr("Settings", "s"),
            self,
        )
        form.addRow(tr("Settings", "Response deadline"), self.response_deadline_field)
        self.idle_deadline = QSpinBox(self)
        self.idle_deadline.setRange(0, 99_999_999)
        self.idle_deadline.setSingleStep(10)
        self.idle_deadline.setSuffix(tr("Settings", " s"))
        self.idle_deadline.setGroupSeparatorShown(True)
        self.idle_deadline.setValue(settings.idle_deadline)
        self.idle_deadline.setObjectName("idle_deadline")
        self.idle_deadline.setToolTip(
            tr(
                "Settings",
                "A stream with no new text for this long is retried (keep-alives do not count).",
            )
        )
        self.idle_deadline_field = NumberField(
            self.idle_deadline,
            lambda: (
                IDLE_DEADLINE_RANGE[0],
                min(IDLE_DEADLINE_RANGE[1], self.response_deadline.value()),
            ),
            tokens_text,
            tr("Settings", "s (at most the response deadline)"),
            self,
        )
        form.addRow(tr("Settings", "Stall timeout"), self.idle_deadline_field)
        self.response_deadline.valueChanged.connect(lambda _v: self.idle_deadline_field.check())

        self.snip_policy = QComboBox(self)
        for key, label in snip_policy_labels().items():
            self.snip_policy.addItem(label, key)
        self.snip_policy.setCurrentIndex(max(0, self.snip_policy.findData(settings.snip_policy)))
        self.snip_policy.setToolTip(
            tr(
                "Settings",
                "When the conversation grows past the message limit, older messages leave the\n"
                "context. The limit follows the context budget (about one message per 64 tokens,\n"
                "at least 50), so a summary runs when the window needs one; the seed's fixed 50\n"
                "messages can be chosen instead. Summarized, their content stays known to the\n"
                "model (one summary call each time); dropped, the model forgets them.",
            )
        )
        form.addRow(tr("Settings", "Older messages"), self.snip_policy)
        self.branch_summaries = QCheckBox(tr("Settings", "Summarize a branch I leave by rewinding"))
        self.branch_summaries.setToolTip(
            tr(
                "Settings",
                "On: going back leaves a short note of what the abandoned branch did, sent as\n"
                "context while the conversation passes that point (one summarizer call).\n"
                "Remove a note from the tree's context menu.",
            )
        )
        self.branch_summaries.setChecked(settings.branch_summaries)
        form.addRow("", self.branch_summaries)

        self.workspace_field = WorkspaceField(
            workspace if workspace is not None else settings.workspace, workspace_origin, self
        )
        self.workspace = self.workspace_field.edit
        self.workspace_note = self.workspace_field.note
        form.addRow(tr("Settings", "Workspace"), self.workspace_field)
        form.addRow("", self.workspace_note)
        self.remote_images = QCheckBox(
            tr("Settings", "Show web images in messages (fetched from their site)")
        )
        self.remote_images.setToolTip(
            tr(
                "Settings",
                "Off: images are never fetched (a model can use them to track you).\n"
                "Local files are never shown, whatever this says.",
            )
        )
        self.remote_images.setChecked(settings.remote_images)
        form.addRow("", self.remote_images)

        self.policy = QComboBox(self)
        for key, label in policy_labels().items():
            self.policy.addItem(label, key)
        self.policy.setCurrentIndex(max(0, self.policy.findData(settings.approval_policy)))
        self.policy.setToolTip(
            tr("Settings", "What happens when the model wants to write a file or run a command")
        )
        form.addRow(tr("Settings", "Tool approval"), self.policy)
        self.allow_commands = QCheckBox(tr("Settings", "Let the model run shell commands"), self)
        self.allow_commands.setChecked(settings.allow_commands)
        self.allow_commands.setToolTip(
            tr("Settings", "Off: the model cannot run programs; on: each command still asks first.")
        )
        form.addRow("", self.allow_commands)

        self.language_field = LanguageField(settings.language, self)
        self.language = self.language_field.choice
        self.language_note = self.language_field.note
        form.addRow(tr("Settings", "Language"), self.language)
        form.addRow("", self.language_note)

        # pages: "General" is this form; others (Tools) are added with add_page
        self.pages = QTabWidget(self)
        self.pages.setAccessibleName(tr("Settings", "Settings pages"))
        self.pages.setAccessibleDescription(
            tr("Settings", "Ctrl+Tab moves to the next page of the settings.")
        )
        self.pages.setTabBarAutoHide(True)
        general = QWidget(self.pages)
        general.setLayout(form)
        self.pages.addTab(general, tr("Settings", "General"))
        label_form_fields(form)
        outer.addWidget(self.pages)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        outer.addWidget(buttons)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        for field in self.number_fields():
            field.changed.connect(self._update_ok)
            field.check()
        self.provider.currentIndexChanged.connect(self._provider_changed)
        self._provider_changed(initial=True)
        describe_buttons(self)
        self.resize(560, self.sizeHint().height())

    def add_page(self, title: str, page: QWidget) -> None:
        """Another page beside "General" (it applies its own changes; OK saves only the form)."""
        self.pages.addTab(page, title)
        self.resize(max(self.width(), 640), max(self.height(), 560))

    def number_fields(self) -> list[NumberField]:
        return [
            self.budget_field,
            self.threshold_field,
            self.keep_recent_field,
            self.offline_speed_field,
            self.response_deadline_field,
            self.idle_deadline_field,
        ]

    def problems(self) -> dict[str, str]:
        """The fields whose value cannot be saved and why (empty when all is well)."""
        found = {}
        for field in self.number_fields():
            problem = field.error()
            if problem:
                found[field.spin.objectName() or type(field.spin).__name__] = problem
        return found

    def _update_ok(self) -> None:
        self.ok_button.setEnabled(not any(f.error() for f in self.number_fields()))

    def accept(self) -> None:
        """Refuse while a field is invalid: its message is on screen, focus goes there.

        A provider that needs a key and has none is said so inline at the first OK (the app
        would otherwise stay on the offline provider without a word); a second OK saves."""
        for field in self.number_fields():
            if field.check():
                field.spin.setFocus()
                field.spin.selectAll()
                return
        missing = self.missing_key()
        if missing and not self._warned_no_key:
            self._warned_no_key = True
            self.connection.say(
                trf(
                    "Settings",
                    "%1 OK again saves without one (the offline demo answers until then).",
                    say(missing),
                ),
                ok=False,
            )
            self.api_key.setFocus()
            return
        self.connection.cancel()
        super().accept()

    def reject(self) -> None:
        self.connection.cancel()
        super().reject()

    def missing_key(self) -> str | None:
        """Why the chosen provider cannot be used for want of a key, or None."""
        if self.provider_key not in self._presets:
            return None
        return missing_key(self.provider_key, self._key_in_use())

    def _key_in_use(self) -> str | None:
        """The typed key, else the stored one (unless the user asked to forget it)."""
        key = self.api_key.text().strip() or None
        if key is None and not self._key_cleared:
            key, source = self._key_store.get(self.provider_key)
            key = key if source in ("keyring", "file") else None  # env: the preset reads it
        return key

    def connection_choice(self, *, listing: bool = False) -> ProviderConfig:
        """The provider as the fields describe it now, for Fetch models / Test connection.

        Listing the models needs no model name, but the client is built with one: an empty
        field (the user is about to choose) lists with a stand-in that is never sent."""
        provider = self.provider_key
        preset = self._presets.get(provider)
        model = self.model.text().strip() or (preset.model if preset else "")
        return ProviderConfig(
            preset=provider,
            model=model or ("(listing models)" if listing else ""),
            base_url=self.base_url.text().strip() or (preset.base_url if preset else ""),
            api_key=self._key_in_use(),
            thinking=thinking_flag(str(self.thinking.currentData())),
            reasoning_effort=str(self.effort.currentData()) or None,
        )

    def _connection_edited(self, _text: str = "") -> None:
        """What the last test said no longer applies to the fields as edited."""
        self._warned_no_key = False
        if not self.connection.busy:
            self.connection.say("")

    @property
    def provider_key(self) -> str:
        return str(self.provider.currentData())

    def _provider_changed(self, _index: int = 0, *, initial: bool = False) -> None:
        preset = self._presets.get(self.provider_key)
        offline = self.provider_key == "offline"
        for widget in (self.model, self.base_url, self.api_key, self.summarizer_model):
            widget.setEnabled(not offline)
        self._thinking_changed()
        self.connection.cancel()
        self.connection.set_enabled(not offline)
        self.connection.say("")
        self._warned_no_key = False
        if preset is not None and not initial:
            self.base_url.setText(preset.base_url)
            self.model.setText(preset.model)
        if preset is not None:
            self.base_url.setPlaceholderText(preset.base_url or "https://…/v1")
            self.model.setPlaceholderText(preset.model or tr("Settings", "model name"))
        self._key_cleared = False
        self.api_key.clear()
        self._update_key_status()

    def _thinking_changed(self, _index: int = 0) -> None:
        """The switch only where the provider has one; an effort only where it takes one and
        thinking is not off."""
        preset = self._presets.get(self.provider_key)
        self.thinking.setEnabled(bool(preset and preset.thinking))
        off = self.thinking.currentData() == "off" and self.thinking.isEnabled()
        self.effort.setEnabled(bool(preset and preset.effort) and not off)

    def _update_key_status(self) -> None:
        if self.provider_key == "offline":
            self.key_status.setText(
                tr("Settings", "The offline provider needs no key and makes no network calls.")
            )
            self.forget_key.setEnabled(False)
            return
        _key, source = self._key_store.get(self.provider_key)
        where = {
            "keyring": tr("Settings", "A key is stored in the system keyring."),
            "file": tr("Settings", "A key is stored in a local file."),
            "env": trf(
                "Settings",
                "Using the key from the environment (%1).",
                " / ".join(env_key_names(self.provider_key)),
            ),
            "none": tr("Settings", "No key stored."),
        }[source]
        if self._key_cleared:
            where = tr("Settings", "The stored key will be forgotten.")
        self.key_status.setText(
            where
            + " "
            + trf("Settings", "New keys are saved in the %1.", store_name(self._key_store))
        )
        self.api_key.setPlaceholderText(
            tr("Settings", "•••••••• (type to replace)")
            if source in ("keyring", "file")
            else tr("Settings", "paste your key")
        )
        self.forget_key.setEnabled(source in ("keyring", "file") and not self._key_cleared)

    def _forget(self) -> None:
        self._key_cleared = True
        self.api_key.clear()
        self._update_key_status()

    def result_settings(self) -> AppSettings:
        return replace(
            self._settings,
            provider=self.provider_key,
            model=self.model.text().strip(),
            base_url=self.base_url.text().strip(),
            summarizer_model=self.summarizer_model.text().strip(),
            context_budget=self.budget.value(),
            threshold=round(self.threshold.value(), 2),
            keep_recent_tokens=self.keep_recent.value(),
            offline_chars_per_second=self.offline_speed.value(),
            workspace=self.workspace_setting(),
            remote_images=self.remote_images.isChecked(),
            approval_policy=str(self.policy.currentData()),
            snip_policy=str(self.snip_policy.currentData()),
            branch_summaries=self.branch_summaries.isChecked(),
            model_prices=dump_prices(self.prices.prices),
            thinking=str(self.thinking.currentData()),
            reasoning_effort=str(self.effort.currentData()),
            allow_commands=self.allow_commands.isChecked(),
            response_deadline=self.response_deadline.value(),
            idle_deadline=self.idle_deadline.value(),
            language=str(self.language.currentData() or ""),
        ).validated()

    def workspace_setting(self) -> str:
        """The workspace to save (see ``WorkspaceField.setting``)."""
        return self.workspace_field.setting(self._settings.workspace)

    def new_api_key(self) -> str | None:
        """The key to store: the typed one, "" to forget the stored one, None to keep it."""
        typed = self.api_key.text().strip()
        if typed:
            return typed
        return "" if self._key_cleared else None
