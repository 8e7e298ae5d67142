"""A code block drawn as its own widget (a tool call's arguments): language, Copy, and
highlighted monospace that scrolls sideways instead of widening the conversation.

A message's own code blocks are part of its ``MarkdownBody`` document; this one is for text
that is code through and through, and it shows a bounded head of megabytes of arguments.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from pi_desktop.ui.chat.copied import CopiedNote
from pi_desktop.ui.chat.surfaces import Panel, muted
from pi_desktop.ui.i18n import tr, trf
from pi_desktop.ui.scrollbars import slim_scroll_bars
from pi_desktop.ui.text.highlight import code_html
from pi_desktop.ui.text.markdown import Block
from pi_desktop.ui.text.markdown_view import is_dark

# A tool call's arguments can be megabytes (write_file content, one JSON line): the block
# shows a bounded head and says so; Copy still copies everything.
CODE_SHOWN_CHARS = 12_000
CODE_SHOWN_LINE_CHARS = 1_000


def monospace_font() -> QFont:
    """The application font at its size, in a monospace family (code and tool output)."""
    font = QGuiApplication.font()
    font.setFamily("monospace")
    font.setStyleHint(QFont.StyleHint.Monospace)
    return font


def shown_code(code: str) -> tuple[str, bool]:
    """The part of ``code`` a block shows, and whether anything was left out: at most
    ``CODE_SHOWN_CHARS``, each line at most ``CODE_SHOWN_LINE_CHARS`` (a label lays out all of
    its text at once, and one 1 MB line took seconds)."""
    head = code[:CODE_SHOWN_CHARS]
    cut = len(head) < len(code)
    lines = head.split("\n")
    for i, line in enumerate(lines):
        if len(line) > CODE_SHOWN_LINE_CHARS:
            lines[i] = line[:CODE_SHOWN_LINE_CHARS] + " …"
            cut = True
    shown = "\n".join(lines)
    return (shown + "\n…" if len(head) < len(code) else shown), cut


class CodeBlockWidget(Panel):
    """A code block (a tool call's arguments): language, a Copy button, highlighted monospace.

    Long lines scroll horizontally instead of widening the conversation.
    """

    def __init__(self, block: Block, parent: QWidget | None = None) -> None:
        super().__init__("code_bg", "border", 8, parent)
        self.kind = "code"
        self.setObjectName("codeBlock")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 6)
        layout.setSpacing(2)
        header = QHBoxLayout()
        self.lang_label = muted(QLabel(self))
        self.lang_label.setObjectName("codeLang")
        self.copy_button = QToolButton(self)
        self.copy_button.setAutoRaise(True)
        self.copy_button.setText(tr("MessageCard", "Copy"))
        self.copy_button.setToolTip(tr("MessageCard", "Copy this code block to the clipboard"))
        self.copy_button.clicked.connect(self._copy)
        header.addWidget(self.lang_label)
        header.addStretch(1)
        self.copied_note = CopiedNote(self)
        header.addWidget(self.copied_note)
        header.addWidget(self.copy_button)
        layout.addLayout(header)
        self.code_label = QLabel(self)
        self.code_label.setTextFormat(Qt.TextFormat.RichText)
        self.code_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.code_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.code_label.setFont(monospace_font())
        self.scroll = QScrollArea(self)
        self.scroll.setWidget(self.code_label)
        self.code_label.setAutoFillBackground(False)  # setWidget turned it on
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.viewport().setAutoFillBackground(False)  # the panel's colour shows through
        slim_scroll_bars(self.scroll)
        self.scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        layout.addWidget(self.scroll)
        self.code = block.text
        self.lang = block.lang
        self.shown, cut = shown_code(block.text)
        self.lang_label.setText(block.lang or tr("MessageCard", "code"))
        if cut:
            self.lang_label.setText(
                trf(
                    "MessageCard",
                    "%1 · showing part of %2 characters; Copy copies all of it",
                    block.lang or tr("MessageCard", "code"),
                    len(block.text),
                )
            )
        self.code_label.setText(code_html(self.shown, block.lang, dark=is_dark()))
        self._fit_height()

    def changeEvent(self, event: QEvent) -> None:
        """Light/dark switched: recolour the highlighted code for the new scheme."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.code_label.setText(code_html(self.shown, self.lang, dark=is_dark()))

    def _fit_height(self) -> None:
        lines = self.shown.count("\n") + 1
        height = self.code_label.fontMetrics().lineSpacing() * lines + 8
        bar = self.scroll.horizontalScrollBar().sizeHint().height()
        self.scroll.setFixedHeight(height + bar)

    def _copy(self) -> None:
        QGuiApplication.clipboard().setText(self.code)
        self.copied_note.flash()
