"""The main window's viewers and dialogs: summary history, breakdown, export, probe, tool
results, settings and sessions — each opened with ``open()`` (never ``exec()``: the agent's
coroutines share Qt's loop) and kept on the window so tests can drive them.

``MainWindow`` inherits this half; the state it reads (session, agent, settings, stores) is
the window's.
"""

from __future__ import annotations

import logging
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QWidget

from pi_desktop.session import SessionError
from pi_desktop.ui.a11y import describe_buttons
from pi_desktop.ui.budget.figures import branch_compactions
from pi_desktop.ui.dialogs.settings_dialog import SettingsDialog
from pi_desktop.ui.i18n import tr, trf
from pi_desktop.ui.scrollbars import slim_all
from pi_desktop.ui.sessions.dialog import SessionsDialog
from pi_desktop.ui.settings import AppSettings
from pi_desktop.ui.text.safe_text import image_policy

log = logging.getLogger(__name__)


class WindowDialogs:
    """Opening the viewers and dialogs of ``MainWindow`` (see the module docstring)."""

    def open_summary(self, entry_id: str) -> QWidget | None:
        """The summary viewer on the branch's history, ``entry_id`` selected (an entry off the
        branch is shown alone); its ranges select in the tree, its edits go to the agent."""
        from pi_desktop.ui.dialogs.summary_history import branch_history
        from pi_desktop.ui.dialogs.summary_viewer import SummaryViewer

        entry = self.session.entries.get(entry_id) if self.session else None
        if entry is None or getattr(entry, "type", None) != "compaction":
            return None
        history = branch_history(self.session)
        on_branch = any(item.entry.id == entry_id for item in history)
        viewer = SummaryViewer(
            entry, self, history=history if on_branch else None, editable=on_branch
        )
        viewer.rangeRequested.connect(self.tree.select_entries)
        viewer.saveRequested.connect(lambda cid, text: self.save_summary_edit(viewer, cid, text))
        return self._show_viewer(viewer)

    def save_summary_edit(self, viewer: Any, compaction_id: str, text: str) -> str | None:
        """Store the edit as a compaction of kind "edited"; the viewer shows the new history."""
        from pi_desktop.ui.dialogs.summary_history import branch_history

        if self.agent is None or self.busy:
            viewer.show_edit_error(
                tr("MainWindow", "Wait for the answer to finish, then save the edit.")
            )
            return None
        try:
            entry_id = self.agent.edit_summary(compaction_id, text)
        except (ValueError, RuntimeError, SessionError) as exc:
            viewer.show_edit_error(trf("MainWindow", "Not saved: %1.", exc))
            return None
        viewer.set_history(branch_history(self.session), entry_id)
        edit = self.session.entries[entry_id]
        self.conversation.add_edited_summary(
            compaction_id, entry_id, edit.tokens_before, edit.tokens_after, edit.summarized_count
        )
        self.tree.refresh()
        self._refresh_bar()
        self.statusBar().showMessage(
            tr("MainWindow", "Edited summary saved; the next request uses it."), 6000
        )
        return entry_id

    def show_breakdown(self) -> QDialog | None:
        """Click on the budget bar: where the next request's tokens go (``open()``)."""
        from pi_desktop.ui.dialogs.breakdown_dialog import BreakdownDialog

        if self.agent is None:
            return None
        dialog = BreakdownDialog(self.agent.breakdown(), self)
        dialog.refreshRequested.connect(
            lambda: dialog.set_breakdown(self.agent.breakdown()) if self.agent else None
        )
        return self._show_dialog(dialog)

    def export_branch(self, fmt: str) -> QDialog | None:
        """File → Export: a save dialog (``open()``, never ``exec()``) that writes the branch."""
        from pi_desktop.ui.dialogs.export_dialog import ExportDialog

        if self.session is None:
            return None
        dialog = ExportDialog(
            self.session, fmt, self.workspace(), self, library_root=self.library.root
        )
        dialog.exported.connect(
            lambda path: self.statusBar().showMessage(trf("MainWindow", "Exported to %1", path))
        )
        dialog.failed.connect(self.show_refusal)
        return self._show_dialog(dialog)

    def show_probe(self) -> QWidget:
        """Tools → Fidelity probe: runs on this loop with this provider, shows the table."""
        from pi_desktop.ui.dialogs.probe_viewer import ProbeViewer

        return self._show_viewer(ProbeViewer(self.provider, self))

    def open_tool_result(self, path: str) -> QWidget | None:
        from pi_desktop.ui.dialogs.file_viewer import ToolResultViewer

        return self._show_viewer(ToolResultViewer(path, self))

    def _show_viewer(self, viewer: QWidget) -> QWidget:
        viewer.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        viewer.setWindowFlag(Qt.WindowType.Window, True)
        slim_all(viewer)  # the window's slim scroll bars, in its viewers too
        describe_buttons(viewer)
        self.viewers.append(viewer)
        viewer.destroyed.connect(
            lambda *_: self.viewers.remove(viewer) if viewer in self.viewers else None
        )
        viewer.show()
        return viewer

    def _show_dialog(self, dialog: QDialog) -> QDialog:
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        slim_all(dialog)
        describe_buttons(dialog)
        self.dialog = dialog
        dialog.finished.connect(lambda _r: setattr(self, "dialog", None))
        # the keyboard follows: into the dialog, and back to the window when it closes (a
        # window manager does this too; without one, keys would go nowhere)
        dialog.finished.connect(lambda _r: self.activateWindow())
        dialog.open()
        dialog.activateWindow()
        return dialog

    def show_settings(self) -> SettingsDialog:
        from pi_desktop.agent.connect import list_models, test_connection

        folder, origin = self.effective_workspace()
        dialog = SettingsDialog(
            self.settings,
            self._presets,
            self.key_store,
            self,
            workspace=str(folder),
            workspace_origin=origin,
            list_models=list_models,
            test_connection=test_connection,
        )
        if getattr(self, "mcp", None) is not None:  # the MCP servers' page (ui/mcp_runtime.py)
            from pi_desktop.ui.dialogs.mcp_page import McpPage

            dialog.add_page(tr("MainWindow", "Tools"), McpPage(self.mcp, dialog))
        dialog.accepted.connect(
            lambda: self.apply_settings(dialog.result_settings(), dialog.new_api_key())
        )
        self._show_dialog(dialog)
        return dialog

    def apply_settings(self, settings: AppSettings, api_key: str | None = None) -> None:
        """Persist and rebuild the agent on the same session (its cache is restored, 0 calls).

        During a run the agent is rebuilt as soon as the run ends, so the provider shown in the
        status bar is always the one the next message goes to.
        """
        failed = None
        if api_key is not None and settings.provider != "offline":
            failed = self.key_store.set(settings.provider, api_key)
        if settings.workspace != self.settings.workspace:
            self._workspace_override = None  # a folder chosen in Settings beats --workspace
        prices_changed = settings.model_prices != self.settings.model_prices
        # an error from the previous provider ("Nothing is listening at …") no longer applies
        provider_changed = api_key is not None or any(
            getattr(settings, name) != getattr(self.settings, name)
            for name in ("provider", "model", "base_url", "thinking", "reasoning_effort")
        )
        self.settings = settings
        self.settings_store.save(settings)
        image_policy().set_remote_images(settings.remote_images)
        if prices_changed:
            self.restat()
        if provider_changed and not self.busy and self.conversation.banners():
            self.conversation.clear_banners("error")
            self.edits.offer_answer_again()  # the unanswered question: ask the new provider
        if self.busy:
            self._settings_pending = True
            self.statusBar().showMessage(
                tr("MainWindow", "Settings saved; they apply when this answer ends."), 6000
            )
        else:
            self._rebuild_agent()
        if failed:
            self.statusBar().showMessage(
                trf("MainWindow", "The API key was not saved: %1.", failed)
            )

    def rebuild_agent_between_runs(self) -> None:
        """A new agent now, or when the running answer ends (the tools offered changed)."""
        if self.session is None or self._closing:
            return
        if self.busy:
            self._settings_pending = True  # applied when the run ends
        else:
            self._rebuild_agent()

    def _rebuild_agent(self) -> None:
        """A new agent for the new settings (it restores the usage anchor the session saved)."""
        self._settings_pending = False
        if self.session is None:
            return
        self.controller.set_agent(None)
        self._build_agent()
        assert self.agent is not None
        self._on_context_prepared(self.agent.estimate_now())
        self.budget_bar.set_compactions(*branch_compactions(self.session))

    def show_sessions(self) -> SessionsDialog | None:
        if self.busy:
            return None
        current = self.session.path.stem if self.session else None
        dialog = SessionsDialog(self.library, current, self)
        dialog.openRequested.connect(self.open_session_id)
        dialog.newRequested.connect(self.new_session)
        dialog.renamed.connect(lambda *_: self._update_title())
        dialog.finished.connect(lambda _result: self.sessions.refresh())
        self._show_dialog(dialog)
        return dialog
