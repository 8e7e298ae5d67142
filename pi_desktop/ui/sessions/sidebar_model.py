"""The sessions sidebar's data: the library's rows, which one is open, streaming or being
opened, and the filter over them.

``SessionListModel`` holds the library's ``SessionInfo`` rows in the order given (newest
first) — one list model for a thousand sessions, never a widget per row. ``SessionFilterProxy``
filters on title and first message and keeps the sessions whose *messages* match (the search
index's hits, which arrive a moment later).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRegularExpression,
    QSortFilterProxyModel,
    Qt,
    Signal,
)

from pi_desktop.session import SessionInfo
from pi_desktop.session.search_index import SearchHit
from pi_desktop.ui.i18n import tr

ID_ROLE = Qt.ItemDataRole.UserRole + 1
INFO_ROLE = Qt.ItemDataRole.UserRole + 2
OPEN_ROLE = Qt.ItemDataRole.UserRole + 3
STREAMING_ROLE = Qt.ItemDataRole.UserRole + 4
SEARCH_ROLE = Qt.ItemDataRole.UserRole + 5
HIT_ROLE = Qt.ItemDataRole.UserRole + 6  # the SearchHit of a message that matched, or None
DETAIL_ROLE = Qt.ItemDataRole.UserRole + 7  # a second line instead of date · count (trash)
LOADING_ROLE = Qt.ItemDataRole.UserRole + 8  # the session being opened in the background
_SEARCH_ROLE = int(SEARCH_ROLE)  # the filter asks for it once per row: compared as a plain int
HIT_MARK = "\x00message-hit"  # ends the filter text of a row whose messages matched

Index = QModelIndex | QPersistentModelIndex


class SessionListModel(QAbstractListModel):
    """The library's sessions in the order given (the library lists newest first).

    Editing a title does not write anything: it emits ``renameRequested`` and the controller
    renames through the library (or the open ``Session``), then refreshes the list.
    """

    renameRequested = Signal(str, str)  # session id, new title ("" clears it)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[SessionInfo] = []
        self._row_of: dict[str, int] = {}
        self._open_id: str | None = None
        self._streaming_id: str | None = None
        self._loading_id: str | None = None
        self._hits: dict[str, SearchHit] = {}

    # -- contents ---------------------------------------------------------------------------

    def set_sessions(self, infos: Sequence[SessionInfo]) -> None:
        self.beginResetModel()
        self._rows = list(infos)
        self._row_of = {info.id: row for row, info in enumerate(self._rows)}
        self.endResetModel()

    def ids(self) -> list[str]:
        return [info.id for info in self._rows]

    def set_hits(self, hits: Sequence[SearchHit]) -> None:
        """The message search's answer: one hit per session (empty: no search)."""
        self._hits = {hit.session_id: hit for hit in hits}
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, 0))

    def hit(self, session_id: str) -> SearchHit | None:
        return self._hits.get(session_id)

    def info(self, session_id: str) -> SessionInfo | None:
        row = self._row_of.get(session_id)
        return self._rows[row] if row is not None else None

    def index_of(self, session_id: str) -> QModelIndex:
        row = self._row_of.get(session_id)
        return self.index(row, 0) if row is not None else QModelIndex()

    @property
    def open_id(self) -> str | None:
        return self._open_id

    def set_open(self, session_id: str | None) -> None:
        old, self._open_id = self._open_id, session_id
        self._changed(old, session_id)

    def set_streaming(self, session_id: str | None) -> None:
        old, self._streaming_id = self._streaming_id, session_id
        self._changed(old, session_id)

    @property
    def loading_id(self) -> str | None:
        return self._loading_id

    def set_loading(self, session_id: str | None) -> None:
        old, self._loading_id = self._loading_id, session_id
        self._changed(old, session_id)

    def _changed(self, *session_ids: str | None) -> None:
        for session_id in session_ids:
            index = self.index_of(session_id) if session_id else QModelIndex()
            if index.isValid():
                self.dataChanged.emit(index, index)

    # -- Qt model API -----------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        info = self._rows[index.row()]
        if role == _SEARCH_ROLE:  # first: the filter reads it for every row on each keystroke
            text = f"{info.title or ''}\n{info.preview or ''}"
            return text + HIT_MARK if info.id in self._hits else text
        if role == Qt.ItemDataRole.DisplayRole:
            return info.display_title
        if role == Qt.ItemDataRole.EditRole:
            return info.title or info.display_title
        if role == Qt.ItemDataRole.ToolTipRole:
            tip = info.display_title + "\n" + tr("Sessions", "%Ln message(s)", n=info.message_count)
            if info.id == self._streaming_id:
                tip += " · " + tr("Sessions", "an answer is streaming")
            if info.id == self._loading_id:
                tip += " · " + tr("Sessions", "opening…")
            hit = self._hits.get(info.id)
            if hit is not None:
                tip += "\n" + tr(
                    "Sessions", "%Ln matching message(s) · Enter opens the newest", n=hit.hits
                )
            return tip
        if role == ID_ROLE:
            return info.id
        if role == INFO_ROLE:
            return info
        if role == OPEN_ROLE:
            return info.id == self._open_id
        if role == STREAMING_ROLE:
            return info.id == self._streaming_id
        if role == LOADING_ROLE:
            return info.id == self._loading_id
        if role == HIT_ROLE:
            return self._hits.get(info.id)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEditable

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        info = self._rows[index.row()]
        title = " ".join(str(value or "").split())
        if title == (info.title or info.display_title):
            return False  # unchanged: no title line written
        self.renameRequested.emit(info.id, title)
        return True


class SessionFilterProxy(QSortFilterProxyModel):
    """Case-insensitive filter on the title and the first user message, plus the sessions
    the message search found; keeps the order.

    One regular expression does both (the literal text, or the mark the model appends to a
    row with a message hit), so the filtering runs in Qt's C++ loop, not a Python override
    per row: a thousand sessions refilter in a few milliseconds on every keystroke."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setFilterRole(SEARCH_ROLE)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setDynamicSortFilter(False)

    def set_text(self, text: str) -> None:
        text = " ".join(text.split())
        if not text:
            self.setFilterRegularExpression(QRegularExpression())
            return
        pattern = QRegularExpression.escape(text) + "|" + QRegularExpression.escape(HIT_MARK)
        option = QRegularExpression.PatternOption.CaseInsensitiveOption
        self.setFilterRegularExpression(QRegularExpression(pattern, option))

    def hits_changed(self) -> None:
        if hasattr(self, "beginFilterChange"):  # Qt 6.10+; invalidateRowsFilter is deprecated
            self.beginFilterChange()
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self.invalidateRowsFilter()
