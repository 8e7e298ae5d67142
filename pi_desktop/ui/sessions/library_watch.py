"""Noticing session files that appear in or leave the library while the window is up.

Another pi-desktop process, a synced folder or a restored backup adds sessions behind the
window's back; before, they showed only after Ctrl+O. A ``QFileSystemWatcher`` on the
library folder says *something* changed (the search index and the listing cache beside the
sessions change often too), so ``changed`` is emitted only when the set of ``*.jsonl`` names
differs from the last one seen — one ``scandir``, coalesced over ``SETTLE_MS``. A slow poll
does the same check where the watcher cannot see (network filesystems, a folder created later).
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

SETTLE_MS = 250  # a copy of many files is one change, not hundreds
POLL_MS = 5_000


def session_names(root: Path) -> frozenset[str]:
    """The session file names in ``root`` (empty when it does not exist)."""
    try:
        with os.scandir(root) as it:
            return frozenset(d.name for d in it if d.name.endswith(".jsonl"))
    except OSError:
        return frozenset()


class LibraryWatch(QObject):
    """Emits ``changed`` when session files were added to or removed from ``root``."""

    changed = Signal()

    def __init__(
        self, root: Path, parent: QObject | None = None, *, poll_ms: int = POLL_MS
    ) -> None:
        super().__init__(parent)
        self.root = root
        self._names = session_names(root)
        self._watcher = QFileSystemWatcher(self)
        self._watch()
        self._watcher.directoryChanged.connect(lambda _path: self._settle.start())
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(SETTLE_MS)
        self._settle.timeout.connect(self.check)
        self._poll = QTimer(self)
        self._poll.setInterval(poll_ms)
        self._poll.timeout.connect(self.check)
        self._poll.start()

    def seen(self) -> None:
        """The owner just listed the library itself: the current names are known."""
        self._names = session_names(self.root)

    def check(self) -> bool:
        """Compare the names with the last seen; True (and ``changed``) when they differ."""
        self._watch()
        names = session_names(self.root)
        if names == self._names:
            return False
        self._names = names
        self.changed.emit()
        return True

    def stop(self) -> None:
        self._poll.stop()
        self._settle.stop()
        paths = self._watcher.directories()
        if paths:
            self._watcher.removePaths(paths)

    def _watch(self) -> None:
        if not self._watcher.directories() and self.root.is_dir():
            self._watcher.addPath(str(self.root))
