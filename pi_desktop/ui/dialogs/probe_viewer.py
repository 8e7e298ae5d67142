"""Developer → Fidelity probe (``--developer``): runs the probe on Qt's loop, shows its table.

The probe is a coroutine on the qasync loop (no thread); closing the viewer cancels it. It uses
the window's provider — on the offline demo a fresh, unpaced ``OfflineLLM`` (the window's paces
its streaming for reading, which would make the probe crawl) — and the configured summarizer.
"""

from __future__ import annotations

import asyncio
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QCloseEvent, QFontDatabase
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout

from pi_desktop.probe import DEFAULT_BUDGET, DEFAULT_TURNS, ProbeReport, run_probe
from pi_desktop.ui.i18n import tr, trf


def probe_models(provider: Any) -> tuple[Any, list[tuple[str, Any]]]:
    """(chat LLM, [(summarizer label, summarizer or None)]) for the window's provider."""
    if provider is None or getattr(provider, "offline", False):
        from pi_desktop.agent import OfflineLLM

        chat = OfflineLLM()
        return chat, [(chat.model, None)]
    summarizer = provider.summarizer
    label = getattr(summarizer or provider.llm, "model", None) or "model"
    return provider.llm, [(str(label), summarizer)]


class ProbeViewer(QDialog):
    """Progress lines while the probe runs, then the table (plain, monospace, selectable)."""

    finished_report = Signal(object)  # the ProbeReport

    def __init__(
        self,
        provider: Any,
        parent: Any = None,
        *,
        turns: int = DEFAULT_TURNS,
        budget: int = DEFAULT_BUDGET,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Probe", "Fidelity probe"))
        self.resize(640, 420)
        self.status = QLabel(tr("Probe", "Running the scripted conversation…"), self)
        self.text = QPlainTextEdit(self)
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.close_button = QPushButton(tr("Probe", "Close"), self)
        self.close_button.clicked.connect(self.close)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.status)
        layout.addWidget(self.text, 1)
        layout.addLayout(row)
        self.report: ProbeReport | None = None
        chat, summarizers = probe_models(provider)
        self.task: asyncio.Task[None] = asyncio.ensure_future(
            self._run(chat, summarizers, turns, budget)
        )

    async def _run(self, chat: Any, summarizers: list, turns: int, budget: int) -> None:
        try:
            report = await run_probe(
                chat, summarizers, turns=turns, budget=budget, progress=self._progress
            )
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # shown, never raised into the loop
            self.status.setText(trf("Probe", "The probe failed: %1: %2", type(exc).__name__, exc))
            return
        self.report = report
        self.status.setText(
            tr("Probe", "Some runs failed: a failed run is reported below, not scored.")
            if report.failed
            else tr(
                "Probe",
                "What survived compaction, per probe kind (exact match for codewords and paths, "
                "keyword overlap for the rest):",
            )
        )
        self.text.setPlainText(report.table() + "\n\n" + report.notes())
        self.finished_report.emit(report)

    def _progress(self, line: str) -> None:
        self.text.appendPlainText(line)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.task.done():
            self.task.cancel()
        super().closeEvent(event)
