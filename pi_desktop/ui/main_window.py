"""The main window: conversation, input, budget bar and session tree, wired to one Agent.

The window owns the open ``Session`` and the ``Agent`` built on it; the controller owns the
asyncio task of a run. Every dialog opens with ``open()``, never ``exec()``, because the
agent's coroutines share Qt's loop. Providers and tools come from factories the app passes
in, so tests drive the real window with the real offline provider (or a loopback server).
"""

from __future__ import annotations

import asyncio
import html
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pi_desktop.agent import Agent
from pi_desktop.session import (
    Session,
    SessionLibrary,
)
from pi_desktop.session.export import FORMATS as EXPORT_FORMATS
from pi_desktop.ui.budget.bar import BudgetBar
from pi_desktop.ui.budget.figures import branch_compactions
from pi_desktop.ui.chat.conversation import ConversationView, PathItem, path_items
from pi_desktop.ui.chat.edit_floor import can_edit
from pi_desktop.ui.chat.edit_resend import EditResend
from pi_desktop.ui.chat.header import ChatHeader
from pi_desktop.ui.chat.input_box import CompactDialog, InputBox
from pi_desktop.ui.controller import AgentController
from pi_desktop.ui.dialogs.approval import ApprovalPrompter
from pi_desktop.ui.dialogs.export_dialog import format_label
from pi_desktop.ui.dialogs.settings_dialog import PresetChoice
from pi_desktop.ui.dialogs.system_prompt import SavedPrompts
from pi_desktop.ui.i18n import tr, trf
from pi_desktop.ui.labels import title_from
from pi_desktop.ui.narrow_layout import CollapsiblePanel, NarrowLayout
from pi_desktop.ui.scrollbars import slim_scroll_bars
from pi_desktop.ui.sessions.open_errors import OPEN_ERRORS, open_failure
from pi_desktop.ui.sessions.sidebar import SessionsSidebar
from pi_desktop.ui.sessions.sidebar_controller import SidebarController
from pi_desktop.ui.settings import KeyStore, SettingsStore
from pi_desktop.ui.splitter import ThinSplitter
from pi_desktop.ui.steering import Steering
from pi_desktop.ui.text.safe_text import image_policy
from pi_desktop.ui.theme import ensure_theme, style
from pi_desktop.ui.tree.panel import SessionTreePanel
from pi_desktop.ui.window_dialogs import WindowDialogs
from pi_desktop.ui.window_run import WindowRun
from pi_desktop.ui.window_tree import WindowTreeActions
from pi_desktop.ui.window_usage import WindowUsage
from pi_desktop.ui.wiring import (
    DEFAULT_SYSTEM_PROMPT,
    ProviderFactory,
    ProviderSetup,
    ToolsFactory,
    offline_note,
)

log = logging.getLogger(__name__)
PROMPTS_FILE = "prompts.json"  # agent.prompts' file name, beside the settings


class MainWindow(WindowRun, WindowDialogs, WindowTreeActions, WindowUsage, QMainWindow):
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
        self.settings = settings_store.load()
        # unusable saved values (defaults were kept): said once, in the first session shown
        self._settings_problems = list(getattr(settings_store, "problems", None) or [])
        image_policy().set_remote_images(self.settings.remote_images)
        self._provider_factory = provider_factory
        self._tools_factory = tools_factory
        offline = PresetChoice("offline", tr("MainWindow", "Offline (no network)"))
        self._presets = presets or [offline]
        self._workspace_override = workspace
        self.session: Session | None = None
        self.agent: Agent | None = None
        self.provider: ProviderSetup | None = None
        self.approver = ApprovalPrompter(self, self.settings.approval_policy)
        self.open_failure: str | None = None  # why the last open_session_path failed
        self.loading_path: Path | None = None  # a session being read in the background
        self._load_task: asyncio.Task[bool] | None = None
        self._closed = False
        self.controller = AgentController(self)
        # saved system prompts, in a file beside the settings (a test's settings are temporary)
        settings_dir = Path(settings_store.qsettings.fileName()).parent
        self.prompt_store = SavedPrompts(settings_dir / PROMPTS_FILE)
        self.viewers: list[QWidget] = []  # summary / tool-result viewers that are open
        self.dialog: QDialog | None = None  # the dialog on screen (tests drive it)
        self._closing = False
        self._provider_note: str | None = None  # the status-bar note of the current provider
        self._settings_pending = False  # saved during a run: applied when it ends
        self._sent_text = ""  # the text of the latest send, given back when it is refused
        self._close_task: asyncio.Future[None] | None = None
        self._build_ui()
        self._connect()
        self._restore_geometry()

    # ---------------------------------------------------------------- building

    def _build_ui(self) -> None:
        self.setWindowTitle("pi-desktop")
        ensure_theme(QApplication.instance())  # the look from resources/, light/dark as the system
        self.header = ChatHeader(self)
        self.conversation = ConversationView(self)
        self.conversation.edit_allowed = lambda entry_id: can_edit(self.session, entry_id)
        self.budget_bar = BudgetBar(self)
        self.refusal_area = QVBoxLayout()
        self.refusal_area.setContentsMargins(0, 0, 0, 0)
        self.input = InputBox(self)
        self.input.setPlaceholderText(
            tr("MainWindow", "Message — Enter sends, Shift+Enter for a new line")
        )
        self.input.setAccessibleName(tr("MainWindow", "Message"))
        self.input.setAccessibleDescription(
            tr("MainWindow", "Your next message. Enter sends it, Shift+Enter starts a new line.")
        )
        self.input.setFixedHeight(84)
        self.send_button = QPushButton(tr("MainWindow", "Send"), self)
        self.send_button.setAccessibleDescription(
            tr("MainWindow", "Sends the message, or stops the answer while one is written.")
        )
        self.send_button.setObjectName("sendButton")  # the accent button
        self.send_button.setMinimumWidth(80)
        style(self.input)  # the chrome carries the theme's style sheet, the conversation not
        style(self.send_button)
        slim_scroll_bars(self.input)
        row = QHBoxLayout()
        row.addWidget(self.input, 1)
        row.addWidget(self.send_button, 0, Qt.AlignmentFlag.AlignBottom)
        left = QWidget(self)
        column = QVBoxLayout(left)
        column.setContentsMargins(6, 0, 6, 6)
        column.addWidget(self.header)
        column.addWidget(self.conversation, 1)
        column.addLayout(self.refusal_area)
        self.offer_area = QVBoxLayout()  # edit-and-resend's notes (EditResend owns them)
        self.offer_area.setContentsMargins(0, 0, 0, 0)
        column.addLayout(self.offer_area)
        column.addWidget(self.budget_bar)
        column.addLayout(row)
        self.tree = SessionTreePanel(self)
        self.splitter = ThinSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.tree)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([760, 300])
        self.sidebar = SessionsSidebar(self)
        self.outer_splitter = ThinSplitter(Qt.Orientation.Horizontal, self)
        self.outer_splitter.addWidget(self.sidebar)
        self.outer_splitter.addWidget(self.splitter)
        self.outer_splitter.setStretchFactor(1, 1)
        self.outer_splitter.setSizes([240, 1060])
        self.setCentralWidget(self.outer_splitter)
        self.sessions = SidebarController(self, self.sidebar, self.outer_splitter)
        sidebar_wanted = self.sessions.toggle_action.isChecked  # below 1,000 px: toggles
        self.narrow = NarrowLayout(
            self,
            [
                CollapsiblePanel(self.sidebar, self.header.sessions_toggle, sidebar_wanted),
                CollapsiblePanel(self.tree, self.header.tree_toggle),
            ],
        )
        self.edits = EditResend(self)
        self.steering = Steering(self)
        self.offline_label = QLabel(tr("MainWindow", "<b>● Offline</b> — demo model, no network"))
        self.offline_label.setParent(self)
        self.offline_label.setToolTip(offline_note())
        self.offline_label.setVisible(False)
        self.offline_label.setContentsMargins(0, 0, 12, 0)
        self.provider_label = QLabel(self)
        self.provider_label.setTextFormat(Qt.TextFormat.PlainText)  # names come from files
        self.statusBar().addPermanentWidget(self.offline_label)
        self._build_usage()
        self.statusBar().addPermanentWidget(self.provider_label)
        self._build_actions()

    def _action(self, text: str, shortcut: QKeySequence | str | None, slot: Callable) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(lambda _checked=False: slot())
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        self.new_action = self._action(tr("MainWindow", "&New session"), "Ctrl+N", self.new_session)
        self.open_action = self._action(
            tr("MainWindow", "&Open session…"), "Ctrl+O", self.show_sessions
        )
        self.settings_action = self._action(
            tr("MainWindow", "&Settings…"), "Ctrl+,", self.show_settings
        )
        self.quit_action = self._action(tr("MainWindow", "&Quit"), "Ctrl+Q", self.close)
        self.compact_action = self._action(
            tr("MainWindow", "&Compact now…"), "Ctrl+Shift+K", self.compact_now
        )
        self.send_action = self._action(tr("MainWindow", "Send"), "Ctrl+Return", self.send)
        self.stop_action = self._action(tr("MainWindow", "Stop"), "Esc", self.stop)
        self.pin_action = self._action(
            tr("MainWindow", "&Pin / unpin message"), "Ctrl+P", self.steering.toggle_pin_shortcut
        )
        menu = self.menuBar().addMenu(tr("MainWindow", "&File"))
        for action in (self.new_action, self.open_action, self.settings_action):
            menu.addAction(action)
        self.export_menu = menu.addMenu(tr("MainWindow", "&Export current branch"))
        self.export_actions = {
            fmt: self._action(
                trf("MainWindow", "%1…", format_label(fmt)),
                None,
                lambda f=fmt: self.export_branch(f),
            )
            for fmt in EXPORT_FORMATS
        }
        for action in self.export_actions.values():
            self.export_menu.addAction(action)
        menu.addSeparator()
        menu.addAction(self.quit_action)
        menu = self.menuBar().addMenu(tr("MainWindow", "&View"))
        menu.addAction(self.sessions.toggle_action)
        menu.addAction(self.sessions.rename_action)
        # keyboard-only use: every part of the window is one key away
        self.search_action = self._action(
            tr("MainWindow", "&Search sessions"), "Ctrl+K", self.focus_session_search
        )
        self.next_pane_action = self._action(
            tr("MainWindow", "Next &pane"), "F6", lambda: self.focus_pane(1)
        )
        self.previous_pane_action = self._action(
            tr("MainWindow", "Previous pa&ne"), "Shift+F6", lambda: self.focus_pane(-1)
        )
        menu.addSeparator()
        for action in (self.search_action, self.next_pane_action, self.previous_pane_action):
            menu.addAction(action)
        menu = self.menuBar().addMenu(tr("MainWindow", "&Conversation"))
        for action in (self.send_action, self.stop_action, self.compact_action, self.pin_action):
            menu.addAction(action)
        self.probe_action = self._action(
            tr("MainWindow", "&Fidelity probe…"), None, self.show_probe
        )
        self.menuBar().addMenu(tr("MainWindow", "&Tools")).addAction(self.probe_action)

    def panes(self) -> list[QWidget]:
        """The parts F6 moves between, in reading order: sessions, input, bar, tree."""
        parts = [self.sidebar.view, self.input, self.budget_bar, self.tree.view]
        return [w for w in parts if w.isVisible() and w.isEnabled()]

    def focus_pane(self, step: int) -> None:
        panes = self.panes()
        if not panes:
            return
        focused = QApplication.focusWidget()
        here = next(
            (i for i, w in enumerate(panes) if focused is w or w.isAncestorOf(focused)), None
        )
        target = panes[0 if here is None else (here + step) % len(panes)]
        target.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def focus_session_search(self) -> None:
        """Ctrl+K: the sessions' search box (the sidebar is shown if it was hidden)."""
        if not self.sidebar.isVisible():
            self.sessions.set_visible(True)
        self.sidebar.filter.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.sidebar.filter.selectAll()

    def _connect(self) -> None:
        self.send_button.clicked.connect(self._send_or_stop)
        self.input.submitted.connect(self.send)
        self.input.stopRequested.connect(self.stop)
        c = self.controller
        c.runStarted.connect(self._on_run_started)
        c.runStarted.connect(lambda _text: self.edits.clear_notes())
        c.textStreamed.connect(self.conversation.append_delta)
        c.textStreamed.connect(lambda text: self.budget_bar.add_streamed(len(text)))
        c.reasoningStreamed.connect(self.conversation.append_reasoning)
        c.textRetracted.connect(self.conversation.retract_stream_text)
        c.messageAdded.connect(self._on_message_added)
        c.toolCallStarted.connect(
            lambda ev: self.conversation.add_tool_call(ev.call_id, ev.name, ev.arguments)
        )
        c.toolCallFinished.connect(self._on_tool_finished)
        c.contextPrepared.connect(self._on_context_prepared)
        c.compactionStarted.connect(self._on_compaction_started)
        c.contextCompacted.connect(self._on_compacted)
        c.usageRecorded.connect(self._on_usage)
        c.retryScheduled.connect(lambda _ev: self.conversation.restart_stream())
        c.retryScheduled.connect(
            lambda ev: self.statusBar().showMessage(
                trf(
                    "MainWindow",
                    "Provider busy (%1); retry %2 in %3 s",
                    ev.reason,
                    ev.attempt,
                    round(ev.delay),
                ),
                8000,
            )
        )
        c.runFinished.connect(self._on_run_finished)
        c.runFailed.connect(self._on_run_failed)
        c.notice.connect(lambda ev: self.conversation.add_banner(ev.text))
        c.summaryFallback.connect(self._on_summary_fallback)
        c.busyChanged.connect(self._on_busy_changed)
        c.runWithdrawn.connect(self.edits.withdrawn)
        self.conversation.retryRequested.connect(self.retry)
        self.conversation.summaryRequested.connect(self.open_summary)
        self.conversation.openFileRequested.connect(self.open_tool_result)
        self.tree.rewindRequested.connect(self.rewind_to)
        self.tree.sealedClicked.connect(self.rewind_to)
        self.tree.forkRequested.connect(self.fork_from)
        self.tree.editRequested.connect(self.edits.begin_edit)
        self.tree.pinRequested.connect(self.steering.set_pinned)
        self.tree.branchSummaryRemoveRequested.connect(self.steering.remove_branch_summary)
        self.conversation.pinRequested.connect(self.steering.set_pinned)
        self.conversation.cardBuilt.connect(self._decorate_card)
        self.sessions.titleChanged.connect(self._update_title)
        self.tree.compactionActivated.connect(self.open_summary)
        self.budget_bar.clicked.connect(self.show_breakdown)

    def _restore_geometry(self) -> None:
        """Saved window state; a hand-edited value ("zz", a number) is ignored and reported."""
        geometry = self.settings_store.value("geometry")
        if not (isinstance(geometry, QByteArray | bytes) and self.restoreGeometry(geometry)):
            self.resize(1180, 780)
            if geometry is not None:
                self._settings_problems.append(
                    tr("MainWindow", "window/geometry is not a saved geometry; ignored")
                )
        state = self.settings_store.value("splitter")
        valid = isinstance(state, QByteArray | bytes) and self.splitter.restoreState(state)
        if state is not None and not valid:
            self._settings_problems.append(
                tr("MainWindow", "window/splitter is not a saved layout; ignored")
            )
        self.sessions.restore_state()

    # ---------------------------------------------------------------- sessions

    @property
    def busy(self) -> bool:
        return self.controller.busy

    def workspace(self) -> Path:
        """--workspace, else the settings, else the session's, else the current folder."""
        return self.effective_workspace()[0]

    def effective_workspace(self) -> tuple[Path, str]:
        """The folder the tools use and where it came from ("argument", "settings", "session",
        "cwd"), so the settings dialog can show the real one and say why."""
        for candidate, origin in (
            (self._workspace_override, "argument"),
            (self.settings.workspace, "settings"),
            (self.session.workspace if self.session else None, "session"),
        ):
            if candidate:
                return Path(candidate).expanduser(), origin
        return Path.cwd(), "cwd"

    def new_session(self) -> Session | None:
        if self.busy:
            return None
        workspace = self._workspace_override or self.settings.workspace or None
        # a draft: its file is written with the first message, so an unused "New" leaves none
        session = self.library.draft(
            system_prompt=self.default_system_prompt(),
            workspace=str(workspace) if workspace else None,
        )
        self.open_session(session)
        return session

    def default_system_prompt(self) -> str:
        """What a new session starts with: the saved default prompt, else the built-in one."""
        return self.prompt_store.default_text() or DEFAULT_SYSTEM_PROMPT

    def open_session_id(self, session_id: str) -> bool:
        if self.busy:
            return False
        if self.session is not None and self.session.path.stem == session_id:
            return True
        try:
            session = self.library.open(session_id)
        except OPEN_ERRORS as exc:  # shown in words, never raised into the sidebar's slot
            self.show_refusal(open_failure(f"{session_id}.jsonl", exc))
            return False
        self.open_session(session)
        return True

    def open_session_path(self, path: Path) -> bool:
        try:
            session = Session.load(path)
        except OPEN_ERRORS as exc:
            self.open_failure = open_failure(path.name, exc)
            self.show_refusal(self.open_failure)
            return False
        self.open_session(session)
        return True

    def open_session_path_in_background(self, path: Path) -> asyncio.Task[bool]:
        """Open ``path`` with the window up at once: a quiet "Loading…" row while the file is
        read in a worker thread (a 100,000-message file takes seconds), then the session.

        Sending waits for it (a message typed meanwhile stays in the box). If the user opens
        another session first, or closes the window, the loaded one is closed unshown."""
        self.loading_path = path
        self.conversation.show_loading(path.name)
        self.header.set_title(f"Opening {path.name}…")  # not "New session": it is not one
        self.setWindowTitle(f"Opening {path.name}… — pi-desktop")
        self.statusBar().showMessage(f"Opening {path.name}…")

        async def load() -> bool:
            loop = asyncio.get_event_loop()  # its first step may run in a Qt event pass

            def read() -> tuple[Session, list[PathItem]]:
                session = Session.load(path)  # and its rows: both pure Python, no Qt
                return session, path_items(session, self.library.results_dir(session.path))

            try:
                session, items = await loop.run_in_executor(None, read)
            except OPEN_ERRORS as exc:
                self.loading_path = None
                self.open_failure = open_failure(path.name, exc)
                if self.session is None and self.isVisible():
                    self.new_session()  # as a failed --session does: a fresh one, and why
                    self.show_refusal(self.open_failure)
                return False
            finally:
                self.statusBar().clearMessage()
            if self.loading_path != path or self.session is not None or self._closed:
                session.close()  # the user went elsewhere meanwhile
                return False
            self.loading_path = None
            self.open_session(session, items=items)
            return True

        self._load_task = asyncio.ensure_future(load())
        return self._load_task

    def open_session(self, session: Session, *, items: list[PathItem] | None = None) -> None:
        """Show ``session`` and build its agent; the previous session is closed (flushed)."""
        if self.busy:
            raise RuntimeError("stop the run before switching sessions")
        self.loading_path = None  # a background open still running is dropped when it ends
        self._close_current()
        self.session = session
        self.edits.reset()
        self._build_agent()
        self.tree.set_session(session)
        self.render_path(items)
        self._clear_refusals()
        reason = getattr(session, "read_only_reason", None)
        problems = [p for p in session.problems if p != reason]
        if reason:
            self.conversation.add_banner(reason, kind="refusal")
        if problems:
            self.conversation.add_banner(
                tr(
                    "MainWindow",
                    "Some lines of this session file could not be read and were skipped:",
                )
                + "\n"
                + "\n".join(problems[:5]),
                kind="error",
            )
        if self._settings_problems:
            self.conversation.add_banner(
                tr("MainWindow", "Some saved settings could not be used; the defaults apply:")
                + "\n"
                + "\n".join(self._settings_problems[:5]),
                kind="refusal",
            )
            self._settings_problems = []
        self._update_title()
        self.refresh_system_prompt()
        self.refresh_usage()
        if self.agent is not None:
            self._on_context_prepared(self.agent.estimate_now())
        self.budget_bar.reset_compactions()
        self.budget_bar.set_compactions(*branch_compactions(self.session))
        self.sessions.session_opened(session)
        self.edits.offer_answer_again()
        self.input.setFocus()

    def _refresh_bar(self) -> None:
        """Between runs the bar shows what the next request would carry — the figure a restart,
        a rewind or a budget change shows for the same conversation (never the last request's
        view, which lacks the answer that came back)."""
        if self.agent is None or self.session is None:
            return
        ev = self.agent.estimate_now()
        self.budget_bar.set_estimate(ev.estimated_tokens, ev.budget, ev.threshold, ratio=ev.ratio)
        self.budget_bar.set_compactions(*branch_compactions(self.session))
        self._follow_breakdown()

    def extend_tools(self, extra: Callable[[list[Any]], list[Any]]) -> None:
        """Offer ``extra(tools)`` beside the tools every new agent gets (MCP servers' tools);
        ``extra`` receives the built-in ones so its names can stay clear of them."""
        base = self._tools_factory

        def factory(*args: Any, **kwargs: Any) -> list[Any]:
            tools = list(base(*args, **kwargs)) if base is not None else []
            return tools + extra(tools)

        self._tools_factory = factory

    def _build_agent(self) -> None:
        assert self.session is not None
        settings = self.settings
        self.provider = self._provider_factory(settings)
        self.approver.policy = settings.approval_policy
        self.approver.remembered.clear()
        tools = (
            self._tools_factory(
                self.workspace(),
                self.approver,
                settings,
                results_dir=self.library.results_dir(self.session.path),
                sessions_root=self.library.root,
                session_path=self.session.path,
            )
            if self._tools_factory
            else []
        )
        self.agent = Agent(
            self.provider.llm,
            tools,
            session=self.session,
            context_budget=settings.context_budget,
            keep_recent_tokens=settings.keep_recent_tokens or None,
            summarizer=self.provider.summarizer,
            threshold=settings.threshold,
            snip_policy=settings.snip_policy,
        )
        self.controller.set_agent(self.agent)
        self._update_provider_label()

    def _close_current(self) -> None:
        self.controller.set_agent(None)
        self.agent = None
        if self.session is not None:
            self.session.close()
            self.session = None

    def session_name(self) -> str | None:
        """The session's own title, else its first user message; None while it has neither."""
        if self.session is None:
            return None
        return self.session.title or title_from(self.session.get_current_path())

    def _update_title(self) -> None:
        title = "pi-desktop"
        if self.session is not None:
            name = self.session_name() or tr("MainWindow", "New session")
            title = trf("MainWindow", "%1 — pi-desktop", name)
        self.setWindowTitle(title)
        self.header.set_title(self.session_name())

    def _update_provider_label(self) -> None:
        setup = self.provider
        if setup is None:
            return
        # the folder's name only: a deep path would push the offline badge out of sight
        self.provider_label.setText(
            trf("MainWindow", "%1 · workspace %2", setup.description, self.workspace().name)
        )
        self.header.set_model(setup.description)
        # escaped: a folder named "<img src=…>" would otherwise be read as markup
        self.provider_label.setToolTip(
            "<qt>"
            + trf("MainWindow", "Workspace: %1", html.escape(str(self.workspace())))
            + "</qt>"
        )
        self.budget_bar.set_offline(setup.offline)
        self.offline_label.setVisible(setup.offline)  # stays after the note is cleared
        self.offline_label.setToolTip(setup.note or offline_note())
        # the previous provider's note ("Offline provider: …") must not outlive it
        if self._provider_note and self.statusBar().currentMessage() == self._provider_note:
            self.statusBar().clearMessage()
        self._provider_note = setup.note
        if setup.note:
            self.statusBar().showMessage(setup.note)

    def _decorate_card(self, card: QWidget) -> None:
        """A card built as its row scrolled into view: its edit action and its pin."""
        self.edits.decorate([card])
        self.steering.decorate([card])

    def render_path(self, items: list[PathItem] | None = None) -> None:
        """Redraw the conversation from the session's current path (after rewind/load)."""
        if self.session is None:
            self.conversation.clear()
            return
        results_dir = self.library.results_dir(self.session.path)
        if items is None:  # else read with the session, off the event loop
            items = path_items(self.session, results_dir)
        self.conversation.show_path(items)
        if self.agent is not None:
            self.conversation.show_repairs(self.agent.history_repairs)
        self.edits.decorate()
        self.steering.decorate()

    # ---------------------------------------------------------------- running

    def _send_or_stop(self) -> None:
        if self.busy:
            self.stop()
        else:
            self.send()

    def send(self) -> asyncio.Task[Any] | None:
        text = self.input.toPlainText()
        if not text.strip() or self.busy:
            return None
        if self.loading_path is not None and self.session is None:
            self.statusBar().showMessage("Still opening the session; send again in a moment.")
            return None  # the text stays in the box
        if self.session is None:
            self.new_session()
        if self.session is not None and self.session.read_only:  # refused before it runs
            self.show_refusal(
                (
                    self.session.read_only_reason
                    or tr("MainWindow", "This session is open read-only.")
                )
                + " "
                + tr("MainWindow", "Your message is still in the box.")
            )
            return None
        task = self.edits.send(text)
        if task is not None:
            self._sent_text = text  # given back if the run refuses it (too large to send)
            self.input.clear()
        return task

    def stop(self) -> None:
        if self.controller.stop():
            self.statusBar().showMessage(tr("MainWindow", "Stopping…"), 3000)

    def retry(self) -> asyncio.Task[Any] | None:
        """Answer the turn that failed from the stored history: no duplicate, no new branch."""
        if self.busy:
            return None
        return self.controller.start_resume()

    def compact_now(self) -> None:
        if self.busy or self.agent is None:
            return
        dialog = CompactDialog(self)
        dialog.accepted.connect(
            lambda: self.controller.start_compact(dialog.instructions.text().strip() or None)
        )
        self._show_dialog(dialog)

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
        self.settings_store.set_value("geometry", self.saveGeometry())
        self.settings_store.set_value("splitter", self.splitter.saveState())
        self.sessions.save_state()
        self.settings_store.qsettings.sync()
        for viewer in list(self.viewers):
            viewer.close()
        self._close_current()
        self._closed = True
        event.accept()
        self.closed.emit()

    async def _close_after_stop(self) -> None:
        await self.controller.shutdown()
        self._closing = False
        self.close()
