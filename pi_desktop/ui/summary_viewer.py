"""The summary viewer: what a compaction replaced, what it cost, and what the model now sees.

Built from a session ``CompactionEntry`` (or a ``CompactionInfo``; both are read by
attribute), so the window can open it from a tree node, a marker row or a fresh event.
Non-modal: open it with ``show()``/``open()``, never ``exec()`` (the app runs on qasync).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from pi_desktop.context.summary import file_block, strip_file_blocks
from pi_desktop.ui.labels import count_of
from pi_desktop.ui.markdown import bounded_markdown
from pi_desktop.ui.safe_text import SafeBrowser

SUMMARY_MARKDOWN_CHARS = 50_000  # beyond this the summary shows as plain text (its head)


def split_file_tags(summary: str) -> tuple[str, list[str], list[str]]:
    """Separate the ``<read-files>``/``<modified-files>`` blocks from the prose.

    Markdown would swallow them as unknown HTML tags; the viewer lists them separately, once
    each and without list bullets. The blocks are parsed by the context engine's own helpers.
    """

    def items(tag: str) -> list[str]:
        return list(
            dict.fromkeys(i for e in file_block(summary, tag) if (i := e.lstrip("-*").strip()))
        )

    return strip_file_blocks(summary), items("read-files"), items("modified-files")


def _usage_text(usage: dict[str, Any] | None) -> str:
    if not usage:
        return "not reported"
    parts = []
    for key, label in (("prompt_tokens", "prompt"), ("completion_tokens", "completion")):
        if isinstance(usage.get(key), int):
            parts.append(f"{label} {usage[key]:,}")
    return " · ".join(parts) if parts else "not reported"


def _when(timestamp: str | None) -> str:
    if not timestamp:
        return "—"
    try:
        return datetime.fromisoformat(timestamp).astimezone().strftime("%Y-%m-%d %H:%M:%S")
    except ValueError:
        return timestamp


def summary_fields(entry: Any) -> dict[str, str]:
    """The figures shown above the summary, as label → text (pure, for tests and copy)."""
    before = int(getattr(entry, "tokens_before", 0) or 0)
    after = int(getattr(entry, "tokens_after", 0) or 0)
    if before:
        saved = round(100 * (before - after) / before)
        tokens = f"{before:,} → {after:,} (−{saved} %)"
    else:
        tokens = f"{after:,} after" if after else "not recorded"
    manual = getattr(entry, "manual", None)
    kind = "manual (Compact now)" if manual else "automatic (threshold reached)"
    if manual is None:
        kind = "—"
    instructions = getattr(entry, "instructions", None)
    fields = {
        "Kind": kind,
        "Tokens": tokens,
        "Summarized": count_of(int(getattr(entry, "summarized_count", 0) or 0), "message"),
        "Covered": count_of(int(getattr(entry, "covered_count", 0) or 0), "message")
        + " (system + history before the kept tail)",
        "Kept tail": count_of(_kept_count(entry), "message"),
        "Summary model": getattr(entry, "summary_model", None) or "not reported",
        "Summary usage": _usage_text(getattr(entry, "summary_usage", None)),
        "When": _when(getattr(entry, "timestamp", None)),
    }
    if instructions:
        fields["Focus"] = str(instructions)
    return fields


def _kept_count(entry: Any) -> int:
    """Messages kept verbatim: a compaction entry names the count, older ones copied the tail."""
    kept = getattr(entry, "kept_count", None)
    if isinstance(kept, int):
        return kept
    return len(getattr(entry, "retained_tail", None) or [])


class SummaryViewer(QDialog):
    """Shows one compaction: rendered summary, its file lists, and the audit figures."""

    def __init__(self, entry: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setModal(False)
        self.setWindowTitle("Compaction summary")
        self.resize(760, 620)
        self._entry = entry
        raw = getattr(entry, "summary", "") or ""
        prose, tag_read, tag_modified = split_file_tags(raw)
        self._raw = raw
        self._markdown = prose
        self._read = list(getattr(entry, "read_files", None) or tag_read)
        self._modified = list(getattr(entry, "modified_files", None) or tag_modified)
        self._fields = summary_fields(entry)

        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self._field_labels: dict[str, QLabel] = {}
        for key, value in self._fields.items():
            label = QLabel(value)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            label.setWordWrap(True)
            self._field_labels[key] = label
            form.addRow(f"{key}:", label)

        self.browser = SafeBrowser(self)  # a summary quotes the model: no local loads
        if len(prose) > SUMMARY_MARKDOWN_CHARS:
            # a model can write megabytes here too: lay out a plain head, never all of it
            self.browser.setPlainText(
                prose[:SUMMARY_MARKDOWN_CHARS]
                + f"\n\n… {len(prose) - SUMMARY_MARKDOWN_CHARS:,} more characters; "
                "Copy summary copies all of it."
            )
        else:
            self.browser.set_safe_markdown(bounded_markdown(prose) or "_The summary is empty._")

        self.read_list = self._file_list(self._read)
        self.modified_list = self._file_list(self._modified)
        files = QWidget(self)
        fl = QVBoxLayout(files)
        fl.setContentsMargins(0, 0, 0, 0)
        fl.addWidget(QLabel(f"Read files ({len(self._read)})"))
        fl.addWidget(self.read_list, 1)
        fl.addWidget(QLabel(f"Modified files ({len(self._modified)})"))
        fl.addWidget(self.modified_list, 1)

        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(self.browser)
        split.addWidget(files)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setChildrenCollapsible(False)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        self.copy_button = QPushButton("Copy summary", self)
        self.copy_button.clicked.connect(self.copy_summary)
        bottom = QHBoxLayout()
        bottom.addWidget(self.copy_button)
        bottom.addStretch(1)
        bottom.addWidget(buttons)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(split, 1)
        layout.addLayout(bottom)

    def _file_list(self, items: list[str]) -> QListWidget:
        w = QListWidget(self)
        w.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        if items:
            w.addItems(items)
        else:
            w.addItem("(none)")
            w.item(0).setFlags(Qt.ItemFlag.NoItemFlags)
        return w

    @property
    def summary_markdown(self) -> str:
        return self._markdown

    @property
    def fields(self) -> dict[str, str]:
        return dict(self._fields)

    @property
    def read_files(self) -> list[str]:
        return list(self._read)

    @property
    def modified_files(self) -> list[str]:
        return list(self._modified)

    def copy_summary(self) -> None:
        """The raw summary text (with its file tags), as the model receives it."""
        QGuiApplication.clipboard().setText(self._raw)
