"""A whole long message as plain text, loaded in slices so the event loop never stalls.

A message too long to lay out as markdown shows its head in the conversation; "Show all"
opens this viewer. The text goes into a ``QPlainTextEdit`` (which lays out only what is on
screen) a slice per turn of the event loop; lines longer than ``DISPLAY_LINE_CHARS`` are
broken for display only, because Qt lays out one paragraph in one piece — "Copy all" copies
the original text.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QFontDatabase, QGuiApplication, QTextCursor, QTextOption
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pi_desktop.ui.i18n import tr, trf

SLICE_CHARS = 64 * 1024
DISPLAY_LINE_CHARS = 4_000


def display_slices(text: str, size: int = SLICE_CHARS, line_chars: int = DISPLAY_LINE_CHARS):
    """``text`` in slices of about ``size`` chars, long lines broken every ``line_chars``."""
    run = 0  # characters since the last line break, across slices
    for start in range(0, len(text), size):
        out: list[str] = []
        for piece in _pieces(text[start : start + size]):
            if piece == "\n":
                run = 0
                out.append(piece)
                continue
            while run + len(piece) > line_chars:
                room = line_chars - run
                out += (piece[:room], "\n")
                piece = piece[room:]
                run = 0
            run += len(piece)
            out.append(piece)
        yield "".join(out)


def _pieces(chunk: str):
    """The chunk as alternating runs of text and single newlines."""
    start = 0
    while True:
        nl = chunk.find("\n", start)
        if nl < 0:
            if start < len(chunk):
                yield chunk[start:]
            return
        if nl > start:
            yield chunk[start:nl]
        yield "\n"
        start = nl + 1


class LongTextViewer(QDialog):
    """Shows ``text`` read-only, loading it a slice per event-loop turn; non-modal."""

    loaded = Signal()

    def __init__(self, text: str, parent: QWidget | None = None, *, title: str = "") -> None:
        super().__init__(parent)
        self.setModal(False)
        self.setWindowTitle(title or tr("LongText", "Whole message"))
        self.resize(860, 640)
        self.text = text
        self.editor = QPlainTextEdit(self)
        self.editor.setReadOnly(True)
        self.editor.setUndoRedoEnabled(False)
        self.editor.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self.editor.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.status = QLabel(self)
        copy = QPushButton(tr("LongText", "Copy all"), self)
        copy.setToolTip(tr("LongText", "Copy the whole message to the clipboard"))
        copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.text))
        close = QPushButton(tr("LongText", "Close"), self)
        close.setToolTip(tr("LongText", "Close this window"))
        close.clicked.connect(self.close)
        row = QHBoxLayout()
        row.addWidget(self.status, 1)
        row.addWidget(copy)
        row.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.editor, 1)
        layout.addLayout(row)
        self._slices = display_slices(text)
        self._shown = 0
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._load_slice)
        self._timer.start()
        self._update_status()

    @property
    def done(self) -> bool:
        return not self._timer.isActive()

    def _load_slice(self) -> None:
        piece = next(self._slices, None)
        if piece is None:
            self._timer.stop()
            self._update_status()
            self.loaded.emit()
            return
        cursor = QTextCursor(self.editor.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        cursor.insertText(piece)
        self._shown += len(piece)
        self._update_status()

    def _update_status(self) -> None:
        total = len(self.text)
        if self.done:
            self.status.setText(f"{total:,} characters · long lines are broken for display only")
        else:
            self.status.setText(
                trf("LongText", "Loading… %1 of %2 characters", min(self._shown, total), total)
            )

    def closeEvent(self, event) -> None:
        self._timer.stop()
        super().closeEvent(event)
