"""The conversation's rows that are not messages: the compaction marker ("compacted 12
messages · 95k → 10k tokens · view summary") and inline banners (errors, refusals, notices)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QSizePolicy, QWidget

from pi_desktop.ui.chat.surfaces import (
    SELECTABLE,
    ElidedLabel,
    LinkButton,
    Panel,
    WrapLabel,
    muted,
)
from pi_desktop.ui.i18n import tr, trf
from pi_desktop.ui.labels import format_tokens


class CompactionMarker(QFrame):
    """ "compacted 12 messages · 95k → 10k tokens · view summary"; an edited summary reads
    "edited by you · 12 messages · 10k → 10.2k tokens · view summary"."""

    summaryRequested = Signal(str)

    def __init__(
        self,
        entry_id: str | None,
        tokens_before: int,
        tokens_after: int,
        summarized_count: int,
        *,
        manual: bool = False,
        rung: str = "model",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.entry_id = entry_id
        self.rung = rung
        self.setObjectName("compactionMarker")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        how = (
            tr("MessageCard", "compacted on request") if manual else tr("MessageCard", "compacted")
        )
        if rung == "edited":  # the user rewrote the summary: said instead of "compacted"
            how = tr("MessageCard", "edited by you ·")
            self.setToolTip(
                tr(
                    "MessageCard",
                    "You edited this summary; the next requests carry your text. The original "
                    "stays in the summary history.",
                )
            )
        elif rung == "extractive":  # no model wrote this summary: say so where it is shown
            how += " " + tr("MessageCard", "(extractive)")
            self.setToolTip(
                tr(
                    "MessageCard",
                    "Extractive summary: the model's summary failed, so this one was built "
                    "without a model (your newest messages verbatim, the files, the tool calls).",
                )
            )
        text = (
            f"──  {how} "
            + tr("MessageCard", "%Ln message(s)", n=summarized_count)
            + " · "
            + trf(
                "MessageCard",
                "%1 → %2 tokens",
                format_tokens(tokens_before),
                format_tokens(tokens_after),
            )
            + " ·"
        )
        # ends in "…" in a narrow column (the whole line is its tooltip), never clipped
        self.label = muted(ElidedLabel(self))
        self.label.setText(text)
        self.label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.label.setToolTip(text.removeprefix("──  ").removesuffix(" ·"))
        self.view_button = LinkButton(tr("MessageCard", "view summary"), self)
        self.view_button.setToolTip(
            tr("MessageCard", "Open the summary history at this compaction")
        )
        self.view_button.setObjectName("linkButton")
        self.view_button.setEnabled(entry_id is not None)
        self.view_button.clicked.connect(self._view)
        layout.addStretch(1)
        layout.addWidget(self.label)
        layout.addWidget(self.view_button)
        layout.addStretch(1)

    def _view(self) -> None:
        if self.entry_id:
            self.summaryRequested.emit(self.entry_id)


BANNER_BORDERS = {"error": "error", "refusal": "refusal"}  # any other kind: the quiet border


class InlineBanner(Panel):
    """An inline, non-modal message with optional action buttons (errors, refusals, notices)."""

    def __init__(self, text: str, *, kind: str = "info", parent: QWidget | None = None) -> None:
        super().__init__(None, BANNER_BORDERS.get(kind, "border"), 8, parent)
        self.kind = kind
        self.setObjectName(f"{kind}Banner")  # its border is drawn in the kind's colour
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 6, 6)
        self.label = WrapLabel(self)
        self.label.setTextFormat(Qt.TextFormat.PlainText)  # errors quote servers' HTML pages
        self.label.setText(text)
        self.label.setTextInteractionFlags(SELECTABLE)
        layout.addWidget(self.label, 1)
        self.buttons: dict[str, QPushButton] = {}
        self._layout = layout

    @property
    def text(self) -> str:
        return self.label.text()

    def add_action(self, name: str, text: str) -> QPushButton:
        button = QPushButton(text, self)
        self._layout.addWidget(button)
        self.buttons[name] = button
        return button
