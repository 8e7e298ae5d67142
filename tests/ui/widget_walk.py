"""Walking what a window shows: every visible text (for the translation test) and every
interactive widget (for the accessibility test), the same way for the main window, its menus
and each dialog."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from PySide6.QtCore import QModelIndex, QObject, Qt
from PySide6.QtGui import QAccessible, QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QDialogButtonBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QTabBar,
    QTableView,
    QTextEdit,
    QTreeView,
    QWidget,
)

_TAGS = re.compile(r"<[^>]+>")
_ENTITY = re.compile(r"&(nbsp|amp|lt|gt|quot|#\d+);")


@dataclass(frozen=True)
class Shown:
    text: str
    where: str  # "QLabel.text", "tooltip", ...
    owner: QObject

    def __str__(self) -> str:
        name = self.owner.objectName() or type(self.owner).__name__
        return f"{self.where} of {name} ({type(self.owner).__module__}): {self.text!r}"


def plain(text: str) -> str:
    return " ".join(_ENTITY.sub(" ", _TAGS.sub(" ", text)).split())


def _widgets(root: QWidget, skip_modules: tuple[str, ...]) -> Iterator[QWidget]:
    stack = [root]
    while stack:
        w = stack.pop()
        if type(w).__module__.startswith(skip_modules):
            continue  # and its children: another part of the window, walked on its own
        yield w
        stack.extend(c for c in w.children() if isinstance(c, QWidget))


# what shows a session's data (messages, tool arguments and results, the model's name, the
# system prompt): its words are the user's and the model's, not the interface's
CONTENT_CLASSES = ("CodeBlockWidget", "MarkdownBody")
CONTENT_NAMES = ("chatModel", "chatPrompt", "toolResult")


def _is_content(w: QWidget) -> bool:
    while w is not None:
        if type(w).__name__ in CONTENT_CLASSES or w.objectName() in CONTENT_NAMES:
            return True
        w = w.parentWidget()
    return False


def shown_texts(root: QWidget, skip_modules: tuple[str, ...] = ()) -> list[Shown]:
    """Every text ``root`` can show: titles, labels, buttons, actions and menus, tooltips,
    placeholders, tabs, headers, combo items, spin box affixes. A session's data shows as
    ``where == "content"`` (its text is not the interface's)."""
    out: list[Shown] = []

    def add(text: str | None, where: str, owner: QObject) -> None:
        if isinstance(text, str) and text and plain(text):
            if isinstance(owner, QWidget) and where != "tooltip" and _is_content(owner):
                where = "content"
            out.append(Shown(plain(text), where, owner))

    for w in _widgets(root, skip_modules):
        if w.isWindow():
            add(w.windowTitle(), "window title", w)
        add(w.toolTip(), "tooltip", w)
        if isinstance(w, QLabel):
            add(w.text(), "QLabel.text", w)
        elif isinstance(w, QAbstractButton):
            box = w.parent()
            standard = isinstance(box, QDialogButtonBox) and box.standardButton(w) != (
                QDialogButtonBox.StandardButton.NoButton
            )
            add(w.text(), "standard button" if standard else "button text", w)
        elif isinstance(w, QGroupBox):
            add(w.title(), "group title", w)
        elif isinstance(w, QLineEdit | QPlainTextEdit | QTextEdit):
            add(w.placeholderText(), "placeholder", w)
        elif isinstance(w, QTabBar):
            for i in range(w.count()):
                add(w.tabText(i), "tab", w)
                add(w.tabToolTip(i), "tab tooltip", w)
        elif isinstance(w, QComboBox):
            for i in range(w.count()):
                add(w.itemText(i), "combo item", w)
        elif isinstance(w, QAbstractSpinBox):
            for attr in ("prefix", "suffix", "specialValueText"):
                getter = getattr(w, attr, None)
                if callable(getter):
                    add(getter(), f"spin {attr}", w)
        if isinstance(w, QTreeView | QTableView) and w.model() is not None:
            model = w.model()
            for col in range(model.columnCount(QModelIndex())):
                add(
                    model.headerData(col, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole),
                    "header",
                    w,
                )
        if isinstance(w, QMenu):
            add(w.title(), "menu title", w)
        for action in QWidget.actions(w):  # a card names its own bar "actions"
            if isinstance(action, QAction) and not action.isSeparator():
                add(action.text(), "action", action)
                if action.menu() is not None:
                    add(action.menu().title(), "menu title", action)
    return out


def interactive(root: QWidget, skip_modules: tuple[str, ...] = ()) -> list[QWidget]:
    """The widgets a keyboard user reaches: shown, enabled or not, and taking focus."""
    return [
        w
        for w in _widgets(root, skip_modules)
        if w is not root
        and w.isVisibleTo(root)
        and w.focusPolicy() != Qt.FocusPolicy.NoFocus
        and not isinstance(w, QTabBar | QMenu | QLabel)  # read as text: its name is its text
        and not w.isWindow()
        and not _is_part_of(w)
    ]


def _is_part_of(w: QWidget) -> bool:
    """A spin box's or combo box's own line edit, a scroll area's viewport: the parent is
    what a screen reader announces."""
    parent = w.parentWidget()
    return isinstance(parent, QAbstractSpinBox | QComboBox) or (
        isinstance(parent, QAbstractItemView) and w is parent.viewport()
    )


def accessible(widget: QWidget) -> tuple[str, str]:
    """What a screen reader hears: (name, description) from Qt's accessibility interface."""
    face = QAccessible.queryAccessibleInterface(widget)
    if face is None:
        return "", ""
    return face.text(QAccessible.Text.Name), face.text(QAccessible.Text.Description)
