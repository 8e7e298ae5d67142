"""The conversation view: a scrolling column of message cards, tool calls and markers.

It is driven by the controller's signals (append a user message, stream a delta, attach a
tool result, mark a compaction) and can redraw a whole path after a rewind or on load. It
knows nothing about the agent: it only shows, and asks for things through signals (open a
summary, open an offloaded file, retry, fork).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette, QResizeEvent
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from pi_desktop import safejson
from pi_desktop.agent.repair import INTERRUPTED_RESULT, PairRepair
from pi_desktop.context.offload import offload_path
from pi_desktop.ui.chat.message_widgets import (
    CompactionMarker,
    InlineBanner,
    MessageCard,
    ToolCallWidget,
)
from pi_desktop.ui.chat.thinking import reasoning_of
from pi_desktop.ui.chat.usage_text import MessageStats
from pi_desktop.ui.scrollbars import slim_scroll_bars


@dataclass(frozen=True)
class PathItem:
    """One row to draw when a whole path is shown: a message or a compaction marker."""

    kind: str  # "message" or "compaction"
    entry_id: str | None
    role: str = ""
    content: str = ""
    metadata: dict[str, Any] | None = None
    tokens_before: int = 0
    tokens_after: int = 0
    summarized_count: int = 0
    offloaded_path: str | None = None  # tool messages: the L3 file, when one exists
    rung: str = "model"  # compactions: "extractive" when no model wrote the summary


MAX_PROBLEMS_SHOWN = 5
# The rows form a centred column about 80 characters wide, as chat apps lay out answers:
# long lines are hard to read, and a wide window gains margins instead.
COLUMN_CHARS = 80
SIDE_MARGIN = 16
ROW_SPACING = 14
USER_BUBBLE_SHARE = 0.8  # a user's bubble takes at most this share of the column
EMPTY_HINT = (
    "Type a message below — Enter sends.\n\n"
    "The bar above the input shows how full the model's context is; when it passes the mark, "
    "older turns are summarized. The tree on the right shows every message: click one to go "
    "back to it."
)


class ConversationView(QScrollArea):
    """Shows one path of the session; streams the running answer in place."""

    summaryRequested = Signal(str)  # compaction entry id
    openFileRequested = Signal(str)  # offloaded tool-result path
    retryRequested = Signal()
    editRequested = Signal(str)  # a user message's entry id: edit it and send it again
    pinRequested = Signal(str, bool)  # a message's entry id; True: pin, False: unpin

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setObjectName("conversation")
        self._content = QWidget(self)
        self._content.setObjectName("conversationContent")
        # the page colour from the palette; no style sheet may reach the rows (surfaces.py)
        self._content.setBackgroundRole(QPalette.ColorRole.Base)
        self._content.setAutoFillBackground(True)
        self._layout = QVBoxLayout(self._content)
        self._layout.setContentsMargins(SIDE_MARGIN, 16, SIDE_MARGIN, 16)
        self._layout.setSpacing(ROW_SPACING)
        self._layout.addStretch(1)  # keeps rows at the top; rows are inserted before it
        self.setWidget(self._content)
        self._streaming: MessageCard | None = None
        self._tool_calls: dict[str, ToolCallWidget] = {}
        # how an answer's figures are found (the window sets it: the session holds them)
        self.stats_source: Callable[[str | None, Any], MessageStats | None] | None = None
        self._follow = True
        # fields of saved messages that could not be drawn (skipped, and said so in a banner)
        self.problems: list[str] = []
        slim_scroll_bars(self)
        self.verticalScrollBar().rangeChanged.connect(self._on_range_changed)
        self.verticalScrollBar().valueChanged.connect(self._on_scrolled)
        self.hint = QLabel(EMPTY_HINT, self.viewport())  # what a first start sees, until a row
        self.hint.setWordWrap(True)
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.hint.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)

    # -- queries (tests and the window read these) ---------------------------------------

    def rows(self) -> list[QWidget]:
        items = (self._layout.itemAt(i) for i in range(self._layout.count()))
        return [w for item in items if (w := item.widget()) is not None]

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
        return self._streaming

    def stats_for(self, entry_id: str | None, metadata: Any) -> MessageStats | None:
        if self.stats_source is None:
            return None
        return self.stats_source(entry_id, metadata)

    # -- building ------------------------------------------------------------------------

    def clear(self) -> None:
        for row in self.rows():
            self._remove(row)
        self._streaming = None
        self._tool_calls.clear()
        self._follow = True

    def _add(self, widget: QWidget) -> QWidget:
        align = Qt.AlignmentFlag(0)
        if isinstance(widget, MessageCard):
            widget.editRequested.connect(self.editRequested)
            widget.pinRequested.connect(self.pinRequested)
            if widget.role == "user":  # a bubble on the right, as wide as its text
                align = Qt.AlignmentFlag.AlignRight
                widget.setMaximumWidth(self._bubble_width())
        self._layout.insertWidget(self._layout.count() - 1, widget, 0, align)
        self.hint.hide()
        return widget

    def column_width(self) -> int:
        """The width of the rows' column: about ``COLUMN_CHARS`` characters of body text."""
        chars = self.fontMetrics().horizontalAdvance("abcdefghij klmnopqrs tuvwxyz ") / 30
        return int(chars * COLUMN_CHARS) + 2 * SIDE_MARGIN

    def _bubble_width(self) -> int:
        inner = min(self.column_width(), self.viewport().width()) - 2 * SIDE_MARGIN
        return max(120, int(inner * USER_BUBBLE_SHARE))

    def _fit_column(self) -> None:
        """Centre the column: the side margins take what the column does not need."""
        width = self.viewport().width()
        side = max(SIDE_MARGIN, (width - self.column_width()) // 2 + SIDE_MARGIN)
        margins = self._layout.contentsMargins()
        if margins.left() != side:
            self._layout.setContentsMargins(side, margins.top(), side, margins.bottom())
        bubble = self._bubble_width()
        for card in self.message_cards():
            if card.role == "user" and card.maximumWidth() != bubble:
                card.setMaximumWidth(bubble)

    def _remove(self, widget: QWidget) -> None:
        self._layout.removeWidget(widget)
        widget.hide()  # at once: deletion waits for the event loop
        widget.deleteLater()
        # O(1): rows() per removal made clear() quadratic (2,000 rows took over a second)
        self.hint.setVisible(self._layout.count() == 1)  # only the stretch is left

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fit_column()
        self.hint.setGeometry(self.viewport().rect().adjusted(48, 24, -48, -24))

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
        if role == "system":
            return None
        if role == "tool":
            meta = metadata if isinstance(metadata, dict) else {}
            call_id = str(meta.get("tool_call_id", ""))
            widget = self._tool_calls.get(call_id)
            if widget is None:
                name = str(meta.get("name", "tool"))
                widget = self.add_tool_call(call_id, name, {})
            if widget.result is None:
                widget.set_result(content, offloaded_path=offloaded_path)
            return widget
        reasoning = reasoning_of(metadata) if role == "assistant" else ""
        if role == "assistant" and self._streaming is not None:
            card = self._streaming
            self._streaming = None
            card.entry_id = entry_id
            card.body.finish()
            if card.body.text != content:  # the stream is already rendered block for block
                card.body.set_text(content)
            card.status_label.setText("")
            card.set_reasoning(reasoning)  # the stored text wins; the measured time stays
            if not content.strip() and not reasoning:  # the body now holds exactly ``content``
                self._remove(card)
                card = None
        else:
            card = None
            if content.strip() or role == "user" or reasoning:
                card = self._add(MessageCard(role, content, entry_id, self._content))
                card.set_reasoning(reasoning)
        if card is not None and role == "assistant":
            card.set_stats(self.stats_for(entry_id, metadata))
            card.body.setHidden(not content.strip())  # only thought: the block, no blank line
        if role == "assistant" and metadata:
            calls, problems = tool_calls_of(metadata)
            for problem in problems:
                self.problems.append(f"message {entry_id or '(new)'}: {problem}")
            for call_id, name, arguments in calls:
                self.add_tool_call(call_id, name, arguments, stored=True)
        return card

    def _streaming_card(self) -> MessageCard:
        if self._streaming is None:
            self._streaming = self._add(MessageCard("assistant", "", None, self._content))
            self._streaming.status_label.setText("…")
        return self._streaming

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
        card = self._streaming
        if card is not None and card.body.text:
            card.body.set_text("")
            card.body.hide()

    def restart_stream(self) -> None:
        """The provider is asked again (a retry): the reasoning starts over, counted anew."""
        card = self._streaming
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
        card.status_label.setText("thinking…")

    def end_stream(self, *, stopped: bool = False) -> None:
        """The run ended; a half-written answer stays and is marked when stopped."""
        card = self._streaming
        self._streaming = None
        if card is not None:
            card.body.finish()
            card.status_label.setText("")
            if card.thinking is not None:
                card.thinking.finish()
            if not card.body.text.strip() and not card.reasoning.strip():
                self._remove(card)
                card = None
        if stopped:
            target = card or self._last_assistant()
            if target is not None:
                target.set_stopped()
            else:
                self.add_banner("Stopped.", kind="info")

    def _last_assistant(self) -> MessageCard | None:
        for row in reversed(self.rows()):
            if isinstance(row, MessageCard):
                return row if row.role == "assistant" else None
        return None

    def add_tool_call(
        self, call_id: str, name: str, arguments: dict[str, Any] | str, *, stored: bool = False
    ):
        """The call's row. The live run names a call three times (started, finished, then the
        stored assistant message): one row. Servers that number calls per message reuse an id
        in a later turn, so a stored message claims only a row no stored message owns yet, and
        a live call reuses a row only while it is its own (not stored, or still unanswered)."""
        existing = self._tool_calls.get(call_id)
        if existing is not None:
            if stored and not existing.stored:
                existing.stored = True
                return existing
            if not stored and (not existing.stored or existing.result is None):
                return existing
        widget = ToolCallWidget(call_id, name, arguments, self._content)
        widget.stored = stored
        widget.openFileRequested.connect(self.openFileRequested)
        self._tool_calls[call_id] = widget
        self._add(widget)
        return widget

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
        widget = self.add_tool_call(call_id, name, arguments)
        widget.set_result(result, is_error=is_error, offloaded_path=offloaded_path)
        return widget

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
        marker = CompactionMarker(
            entry_id,
            tokens_before,
            tokens_after,
            summarized_count,
            manual=manual,
            rung=rung,
            parent=self._content,
        )
        marker.summaryRequested.connect(self.summaryRequested)
        self._add(marker)
        return marker

    def add_banner(self, text: str, *, kind: str = "info") -> InlineBanner:
        banner = InlineBanner(text, kind=kind, parent=self._content)
        self._add(banner)
        return banner

    def add_error(self, text: str, *, retry: bool = True) -> InlineBanner:
        banner = self.add_banner(text, kind="error")
        if retry:
            banner.add_action("retry", "Retry").clicked.connect(self._retry_from(banner))
        return banner

    def _retry_from(self, banner: InlineBanner):
        def retry() -> None:
            self.remove_banner(banner)
            self.retryRequested.emit()

        return retry

    def remove_banner(self, banner: InlineBanner) -> None:
        if self._layout.indexOf(banner) >= 0:
            self._remove(banner)

    def clear_banners(self, kind: str | None = None) -> None:
        for banner in self.banners():
            if kind is None or banner.kind == kind:
                self.remove_banner(banner)

    def show_path(self, items: Iterable[PathItem]) -> None:
        """Redraw from scratch: after a rewind, on load, after a fork. Fields that cannot be
        drawn (malformed tool calls in a hand-edited file) are skipped and listed in a banner."""
        self.clear()
        self.problems = []
        for item in items:
            if item.kind == "compaction":
                self.add_compaction(
                    item.entry_id,
                    item.tokens_before,
                    item.tokens_after,
                    item.summarized_count,
                    rung=item.rung,
                )
                continue
            self.add_message(
                item.role,
                item.content,
                item.entry_id,
                item.metadata,
                offloaded_path=item.offloaded_path,
            )
        if self.problems:
            shown = self.problems[:MAX_PROBLEMS_SHOWN]
            more = len(self.problems) - len(shown)
            self.add_banner(
                "Some saved data could not be shown and was skipped:\n"
                + "\n".join(shown)
                + (f"\n… and {more} more" if more > 0 else ""),
                kind="refusal",
            )
        self._layout.activate()  # size the new rows now, not a frame later
        self.widget().adjustSize()
        self.scroll_to_bottom()

    def show_repairs(self, repairs: Iterable[PairRepair]) -> InlineBanner | None:
        """Mark the gaps the history sent to the model papers over (the file is unchanged).

        A call that never got a result shows the synthetic result the model is sent; a result
        that answers no call stays drawn but is named as not sent. One banner explains both.
        """
        missing = orphans = 0
        for repair in repairs:
            if repair.kind == "missing_result":
                missing += 1
                widget = self._tool_calls.get(repair.tool_call_id or "")
                if widget is not None and widget.result is None:
                    widget.set_result(INTERRUPTED_RESULT, is_error=True)
            else:
                orphans += 1
        if not missing and not orphans:
            return None
        parts = []
        if missing:
            parts.append(
                f"{_count(missing, 'tool call')} never got a result (the run was interrupted); "
                f'the model is sent "{INTERRUPTED_RESULT}" in its place'
            )
        if orphans:
            verb = ("answers", "is") if orphans == 1 else ("answer", "are")
            parts.append(
                f"{_count(orphans, 'tool result')} {verb[0]} no call and {verb[1]} left out "
                "of what the model is sent"
            )
        return self.add_banner(
            "This conversation has a gap: " + "; ".join(parts) + ". The session file is unchanged.",
            kind="info",
        )

    # -- following the newest row --------------------------------------------------------

    def scroll_to_bottom(self) -> None:
        bar = self.verticalScrollBar()
        bar.setValue(bar.maximum())
        self._follow = True

    def _on_scrolled(self, value: int) -> None:
        bar = self.verticalScrollBar()
        self._follow = value >= bar.maximum() - 24

    def _on_range_changed(self, _minimum: int, maximum: int) -> None:
        if self._follow:
            self.verticalScrollBar().setValue(maximum)


def path_items(session: Any, results_dir: Path) -> list[PathItem]:
    """The rows of a session's current path: its messages, and each compaction after the
    message it hangs off. A tool result that L3 saved to a file keeps its link on reload."""
    items: list[PathItem] = []
    for entry in session.get_current_path():
        offloaded = None
        if entry.role == "tool":
            meta = entry.metadata if isinstance(entry.metadata, dict) else {}
            call_id = str(meta.get("tool_call_id", ""))
            candidate = offload_path(results_dir, call_id) if call_id else None
            offloaded = str(candidate) if candidate and candidate.is_file() else None
        items.append(
            PathItem(
                "message",
                entry.id,
                entry.role,
                entry.content,
                entry.metadata,
                offloaded_path=offloaded,
            )
        )
        for comp in session.compactions_for(entry.id):
            items.append(
                PathItem(
                    "compaction",
                    comp.id,
                    tokens_before=comp.tokens_before,
                    tokens_after=comp.tokens_after,
                    summarized_count=comp.summarized_count,
                    rung=getattr(comp, "rung", "model"),
                )
            )
    return items


def tool_calls_of(
    metadata: Any,
) -> tuple[list[tuple[str, str, dict[str, Any] | str]], list[str]]:
    """An assistant message's tool calls as (id, name, arguments), and what was skipped.

    A session file may be hand-edited or written by another tool: ``tool_calls`` can be a
    string, a call can be a number, ``function`` a list. Such fields are skipped with a reason
    instead of raising at every start."""
    if not isinstance(metadata, dict) or metadata.get("tool_calls") in (None, []):
        return [], []
    raw = metadata["tool_calls"]
    if not isinstance(raw, list):
        return [], [f"tool_calls is {type(raw).__name__}, not a list"]
    calls: list[tuple[str, str, dict[str, Any] | str]] = []
    problems: list[str] = []
    for index, call in enumerate(raw):
        if not isinstance(call, dict):
            problems.append(f"tool call {index} is {type(call).__name__}, not an object")
            continue
        function = call.get("function")
        if function is None:
            function = {}
        if not isinstance(function, dict):
            problems.append(f"tool call {index}: function is {type(function).__name__}")
            function = {}
        name = function.get("name")
        calls.append(
            (
                str(call.get("id", "")),
                name if isinstance(name, str) and name else "tool",
                _parse_arguments(function.get("arguments", "")),
            )
        )
    return calls, problems


def _parse_arguments(raw: Any) -> dict[str, Any] | str:
    if isinstance(raw, dict):
        return raw
    try:  # bounded: a call nested 100,000 deep must not stop the window from opening
        value = safejson.loads(raw or "{}")
    except safejson.JSONLimitError as exc:
        return f"[unreadable arguments: {exc}; {len(raw):,} characters]"
    except (TypeError, ValueError):
        return str(raw)
    return value if isinstance(value, dict) else str(raw)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"
