"""File → Export: pick a file with a non-blocking dialog, write the branch in the chosen format.

The dialog opens with ``open()`` and answers through its ``fileSelected`` signal — never
``exec()``, because the agent's coroutines share Qt's event loop. The file is written to a
temporary sibling and moved into place, so a failed write never leaves half an export. A
target that is the open session's own file, lies in the session library or is a symbolic
link is refused (``export_refusal``). The page's language and dates follow the system locale.
"""

from __future__ import annotations

import os
import re
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QDateTime, QLocale, Signal
from PySide6.QtWidgets import QFileDialog, QWidget

from pi_desktop.session.export import FORMATS, export_bytes, export_refusal

_FILTERS = {
    "markdown": "Markdown (*.md)",
    "html": "HTML page (*.html)",
    "jsonl": "Session lines (*.jsonl)",
}


def suggested_name(session: Any, fmt: str) -> str:
    """A file name from the session's title, else ``session-<first id chars>``: never the
    library's own ``<id>.jsonl``, which an export must not replace."""
    stem = re.sub(r"[^\w\- ]+", "", (session.title or "").strip())[:60].strip()
    return (stem or f"session-{session.id[:8]}") + FORMATS[fmt][1]


def local_date(moment: datetime) -> str:
    """A date as the system locale writes it (short format, local time)."""
    when = QDateTime.fromSecsSinceEpoch(int(moment.timestamp()))
    return QLocale().toString(when, QLocale.FormatType.ShortFormat)


def write_export(
    session: Any,
    fmt: str,
    path: str | os.PathLike[str],
    *,
    library_root: Path | None = None,
) -> Path:
    """Write the export atomically (temporary file, then rename); returns the path.

    ``ValueError`` with the reason when the target is refused (nothing is written)."""
    target = Path(path)
    refusal = export_refusal(session, target, library_root)
    if refusal is not None:
        raise ValueError(refusal)
    data = export_bytes(session, fmt, lang=QLocale().bcp47Name(), format_time=local_date)
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

    def __init__(
        self,
        session: Any,
        fmt: str,
        folder: Path,
        parent: QWidget | None = None,
        *,
        library_root: Path | None = None,
    ):
        label = FORMATS[fmt][0]
        super().__init__(parent, f"Export the current branch as {label}")
        self.session = session
        self.fmt = fmt
        self.library_root = library_root
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
            written = write_export(self.session, self.fmt, path, library_root=self.library_root)
        except (OSError, ValueError) as exc:
            self.failed.emit(f"Export failed: {exc.strerror or exc}" if isinstance(exc, OSError)
                             else f"Export failed: {exc}")  # fmt: skip
            return
        self.exported.emit(str(written))
