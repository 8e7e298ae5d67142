"""Hostile model output (issue 20): deeply nested arguments, a flood of tool calls, keys in
error messages. Driven through the real ``openai`` client against the loopback server, a real
session file and the real tools; each case is checked again on the file a restart would read.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from pi_desktop import safejson
from pi_desktop.agent import (
    Agent,
    OpenAIChatLLM,
    RunFailed,
    RunFinished,
    ToolCallFinished,
    ToolCallStarted,
    build_workspace_tools,
)
from pi_desktop.agent.errors import classify_http_error, redact
from pi_desktop.agent.tool_exec import MAX_CALLS_PER_MESSAGE, parse_arguments
from pi_desktop.agent.tools import ApprovalRequest
from pi_desktop.agent.tools.command import command_env
from pi_desktop.session import Session
from pi_desktop.session.export import export_bytes
from tests.kit.agent_doubles import Recorder, assert_paired, echo_tool, stored
from tests.kit.openai_server import OpenAIServer, Reply, ToolCall

DEEP = "[" * 100_000


# ------------------------------------------------------------------ bounded JSON


@pytest.mark.parametrize(
    "text",
    [DEEP, DEEP + "]" * 100_000, '{"a":' * 5_000 + "1" + "}" * 5_000, "[" * 65 + "]" * 65],
)
def test_bounded_json_refuses_deep_nesting_as_a_value_error(text):
    with pytest.raises(safejson.JSONLimitError, match="deeper"):
        safejson.loads(text)
    arguments, problem = parse_arguments(text)
    assert arguments is None and "deeper" in problem


def test_bounded_json_reads_what_real_arguments_look_like():
    wide = "[" + ",".join("[1, 2]" for _ in range(10_000)) + "]"
    assert len(safejson.loads(wide)) == 10_000
    assert safejson.loads('{"path": "a[b]{c}.txt", "n": [[1]]}')["n"] == [[1]]
    with pytest.raises(safejson.JSONLimitError, match="characters"):
        safejson.loads("1" * 100, max_chars=10)
    assert safejson.dumps_or_none([[[1]]], max_depth=2) is None


@pytest.mark.asyncio
async def test_a_call_with_arguments_nested_100000_deep_is_an_error_result_and_restarts(
    tmp_path: Path, openai_server: OpenAIServer
):
    seen: list[dict] = []
    openai_server.enqueue(
        Reply(tool_calls=[ToolCall("echo", DEEP, id="deep")]), Reply(text="sorry, fixed")
    )
    path = tmp_path / "chat.jsonl"
    async with OpenAIChatLLM("m", base_url=openai_server.base_url, api_key="sk-t") as llm:
        with Session.create(path, system_prompt="terse", fsync=False) as session:
            agent = Agent(llm, [echo_tool(seen)], session=session)
            rec = Recorder()
            agent.subscribe(rec)
            assert await agent.run("go") == "sorry, fixed"
    assert not rec.of(RunFailed) and rec.of(RunFinished)
    finished = rec.of(ToolCallFinished)[0]
    assert finished.is_error and "deeper than 64 levels" in finished.result and seen == []
    # the model read the error in its next request
    tool_message = openai_server.requests[1]["messages"][-1]
    assert tool_message["role"] == "tool" and "deeper" in tool_message["content"]
    # a restart reads the session, builds an agent on it and exports it
    history = stored(path)
    assert_paired(history)
    with Session.load(path, fsync=False) as again:
        assert again.problems == []
        Agent(llm, [echo_tool()], session=again)
        for fmt in ("markdown", "html", "jsonl"):
            data = export_bytes(again, fmt)
            assert data
        assert b"unreadable arguments" in export_bytes(again, "markdown")


@pytest.mark.asyncio
async def test_a_session_left_with_a_dangling_deep_call_by_an_older_version_opens(tmp_path):
    """What the old version left behind: the deep call stored, its result missing."""
    from pi_desktop.context import Message

    path = tmp_path / "old.jsonl"
    with Session.create(path, fsync=False) as s:
        s.append_message(Message(role="user", content="go"))
        call = {"id": "c1", "type": "function", "function": {"name": "echo", "arguments": DEEP}}
        s.append_message(Message(role="assistant", metadata={"tool_calls": [call]}))
    with Session.load(path, fsync=False) as again:
        agent = Agent(_NoLLM(), [echo_tool()], session=again)
        assert agent.estimate_now().estimated_tokens > 0
        export_bytes(again, "html")
        export_bytes(again, "markdown")


class _NoLLM:
    async def chat(self, messages, tools=None, on_delta=None):  # pragma: no cover - unused
        raise AssertionError("no request expected")


# ------------------------------------------------------------------ a flood of tool calls


@pytest.mark.asyncio
async def test_ten_thousand_calls_in_one_answer_run_at_most_the_cap(
    tmp_path: Path, openai_server: OpenAIServer
):
    seen: list[dict] = []
    flood = [ToolCall("echo", {"text": f"n{i}"}) for i in range(10_000)]
    openai_server.enqueue(Reply(tool_calls=flood), Reply(text="ok, fewer next time"))
    path = tmp_path / "chat.jsonl"
    async with OpenAIChatLLM("m", base_url=openai_server.base_url, api_key="sk-t") as llm:
        with Session.create(path, fsync=False) as session:
            agent = Agent(llm, [echo_tool(seen)], session=session)
            rec = Recorder()
            agent.subscribe(rec)
            assert await agent.run("flood") == "ok, fewer next time"
    assert len(seen) == MAX_CALLS_PER_MESSAGE
    assert [a["text"] for a in seen] == [f"n{i}" for i in range(MAX_CALLS_PER_MESSAGE)]
    finished = rec.of(ToolCallFinished)
    assert len(finished) == MAX_CALLS_PER_MESSAGE + 1
    assert len(rec.of(ToolCallStarted)) == MAX_CALLS_PER_MESSAGE + 1
    refusal = finished[-1]
    assert refusal.is_error and "10,000 tool calls" in refusal.result
    assert "at most 64" in refusal.result
    assert len(rec.events) < 500  # was 30,011
    # the model reads the refusal; the request carries the kept calls only
    sent = openai_server.requests[1]["messages"]
    assert len([m for m in sent if m["role"] == "tool"]) == MAX_CALLS_PER_MESSAGE + 1
    assert "not run" in sent[-1]["content"]
    lines = path.read_bytes().count(b"\n")
    assert lines < 2 * MAX_CALLS_PER_MESSAGE + 10  # was 10,005
    history = stored(path)
    assert_paired(history)
    assert history[1].metadata["tool_calls_dropped"] == 10_000 - MAX_CALLS_PER_MESSAGE - 1


@pytest.mark.asyncio
async def test_a_flood_of_write_calls_asks_one_approval_at_a_time(
    tmp_path: Path, openai_server: OpenAIServer
):
    """Ask mode with an approver that counts how many questions are open at once."""
    open_now = most = 0
    asked: list[ApprovalRequest] = []

    async def approver(request: ApprovalRequest) -> bool:
        nonlocal open_now, most
        open_now += 1
        most = max(most, open_now)
        asked.append(request)
        await asyncio.sleep(0)
        open_now -= 1
        return False

    workspace = tmp_path / "ws"
    workspace.mkdir()
    flood = [ToolCall("write_file", {"path": f"f{i}.txt", "content": "x"}) for i in range(10_000)]
    openai_server.enqueue(Reply(tool_calls=flood), Reply(text="done"))
    tools = build_workspace_tools(workspace, approve=approver)
    async with OpenAIChatLLM("m", base_url=openai_server.base_url, api_key="sk-t") as llm:
        agent = Agent(llm, tools)
        assert await agent.run("write everything") == "done"
    assert most == 1 and len(asked) == MAX_CALLS_PER_MESSAGE
    assert list(workspace.iterdir()) == []


# ------------------------------------------------------------------ environment and keys


def test_the_command_environment_names_each_locale_variable():
    environ = {
        "LC_SECRET_TOKEN": "s3cret",
        "LC_X_KEY": "k",
        "LC_ALL": "C.UTF-8",
        "LC_TIME": "C",
        "LANG": "en_US.UTF-8",
        "PATH": "/usr/bin",
    }
    env = command_env(environ)
    assert "LC_SECRET_TOKEN" not in env and "LC_X_KEY" not in env
    assert env["LC_ALL"] == "C.UTF-8" and env["LC_TIME"] == "C" and env["LANG"]


KEY = "sk-proj-Q7vXk2LmN9pR4sT6uW8yZ1aB3cD5eF7gH9jK"


@pytest.mark.parametrize(
    "shown",
    [
        KEY,
        KEY.replace("-", "%2D"),
        KEY.replace("-", "%2d"),
        f"key={KEY.replace('-', '%2D')}&x=1",
        KEY[-20:],  # a long tail
        KEY[10:30],  # the middle
        "Bearer%20" + KEY[8:],
        "sk%2Dother%2DAAAAbbbbCCCCdddd",  # a key we do not know, URL-encoded
    ],
)
def test_keys_are_masked_whole_encoded_or_in_part(shown):
    message = f"Unauthorized: invalid key {shown} for the request"
    out = redact(message, [KEY])
    assert KEY[8:] not in out and KEY[-12:] not in out and KEY[10:22] not in out
    assert "%2D" not in out.upper() or "x=1" in out
    assert "***" in out and out.startswith("Unauthorized: invalid key ")
    assert out.endswith(" for the request")


def test_masking_keeps_ordinary_text():
    text = "the model gpt-4o-mini at https://api.example.com/v1 said: rate limited (429)"
    assert redact(text, [KEY]) == text
    assert redact("a proj-level quota", [KEY]) == "a proj-level quota"


def test_the_run_failed_message_masks_an_encoded_key():
    body = {"error": {"message": f"Invalid key sk%2Dproj%2D{KEY[8:]} (tail …{KEY[-16:]})"}}
    error = classify_http_error(401, body, provider="proxy", secrets=[KEY])
    assert KEY[8:] not in str(error) and KEY[-16:] not in str(error) and "***" in str(error)
