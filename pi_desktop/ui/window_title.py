"""The window's title and the chat header's: the session's name, or what is being opened."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from pi_desktop.session import Session
from pi_desktop.ui.i18n import tr, trf
from pi_desktop.ui.labels import title_from

APP = "pi-desktop"


class TitleShown(Protocol):
    """The chat header's title."""

    def set_title(self, title: str | None) -> None: ...


def session_name(session: Session | None) -> str | None:
    """The session's own title, else its first user message; None while it has neither."""
    if session is None:
        return None
    return session.title or title_from(session.get_current_path())


class WindowTitle:
    """Writes the title of the window (``set_window_title``) and of the header together."""

    def __init__(self, header: TitleShown, set_window_title: Callable[[str], None]) -> None:
        self._header = header
        self._set = set_window_title

    def show(self, session: Session | None) -> None:
        title = APP
        if session is not None:
            name = session_name(session) or tr("MainWindow", "New session")
            title = trf("MainWindow", "%1 — pi-desktop", name)
        self._set(title)
        self._header.set_title(session_name(session))

    def opening(self, file_name: str) -> None:
        """A file being read: its name, not "New session" (it is not one)."""
        self._header.set_title(f"Opening {file_name}…")
        self._set(f"Opening {file_name}… — {APP}")
