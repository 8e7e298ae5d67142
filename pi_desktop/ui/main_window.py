"""The main window: one open session and its agent, composed from parts that never see it.

The window owns the open ``Session`` and wires the parts: ``AgentLifecycle`` builds the agent
from the settings (rebuilt between runs), ``RunPresenter`` sends and draws a run's events,
``SessionOpening`` opens files (in the background), ``ChatDrawing`` and ``BudgetFollow`` redraw
the chat and the bar from the session, ``DialogsHost`` opens every dialog (``open()``, never
``exec()``: the agent's coroutines share Qt's loop), ``WindowActions`` holds the commands and
menus, and ``SessionWatch`` says when the session changed. Providers and tools come from
factories the app passes in, so tests drive the real window with the real offline provider
(or a loopback server).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QDialog, QMainWindow, QWidget

from pi_desktop.agent import Agent, Tool
from pi_desktop.session import Session, SessionLibrary
from pi_desktop.ui.agent_factories import ProviderFactory, ProviderSetup, ToolsFactory
from pi_desktop.ui.agent_lifecycle import AgentLifecycle
from pi_desktop.ui.budget.follow import BudgetFollow
from pi_desktop.ui.chat.column import ChatColumn
from pi_desktop.ui.chat.conversation import PathItem
from pi_desktop.ui.chat.drawing import ChatDrawing
from pi_desktop.ui.chat.edit_floor import can_edit
from pi_desktop.ui.chat.edit_resend import EditResend
from pi_desktop.ui.chat.message_widgets import InlineBanner
from pi_desktop.ui.chat.path_rows import PathRows
from pi_desktop.ui.controller import AgentController
from pi_desktop.ui.dialogs.approval import ApprovalPrompter
from pi_desktop.ui.dialogs.settings_dialog import PresetChoice, SettingsDialog
from pi_desktop.ui.dialogs.system_prompt import SavedPrompts, SystemPromptDialog
from pi_desktop.ui.dialogs_host import DialogsHost
from pi_desktop.ui.i18n import tr, trf
from pi_desktop.ui.narrow_layout import CollapsiblePanel, NarrowLayout
from pi_desktop.ui.provider_status import ProviderStatus
from pi_desktop.ui.run_presenter import RunPresenter, RunViews
from pi_desktop.ui.send_queue import SendQueue
from pi_desktop.ui.session_watch import SessionWatch
from pi_desktop.ui.sessions.dialog import SessionsDialog
from pi_desktop.ui.sessions.opening import SessionOpening, open_banners
from pi_desktop.ui.sessions.sidebar import SessionsSidebar
from pi_desktop.ui.sessions.sidebar_controller import SidebarController
from pi_desktop.ui.settings import AppSettings, KeyStore, SettingsStore
from pi_desktop.ui.status_bar import ElidingStatusBar, RunStatus
from pi_desktop.ui.system_prompt_flow import SystemPromptFlow
from pi_desktop.ui.text.safe_text import image_policy
from pi_desktop.ui.theme import ensure_theme
from pi_desktop.ui.tree.session_tree import SessionTree
from pi_desktop.ui.usage_status import UsageStatus
from pi_desktop.ui.window_actions import WindowActions, WindowSlots
from pi_desktop.ui.window_layout import PaneFocus, WindowLayout
from pi_desktop.ui.window_title import WindowTitle, session_name
from pi_desktop.ui.zoom import Zoom, scale_fixed_height

if TYPE_CHECKING:
    from pi_desktop.ui.mcp_runtime import McpRuntime

PROMPTS = "prompts.json"  # agent.prompts' file name, beside the settings


class MainWindow(QMainWindow):
    """One window, one open session, one agent."""

    closed = Signal()

    def __init__(
        self,
        *,
        settings_store: SettingsStore,
        key_store: KeyStore,
        library: SessionLibrary,
        provider_factory: ProviderFactory,
        tools_factory: ToolsFactory | None = None,
        presets: list[PresetChoice] | None = None,
        workspace: Path | None = None,
    ) -> None:
        super().__init__()
        self.settings_store = settings_store
        self.key_store = key_store
        self.library = library
        settings = settings_store.load()
        # unusable saved values (defaults were kept): said once, in the first session shown
        self._settings_problems = list(settings_store.problems)
        image_policy().set_remote_images(settings.remote_images)
        offline = PresetChoice("offline", tr("MainWindow", "Offline (no network)"))
        self._presets = presets or [offline]
        self.session: Session | None = None
        self.approver = ApprovalPrompter(self, settings.approval_policy)
        self._closed = False
        self.controller = AgentController(self)
        self.session_watch = SessionWatch(self)  # the views that draw the session follow it
        self.mcp: McpRuntime | None = None  # set by ``install_mcp`` (its page in Settings)
        # saved system prompts, in a file beside the settings (a test's settings are temporary)
        self.prompt_store = SavedPrompts(Path(settings_store.qsettings.fileName()).parent / PROMPTS)
        self._closing = False
        self._close_task: asyncio.Future[None] | None = None
        self._build_ui()
        self.prompts = SystemPromptFlow(
            self.prompt_store,
            session=lambda: self.session,
            agent=lambda: self.agent,
            busy=lambda: self.busy,
            header=self.header,
            refuse=self.show_refusal,
            status=self.statusBar(),
        )
        self.opening = SessionOpening(
            self,
            library,
            loading=self.conversation,
            title=self.title.opening,
            status=self.statusBar(),
            shown=self.isVisible,
            closed=lambda: self._closed,
        )
        # the agent and its settings (ui/agent_lifecycle.py)
        self.agents = AgentLifecycle(
            settings=settings,
            settings_store=settings_store,
            key_store=key_store,
            library=library,
            provider_factory=provider_factory,
            tools_factory=tools_factory,
            approver=self.approver,
            controller=self.controller,
            session=lambda: self.session,
            provider_status=self.provider_status,
            status=self.statusBar(),
            rebuilt=lambda: self.budget.agent_rebuilt(),
            workspace=workspace,
        )
        self.dialogs = DialogsHost(
            self,
            controller=self.controller,
            session=lambda: self.session,
            status=self.statusBar(),
            refusals=self.refusal_area,
        )
        self.run = RunPresenter(
            self.controller,
            RunViews(
                conversation=self.conversation,
                budget_bar=self.budget_bar,
                tree=self.tree,
                refusals=self.refusal_area,
                input=self.input,
                send_button=self.send_button,
                status=self.statusBar(),
                locked_actions=(self.new_action, self.open_action, self.compact_action),
            ),
            ready=self.opening.ready_for_message,
            start=self.edits.send,
            parent=self,
        )
        self.chat = ChatDrawing(
            self.conversation,
            library,
            session=lambda: self.session,
            agent=lambda: self.agent,
            show_repairs=self.run.show_repairs,
            decorators=(self.edits, self.pins),
        )
        self.budget = BudgetFollow(
            self.budget_bar,
            session=lambda: self.session,
            agent=lambda: self.agent,
            prepared=self.run.on_context_prepared,
            breakdown=self.dialogs.follow_breakdown,
        )
        self._connect()
        # the saved layout; a hand-edited value ("zz", a number) is ignored and reported
        self._settings_problems += self.panes_layout.restore(self.settings_store)
        self.sessions.restore_state()

    # ---------------------------------------------------------------- building

    def _build_ui(self) -> None:
        self.setWindowTitle("pi-desktop")
        self.setStatusBar(ElidingStatusBar(self))  # its message never runs into the labels
        ensure_theme(QApplication.instance())  # the look from resources/, light/dark as the system
        left = ChatColumn(self)
        self.header, self.conversation = left.header, left.conversation
        self.title = WindowTitle(self.header, self.setWindowTitle)
        self.budget_bar, self.refusal_area = left.budget_bar, left.refusal_area
        self.input, self.send_button = left.input, left.send_button
        self.offer_area = left.offer_area
        self.conversation.edit_allowed = lambda entry_id: can_edit(self.session, entry_id)
        # Enter mid-answer: the message waits in a strip above the box (ui/send_queue.py)
        bar = self.statusBar()
        self.send_queue = SendQueue(self.input, lambda: self.busy, self.send, bar, left)
        left.add_above_input(self.send_queue.strip)
        self.session_tree = SessionTree(
            self,
            session=lambda: self.session,
            agent=lambda: self.agent,
            busy=lambda: self.busy,
            refusals=self.refusal_area,
            forks=self.library,
            cards=self.conversation,
            branch_summaries=lambda: self.settings.branch_summaries,
        )
        self.tree = self.session_tree.panel
        self.pins = self.session_tree.pins
        self.sidebar = SessionsSidebar(self)
        panes = self.panes_layout = WindowLayout(self, self.sidebar, left, self.tree)
        self.splitter, self.outer_splitter = panes.splitter, panes.outer_splitter
        self.setCentralWidget(self.outer_splitter)
        self.sessions = SidebarController(
            host=self,
            library=self.library,
            settings_store=self.settings_store,
            sidebar=self.sidebar,
            splitter=self.outer_splitter,
            status=self.statusBar(),
            tree=self.tree,
            conversation=self.conversation,
            parent=self,
        )
        self.addActions(self.sessions.actions())
        sidebar_wanted = self.sessions.toggle_action.isChecked  # below 1,000 px: toggles
        self.narrow = NarrowLayout(
            self,
            [
                CollapsiblePanel(self.sidebar, self.header.sessions_toggle, sidebar_wanted),
                CollapsiblePanel(self.tree, self.header.tree_toggle),
            ],
        )
        self.edits = EditResend(
            host=self,
            runs=self.controller,
            notes=self.session_tree.branches,
            conversation=self.conversation,
            input_box=self.input,
            offer_area=self.offer_area,
            status=self.statusBar(),
            parent=self,
        )
        self.usage = UsageStatus(lambda: self.settings.model_prices, self)
        self.conversation.stats_source = self.usage.message_stats
        status = self.provider_status = ProviderStatus(
            self.statusBar(), self.header, self.budget_bar, self, beside=self.usage.label
        )
        self.offline_label, self.usage_label = status.offline_label, self.usage.label
        self.provider_label = status.provider_label
        self._build_actions()

    def _build_actions(self) -> None:
        self.zoom = Zoom(self.settings_store.value, self.settings_store.set_value, self)
        self.pane_focus = PaneFocus(  # in reading order: sessions, input, bar, tree
            lambda: [self.sidebar.view, self.input, self.budget_bar, self.tree.view],
            self.sidebar.filter,
            self.sidebar,
            lambda: self.sessions.set_visible(True),
        )
        slots = WindowSlots(
            new_session=self.new_session,
            open_sessions=self.show_sessions,
            settings=self.show_settings,
            quit=self.close,
            compact=self.compact_now,
            send=self.send,
            stop=self.stop,
            toggle_pin=self.pins.toggle_shortcut,
            export=self.export_branch,
            search_sessions=self.focus_session_search,
            focus_pane=self.pane_focus.cycle,
            probe=self.show_probe,
        )
        view = (self.sessions.toggle_action, self.sessions.rename_action)
        a = self.commands = WindowActions(
            self, self.menuBar(), slots, zoom=self.zoom, view_actions=view
        )
        # the ones the parts (and tests) use by the window's names
        self.new_action, self.open_action = a.new_action, a.open_action
        self.compact_action = a.compact_action
        self.send_action, self.probe_action = a.send_action, a.probe_action
        self.export_menu, self.export_actions = a.export_menu, a.export_actions
        self.developer_menu = a.developer_menu
        scale_fixed_height(self.zoom, self.input, self.input.height())
        if self.zoom.problem:
            problem = trf("MainWindow", "%1 is not a zoom level; ignored", self.zoom.problem)
            self._settings_problems.append(problem)

    def focus_session_search(self) -> None:
        """Ctrl+K: the sessions' search box (the sidebar is shown if it was hidden)."""
        self.pane_focus.search()

    def _connect(self) -> None:
        c, run = self.controller, self.run
        run.idle.connect(self._on_idle)
        run.cardAdded.connect(self.chat.decorate_card)
        run.compacted.connect(lambda _ev: self.budget.compactions())
        c.runStarted.connect(lambda _ev: self.edits.clear_notes())
        c.messageAdded.connect(lambda _ev: self.sessions.message_added())
        c.contextPrepared.connect(lambda _ev: self.dialogs.follow_breakdown())
        c.busyChanged.connect(self.sessions.busy_changed)
        c.busyChanged.connect(lambda busy: self.edits.set_enabled(not busy))
        # Enter mid-answer queues the message (ui/send_queue.py); connected after the
        # presenter's own handlers: it submits only while busy, and may send once idle
        self.input.submitted.connect(self.send_queue.submit)
        self.send_action.triggered.connect(lambda _checked=False: self.send_queue.submit())
        c.busyChanged.connect(self.send_queue.busy_changed)
        c.runFinished.connect(self.send_queue.run_ended)
        c.runFailed.connect(self.send_queue.run_ended)
        self.run_status = RunStatus(self.statusBar())  # the note goes when the answer comes
        c.compactionStarted.connect(self.run_status.note_shown)
        for progress in (c.textStreamed, c.reasoningStreamed, c.toolCallStarted):
            progress.connect(self.run_status.progressed)
        c.runWithdrawn.connect(self.edits.withdrawn)
        # the views that draw what the session stored follow it, whoever wrote to it
        self.session_watch.changed.connect(self._on_session_changed)
        self.header.systemPromptRequested.connect(self.show_system_prompt)
        self.conversation.retryRequested.connect(self.retry)
        self.conversation.summaryRequested.connect(self.open_summary)
        self.conversation.openFileRequested.connect(self.open_tool_result)
        tree = self.session_tree
        tree.rewound.connect(lambda _entry_id: self.render_path())
        tree.rewound.connect(lambda _entry_id: self._update_title())
        tree.rewound.connect(lambda _entry_id: self._refresh_bar())
        tree.rewound.connect(lambda _entry_id: self.edits.offer_answer_again())
        tree.forkCreated.connect(self.open_session)
        tree.status.connect(self.statusBar().showMessage)
        tree.entriesChanged.connect(self._refresh_bar)
        self.tree.editRequested.connect(self.edits.begin_edit)
        self.conversation.pinRequested.connect(self.pins.set_pinned)
        self.conversation.cardBuilt.connect(self.chat.decorate_card)
        self.tree.compactionActivated.connect(self.open_summary)
        self.sessions.titleChanged.connect(self._update_title)
        self.budget_bar.clicked.connect(self.show_breakdown)
        self.dialogs.entriesRequested.connect(self.tree.select_entries)
        self.dialogs.summaryEdited.connect(self._on_summary_edited)

    def _on_summary_edited(self, compaction_id: str, entry_id: str) -> None:
        """The chat shows the edit at once (as a reload would), and the bar the new figure."""
        self.chat.summary_edited(compaction_id, entry_id)
        self._refresh_bar()

    def _on_session_changed(self) -> None:
        """Something was stored (by a run, a pin, a rewind, an edit): redraw what shows it."""
        self.session_tree.session_changed()
        self.usage.follow(self.session_watch.last_entries())

    def _on_idle(self) -> None:
        """A run ended: settings saved meanwhile apply now, and the bar shows the next request."""
        if not self.agents.run_ended():
            self._refresh_bar()
        self._update_title()

    # ---------------------------------------------------------------- sessions

    @property
    def busy(self) -> bool:
        return self.controller.busy

    @property
    def settings(self) -> AppSettings:
        return self.agents.settings

    @property
    def agent(self) -> Agent | None:
        return self.agents.agent

    @property
    def provider(self) -> ProviderSetup | None:
        return self.agents.provider

    def workspace(self) -> Path:
        """--workspace, else the settings, else the session's, else the current folder."""
        return self.agents.workspace()

    def effective_workspace(self) -> tuple[Path, str]:
        return self.agents.effective_workspace()

    def new_session(self) -> Session | None:
        if self.busy:
            return None
        # a draft: its file is written with the first message, so an unused "New" leaves none
        session = self.library.draft(
            system_prompt=self.default_system_prompt(),
            workspace=self.agents.workspace_choice(),
        )
        self.open_session(session)
        return session

    def default_system_prompt(self) -> str:
        """What a new session starts with: the saved default prompt, else the built-in one."""
        return self.prompts.default_text()

    @property
    def loading_path(self) -> Path | None:
        """A session being read in the background (sending waits for it)."""
        return self.opening.loading_path

    @property
    def open_failure(self) -> str | None:
        """Why the last open by path failed."""
        return self.opening.failure

    def open_session_path(self, path: Path) -> bool:
        return self.opening.open_path(path)

    def open_session_path_in_background(self, path: Path) -> asyncio.Task[bool]:
        """Open ``path`` with the window up at once (``SessionOpening.open_in_background``)."""
        return self.opening.open_in_background(path)

    def open_session(
        self, session: Session, *, items: list[PathItem] | PathRows | None = None
    ) -> None:
        """Show ``session`` and build its agent; the previous session is closed (flushed)."""
        if self.busy:
            raise RuntimeError("stop the run before switching sessions")
        self.opening.loading_path = None  # a background open still running is dropped
        self._close_current()
        self.session = session
        self.session_watch.watch(session)
        self.usage.set_session(session)
        self.edits.reset()
        self.agents.build()
        self.tree.set_session(session)
        self.render_path(items)
        self.refusal_area.clear()
        for text, kind in open_banners(session, self._settings_problems):
            self.conversation.add_banner(text, kind=kind)
        self._settings_problems = []
        self._update_title()
        self.prompts.refresh()
        self.budget.session_opened()
        self.sessions.session_opened(session)
        self.edits.offer_answer_again()
        self.input.setFocus()

    def rewind_to(self, entry_id: str) -> bool:
        """For the parts that rewind through the window (edit and resend, reveal)."""
        return self.session_tree.rewind_to(entry_id)

    def refuse_rewind(self, entry_id: str, detail: str) -> InlineBanner:
        return self.session_tree.refuse_rewind(entry_id, detail)

    def show_refusal(self, text: str) -> InlineBanner:
        """Why something was not done, in the banner area over the input."""
        return self.refusal_area.show_refusal(text)

    def refusals(self) -> list[InlineBanner]:
        return self.refusal_area.banners()

    def _refresh_bar(self) -> None:
        self.budget.refresh()

    def extend_tools(self, extra: Callable[[list[Tool]], list[Tool]]) -> None:
        """Offer ``extra(tools)`` beside the tools every new agent gets (MCP servers' tools)."""
        self.agents.extend_tools(extra)

    def _close_current(self) -> None:
        self.agents.drop()
        self.session_watch.watch(None)
        if self.session is not None:
            self.session.close()
            self.session = None

    def session_name(self) -> str | None:
        """The session's own title, else its first user message; None while it has neither."""
        return session_name(self.session)

    def _update_title(self) -> None:
        self.title.show(self.session)

    def render_path(self, items: list[PathItem] | PathRows | None = None) -> None:
        """Redraw the conversation from the session's current path (after rewind/load)."""
        self.chat.render_path(items)

    # ---------------------------------------------------------------- running

    def send(self) -> asyncio.Task[object] | None:
        """Send what the input box holds (see ``RunPresenter.send``)."""
        return self.run.send()

    def stop(self) -> None:
        self.run.stop()

    def retry(self) -> asyncio.Task[object] | None:
        """Answer the turn that failed from the stored history: no duplicate, no new branch."""
        return self.run.retry()

    def compact_now(self) -> QDialog | None:
        return self.dialogs.show_compact()

    # ---------------------------------------------------------------- dialogs

    @property
    def dialog(self) -> QDialog | None:
        """The dialog on screen (tests drive it)."""
        return self.dialogs.dialog

    @property
    def viewers(self) -> list[QWidget]:
        """The summary / tool-result viewers that are open."""
        return self.dialogs.viewers

    def open_summary(self, entry_id: str) -> QWidget | None:
        return self.dialogs.open_summary(entry_id)

    def show_breakdown(self) -> QDialog | None:
        return self.dialogs.show_breakdown()

    def export_branch(self, fmt: str) -> QDialog | None:
        return self.dialogs.export_branch(fmt, self.workspace(), self.library.root)

    def show_probe(self) -> QWidget:
        return self.dialogs.show_probe(self.provider)

    def open_tool_result(self, path: str) -> QWidget | None:
        return self.dialogs.open_tool_result(path)

    def show_sessions(self) -> SessionsDialog | None:
        dialog = self.dialogs.show_sessions(self.library)
        if dialog is not None:
            dialog.openRequested.connect(self.sessions.open)  # read in the background
            dialog.newRequested.connect(self.new_session)
            dialog.renamed.connect(lambda *_: self._update_title())
            dialog.finished.connect(lambda _result: self.sessions.refresh())
        return dialog

    def show_settings(self) -> SettingsDialog:
        return self.dialogs.show_settings(
            self.settings,
            self._presets,
            self.key_store,
            self.effective_workspace(),
            self.apply_settings,
            mcp=self.mcp,
        )

    def apply_settings(self, settings: AppSettings, api_key: str | None = None) -> None:
        """Persist and rebuild the agent on the same session (its cache is restored, 0 calls);
        during a run, as soon as it ends (ui/agent_lifecycle.py)."""
        change = self.agents.store(settings, api_key)
        if change.prices:  # every answer's hover and the totals say it anew
            self.usage.restat(self.conversation.message_cards())
        # an error from the previous provider ("Nothing is listening at …") no longer applies
        if change.provider and not self.busy and self.conversation.banners():
            self.conversation.clear_banners("error")
            self.edits.offer_answer_again()  # the unanswered question: ask the new provider
        self.agents.apply(change)

    def rebuild_agent_between_runs(self) -> None:
        """A new agent now, or when the running answer ends (the tools offered changed)."""
        if not self._closing:
            self.agents.rebuild_between_runs()

    # ---------------------------------------------------------------- usage and prompt

    def show_system_prompt(self) -> SystemPromptDialog | None:
        """The header's prompt link: view, change, save or choose a prompt (``open()``)."""
        if self.session is None:
            self.new_session()
        return self.dialogs.show_system_prompt(self.prompts.store, self.prompts.choose)

    def set_system_prompt(self, text: str) -> bool:
        """This session's prompt from the next request on (one more entry in the session)."""
        return self.prompts.choose(text)

    # ---------------------------------------------------------------- closing

    def closeEvent(self, event: QCloseEvent) -> None:
        """A running answer is cancelled first (the agent leaves the file consistent)."""
        if self.busy:
            event.ignore()
            if not self._closing:
                self._closing = True
                self.statusBar().showMessage(tr("MainWindow", "Stopping the run before closing…"))
                self._close_task = asyncio.ensure_future(self._close_after_stop())
            return
        self.panes_layout.save(self.settings_store)
        self.sessions.save_state()
        self.settings_store.qsettings.sync()
        self.dialogs.close_viewers()
        self._close_current()
        self._closed = True
        event.accept()
        self.closed.emit()

    async def _close_after_stop(self) -> None:
        await self.controller.shutdown()
        self._closing = False
        self.close()
