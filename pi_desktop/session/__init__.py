"""The truth: an append-only JSONL session tree (no Qt; imports context/ only for Message)."""

from pi_desktop.session.entries import (
    COMPACTION_KINDS,
    FORMAT_VERSION,
    BranchSummaryEntry,
    BranchSummaryRemovedEntry,
    CompactionEntry,
    Entry,
    LeafEntry,
    MessageEntry,
    ModelWindowEntry,
    PinEntry,
    SessionHeader,
    SystemPromptEntry,
    TitleEntry,
    UsageEntry,
    new_id,
)
from pi_desktop.session.errors import (
    RewindError,
    SessionError,
    SessionFileError,
    SessionLockedError,
    SessionReadOnlyError,
    SessionWriteError,
)
from pi_desktop.session.library import SessionInfo, SessionLibrary
from pi_desktop.session.session import Session
from pi_desktop.session.state import SessionState

__all__ = [
    "COMPACTION_KINDS",
    "FORMAT_VERSION",
    "BranchSummaryEntry",
    "BranchSummaryRemovedEntry",
    "CompactionEntry",
    "Entry",
    "LeafEntry",
    "MessageEntry",
    "ModelWindowEntry",
    "PinEntry",
    "RewindError",
    "Session",
    "SessionError",
    "SessionFileError",
    "SessionHeader",
    "SessionInfo",
    "SessionLibrary",
    "SessionLockedError",
    "SessionReadOnlyError",
    "SessionState",
    "SessionWriteError",
    "SystemPromptEntry",
    "TitleEntry",
    "UnpinEntry",
    "UsageEntry",
    "new_id",
]
