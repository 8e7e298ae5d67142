"""The session tree panel: the tree view under a status line and a "navigation paused" banner.

It owns the link to the live session: it decides when a redraw is needed, takes the incremental
path for messages appended at the current entry (an appended message costs only a few dict
copies, ~3 ms, on a 10,000-entry session) and rebuilds in full otherwise. Split from the view,
which only paints and handles input.

The first drawing of a large session (above ``BACKGROUND_ABOVE`` entries) is built in a worker
thread from a copy of the session's tables, so opening a 100,000-message session does not
hold the event loop for the ~0.7 s the snapshot and layout take; the status line says the tree
is being drawn meanwhile, and what the session gained in the meantime is caught up on arrival
(incrementally when it was appended at the current entry).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from pi_desktop.session.gc_pause import paused_gc
from pi_desktop.ui.i18n import tr, trf
from pi_desktop.ui.scrollbars import slim_scroll_bars
from pi_desktop.ui.theme import blend, theme_for
from pi_desktop.ui.tree.incremental import Fingerprint, incremental_update
from pi_desktop.ui.tree.layout import TreeLayout, layout_tree
from pi_desktop.ui.tree.snapshot import SessionCopy, TreeSnapshot
from pi_desktop.ui.tree.view import SessionTreeView

log = logging.getLogger(__name__)
# pins, branch summaries, prompt changes: marks that change no message, so no fingerprint
MarksKey = tuple[tuple[str, ...], tuple[str, ...], int]


class _Delivery(QObject):
    """Carries a worker's build to the event loop (a queued signal across threads)."""

    built = Signal(int, object)  # generation, (snapshot, layout) or None when the build failed


def _build(copy: SessionCopy) -> tuple[TreeSnapshot, TreeLayout]:
    """The snapshot and the collapsed layout of ``copy``: pure Python, no Qt objects."""
    with paused_gc():
        snapshot = TreeSnapshot.from_session(copy)
        return snapshot, layout_tree(snapshot)


class SessionTreePanel(QWidget):
    """The tree view with a status line; embed it in the window and connect its signals."""

    rewindRequested = Signal(str)
    forkRequested = Signal(str)
    compactionActivated = Signal(str)
    pinRequested = Signal(str, bool)  # entry id, True: pin / False: unpin
    branchSummaryRemoveRequested = Signal(str)
    copyRequested = Signal(str)
    sealedClicked = Signal(str)
    editRequested = Signal(str)  # a user message: edit and resend from before it

    # entries; a smaller session is drawn at once (~60 ms of the loop at 10,000, ~0.15 s at
    # 20,000). Drawn in a worker from 2,000 up, a 10,000-message launch was idle 60–100 ms
    # later (the build and the window's first drawing then share the GIL), so not lower
    BACKGROUND_ABOVE = 20_000

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session: Any = None
        self._drawn: Fingerprint | None = None
        self._marks_drawn: MarksKey = ((), (), 0)
        self.incremental = True  # False: always rebuild in full (the bench's baseline)
        self.background_above = self.BACKGROUND_ABOVE
        self._generation = 0  # bumped by every set_session: a late build of another is dropped
        self._pending: tuple[Fingerprint, MarksKey] | None = None  # what a worker is drawing
        self._delivery = _Delivery(self)
        self._delivery.built.connect(self._on_built)
        self.view = SessionTreeView(self)
        self._status = QLabel(self)
        self._status.setWordWrap(True)
        self._status.setContentsMargins(6, 2, 6, 2)
        self._status.setTextFormat(Qt.TextFormat.PlainText)
        self._banner = QLabel(
            tr("Tree", "Navigation paused while the agent is running or compacting."), self
        )
        self._banner.setWordWrap(True)
        self._banner.setAutoFillBackground(True)
        self._banner.setContentsMargins(6, 3, 6, 3)
        self._banner.setVisible(False)
        self._style_banner()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self._status)
        layout.addWidget(self._banner)
        layout.addWidget(self.view, 1)
        slim_scroll_bars(self.view)
        for name in (
            "rewindRequested",
            "forkRequested",
            "compactionActivated",
            "copyRequested",
            "sealedClicked",
            "editRequested",
            "pinRequested",
            "branchSummaryRemoveRequested",
        ):
            getattr(self.view, name).connect(getattr(self, name))
        self._update_status()

    @property
    def session(self) -> Any:
        return self._session

    @property
    def snapshot(self) -> TreeSnapshot:
        return self.view.snapshot

    @property
    def navigation_enabled(self) -> bool:
        return self.view.navigation_enabled

    @property
    def status_text(self) -> str:
        return self._status.text()

    @property
    def banner_visible(self) -> bool:
        return not self._banner.isHidden()

    @property
    def building(self) -> bool:
        """Whether the first drawing of the session is still being built in a worker."""
        return self._pending is not None

    def set_session(self, session: Any) -> None:
        """Draw ``session`` (or nothing for None); expansions and hidden ids start fresh.

        A session above ``background_above`` entries is built in a worker thread: the panel
        shows an empty tree and says so until it arrives (``building``)."""
        self._session = session
        self._drawn = None
        self._generation += 1
        self._pending = None
        self.view.reset_view_state()
        self.view.set_empty_text(None)
        if session is not None and len(session.entries) > self.background_above:
            self._build_in_background(session)
            return
        self.refresh()
        self.view.scroll_to_current()

    def _build_in_background(self, session: Any) -> None:
        copy = SessionCopy.of(session)  # on the event loop: the worker never reads the session
        self._pending = (self._fingerprint(), self._marks_key())
        self.view.set_snapshot(TreeSnapshot.empty())
        self._update_status()
        self.view.set_empty_text("")  # the status line says the tree is being drawn
        generation, delivery = self._generation, self._delivery

        def work() -> None:
            try:
                result: tuple[TreeSnapshot, TreeLayout] | None = _build(copy)
            except Exception:  # drawn on the event loop instead, where the error is seen
                log.exception("building the session tree in the background failed")
                result = None
            try:
                delivery.built.emit(generation, result)
            except RuntimeError:  # the panel was deleted meanwhile (the window closed)
                pass

        threading.Thread(target=work, name="session-tree-build", daemon=True).start()

    def _on_built(self, generation: int, result: tuple[TreeSnapshot, TreeLayout] | None) -> None:
        if generation != self._generation or self._pending is None:
            return  # another session (or none) was set meanwhile
        (drawn, marks), self._pending = self._pending, None
        self.view.set_empty_text(None)
        if result is not None:
            self.view.apply_update(*result)
            self._drawn, self._marks_drawn = drawn, marks
            self._update_status()
        self.refresh()  # what the session gained meanwhile; in full if the build failed
        self.view.scroll_to_current()

    def refresh(self) -> None:
        """Redraw after the session changed; no I/O. Skipped when nothing drawn changed.

        Messages appended at the current entry update the tree incrementally (see
        ``tree.incremental``); anything else rebuilds in O(n log n). The window may call this
        freely after every event; while a first drawing is built in the background it waits
        for it.
        """
        if self._pending is not None:
            return
        marks = self._marks_key()
        if marks != self._marks_drawn:  # a pin or a branch summary: redraw in full
            self._marks_drawn = marks
            self._drawn = None
        key = self._fingerprint()
        if key == self._drawn and key is not None:
            return
        drawn, self._drawn = self._drawn, key
        if self.incremental and drawn is not None and key is not None:
            update = incremental_update(
                self._session, drawn, self.view.snapshot, self.view.tree_layout
            )
            if update is not None:
                self.view.apply_update(*update)
                self._update_status()
                return
        with paused_gc():
            snap = (
                TreeSnapshot.from_session(self._session) if self._session else TreeSnapshot.empty()
            )
            self.view.set_snapshot(snap)
        self._update_status()

    def _marks_key(self) -> MarksKey:
        """Pins, branch summaries and system-prompt changes change no message, so the
        fingerprint misses them."""
        state = getattr(self._session, "state", None)
        pinned = getattr(state, "pinned", None) or {}
        side = getattr(state, "branch_summaries", None) or {}
        prompts = getattr(state, "system_prompt_changes", None) or ()
        return tuple(pinned), tuple(side), len(prompts)

    def _fingerprint(self) -> Fingerprint | None:
        s = self._session
        if s is None:
            return None
        return (id(s), len(s.entries), s.current_id, getattr(s, "compaction_floor", None))

    def set_hidden_ids(self, entry_ids: Iterable[str]) -> None:
        """Entry ids the last prepared view does not send verbatim: drawn faded."""
        self.view.set_hidden_ids(entry_ids)
        self._update_status()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._style_banner()

    def _style_banner(self) -> None:
        """A warn-tinted strip that reads in light and dark palettes alike."""
        theme = theme_for(self.palette())
        pal = self._banner.palette()
        pal.setColor(QPalette.ColorRole.Window, blend(theme.warn, theme.base, 0.75))
        pal.setColor(QPalette.ColorRole.WindowText, theme.text)
        self._banner.setPalette(pal)

    def set_navigation_enabled(self, enabled: bool) -> None:
        """Off while a run or compaction is in flight: clicks do nothing, the banner says why."""
        self.view.set_navigation_enabled(enabled)
        self._banner.setVisible(not enabled)

    def node_rect(self, entry_id: str) -> QRect:
        return self.view.node_rect(entry_id)

    def node_at(self, point: QPoint) -> str | None:
        return self.view.node_at(point)

    def scroll_to_current(self) -> None:
        self.view.scroll_to_current()

    def focused_entry_id(self) -> str | None:
        """The message the tree's keyboard focus is on, while the tree has focus."""
        return self.view.focused_entry_id()

    def select_entries(self, entry_ids: Iterable[str]) -> int:
        """Highlight a range of entries (e.g. what a summary covered) and scroll to it."""
        return self.view.select_entries(entry_ids)

    def _update_status(self) -> None:
        if self._pending is not None:
            count = len(self._session.entries)
            self._status.setText(trf("Tree", "Drawing the tree of %1 entries…", count))
            return
        snap = self.view.snapshot
        # side nodes (compactions, branch summaries) are listed under the node they hang off:
        # counting them there costs O(side nodes), not a pass over 100,000 nodes per refresh
        side = [snap.nodes[c] for ids in snap.compactions.values() for c in ids]
        messages = len(snap.nodes) - len(side)
        compactions = sum(1 for n in side if n.role == "compaction")
        parts = [trf("Tree", "%1 on path", len(snap.path)), tr("Tree", "%Ln node(s)", n=messages)]
        if compactions:
            parts.append(tr("Tree", "%Ln compaction(s)", n=compactions))
        faded = self.view.faded_count
        if faded:
            parts.append(trf("Tree", "%1 not in view", faded))
        self._status.setText(" · ".join(parts) if snap.nodes else tr("Tree", "Empty session"))
