"""The parts the settings dialog is built from: the provider list entry, a number field that
states its range, the workspace row, and the words for each choice.

Kept apart from ``SettingsDialog`` (which lays them out and turns them into ``AppSettings``)
so each can be read — and tested — on its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from pi_desktop.ui.i18n import (
    available_languages,
    language_name,
    number,
    resolve_language,
    tr,
    trf,
)
from pi_desktop.ui.settings import OFFLINE_SPEED_RANGE, KeyStore
from pi_desktop.ui.theme import theme_for


@dataclass(frozen=True)
class PresetChoice:
    """One entry of the provider list (built from the agent's presets by the window)."""

    key: str
    label: str
    base_url: str = ""
    model: str = ""
    needs_key: bool = False
    thinking: bool = False  # the provider has a thinking on/off switch
    effort: bool = False  # the provider takes a reasoning effort


def workspace_note(origin: str) -> str:
    """Where the folder in use came from, said under the field ("" when from Settings)."""
    notes = {
        "argument": tr(
            "Settings",
            "Given with --workspace for this run. Change it here to use another folder.",
        ),
        "session": tr("Settings", "This session's folder (none is set in Settings)."),
        "cwd": tr(
            "Settings", "The folder the app was started in (none is set). Choose one to keep it."
        ),
    }
    return notes.get(origin, "")


class NumberField(QWidget):
    """A spin box, its allowed range beside it and, when the value is outside, why — inline.

    The spin box accepts any number of its width, so what the user typed stays on screen;
    ``error()`` says what is allowed instead of the box correcting it silently. ``limits``
    is a callable because a range may depend on another field (keep-recent ≤ half the budget).
    """

    changed = Signal()

    def __init__(
        self,
        spin: QSpinBox | QDoubleSpinBox,
        limits: Callable[[], tuple[float, float]],
        fmt: Callable[[float], str],
        unit: str,
        parent: QWidget | None = None,
        *,
        low_words: str = "",
    ) -> None:
        super().__init__(parent)
        self.spin = spin
        self._limits = limits
        self._fmt = fmt
        self._unit = unit
        self._low_words = low_words  # e.g. "0 (automatic)" instead of "0"
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        spin.setKeyboardTracking(True)
        spin.setParent(self)
        spin.setMinimumWidth(260)  # one width for all: the ranges line up beside them
        row.addWidget(spin)
        self.range_label = QLabel(self)
        self.range_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)  # quiet, readable
        row.addWidget(self.range_label, 1)
        # the message takes the range's place on the same line: typing never grows the dialog
        self.error_label = QLabel(self)
        self.error_label.setStyleSheet(f"color: {theme_for(self.palette()).tool_error.name()};")
        self.error_label.hide()
        row.addWidget(self.error_label, 1)
        column.addLayout(row)
        spin.valueChanged.connect(self.check)
        spin.lineEdit().textEdited.connect(lambda _text: self.check())

    def _words(self, value: float) -> str:
        return f"{self._fmt(value)} {self._unit}".strip()

    def range_text(self) -> str:
        low, high = self._limits()
        low_text = self._low_words or self._fmt(low)
        return trf("Settings", "%1 – %2", low_text, self._words(high))

    def error(self) -> str | None:
        """Why the value cannot be saved, or None."""
        if not self.spin.hasAcceptableInput():
            return trf("Settings", "Enter a number: %1.", self.range_text())
        low, high = self._limits()
        value = self.spin.value()
        if value < low:
            return trf("Settings", "At least %1.", self._words(low))
        if value > high:
            return trf("Settings", "At most %1.", self._words(high))
        return None

    def check(self) -> str | None:
        """Refresh the range and the message; tell the dialog (it enables OK)."""
        self.range_label.setText(self.range_text())
        problem = self.error()
        self.error_label.setText(problem or "")
        self.error_label.setVisible(problem is not None)
        self.range_label.setVisible(problem is None)
        self.changed.emit()
        return problem


def store_name(store: KeyStore) -> str:
    """Where new keys go, in the interface's language."""
    name = str(store.store_name)
    keyring, local = "system keyring (", "local file readable only by you: "
    if name.startswith(keyring) and name.endswith(")"):
        return trf("Settings", "system keyring (%1)", name[len(keyring) : -1])
    if name.startswith(local):
        return trf("Settings", "local file readable only by you: %1", name[len(local) :])
    return name


def tokens_text(value: float) -> str:
    return number(int(value))


def snip_policy_labels() -> dict[str, str]:
    return {
        "summarize": tr("Settings", "Summarize them before they leave the context (recommended)"),
        "drop": tr(
            "Settings", "Drop them without a summary (no extra calls; the model forgets them)"
        ),
        "summarize-50": tr(
            "Settings", "Summarize them past a fixed 50 messages (the seed's limit)"
        ),
        "drop-50": tr("Settings", "Drop them past a fixed 50 messages (the seed's L1)"),
    }


def thinking_labels() -> dict[str, str]:
    return {
        "default": tr("Settings", "As the provider does"),
        "on": tr("Settings", "On"),
        "off": tr("Settings", "Off"),
    }


def effort_labels() -> dict[str, str]:
    return {
        "": tr("Settings", "default", "reasoning effort"),
        "low": tr("Settings", "low", "reasoning effort"),
        "medium": tr("Settings", "medium", "reasoning effort"),
        "high": tr("Settings", "high", "reasoning effort"),
    }


def policy_labels() -> dict[str, str]:
    return {
        "ask": tr("Settings", "Ask before every write or command"),
        "auto": tr("Settings", "Approve automatically"),
        "deny": tr("Settings", "Deny all writes and commands"),
    }


class WorkspaceField(QWidget):
    """The workspace folder: the one the tools really use, a Browse button, and a note saying
    where that folder came from (hidden once the user types another)."""

    def __init__(self, shown: str, origin: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.shown = shown
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.edit = QLineEdit(shown, self)
        self.edit.setToolTip(tr("Settings", "The only folder the tools may read and write"))
        self.edit.setPlaceholderText(tr("Settings", "the folder the tools may read and write"))
        browse = QPushButton(tr("Settings", "&Browse…"), self)
        browse.setToolTip(tr("Settings", "Choose the workspace folder"))
        browse.clicked.connect(lambda _checked=False: self._browse())
        layout.addWidget(self.edit, 1)
        layout.addWidget(browse)
        self.note = QLabel(workspace_note(origin), parent)
        self.note.setWordWrap(True)
        self.note.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        self.note.setMinimumWidth(320)
        self.note.setForegroundRole(QPalette.ColorRole.PlaceholderText)  # quiet, readable
        self.note.setVisible(bool(self.note.text()))
        self._note_text = self.note.text()
        self.edit.textChanged.connect(self._edited)

    def setting(self, saved: str) -> str:
        """The workspace to save: what the user typed, or ``saved`` when the field still shows
        the folder in use (a ``--workspace`` for one run is not made permanent)."""
        typed = self.edit.text().strip()
        if typed == (self.shown or "").strip():
            return saved
        return typed

    def _edited(self, text: str) -> None:
        """The note explains the folder shown; once the user picks another it no longer applies."""
        same = text.strip() == (self.shown or "").strip()
        self.note.setVisible(same and bool(self._note_text))

    def _browse(self) -> None:
        dialog = QFileDialog(self, tr("Settings", "Workspace folder"), self.edit.text())
        dialog.setFileMode(QFileDialog.FileMode.Directory)
        dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
        dialog.fileSelected.connect(self.edit.setText)
        dialog.open()


class LanguageField(QWidget):
    """The interface language (the system's by default) and a note that a change applies at
    the next start. ``choice`` and ``note`` are laid out by the dialog's form."""

    def __init__(self, saved: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hide()  # a holder: the form shows the two widgets below
        self.choice = QComboBox(parent)
        self.choice.setObjectName("language")
        system = language_name(resolve_language(""))
        self.choice.addItem(trf("Settings", "System language (%1)", system), "")
        for code in available_languages():
            self.choice.addItem(language_name(code), code)
        self.choice.setCurrentIndex(max(0, self.choice.findData(saved)))
        self.choice.setToolTip(tr("Settings", "The language of the interface"))
        self.note = QLabel(
            tr("Settings", "A new language applies when pi-desktop restarts."), parent
        )
        self.note.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.note.setVisible(False)
        self.choice.currentIndexChanged.connect(
            lambda _i: self.note.setVisible(self.choice.currentData() != saved)
        )


def offline_speed_field(value: int, parent: QWidget) -> NumberField:
    """How fast the offline demo streams (0: at once), so Stop can be tried on it."""
    spin = QSpinBox(parent)
    spin.setRange(0, 99_999_999)
    spin.setSingleStep(50)
    spin.setSuffix(tr("Settings", " characters/s"))
    spin.setSpecialValueText(tr("Settings", "instant"))
    spin.setValue(value)
    spin.setObjectName("offline_speed")
    field = NumberField(
        spin,
        lambda: OFFLINE_SPEED_RANGE,
        tokens_text,
        tr("Settings", "characters/s"),
        parent,
        low_words=tr("Settings", "0 (instant)"),
    )
    spin.setToolTip(
        tr("Settings", "How fast the offline demo streams its answers, so Stop (Esc) can be tried.")
    )
    return field
