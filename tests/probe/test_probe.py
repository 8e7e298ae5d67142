"""The fidelity probe: the CLI's table on the offline provider, its determinism, and scoring."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pi_desktop.agent import OfflineLLM, OpenAIChatLLM
from pi_desktop.probe import KINDS, PROBES, run_probe
from pi_desktop.probe.__main__ import build_models, parse_args
from pi_desktop.probe.scenario import COMPACT, FACT_TURNS, script
from pi_desktop.probe.scoring import (
    exact_points,
    format_table,
    keyword_hits,
    mentions,
    parse_judgement,
    score_answer,
    table_rows,
)
from tests.kit.openai_server import OpenAIServer, Reply

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(r"^(\S+)\s+(\S+)\s+(\d+)\s+(\d+)\s+(\d+\.\d)$")


def _cli(*args: str) -> str:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("PI_DESKTOP_PROVIDER", None)
    done = subprocess.run(
        [sys.executable, "-m", "pi_desktop.probe", "--quiet", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _table(out: str) -> list[tuple[str, str, int, int, float]]:
    lines = out.strip().splitlines()
    assert lines[0].split() == ["summarizer", "probe", "score", "max", "%"]
    assert set(lines[1].replace(" ", "")) == {"-"}
    rows = []
    for line in lines[2:]:
        if not line.strip():
            break
        match = ROW.match(line)
        assert match, line
        name, kind, score, top, pct = match.groups()
        rows.append((name, kind, int(score), int(top), float(pct)))
    return rows


def test_cli_offline_table_has_every_kind_and_is_deterministic():
    first = _cli()
    second = _cli()
    assert first == second  # same scores, same notes, every run
    rows = _table(first)
    assert [r[1] for r in rows] == [*KINDS, "all"]
    assert {r[0] for r in rows} == {"offline-demo"}
    for _, _, score, top, pct in rows:
        assert 0 <= score <= top and pct == round(100 * score / top, 1)
    assert rows[-1][3] == sum(p.max_points for p in PROBES)
    assert rows[-1][2] == sum(r[2] for r in rows[:-1])
    found = re.search(r"(\d+) user turns, (\d+) compactions", first)
    assert found and int(found.group(1)) == 16 and int(found.group(2)) >= 3


def test_probe_measures_what_compaction_lost():
    """Without pressure the codeword read from a file is still in the view; on a small budget
    the extractive summary has dropped it, and the score says so."""

    async def scores(budget: int) -> dict[str, int]:
        report = await run_probe(OfflineLLM(), [("offline-demo", None)], budget=budget)
        return {s.name: s.score for s in report.runs[0].scores}

    roomy = asyncio.run(scores(200_000))
    tight = asyncio.run(scores(4_000))
    assert roomy["codeword in a file"] == 1
    assert tight["codeword in a file"] == 0
    assert sum(roomy.values()) > sum(tight.values())


def test_every_scripted_turn_runs_and_compacts_several_times():
    report = asyncio.run(run_probe(OfflineLLM(), [("a", None), ("b", None)], turns=12))
    assert [run.summarizer for run in report.runs] == ["a", "b"]
    for run in report.runs:
        assert run.failures == []
        assert run.turns == 12
        assert run.compactions >= sum(t == COMPACT for t in FACT_TURNS)
        assert len(run.scores) == len(PROBES)
        assert run.files_read == ["docs/plan.md", "src/app.py"]  # the failed read is not one
        assert run.files_modified == ["src/app.py", "src/settings.py"]
    assert [r.summarizer for r in report.rows()].count("a") == len(KINDS) + 1


def test_script_keeps_every_fact_turn_and_spreads_fillers():
    facts = [t for t in FACT_TURNS if t != COMPACT]
    for turns in (1, len(facts), 16, 40):
        out = [t for t in script(turns) if t != COMPACT]
        assert [t for t in out if t in facts] == facts
        assert len(out) == max(turns, len(facts))


def test_judge_model_scores_the_free_text_part():
    """A judge (the real client on a loopback server) replaces keyword overlap."""

    async def go(server: OpenAIServer) -> list:
        server.responder = lambda body: Reply(text="0")
        async with OpenAIChatLLM("judge", base_url=server.base_url, api_key="sk-x") as judge:
            report = await run_probe(OfflineLLM(), [("offline-demo", None)], judge=judge)
        return report.runs[0].scores

    with OpenAIServer() as server:
        scores = asyncio.run(go(server))
        judged = [p for p in PROBES if p.keywords]
        assert len(server.requests) == len(judged)
        assert all("Reference answer" in r["messages"][-1]["content"] for r in server.requests)
    for probe, score in zip(PROBES, scores, strict=True):
        assert score.score == exact_points(probe, score.answer)  # the judge gave 0 each


# ---------------------------------------------------------------- scoring


def test_mentions_matches_whole_paths_and_codewords_only():
    assert mentions("we read `src/app.py`.", "src/app.py")
    assert not mentions("src/app.pyc", "src/app.py")
    assert not mentions("old/src/app.py", "src/app.py")
    assert mentions("codeword azure-falcon-17!", "AZURE-FALCON-17")
    assert not mentions("AZURE-FALCON-170", "AZURE-FALCON-17")


def test_distractors_cost_points_and_keywords_match_alternatives():
    files = next(p for p in PROBES if p.name == "files read")
    assert exact_points(files, "docs/plan.md and src/app.py") == 2
    assert exact_points(files, "docs/plan.md, src/app.py, docs/changelog.md") == 1
    everything = "docs/plan.md src/app.py docs/changelog.md tests/test_ledger.py"
    assert exact_points(files, everything) == 0
    assert keyword_hits("Error: no such file", ["not found|no such file"]) == 1
    assert keyword_hits("it was fine", ["not found|no such file"]) == 0
    assert keyword_hits("concurrent writes", ["concurrent", "writers"]) == 2  # by stems


def test_judgement_parsing_is_clamped():
    assert parse_judgement("Score: 2", 2) == 2
    assert parse_judgement("7", 2) == 2
    assert parse_judgement("-1", 2) == 0
    assert parse_judgement("none", 2) is None


def test_table_rows_add_up():
    probe = PROBES[0]
    scores = [score_answer(probe, "AZURE-FALCON-17", "m1"), score_answer(probe, "", "m2")]
    rows = table_rows(scores)
    assert [(r.summarizer, r.kind, r.score, r.max_points) for r in rows] == [
        ("m1", "recall", 1, 1),
        ("m1", "all", 1, 1),
        ("m2", "recall", 0, 1),
        ("m2", "all", 0, 1),
    ]
    text = format_table(rows)
    assert [ROW.match(line) is not None for line in text.splitlines()[2:]] == [True] * 4


# ---------------------------------------------------------------- CLI options


def test_cli_defaults_to_offline_and_refuses_bad_numbers(monkeypatch):
    monkeypatch.delenv("PI_DESKTOP_PROVIDER", raising=False)
    chat, summarizers, judge = build_models(parse_args([]))
    assert isinstance(chat, OfflineLLM) and summarizers == [("offline-demo", None)]
    assert judge is None
    with pytest.raises(SystemExit):
        parse_args(["--turns", "0"])


def test_cli_builds_one_summarizer_per_model_and_needs_keys(monkeypatch):
    monkeypatch.setenv("PROBE_TEST_KEY", "sk-test")
    args = parse_args(["--provider", "openai", "--model", "big", "--api-key-env",
                       "PROBE_TEST_KEY", "--summarizer", "big", "--summarizer", "small",
                       "--judge", "judge-model"])  # fmt: skip
    chat, summarizers, judge = build_models(args)
    assert chat.model == "big"
    assert [label for label, _ in summarizers] == ["big", "small"]
    assert summarizers[0][1] is None and summarizers[1][1].model == "small"
    assert judge.model == "judge-model"
    with pytest.raises(ValueError, match="needs an API key"):
        build_models(parse_args(["--provider", "openai"]))
