"""The probe's CLI against a real OpenAI-compatible server on 127.0.0.1, through the real client.

The server plays a model: the offline provider's rules answer chat requests, its extractive
summarizer answers summary requests, and a "forgetful" summarizer model drops the decisions —
so the table compares two summarizers the way a user would compare two real ones.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from pi_desktop.agent import OfflineLLM
from pi_desktop.agent.offline import is_summarizer_request, summarize_request
from pi_desktop.context import Message
from pi_desktop.probe import KINDS
from pi_desktop.probe.__main__ import main
from tests.kit.openai_server import OpenAIServer, Reply, ToolCall

KEY = "sk-probe-secret-123"


def _messages(body: dict[str, Any]) -> list[Message]:
    out = []
    for item in body["messages"]:
        metadata: dict[str, Any] = {}
        if item.get("tool_calls"):
            metadata["tool_calls"] = item["tool_calls"]
        if item.get("tool_call_id"):
            metadata["tool_call_id"] = item["tool_call_id"]
        out.append(Message(role=item["role"], content=item.get("content") or "",
                           metadata=metadata or None))  # fmt: skip
    return out


def _forget_decisions(summary: str) -> str:
    """A summarizer that leaves the decision out: its section, and every line stating it (the
    extractive summary also quotes the user's newest messages verbatim)."""
    summary = re.sub(r"(## Key Decisions\n)(?:- .*\n)+", r"\1- (none)\n", summary)
    return "\n".join(line for line in summary.splitlines() if "postgresql" not in line.lower())


def model(body: dict[str, Any]) -> Reply:
    messages = _messages(body)
    tools = body.get("tools")
    if body["model"] == "judge":
        return Reply(text="1", model="judge")
    if is_summarizer_request(messages, tools or []):
        text = summarize_request(messages[-1].content)
        if body["model"] == "forgetful":
            text = _forget_decisions(text)
        return Reply(text=text, model=body["model"])
    response = asyncio.run(OfflineLLM().chat(messages, tools))
    calls = [
        ToolCall(c["function"]["name"], c["function"]["arguments"], id=c["id"])
        for c in response.message.tool_calls or []
    ]
    return Reply(text=response.message.content, tool_calls=calls, model=body["model"])


def test_cli_compares_summarizers_on_a_real_server(monkeypatch, capsys):
    monkeypatch.setenv("PROBE_KEY", KEY)
    with OpenAIServer(responder=model) as server:
        argv = ["--provider", "custom", "--base-url", server.base_url, "--model", "chat",
                "--api-key-env", "PROBE_KEY", "--summarizer", "chat", "--summarizer",
                "forgetful", "--judge", "judge", "--turns", "12", "--json", "--quiet"]  # fmt: skip
        code = main(argv)
        models = [r["model"] for r in server.requests]
        keys = {h.get("authorization") for h in server.request_headers}
    out = capsys.readouterr()
    assert code == 0, out.err
    rows = json.loads(out.out)
    assert [(r["summarizer"], r["probe"]) for r in rows] == [
        (name, kind) for name in ("chat", "forgetful") for kind in (*KINDS, "all")
    ]
    assert {"chat", "forgetful", "judge"} <= set(models)
    assert keys == {f"Bearer {KEY}"}
    assert KEY not in out.out and KEY not in out.err
    total = {r["summarizer"]: r for r in rows if r["probe"] == "all"}
    assert total["chat"]["max"] == total["forgetful"]["max"]
    decision = {r["summarizer"]: r["score"] for r in rows if r["probe"] == "decision"}
    assert decision["forgetful"] < decision["chat"]  # the table tells the two apart
