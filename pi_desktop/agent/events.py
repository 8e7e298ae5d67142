"""Events the Agent emits; plain dataclasses so the engine stays Qt-free.

The window's controller turns them into Qt signals. Every event object goes to every
subscriber; a subscriber that raises never breaks the run.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pi_desktop.context import Message
from pi_desktop.context.report import PrepareReport


@dataclass(frozen=True)
class RunStarted:
    user_text: str


@dataclass(frozen=True)
class RunFinished:
    final_text: str
    steps: int
    stopped: bool = False  # cancelled by the user


@dataclass(frozen=True)
class RunFailed:
    error: str  # safe to show: never contains secrets
    kind: str = "error"  # "provider", "overflow", "too_large", "max_steps", "session", "error"


@dataclass(frozen=True)
class TextDelta:
    text: str


@dataclass(frozen=True)
class ReasoningDelta:
    """A piece of the model's reasoning while it streams (``reasoning_content``,
    ``reasoning`` or a ``<think>`` block), apart from the answer's ``TextDelta``s."""

    text: str


@dataclass(frozen=True)
class TextRetracted:
    """The answer text streamed so far in this step was the model's reasoning after all (it
    ended in a lone ``</think>``): drop it; it follows as ``ReasoningDelta``."""


@dataclass(frozen=True)
class MessageAdded:
    """A message was stored. For an assistant message from the model, ``stats`` holds what
    the hover shows (see :func:`pi_desktop.agent.stats.response_stats`): ``usage`` (raw),
    ``ttft_s``, ``duration_s``, ``model``, ``completion_tokens_per_s``; also in the session
    entry's ``stats``, never in the message's metadata."""

    message: Message
    entry_id: str | None  # None when the agent runs without a session
    stats: dict[str, Any] | None = None


@dataclass(frozen=True)
class ToolCallStarted:
    call_id: str
    name: str
    arguments: dict[str, Any] | str  # str when the model sent unparsable JSON


@dataclass(frozen=True)
class ToolCallFinished:
    call_id: str
    name: str
    arguments: dict[str, Any] | str
    result: str
    is_error: bool = False
    offloaded_path: str | None = None  # set when L3 wrote the result to a file


@dataclass(frozen=True)
class ContextPrepared:
    """After every prepare: the budget bar reads this."""

    estimated_tokens: int
    budget: int | None
    threshold: float
    ratio: float | None
    report: PrepareReport | None = None
    hidden_entry_ids: tuple[str, ...] = ()  # path entries not verbatim in the view


@dataclass(frozen=True)
class CompactionStarted:
    """A summary is being made (navigation must wait)."""

    manual: bool = False


@dataclass(frozen=True)
class ContextCompacted:
    tokens_before: int
    tokens_after: int
    summarized_count: int
    entry_id: str | None = None
    summary: str = ""
    manual: bool = False
    rung: str = "model"  # "model", "repaired" or "extractive" (built without a model)


@dataclass(frozen=True)
class SummaryFallback:
    """The model's summary failed and the ladder was climbed (once per session).

    ``rung`` is where it ended ("repaired" or "extractive"), ``reason`` why the model's answer
    was not taken (safe to show). The window offers "Try the model's summary again", which
    is ``Agent.compact()``.
    """

    rung: str
    reason: str


@dataclass(frozen=True)
class UsageRecorded:
    usage: dict[str, Any] | None
    model: str | None
    ratio: float | None


@dataclass(frozen=True)
class RetryScheduled:
    attempt: int
    delay: float
    reason: str


@dataclass(frozen=True)
class Notice:
    """Something the user should know that is not an error (e.g. session problems on load)."""

    text: str
    details: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class HistoryRepaired:
    """The history sent to the model differs from the file to keep every tool call paired.

    ``repairs`` (``pi_desktop.agent.repair.PairRepair``) name the entries: an assistant message
    whose call got no result (a synthetic "interrupted" result stands in) or a result with no
    call (left out). The file is unchanged; the window can mark the gap at those entries.
    Emitted at the start of a run when the history needs repairs.
    """

    repairs: tuple[Any, ...]


AgentEvent = (
    RunStarted
    | RunFinished
    | RunFailed
    | TextDelta
    | ReasoningDelta
    | TextRetracted
    | MessageAdded
    | ToolCallStarted
    | ToolCallFinished
    | ContextPrepared
    | CompactionStarted
    | ContextCompacted
    | SummaryFallback
    | UsageRecorded
    | RetryScheduled
    | Notice
    | HistoryRepaired
)
