"""A message body as one rich-text document that grows at its end while an answer streams.

One ``QTextDocument`` per message: finished blocks (text or fenced code) are appended once as
rich text and never touched again; only the open block at the end is replaced per flush.
QTextDocument lays out incrementally, so a flush costs the open block, not the message —
a 100k-character answer streams as smoothly as a short one. Code blocks get a header with
the language and a "Copy" link (``copy:N``) that copies the raw code.
"""

from __future__ import annotations

import html
import math
import re
import time
from collections import deque

from PySide6.QtCore import QEvent, QSize, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import (
    QGuiApplication,
    QPalette,
    QResizeEvent,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
)
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QFrame,
    QSizePolicy,
    QTextEdit,
    QWidget,
)

from pi_desktop.ui.i18n import tr, trf
from pi_desktop.ui.scrollbars import slim_scroll_bars
from pi_desktop.ui.text.long_text import LongTextViewer
from pi_desktop.ui.text.markdown import (
    Block,
    StreamSplitter,
    TextRun,
    bounded_markdown,
    split_blocks,
)

# re-exported: the conversation, the dialogs and tests read the scheme and the HTML from here
from pi_desktop.ui.text.markdown_html import code_block_html, is_dark, markdown_html
from pi_desktop.ui.text.wide_code import WideCodeBrowser
from pi_desktop.ui.theme import color

__all__ = ["MarkdownBody", "code_block_html", "is_dark", "markdown_html"]

# Qt wraps a long unbreakable run in time quadratic in its length (10,000 chars: ~0.8 s);
# the collapsed head gets a zero-width break opportunity every so often instead
_LONG_RUN = re.compile(r"\S{24}(?=\S)")
# per event-loop turn; the rest of a burst is drawn on the next. With the paint, the
# conversation's layout and the deltas arriving, a turn stays under half a 60 Hz frame:
# bench/ui_bench.py's p99 loop stall was 8.3 ms at 4 ms, 6.5 ms at 2.5 ms, at the price of a
# view that trails a 15,000-deltas-a-second stream by half a second (12 ms made 25 ms turns).
RENDER_BUDGET_S = 0.0025
# A message longer than this is not laid out as markdown: its head shows as plain text with
# "Show all" (a viewer that loads in slices) and "Copy all". Laying out megabytes would stall
# the window for seconds to minutes, whatever the per-step budget.
COLLAPSE_ABOVE_CHARS = 100_000
# code blocks keep their lines and scroll sideways; the block's Wrap link flips a message
CODE_WRAP_DEFAULT = False
COLLAPSED_HEAD_CHARS = 6_000
# up to this size a whole text renders at once (history, tests); above, block by block
SYNC_RENDER_CHARS = 8_000
FOOTER_EVERY_CHARS = 64 * 1024  # while a collapsed answer streams, how often its count moves


class MarkdownBody(WideCodeBrowser):
    """Renders a message; ``append`` streams, ``set_text`` renders whole, ``finish`` closes.

    A ``SafeBrowser``: no local image loads, links open only after a confirmation; a code
    block wider than the column scrolls sideways on its own (``WideCodeBrowser``)."""

    codeCopied = Signal(int)  # a code block's Copy link: its index
    textCopied = Signal()  # a collapsed message's "Copy all"

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setAccessibleName(tr("Markdown", "Message text"))
        self.setAccessibleDescription(
            tr("Markdown", "The text of one message, read-only; its links ask before they open.")
        )
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setLineWrapMode(QTextEdit.LineWrapMode.FixedPixelWidth)
        self.setLineWrapColumnOrWidth(0)
        self.document().setDocumentMargin(0)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._splitter: StreamSplitter | None = None
        self._parts: list[str] = []  # the text as it arrived (joined on demand: no O(n²) +=)
        self._length = 0
        self._collapsed = False  # too long for markdown: head + "Show all" (see set_text)
        self._footer_at: int | None = None  # where the collapsed footer starts
        self._footer_length = 0  # the length the footer last reported
        self._head_chars = 0
        self.viewer: LongTextViewer | None = None  # the "Show all" viewer, once opened
        self._dark = is_dark()  # the scheme the code colours and links were drawn for
        self._codes: list[str] = []
        self.code_wrap = CODE_WRAP_DEFAULT  # code lines wrap (True) or scroll (False)
        self._pending_at: int | None = None  # where the open block starts
        self._queue: deque[Block] = deque()  # finished blocks not drawn yet
        # the stream's open run of paragraphs (markdown.TextRun), redrawn as one import each
        # time a paragraph joins it, and where its drawing starts; a saved text's blocks come
        # already merged (``_merged``) and each is drawn once
        self._run = TextRun()
        self._run_at: int | None = None
        self._merged = False
        self._drain_timer = QTimer(self)  # a persistent timer: no per-call Python callables
        self._drain_timer.setSingleShot(True)
        self._drain_timer.setInterval(0)
        self._drain_timer.timeout.connect(self._drain)
        self.safe_document().imagesChanged.connect(self._fit)  # a remote image arrived
        # transparent over the bubble or the column (a palette role, not a style sheet: see
        # ui/chat/surfaces.py for what a style sheet costs per message)
        self.viewport().setAutoFillBackground(False)
        palette = self.palette()
        palette.setBrush(QPalette.ColorRole.Base, Qt.GlobalColor.transparent)
        self.setPalette(palette)
        slim_scroll_bars(self)
        if text:
            self.set_text(text)

    # -- what is shown ---------------------------------------------------------------------

    @property
    def text(self) -> str:
        if len(self._parts) > 1:
            self._parts = ["".join(self._parts)]
        return self._parts[0] if self._parts else ""

    @property
    def collapsed(self) -> bool:
        """True when the message is too long for markdown and shows its head as plain text."""
        return self._collapsed

    @property
    def streaming(self) -> bool:
        """True while text may still arrive or queued blocks wait to be drawn."""
        return self._splitter is not None or bool(self._queue)

    def code_blocks(self) -> list[str]:
        """The raw code of every finished code block, in order (what Copy copies)."""
        return list(self._codes)

    def copy_code(self, index: int) -> None:
        QGuiApplication.clipboard().setText(self._codes[index])
        self.codeCopied.emit(index)

    def _anchor_fragment(self, href: str):
        """The first text fragment that links to ``href``, or None."""
        block = self.document().begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                fragment = it.fragment()
                if fragment.charFormat().anchorHref() == href:
                    return fragment
                it += 1
            block = block.next()
        return None

    def anchor_rect(self, href: str):
        """Where the link ``href`` is drawn (viewport coordinates), for clicking it."""
        fragment = self._anchor_fragment(href)
        if fragment is None:
            return None
        cursor = QTextCursor(self.document())
        cursor.setPosition(fragment.position() + 1)
        return self.cursorRect(cursor)

    def anchor_bounds(self, href: str):
        """The whole of the link ``href`` as drawn (viewport coordinates), or None: what a
        user must see of it to read it (a "Copy" cut to "C" is not visible)."""
        fragment = self._anchor_fragment(href)
        if fragment is None:
            return None
        cursor = QTextCursor(self.document())
        cursor.setPosition(fragment.position())
        first = self.cursorRect(cursor)
        cursor.setPosition(fragment.position() + fragment.length())
        return first.united(self.cursorRect(cursor))

    # -- building ----------------------------------------------------------------------------

    def set_text(self, text: str) -> None:
        """Render the whole text (history, or a final text that differs from the stream).

        Small texts render at once; larger ones block by block within the loop's budget
        (``streaming`` stays True until done); beyond ``COLLAPSE_ABOVE_CHARS`` the head shows
        as plain text with "Show all"."""
        self.clear()
        self._splitter = None
        self._queue.clear()
        self._drain_timer.stop()
        self.reset_code_offsets()
        self._codes = []
        self._pending_at = None
        self._run.clear()
        self._run_at = None
        self._merged = True
        self._footer_at = None
        self._collapsed = False
        self._parts = [text] if text else []
        self._length = len(text)
        self._dark = is_dark()
        if self._length > COLLAPSE_ABOVE_CHARS:
            self._collapse()
        elif self._length <= SYNC_RENDER_CHARS:
            for block in split_blocks(text):
                self._insert(block, final=True)
        else:
            self._queue.extend(split_blocks(text))
            self._drain()
            return
        self._fit()

    def append(self, chunk: str) -> None:
        """Streaming: finished blocks are appended once; only the open block is replaced."""
        if not chunk:
            return
        self._parts.append(chunk)
        self._length += len(chunk)
        if self._collapsed:
            if self._length - self._footer_length >= FOOTER_EVERY_CHARS:
                self._write_footer()
                self._fit()
            return
        if self._splitter is None:
            self._splitter = StreamSplitter()
            self._merged = False
        if self._length > COLLAPSE_ABOVE_CHARS:
            self._collapse()  # from now on only the count moves
            self._fit()
            return
        self._queue.extend(self._splitter.feed(chunk))
        if self._drain_timer.isActive():
            return  # a slice is already due on the loop's next turn: one slice per turn
        self._drain()

    def finish(self) -> None:
        if self._collapsed:
            self._splitter = None
            self._write_footer()
            self._fit()
            return
        if self._splitter is None:
            return
        self._queue.extend(self._splitter.finish())
        self._splitter = None
        if not self._drain_timer.isActive():  # else the slice already due draws the rest
            self._drain()

    def _collapse(self) -> None:
        """Drop the markdown drawn so far and show the head as plain text with a footer."""
        self._collapsed = True
        self._queue.clear()
        self._drain_timer.stop()
        self._pending_at = None
        self._run.clear()
        self._run_at = None
        self._codes = []
        self.clear()
        head = self.text[:COLLAPSED_HEAD_CHARS]
        for stop in ("\n", " "):  # end at a line, else a word, if one is near the end
            at = head.rfind(stop)
            if at > COLLAPSED_HEAD_CHARS // 2:
                head = head[:at]
                break
        head = head.rstrip()
        self._head_chars = len(head)
        cursor = QTextCursor(self.document())
        shown = _LONG_RUN.sub(lambda m: m.group() + "\u200b", head) + " …"
        cursor.insertText(shown, QTextCharFormat())
        self._write_footer()

    def _write_footer(self) -> None:
        """The line under a collapsed head: how much is hidden, and Show all / Copy all."""
        doc = self.document()
        cursor = QTextCursor(doc)
        if self._footer_at is not None:
            cursor.setPosition(self._footer_at)
            cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
            cursor.removeSelectedText()
        cursor.movePosition(QTextCursor.MoveOperation.End)
        self._footer_at = cursor.position()  # before the break: a redraw removes both
        cursor.insertBlock()
        self._footer_length = self._length
        muted = color("muted", is_dark()).name()
        if self._splitter is not None:
            note = trf(
                "Markdown",
                "Receiving a long answer: %1 characters so far; too long for markdown, it shows "
                "as plain text (Show all once it has ended).",
                self._length,
            )
            links = ""
        else:
            note = trf(
                "Markdown",
                "Showing the first %1 of %2 characters as plain text (too long to lay out as "
                "markdown).",
                self._head_chars,
                self._length,
            )
            links = (
                f' <a href="showall:">{tr("Markdown", "Show all")}</a> · '
                f'<a href="copyall:">{tr("Markdown", "Copy all")}</a>'
            )
        cursor.insertHtml(f'<span style="color:{muted}"><i>— {html.escape(note)}</i></span>{links}')
        self._recolor_links(self._footer_at, cursor.position())

    def show_all(self) -> LongTextViewer:
        """Open the whole message in a viewer that loads it in slices (non-modal)."""
        if self.viewer is not None and self.viewer.isVisible():
            self.viewer.raise_()
            return self.viewer
        self.viewer = LongTextViewer(
            self.text, self.window(), title=tr("Markdown", "Whole message")
        )
        self.viewer.show()
        return self.viewer

    def _drain(self) -> None:
        """Render queued blocks for at most ``RENDER_BUDGET_S``; the rest on the next turn of
        the event loop. A stream faster than rendering makes the view lag a little behind,
        never freeze: the loop always gets control back within the budget."""
        self._drain_timer.stop()
        deadline = time.perf_counter() + RENDER_BUDGET_S
        if self._queue:
            self._drop_pending()
        while self._queue:  # at least one block a turn: a starved process still gets on
            self._place(self._queue.popleft())
            if time.perf_counter() >= deadline:
                break
        if self._queue:
            self._drain_timer.start()
        else:
            self._drop_pending()
            pending = self._splitter.pending if self._splitter is not None else None
            if pending is not None:
                self._pending_at = self._end()
                self._insert(pending, final=False)
        self._fit()

    def _place(self, block: Block) -> None:
        """Draw a finished block as the saved message draws it: a paragraph of the stream
        joins the open run (which is redrawn as one import), unless it would make the run too
        big; code closes the run."""
        if self._merged or block.kind != "text":
            self._run.clear()
            self._run_at = None
            self._insert(block, final=True)
            return
        if not self._run.fits(block.text):
            self._run.clear()
            self._run_at = None
        self._run.add(block.text)
        if self._run_at is None:
            self._run_at = self._end()
        elif self._run_at == 0:
            self.clear()  # as a saved text starts: from an empty document
        else:
            self._remove_from(self._run_at)
        self._insert(Block("text", self._run.text), final=True)

    def _end(self) -> int:
        return max(0, self.document().characterCount() - 1)

    def _drop_pending(self) -> None:
        if self._pending_at is None:
            return
        self._remove_from(self._pending_at)
        self._pending_at = None

    def _remove_from(self, position: int) -> None:
        cursor = QTextCursor(self.document())
        cursor.setPosition(position)
        cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()

    def changeEvent(self, event: QEvent) -> None:
        """The system switched light/dark: redraw, or code keeps the other scheme's colours."""
        super().changeEvent(event)
        if (
            event.type() == QEvent.Type.PaletteChange
            and self._length
            and not self.streaming
            and is_dark() != self._dark
        ):
            self.set_text(self.text)

    def _insert(self, block: Block, *, final: bool) -> None:
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        if self._end() > 0:
            # a fresh paragraph: the block before (a list item, a quote) must not lend it
            # its list or indent, or the stream draws paragraphs as bullets a reload does not
            cursor.insertBlock(QTextBlockFormat(), QTextCharFormat())
        start = cursor.position()
        if block.kind == "code":
            continues = block.part > 0 and bool(self._codes)
            index = len(self._codes) - 1 if continues else len(self._codes)
            cursor.insertHtml(code_block_html(index, block, final=final, wrap=self.code_wrap))
            if final and continues:
                self._codes[-1] += block.text
            elif final:
                self._codes.append(block.text)
        else:
            if final:
                # not cursor.insertMarkdown: in PySide6 6.12 it corrupts a refcount (None is
                # deallocated after enough calls and the interpreter aborts)
                cursor.insertHtml(markdown_html(bounded_markdown(block.text)))
            else:  # the open paragraph, drawn as markdown too (no raw ** while streaming)
                cursor.insertHtml(markdown_html(bounded_markdown(block.text)))
        if final:
            self._recolor_links(start, cursor.position())

    def _recolor_links(self, start: int, end: int) -> None:
        """The HTML importer paints links in the app palette's link colour; a dark palette
        that kept the light theme's dark blue would make "Copy" unreadable."""
        link = QGuiApplication.palette().color(QPalette.ColorRole.Link)
        luminance = 0.2126 * link.red() + 0.7152 * link.green() + 0.0722 * link.blue()
        if not (is_dark() and luminance < 100):
            return
        fmt = QTextCharFormat()
        fmt.setForeground(color("link", dark=True))
        doc = self.document()
        block = doc.findBlock(start)
        while block.isValid() and block.position() <= end:
            it = block.begin()
            while not it.atEnd():
                fragment = it.fragment()
                if fragment.charFormat().anchorHref():
                    cursor = QTextCursor(doc)
                    cursor.setPosition(fragment.position())
                    cursor.setPosition(
                        fragment.position() + fragment.length(), QTextCursor.MoveMode.KeepAnchor
                    )
                    cursor.mergeCharFormat(fmt)
                it += 1
            block = block.next()

    # -- sizing: the height follows the document ---------------------------------------------
    # A fixed height, updated when the text or the width changes: a height-for-width answer
    # would make layouts ask for other widths and relayout the whole document every flush.

    def _fit(self) -> None:
        doc = self.document()
        if self.lineWrapColumnOrWidth() <= 0:  # not laid out yet: start from the likely width
            self._set_wrap_width(self._likely_width())
        # QTextDocumentLayout lays out lazily and size() may still describe the old width;
        # asking for the last block's rectangle finishes the layout first.
        doc.documentLayout().blockBoundingRect(doc.lastBlock())
        height = math.ceil(doc.size().height()) + 2
        if self.height() != height:
            self.setFixedHeight(height)
            # Qt tells our container's layout, but that layout posts a layout request only
            # when it was active; a height set while it is being activated (the resize from
            # that very activation) was lost, and a streamed answer's card kept the height of
            # an earlier slice (the demo's last two paragraphs cut off until reopened). The
            # container saying its own size hint changed re-measures whatever holds it.
            container = self.parentWidget()
            if container is not None and not container.isWindow():
                container.updateGeometry()

    def set_code_wrap(self, wrap: bool) -> None:
        """Wrap code lines at the column's edge, or keep them and scroll sideways."""
        if wrap == self.code_wrap:
            return
        self.code_wrap = wrap
        if self._length and not self.streaming and not self._collapsed:
            self.set_text(self.text)

    def _likely_width(self) -> int:
        """The conversation's width less the card margins, before our own resize arrives."""
        widget = self.parentWidget()
        while widget is not None:
            if isinstance(widget, QAbstractScrollArea):
                width = widget.viewport().width()
                column = getattr(widget, "column_width", None)  # the conversation's column
                if callable(column):
                    width = min(width, column())
                return max(200, width - 48)
            widget = widget.parentWidget()
        return max(200, self.width())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            # no frame, no margins, no scroll bars: the text is exactly as wide as we are
            self._set_wrap_width(event.size().width())
            self._fit()

    def _set_wrap_width(self, width: int) -> None:
        """Wrap at exactly ``width``: in its default mode QTextEdit may wrap narrower (it
        reserves room for a scroll bar we never show), and the height would come out short."""
        self.setLineWrapColumnOrWidth(width)
        self.document().setTextWidth(width)

    def sizeHint(self) -> QSize:
        return QSize(400, self.height())

    def minimumSizeHint(self) -> QSize:
        return QSize(40, self.height())

    def handle_link(self, url: QUrl) -> None:
        """Our own ``copy:N`` links copy a code block; every other link goes through the
        safe browser's confirmation."""
        if url.scheme() == "copy":
            try:
                self.copy_code(int(url.path()))
            except (ValueError, IndexError):
                pass
            return
        if url.scheme() == "wrap":
            self.set_code_wrap(not self.code_wrap)
            return
        if url.scheme() == "showall":
            self.show_all()
            return
        if url.scheme() == "copyall":
            QGuiApplication.clipboard().setText(self.text)
            self.textCopied.emit()
            return
        super().handle_link(url)
