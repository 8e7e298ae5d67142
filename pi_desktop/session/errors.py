"""What can go wrong with a session file, as exceptions the window can show verbatim."""

from __future__ import annotations


class SessionError(Exception):
    """Base class of every session error."""


class RewindError(SessionError):
    """A rewind target is not allowed (inside the compacted region, unknown, not a message)."""


class SessionLockedError(SessionError):
    """Another writer (this process or another one) holds the session file open."""


class SessionWriteError(SessionError):
    """An append failed (disk full, I/O error); memory is unchanged and the file stays valid."""


class SessionReadOnlyError(SessionError):
    """A change was attempted on a session opened read-only."""


class SessionFileError(SessionError):
    """The path is not a session file that can be opened (a FIFO, a device, a directory)."""
