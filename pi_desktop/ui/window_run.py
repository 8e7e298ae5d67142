"""How the main window follows a run: the controller's signals redraw its parts.

A message added becomes a card (and a tree node), a prepared context moves the bar and fades
what the view leaves out, a compaction adds its marker, a failure its banner, and the busy
state locks what must not change mid-run. ``MainWindow`` inherits this half and connects the
signals (``_connect``); the parts it redraws are the window's.
"""

from __future__ import annotations

from typing import Any

from pi_desktop.ui.announce import announce
from pi_desktop.ui.budget.figures import branch_compactions
from pi_desktop.ui.i18n import say, tr, trf


class WindowRun:
    """The run-event handlers of ``MainWindow`` (see the module docstring)."""

    def _on_busy_changed(self, busy: bool) -> None:
        self.send_button.setText(tr("MainWindow", "Stop") if busy else tr("MainWindow", "Send"))
        self.send_button.setToolTip(
            tr("MainWindow", "Stop the answer (Esc)") if busy else tr("MainWindow", "Send (Enter)")
        )
        self.tree.set_navigation_enabled(not busy)
        for action in (self.new_action, self.open_action, self.compact_action):
            action.setEnabled(not busy)
        if not busy:
            self.approver.end_run()  # "Deny all until the answer ends" ends here
            self.statusBar().clearMessage()
            if self._settings_pending:
                self._rebuild_agent()
            else:
                self._refresh_bar()
            self.tree.refresh()
            self._update_title()
        self.sessions.busy_changed(busy)
        self.edits.set_enabled(not busy)

    def _on_run_started(self, _text: str) -> None:
        self._clear_refusals()
        self.conversation.clear_banners("error")
        self.conversation.scroll_to_bottom()
        announce(self, tr("MainWindow", "Sent. The answer is being written."))

    def _on_message_added(self, message: Any, entry_id: str | None) -> None:
        card = self.conversation.add_message(
            message.role, message.content, entry_id, message.metadata
        )
        self.edits.decorate([card] if card is not None else [])
        self.pins.decorate([card] if card is not None else [])
        self.tree.refresh()
        self.sessions.message_added()
        if message.role == "assistant":
            self.refresh_usage()
            if message.content.strip():
                announce(self, trf("MainWindow", "Answer: %1", message.content))

    def _on_tool_finished(self, ev: Any) -> None:
        self.conversation.finish_tool_call(
            ev.call_id,
            ev.name,
            ev.arguments,
            ev.result,
            is_error=ev.is_error,
            offloaded_path=ev.offloaded_path,
        )

    def _on_context_prepared(self, ev: Any) -> None:
        self.budget_bar.set_estimate(
            ev.estimated_tokens, ev.budget, ev.threshold, ratio=ev.ratio, report=ev.report
        )
        self.tree.set_hidden_ids(ev.hidden_entry_ids)
        self._follow_breakdown()

    def _follow_breakdown(self) -> None:
        """An open breakdown follows the bar (same view, same figure)."""
        from pi_desktop.ui.dialogs.breakdown_dialog import BreakdownDialog

        if isinstance(self.dialog, BreakdownDialog) and self.agent is not None:
            self.dialog.set_breakdown(self.agent.breakdown())

    def _on_compaction_started(self, manual: bool) -> None:
        self.tree.set_navigation_enabled(False)
        text = (
            tr("MainWindow", "Compacting the conversation…")
            if manual
            else tr("MainWindow", "Context is full: summarizing…")
        )
        self.statusBar().showMessage(text)
        announce(self, text)

    def _on_compacted(self, ev: Any) -> None:
        self.budget_bar.mark_compacted(ev.tokens_before, ev.tokens_after)
        self.budget_bar.set_compactions(*branch_compactions(self.session))
        self.conversation.add_compaction(
            ev.entry_id,
            ev.tokens_before,
            ev.tokens_after,
            ev.summarized_count,
            manual=ev.manual,
            rung=getattr(ev, "rung", "model"),
        )
        self.tree.refresh()
        self.refresh_usage()
        text = trf(
            "MainWindow",
            "Compacted %Ln message(s): %1 → %2 tokens",
            ev.tokens_before,
            ev.tokens_after,
            n=ev.summarized_count,
        )
        self.statusBar().showMessage(text, 8000)
        announce(self, text)

    def _on_summary_fallback(self, ev: Any) -> None:
        """Once per session: the model's summary failed; say what was done instead, and offer
        the model's summary again (Compact now, without the focus dialog)."""
        banner = self.conversation.add_banner(fallback_text(ev.rung, ev.reason))

        def again() -> None:
            if self.busy or self.agent is None:
                self.statusBar().showMessage(
                    tr("MainWindow", "Wait for the run to finish, then try again."), 5000
                )
                return
            self.conversation.remove_banner(banner)
            self.controller.start_compact()

        banner.add_action(
            "summary_again", tr("MainWindow", "Try the model's summary again")
        ).clicked.connect(again)

    def _on_usage(self, ev: Any) -> None:
        prompt = (ev.usage or {}).get("prompt_tokens")
        if isinstance(prompt, int):
            self.budget_bar.set_prompt_tokens(prompt)

    def _on_run_finished(self, ev: Any) -> None:
        self.conversation.end_stream(stopped=ev.stopped)
        if ev.stopped:
            announce(self, tr("MainWindow", "The answer was stopped."))
        else:
            announce(self, tr("MainWindow", "The answer is complete."))

    def _on_run_failed(self, ev: Any) -> None:
        self.conversation.end_stream()
        if ev.kind == "too_large":  # refused before it was stored: nothing to retry
            if not self.input.toPlainText().strip():
                self.input.setPlainText(self._sent_text)
            text = trf(
                "MainWindow",
                "%1 Your message was not sent and is still in the input box.",
                say(ev.error),
            )
            self.conversation.add_error(text, retry=False)
            announce(self, text, urgent=True)
            return
        error = say(ev.error)  # the agent's words, in the interface's language
        self.conversation.add_error(error, retry=True)
        announce(self, trf("MainWindow", "The answer failed: %1", error), urgent=True)


def fallback_text(rung: str, reason: str) -> str:
    """The notice of a summary that climbed the ladder (see ``SummaryFallback``)."""
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
