"""The run presenter: what the user sends goes to the agent, and what the agent reports is drawn.

Input → ``send()`` (the window says whether a session can take it) → the controller's task →
the agent's events, each on its own typed signal → one handler per event here, which updates
the parts it was given: the conversation, the budget bar, the tree's navigation, the status
bar, the Send/Stop button. What the session stored is redrawn by the views that watch it
(``SessionWatch``), not here. The presenter knows nothing of the window: it gets its views
in ``RunViews`` and reports what the window must follow up on through signals.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QPushButton, QStatusBar, QWidget

from pi_desktop.agent.events import (
    CompactionStarted,
    ContextCompacted,
    ContextPrepared,
    HistoryRepaired,
    MessageAdded,
    Notice,
    RetryScheduled,
    RunFailed,
    RunFinished,
    RunStarted,
    SummaryFallback,
    ToolCallFinished,
    ToolCallStarted,
    UsageRecorded,
)
from pi_desktop.agent.repair import PairRepair
from pi_desktop.ui.announce import announce
from pi_desktop.ui.budget.bar import BudgetBar
from pi_desktop.ui.chat.conversation import ConversationView
from pi_desktop.ui.chat.input_box import InputBox
from pi_desktop.ui.chat.message_widgets import InlineBanner
from pi_desktop.ui.controller import AgentController
from pi_desktop.ui.i18n import say, tr, trf
from pi_desktop.ui.refusals import RefusalArea
from pi_desktop.ui.tree.panel import SessionTreePanel

Start = Callable[[str], "asyncio.Task[object] | None"]


@dataclass(frozen=True)
class RunViews:
    """The parts a run draws into; the window builds them and owns their layout."""

    conversation: ConversationView
    budget_bar: BudgetBar
    tree: SessionTreePanel
    refusals: RefusalArea
    input: InputBox
    send_button: QPushButton
    status: QStatusBar
    locked_actions: tuple[QAction, ...] = ()  # what must wait while an answer is written


class RunPresenter(QObject):
    """Sends, stops, retries and compacts through ``controller``; one handler per event."""

    cardAdded = Signal(QWidget)  # a stored message got its card: edit and pin decorate it
    idle = Signal()  # a run or compaction ended: what depends on the agent is refreshed
    compacted = Signal(ContextCompacted)  # after the marker is drawn (the bar's markers follow)

    def __init__(
        self,
        controller: AgentController,
        views: RunViews,
        *,
        ready: Callable[[], bool],
        start: Start,
        parent: QWidget,
    ) -> None:
        """``ready()`` says whether a message can go now (the window opens a session or
        refuses, e.g. read-only); ``start(text)`` starts the run (edit-and-resend decides
        whether it continues the branch or starts a new one)."""
        super().__init__(parent)
        self._parent = parent  # screen-reader announcements are made on it
        self.controller = controller
        self.views = views
        self._ready = ready
        self._start = start
        self._sent_text = ""  # the latest send, given back when the run refuses it
        self._repairs: tuple[PairRepair, ...] = ()  # the gaps the conversation marks now
        self._repairs_banner: InlineBanner | None = None
        self._connect()

    def _connect(self) -> None:
        v, c = self.views, self.controller
        v.send_button.clicked.connect(self.send_or_stop)
        v.input.submitted.connect(self.send)
        v.input.stopRequested.connect(self.stop)
        c.busyChanged.connect(self.on_busy_changed)
        c.runStarted.connect(self.on_run_started)
        c.textStreamed.connect(v.conversation.append_delta)
        c.textStreamed.connect(self.on_text_streamed)
        c.reasoningStreamed.connect(v.conversation.append_reasoning)
        c.textRetracted.connect(v.conversation.retract_stream_text)
        c.historyRepaired.connect(self.on_history_repaired)
        c.messageAdded.connect(self.on_message_added)
        c.toolCallStarted.connect(self.on_tool_started)
        c.toolCallFinished.connect(self.on_tool_finished)
        c.contextPrepared.connect(self.on_context_prepared)
        c.compactionStarted.connect(self.on_compaction_started)
        c.contextCompacted.connect(self.on_compacted)
        c.usageRecorded.connect(self.on_usage)
        c.retryScheduled.connect(self.on_retry_scheduled)
        c.runFinished.connect(self.on_run_finished)
        c.runFailed.connect(self.on_run_failed)
        c.notice.connect(self.on_notice)
        c.summaryFallback.connect(self.on_summary_fallback)

    # -- input → agent -------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self.controller.busy

    def send(self) -> asyncio.Task[object] | None:
        """Send what the input box holds; it is cleared only once the run has started."""
        text = self.views.input.toPlainText()
        if not text.strip() or self.busy or not self._ready():
            return None
        task = self._start(text)
        if task is not None:
            self._sent_text = text
            self.views.input.clear()
        return task

    def stop(self) -> None:
        if self.controller.stop():
            self.views.status.showMessage(tr("MainWindow", "Stopping…"), 3000)

    def send_or_stop(self) -> None:
        if self.busy:
            self.stop()
        else:
            self.send()

    def retry(self) -> asyncio.Task[object] | None:
        """Answer the turn that failed from the stored history: no duplicate, no new branch."""
        return None if self.busy else self.controller.start_resume()

    def compact(self, instructions: str | None = None) -> asyncio.Task[object] | None:
        return self.controller.start_compact(instructions)

    # -- drawing the path's gaps ---------------------------------------------------------

    def show_repairs(self, repairs: Iterable[PairRepair]) -> None:
        """The conversation was redrawn: mark the gaps the history sent papers over."""
        self._repairs = tuple(repairs)
        self._repairs_banner = self.views.conversation.show_repairs(self._repairs)

    # -- one handler per event -----------------------------------------------------------

    def on_busy_changed(self, busy: bool) -> None:
        v = self.views
        v.send_button.setText(tr("MainWindow", "Stop") if busy else tr("MainWindow", "Send"))
        v.send_button.setToolTip(
            tr("MainWindow", "Stop the answer (Esc)") if busy else tr("MainWindow", "Send (Enter)")
        )
        v.tree.set_navigation_enabled(not busy)
        for action in v.locked_actions:
            action.setEnabled(not busy)
        if not busy:
            v.status.clearMessage()
            self.idle.emit()

    def on_run_started(self, _ev: RunStarted) -> None:
        self.views.refusals.clear()
        self.views.conversation.clear_banners("error")
        self.views.conversation.scroll_to_bottom()
        announce(self._parent, tr("MainWindow", "Sent. The answer is being written."))

    def on_text_streamed(self, text: str) -> None:
        self.views.budget_bar.add_streamed(len(text))

    def on_history_repaired(self, ev: HistoryRepaired) -> None:
        """A run sends a history with gaps papered over; mark those not marked yet."""
        if set(ev.repairs) <= set(self._repairs):
            return
        if self._repairs_banner is not None:
            self.views.conversation.remove_banner(self._repairs_banner)
        self.show_repairs(ev.repairs)

    def on_message_added(self, ev: MessageAdded) -> None:
        message = ev.message
        card = self.views.conversation.add_message(
            message.role, message.content, ev.entry_id, message.metadata
        )
        if card is not None:
            self.cardAdded.emit(card)
        if message.role == "assistant" and message.content.strip():
            announce(self._parent, trf("MainWindow", "Answer: %1", message.content))

    def on_tool_started(self, ev: ToolCallStarted) -> None:
        self.views.conversation.add_tool_call(ev.call_id, ev.name, ev.arguments)

    def on_tool_finished(self, ev: ToolCallFinished) -> None:
        self.views.conversation.finish_tool_call(
            ev.call_id,
            ev.name,
            ev.arguments,
            ev.result,
            is_error=ev.is_error,
            offloaded_path=ev.offloaded_path,
        )

    def on_context_prepared(self, ev: ContextPrepared) -> None:
        self.views.budget_bar.set_estimate(
            ev.estimated_tokens, ev.budget, ev.threshold, ratio=ev.ratio, report=ev.report
        )
        self.views.tree.set_hidden_ids(ev.hidden_entry_ids)

    def on_compaction_started(self, ev: CompactionStarted) -> None:
        self.views.tree.set_navigation_enabled(False)
        text = (
            tr("MainWindow", "Compacting the conversation…")
            if ev.manual
            else tr("MainWindow", "Context is full: summarizing…")
        )
        self.views.status.showMessage(text)
        announce(self._parent, text)

    def on_compacted(self, ev: ContextCompacted) -> None:
        self.views.budget_bar.mark_compacted(ev.tokens_before, ev.tokens_after)
        self.views.conversation.add_compaction(
            ev.entry_id,
            ev.tokens_before,
            ev.tokens_after,
            ev.summarized_count,
            manual=ev.manual,
            rung=ev.rung,
        )
        self.compacted.emit(ev)
        text = trf(
            "MainWindow",
            "Compacted %Ln message(s): %1 → %2 tokens",
            ev.tokens_before,
            ev.tokens_after,
            n=ev.summarized_count,
        )
        self.views.status.showMessage(text, 8000)
        announce(self._parent, text)

    def on_summary_fallback(self, ev: SummaryFallback) -> None:
        """Once per session: the model's summary failed; say what was done instead, and offer
        the model's summary again (Compact now, without the focus dialog)."""
        banner = self.views.conversation.add_banner(fallback_text(ev.rung, ev.reason))

        def again() -> None:
            if self.busy or self.controller.agent is None:
                self.views.status.showMessage(
                    tr("MainWindow", "Wait for the run to finish, then try again."), 5000
                )
                return
            self.views.conversation.remove_banner(banner)
            self.controller.start_compact()

        banner.add_action(
            "summary_again", tr("MainWindow", "Try the model's summary again")
        ).clicked.connect(again)

    def on_usage(self, ev: UsageRecorded) -> None:
        prompt = (ev.usage or {}).get("prompt_tokens")
        if isinstance(prompt, int):
            self.views.budget_bar.set_prompt_tokens(prompt)

    def on_retry_scheduled(self, ev: RetryScheduled) -> None:
        self.views.conversation.restart_stream()
        self.views.status.showMessage(
            trf(
                "MainWindow",
                "Provider busy (%1); retry %2 in %3 s",
                ev.reason,
                ev.attempt,
                round(ev.delay),
            ),
            8000,
        )

    def on_notice(self, ev: Notice) -> None:
        self.views.conversation.add_banner(say(ev.text))  # the agent's words, translated

    def on_run_finished(self, ev: RunFinished) -> None:
        self.views.conversation.end_stream(stopped=ev.stopped)
        if ev.stopped:
            announce(self._parent, tr("MainWindow", "The answer was stopped."))
        else:
            announce(self._parent, tr("MainWindow", "The answer is complete."))

    def on_run_failed(self, ev: RunFailed) -> None:
        v = self.views
        v.conversation.end_stream()
        if ev.kind == "too_large":  # refused before it was stored: nothing to retry
            if not v.input.toPlainText().strip():
                v.input.setPlainText(self._sent_text)
            text = trf(
                "MainWindow",
                "%1 Your message was not sent and is still in the input box.",
                say(ev.error),
            )
            v.conversation.add_error(text, retry=False)
            announce(self._parent, text, urgent=True)
            return
        error = say(ev.error)  # the agent's words, in the interface's language
        v.conversation.add_error(error, retry=True)
        announce(self._parent, trf("MainWindow", "The answer failed: %1", error), urgent=True)


def fallback_text(rung: str, reason: str) -> str:
    """The notice of a summary that climbed the ladder (see ``SummaryFallback``); ``reason``
    is the engine's (a ``UserText``), shown in the interface's language."""
    reason = say(reason)
    if rung == "repaired":
        return trf(
            "MainWindow",
            "The model's first answer was not a summary (%1); one repair request got a proper "
            "summary. The full history stays in the session.",
            reason,
        )
    return trf(
        "MainWindow",
        "The model's summary failed (%1). The conversation was compacted with an extractive "
        "summary built without a model instead: your newest messages verbatim, the files and "
        "the tool calls. The full history stays in the session.",
        reason,
    )
