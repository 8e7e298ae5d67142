"""Issue 16, point 6: the probe tells a failed run from a model that forgot.

Against the real loopback server through the real client: a chat model whose requests fail
must give "FAILED: N of M turns", no score and a non-zero exit — not "0 / 14". A summarizer
that only ever answers junk must not fail the run: its compactions are listed with their rung
(extractive), and the conversation is scored.
"""

from __future__ import annotations

import json
from typing import Any

from pi_desktop.context import SUMMARIZATION_SYSTEM_PROMPT
from pi_desktop.probe.__main__ import main
from tests.kit.openai_server import OpenAIServer, Reply
from tests.probe.test_probe_http import model as offline_model

KEY = "sk-probe-failures-1"


def _is_summary(body: dict[str, Any]) -> bool:
    messages = body.get("messages") or []
    return bool(messages) and messages[0].get("content") == SUMMARIZATION_SYSTEM_PROMPT


def _run(monkeypatch, capsys, responder, *extra: str) -> tuple[int, str, str, OpenAIServer]:
    monkeypatch.setenv("PROBE_KEY", KEY)
    with OpenAIServer(responder=responder) as server:
        argv = ["--provider", "custom", "--base-url", server.base_url, "--model", "chat",
                "--api-key-env", "PROBE_KEY", "--turns", "10", "--quiet", *extra]  # fmt: skip
        code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err, server


def test_failed_turns_are_failures_not_a_score(monkeypatch, capsys):
    state = {"chat": 0}

    def flaky(body: dict[str, Any]) -> Reply:
        if _is_summary(body):
            return offline_model(body)
        state["chat"] += 1
        if state["chat"] % 3 == 0:  # a non-transient error: no retry, the turn fails
            return Reply.http_error(400, "the model failed to produce a response")
        return offline_model(body)

    code, out, err, _ = _run(monkeypatch, capsys, flaky)
    assert code == 1, out
    assert "no score" in out and "FAILED:" in out
    assert "scripted turns failed" in out and "turn " in out
    assert "failed turns" in err
    assert KEY not in out and KEY not in err


def test_a_failed_run_prints_no_rows_in_json(monkeypatch, capsys):
    def broken(body: dict[str, Any]) -> Reply:
        if _is_summary(body):
            return offline_model(body)
        return Reply.http_error(400, "bad request")

    code, out, err, _ = _run(monkeypatch, capsys, broken, "--json")
    assert code == 1 and json.loads(out) == []
    assert "10 failed turns" in err


def test_a_junk_summarizer_lists_extractive_rungs_and_the_run_is_scored(monkeypatch, capsys):
    def junk_summaries(body: dict[str, Any]) -> Reply:
        if _is_summary(body):  # what a weak local model sends: the chat carried on
            return Reply(text="Sure! Let me continue with that: I'll read the file next.")
        return offline_model(body)

    code, out, err, server = _run(monkeypatch, capsys, junk_summaries)
    assert code == 0, err
    assert "FAILED" not in out and "no score" not in out
    lines = out.splitlines()
    assert lines[0].split() == ["summarizer", "probe", "score", "max", "%"]
    rungs = next(line for line in lines if "compaction rungs:" in line)
    assert "extractive" in rungs and "model" not in rungs.split("(")[0]
    # each failed input was sent once, then repaired once: never resent turn after turn
    summary_bodies = [json.dumps(b["messages"]) for b in server.requests if _is_summary(b)]
    assert len(summary_bodies) == len(set(summary_bodies))
