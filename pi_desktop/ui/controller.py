"""Turns the Agent's plain events into Qt signals and owns the asyncio task of a run.

The agent runs as an asyncio task on Qt's own loop (qasync): no threads. Text and
reasoning deltas are batched on a short timer so a fast stream costs one conversation update
per frame, not one per token; every other event first flushes the pending text, so the
window sees events in the order the agent emitted them. ``stop()`` cancels the task; the
agent then leaves its session consistent and reports ``RunFinished(stopped=True)``.

Every other event is re-emitted as it came, on a signal typed with its class, so a handler
reads ``ev.tokens_before`` with the type checker's help instead of through ``Any``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal, SignalInstance

from pi_desktop.agent.events import (
    AgentEvent,
    CompactionStarted,
    ContextCompacted,
    ContextPrepared,
    HistoryRepaired,
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
from pi_desktop.ui.i18n import say, trf
from pi_desktop.usertext import text_of

if TYPE_CHECKING:
    from pi_desktop.agent import Agent

log = logging.getLogger(__name__)
Work = Coroutine[object, object, object]  # what a run, a resume or a compaction awaits

FLUSH_INTERVAL_MS = 30


class AgentController(QObject):
    """One per window. Re-targeted with ``set_agent`` when the window opens another session."""

    runStarted = Signal(RunStarted)
    textStreamed = Signal(str)  # a batch of TextDelta texts
    reasoningStreamed = Signal(str)  # a batch of ReasoningDelta texts (the Thinking block)
    textRetracted = Signal()  # the step's streamed text was reasoning: clear it
    messageAdded = Signal(MessageAdded)
    historyRepaired = Signal(HistoryRepaired)  # the run sends a repaired history: mark the gaps
    toolCallStarted = Signal(ToolCallStarted)
    toolCallFinished = Signal(ToolCallFinished)
    contextPrepared = Signal(ContextPrepared)
    compactionStarted = Signal(CompactionStarted)
    contextCompacted = Signal(ContextCompacted)
    usageRecorded = Signal(UsageRecorded)
    retryScheduled = Signal(RetryScheduled)
    runFinished = Signal(RunFinished)
    runFailed = Signal(RunFailed)
    notice = Signal(Notice)
    summaryFallback = Signal(SummaryFallback)  # once per session
    busyChanged = Signal(bool)
    runWithdrawn = Signal(str)  # stopped while waiting to start: this text was never sent

    def __init__(self, parent: QObject | None = None, *, flush_ms: int = FLUSH_INTERVAL_MS):
        super().__init__(parent)
        self._agent: Agent | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._task: asyncio.Task[object] | None = None
        self._running = False  # from the start to ``busyChanged(False)``, see ``busy``
        self._pending: list[str] = []
        self._pending_reasoning: list[str] = []  # reasoning comes before the text it leads to
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(flush_ms)
        self._timer.timeout.connect(self.flush)
        self.flushes = 0  # how many batches were emitted (the bench reads it)

    # -- wiring --------------------------------------------------------------------------

    @property
    def agent(self) -> Agent | None:
        return self._agent

    def set_agent(self, agent: Agent | None) -> None:
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
        """True from the start of a run until ``busyChanged(False)`` was handled: a task is
        done a loop turn before its done-callback runs, and whoever sees "not busy" must
        also see what the window does when the run ends (the bar's figure, a new agent)."""
        return self._running

    @property
    def task(self) -> asyncio.Task[object] | None:
        return self._task

    # -- actions -------------------------------------------------------------------------

    def start_run(
        self, text: str, *, after: asyncio.Future[object] | None = None
    ) -> asyncio.Task[object] | None:
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
        on_branched: Callable[[str], Work] | None = None,
    ) -> asyncio.Task[object] | None:
        """Send ``text`` as a new branch from ``parent_id`` (None: a new first message);
        ``on_branched`` as in ``Agent.run_from``."""
        if self._agent is None or self.busy or not text.strip():
            return None
        return self._start(self._agent.run_from(parent_id, text, on_branched=on_branched), text)

    async def _after(
        self,
        first: asyncio.Future[object] | None,
        text: str,
        make: Callable[[], Work],
    ) -> object:
        if first is not None and not first.done():
            try:
                await asyncio.wait([first])  # never cancels ``first``, never raises its error
            except asyncio.CancelledError:
                self.runWithdrawn.emit(text)
                raise
        return await make()

    def start_resume(self) -> asyncio.Task[object] | None:
        """Answer the stored turn that has no answer yet (Retry); None when there is none."""
        if self._agent is None or self.busy or self._agent.pending_turn() is None:
            return None
        return self._start(self._agent.resume())

    def start_compact(self, instructions: str | None = None) -> asyncio.Task[object] | None:
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

    def _start(self, coro: Work, text: str | None = None) -> asyncio.Task[object]:
        task = asyncio.ensure_future(self._guard(coro))
        self._task = task
        self._running = True
        task.add_done_callback(self._on_task_done)
        task.add_done_callback(lambda t: self._never_started(t, coro, text))
        self.busyChanged.emit(True)
        return task

    def _never_started(self, task: asyncio.Task[object], coro: Work, text: str | None) -> None:
        """Stop came before the task's first step (``_guard`` swallows every later
        cancellation): the agent never saw ``text``, so it is withdrawn, not lost."""
        if task.cancelled():
            coro.close()
            if text is not None:
                self.runWithdrawn.emit(text)

    async def _guard(self, coro: Work) -> object:
        """Swallow the cancellation the agent already reported; report a crash as a failure."""
        try:
            return await coro
        except asyncio.CancelledError:
            return None
        except Exception as exc:
            log.exception("agent task crashed")
            self.flush()
            text = trf(
                "Controller", "Internal error: %1: %2", type(exc).__name__, say(text_of(exc))
            )
            self.runFailed.emit(RunFailed(text, "error"))
            return None

    def _on_task_done(self, task: asyncio.Task[object]) -> None:
        if task is self._task:
            self.flush()
            self._running = False
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

    def _relays(self) -> dict[type, SignalInstance]:
        """Which signal carries each event class (the streamed three are batched above)."""
        return {
            RunStarted: self.runStarted,
            MessageAdded: self.messageAdded,
            HistoryRepaired: self.historyRepaired,
            ToolCallStarted: self.toolCallStarted,
            ToolCallFinished: self.toolCallFinished,
            ContextPrepared: self.contextPrepared,
            CompactionStarted: self.compactionStarted,
            ContextCompacted: self.contextCompacted,
            UsageRecorded: self.usageRecorded,
            RetryScheduled: self.retryScheduled,
            RunFinished: self.runFinished,
            RunFailed: self.runFailed,
            Notice: self.notice,
            SummaryFallback: self.summaryFallback,
        }

    def _on_event(self, event: AgentEvent) -> None:
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
        relay = self._relays().get(type(event))
        if relay is None:
            log.warning("agent event %s has no signal; dropped", type(event).__name__)
            return
        relay.emit(event)
