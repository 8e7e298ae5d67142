"""Turns the Agent's plain events into Qt signals and owns the asyncio task of a run.

The agent runs as an asyncio task on Qt's own loop (qasync): no threads. Text and
reasoning deltas are batched on a short timer so a fast stream costs one conversation update
per frame, not one per token; every other event first flushes the pending text, so the
window sees events in the order the agent emitted them. ``stop()`` cancels the task; the
agent then leaves its session consistent and reports ``RunFinished(stopped=True)``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from pi_desktop.agent.events import (
    CompactionStarted,
    ContextCompacted,
    ContextPrepared,
    MessageAdded,
    Notice,
    ReasoningDelta,
    RetryScheduled,
    RunFailed,
    RunFinished,
    RunStarted,
    SummaryFallback,
    TextDelta,
    TextRetracted,
    ToolCallFinished,
    ToolCallStarted,
    UsageRecorded,
)

log = logging.getLogger(__name__)

FLUSH_INTERVAL_MS = 30


class AgentController(QObject):
    """One per window. Re-targeted with ``set_agent`` when the window opens another session."""

    runStarted = Signal(str)
    textStreamed = Signal(str)  # a batch of deltas
    reasoningStreamed = Signal(str)  # a batch of reasoning deltas (the Thinking block)
    textRetracted = Signal()  # the step's streamed text was reasoning: clear it
    messageAdded = Signal(object, object)  # Message, entry id (str | None)
    toolCallStarted = Signal(object)  # ToolCallStarted
    toolCallFinished = Signal(object)  # ToolCallFinished
    contextPrepared = Signal(object)  # ContextPrepared
    compactionStarted = Signal(bool)  # manual
    contextCompacted = Signal(object)  # ContextCompacted
    usageRecorded = Signal(object)  # UsageRecorded
    retryScheduled = Signal(object)  # RetryScheduled
    runFinished = Signal(object)  # RunFinished
    runFailed = Signal(object)  # RunFailed
    notice = Signal(object)  # Notice
    summaryFallback = Signal(object)  # SummaryFallback (once per session)
    busyChanged = Signal(bool)
    runWithdrawn = Signal(str)  # stopped while waiting to start: this text was never sent

    def __init__(self, parent: QObject | None = None, *, flush_ms: int = FLUSH_INTERVAL_MS):
        super().__init__(parent)
        self._agent: Any = None
        self._unsubscribe: Callable[[], None] | None = None
        self._task: asyncio.Task[Any] | None = None
        self._pending: list[str] = []
        self._pending_reasoning: list[str] = []  # reasoning comes before the text it leads to
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(flush_ms)
        self._timer.timeout.connect(self.flush)
        self.flushes = 0  # how many batches were emitted (the bench reads it)

    # -- wiring --------------------------------------------------------------------------

    @property
    def agent(self) -> Any:
        return self._agent

    def set_agent(self, agent: Any) -> None:
        """Listen to ``agent`` (None detaches). Refused while a task is in flight."""
        if self.busy:
            raise RuntimeError("cannot switch agents while a run is in progress")
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self._agent = agent
        if agent is not None:
            self._unsubscribe = agent.subscribe(self._on_event)

    @property
    def busy(self) -> bool:
        return self._task is not None and not self._task.done()

    @property
    def task(self) -> asyncio.Task[Any] | None:
        return self._task

    # -- actions -------------------------------------------------------------------------

    def start_run(
        self, text: str, *, after: asyncio.Future[Any] | None = None
    ) -> asyncio.Task[Any] | None:
        """Send ``text``; None when nothing can run (no agent, busy, empty text).

        With ``after`` (a branch summary being written) the run waits for it first, busy, so
        the request carries its note. Stop while waiting sends nothing, leaves ``after``
        running, and emits ``runWithdrawn(text)`` so the window can give the text back.
        """
        if self._agent is None or self.busy or not text.strip():
            return None
        agent = self._agent
        return self._start(self._after(after, text, lambda: agent.run(text)), text)

    def start_run_from(
        self,
        parent_id: str | None,
        text: str,
        *,
        on_branched: Callable[[str], Coroutine[Any, Any, Any]] | None = None,
    ) -> asyncio.Task[Any] | None:
        """Send ``text`` as a new branch from ``parent_id`` (None: a new first message);
        ``on_branched`` as in ``Agent.run_from``."""
        if self._agent is None or self.busy or not text.strip():
            return None
        return self._start(self._agent.run_from(parent_id, text, on_branched=on_branched), text)

    async def _after(
        self,
        first: asyncio.Future[Any] | None,
        text: str,
        make: Callable[[], Coroutine[Any, Any, Any]],
    ) -> Any:
        if first is not None and not first.done():
            try:
                await asyncio.wait([first])  # never cancels ``first``, never raises its error
            except asyncio.CancelledError:
                self.runWithdrawn.emit(text)
                raise
        return await make()

    def start_resume(self) -> asyncio.Task[Any] | None:
        """Answer the stored turn that has no answer yet (Retry); None when there is none."""
        if self._agent is None or self.busy or self._agent.pending_turn() is None:
            return None
        return self._start(self._agent.resume())

    def start_compact(self, instructions: str | None = None) -> asyncio.Task[Any] | None:
        if self._agent is None or self.busy:
            return None
        return self._start(self._agent.compact(instructions or None))

    def stop(self) -> bool:
        """Cancel the run or compaction in flight; True if there was one."""
        if not self.busy:
            return False
        assert self._task is not None
        self._task.cancel()
        return True

    async def shutdown(self) -> None:
        """Cancel whatever runs and wait until the agent has cleaned up (window closing)."""
        task = self._task
        if task is not None and not task.done():
            task.cancel()
            try:
                await asyncio.wait_for(asyncio.shield(task), timeout=10)
            except (asyncio.CancelledError, TimeoutError):
                pass
            except Exception:
                log.exception("run failed while shutting down")
        self.flush()

    def _start(self, coro: Coroutine[Any, Any, Any], text: str | None = None) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(self._guard(coro))
        self._task = task
        task.add_done_callback(self._on_task_done)
        task.add_done_callback(lambda t: self._never_started(t, coro, text))
        self.busyChanged.emit(True)
        return task

    def _never_started(
        self, task: asyncio.Task[Any], coro: Coroutine[Any, Any, Any], text: str | None
    ) -> None:
        """Stop came before the task's first step (``_guard`` swallows every later
        cancellation): the agent never saw ``text``, so it is withdrawn, not lost."""
        if task.cancelled():
            coro.close()
            if text is not None:
                self.runWithdrawn.emit(text)

    async def _guard(self, coro: Coroutine[Any, Any, Any]) -> Any:
        """Swallow the cancellation the agent already reported; report a crash as a failure."""
        try:
            return await coro
        except asyncio.CancelledError:
            return None
        except Exception as exc:
            log.exception("agent task crashed")
            self.flush()
            self.runFailed.emit(RunFailed(f"Internal error: {type(exc).__name__}: {exc}", "error"))
            return None

    def _on_task_done(self, task: asyncio.Task[Any]) -> None:
        if task is self._task:
            self.flush()
            self.busyChanged.emit(False)

    # -- events --------------------------------------------------------------------------

    def flush(self) -> None:
        """Emit the batched text now (the timer does this; other events do it first)."""
        self._timer.stop()
        if self._pending_reasoning:
            text = "".join(self._pending_reasoning)
            self._pending_reasoning.clear()
            self.reasoningStreamed.emit(text)
        if self._pending:
            text = "".join(self._pending)
            self._pending.clear()
            self.flushes += 1
            self.textStreamed.emit(text)

    def _on_event(self, event: Any) -> None:
        if isinstance(event, TextDelta):
            if event.text:
                self._pending.append(event.text)
                if not self._timer.isActive():
                    self._timer.start()
            return
        if isinstance(event, TextRetracted):
            self._pending.clear()  # not shown yet: never shown
            self.flush()
            self.textRetracted.emit()
            return
        if isinstance(event, ReasoningDelta):
            if event.text:
                if self._pending:  # reasoning after text (a second <think>): keep the order
                    self.flush()
                self._pending_reasoning.append(event.text)
                if not self._timer.isActive():
                    self._timer.start()
            return
        self.flush()
        if isinstance(event, RunStarted):
            self.runStarted.emit(event.user_text)
        elif isinstance(event, MessageAdded):
            self.messageAdded.emit(event.message, event.entry_id)
        elif isinstance(event, ToolCallStarted):
            self.toolCallStarted.emit(event)
        elif isinstance(event, ToolCallFinished):
            self.toolCallFinished.emit(event)
        elif isinstance(event, ContextPrepared):
            self.contextPrepared.emit(event)
        elif isinstance(event, CompactionStarted):
            self.compactionStarted.emit(event.manual)
        elif isinstance(event, ContextCompacted):
            self.contextCompacted.emit(event)
        elif isinstance(event, UsageRecorded):
            self.usageRecorded.emit(event)
        elif isinstance(event, RetryScheduled):
            self.retryScheduled.emit(event)
        elif isinstance(event, RunFinished):
            self.runFinished.emit(event)
        elif isinstance(event, RunFailed):
            self.runFailed.emit(event)
        elif isinstance(event, Notice):
            self.notice.emit(event)
        elif isinstance(event, SummaryFallback):
            self.summaryFallback.emit(event)
