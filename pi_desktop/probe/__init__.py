"""The fidelity probe: how much of a long conversation survives compaction, per summarizer.

``python -m pi_desktop.probe`` runs a scripted conversation (planted codewords, files read and
modified, an error, a decision, a next step) through the real Agent on a small budget, then asks
recall, artifact, continuation and decision questions and scores the answers.
"""

from pi_desktop.probe.runner import DEFAULT_BUDGET, DEFAULT_TURNS, ProbeReport, RunReport, run_probe
from pi_desktop.probe.scenario import KINDS, PROBES, Probe
from pi_desktop.probe.scoring import ProbeScore, Row, format_table, score_answer, table_rows

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_TURNS",
    "KINDS",
    "PROBES",
    "Probe",
    "ProbeReport",
    "ProbeScore",
    "Row",
    "RunReport",
    "format_table",
    "run_probe",
    "score_answer",
    "table_rows",
]
