"""The agent's pure parts: retry policy, tool-call normalisation and execution, history mapping."""

from __future__ import annotations

import asyncio
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_desktop.agent.history import MemoryHistory, hidden_entry_ids
from pi_desktop.agent.llm import ContextOverflowError, ProviderError, TransientProviderError
from pi_desktop.agent.retry import RetryPolicy, as_transient, call_with_retries
from pi_desktop.agent.tool import Tool, ToolError
from pi_desktop.agent.tool_exec import (
    CANCELLED_RESULT,
    ToolCall,
    cancelled_outcome,
    execute_tool_call,
    index_tools,
    normalize_tool_calls,
    parse_arguments,
    tool_result_message,
)
from pi_desktop.context import Message

# ------------------------------------------------------------------ retry policy


def test_backoff_doubles_and_caps() -> None:
    policy = RetryPolicy(max_retries=5, base_delay=1.0, max_delay=5.0)
    assert [policy.delay_for(n) for n in range(1, 6)] == [1.0, 2.0, 4.0, 5.0, 5.0]
    assert policy.delay_for(6) is None
    assert policy.delay_for(0) is None


def test_retry_after_is_honoured_exactly_and_refused_when_absurd() -> None:
    policy = RetryPolicy(max_retries=3, base_delay=8.0, max_retry_after=120.0)
    assert policy.delay_for(1, retry_after=0.25) == 0.25  # shorter than our backoff: theirs wins
    assert policy.delay_for(2, retry_after=30.0) == 30.0
    assert policy.delay_for(1, retry_after=121.0) is None  # a clear failure beats a silent hang


def test_no_retries_policy_gives_up_at_once() -> None:
    assert RetryPolicy(max_retries=0).delay_for(1) is None
    with pytest.raises(ValueError):
        RetryPolicy(max_retries=-1)


def test_raw_timeouts_and_connection_drops_count_as_transient() -> None:
    assert isinstance(as_transient(TimeoutError()), TransientProviderError)
    assert isinstance(as_transient(ConnectionResetError()), TransientProviderError)
    assert as_transient(ValueError("x")) is None
    assert as_transient(ContextOverflowError("too long")) is None


def _flaky(errors: list[BaseException], result: str = "ok"):
    calls = {"n": 0}

    async def call() -> str:
        calls["n"] += 1
        if errors:
            raise errors.pop(0)
        return result

    return call, calls


@pytest.mark.asyncio
async def test_call_with_retries_sleeps_per_policy_and_reports_each_retry() -> None:
    slept: list[float] = []
    notices: list[tuple[int, float, str]] = []

    async def sleep(delay: float) -> None:
        slept.append(delay)

    call, calls = _flaky(
        [TransientProviderError("429", retry_after=7.0), TransientProviderError("503")]
    )
    result = await call_with_retries(
        call,
        RetryPolicy(max_retries=3, base_delay=0.5),
        lambda attempt, delay, err: notices.append((attempt, delay, str(err))),
        sleep=sleep,
    )
    assert result == "ok"
    assert calls["n"] == 3
    assert slept == [7.0, 1.0]
    assert notices == [(1, 7.0, "429"), (2, 1.0, "503")]


@pytest.mark.asyncio
async def test_call_with_retries_raises_the_last_transient_error_when_exhausted() -> None:
    async def sleep(delay: float) -> None:
        return None

    errors: list[BaseException] = [TransientProviderError(f"fail {n}") for n in range(3)]
    call, calls = _flaky(errors)
    with pytest.raises(TransientProviderError, match="fail 2"):
        await call_with_retries(call, RetryPolicy(max_retries=2), sleep=sleep)
    assert calls["n"] == 3


@pytest.mark.asyncio
async def test_overflow_and_permanent_errors_are_never_retried() -> None:
    for error in (ContextOverflowError("too long"), ProviderError("401")):
        call, calls = _flaky([error])
        with pytest.raises(type(error)):
            await call_with_retries(call, RetryPolicy(max_retries=3), sleep=asyncio.sleep)
        assert calls["n"] == 1


# ------------------------------------------------------------------ tool calls


def _assistant(*calls: dict) -> Message:
    return Message(role="assistant", content="", metadata={"tool_calls": list(calls)})


def _call(call_id: str | None, name: str, arguments: object) -> dict:
    raw: dict = {"type": "function", "function": {"name": name, "arguments": arguments}}
    if call_id is not None:
        raw["id"] = call_id
    return raw


def test_normalize_keeps_a_well_formed_message_as_is() -> None:
    msg = _assistant(_call("c1", "read", '{"path": "a"}'))
    fixed, calls = normalize_tool_calls(msg, step=1)
    assert fixed is msg
    assert calls == [ToolCall("c1", "read", '{"path": "a"}')]


def test_normalize_fills_missing_and_duplicate_ids_and_stringifies_arguments() -> None:
    msg = _assistant(_call(None, "a", {"x": 1}), _call("dup", "b", ""), _call("dup", "c", None))
    fixed, calls = normalize_tool_calls(msg, step=3)
    ids = [c.id for c in calls]
    assert len(set(ids)) == 3 and all(ids)
    assert calls[0].raw_arguments == '{"x": 1}'
    assert [c["id"] for c in fixed.tool_calls] == ids  # results will pair with the stored calls
    assert msg.tool_calls[0].get("id") is None  # the input was not mutated


def test_normalize_without_calls_returns_no_calls() -> None:
    msg = Message(role="assistant", content="hi")
    assert normalize_tool_calls(msg, 1) == (msg, [])


@settings(max_examples=100, deadline=None)
@given(st.lists(st.one_of(st.none(), st.sampled_from(["a", "b", "call_1_0", ""])), max_size=8))
def test_normalized_ids_are_always_unique_and_non_empty(ids: list[str | None]) -> None:
    msg = _assistant(*(_call(i, "t", "{}") for i in ids))
    fixed, calls = normalize_tool_calls(msg, step=1)
    assert len(calls) == len(ids)
    assert len({c.id for c in calls}) == len(ids)
    assert all(c.id for c in calls)
    assert [c["id"] for c in fixed.tool_calls] == [c.id for c in calls]


@pytest.mark.parametrize(
    ("raw", "ok"),
    [
        ("", True),
        ("  ", True),
        ('{"a": 1}', True),
        ("{bad", False),
        ("[1, 2]", False),
        ("3", False),
    ],
)
def test_parse_arguments(raw: str, ok: bool) -> None:
    value, problem = parse_arguments(raw)
    assert (value is not None) is ok
    assert (problem is None) is ok


def _echo_tool(name: str = "echo", required: list[str] | None = None) -> Tool:
    async def handler(args: dict) -> str:
        return json.dumps(args, sort_keys=True)

    params = {"type": "object", "properties": {"text": {"type": "string"}}}
    if required:
        params["required"] = required
    return Tool(name, "echo the arguments", params, handler)


@pytest.mark.asyncio
async def test_execute_runs_the_handler_with_parsed_arguments() -> None:
    tools = index_tools([_echo_tool()])
    outcome = await execute_tool_call(ToolCall("c", "echo", '{"text": "hi"}'), tools)
    assert not outcome.is_error
    assert outcome.result == '{"text": "hi"}'
    assert outcome.arguments == {"text": "hi"}


@pytest.mark.asyncio
async def test_execute_turns_every_failure_into_a_readable_error_result() -> None:
    async def refuses(args: dict) -> str:
        raise ToolError("path is outside the workspace")

    async def crashes(args: dict) -> str:
        raise KeyError("boom")

    tools = index_tools(
        [
            _echo_tool(required=["text"]),
            Tool("refuses", "", {"type": "object"}, refuses),
            Tool("crashes", "", {"type": "object"}, crashes),
        ]
    )
    cases = {
        ToolCall("1", "nope", "{}"): "unknown tool 'nope'. Available tools: crashes, echo, refuses",
        ToolCall("2", "echo", '{"text": '): "not valid JSON",
        ToolCall("3", "echo", "[1]"): "must be a JSON object",
        ToolCall("4", "echo", "{}"): "missing required argument(s): text",
        ToolCall("5", "refuses", "{}"): "Error: path is outside the workspace",
        ToolCall("6", "crashes", "{}"): "the tool crashes failed: KeyError",
    }
    for call, expected in cases.items():
        outcome = await execute_tool_call(call, tools)
        assert outcome.is_error, call
        assert expected in outcome.result, (call, outcome.result)
    bad = await execute_tool_call(ToolCall("7", "echo", '{"text": '), tools)
    assert bad.arguments == '{"text": '  # the raw string, so the window can show what was sent


@pytest.mark.asyncio
async def test_execute_lets_cancellation_through() -> None:
    started = asyncio.Event()

    async def waits(args: dict) -> str:
        started.set()
        await asyncio.Event().wait()
        return "never"

    tools = index_tools([Tool("waits", "", {"type": "object"}, waits)])
    task = asyncio.ensure_future(execute_tool_call(ToolCall("c", "waits", "{}"), tools))
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


@pytest.mark.asyncio
async def test_non_string_results_are_serialised() -> None:
    async def returns_dict(args: dict) -> dict:
        return {"files": ["a", "b"]}

    tools = index_tools([Tool("d", "", {"type": "object"}, returns_dict)])  # type: ignore[arg-type]
    outcome = await execute_tool_call(ToolCall("c", "d", ""), tools)
    assert json.loads(outcome.result) == {"files": ["a", "b"]}


def test_result_messages_pair_with_their_call() -> None:
    call = ToolCall("call_9", "echo", "{}")
    ok = tool_result_message(call, cancelled_outcome(call))
    assert ok.role == "tool" and ok.tool_call_id == "call_9"
    assert ok.metadata == {"tool_call_id": "call_9", "name": "echo", "is_error": True}
    assert ok.content == CANCELLED_RESULT


def test_duplicate_tool_names_are_refused() -> None:
    with pytest.raises(ValueError, match="echo"):
        index_tools([_echo_tool(), _echo_tool()])


# ------------------------------------------------------------------ history


def test_hidden_indices_map_to_entry_ids_with_and_without_system() -> None:
    ids: list[str | None] = ["e0", "e1", "e2", "e3"]
    assert hidden_entry_ids((1, 2), 5, ids) == ("e0", "e1")  # [system] + 4 entries
    assert hidden_entry_ids((0, 3), 4, ids) == ("e0", "e3")  # no system prompt
    assert hidden_entry_ids((0, 9), 5, ids) == ()  # the system message and out of range


def test_memory_history_keeps_system_first_and_has_no_ids() -> None:
    history = MemoryHistory("be brief")
    assert history.append(Message(role="user", content="hi")) is None
    messages, ids = history.snapshot()
    assert [m.role for m in messages] == ["system", "user"]
    assert ids == [None]
    messages.clear()
    assert len(history.snapshot()[0]) == 2  # callers get copies


# ------------------------------------------------------------------ events


def test_emitter_isolates_subscribers_and_survives_async_ones_without_a_loop() -> None:
    from pi_desktop.agent.emitter import EventEmitter
    from pi_desktop.agent.events import Notice

    emitter = EventEmitter()
    got: list[object] = []
    ran: list[object] = []

    def broken(event: object) -> None:
        raise ValueError("bug")

    async def needs_a_loop(event: object) -> None:
        ran.append(event)

    emitter.subscribe(broken)
    emitter.subscribe(needs_a_loop)
    stop = emitter.subscribe(got.append)
    emitter.emit(Notice("one"))  # no running loop here: the coroutine is closed, not leaked
    stop()
    emitter.emit(Notice("two"))
    assert got == [Notice("one")] and ran == []


def test_session_history_reuses_its_fold_until_the_session_moves(tmp_path) -> None:
    from pi_desktop.agent.history import SessionHistory
    from pi_desktop.session import Session

    session = Session.create(tmp_path / "h.jsonl", system_prompt="sys", fsync=False)
    try:
        history = SessionHistory(session)
        first = Message(role="user", content="one")
        first_id = history.append(first)
        messages, ids = history.snapshot()
        assert ids == [first_id] and messages[1].content == "one"
        reply = Message(role="assistant", content="two")
        reply_id = history.append(reply)
        messages, ids = history.snapshot()
        assert messages[2] is reply and ids == [first_id, reply_id]  # same objects: memo hits
        assert messages == session.get_full_history_messages()

        session.append_message(Message(role="user", content="from elsewhere"))
        messages, ids = history.snapshot()
        assert [m.content for m in messages] == ["sys", "one", "two", "from elsewhere"]
        session.rewind(first_id)
        assert [m.content for m in history.snapshot()[0]] == ["sys", "one"]
        session.set_system_prompt("other")
        assert history.snapshot()[0][0].content == "other"
        assert history.snapshot()[1] == [e.id for e in session.get_current_path()]
    finally:
        session.close()


def test_usage_anchor_leaves_out_the_tool_schemas() -> None:
    from pi_desktop.agent.schema_budget import schema_tokens, usage_for_anchor

    usage = {"prompt_tokens": 1_000, "completion_tokens": 5}
    assert usage_for_anchor(usage, 0) is usage  # no tools: unchanged
    assert usage_for_anchor(usage, 500) == {"prompt_tokens": 500, "completion_tokens": 5}
    assert usage_for_anchor(usage, 1_000) is None  # nothing left to anchor on
    assert usage_for_anchor(None, 500) is None
    assert usage_for_anchor({"completion_tokens": 3}, 500) == {"completion_tokens": 3}
    assert usage == {"prompt_tokens": 1_000, "completion_tokens": 5}  # input untouched
    schemas = [{"type": "function", "function": {"name": "x" * n}} for n in range(1, 4)]
    chars = len(json.dumps(schemas))
    assert schema_tokens(schemas) == -(-chars // 4) >= chars / 4  # rounded up, never under
    assert schema_tokens([]) == 0


@settings(max_examples=150, deadline=None)
@given(
    n=st.integers(min_value=0, max_value=40),
    system=st.booleans(),
    covered=st.integers(min_value=0, max_value=45),
    snip=st.tuples(st.integers(min_value=0, max_value=45), st.integers(min_value=0, max_value=12)),
    as_tuple=st.booleans(),
    none_ids=st.booleans(),
)
def test_span_based_hidden_ids_equal_the_index_based_mapping(
    n: int,
    system: bool,
    covered: int,
    snip: tuple[int, int],
    as_tuple: bool,
    none_ids: bool,
) -> None:
    from pi_desktop.agent.history import report_hidden_entry_ids
    from pi_desktop.context import PrepareReport

    path_ids: list[str | None] = [None if none_ids and k % 3 == 0 else f"e{k}" for k in range(n)]
    count = n + int(system)
    snipped: tuple[int, ...] | range = range(snip[0], snip[0] + snip[1])
    if as_tuple:
        snipped = tuple(snipped)
    report = PrepareReport(
        input_count=count,
        view_count=0,
        tokens=0,
        budget=1,
        threshold_tokens=1,
        ratio=0.25,
        covered_count=covered,
        snipped=snipped,
    )
    expected = hidden_entry_ids(report.hidden, count, path_ids)
    assert report_hidden_entry_ids(report, count, path_ids) == expected


def test_the_agent_is_composed_not_mixed_in() -> None:
    """Issue 19: ``Agent`` is a façade over parts built with explicit arguments; no part is a
    base class reading the Agent's private fields, and no part module knows the Agent."""
    import ast
    import inspect
    from pathlib import Path

    from pi_desktop.agent import Agent
    from pi_desktop.agent.context_steps import ContextSteps
    from pi_desktop.agent.pins_notes import SessionPinsAndNotes
    from pi_desktop.agent.provider_steps import ProviderSteps
    from pi_desktop.agent.run_loop import RunLoop

    assert Agent.__bases__ == (object,)
    for part in (ContextSteps, SessionPinsAndNotes, ProviderSteps, RunLoop):
        tree = ast.parse(Path(inspect.getfile(part)).read_text())
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert "pi_desktop.agent.agent" not in imported, part
        cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == part.__name__)
        declared = {  # private fields are set in __init__, not read from a host class
            target.attr
            for node in ast.walk(cls)
            if isinstance(node, ast.Assign)
            for target in node.targets
            if isinstance(target, ast.Attribute)
        }
        read = {
            node.attr
            for node in ast.walk(cls)
            if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        }
        methods = {
            n.name for n in cls.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
        }
        assert read <= declared | methods, (part.__name__, read - declared - methods)
