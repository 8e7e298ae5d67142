"""The session file's line types: one pydantic model per entry kind, a union keyed on ``type``.

Every line of a session file is one JSON object with ``type``, ``id``, ``parent_id`` and
``timestamp``. Parsing goes through a single :class:`pydantic.TypeAdapter` over the union so a
100k-line file loads at pydantic-core speed; a line whose ``type`` this version does not know is
kept as a raw dict (a newer app may have written it) instead of failing the load.
"""

from __future__ import annotations

import json
import re
import uuid
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator
from pydantic_core import PydanticSerializationError

from pi_desktop import safejson
from pi_desktop.context.message import Message, Role, trusted_message
from pi_desktop.usertext import UserText

# 1: compaction lines copied the retained tail and listed every replaced id (still read).
# 2: compaction lines reference what they keep (``first_kept_entry_id`` + ``retained_count``);
#    ``usage`` and ``model_window`` lines carry what the token estimate depends on.
FORMAT_VERSION = 2


def new_id() -> str:
    """A collision-free entry/session id (uuid4, 32 hex chars)."""
    return uuid.uuid4().hex


def now_iso() -> str:
    """The current time as an ISO-8601 UTC string (millisecond precision)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class _Entry(BaseModel):
    """Fields every line carries; unknown extra keys from newer versions are tolerated."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    type: str
    id: str = Field(default_factory=new_id)
    parent_id: str | None = None
    timestamp: str = Field(default_factory=now_iso)


class SessionHeader(_Entry):
    """The first line: format version and the session-wide settings."""

    type: Literal["session"] = "session"
    version: int = FORMAT_VERSION
    created: str = Field(default_factory=now_iso)
    workspace: str | None = None
    title: str | None = None
    system_prompt: str | None = None
    forked_from: str | None = None  # "<session id>:<entry id>" when made by Session.fork


class MessageEntry(_Entry):
    """One chat message on the tree; ``parent_id`` is the message it follows (None = root)."""

    type: Literal["message"] = "message"
    role: Role
    content: str = ""
    metadata: dict[str, Any] | None = None
    # an assistant answer's figures (usage, ttft_s, duration_s, model, completion_tokens_per_s):
    # beside the message, not in it, so they are never counted or sent
    stats: dict[str, Any] | None = None

    def to_message(self) -> Message:
        """The context engine's view of this entry (metadata copied, never shared)."""
        metadata = dict(self.metadata) if self.metadata is not None else None
        return trusted_message(self.role, self.content, metadata)


class CompactionEntry(_Entry):
    """A compaction cache hanging off the entry that was current when it was made.

    It never lies on the conversation path; ``covered_count`` indexes ``[system] + history``
    and ``first_kept_entry_id`` lets a loader check the cache still fits the current path.
    The line is O(summary): it names the kept tail (``first_kept_entry_id`` and
    ``retained_count`` messages from there), never copies it — the path holds those messages.
    Lines of format 1 carry the tail itself in ``retained_tail`` (and ``replaces_entry_ids``);
    they still load, and ``retained_count`` is None on them.

    ``kind`` says who wrote the summary: "auto" (the threshold), "manual" (Compact now) or
    "edited" (the user's edit of the compaction ``edited_from``, same cut, new text). Lines
    written before the field existed read as "manual" when ``manual`` is set, else "auto".
    """

    type: Literal["compaction"] = "compaction"
    summary: str
    covered_count: int = Field(ge=0)
    retained_count: int | None = Field(default=None, ge=0)
    first_kept_entry_id: str | None = None
    tokens_before: int = 0
    tokens_after: int = 0
    summary_usage: dict[str, Any] | None = None
    summary_model: str | None = None
    read_files: list[str] = Field(default_factory=list)
    modified_files: list[str] = Field(default_factory=list)
    summarized_count: int = 0
    manual: bool = False
    summarizer_calls: int = 1
    instructions: str | None = None  # the user's focus line of a manual compaction
    kind: str = "auto"  # one of COMPACTION_KINDS (a newer kind is kept as written)
    edited_from: str | None = None  # kind "edited": the compaction whose text this replaces
    rung: str = "model"  # who wrote the summary: "model", "repaired" or "extractive"
    # format 1 only (read, never written again)
    retained_tail: list[dict[str, Any]] = Field(default_factory=list)
    replaces_entry_ids: list[str] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _kind_from_manual(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("kind") is None:
            data = {**data, "kind": "manual" if data.get("manual") else "auto"}
        return data

    @property
    def kept_count(self) -> int:
        """How many messages from ``covered_count`` on the cache keeps verbatim."""
        if self.retained_count is not None:
            return self.retained_count
        return len(self.retained_tail)


COMPACTION_KINDS = ("auto", "manual", "edited")


class UsageEntry(_Entry):
    """What the token estimate depends on (``ContextManager.usage_anchor``), when it changed.

    Session-wide, the last one wins: a restarted app estimates exactly as the live one did.
    """

    type: Literal["usage"] = "usage"
    anchor: dict[str, Any]


class ModelWindowEntry(_Entry):
    """The provider stated the model's context window; the session's budget was lowered to fit.

    Session-wide, the last one wins; ``budget`` is the effective budget used from then on.
    """

    type: Literal["model_window"] = "model_window"
    window_tokens: int = Field(gt=0)
    budget: int = Field(gt=0)


class LeafEntry(_Entry):
    """A rewind: the conversation's current position moved to ``target_id``."""

    type: Literal["leaf"] = "leaf"
    target_id: str


class TitleEntry(_Entry):
    """The session was renamed."""

    type: Literal["title"] = "title"
    title: str | None


class SystemPromptEntry(_Entry):
    """The session's system prompt (persona) changed; it is ``[system]`` from then on."""

    type: Literal["system_prompt"] = "system_prompt"
    system_prompt: str | None


class PinEntry(_Entry):
    """The user pinned message ``target_id``: it stays verbatim in every view until unpinned."""

    type: Literal["pin"] = "pin"
    target_id: str


class UnpinEntry(_Entry):
    """The user unpinned message ``target_id``."""

    type: Literal["unpin"] = "unpin"
    target_id: str


class BranchSummaryEntry(_Entry):
    """What an abandoned branch did, hanging off the message the user returned to.

    ``parent_id`` is that message; ``branch_leaf_id`` the abandoned branch's last message.
    While the current path passes ``parent_id`` the summary is sent as context, unless the
    path goes on into that branch itself (``SessionState.branch_entry``).
    """

    type: Literal["branch_summary"] = "branch_summary"
    summary: str
    branch_leaf_id: str | None = None
    summarized_count: int = 0
    summary_model: str | None = None


class BranchSummaryRemovedEntry(_Entry):
    """The user removed branch summary ``target_id`` (it leaves the view)."""

    type: Literal["branch_summary_removed"] = "branch_summary_removed"
    target_id: str


Entry = Annotated[
    SessionHeader
    | MessageEntry
    | CompactionEntry
    | LeafEntry
    | TitleEntry
    | SystemPromptEntry
    | UsageEntry
    | ModelWindowEntry
    | PinEntry
    | UnpinEntry
    | BranchSummaryEntry
    | BranchSummaryRemovedEntry,
    Field(discriminator="type"),
]
KNOWN_TYPES = frozenset(
    {
        "session",
        "message",
        "compaction",
        "leaf",
        "title",
        "system_prompt",
        "usage",
        "model_window",
        "pin",
        "unpin",
        "branch_summary",
        "branch_summary_removed",
    }
)

_ADAPTER: TypeAdapter[Entry] = TypeAdapter(Entry)
# what pydantic-core's own parser allows on a line; deeper lines fail there as invalid JSON
_LINE_DEPTH = 256

# What the loader yields per line: a known entry, or a raw dict of a type from a newer version.
ParsedLine = Entry | dict[str, Any]


class LineError(ValueError):
    """A line that is neither a valid entry nor a well-formed entry of an unknown type."""


def parse_line(line: bytes) -> ParsedLine:
    """Parse one JSONL line (without its newline); raise :class:`LineError` with a short reason."""
    try:
        return _ADAPTER.validate_json(line)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        if first.get("type") == "json_invalid":
            reason = UserText("Session", "not valid JSON" if _is_utf8(line) else "not valid UTF-8")
            raise LineError(reason) from None
        if first.get("type") == "union_tag_invalid":
            raw = safejson.loads(line, max_depth=_LINE_DEPTH)
            if isinstance(raw.get("type"), str) and isinstance(raw.get("id"), str):
                return raw
        loc = ".".join(str(part) for part in first.get("loc", ())) or "line"
        raise LineError(
            UserText("Session", "invalid entry (%1: %2)", loc, first.get("msg", "invalid"))
        ) from None


_FORMAT1_ONLY = frozenset({"retained_tail", "replaces_entry_ids"})
_NO_STATS = frozenset({"stats"})


# Fields without which a line means nothing; any other invalid field is dropped (its default
# applies) and reported, so e.g. a header with a non-text title keeps its system prompt.
_ESSENTIAL: dict[str, frozenset[str]] = {
    "session": frozenset({"id"}),
    "message": frozenset({"id", "parent_id", "role", "content"}),
    "compaction": frozenset({"id", "parent_id", "summary", "covered_count"}),
    "leaf": frozenset({"id", "target_id"}),
    "usage": frozenset({"id", "anchor"}),
    "model_window": frozenset({"id", "window_tokens", "budget"}),
    "pin": frozenset({"id", "target_id"}),
    "unpin": frozenset({"id", "target_id"}),
    "branch_summary": frozenset({"id", "parent_id", "summary"}),
    "branch_summary_removed": frozenset({"id", "target_id"}),
}


def salvage_line(line: bytes) -> tuple[Entry, list[str]] | None:
    """A line that failed validation only in non-essential fields, with those fields dropped.

    Returns the entry and one reason per dropped field, or None when the line cannot be saved.
    """
    try:
        raw = safejson.loads(line, max_depth=_LINE_DEPTH)
    except ValueError:
        return None
    if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
        return None
    essential = _ESSENTIAL.get(raw["type"], frozenset({"id"}))
    dropped: list[str] = []
    for _ in range(3):
        try:
            return _ADAPTER.validate_python(raw), dropped
        except ValidationError as exc:
            fields = set()
            for error in exc.errors(include_url=False):
                loc = error.get("loc", ())
                if len(loc) < 2 or loc[0] != raw["type"] or not isinstance(loc[1], str):
                    return None
                fields.add(loc[1])
            if fields & essential or not fields <= set(raw):
                return None
            for name in sorted(fields):
                del raw[name]
                dropped.append(UserText("Session", "field %1 is invalid; dropped", repr(name)))
    return None


def dump_line(entry: Entry) -> bytes:
    """Serialise an entry as one JSONL line including the trailing newline.

    A compaction of the current format leaves out the empty format-1 fields, a message
    without stats its ``stats``.
    """
    exclude = None
    if isinstance(entry, CompactionEntry) and entry.retained_count is not None:
        exclude = _FORMAT1_ONLY
    elif isinstance(entry, MessageEntry) and entry.stats is None:
        exclude = _NO_STATS  # lines stay as they were before the field existed
    return entry.model_dump_json(exclude=exclude).encode("utf-8") + b"\n"


_SURROGATES = re.compile("[\ud800-\udfff]")


def encode_entry(entry: Entry) -> tuple[Entry, bytes]:
    """The entry as it will be stored, and its line.

    Text that cannot be UTF-8 (lone surrogates, e.g. from undecodable tool output) is replaced
    by U+FFFD first, so what stays in memory is exactly what a reload will read.
    """
    try:
        return entry, dump_line(entry)
    except PydanticSerializationError:
        text = json.dumps(entry.model_dump(), ensure_ascii=False, default=str)
        clean = _ADAPTER.validate_json(_SURROGATES.sub("\ufffd", text).encode("utf-8"))
        return clean, dump_line(clean)


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True
