"""The journal of a new session that is only a window state until something is written to it.

Ctrl+N used to create a file at once, so every "New" that was never used left an empty
"Untitled session" behind (and a second app instance, which cannot reopen the locked last
session, left one per start). ``Session.draft`` gives a writable ``Session`` this journal
instead of an open file: the session checks every change against its state before it appends
(so a refused first change writes nothing), and the first append creates the file with the
header and that line, under the same exclusive create and lock as ``Session.create``. Closing
a draft that never got a change leaves nothing on disk.
"""

from __future__ import annotations

from pathlib import Path

from pi_desktop.session.errors import SessionWriteError
from pi_desktop.session.journal import Journal


class DeferredJournal:
    """A ``Journal`` that creates its file (``header_line`` first) on the first append."""

    def __init__(self, path: Path, header_line: bytes, *, fsync: bool = True) -> None:
        self.path = path
        self.fsync = fsync
        self._header_line = header_line
        self._journal: Journal | None = None
        self._discarded = False

    @property
    def pending(self) -> bool:
        """True while nothing was written: there is no file yet (and it was not closed)."""
        return self._journal is None and not self._discarded

    @property
    def closed(self) -> bool:
        return self._discarded if self._journal is None else self._journal.closed

    def append(self, line: bytes) -> None:
        if self._journal is None:
            if self._discarded:
                raise SessionWriteError(f"Session {self.path.name} is closed.")
            self._journal = Journal.create(self.path, self._header_line, fsync=self.fsync)
        self._journal.append(line)

    def close(self) -> None:
        """Release the file, or — still pending — forget it: no file is ever written."""
        if self._journal is None:
            self._discarded = True
        else:
            self._journal.close()
