"""The summary viewer: what a compaction replaced, what it cost, and what the model now sees.

Built from a session ``CompactionEntry`` (or a ``CompactionInfo``; both are read by
attribute), so the window can open it from a tree node, a marker row or a fresh event. Given
the branch's ``history`` (see ``summary_history``) it lists every compaction in order: the
selected one's summary, its diff against the previous summary, the messages it covered
(``rangeRequested`` asks the tree to select them) and, for the summary in use, an Edit tab whose
Save emits ``saveRequested`` — the window stores the edit and calls ``set_history`` again.
Non-modal: open it with ``show()``/``open()``, never ``exec()`` (the app runs on qasync).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from PySide6.QtCore import QDateTime, QLocale, Qt, Signal
from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from pi_desktop.context.extractive import localize_labels
from pi_desktop.context.normalize import (
    EMPTY_ITEM,
    HEADING_LINES,
    conversation_language,
    localize_headings,
)
from pi_desktop.context.summary import file_block, strip_file_blocks
from pi_desktop.ui.dialogs.summary_history import (
    HistoryItem,
    cost_text,
    diff_counts,
    diff_lines,
    kind_words,
)
from pi_desktop.ui.i18n import number, tr, trf
from pi_desktop.ui.text.markdown import bounded_markdown
from pi_desktop.ui.text.safe_text import SafeBrowser

SUMMARY_MARKDOWN_CHARS = 50_000  # beyond this the summary shows as plain text (its head)
DIFF_MAX_CHARS = 200_000  # both summaries together; beyond it no diff is computed
DIFF_LINE_CHARS = 2_000  # a diff line longer than this is shown cut


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


def shown_summary(prose: str) -> str:
    """The summary as the viewer shows it: a Chinese conversation's summary under Chinese
    headings (the stored text keeps the canonical ones the engine reads), and the empty
    sections' marker in the interface's language."""
    headings = set(HEADING_LINES.values()) | {EMPTY_ITEM}
    content = "\n".join(line for line in prose.split("\n") if line not in headings)
    language = conversation_language(content)  # what the sections say, not their names
    text = localize_labels(localize_headings(prose, language), language)
    return "\n".join(
        tr("SummaryViewer", "- (none reported)") if line == EMPTY_ITEM else line
        for line in text.split("\n")
    )


def field_label(key: str) -> str:
    """A field's label on screen (``summary_fields`` keys stay English: they are ids)."""
    labels = {
        "Kind": tr("SummaryViewer", "Kind"),
        "Tokens": tr("SummaryViewer", "Tokens"),
        "Summarized": tr("SummaryViewer", "Summarized"),
        "Covered": tr("SummaryViewer", "Covered"),
        "Kept tail": tr("SummaryViewer", "Kept tail"),
        "Summary model": tr("SummaryViewer", "Summary model"),
        "Summary usage": tr("SummaryViewer", "Summary usage"),
        "When": tr("SummaryViewer", "When"),
        "Focus": tr("SummaryViewer", "Focus"),
        "Cost": tr("SummaryViewer", "Cost"),
        "Covers": tr("SummaryViewer", "Covers"),
    }
    return trf("SummaryViewer", "%1:", labels.get(key, key))


def _usage_text(usage: dict[str, Any] | None) -> str:
    if not usage:
        return tr("SummaryViewer", "not reported")
    parts = []
    labels = (
        ("prompt_tokens", tr("SummaryViewer", "prompt")),
        ("completion_tokens", tr("SummaryViewer", "completion")),
    )
    for key, label in labels:
        if isinstance(usage.get(key), int):
            parts.append(f"{label} {number(usage[key])}")
    return " · ".join(parts) if parts else tr("SummaryViewer", "not reported")


def _when(timestamp: str | None) -> str:
    if not timestamp:
        return "—"
    try:
        moment = datetime.fromisoformat(timestamp).astimezone()
        when = QDateTime.fromSecsSinceEpoch(int(moment.timestamp()))
        return QLocale().toString(when, QLocale.FormatType.LongFormat)
    except ValueError:
        return timestamp


def percent_change(before: int, after: int) -> str:
    """ "−67 %", "+3 %", "+0.4 %", "±0 %": the sign from the figures themselves, never from a
    rounded share (an edit that grew the request by 0.4 % read "−0 %")."""
    delta = after - before
    if delta == 0:
        return "±0 %"
    sign = "+" if delta > 0 else "−"
    share = 100 * abs(delta) / before
    shown = f"{share:.0f}" if share >= 1 else f"{max(share, 0.1):.1f}"
    return f"{sign}{shown} %"


def summary_fields(entry: Any) -> dict[str, str]:
    """The figures shown above the summary, as label → text (pure, for tests and copy)."""
    before = int(getattr(entry, "tokens_before", 0) or 0)
    after = int(getattr(entry, "tokens_after", 0) or 0)
    if before:
        tokens = f"{number(before)} → {number(after)} ({percent_change(before, after)})"
    else:
        tokens = (
            trf("SummaryViewer", "%1 after", after)
            if after
            else tr("SummaryViewer", "not recorded")
        )
    manual = getattr(entry, "manual", None)
    kind = kind_words("manual" if manual else "auto")
    if manual is None:
        kind = "—"
    stated = getattr(entry, "kind", None)
    if isinstance(stated, str) and stated:
        kind = kind_words(stated)
    instructions = getattr(entry, "instructions", None)
    fields = {
        "Kind": kind,
        "Tokens": tokens,
        "Summarized": tr(
            "SummaryViewer",
            "%Ln message(s)",
            n=int(getattr(entry, "summarized_count", 0) or 0),
        ),
        "Covered": tr(
            "SummaryViewer",
            "%Ln message(s) (system + history before the kept tail)",
            n=int(getattr(entry, "covered_count", 0) or 0),
        ),
        "Kept tail": tr("SummaryViewer", "%Ln message(s)", n=_kept_count(entry)),
        "Summary model": getattr(entry, "summary_model", None)
        or tr("SummaryViewer", "not reported"),
        "Summary usage": _usage_text(getattr(entry, "summary_usage", None)),
        "When": _when(getattr(entry, "timestamp", None)),
    }
    if instructions:
        fields["Focus"] = str(instructions)
    if getattr(entry, "rung", "model") == "extractive" and stated != "edited":
        fields["Kind"] += " · " + tr("SummaryViewer", "extractive summary (built without a model)")
        model = getattr(entry, "summary_model", None)
        fields["Summary model"] = (
            trf("SummaryViewer", "none: the model's summary failed (%1 was asked)", model)
            if model
            else tr("SummaryViewer", "none: the model's summary failed")
        )
    elif getattr(entry, "rung", "model") == "repaired":
        fields["Kind"] += " · " + tr("SummaryViewer", "repaired (the model's second answer)")
    if stated == "edited":  # no model made it; its figures are the request before/with it
        fields["Tokens"] += " — " + tr("SummaryViewer", "the next request before → with the edit")
        fields["Summary model"] = tr("SummaryViewer", "none (written by you)")
        fields["Summary usage"] = tr("SummaryViewer", "none (no model call)")
    return fields


def _kept_count(entry: Any) -> int:
    """Messages kept verbatim: a compaction entry names the count, older ones copied the tail."""
    kept = getattr(entry, "kept_count", None)
    if isinstance(kept, int):
        return kept
    return len(getattr(entry, "retained_tail", None) or [])


class SummaryViewer(QDialog):
    """One compaction (or the branch's history of them): summary, diff, figures, edit."""

    rangeRequested = Signal(list)  # path entry ids the selected summary covered
    saveRequested = Signal(str, str)  # (compaction id, edited text)

    def __init__(
        self,
        entry: Any,
        parent: QWidget | None = None,
        *,
        history: Sequence[HistoryItem] | None = None,
        editable: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setModal(False)
        self.setWindowTitle(tr("SummaryViewer", "Compaction summary"))
        self.resize(940 if history else 760, 640)
        self._editable = editable
        self._history: list[HistoryItem] = []
        self._item: HistoryItem | None = None
        self._entry: Any = entry

        self.history_list = QListWidget(self)
        self.history_list.setAccessibleName(tr("SummaryViewer", "Summary history"))
        self.history_list.setAccessibleDescription(
            tr("SummaryViewer", "Every summary of this branch, oldest first; arrows choose one.")
        )
        self.history_list.currentRowChanged.connect(self._on_row)

        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self._form = form
        self._field_labels: dict[str, QLabel] = {}
        keys = [*summary_fields(entry), "Focus", "Cost", "Covers"]
        for key in dict.fromkeys(keys):
            label = QLabel(self)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            label.setWordWrap(True)
            self._field_labels[key] = label
            form.addRow(field_label(key), label)
        self.select_button = QPushButton(tr("SummaryViewer", "Select in tree"), self)
        self.select_button.setToolTip(
            tr("SummaryViewer", "Select the messages this summary newly covered")
        )
        self.select_button.clicked.connect(self._request_range)
        form.addRow("", self.select_button)

        self.browser = SafeBrowser(self)  # a summary quotes the model: no local loads
        self.browser.setAccessibleName(tr("SummaryViewer", "Summary"))
        self.browser.setAccessibleDescription(
            tr("SummaryViewer", "The summary the next requests carry, read-only.")
        )
        self.read_list = self._file_list([])
        self.modified_list = self._file_list([])
        self._read_label = QLabel(self)
        self._modified_label = QLabel(self)
        files = QWidget(self)
        fl = QVBoxLayout(files)
        fl.setContentsMargins(0, 0, 0, 0)
        fl.addWidget(self._read_label)
        fl.addWidget(self.read_list, 1)
        fl.addWidget(self._modified_label)
        fl.addWidget(self.modified_list, 1)
        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(self.browser)
        split.addWidget(files)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setChildrenCollapsible(False)

        self.diff_view = SafeBrowser(self)
        self.diff_view.setAccessibleName(tr("SummaryViewer", "Changes"))
        self.diff_view.setAccessibleDescription(
            tr("SummaryViewer", "The lines added (+) and removed (−) against the summary before.")
        )
        self.diff_label = QLabel(self)
        diff_page = QWidget(self)
        dl = QVBoxLayout(diff_page)
        dl.setContentsMargins(0, 4, 0, 0)
        dl.addWidget(self.diff_label)
        dl.addWidget(self.diff_view, 1)

        self.editor = QPlainTextEdit(self)
        self.editor.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.editor.setAccessibleName(tr("SummaryViewer", "Edit the summary"))
        self.editor.setAccessibleDescription(
            tr("SummaryViewer", "The summary in use; saving it makes a new compaction.")
        )
        self.save_button = QPushButton(tr("SummaryViewer", "Save edited summary"), self)
        self.save_button.setToolTip(
            tr("SummaryViewer", "Save the edit as a new compaction; the next request uses it")
        )
        self.save_button.clicked.connect(self._save)
        self.edit_status = QLabel(self)
        self.edit_status.setWordWrap(True)
        edit_page = QWidget(self)
        el = QVBoxLayout(edit_page)
        el.setContentsMargins(0, 4, 0, 0)
        el.addWidget(
            QLabel(
                tr(
                    "SummaryViewer",
                    "Your edit is saved as a new compaction (the original stays in the history); "
                    "the next request sends it instead.",
                ),
                self,
            )
        )
        el.addWidget(self.editor, 1)
        row = QHBoxLayout()
        row.addWidget(self.edit_status, 1)
        row.addWidget(self.save_button)
        el.addLayout(row)

        self.tabs = QTabWidget(self)
        self.tabs.setAccessibleName(tr("SummaryViewer", "Summary views"))
        self.tabs.setAccessibleDescription(
            tr("SummaryViewer", "The summary, its changes against the one before, and its editor.")
        )
        self.tabs.addTab(split, tr("SummaryViewer", "Summary"))
        self.tabs.addTab(diff_page, tr("SummaryViewer", "Changes"))
        self.tabs.addTab(edit_page, tr("SummaryViewer", "Edit"))

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        self.copy_button = QPushButton(tr("SummaryViewer", "Copy summary"), self)
        self.copy_button.setToolTip(
            tr("SummaryViewer", "Copy the summary as the model receives it")
        )
        self.copy_button.clicked.connect(self.copy_summary)
        bottom = QHBoxLayout()
        bottom.addWidget(self.copy_button)
        bottom.addStretch(1)
        bottom.addWidget(buttons)

        right = QWidget(self)
        rl = QVBoxLayout(right)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.addLayout(form)
        rl.addWidget(self.tabs, 1)
        outer = QSplitter(Qt.Orientation.Horizontal, self)
        outer.addWidget(self.history_list)
        outer.addWidget(right)
        outer.setStretchFactor(1, 1)
        outer.setSizes([290, 610])
        outer.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.addWidget(outer, 1)
        layout.addLayout(bottom)

        items = list(history or [])
        if not items:
            items = [HistoryItem(entry, 1, None, (), (), 0, False)]
        self.history_list.setVisible(bool(history))
        self.set_history(items, getattr(entry, "id", None))

    # ---- history ----------------------------------------------------------------------------

    @property
    def history(self) -> list[HistoryItem]:
        return list(self._history)

    @property
    def current_item(self) -> HistoryItem | None:
        return self._item

    def set_history(self, items: Sequence[HistoryItem], select_id: str | None = None) -> None:
        """Show ``items`` (branch order) and select ``select_id`` (else the newest)."""
        self._history = list(items)
        self.history_list.blockSignals(True)
        self.history_list.clear()
        for item in self._history:
            row = QListWidgetItem(item.title())
            row.setToolTip(item.range_text())
            self.history_list.addItem(row)
        self.history_list.blockSignals(False)
        ids = [getattr(i.entry, "id", None) for i in self._history]
        index = ids.index(select_id) if select_id in ids else len(self._history) - 1
        if self.history_list.currentRow() == index:
            self._on_row(index)  # the same row again: Qt emits no change, show it anyway
        else:
            self.history_list.setCurrentRow(index)  # shows it, once, through _on_row

    def select_item(self, index: int) -> None:
        self.history_list.setCurrentRow(index)

    def _on_row(self, index: int) -> None:
        if 0 <= index < len(self._history):
            self._show(self._history[index])

    def _show(self, item: HistoryItem) -> None:
        self._item = item
        entry = self._entry = item.entry
        raw = getattr(entry, "summary", "") or ""
        prose, tag_read, tag_modified = split_file_tags(raw)
        self._raw = raw
        self._markdown = prose
        self._read = list(getattr(entry, "read_files", None) or tag_read)
        self._modified = list(getattr(entry, "modified_files", None) or tag_modified)
        self._fields = summary_fields(entry)
        self._fields["Cost"] = cost_text(entry)
        if item.covered_ids:
            self._fields["Covers"] = item.range_text()
        for key, label in self._field_labels.items():
            value = self._fields.get(key)
            label.setText(value or "")
            self._form.setRowVisible(label, value is not None)
        self._form.setRowVisible(self.select_button, bool(item.select_ids))
        if len(prose) > SUMMARY_MARKDOWN_CHARS:
            # a model can write megabytes here too: lay out a plain head, never all of it
            self.browser.setPlainText(
                prose[:SUMMARY_MARKDOWN_CHARS]
                + "\n\n"
                + trf(
                    "SummaryViewer",
                    "… %1 more characters; Copy summary copies all of it.",
                    len(prose) - SUMMARY_MARKDOWN_CHARS,
                )
            )
        else:
            self.browser.set_safe_markdown(
                bounded_markdown(shown_summary(prose))
                or "_" + tr("SummaryViewer", "The summary is empty.") + "_"
            )
        self._fill(self.read_list, self._read)
        self._fill(self.modified_list, self._modified)
        self._read_label.setText(trf("SummaryViewer", "Read files (%1)", len(self._read)))
        self._modified_label.setText(
            trf("SummaryViewer", "Modified files (%1)", len(self._modified))
        )
        self.read_list.setAccessibleName(tr("SummaryViewer", "Read files"))
        self.modified_list.setAccessibleName(tr("SummaryViewer", "Modified files"))
        self.read_list.setAccessibleDescription(
            tr("SummaryViewer", "The files the summarized messages read.")
        )
        self.modified_list.setAccessibleDescription(
            tr("SummaryViewer", "The files the summarized messages changed.")
        )
        self._show_diff(item)
        can_edit = self._editable and item.in_use
        self.tabs.setTabEnabled(2, can_edit)
        self.tabs.setTabToolTip(
            2,
            ""
            if can_edit
            else tr(
                "SummaryViewer",
                "Only the summary in use (the newest on this branch) can be edited.",
            ),
        )
        if not can_edit and self.tabs.currentIndex() == 2:
            self.tabs.setCurrentIndex(0)
        self.editor.setPlainText(raw if can_edit else "")
        self.edit_status.setText("")

    def _show_diff(self, item: HistoryItem) -> None:
        previous = getattr(item.previous, "summary", None) if item.previous is not None else None
        if len(self._raw) + len(previous or "") > DIFF_MAX_CHARS:  # bounded like the summary
            self._diff = []
            self.diff_label.setText(
                tr("SummaryViewer", "Too large to compare here; Copy summary copies the text.")
            )
            self.diff_view.setPlainText("")
            return
        lines = diff_lines(previous, self._raw)
        added, removed = diff_counts(lines)
        self._diff = lines
        if previous is None:
            self.diff_label.setText(
                tr("SummaryViewer", "The first summary on this branch: every line is new.")
            )
        else:
            self.diff_label.setText(
                trf(
                    "SummaryViewer",
                    "Against summary #%1: %2 added, %3 removed.",
                    item.number - 1,
                    tr("SummaryViewer", "%Ln line(s)", n=added),
                    tr("SummaryViewer", "%Ln line(s)", n=removed),
                )
            )
        added_bg = "rgba(46, 160, 67, 0.22)"
        removed_bg = "rgba(218, 54, 51, 0.22)"
        rows = []
        first = next((k for k, (mark, _) in enumerate(lines) if mark != " "), None)
        for k, (mark, line) in enumerate(lines[:5_000]):
            if k == first:
                rows.append('<a name="first-change"></a>')
            text = html.escape(line[:DIFF_LINE_CHARS]) or "&nbsp;"
            sign = {"+": "+", "-": "−"}.get(mark, "&nbsp;")
            style = {"+": f"background:{added_bg};", "-": f"background:{removed_bg};"}.get(mark, "")
            rows.append(f'<div style="{style}white-space:pre-wrap;"><b>{sign}</b> {text}</div>')
        if len(lines) > 5_000:
            more = trf("SummaryViewer", "… %1 more lines", len(lines) - 5_000)
            rows.append(f"<p>{more}</p>")
        self.diff_view.setHtml(f'<div style="font-family: monospace;">{"".join(rows)}</div>')
        if first is not None and previous is not None:
            self.diff_view.scrollToAnchor("first-change")

    def _request_range(self) -> None:
        if self._item is not None and self._item.select_ids:
            self.rangeRequested.emit(list(self._item.select_ids))

    def _save(self) -> None:
        if self._item is None:
            return
        self.saveRequested.emit(str(getattr(self._item.entry, "id", "")), self.editor.toPlainText())

    def show_edit_error(self, text: str) -> None:
        """The window's answer to a refused save (the text stays in the editor)."""
        self.edit_status.setText(text)

    # ---- parts ------------------------------------------------------------------------------

    def _file_list(self, items: list[str]) -> QListWidget:
        w = QListWidget(self)
        w.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self._fill(w, items)
        return w

    @staticmethod
    def _fill(w: QListWidget, items: list[str]) -> None:
        w.clear()
        if items:
            w.addItems(items)
        else:
            w.addItem(tr("SummaryViewer", "(none)"))
            w.item(0).setFlags(Qt.ItemFlag.NoItemFlags)

    @property
    def diff(self) -> list[tuple[str, str]]:
        """The shown diff as (mark, line): "+" added, "-" removed, " " unchanged."""
        return list(self._diff)

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
