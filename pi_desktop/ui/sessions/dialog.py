"""The session list: open a recent session, start a new one, rename, delete.

Non-blocking like every dialog here (``open()``); it emits what the user chose and the window
does the work, so the dialog never holds a ``Session`` itself. Rename edits the title in
place; delete asks for confirmation inline (a second click), never with a nested loop.
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pi_desktop.session import SessionLibrary, SessionLockedError
from pi_desktop.ui.labels import count_of, shorten

ID_ROLE = Qt.ItemDataRole.UserRole
TITLE_CHARS = 200  # a hand-made file can hold a megabyte title; a row shows a line
OPEN_MARK = "  (open)"  # after the open session's title; never part of a new title


def format_updated(when: datetime, now: datetime | None = None) -> str:
    """ "14:05" today, "Mon 14:05" this week, else the date."""
    now = now or datetime.now(when.tzinfo)
    local = when.astimezone() if when.tzinfo else when
    now_local = now.astimezone() if now.tzinfo else now
    if local.date() == now_local.date():
        return local.strftime("%H:%M")
    if 0 < (now_local.date() - local.date()).days < 7:
        return local.strftime("%a %H:%M")
    return local.strftime("%Y-%m-%d")


class SessionsDialog(QDialog):
    """Lists the library's sessions, newest first."""

    openRequested = Signal(str)  # session id
    newRequested = Signal()
    renamed = Signal(str, str)  # session id, title
    deleted = Signal(str)

    def __init__(
        self, library: SessionLibrary, current_id: str | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Sessions")
        self._library = library
        self._current_id = current_id
        self._confirm_delete: str | None = None
        self._filling = False
        layout = QVBoxLayout(self)
        self.tree = QTreeWidget(self)
        self.tree.setHeaderLabels(["Title", "Updated", "Messages"])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.EditKeyPressed)
        self.tree.itemDoubleClicked.connect(lambda item, _col: self._open_item(item))
        self.tree.itemChanged.connect(self._item_changed)
        self.tree.currentItemChanged.connect(lambda *_: self._update_buttons())
        layout.addWidget(self.tree)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        row = QHBoxLayout()
        self.new_button = QPushButton("New session", self)
        self.open_button = QPushButton("Open", self)
        self.rename_button = QPushButton("Rename", self)
        self.delete_button = QPushButton("Delete", self)
        self.close_button = QPushButton("Close", self)
        self.new_button.clicked.connect(self._new)
        self.open_button.clicked.connect(lambda: self._open_item(self.tree.currentItem()))
        self.rename_button.clicked.connect(self._rename)
        self.delete_button.clicked.connect(self._delete)
        self.close_button.clicked.connect(self.reject)
        for button in (self.new_button, self.open_button, self.rename_button, self.delete_button):
            row.addWidget(button)
        row.addStretch(1)
        row.addWidget(self.close_button)
        layout.addLayout(row)
        self.open_button.setDefault(True)
        self.resize(640, 420)
        self.refresh()

    def refresh(self) -> None:
        self._filling = True
        self.tree.clear()
        for info in self._library.list_sessions():
            # str(): a listing from another version (or a test double) may carry any value
            title = shorten(" ".join(str(info.display_title).split()), TITLE_CHARS)
            if info.id == self._current_id:
                title += OPEN_MARK
            try:
                updated = format_updated(info.updated)
            except (AttributeError, TypeError, ValueError, OverflowError, OSError):
                updated = "?"
            item = QTreeWidgetItem([title, updated, str(info.message_count)])
            item.setData(0, ID_ROLE, info.id)
            item.setData(0, Qt.ItemDataRole.ToolTipRole, str(info.path))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
            self.tree.addTopLevelItem(item)
        for col in range(3):
            self.tree.resizeColumnToContents(col)
        self.tree.setColumnWidth(0, max(self.tree.columnWidth(0), 360))
        if self.tree.topLevelItemCount():
            self.tree.setCurrentItem(self.tree.topLevelItem(0))
        problems = getattr(self._library, "problems", None) or []
        if problems:
            bad = count_of(len(problems), "invalid entry", "invalid entries")
            self.status.setText(
                f"The session index had {bad}; those sessions were read again from their files."
            )
        self._filling = False
        self._update_buttons()

    def items(self) -> list[QTreeWidgetItem]:
        return [self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount())]

    def item_for(self, session_id: str) -> QTreeWidgetItem | None:
        return next((i for i in self.items() if i.data(0, ID_ROLE) == session_id), None)

    def _selected_id(self) -> str | None:
        item = self.tree.currentItem()
        return None if item is None else str(item.data(0, ID_ROLE))

    def _update_buttons(self) -> None:
        has = self._selected_id() is not None
        for button in (self.open_button, self.rename_button, self.delete_button):
            button.setEnabled(has)
        if self._confirm_delete != self._selected_id():
            self._confirm_delete = None
            self.delete_button.setText("Delete")

    def _open_item(self, item: QTreeWidgetItem | None) -> None:
        if item is None:
            return
        self.openRequested.emit(str(item.data(0, ID_ROLE)))
        self.accept()

    def _new(self) -> None:
        self.newRequested.emit()
        self.accept()

    def _rename(self) -> None:
        item = self.tree.currentItem()
        if item is None:
            return
        self._filling = True
        item.setText(0, item.text(0).removesuffix(OPEN_MARK))
        self._filling = False
        self.tree.editItem(item, 0)

    def rename(self, session_id: str, title: str) -> None:
        """Apply a new title (the in-place editor calls this when editing ends)."""
        title = title.strip().removesuffix(OPEN_MARK).strip()
        try:
            self._library.rename(session_id, title or None)
        except (SessionLockedError, OSError) as exc:
            self.status.setText(f"Could not rename: {exc}")
            return
        self.renamed.emit(session_id, title)
        self.refresh()

    def _item_changed(self, item: QTreeWidgetItem, column: int) -> None:
        if self._filling or column != 0:
            return
        self.rename(str(item.data(0, ID_ROLE)), item.text(0))

    def _delete(self) -> None:
        session_id = self._selected_id()
        if session_id is None:
            return
        if session_id == self._current_id:
            self.status.setText("This session is open in the window; open another one first.")
            return
        if self._confirm_delete != session_id:
            self._confirm_delete = session_id
            self.delete_button.setText("Click again to delete")
            self.status.setText("Deleted sessions go to the trash (kept 30 days).")
            return
        try:
            self._library.move_to_trash(session_id)
        except (SessionLockedError, OSError) as exc:
            self.status.setText(f"Could not delete: {exc}")
            return
        self._confirm_delete = None
        self.status.setText("Moved to the trash.")
        self.deleted.emit(session_id)
        self.refresh()
