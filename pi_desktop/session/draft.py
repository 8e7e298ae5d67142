"""A new session that is only a window state until something is written to it.

Ctrl+N used to create a file at once, so every "New" that was never used left an empty
"Untitled session" behind (and a second app instance, which cannot reopen the locked last
session, left one per start). A ``DraftSession`` behaves like a writable ``Session`` whose
file does not exist yet: its first committed change (the first message, in practice) creates
the file with the header and that line, under the same exclusive create and lock as
``Session.create``. Closing a draft that never got a change leaves nothing on disk.
"""

from __future__ import annotations

import os
from pathlib import Path

from pi_desktop.session.entries import Entry, SessionHeader, dump_line, new_id
from pi_desktop.session.errors import SessionWriteError
from pi_desktop.session.journal import Journal
from pi_desktop.session.session import Session
from pi_desktop.session.state import SessionState


class DraftSession(Session):
    """A ``Session`` whose file is created by its first change (see the module docstring)."""

    _header: SessionHeader
    _fsync: bool
    _discarded: bool

    @classmethod
    def start(
        cls,
        path: str | os.PathLike[str],
        *,
        system_prompt: str | None = None,
        workspace: str | None = None,
        title: str | None = None,
        fsync: bool = True,
        session_id: str | None = None,
    ) -> DraftSession:
        """A draft for ``path`` (which must not exist when the first change is written)."""
        header = SessionHeader(
            id=session_id or new_id(),
            workspace=workspace,
            title=title,
            system_prompt=system_prompt,
        )
        state = SessionState()
        state.apply(header)
        draft = cls(Path(path), state, None)
        draft._header = header
        draft._fsync = fsync
        draft._discarded = False
        return draft

    @property
    def is_draft(self) -> bool:
        """True while nothing was written: there is no file yet."""
        return self._journal is None and not self._discarded

    @property
    def read_only(self) -> bool:
        return self._journal is None and self._discarded

    @property
    def closed(self) -> bool:
        if self._journal is None:
            return self._discarded
        return self._journal.closed

    def close(self) -> None:
        """Release the file, or — still a draft — forget it: no file is ever written."""
        if self._journal is None:
            self._discarded = True
        else:
            super().close()

    def _require_writable(self) -> None:
        if self._journal is None:
            if self._discarded:
                raise SessionWriteError(f"Session {self.path.name} is closed.")
            return
        super()._require_writable()

    def _commit(self, entry: Entry) -> str:
        if self._journal is None:
            self._require_writable()
            problem = self._state.check(entry)
            if problem is not None:  # refused: still no file
                raise ValueError(problem)
            self._journal = Journal.create(self.path, dump_line(self._header), fsync=self._fsync)
        return super()._commit(entry)
