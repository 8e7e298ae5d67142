"""The dialogs host: every viewer and dialog of the window, opened with ``open()``.

Why one object: ``exec()`` would nest a Qt loop inside the agent's coroutines (they share
Qt's loop), so every dialog is opened modeless-or-window-modal the same way, keeps the
keyboard following it, and stays reachable (``dialog``, ``viewers``) for the tests that
drive it. The host knows the window only as a ``QWidget`` parent; what a dialog shows comes
in as arguments, what the user chose goes out through the callbacks and signals below.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QDialog, QStatusBar, QWidget

from pi_desktop.session import Session, SessionError, SessionLibrary
from pi_desktop.ui.a11y import describe_buttons
from pi_desktop.ui.chat.input_box import CompactDialog
from pi_desktop.ui.controller import AgentController
from pi_desktop.ui.dialogs.settings_dialog import PresetChoice, SettingsDialog
from pi_desktop.ui.dialogs.system_prompt import SavedPrompts, SystemPromptDialog
from pi_desktop.ui.i18n import say, tr, trf
from pi_desktop.ui.refusals import RefusalArea
from pi_desktop.ui.scrollbars import slim_all
from pi_desktop.ui.sessions.dialog import SessionsDialog
from pi_desktop.ui.settings import AppSettings, KeyStore
from pi_desktop.usertext import text_of

if TYPE_CHECKING:
    from pi_desktop.ui.dialogs.summary_viewer import SummaryViewer
    from pi_desktop.ui.mcp_runtime import McpRuntime
    from pi_desktop.ui.wiring import ProviderSetup

log = logging.getLogger(__name__)

ApplySettings = Callable[[AppSettings, "str | None"], None]


class DialogsHost(QObject):
    """Opens, tracks and closes the window's dialogs and viewers."""

    entriesRequested = Signal(list)  # a summary's range: the tree selects these entry ids
    summaryEdited = Signal(str, str)  # the compaction edited, the edit's own entry id

    def __init__(
        self,
        parent: QWidget,
        *,
        controller: AgentController,
        session: Callable[[], Session | None],
        status: QStatusBar,
        refusals: RefusalArea,
    ) -> None:
        super().__init__(parent)
        self._parent = parent
        self._controller = controller  # the agent in use and whether it runs
        self._session = session
        self._status = status
        self._refusals = refusals
        self.viewers: list[QWidget] = []  # summary / tool-result viewers that are open
        self.dialog: QDialog | None = None  # the dialog on screen (tests drive it)

    # -- the mechanics -------------------------------------------------------------------

    def show_viewer(self, viewer: QWidget) -> QWidget:
        """A viewer is a window of its own beside the main one; several may be open."""
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

    def show_dialog(self, dialog: QDialog) -> QDialog:
        """One dialog at a time, opened with ``open()`` and forgotten when it finishes."""
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        slim_all(dialog)
        describe_buttons(dialog)
        self.dialog = dialog
        dialog.finished.connect(lambda _r: self._finished(dialog))
        # the keyboard follows: into the dialog, and back to the window when it closes (a
        # window manager does this too; without one, keys would go nowhere)
        dialog.finished.connect(lambda _r: self._parent.activateWindow())
        dialog.open()
        dialog.activateWindow()
        return dialog

    def _finished(self, dialog: QDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None

    def close_viewers(self) -> None:
        for viewer in list(self.viewers):
            viewer.close()

    # -- summaries, breakdown, tool results ---------------------------------------------

    def open_summary(self, entry_id: str) -> QWidget | None:
        """The summary viewer on the branch's history, ``entry_id`` selected (an entry off the
        branch is shown alone); its ranges select in the tree, its edits go to the agent."""
        from pi_desktop.session.entries import CompactionEntry
        from pi_desktop.ui.dialogs.summary_history import branch_history
        from pi_desktop.ui.dialogs.summary_viewer import SummaryViewer

        session = self._session()
        entry = session.entries.get(entry_id) if session is not None else None
        if session is None or not isinstance(entry, CompactionEntry):
            return None
        history = branch_history(session)
        on_branch = any(item.entry.id == entry_id for item in history)
        viewer = SummaryViewer(
            entry, self._parent, history=history if on_branch else None, editable=on_branch
        )
        viewer.rangeRequested.connect(self.entriesRequested)
        viewer.saveRequested.connect(lambda cid, text: self.save_summary_edit(viewer, cid, text))
        return self.show_viewer(viewer)

    def save_summary_edit(self, viewer: SummaryViewer, compaction_id: str, text: str) -> str | None:
        """Store the edit as a compaction of kind "edited"; the viewer shows the new history."""
        from pi_desktop.ui.dialogs.summary_history import branch_history

        agent, session = self._controller.agent, self._session()
        if agent is None or session is None or self._controller.busy:
            viewer.show_edit_error(
                tr("MainWindow", "Wait for the answer to finish, then save the edit.")
            )
            return None
        try:
            entry_id = agent.edit_summary(compaction_id, text)
        except (ValueError, RuntimeError, SessionError) as exc:
            viewer.show_edit_error(trf("MainWindow", "Not saved: %1.", say(text_of(exc))))
            return None
        viewer.set_history(branch_history(session), entry_id)
        self.summaryEdited.emit(compaction_id, entry_id)
        self._status.showMessage(
            tr("MainWindow", "Edited summary saved; the next request uses it."), 6000
        )
        return entry_id

    def show_breakdown(self) -> QDialog | None:
        """Click on the budget bar: where the next request's tokens go (``open()``)."""
        from pi_desktop.ui.dialogs.breakdown_dialog import BreakdownDialog

        agent = self._controller.agent
        if agent is None:
            return None
        dialog = BreakdownDialog(agent.breakdown(), self._parent)
        dialog.refreshRequested.connect(self.follow_breakdown)
        return self.show_dialog(dialog)

    def follow_breakdown(self) -> None:
        """An open breakdown follows the bar (same view, same figure)."""
        from pi_desktop.ui.dialogs.breakdown_dialog import BreakdownDialog

        agent = self._controller.agent
        if isinstance(self.dialog, BreakdownDialog) and agent is not None:
            self.dialog.set_breakdown(agent.breakdown())

    def open_tool_result(self, path: str) -> QWidget | None:
        from pi_desktop.ui.dialogs.file_viewer import ToolResultViewer

        return self.show_viewer(ToolResultViewer(path, self._parent))

    def show_probe(self, provider: ProviderSetup | None) -> QWidget:
        """Developer → Fidelity probe: runs on this loop with this provider, shows the table."""
        from pi_desktop.ui.dialogs.probe_viewer import ProbeViewer

        return self.show_viewer(ProbeViewer(provider, self._parent))

    # -- dialogs that change something ---------------------------------------------------

    def export_branch(self, fmt: str, workspace: Path, library_root: Path) -> QDialog | None:
        """File → Export: a save dialog that writes the current branch."""
        from pi_desktop.ui.dialogs.export_dialog import ExportDialog

        session = self._session()
        if session is None:
            return None
        dialog = ExportDialog(session, fmt, workspace, self._parent, library_root=library_root)
        dialog.exported.connect(
            lambda path: self._status.showMessage(trf("MainWindow", "Exported to %1", path))
        )
        dialog.failed.connect(self._refusals.show_refusal)
        return self.show_dialog(dialog)

    def show_compact(self) -> QDialog | None:
        """Conversation → Compact now: the optional focus line, then the compaction."""
        if self._controller.busy or self._controller.agent is None:
            return None
        dialog = CompactDialog(self._parent)
        dialog.accepted.connect(
            lambda: self._controller.start_compact(dialog.instructions.text().strip() or None)
        )
        return self.show_dialog(dialog)

    def show_settings(
        self,
        settings: AppSettings,
        presets: Sequence[PresetChoice],
        key_store: KeyStore,
        workspace: tuple[Path, str],
        apply: ApplySettings,
        mcp: McpRuntime | None = None,
    ) -> SettingsDialog:
        """``workspace`` is the folder in use and where it came from; OK calls ``apply``."""
        from pi_desktop.agent.connect import list_models, test_connection

        folder, origin = workspace
        dialog = SettingsDialog(
            settings,
            list(presets),
            key_store,
            self._parent,
            workspace=str(folder),
            workspace_origin=origin,
            list_models=list_models,
            test_connection=test_connection,
        )
        if mcp is not None:  # the MCP servers' page (ui/mcp_runtime.py)
            from pi_desktop.ui.dialogs.mcp_page import McpPage

            dialog.add_page(tr("MainWindow", "Tools"), McpPage(mcp, dialog))
        dialog.accepted.connect(lambda: apply(dialog.result_settings(), dialog.new_api_key()))
        self.show_dialog(dialog)
        return dialog

    def show_sessions(self, library: SessionLibrary) -> SessionsDialog | None:
        """The sessions dialog; the caller connects what opening, renaming, … do."""
        if self._controller.busy:
            return None
        session = self._session()
        dialog = SessionsDialog(
            library, session.path.stem if session is not None else None, self._parent
        )
        self.show_dialog(dialog)
        return dialog

    def show_system_prompt(
        self, store: SavedPrompts, choose: Callable[[str], bool]
    ) -> SystemPromptDialog | None:
        """The header's prompt link: view, change, save or choose a prompt."""
        session = self._session()
        if session is None:
            return None
        dialog = SystemPromptDialog(session.system_prompt, store, self._parent)
        if self._controller.busy:
            dialog.set_editable(
                False, tr("MainWindow", "Wait for the answer to finish to change the prompt.")
            )
        dialog.promptChosen.connect(choose)
        self.show_dialog(dialog)
        return dialog
