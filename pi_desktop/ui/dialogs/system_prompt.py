"""The system prompt dialog: read and change this session's prompt, keep prompts for later.

The system prompt is what every request of the session starts with, so it is shown, not
buried: the header links here. A change applies from the next request on and is one more
entry in the session (what was already sent stays as sent; the tree marks where it changed).
Saved prompts ("assistants" in other apps) live in a small store beside the settings; one of
them may be the default that new sessions start with.

The store is duck-typed (``names()``, ``get(name)``, ``save(name, text)``, ``delete(name)``,
``default_name()``, ``set_default(name | None)``) so the dialog is tested with the real one
and knows nothing of where it keeps its file. Opened with ``open()``, never ``exec()``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pi_desktop.ui.dialogs.connection_tools import fixed_message_label

NOTE = (
    "Every request of this session starts with these instructions. A change applies from "
    "your next message on; what was already sent stays as it was, and the tree marks the "
    "change."
)
MAX_NAME_CHARS = 80


class SystemPromptDialog(QDialog):
    """Edit the session's prompt; ``promptChosen(text)`` on OK when it changed."""

    promptChosen = Signal(str)

    def __init__(
        self,
        prompt: str | None,
        store: Any,
        parent: QWidget | None = None,
        *,
        editable: bool = True,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("System prompt")
        self._original = prompt or ""
        self._store = store
        outer = QVBoxLayout(self)
        note = QLabel(NOTE, self)
        note.setWordWrap(True)
        outer.addWidget(note)
        self.editor = QPlainTextEdit(self)
        self.editor.setObjectName("systemPromptText")
        self.editor.setPlainText(self._original)
        self.editor.setPlaceholderText("No system prompt: the model gets only the conversation.")
        self.editor.setReadOnly(not editable)
        outer.addWidget(self.editor, 1)

        saved = QHBoxLayout()
        saved.addWidget(QLabel("Saved prompts", self))
        self.saved = QComboBox(self)
        self.saved.setObjectName("savedPrompts")
        self.saved.setMinimumWidth(180)
        self.saved.activated.connect(self._load_saved)
        self.saved.currentIndexChanged.connect(self._chosen_changed)
        saved.addWidget(self.saved, 1)
        self.delete_button = QPushButton("Delete", self)
        self.delete_button.setToolTip("Forget the chosen saved prompt (sessions keep their copy)")
        self.delete_button.clicked.connect(self._delete)
        saved.addWidget(self.delete_button)
        outer.addLayout(saved)

        save_row = QHBoxLayout()
        self.name = QLineEdit(self)
        self.name.setObjectName("savedPromptName")
        self.name.setPlaceholderText("a name, e.g. Code reviewer")
        self.name.setMaxLength(MAX_NAME_CHARS)
        self.save_button = QPushButton("Save the text above as", self)
        self.save_button.clicked.connect(self._save)
        save_row.addWidget(self.save_button)
        save_row.addWidget(self.name, 1)
        outer.addLayout(save_row)
        self.default_box = QCheckBox("New sessions start with the chosen saved prompt", self)
        self.default_box.toggled.connect(self._default_toggled)
        outer.addWidget(self.default_box)
        self.message = fixed_message_label(self, 1)
        self.message.setObjectName("systemPromptMessage")
        outer.addWidget(self.message)

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Use for this session" if editable else "OK")
        outer.addWidget(buttons)
        if store is None:  # nowhere to keep prompts: only this session's can be edited
            for widget in (self.saved, self.delete_button, self.name, self.save_button):
                widget.hide()
            self.default_box.hide()
        self._refresh_saved()
        problem = getattr(store, "problem", None)
        if problem:
            self.message.setText(problem)
        self.resize(640, 460)

    @property
    def text(self) -> str:
        return self.editor.toPlainText()

    def set_editable(self, editable: bool, why: str = "") -> None:
        """Off while an answer runs (the prompt must not change under a request)."""
        self.editor.setReadOnly(not editable)
        self.ok_button.setEnabled(editable)
        if why:
            self.message.setText(why)

    # -- saved prompts -------------------------------------------------------------------

    def _refresh_saved(self, select: str | None = None) -> None:
        names = list(self._store.names()) if self._store is not None else []
        default = self._store.default_name() if self._store is not None else None
        self.saved.blockSignals(True)
        self.saved.clear()
        for name in names:
            self.saved.addItem(f"{name}  (default)" if name == default else name, name)
        if select is not None and select in names:
            self.saved.setCurrentIndex(names.index(select))
        elif default in names:
            self.saved.setCurrentIndex(names.index(default))
        self.saved.blockSignals(False)
        self.saved.setEnabled(bool(names))
        self.delete_button.setEnabled(bool(names))
        self.default_box.blockSignals(True)
        self.default_box.setEnabled(bool(names))
        self.default_box.setChecked(bool(names) and self.chosen_name() == default)
        self.default_box.blockSignals(False)

    def chosen_name(self) -> str | None:
        data = self.saved.currentData()
        return str(data) if data is not None else None

    def _chosen_changed(self, _index: int) -> None:
        default = self._store.default_name() if self._store is not None else None
        self.default_box.blockSignals(True)
        self.default_box.setChecked(self.chosen_name() == default)
        self.default_box.blockSignals(False)

    def _load_saved(self, _index: int = 0) -> None:
        name = self.chosen_name()
        text = self._store.get(name) if (self._store is not None and name) else None
        if text is None or self.editor.isReadOnly():
            return
        self.editor.setPlainText(text)
        self.message.setText(f"Loaded “{name}”. OK uses it for this session.")

    def _save(self, _checked: bool = False) -> None:
        name = " ".join(self.name.text().split())
        if not name:
            self.message.setText("Give the prompt a name first.")
            self.name.setFocus()
            return
        if not self.text.strip():
            self.message.setText("An empty prompt is not worth saving.")
            return
        try:
            self._store.save(name, self.text)
        except (OSError, ValueError) as exc:
            self.message.setText(f"Not saved: {exc}")
            return
        self.name.clear()
        self._refresh_saved(select=name)
        self.message.setText(f"Saved as “{name}”.")

    def _delete(self, _checked: bool = False) -> None:
        name = self.chosen_name()
        if not name:
            return
        try:
            self._store.delete(name)
        except (OSError, ValueError) as exc:
            self.message.setText(f"Not deleted: {exc}")
            return
        self._refresh_saved()
        self.message.setText(f"Deleted “{name}”.")

    def _default_toggled(self, on: bool) -> None:
        name = self.chosen_name()
        if not name:
            return
        try:
            self._store.set_default(name if on else None)
        except (OSError, ValueError) as exc:
            self.message.setText(f"Not changed: {exc}")
            return
        self._refresh_saved(select=name)
        self.message.setText(
            f"New sessions start with “{name}”." if on else "New sessions use the built-in prompt."
        )

    # -- result --------------------------------------------------------------------------

    def accept(self) -> None:
        if self.text != self._original and not self.editor.isReadOnly():
            self.promptChosen.emit(self.text)
        super().accept()


class SavedPrompts:
    """The dialog's store over the agent's prompt library file (``agent.prompts``): every
    edit is saved at once (the library is immutable; each change writes a new one)."""

    def __init__(self, path: Path | None = None) -> None:
        from pi_desktop.agent.prompts import load_prompts

        self.path = path
        self.library = load_prompts(path)

    @property
    def problem(self) -> str | None:
        """Why the file did not load (it is kept aside on the next save), or None."""
        return self.library.problem

    def names(self) -> list[str]:
        return [p.name for p in self.library.prompts]

    def get(self, name: str) -> str | None:
        item = self.library.get(name)
        return item.text if item is not None else None

    def default_name(self) -> str | None:
        return self.library.default

    def default_text(self) -> str | None:
        return self.library.default_text

    def save(self, name: str, text: str) -> None:
        self._write(self.library.put(name, text))

    def delete(self, name: str) -> None:
        self._write(self.library.remove(name))

    def set_default(self, name: str | None) -> None:
        self._write(self.library.with_default(name))

    def _write(self, library: Any) -> None:
        from pi_desktop.agent.prompts import save_prompts

        save_prompts(library, self.path)
        self.library = library
