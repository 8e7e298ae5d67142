"""The sidebar's trash page: deleted sessions, restorable until they expire after 30 days.

It only shows what the controller gives it and emits what the user asked for (restore,
delete forever, empty); emptying asks for a second click instead of a nested dialog.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QDate,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QListView,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pi_desktop.session.trash import TrashedSession
from pi_desktop.ui.i18n import tr, trf
from pi_desktop.ui.scrollbars import slim_scroll_bars

_Index = QModelIndex | QPersistentModelIndex
CONFIRM_MS = 4_000


def days_left_text(item: TrashedSession, now: datetime) -> str:
    """'deleted 14:05 · 30 days left' (started days count whole), '… · less than a day left'."""
    from pi_desktop.ui.sessions.dialog import format_updated

    seconds = (item.expires_at - now).total_seconds()
    left = math.ceil(seconds / 86_400)
    if seconds < 86_400:
        rest = tr("Sessions", "less than a day left")
    else:
        rest = tr("Sessions", "%Ln day(s) left", n=left)
    return trf("Sessions", "deleted %1 · %2", format_updated(item.deleted_at, now), rest)


class TrashModel(QAbstractListModel):
    """Trashed sessions for ``SessionDelegate``: the title, and when it goes for good."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[TrashedSession] = []
        self._now = datetime.now().astimezone()

    def set_items(self, items: Sequence[TrashedSession], now: datetime) -> None:
        self.beginResetModel()
        self._rows = list(items)
        self._now = now
        self.endResetModel()

    def ids(self) -> list[str]:
        return [item.id for item in self._rows]

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        from pi_desktop.ui.sessions.sidebar_model import DETAIL_ROLE, ID_ROLE, INFO_ROLE

        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        item = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return item.info.display_title
        if role == ID_ROLE:
            return item.id
        if role == INFO_ROLE:
            return item.info
        if role == DETAIL_ROLE:
            return days_left_text(item, self._now)
        if role == Qt.ItemDataRole.ToolTipRole:
            when = item.expires_at
            gone = QLocale().toString(
                QDate(when.year, when.month, when.day), QLocale.FormatType.ShortFormat
            )
            return (
                item.info.display_title
                + "\n"
                + trf("Sessions", "Restore it, or it is removed on %1.", gone)
            )
        return None


class TrashPanel(QWidget):
    """List + Restore / Delete forever / Empty trash, and the way back to the sessions."""

    restoreRequested = Signal(str)
    deleteForeverRequested = Signal(str)
    emptyRequested = Signal()
    backRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        from pi_desktop.ui.sessions.sidebar_delegate import SessionDelegate

        super().__init__(parent)
        self.model = TrashModel(self)
        self.back_button = QPushButton(tr("Sessions", "← Sessions"), self)
        self.back_button.setFlat(True)
        self.back_button.setToolTip(tr("Sessions", "Back to the sessions (Esc)"))
        self.heading = QLabel("<b>" + tr("Sessions", "Trash") + "</b>", self)
        self.heading.setContentsMargins(0, 0, 6, 0)
        self.view = QListView(self)
        self.view.setModel(self.model)
        self.view.setItemDelegate(SessionDelegate(self.view))
        self.view.setUniformItemSizes(True)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        slim_scroll_bars(self.view)
        self.hint = QLabel(tr("Sessions", "Deleted sessions stay here for 30 days."), self)
        self.hint.setWordWrap(True)
        self.empty_hint = QLabel(tr("Sessions", "The trash is empty."), self)
        self.empty_hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.restore_button = QPushButton(tr("Sessions", "Restore"), self)
        self.delete_button = QPushButton(tr("Sessions", "Delete forever"), self)
        self.empty_button = QPushButton(tr("Sessions", "Empty trash"), self)
        self.restore_button.setToolTip(tr("Sessions", "Put the selected session back in the list"))
        self.delete_button.setToolTip(tr("Sessions", "Delete the selected session for good"))
        self.empty_button.setToolTip(tr("Sessions", "Delete every session in the trash for good"))
        self._confirm = QTimer(self)
        self._confirm.setSingleShot(True)
        self._confirm.setInterval(CONFIRM_MS)
        self._confirm.timeout.connect(self._reset_empty)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.back_button)
        top.addStretch(1)
        top.addWidget(self.heading)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.restore_button)
        row.addWidget(self.delete_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.hint)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.empty_hint, 1)
        layout.addLayout(row)
        layout.addWidget(self.empty_button)
        self.back_button.clicked.connect(lambda _checked=False: self.backRequested.emit())
        self.restore_button.clicked.connect(
            lambda _checked=False: self._emit(self.restoreRequested)
        )
        self.delete_button.clicked.connect(
            lambda _checked=False: self._emit(self.deleteForeverRequested)
        )
        self.empty_button.clicked.connect(lambda _checked=False: self._empty())
        # Enter or a double click on a row restores it (activated covers both)
        self.view.activated.connect(lambda index: self._emit(self.restoreRequested, index))
        self.view.selectionModel().currentChanged.connect(lambda *_: self._update())
        self._update()

    def set_items(self, items: Sequence[TrashedSession], now: datetime) -> None:
        current = self.current_id()
        self.model.set_items(items, now)
        ids = self.model.ids()
        if ids:
            row = ids.index(current) if current in ids else 0
            self.view.setCurrentIndex(self.model.index(row, 0))
        self._reset_empty()
        self._update()

    def current_id(self) -> str | None:
        index = self.view.currentIndex()
        return self.model.ids()[index.row()] if index.isValid() else None

    def select(self, session_id: str) -> None:
        ids = self.model.ids()
        if session_id in ids:
            self.view.setCurrentIndex(self.model.index(ids.index(session_id), 0))

    def _emit(self, signal: Any, index: QModelIndex | None = None) -> None:
        session_id = (
            self.model.ids()[index.row()]
            if index is not None and index.isValid()
            else self.current_id()
        )
        if session_id:
            signal.emit(session_id)

    def _empty(self) -> None:
        if not self.model.rowCount():
            return
        if not self._confirm.isActive():
            self._confirm.start()
            self.empty_button.setText(
                trf("Sessions", "Click again to delete %1 for good", self.model.rowCount())
            )
            return
        self._reset_empty()
        self.emptyRequested.emit()

    def _reset_empty(self) -> None:
        self._confirm.stop()
        self.empty_button.setText(tr("Sessions", "Empty trash"))

    def _update(self) -> None:
        has_rows = self.model.rowCount() > 0
        self.view.setVisible(has_rows)
        self.empty_hint.setVisible(not has_rows)
        selected = self.current_id() is not None
        self.restore_button.setEnabled(selected)
        self.delete_button.setEnabled(selected)
        self.empty_button.setEnabled(has_rows)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.backRequested.emit()
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._emit(self.restoreRequested)
            return
        super().keyPressEvent(event)
