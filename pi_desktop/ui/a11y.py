"""Accessible names where Qt cannot find one itself.

A form row's label names its field for a screen reader only when the field is the label's
buddy; a row whose field is a composite (a spin box with its range beside it, a line edit with
a button) names the container, which a reader never focuses. ``label_form_fields`` gives each
focusable field of a row the row's label as its accessible name (an explicit name wins).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFormLayout, QLabel, QWidget


def strip_mnemonic(text: str) -> str:
    """ "&Settings…" → "Settings…" ("&&" stays one "&")."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def label_form_fields(form: QFormLayout) -> None:
    for row in range(form.rowCount()):
        label_item = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
        field_item = form.itemAt(row, QFormLayout.ItemRole.FieldRole)
        label = label_item.widget() if label_item else None
        field = field_item.widget() if field_item else None
        if not isinstance(label, QLabel) or field is None or not label.text():
            continue
        name = strip_mnemonic(label.text())
        targets = [field] if field.focusPolicy() != Qt.FocusPolicy.NoFocus else []
        targets += [
            w
            for w in field.findChildren(QWidget)
            if w.focusPolicy() != Qt.FocusPolicy.NoFocus and w.isWindow() is False
        ]
        first = True
        for widget in targets:
            if not widget.accessibleName():
                widget.setAccessibleName(name if first else f"{name}: {_own_words(widget)}")
            first = False
        if targets:
            label.setBuddy(targets[0])


def _own_words(widget: QWidget) -> str:
    text = getattr(widget, "text", None)
    words = text() if callable(text) else ""
    return strip_mnemonic(words) if isinstance(words, str) and words else widget.objectName()


def describe_buttons(dialog: QWidget) -> None:
    """What a dialog's standard buttons do, for a screen reader (an explicit description or
    a tooltip wins): OK saves, Cancel leaves without saving, Close closes."""
    from PySide6.QtWidgets import QDialogButtonBox

    from pi_desktop.ui.i18n import tr

    Std = QDialogButtonBox.StandardButton
    words = {
        Std.Ok: tr("Accessibility", "Apply what this dialog shows and close it"),
        Std.Cancel: tr("Accessibility", "Close this dialog without changing anything"),
        Std.Close: tr("Accessibility", "Close this window"),
    }
    for box in dialog.findChildren(QDialogButtonBox):
        for button in box.buttons():
            said = words.get(box.standardButton(button))
            if said and not button.accessibleDescription() and not button.toolTip():
                button.setAccessibleDescription(said)
