"""Running the probe: the scripted conversation through the real Agent, then the questions.

Everything is the app's own machinery — ``Agent`` with a ``ContextManager`` on a small budget,
a real ``Session`` file, the real workspace tools on a temporary workspace — only the user is
scripted. Each question is asked on a copy of the finished session opened by a fresh Agent
without tools (as a restarted app would open it: the summary comes back from disk), so
questions never see each other and the answers come from the context alone.

A run that failed is not a model that forgot: a scripted turn or a question that ended in an
error is reported as a failure (which one, how many) and nothing is scored for it — a score
is printed only for a conversation that ran — and the CLI exits non-zero. Each compaction's
rung (the model's summary, a repaired one, or the extractive summary made without a model)
is listed, so a low score can be told apart from a summarizer that never answered.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pi_desktop import safejson
from pi_desktop.agent import Agent, RunFailed, build_workspace_tools
from pi_desktop.agent.tools import auto_approve
from pi_desktop.context import Message
from pi_desktop.probe.scenario import COMPACT, PROBES, WORKSPACE_FILES, Probe, script
from pi_desktop.probe.scoring import (
    ProbeScore,
    Row,
    format_table,
    parse_judgement,
    score_answer,
    table_rows,
)
from pi_desktop.session import CompactionEntry, Session

SYSTEM_PROMPT = (
    "You are a coding assistant working in the user's workspace. Use the tools to read and "
    "change files when asked; answer briefly."
)
JUDGE_PROMPT = (
    "You grade an answer against reference points. Reply with a single integer: how many of "
    "the listed points the answer states correctly."
)
DEFAULT_TURNS = 16
DEFAULT_BUDGET = 4_000
Progress = Callable[[str], None]


@dataclass
class RunReport:
    """One pass of the script with one summarizer, and its probe scores."""

    summarizer: str
    turns: int = 0
    compactions: int = 0
    summarizer_calls: int = 0
    failures: list[str] = field(default_factory=list)  # every failed turn or question
    failed_turns: list[str] = field(default_factory=list)  # "turn 3: <error>"
    failed_probes: list[str] = field(default_factory=list)  # "<probe name>: <error>"
    rungs: list[str] = field(default_factory=list)  # each compaction's, oldest first
    scores: list[ProbeScore] = field(default_factory=list)
    # what the chat model actually did (paths of successful reads and writes), so a user can
    # tell a summarizer's loss from a model that never did what the script asked
    files_read: list[str] = field(default_factory=list)
    files_modified: list[str] = field(default_factory=list)

    @property
    def ran(self) -> bool:
        """The scripted conversation ran (no turn failed): only then are its answers scored."""
        return not self.failed_turns

    @property
    def failed(self) -> bool:
        return bool(self.failed_turns or self.failed_probes)


@dataclass
class ProbeReport:
    runs: list[RunReport]
    budget: int
    turns: int

    def rows(self) -> list[Row]:
        """Scores of the conversations that ran (a failed run has none)."""
        return table_rows(score for run in self.runs if run.ran for score in run.scores)

    @property
    def failed(self) -> bool:
        """Some turn or question failed: the CLI exits non-zero."""
        return any(run.failed for run in self.runs)

    def table(self) -> str:
        rows = self.rows()
        if not rows:
            return "no score: no scripted conversation ran to the end (see the failures below)"
        return format_table(rows)

    def notes(self) -> str:
        """What each run did (compactions, summarizer calls, failures) — under the table."""
        lines = []
        for run in self.runs:
            lines.append(
                f"{run.summarizer}: {run.turns} user turns, {run.compactions} compactions, "
                f"{run.summarizer_calls} summarizer calls, budget {self.budget:,} tokens"
            )
            lines.append(
                f"  the model read {', '.join(run.files_read) or 'nothing'}; "
                f"modified {', '.join(run.files_modified) or 'nothing'}"
            )
            if run.rungs:
                counts = {r: run.rungs.count(r) for r in dict.fromkeys(run.rungs)}
                lines.append(
                    "  compaction rungs: "
                    + ", ".join(f"#{n} {rung}" for n, rung in enumerate(run.rungs, 1))
                    + " ("
                    + ", ".join(f"{c} {r}" for r, c in counts.items())
                    + ")"
                )
            if run.failed_turns:
                lines.append(
                    f"  FAILED: {len(run.failed_turns)} of {run.turns} scripted turns failed; "
                    "not scored (a failed run is not a model that forgot)"
                )
                lines += [f"    {failure}" for failure in run.failed_turns]
            if run.failed_probes:
                lines.append(
                    f"  FAILED: {len(run.failed_probes)} of {len(PROBES)} questions failed "
                    "(not scored)"
                )
                lines += [f"    {failure}" for failure in run.failed_probes]
        return "\n".join(lines)

    def failure_summary(self) -> str:
        """One line per failed run, for stderr (empty when everything ran)."""
        return "\n".join(
            f"probe: {run.summarizer}: {len(run.failed_turns)} failed turns, "
            f"{len(run.failed_probes)} failed questions"
            for run in self.runs
            if run.failed
        )


async def run_probe(
    chat: Any,
    summarizers: Sequence[tuple[str, Any]],
    *,
    turns: int = DEFAULT_TURNS,
    budget: int = DEFAULT_BUDGET,
    judge: Any = None,
    progress: Progress | None = None,
) -> ProbeReport:
    """Run the script once per ``(label, summarizer LLM or None for the chat model)``."""
    if budget <= 0 or turns <= 0:
        raise ValueError("turns and budget must be positive")
    say = progress or (lambda _text: None)
    runs = []
    for label, summarizer in summarizers:
        say(f"{label}: running the scripted conversation…")
        runs.append(await _run_once(chat, summarizer, label, turns, budget, judge, say))
    return ProbeReport(runs, budget, turns)


def _make_workspace(root: Path) -> Path:
    workspace = root / "workspace"
    for name, text in WORKSPACE_FILES.items():
        target = workspace / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return workspace


async def _run_once(
    chat: Any,
    summarizer: Any,
    label: str,
    turns: int,
    budget: int,
    judge: Any,
    say: Progress,
) -> RunReport:
    report = RunReport(label)
    errors: list[str] = []

    def on_event(event: object) -> None:
        if isinstance(event, RunFailed):
            report.failures.append(event.error)
            errors.append(event.error)

    with tempfile.TemporaryDirectory(prefix="pi-probe-") as tmp:
        root = Path(tmp)
        workspace = _make_workspace(root)
        path = root / "session.jsonl"
        with Session.create(path, fsync=False, workspace=str(workspace)) as session:
            tools = build_workspace_tools(workspace, approve=auto_approve)
            agent = Agent(chat, tools, session, budget, SYSTEM_PROMPT, summarizer=summarizer)
            agent.subscribe(on_event)
            planned = script(turns)
            total = sum(turn != COMPACT for turn in planned)
            for turn in planned:
                if turn == COMPACT:
                    say(f"{label}: compacting")
                    await agent.compact()
                else:
                    report.turns += 1
                    say(f"{label}: turn {report.turns}/{total}")
                    errors.clear()
                    await agent.run(turn)
                    if errors:
                        report.failed_turns.append(f"turn {report.turns}: {errors[-1]}")
            compactions = [e for e in session.entries.values() if isinstance(e, CompactionEntry)]
            report.compactions = len(compactions)
            report.rungs = [getattr(e, "rung", "model") for e in compactions]
            report.summarizer_calls = agent.summarizer_calls
            report.files_read, report.files_modified = file_trail(
                session.get_full_history_messages()
            )
        for number, probe in enumerate(PROBES):
            say(f"{label}: probe {probe.kind} — {probe.name}")
            errors.clear()
            answer = await _ask(path, root / f"probe-{number}.jsonl", chat, summarizer, budget,
                                probe, on_event)  # fmt: skip
            if errors:
                report.failed_probes.append(f"{probe.name}: {errors[-1]}")
                continue
            judged = None
            if judge is not None and probe.keywords:
                judged = await _judge(judge, probe, answer)
            report.scores.append(score_answer(probe, answer, label, judged))
    return report


def file_trail(messages: Sequence[Message]) -> tuple[list[str], list[str]]:
    """(paths read, paths modified) by tool calls that succeeded, in first-use order."""
    results = {
        m.tool_call_id: m
        for m in messages
        if m.role == "tool" and not (m.metadata or {}).get("is_error")
        and not m.content.startswith("Error")
    }  # fmt: skip
    read: list[str] = []
    modified: list[str] = []
    for message in messages:
        for call in message.tool_calls or []:
            function = call.get("function") or {}
            if call.get("id") not in results:
                continue
            try:
                path = safejson.loads(function.get("arguments") or "{}").get("path")
            except (ValueError, AttributeError):
                continue
            name = function.get("name")
            target = read if name == "read_file" else modified if name in _WRITES else None
            if target is not None and isinstance(path, str) and path not in target:
                target.append(path)
    return read, modified


_WRITES = frozenset({"write_file", "edit_file"})


async def _ask(
    source: Path,
    copy: Path,
    chat: Any,
    summarizer: Any,
    budget: int,
    probe: Probe,
    on_event: Callable[[object], None],
) -> str:
    """The answer to one question, asked on a fresh copy of the finished session."""
    shutil.copyfile(source, copy)
    with Session.load(copy, fsync=False) as session:
        agent = Agent(chat, None, session, budget, summarizer=summarizer)
        agent.subscribe(on_event)
        return await agent.run(probe.question)


async def _judge(judge: Any, probe: Probe, answer: str) -> int | None:
    """The judge model's count of the free-text points the answer gets right."""
    points = "\n".join(f"- {k}" for k in probe.keywords)
    prompt = (
        f"Question: {probe.question}\nReference answer: {probe.reference}\n"
        f"Points to check:\n{points}\n\nAnswer to grade:\n{answer}\n\n"
        f"Reply with one integer from 0 to {len(probe.keywords)}."
    )
    try:
        reply = await judge.chat(
            [Message(role="system", content=JUDGE_PROMPT), Message(role="user", content=prompt)]
        )
    except Exception:  # a failed judge falls back to keyword overlap for this probe
        return None
    return parse_judgement(reply.message.content, len(probe.keywords))
