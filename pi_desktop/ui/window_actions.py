"""The window's commands: its actions, their keys and the menus that list them.

Each command is one ``QAction`` with a window-wide shortcut, so a key works wherever the focus
is, and the same action sits in a menu (the run presenter disables some while an answer is
written). This part builds them from the slots it is given and knows nothing else of the
window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QWidget

from pi_desktop.session.export import FORMATS as EXPORT_FORMATS
from pi_desktop.ui.developer import developer_menu
from pi_desktop.ui.dialogs.export_dialog import format_label
from pi_desktop.ui.i18n import tr, trf
from pi_desktop.ui.zoom import Zoom, add_zoom_actions

Slot = Callable[[], object]


@dataclass(frozen=True)
class WindowSlots:
    """What each command does."""

    new_session: Slot
    open_sessions: Slot
    settings: Slot
    quit: Slot
    compact: Slot
    send: Slot
    stop: Slot
    toggle_pin: Slot
    export: Callable[[str], object]  # the format's key (session.export.FORMATS)
    search_sessions: Slot
    focus_pane: Callable[[int], object]  # +1 the next pane, -1 the previous one
    probe: Slot


class WindowActions:
    """The File, View, Conversation (and, with --developer, Developer) menus."""

    def __init__(
        self,
        owner: QWidget,
        menu_bar: QMenuBar,
        slots: WindowSlots,
        *,
        zoom: Zoom,
        view_actions: Sequence[QAction] = (),
    ) -> None:
        self._owner = owner
        a = self._action
        self.new_action = a(tr("MainWindow", "&New session"), "Ctrl+N", slots.new_session)
        self.open_action = a(tr("MainWindow", "&Open session…"), "Ctrl+O", slots.open_sessions)
        self.settings_action = a(tr("MainWindow", "&Settings…"), "Ctrl+,", slots.settings)
        self.quit_action = a(tr("MainWindow", "&Quit"), "Ctrl+Q", slots.quit)
        self.compact_action = a(tr("MainWindow", "&Compact now…"), "Ctrl+Shift+K", slots.compact)
        self.send_action = a(tr("MainWindow", "Send"), "Ctrl+Return", slots.send)
        self.stop_action = a(tr("MainWindow", "Stop"), "Esc", slots.stop)
        self.pin_action = a(tr("MainWindow", "&Pin / unpin message"), "Ctrl+P", slots.toggle_pin)
        menu = menu_bar.addMenu(tr("MainWindow", "&File"))
        for action in (self.new_action, self.open_action, self.settings_action):
            menu.addAction(action)
        self.export_menu: QMenu = menu.addMenu(tr("MainWindow", "&Export current branch"))
        self.export_actions = {
            fmt: a(trf("MainWindow", "%1…", format_label(fmt)), None, lambda f=fmt: slots.export(f))
            for fmt in EXPORT_FORMATS
        }
        for action in self.export_actions.values():
            self.export_menu.addAction(action)
        menu.addSeparator()
        menu.addAction(self.quit_action)
        menu = menu_bar.addMenu(tr("MainWindow", "&View"))
        for action in view_actions:
            menu.addAction(action)
        # keyboard-only use: every part of the window is one key away
        self.search_action = a(
            tr("MainWindow", "&Search sessions"), "Ctrl+K", slots.search_sessions
        )
        self.next_pane_action = a(tr("MainWindow", "Next &pane"), "F6", lambda: slots.focus_pane(1))
        self.previous_pane_action = a(
            tr("MainWindow", "Previous pa&ne"), "Shift+F6", lambda: slots.focus_pane(-1)
        )
        menu.addSeparator()
        for action in (self.search_action, self.next_pane_action, self.previous_pane_action):
            menu.addAction(action)
        menu.addSeparator()  # Ctrl + / Ctrl − / Ctrl 0, the level saved (ui/zoom.py)
        self.zoom_actions = add_zoom_actions(owner, zoom, menu)
        menu = menu_bar.addMenu(tr("MainWindow", "&Conversation"))
        for action in (self.send_action, self.stop_action, self.compact_action, self.pin_action):
            menu.addAction(action)
        self.probe_action = a(
            tr("MainWindow", "&Fidelity probe (provider check)…"), None, slots.probe
        )
        # --developer only
        self.developer_menu = developer_menu(menu_bar, [self.probe_action])

    def _action(self, text: str, shortcut: QKeySequence | str | None, slot: Slot) -> QAction:
        action = QAction(text, self._owner)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(lambda _checked=False: slot())
        self._owner.addAction(action)
        return action
