"""The settings dialog: provider, models, API key, context budget, workspace, tool policy.

It edits an ``AppSettings`` value and a key for the ``KeyStore``; the window persists both
when the dialog is accepted. It is opened with ``open()`` (never ``exec()``), so it is safe
while a run streams. The key field never shows a stored key: it says where the key lives and
stays empty unless the user types a new one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from pi_desktop.ui.settings import (
    IDLE_DEADLINE_RANGE,
    MIN_CONTEXT_BUDGET,
    RESPONSE_DEADLINE_RANGE,
    THRESHOLD_RANGE,
    AppSettings,
    KeyStore,
    env_key_names,
)


@dataclass(frozen=True)
class PresetChoice:
    """One entry of the provider list (built from the agent's presets by the window)."""

    key: str
    label: str
    base_url: str = ""
    model: str = ""
    needs_key: bool = False


POLICY_LABELS = {
    "ask": "Ask before every write or command",
    "auto": "Approve automatically",
    "deny": "Deny all writes and commands",
}


class SettingsDialog(QDialog):
    """Edit settings; read ``result_settings()`` and ``new_api_key()`` after ``accepted``."""

    def __init__(
        self,
        settings: AppSettings,
        presets: list[PresetChoice],
        key_store: KeyStore,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
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
        form.addRow("Provider", self.provider)

        self.model = QLineEdit(settings.model, self)
        form.addRow("Model", self.model)
        self.base_url = QLineEdit(settings.base_url, self)
        form.addRow("Base URL", self.base_url)

        key_row = QWidget(self)
        key_layout = QHBoxLayout(key_row)
        key_layout.setContentsMargins(0, 0, 0, 0)
        self.api_key = QLineEdit(self)
        self.api_key.setEchoMode(QLineEdit.EchoMode.Password)
        self.api_key.setClearButtonEnabled(True)
        self.forget_key = QPushButton("Forget stored key", self)
        self.forget_key.clicked.connect(self._forget)
        key_layout.addWidget(self.api_key, 1)
        key_layout.addWidget(self.forget_key)
        form.addRow("API key", key_row)
        self.key_status = QLabel(self)
        self.key_status.setWordWrap(True)
        # a word-wrapped label in a form row otherwise shrinks to a narrow, tall column
        self.key_status.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        self.key_status.setMinimumWidth(320)
        self.key_status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.key_status.setStyleSheet("color: palette(mid);")
        form.addRow("", self.key_status)

        self.summarizer_model = QLineEdit(settings.summarizer_model, self)
        self.summarizer_model.setPlaceholderText("same as the chat model")
        form.addRow("Summarizer model", self.summarizer_model)

        self.budget = QSpinBox(self)
        self.budget.setRange(MIN_CONTEXT_BUDGET, 2_000_000)
        self.budget.setSingleStep(1_000)
        self.budget.setSuffix(" tokens")
        self.budget.setGroupSeparatorShown(True)
        self.budget.setValue(settings.context_budget)
        form.addRow("Context budget", self.budget)
        self.threshold = QDoubleSpinBox(self)
        self.threshold.setRange(*THRESHOLD_RANGE)
        self.threshold.setSingleStep(0.05)
        self.threshold.setDecimals(2)
        self.threshold.setValue(settings.threshold)
        form.addRow("Compact at", self.threshold)
        self.keep_recent = QSpinBox(self)
        self.keep_recent.setRange(0, 1_000_000)
        self.keep_recent.setSingleStep(500)
        self.keep_recent.setSpecialValueText("automatic (a quarter of the budget)")
        self.keep_recent.setValue(settings.keep_recent_tokens)
        form.addRow("Keep recent", self.keep_recent)
        self.response_deadline = QSpinBox(self)
        self.response_deadline.setRange(*RESPONSE_DEADLINE_RANGE)
        self.response_deadline.setSingleStep(60)
        self.response_deadline.setSuffix(" s")
        self.response_deadline.setValue(settings.response_deadline)
        self.response_deadline.setToolTip("The longest a whole response may take.")
        form.addRow("Response deadline", self.response_deadline)
        self.idle_deadline = QSpinBox(self)
        self.idle_deadline.setRange(*IDLE_DEADLINE_RANGE)
        self.idle_deadline.setSingleStep(10)
        self.idle_deadline.setSuffix(" s")
        self.idle_deadline.setValue(settings.idle_deadline)
        self.idle_deadline.setToolTip(
            "A stream with no new text for this long is retried (keep-alives do not count)."
        )
        form.addRow("Stall timeout", self.idle_deadline)

        ws_row = QWidget(self)
        ws_layout = QHBoxLayout(ws_row)
        ws_layout.setContentsMargins(0, 0, 0, 0)
        self.workspace = QLineEdit(settings.workspace, self)
        self.workspace.setPlaceholderText("the folder the tools may read and write")
        browse = QPushButton("Browse…", self)
        browse.clicked.connect(self._browse)
        ws_layout.addWidget(self.workspace, 1)
        ws_layout.addWidget(browse)
        form.addRow("Workspace", ws_row)

        self.policy = QComboBox(self)
        for key, label in POLICY_LABELS.items():
            self.policy.addItem(label, key)
        self.policy.setCurrentIndex(max(0, self.policy.findData(settings.approval_policy)))
        form.addRow("Tool approval", self.policy)
        self.allow_commands = QCheckBox("Let the model run shell commands", self)
        self.allow_commands.setChecked(settings.allow_commands)
        form.addRow("", self.allow_commands)

        outer.addLayout(form)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        outer.addWidget(buttons)
        self.provider.currentIndexChanged.connect(self._provider_changed)
        self._provider_changed(initial=True)
        self.resize(560, self.sizeHint().height())

    @property
    def provider_key(self) -> str:
        return str(self.provider.currentData())

    def _provider_changed(self, _index: int = 0, *, initial: bool = False) -> None:
        preset = self._presets.get(self.provider_key)
        offline = self.provider_key == "offline"
        for widget in (self.model, self.base_url, self.api_key, self.summarizer_model):
            widget.setEnabled(not offline)
        if preset is not None and not initial:
            self.base_url.setText(preset.base_url)
            self.model.setText(preset.model)
        if preset is not None:
            self.base_url.setPlaceholderText(preset.base_url or "https://…/v1")
            self.model.setPlaceholderText(preset.model or "model name")
        self._key_cleared = False
        self.api_key.clear()
        self._update_key_status()

    def _update_key_status(self) -> None:
        if self.provider_key == "offline":
            self.key_status.setText("The offline provider needs no key and makes no network calls.")
            self.forget_key.setEnabled(False)
            return
        _key, source = self._key_store.get(self.provider_key)
        where = {
            "keyring": "A key is stored in the system keyring.",
            "file": "A key is stored in a local file.",
            "env": "Using the key from the environment "
            f"({' / '.join(env_key_names(self.provider_key))}).",
            "none": "No key stored.",
        }[source]
        if self._key_cleared:
            where = "The stored key will be forgotten."
        self.key_status.setText(f"{where} New keys are saved in the {self._key_store.store_name}.")
        self.api_key.setPlaceholderText(
            "•••••••• (type to replace)" if source in ("keyring", "file") else "paste your key"
        )
        self.forget_key.setEnabled(source in ("keyring", "file") and not self._key_cleared)

    def _forget(self) -> None:
        self._key_cleared = True
        self.api_key.clear()
        self._update_key_status()

    def _browse(self) -> None:
        dialog = QFileDialog(self, "Workspace folder", self.workspace.text())
        dialog.setFileMode(QFileDialog.FileMode.Directory)
        dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
        dialog.fileSelected.connect(self.workspace.setText)
        dialog.open()

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
            workspace=self.workspace.text().strip(),
            approval_policy=str(self.policy.currentData()),
            allow_commands=self.allow_commands.isChecked(),
            response_deadline=self.response_deadline.value(),
            idle_deadline=self.idle_deadline.value(),
        ).validated()

    def new_api_key(self) -> str | None:
        """The key to store: the typed one, "" to forget the stored one, None to keep it."""
        typed = self.api_key.text().strip()
        if typed:
            return typed
        return "" if self._key_cleared else None
