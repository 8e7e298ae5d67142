"""The truth: an append-only JSONL session tree (no Qt; imports context/ only for Message)."""

from pi_desktop.session.entries import (
    FORMAT_VERSION,
    CompactionEntry,
    Entry,
    LeafEntry,
    MessageEntry,
    SessionHeader,
    SystemPromptEntry,
    TitleEntry,
    new_id,
)
from pi_desktop.session.errors import (
    RewindError,
    SessionError,
    SessionLockedError,
    SessionReadOnlyError,
    SessionWriteError,
)
from pi_desktop.session.library import SessionInfo, SessionLibrary
from pi_desktop.session.session import Session
from pi_desktop.session.state import SessionState

__all__ = [
    "FORMAT_VERSION",
    "CompactionEntry",
    "Entry",
    "LeafEntry",
    "MessageEntry",
    "RewindError",
    "Session",
    "SessionError",
    "SessionHeader",
    "SessionInfo",
    "SessionLibrary",
    "SessionLockedError",
    "SessionReadOnlyError",
    "SessionState",
    "SessionWriteError",
    "SystemPromptEntry",
    "TitleEntry",
    "new_id",
]
