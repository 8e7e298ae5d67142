"""File → Export: pick a file with a non-blocking dialog, write the branch in the chosen format.

The dialog opens with ``open()`` and answers through its ``fileSelected`` signal — never
``exec()``, because the agent's coroutines share Qt's event loop. The file is written to a
temporary sibling and moved into place, so a failed write never leaves half an export.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFileDialog, QWidget

from pi_desktop.session.export import FORMATS, export_bytes

_FILTERS = {
    "markdown": "Markdown (*.md)",
    "html": "HTML page (*.html)",
    "jsonl": "Session lines (*.jsonl)",
}


def suggested_name(session: Any, fmt: str) -> str:
    """A file name from the session's title (or id) with the format's suffix."""
    stem = re.sub(r"[^\w\- ]+", "", (session.title or "").strip())[:60].strip() or session.id
    return stem + FORMATS[fmt][1]


def write_export(session: Any, fmt: str, path: str | os.PathLike[str]) -> Path:
    """Write the export atomically (temporary file, then rename); returns the path."""
    target = Path(path)
    data = export_bytes(session, fmt)
    fd, tmp = tempfile.mkstemp(prefix=".export-", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


class ExportDialog(QFileDialog):
    """A save dialog for one format; ``exported(path)`` or ``failed(message)`` when done."""

    exported = Signal(str)
    failed = Signal(str)

    def __init__(self, session: Any, fmt: str, folder: Path, parent: QWidget | None = None):
        label = FORMATS[fmt][0]
        super().__init__(parent, f"Export the current branch as {label}")
        self.session = session
        self.fmt = fmt
        self.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        self.setFileMode(QFileDialog.FileMode.AnyFile)
        self.setOption(QFileDialog.Option.DontUseNativeDialog, True)  # same on every desktop
        self.setNameFilter(_FILTERS[fmt])
        self.setDefaultSuffix(FORMATS[fmt][1].lstrip("."))
        self.setDirectory(str(folder))
        self.selectFile(suggested_name(session, fmt))
        self.fileSelected.connect(self._write)

    def _write(self, path: str) -> None:
        try:
            written = write_export(self.session, self.fmt, path)
        except (OSError, ValueError) as exc:
            self.failed.emit(f"Export failed: {exc.strerror or exc}" if isinstance(exc, OSError)
                             else f"Export failed: {exc}")  # fmt: skip
            return
        self.exported.emit(str(written))
