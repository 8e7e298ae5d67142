"""The conversation view: a scrolling column of message cards, tool calls and markers.

The rows are a model (``rows.Row``) and only those near the viewport have widgets
(``lazy_rows.LazyRowsView``), so a long session opens at once and costs what is on screen.
It is driven by the controller's signals (append a user message, stream a delta, attach a
tool result, mark a compaction) and can redraw a whole path (``path_items``) after a rewind
or on load. It knows nothing about the agent: it only shows, and asks for things through
signals (open a summary, open an offloaded file, retry). Ctrl+F is ``conversation_find``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QPalette, QResizeEvent, QShortcut
from PySide6.QtWidgets import QLabel, QWidget

from pi_desktop.agent.repair import INTERRUPTED_RESULT, PairRepair
from pi_desktop.ui.chat.card_build import SpareCards, staged_message_card
from pi_desktop.ui.chat.conversation_find import ConversationFind
from pi_desktop.ui.chat.find_bar import FindBar
from pi_desktop.ui.chat.history_gaps import gap_note
from pi_desktop.ui.chat.lazy_rows import MAX_BUILT, LazyRowsView
from pi_desktop.ui.chat.message_widgets import (
    CompactionMarker,
    InlineBanner,
    MessageCard,
    ToolCallWidget,
)
from pi_desktop.ui.chat.path_items import PathItem, path_items, tool_calls_of
from pi_desktop.ui.chat.path_rows import PathRows, rows_of
from pi_desktop.ui.chat.rows import Row
from pi_desktop.ui.chat.staged import Steps, build_now
from pi_desktop.ui.chat.thinking import reasoning_of
from pi_desktop.ui.chat.usage_text import MessageStats
from pi_desktop.ui.i18n import tr, trf

# re-exported: the window and tests import these from the conversation
__all__ = ["MAX_BUILT", "ConversationView", "PathItem", "path_items", "tool_calls_of"]

MAX_PROBLEMS_SHOWN = 5
EMPTY_HINT = (
    "Type a message below — Enter sends.\n\n"
    "The bar above the input shows how full the model's context is; when it passes the mark, "
    "older turns are summarized. The tree on the right shows every message: click one to go "
    "back to it."
)


class ConversationView(LazyRowsView):
    """Shows one path of the session; streams the running answer in place.

    A row's widget exists only while the row is near the viewport (``LazyRowsView``), so a
    100,000-message session costs what is on screen."""

    summaryRequested = Signal(str)  # compaction entry id
    openFileRequested = Signal(str)  # offloaded tool-result path
    retryRequested = Signal()
    editRequested = Signal(str)  # a user message's entry id: edit it and send it again
    pinRequested = Signal(str, bool)  # a message's entry id; True: pin, False: unpin
    cardBuilt = Signal(QWidget)  # a message card was (re)built: the window decorates it
    matchesChanged = Signal(int, int)  # Ctrl+F: the current match (1-based, 0: none), count

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(tr("Conversation", "Conversation"))
        self.setAccessibleDescription(
            tr(
                "Conversation",
                "The messages of this session; Ctrl+F finds text, Page Up and Page Down scroll.",
            )
        )
        self.setObjectName("conversation")
        self._streaming_row: Row | None = None
        self._tool_calls: dict[str, Row] = {}
        # how an answer's figures are found (the window sets it: the session holds them)
        self.stats_source: Callable[[str | None, Any], MessageStats | None] | None = None
        # whether a user message may be edited (the window sets it: edit_floor.can_edit on
        # its session); below the compaction floor Edit is not offered
        self.edit_allowed: Callable[[str], bool] | None = None
        # fields of saved messages that could not be drawn (skipped, and said so in a banner)
        self.problems: list[str] = []
        self._find = ConversationFind(self, self.matchesChanged.emit)
        self.spares = SpareCards(self)  # empty cards made while idle (card_build)
        self.hint = QLabel(
            tr("Conversation", EMPTY_HINT), self.viewport()
        )  # what a first start sees, until a row
        self.hint.setWordWrap(True)
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.hint.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.find_bar = FindBar(self)
        self.find_bar.queryChanged.connect(self.find)
        self.find_bar.nextRequested.connect(self.find_next)
        self.find_bar.previousRequested.connect(self.find_previous)
        self.find_bar.closed.connect(lambda: self.find(""))
        self.matchesChanged.connect(self.find_bar.set_count)
        self.find_bar.hide()
        find = QShortcut(QKeySequence.StandardKey.Find, self)
        find.setContext(Qt.ShortcutContext.WindowShortcut)
        find.activated.connect(self.open_find)

    # -- queries (tests and the window read these) ---------------------------------------

    def last_entry_id(self) -> str | None:
        """The newest stored message of the path, built or not (Ctrl+P pins it)."""
        for row in reversed(self._rows):
            if row.kind == "message" and row.entry_id:
                return row.entry_id
        return None

    def message_cards(self) -> list[MessageCard]:
        return [w for w in self.rows() if isinstance(w, MessageCard)]

    def tool_calls(self) -> list[ToolCallWidget]:
        return [w for w in self.rows() if isinstance(w, ToolCallWidget)]

    def markers(self) -> list[CompactionMarker]:
        return [w for w in self.rows() if isinstance(w, CompactionMarker)]

    def banners(self) -> list[InlineBanner]:
        return [w for w in self.rows() if isinstance(w, InlineBanner)]

    @property
    def streaming_card(self) -> MessageCard | None:
        row = self._streaming_row
        return row.widget if row is not None else None

    def stats_for(self, entry_id: str | None, metadata: Any) -> MessageStats | None:
        if self.stats_source is None:
            return None
        return self.stats_source(entry_id, metadata)

    # -- building a row's widget ---------------------------------------------------------

    def _is_user_bubble(self, widget: QWidget) -> bool:
        return isinstance(widget, MessageCard) and widget.role == "user"

    def _make_widget_staged(self, row: Row, parent: QWidget) -> tuple[QWidget, Steps]:
        if row.kind == "message":  # widgets first, markdown on the next turn (card_build)
            return staged_message_card(self, row, parent)
        return self._make_widget(row, parent), []

    def _make_widget(self, row: Row, parent: QWidget) -> QWidget:
        if row.kind == "message":
            widget = build_now(*staged_message_card(self, row, parent))
        elif row.kind == "tool":
            widget = ToolCallWidget(row.call_id, row.name, row.arguments, parent)
            widget.stored = row.stored
            widget.openFileRequested.connect(self.openFileRequested)
            if row.result is not None:
                widget.set_result(
                    row.result, is_error=row.is_error, offloaded_path=row.offloaded_path
                )
            if row.expanded:
                widget.set_expanded(True)
            widget.toggle.toggled.connect(lambda on, r=row: setattr(r, "expanded", on))
        elif row.kind == "compaction":
            widget = CompactionMarker(
                row.entry_id,
                row.tokens_before,
                row.tokens_after,
                row.summarized_count,
                manual=row.manual,
                rung=row.rung,
                parent=parent,
            )
            widget.summaryRequested.connect(self.summaryRequested)
        else:
            widget = InlineBanner(row.text, kind=row.banner_kind, parent=parent)
            if row.banner_kind == "error" and row.stored:  # ``stored``: it offers a retry
                widget.add_action("retry", tr("Conversation", "Retry")).clicked.connect(
                    self._retry_from(widget)
                )
        return widget

    def _row_built(self, row: Row, widget: QWidget) -> None:
        if isinstance(widget, MessageCard):
            self._apply_editable(widget)
            self._find.highlight(row)
            self.cardBuilt.emit(widget)

    def _apply_editable(self, card: MessageCard) -> None:
        if card.role == "user" and card.entry_id and self.edit_allowed is not None:
            card.set_editable(self.edit_allowed(card.entry_id))

    def refresh_editable(self) -> None:
        """Ask again which questions may be edited (a compaction moved the floor); cards
        built later ask when they are built."""
        for card in self.message_cards():
            self._apply_editable(card)

    def _append(self, row: Row) -> Row:
        self.hint.hide()
        return super()._append(row)

    def _remove_row(self, row: Row) -> None:
        if row is self._streaming_row:
            self._streaming_row = None
        super()._remove_row(row)
        self.hint.setVisible(not self._rows)

    # -- building --------------------------------------------------------------------------

    def clear(self) -> None:
        self._clear_rows()
        self._streaming_row = None
        self._tool_calls.clear()
        self._find.forget()
        self.hint.setText(tr("Conversation", EMPTY_HINT))
        self.hint.show()
        self._relayout()

    def show_loading(self, name: str) -> None:
        """A quiet line while a session is read in the background (the window is up)."""
        self.clear()
        self.hint.setText(trf("Conversation", "Opening %1…", name))

    def resizeEvent(self, event: QResizeEvent) -> None:
        self.hint.setGeometry(self.viewport().rect().adjusted(48, 24, -48, -24))
        self.find_bar.place()
        super().resizeEvent(event)

    def add_message(
        self,
        role: str,
        content: str,
        entry_id: str | None = None,
        metadata: dict[str, Any] | None = None,
        *,
        offloaded_path: str | None = None,
    ) -> QWidget | None:
        """A finished message. Tool messages attach to their call (with the L3 file that holds
        the full result, if any); assistant tool calls draw."""
        row = self._message_row(role, content, entry_id, metadata, offloaded_path)
        return row.widget if row is not None else None

    def _message_row(self, role, content, entry_id, metadata, offloaded_path, *, build=True):
        if role == "system":
            return None
        if role == "tool":
            meta = metadata if isinstance(metadata, dict) else {}
            call_id = str(meta.get("tool_call_id", ""))
            row = self._tool_calls.get(call_id)
            if row is None:
                row = self._tool_row(call_id, str(meta.get("name", "tool")), {}, build=build)
            if row.result is None:
                self._set_result(row, content, offloaded_path=offloaded_path)
            return row
        reasoning = reasoning_of(metadata) if role == "assistant" else ""
        row = None
        if role == "assistant" and self._streaming_row is not None:
            row = self._streaming_row
            self._streaming_row = None
            row.streaming = False
            row.entry_id, row.metadata, row.reasoning = entry_id, metadata, reasoning
            row.content = content
            row.forget_search()
            card = row.widget
            if card is not None:
                card.entry_id = entry_id
                card.actions.pin_button.setEnabled(entry_id is not None)
                card.body.finish()
                if card.body.text != content:  # the stream is already rendered block by block
                    card.body.set_text(content)
                card.status_label.setText("")
                card.set_reasoning(reasoning)  # the stored text wins; the measured time stays
                card.set_stats(self.stats_for(entry_id, metadata))
                card.body.setHidden(not content.strip())  # only thought: the block, no blank
            if not content.strip() and not reasoning:  # the body now holds exactly ``content``
                self._remove_row(row)
                row = None
        elif content.strip() or role == "user" or reasoning:
            row = Row("message", entry_id, role=role, content=content, metadata=metadata)
            row.reasoning = reasoning
            if build:
                self._append(row)
            else:
                self._rows.append(row)
        if role == "assistant" and metadata:
            calls, problems = tool_calls_of(metadata)
            for problem in problems:
                self.problems.append(
                    trf("Conversation", "message %1: %2", entry_id, problem)
                    if entry_id
                    else trf("Conversation", "new message: %1", problem)
                )
            for call_id, name, arguments in calls:
                self._tool_row(call_id, name, arguments, stored=True, build=build)
        return row

    def _streaming_card(self) -> MessageCard:
        if self._streaming_row is None:
            row = Row("message", None, role="assistant", streaming=True)
            self._streaming_row = row
            self._append(row)
        row = self._streaming_row
        if row.widget is None:
            self._build(row)
            self.schedule_layout()
        return row.widget

    def append_delta(self, text: str) -> None:
        """Streaming text of the running answer (the controller batches deltas). The first
        word of the answer ends its thinking."""
        card = self._streaming_card()
        if card.thinking is not None and card.thinking.live and text:
            card.thinking.finish()
        if text and card.body.isHidden():
            card.body.show()
        card.body.append(text)

    def retract_stream_text(self) -> None:
        """The answer streamed so far was the model's reasoning (a lone ``</think>``): it is
        cleared here and arrives again in the Thinking block."""
        card = self.streaming_card
        if card is not None and card.body.text:
            card.body.set_text("")
            card.body.hide()

    def restart_stream(self) -> None:
        """The provider is asked again (a retry): the reasoning starts over, counted anew."""
        card = self.streaming_card
        if card is not None and card.thinking is not None:
            card.thinking.restart()

    def append_reasoning(self, text: str) -> None:
        """Streaming reasoning of the running answer: its Thinking block counts it live."""
        if not text:
            return
        card = self._streaming_card()
        card.thinking_block().append(text)
        if not card.body.text:
            card.body.hide()  # until the answer's first word
        card.status_label.setText(tr("Conversation", "thinking…"))

    def end_stream(self, *, stopped: bool = False) -> None:
        """The run ended; a half-written answer stays and is marked when stopped."""
        row = self._streaming_row
        self._streaming_row = None
        card = row.widget if row is not None else None
        if row is not None:
            row.streaming = False
            if card is not None:
                card.body.finish()
                card.status_label.setText("")
                if card.thinking is not None:
                    card.thinking.finish()
                row.content, row.reasoning = card.body.text, card.reasoning
                row.forget_search()
            if not row.content.strip() and not row.reasoning.strip():
                self._remove_row(row)
                row = None
        if stopped:
            target = row or self._last_assistant()
            if target is not None:
                target.stopped = True
                if target.widget is not None:
                    target.widget.set_stopped()
            else:
                self.add_banner(tr("Conversation", "Stopped."), kind="info")

    def _last_assistant(self) -> Row | None:
        for row in reversed(self._rows):
            if row.kind == "message":
                return row if row.role == "assistant" else None
        return None

    def add_tool_call(
        self, call_id: str, name: str, arguments: dict[str, Any] | str, *, stored: bool = False
    ):
        """The call's row. The live run names a call three times (started, finished, then the
        stored assistant message): one row. Servers that number calls per message reuse an id
        in a later turn, so a stored message claims only a row no stored message owns yet, and
        a live call reuses a row only while it is its own (not stored, or still unanswered)."""
        row = self._tool_row(call_id, name, arguments, stored=stored)
        return self._build(row)

    def _tool_row(self, call_id, name, arguments, *, stored=False, build=True) -> Row:
        existing = self._tool_calls.get(call_id)
        if existing is not None:
            if stored and not existing.stored:
                existing.stored = True
                if existing.widget is not None:
                    existing.widget.stored = True
                return existing
            if not stored and (not existing.stored or existing.result is None):
                return existing
        row = Row("tool", call_id=call_id, name=name, arguments=arguments, stored=stored)
        self._tool_calls[call_id] = row
        if build:
            self._append(row)
        else:
            self._rows.append(row)
        return row

    def _set_result(self, row: Row, result: str, *, is_error=False, offloaded_path=None) -> None:
        row.result, row.is_error = result, is_error
        if offloaded_path:
            row.offloaded_path = offloaded_path
        row.forget_search()
        if row.widget is not None:
            row.widget.set_result(result, is_error=is_error, offloaded_path=offloaded_path)

    def finish_tool_call(
        self,
        call_id: str,
        name: str,
        arguments: dict[str, Any] | str,
        result: str,
        *,
        is_error: bool = False,
        offloaded_path: str | None = None,
    ) -> ToolCallWidget:
        row = self._tool_row(call_id, name, arguments)
        self._set_result(row, result, is_error=is_error, offloaded_path=offloaded_path)
        return self._build(row)

    def add_compaction(
        self,
        entry_id: str | None,
        tokens_before: int,
        tokens_after: int,
        summarized_count: int,
        *,
        manual: bool = False,
        rung: str = "model",
    ) -> CompactionMarker:
        row = Row(
            "compaction",
            entry_id,
            tokens_before=tokens_before,
            tokens_after=tokens_after,
            summarized_count=summarized_count,
            manual=manual,
            rung=rung,
        )
        marker = self._append(row).widget
        self.refresh_editable()  # the questions it summarized can no longer be edited
        return marker

    def add_edited_summary(
        self, original_id: str, entry_id: str, tokens_before: int, tokens_after: int, count: int
    ) -> CompactionMarker:
        """The user's edit of compaction ``original_id``: its marker right after the markers of
        that compaction (the edit hangs off the same message), or at the end if not shown."""
        row = Row(
            "compaction",
            entry_id,
            tokens_before=tokens_before,
            tokens_after=tokens_after,
            summarized_count=count,
            rung="edited",
        )
        at = next((r.index for r in self._rows if r.entry_id == original_id), None)
        if at is None:
            return self._append(row).widget
        while at + 1 < len(self._rows) and self._rows[at + 1].kind == "compaction":
            at += 1  # after any earlier edit of it too
        return self._insert(at + 1, row).widget

    def add_banner(self, text: str, *, kind: str = "info") -> InlineBanner:
        return self._append(Row("banner", text=text, banner_kind=kind)).widget

    def add_error(self, text: str, *, retry: bool = True) -> InlineBanner:
        row = Row("banner", text=text, banner_kind="error", stored=retry)
        return self._append(row).widget

    def _retry_from(self, banner: InlineBanner):
        def retry() -> None:
            self.remove_banner(banner)
            self.retryRequested.emit()

        return retry

    def remove_banner(self, banner: InlineBanner) -> None:
        row = self._row_of(banner)
        if row is not None:
            self._remove_row(row)

    def clear_banners(self, kind: str | None = None) -> None:
        for row in [r for r in self._rows if r.kind == "banner"]:
            if kind is None or row.banner_kind == kind:
                self._remove_row(row)

    def show_path(self, items: Iterable[PathItem] | PathRows) -> None:
        """Redraw from scratch: after a rewind, on load, after a fork. Only the rows near the
        end are built; fields that cannot be drawn (malformed tool calls in a hand-edited
        file) are skipped and listed in a banner. ``items`` may be the rows already made off
        the event loop (``path_rows.rows_of``), estimated with this view's figures."""
        self.clear()
        prepared = items if isinstance(items, PathRows) else rows_of(items)
        self.problems = list(prepared.problems)
        self._rows.extend(prepared.rows)
        self._tool_calls.update(prepared.tool_calls)
        inner = self._column()[1]
        self._width = inner
        prepared.estimate(self.estimate_figures(inner))  # a no-op when made at these figures
        self._mark_dirty(0)
        self.hint.setVisible(not self._rows)
        if self.problems:
            shown = self.problems[:MAX_PROBLEMS_SHOWN]
            more = len(self.problems) - len(shown)
            self.add_banner(
                tr("Conversation", "Some saved data could not be shown and was skipped:")
                + "\n"
                + "\n".join(shown)
                + ("\n" + trf("Conversation", "… and %1 more", more) if more > 0 else ""),
                kind="refusal",
            )
        self._follow = True
        self._relayout(budget=None)  # what is in view now, not a frame later
        self.scroll_to_bottom()
        if self._find.query:  # an open search counts the new path (Enter goes to its matches)
            self._find.recount()
            self.matchesChanged.emit(0, self._find.count)

    def show_repairs(self, repairs: Iterable[PairRepair]) -> InlineBanner | None:
        """Mark the gaps the history sent to the model papers over (the file is unchanged).

        A call that never got a result shows the synthetic result the model is sent; a result
        that answers no call stays drawn but is named as not sent. One banner explains both.
        """
        missing = orphans = 0
        for repair in repairs:
            if repair.kind == "missing_result":
                missing += 1
                row = self._tool_calls.get(repair.tool_call_id or "")
                if row is not None and row.result is None:
                    self._set_result(row, INTERRUPTED_RESULT, is_error=True)
            else:
                orphans += 1
        note = gap_note(missing, orphans)
        return self.add_banner(note, kind="info") if note is not None else None

    def scroll_to_entry(self, entry_id: str) -> QWidget | None:
        """Bring the message ``entry_id`` into view (a third of the way down), built or not:
        what a search hit opens to (sessions/reveal.py). None when it is not on the path."""
        for row in self._rows:
            if row.entry_id == entry_id and row.kind == "message":
                return self.scroll_to_row(row.index, 0, 0, self.viewport().height() // 3)
        return None

    # -- Ctrl+F (conversation_find) --------------------------------------------------------

    def open_find(self) -> None:
        self.find_bar.open()

    def find(self, query: str) -> int:
        """Every match of ``query`` (case-insensitive) in the whole session, built rows or
        not; highlights them in the rows on screen and jumps to the one nearest the view."""
        return self._find.find(query)

    def find_next(self) -> None:
        self._find.step(1)

    def find_previous(self) -> None:
        self._find.step(-1)

    @property
    def current_match(self) -> tuple[int, int] | None:
        return self._find.current_match
