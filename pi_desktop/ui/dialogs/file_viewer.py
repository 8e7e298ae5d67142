"""The tool-result file viewer: an offloaded result (or any text file) in a monospace pane.

Large files load in chunks from a zero-interval QTimer, so the event loop (and the agent
running on it) never stalls; a progress bar shows how far it got. "Open containing folder"
goes through ``open_url`` so tests can check the URL without launching a file manager.

The sizes it states are the file's own (characters, bytes, lines); when the saved output ends
with a tool's cap note, it says so: "the first 100,000 of the 204,825 characters the tool
read". No button is a default one, so Enter in Find finds instead of opening a folder.
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from PySide6.QtCore import QEvent, QLocale, QObject, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QDesktopServices,
    QFontDatabase,
    QGuiApplication,
    QKeyEvent,
    QKeySequence,
    QShortcut,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from pi_desktop.agent.tools.paths import CapNote, parse_cap_note, parse_lines_note
from pi_desktop.ui.i18n import capped_text, tr, trf

CHUNK_BYTES = 256 * 1024
MAX_BYTES = 64 * 1024 * 1024  # beyond this the viewer shows the head and says so


def human_size(n: int) -> str:
    """1536 -> '1.5 KB' (binary units, one decimal)."""
    size = float(n)
    for unit in ("bytes", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            if unit == "bytes":
                return tr("FileViewer", "%Ln byte(s)", n=int(size))
            return f"{QLocale().toString(size, 'f', 1)} {unit}"
        size /= 1024
    return tr("FileViewer", "%Ln byte(s)", n=n)


def folder_url(path: str | os.PathLike[str]) -> QUrl:
    """The URL "Open containing folder" opens: the file's directory as a local file URL."""
    return QUrl.fromLocalFile(str(Path(path).resolve().parent))


class ToolResultViewer(QDialog):
    """Shows a file read-only; loads it in chunks; find with Ctrl+F; opens its folder."""

    loaded = Signal()

    def __init__(
        self,
        path: str | os.PathLike[str],
        parent: QWidget | None = None,
        *,
        title: str | None = None,
        chunk_bytes: int = CHUNK_BYTES,
        max_bytes: int = MAX_BYTES,
        open_url: Callable[[QUrl], object] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setModal(False)
        self.path = Path(path)
        self.open_url: Callable[[QUrl], object] = open_url or QDesktopServices.openUrl
        self._chunk = max(1, chunk_bytes)
        self._max = max_bytes
        self._file: BinaryIO | None = None
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._loaded_bytes = 0
        self._loaded_chars = 0
        self._total = 0
        self.cap: CapNote | None = None  # the tool's cap note at the end of the file, if any
        self._done = False
        self._error: str | None = None
        self.setWindowTitle(title or trf("FileViewer", "Tool result — %1", self.path.name))
        self.resize(860, 640)

        self.path_label = QLabel(str(self.path), self)
        self.path_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.path_label.setWordWrap(True)
        self.size_label = QLabel(self)
        self.cap_label = QLabel(self)  # what the file holds when the tool capped its output
        self.cap_label.setWordWrap(True)
        self.cap_label.hide()
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 1000)
        self.progress.setTextVisible(True)
        self.progress.setMaximumWidth(220)
        self.open_folder_button = QPushButton(tr("FileViewer", "Open containing folder"), self)
        self.open_folder_button.setToolTip(
            tr("FileViewer", "Show the folder of this file in the file manager")
        )
        self.open_folder_button.clicked.connect(self.open_containing_folder)
        copy_path = QPushButton(tr("FileViewer", "Copy path"), self)
        copy_path.setToolTip(tr("FileViewer", "Copy the file's path to the clipboard"))
        copy_path.clicked.connect(lambda: QGuiApplication.clipboard().setText(str(self.path)))
        for button in (self.open_folder_button, copy_path):
            button.setAutoDefault(False)  # Enter belongs to Find, never to a button
            button.setDefault(False)
        self.wrap_box = QCheckBox(tr("FileViewer", "Wrap lines"), self)
        self.wrap_box.setToolTip(tr("FileViewer", "Break long lines at the window's edge"))
        self.wrap_box.toggled.connect(self._set_wrap)

        self.editor = QPlainTextEdit(self)
        self.editor.setAccessibleName(tr("FileViewer", "Tool result"))
        self.editor.setAccessibleDescription(
            tr("FileViewer", "The saved output of a tool, read-only; Ctrl+F finds text in it.")
        )
        self.editor.setReadOnly(True)
        self.editor.setUndoRedoEnabled(False)
        # read-only text is mouse-only by default: the keyboard (Ctrl+Home/End, PgUp/PgDn,
        # Shift+arrows to select) must move through it too
        self.editor.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.editor.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self._set_wrap(False)

        self.find_edit = QLineEdit(self)
        self.find_edit.setPlaceholderText(
            tr("FileViewer", "Find (Enter: next, Shift+Enter: previous)")
        )
        self.find_edit.setAccessibleName(tr("FileViewer", "Find"))
        self.find_edit.setAccessibleDescription(
            tr("FileViewer", "Text to find; Enter goes to the next match, Shift+Enter back.")
        )
        self.find_edit.returnPressed.connect(lambda: self.find(self.find_edit.text()))
        self.find_status = QLabel(self)
        self.find_status.setMinimumWidth(
            self.find_status.fontMetrics().horizontalAdvance(tr("FileViewer", "no match")) + 8
        )
        prev_btn = QToolButton(self)
        prev_btn.setText("▲")
        prev_btn.setToolTip(tr("FileViewer", "Previous match"))
        prev_btn.setAccessibleName(tr("FileViewer", "Previous match"))
        prev_btn.clicked.connect(lambda: self.find(self.find_edit.text(), backward=True))
        next_btn = QToolButton(self)
        next_btn.setText("▼")
        next_btn.setToolTip(tr("FileViewer", "Next match"))
        next_btn.setAccessibleName(tr("FileViewer", "Next match"))
        next_btn.clicked.connect(lambda: self.find(self.find_edit.text()))
        self.find_bar = QWidget(self)
        fb = QHBoxLayout(self.find_bar)
        fb.setContentsMargins(0, 0, 0, 0)
        fb.addWidget(self.find_edit, 1)
        fb.addWidget(prev_btn)
        fb.addWidget(next_btn)
        fb.addWidget(self.find_status)
        self.find_bar.setVisible(False)

        top = QHBoxLayout()
        top.addWidget(self.size_label)
        top.addWidget(self.progress)
        top.addStretch(1)
        top.addWidget(self.wrap_box)
        top.addWidget(copy_path)
        top.addWidget(self.open_folder_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.path_label)
        layout.addLayout(top)
        layout.addWidget(self.cap_label)
        layout.addWidget(self.editor, 1)
        layout.addWidget(self.find_bar)

        QShortcut(QKeySequence.StandardKey.Find, self, activated=self.show_find)
        QShortcut(QKeySequence.StandardKey.FindNext, self, activated=self._find_next)
        QShortcut(QKeySequence.StandardKey.FindPrevious, self, activated=self._find_prev)
        for keys in ("Shift+Return", "Shift+Enter"):
            shift_enter = QShortcut(QKeySequence(keys), self.find_edit)
            shift_enter.setContext(Qt.ShortcutContext.WidgetShortcut)
            shift_enter.activated.connect(self._find_prev)
        # from the Find field too (the editor handles them itself when it has the focus)
        self.find_edit.installEventFilter(self)

        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._load_chunk)
        self.editor.setFocus()  # keys work at once: Ctrl+End, PgDn, Ctrl+F
        self._start()

    # ---- loading ----------------------------------------------------------------------------

    @property
    def is_loaded(self) -> bool:
        return self._done

    @property
    def loaded_bytes(self) -> int:
        return self._loaded_bytes

    @property
    def total_bytes(self) -> int:
        return self._total

    @property
    def error(self) -> str | None:
        return self._error

    @property
    def text(self) -> str:
        return self.editor.toPlainText()

    def _start(self) -> None:
        try:
            self._total = self.path.stat().st_size
            self._file = self.path.open("rb")
        except OSError as exc:
            self._fail(trf("FileViewer", "Cannot open %1: %2", self.path.name, exc.strerror or exc))
            return
        self.size_label.setText(human_size(self._total))
        self._update_progress()
        self._timer.start()

    def _fail(self, message: str) -> None:
        self._error = message
        self._done = True
        self.size_label.setText(message)
        self.progress.setVisible(False)
        self.open_folder_button.setEnabled(self.path.parent.is_dir())
        self.loaded.emit()

    def _load_chunk(self) -> None:
        """One timer tick: read, decode and append one chunk, then yield to the loop."""
        assert self._file is not None
        budget = min(self._chunk, self._max - self._loaded_bytes)
        data = self._file.read(budget) if budget > 0 else b""
        self._loaded_bytes += len(data)
        final = not data or self._loaded_bytes >= self._max
        text = self._decoder.decode(data, final=final)
        self._loaded_chars += len(text)
        if text:
            cursor = self.editor.textCursor()
            cursor.movePosition(QTextCursor.MoveOperation.End)
            cursor.insertText(text)
        self._update_progress()
        if final:
            self._finish()

    def _finish(self) -> None:
        self._timer.stop()
        if self._file is not None:
            self._file.close()
            self._file = None
        self._done = True
        self.progress.setVisible(False)
        lines = self.editor.blockCount()
        if self.editor.document().lastBlock().text() == "" and lines > 1:
            lines -= 1  # a trailing newline ends the last line, it does not start one
        if self._loaded_bytes < self._total:
            note = trf(
                "FileViewer",
                "%1 — showing the first %2 characters (%3)",
                human_size(self._total),
                self._loaded_chars,
                human_size(self._loaded_bytes),
            )
        else:
            note = trf(
                "FileViewer", "%1 characters · %2", self._loaded_chars, human_size(self._total)
            )
        self.size_label.setText(note + " · " + tr("FileViewer", "%Ln line(s)", n=lines))
        self._show_cap()
        self.editor.moveCursor(QTextCursor.MoveOperation.Start)
        self.loaded.emit()

    def _show_cap(self) -> None:
        """A saved output that ends with the tool's cap note: say what it holds, plainly."""
        if self._loaded_bytes < self._total:
            return  # the end of the file is not loaded: its note is not ours to read
        end = self.editor.document().lastBlock()
        tail = "\n".join(b.text() for b in (end.previous().previous(), end.previous(), end))
        self.cap = parse_cap_note("\n" + tail)
        lines = parse_lines_note("\n" + tail)
        if self.cap is not None:
            self.cap_label.setText(
                trf(
                    "FileViewer",
                    "The tool capped its output: this file holds %1 it read (its last line "
                    "says where to go on).",
                    capped_text(self.cap),
                )
            )
        elif lines is not None:
            first, last, total = lines
            self.cap_label.setText(
                trf(
                    "FileViewer",
                    "The tool read part of a file: this holds its lines %1-%2 of %3 (the last "
                    "line says where to go on).",
                    first,
                    last,
                    total,
                )
            )
        self.cap_label.setVisible(self.cap is not None or lines is not None)

    def _update_progress(self) -> None:
        shown = min(self._total, self._max) or 1
        self.progress.setValue(int(1000 * min(1.0, self._loaded_bytes / shown)))
        self.progress.setFormat(trf("FileViewer", "loading %1", human_size(self._loaded_bytes)))

    def closeEvent(self, event: QCloseEvent) -> None:
        self._timer.stop()
        if self._file is not None:
            self._file.close()
            self._file = None
        super().closeEvent(event)

    # ---- actions ----------------------------------------------------------------------------

    def open_containing_folder(self) -> QUrl:
        url = folder_url(self.path)
        self.open_url(url)
        return url

    def _set_wrap(self, wrap: bool) -> None:
        mode = (
            QPlainTextEdit.LineWrapMode.WidgetWidth if wrap else QPlainTextEdit.LineWrapMode.NoWrap
        )
        self.editor.setLineWrapMode(mode)

    def show_find(self) -> None:
        self.find_bar.setVisible(True)
        self.find_edit.setFocus()
        self.find_edit.selectAll()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Ctrl+Home / Ctrl+End typed in Find move the file, not the one-line field; Esc
        closes Find and leaves the viewer open (a second Esc closes it)."""
        if watched is self.find_edit and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() == Qt.Key.Key_Escape:  # closes Find, not the whole viewer
                self.find_bar.hide()
                self.editor.setFocus()
                return True
            for key, end in (
                (QKeySequence.StandardKey.MoveToStartOfDocument, False),
                (QKeySequence.StandardKey.MoveToEndOfDocument, True),
            ):
                if event.matches(key):
                    self.jump(end=end)
                    return True
        return super().eventFilter(watched, event)

    def jump(self, *, end: bool) -> None:
        """Ctrl+Home / Ctrl+End: to the first or last line, the view following."""
        move = QTextCursor.MoveOperation.End if end else QTextCursor.MoveOperation.Start
        self.editor.moveCursor(move)
        self.editor.ensureCursorVisible()

    def _find_next(self) -> None:
        self.find(self.find_edit.text())

    def _find_prev(self) -> None:
        self.find(self.find_edit.text(), backward=True)

    def find(self, needle: str, *, backward: bool = False) -> bool:
        """Select the next (or previous) match, wrapping around once; False when absent."""
        if not needle:
            self.find_status.clear()
            return False
        if self.find_edit.text() != needle:
            self.find_edit.setText(needle)
        flags = QTextDocument.FindFlag.FindBackward if backward else QTextDocument.FindFlag(0)
        found = self.editor.find(needle, flags)
        if not found:
            before = self.editor.textCursor()
            cursor = QTextCursor(before)
            cursor.movePosition(
                QTextCursor.MoveOperation.End if backward else QTextCursor.MoveOperation.Start
            )
            self.editor.setTextCursor(cursor)
            found = self.editor.find(needle, flags)
            if not found:
                self.editor.setTextCursor(before)  # keep the last match selected
        self.find_status.setText("" if found else tr("FileViewer", "no match"))
        return found
