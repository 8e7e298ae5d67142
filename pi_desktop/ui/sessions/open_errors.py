"""Why a session could not be opened, in words a user can act on (never a traceback).

A listed file can fail to open in many ways: another window holds it, its name is not a
session id (a file copied into the folder as "my chat.jsonl"), it is not readable, it is a
link or a FIFO planted there, it vanished since the listing. Each becomes one sentence.
"""

from __future__ import annotations

import errno

from pi_desktop.session import SessionLockedError
from pi_desktop.session.errors import SessionError
from pi_desktop.ui.i18n import say, trf
from pi_desktop.usertext import text_of

# what opening a session may raise and the window turns into a message
OPEN_ERRORS = (SessionError, OSError, ValueError, UnicodeError)


def open_failure(name: str, exc: BaseException) -> str:
    """The message for a failed open of session ``name`` (a file name or an id)."""
    shown = f"“{name}”"
    if isinstance(exc, SessionLockedError | SessionError):
        return say(text_of(exc))
    if isinstance(exc, PermissionError):
        return trf(
            "Sessions",
            "Cannot open %1: you have no permission to read it. Check the file's "
            "permissions (or its folder's) and try again.",
            shown,
        )
    if isinstance(exc, FileNotFoundError):
        return trf(
            "Sessions",
            "Cannot open %1: the file is gone (moved or deleted since it was listed).",
            shown,
        )
    if isinstance(exc, IsADirectoryError) or getattr(exc, "errno", None) == errno.EISDIR:
        return trf("Sessions", "Cannot open %1: it is a folder, not a session file.", shown)
    if isinstance(exc, OSError):
        return trf("Sessions", "Cannot open %1: %2.", shown, exc.strerror or type(exc).__name__)
    if isinstance(exc, UnicodeError):
        return trf("Sessions", "Cannot open %1: its name or content is not valid text.", shown)
    if isinstance(exc, ValueError) and "not a session id" in str(exc):
        return trf(
            "Sessions",
            "Cannot open %1 from the library: its name is not one pi-desktop gives "
            "sessions (letters, digits, - and _ only). Open it with File → Open session, or "
            "rename the file.",
            shown,
        )
    return trf("Sessions", "Cannot open %1: %2", shown, exc)
