"""OpenAIChatLLM end to end: the real ``openai`` client against the loopback server."""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from email.utils import formatdate

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_desktop.agent.llm import (
    ContextOverflowError,
    ProviderError,
    ServerUnreachableError,
    TransientProviderError,
)
from pi_desktop.agent.offline import OfflineLLM
from pi_desktop.agent.openai_llm import (
    OpenAIChatLLM,
    normalize_base_url,
    to_openai_messages,
)
from pi_desktop.agent.openai_stream import ToolCallAssembler
from pi_desktop.agent.presets import PRESETS, build_llm
from pi_desktop.context import Message
from tests.kit.openai_server import OVERFLOW_BODIES, OpenAIServer, Reply, ToolCall

SECRET = "sk-test-0123456789abcdefSECRET"
USER = [Message(role="system", content="persona"), Message(role="user", content="hello")]


def make_llm(server: OpenAIServer, **kw) -> OpenAIChatLLM:
    kw.setdefault("api_key", SECRET)
    return OpenAIChatLLM("test-model", base_url=server.base_url, **kw)


async def chat_error(llm: OpenAIChatLLM, **kw) -> BaseException:
    with pytest.raises(ProviderError) as info:
        await llm.chat(USER, **kw)
    return info.value


def assert_no_secret(exc: BaseException) -> None:
    for text in (str(exc), repr(exc), str(exc.args)):
        assert SECRET not in text
        assert "SECRET" not in text


@pytest.mark.asyncio
async def test_streams_text_through_on_delta_and_returns_usage(openai_server: OpenAIServer):
    openai_server.enqueue(Reply(text="Hello there, streaming world!", chunk_chars=4))
    deltas: list[str] = []
    async with make_llm(openai_server) as llm:
        resp = await llm.chat(USER, on_delta=deltas.append)
    assert resp.message.role == "assistant"
    assert resp.message.content == "Hello there, streaming world!"
    assert resp.message.metadata is None
    assert len(deltas) == 8 and "".join(deltas) == resp.message.content
    body = openai_server.last_request
    expected_prompt = len(json.dumps(body["messages"])) // 4
    assert resp.usage == {
        "prompt_tokens": expected_prompt,
        "completion_tokens": len(resp.message.content) // 4,
        "total_tokens": expected_prompt + len(resp.message.content) // 4,
    }
    assert resp.model == "test-model"
    assert resp.finish_reason == "stop"
    assert body["stream"] is True
    assert body["stream_options"] == {"include_usage": True}
    assert openai_server.request_headers[-1]["authorization"] == f"Bearer {SECRET}"


@pytest.mark.asyncio
async def test_async_on_delta_is_awaited(openai_server: OpenAIServer):
    openai_server.enqueue(Reply(text="abcdefghij", chunk_chars=3))
    seen: list[str] = []

    async def on_delta(text: str) -> None:
        await asyncio.sleep(0)
        seen.append(text)

    async with make_llm(openai_server) as llm:
        await llm.chat(USER, on_delta=on_delta)
    assert seen == ["abc", "def", "ghi", "j"]


@pytest.mark.asyncio
async def test_usage_absent_gives_none_and_model_comes_from_response(openai_server):
    openai_server.enqueue(Reply(text="ok", usage=None, model="served-model-7b"))
    async with make_llm(openai_server) as llm:
        resp = await llm.chat(USER)
    assert resp.usage is None
    assert resp.model == "served-model-7b"


@pytest.mark.asyncio
async def test_parallel_tool_calls_are_assembled_by_index(openai_server: OpenAIServer):
    calls = [
        ToolCall("read_file", {"path": "README.md", "limit": 20}, id="call_a"),
        ToolCall("grep", {"pattern": "TODO", "path": "src/ünï"}, id="call_b"),
        ToolCall("list_dir", {}, id="call_c"),
    ]
    openai_server.enqueue(Reply(text="Let me look.", tool_calls=calls))
    async with make_llm(openai_server) as llm:
        resp = await llm.chat(USER, tools=[_schema("read_file")])
    assert resp.finish_reason == "tool_calls"
    assert resp.message.content == "Let me look."
    got = resp.message.tool_calls
    assert [c["id"] for c in got] == ["call_a", "call_b", "call_c"]
    assert [c["function"]["name"] for c in got] == ["read_file", "grep", "list_dir"]
    assert [json.loads(c["function"]["arguments"]) for c in got] == [c.arguments for c in calls]
    assert all(c["type"] == "function" for c in got)


@pytest.mark.asyncio
async def test_garbage_tool_arguments_reach_the_caller_verbatim(openai_server: OpenAIServer):
    garbage = '{"path": "a.txt", "content": "unterminated'
    openai_server.enqueue(Reply(tool_calls=[ToolCall("write_file", garbage)]))
    async with make_llm(openai_server) as llm:
        resp = await llm.chat(USER, tools=[_schema("write_file")])
    (call,) = resp.message.tool_calls
    assert call["function"]["arguments"] == garbage
    assert call["id"]


@pytest.mark.asyncio
async def test_tools_none_and_empty_send_no_tools(openai_server: OpenAIServer):
    openai_server.enqueue(Reply(text="a"), Reply(text="b"), Reply(text="c"))
    async with make_llm(openai_server) as llm:
        await llm.chat(USER, tools=None)
        await llm.chat(USER, tools=[])
        await llm.chat(USER, tools=[_schema("read_file")])
    first, second, third = openai_server.requests
    assert "tools" not in first and "tools" not in second
    assert third["tools"] == [_schema("read_file")]


@pytest.mark.asyncio
async def test_messages_are_converted_without_extra_metadata(openai_server: OpenAIServer):
    call = {"id": "c1", "type": "function", "function": {"name": "grep", "arguments": {"x": 1}}}
    history = [
        Message(role="system", content="persona", metadata={"ui": "hidden"}),
        Message(role="user", content="find it", metadata={"entry_id": "e1"}),
        Message(role="assistant", content="", metadata={"tool_calls": [call], "stopped": True}),
        Message(role="tool", content="found", metadata={"tool_call_id": "c1", "name": "grep"}),
    ]
    openai_server.enqueue(Reply(text="done"))
    async with make_llm(openai_server, temperature=0.2, max_tokens=99) as llm:
        await llm.chat(history)
    body = openai_server.last_request
    assert body["messages"] == [
        {"role": "system", "content": "persona"},
        {"role": "user", "content": "find it"},
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {"name": "grep", "arguments": '{"x": 1}'},
                }
            ],
        },
        {"role": "tool", "content": "found", "tool_call_id": "c1"},
    ]
    assert to_openai_messages(history) == body["messages"]
    assert body["temperature"] == 0.2 and body["max_tokens"] == 99
    assert body["model"] == "test-model"


@pytest.mark.asyncio
async def test_one_client_serves_many_calls(openai_server: OpenAIServer):
    openai_server.responder = lambda body: Reply(text=f"turn {len(body['messages'])}")
    async with make_llm(openai_server) as llm:
        texts = []
        history = list(USER)
        for _ in range(25):
            resp = await llm.chat(history)
            texts.append(resp.message.content)
            history += [resp.message, Message(role="user", content="more")]
    assert texts == [f"turn {2 + 2 * i}" for i in range(25)]
    assert len(openai_server.requests) == 25


# ----------------------------------------------------------------------------------- faults


@pytest.mark.asyncio
async def test_429_with_retry_after_seconds(openai_server: OpenAIServer):
    openai_server.enqueue(Reply.rate_limited(retry_after="7"))
    async with make_llm(openai_server) as llm:
        exc = await chat_error(llm)
    assert isinstance(exc, TransientProviderError)
    assert exc.status == 429 and exc.retry_after == 7.0
    assert len(openai_server.requests) == 1  # the SDK did not retry on its own
    assert_no_secret(exc)


@pytest.mark.asyncio
async def test_429_with_retry_after_http_date(openai_server: OpenAIServer):

    openai_server.enqueue(
        Reply.rate_limited(retry_after=formatdate(time.time() + 120, usegmt=True))
    )
    async with make_llm(openai_server) as llm:
        exc = await chat_error(llm)
    assert isinstance(exc, TransientProviderError)
    assert exc.retry_after is not None and 60 < exc.retry_after <= 121


@pytest.mark.asyncio
@pytest.mark.parametrize("status", [500, 502, 503, 529])
async def test_5xx_is_transient(openai_server: OpenAIServer, status: int):
    openai_server.enqueue(Reply.server_error(status))
    async with make_llm(openai_server) as llm:
        exc = await chat_error(llm)
    assert isinstance(exc, TransientProviderError) and not isinstance(exc, ContextOverflowError)
    assert exc.status == status
    assert len(openai_server.requests) == 1


@pytest.mark.asyncio
@pytest.mark.parametrize("provider", sorted(OVERFLOW_BODIES))
async def test_every_providers_overflow_is_context_overflow(openai_server, provider: str):
    openai_server.enqueue(Reply.context_overflow(provider))
    async with make_llm(openai_server) as llm:
        exc = await chat_error(llm)
    assert isinstance(exc, ContextOverflowError), (provider, str(exc))
    assert not isinstance(exc, TransientProviderError)
    assert exc.status == OVERFLOW_BODIES[provider][0]


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("status", "needle"),
    [(401, "API key"), (403, "denied"), (404, "model name"), (400, "rejected"), (422, "rejected")],
)
async def test_permanent_errors_have_clear_messages(openai_server, status: int, needle: str):
    message = f"Incorrect API key provided: {SECRET}. Find your key at the dashboard"
    openai_server.enqueue(Reply.http_error(status, message))
    async with make_llm(openai_server) as llm:
        exc = await chat_error(llm)
    assert type(exc) is ProviderError
    assert exc.status == status
    assert needle in str(exc)
    assert_no_secret(exc)


@pytest.mark.asyncio
async def test_stream_cut_midway_is_transient_with_partial_text(openai_server: OpenAIServer):
    openai_server.enqueue(Reply.cut("The answer is forty-two, because", after_chars=12))
    deltas: list[str] = []
    async with make_llm(openai_server) as llm:
        exc = await chat_error(llm, on_delta=deltas.append)
    assert isinstance(exc, TransientProviderError)
    assert exc.partial == "The answer" and "".join(deltas) == exc.partial
    assert_no_secret(exc)


@pytest.mark.asyncio
async def test_error_event_midstream(openai_server: OpenAIServer):
    openai_server.enqueue(Reply.stream_error("Partial answer here", after_chars=10))
    async with make_llm(openai_server) as llm:
        exc = await chat_error(llm)
    assert isinstance(exc, TransientProviderError)
    assert exc.partial == "Partial an"
    assert "server had an error" in str(exc)


@pytest.mark.asyncio
async def test_overflow_error_event_midstream(openai_server: OpenAIServer):
    event = {"message": "Context size has been exceeded.", "type": "server_error"}
    openai_server.enqueue(Reply(text="abc", error_event_after_chars=0, error_event=event))
    async with make_llm(openai_server) as llm:
        exc = await chat_error(llm)
    assert isinstance(exc, ContextOverflowError)


@pytest.mark.asyncio
async def test_slow_first_byte_times_out_as_transient(openai_server: OpenAIServer):
    openai_server.enqueue(Reply.slow("late", delay=3.0))
    async with make_llm(openai_server, timeout=0.3) as llm:
        exc = await chat_error(llm)
    assert isinstance(exc, TransientProviderError)
    assert "timed out" in str(exc)


@pytest.mark.asyncio
async def test_slow_first_byte_within_timeout_succeeds(openai_server: OpenAIServer):
    openai_server.enqueue(Reply.slow("late but fine", delay=0.2))
    async with make_llm(openai_server, timeout=10) as llm:
        resp = await llm.chat(USER)
    assert resp.message.content == "late but fine"


@pytest.mark.asyncio
async def test_connection_refused_is_reported_at_once_in_plain_words():
    """Nothing listening: not a transient failure to retry three times (issue 17)."""
    server = OpenAIServer().start()
    base_url = server.base_url
    server.stop()
    async with OpenAIChatLLM("m", base_url=base_url, api_key=SECRET, timeout=5) as llm:
        exc = await chat_error(llm)
    assert isinstance(exc, ServerUnreachableError)
    assert not isinstance(exc, TransientProviderError)
    host_port = base_url.split("//", 1)[1].split("/", 1)[0]
    assert str(exc).startswith(f"Nothing is listening at {host_port}")
    assert exc.address == host_port
    assert_no_secret(exc)


@pytest.mark.asyncio
async def test_stream_without_finish_reason_is_treated_as_cut(openai_server: OpenAIServer):
    # a server that closes the stream cleanly but never says it finished: still incomplete
    openai_server.enqueue(Reply(text="half", finish_reason="", usage=None))
    async with make_llm(openai_server) as llm:
        exc = await chat_error(llm)
    assert isinstance(exc, TransientProviderError)
    assert exc.partial == "half"


def test_repr_and_describe_never_show_the_key():
    llm = OpenAIChatLLM("gpt-x", base_url="http://localhost:11434/v1", api_key=SECRET)
    assert SECRET not in repr(llm) and SECRET not in llm.describe()
    assert llm.describe() == "gpt-x @ localhost:11434"
    assert llm.name == "gpt-x"
    assert OpenAIChatLLM("gpt-y", api_key=SECRET).describe() == "gpt-y @ api.openai.com"


def _schema(name: str) -> dict:
    return {
        "type": "function",
        "function": {"name": name, "description": "d", "parameters": {"type": "object"}},
    }


# ----------------------------------------------------------------------------------- presets


def test_presets_cover_the_providers():
    assert set(PRESETS) == {
        "offline",
        "openai",
        "ollama",
        "lmstudio",
        "vllm",
        "dashscope",
        "deepseek",
        "openrouter",
        "llamacpp",
        "custom",
    }
    assert PRESETS["ollama"].base_url == "http://localhost:11434/v1"
    assert PRESETS["lmstudio"].base_url == "http://localhost:1234/v1"
    assert PRESETS["vllm"].base_url == "http://localhost:8000/v1"
    assert "compatible-mode" in (PRESETS["dashscope"].base_url or "")
    assert PRESETS["openai"].needs_api_key and PRESETS["openai"].api_key_env == "OPENAI_API_KEY"
    assert all(p.key == key and p.label for key, p in PRESETS.items())


def test_build_llm_offline_and_local():
    assert isinstance(build_llm("offline"), OfflineLLM)
    llm = build_llm("ollama")
    assert isinstance(llm, OpenAIChatLLM)
    assert llm.model == "llama3.2" and llm.describe() == "llama3.2 @ localhost:11434"
    other = build_llm("vllm", model="my/model", base_url="http://gpu-box:9000/v1", timeout=5)
    assert other.model == "my/model" and other.timeout == 5
    assert other.describe() == "my/model @ gpu-box:9000"


def test_build_llm_refuses_incomplete_choices(monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("PI_DESKTOP_API_KEY", raising=False)
    with pytest.raises(ValueError, match="OPENAI_API_KEY"):
        build_llm("openai")
    with pytest.raises(ValueError, match="base URL"):
        build_llm("custom", model="x")
    with pytest.raises(ValueError, match="model"):
        build_llm("custom", base_url="http://127.0.0.1:1/v1")
    with pytest.raises(ValueError, match="unknown provider"):
        build_llm("nope")


def test_build_llm_reads_the_key_from_the_environment(monkeypatch):
    monkeypatch.setenv("DASHSCOPE_API_KEY", SECRET)
    llm = build_llm("dashscope")
    assert isinstance(llm, OpenAIChatLLM) and llm.model == "qwen-plus"
    assert SECRET not in repr(llm)


@pytest.mark.asyncio
async def test_build_llm_custom_talks_to_the_server(openai_server: OpenAIServer, monkeypatch):
    monkeypatch.setenv("PI_DESKTOP_API_KEY", SECRET)
    openai_server.enqueue(Reply(text="hi from custom"))
    llm = build_llm("custom", base_url=openai_server.base_url, model="served")
    async with llm:
        resp = await llm.chat(USER)
    assert resp.message.content == "hi from custom"
    assert openai_server.last_request["model"] == "served"
    assert openai_server.request_headers[-1]["authorization"] == f"Bearer {SECRET}"


@pytest.mark.asyncio
async def test_no_key_configured_sends_a_placeholder_not_the_environment(
    openai_server: OpenAIServer, monkeypatch
):
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)  # must not leak to a local server
    openai_server.enqueue(Reply(text="ok"))
    async with build_llm("custom", base_url=openai_server.base_url, model="m") as llm:
        await llm.chat(USER)
    assert SECRET not in openai_server.request_headers[-1]["authorization"]


# ------------------------------------------------------------------- cancellation and server


@pytest.mark.asyncio
async def test_cancel_midstream_then_the_client_still_works(openai_server: OpenAIServer):
    openai_server.enqueue(Reply(text="x" * 400, chunk_chars=5, chunk_delay=0.02))
    openai_server.enqueue(Reply(text="after the stop"))
    async with make_llm(openai_server) as llm:
        first_delta = asyncio.Event()
        deltas: list[str] = []

        def on_delta(text: str) -> None:
            deltas.append(text)
            first_delta.set()

        task = asyncio.ensure_future(llm.chat(USER, on_delta=on_delta))
        await asyncio.wait_for(first_delta.wait(), 30)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert 0 < len("".join(deltas)) < 400
        resp = await llm.chat(USER)
    assert resp.message.content == "after the stop"


def test_server_speaks_non_streaming_too(openai_server: OpenAIServer):
    import openai

    call = ToolCall("read_file", {"path": "a.md"}, id="call_x")
    openai_server.enqueue(
        Reply(text="plain answer", tool_calls=[call]), Reply(text="no usage", usage=None)
    )
    client = openai.OpenAI(base_url=openai_server.base_url, api_key="k", max_retries=0)
    try:
        first = client.chat.completions.create(
            model="m", messages=[{"role": "user", "content": "hi"}]
        )
        second = client.chat.completions.create(
            model="m", messages=[{"role": "user", "content": "hello " * 50}]
        )
    finally:
        client.close()
    message = first.choices[0].message
    assert message.content == "plain answer"
    assert message.tool_calls[0].id == "call_x"
    assert message.tool_calls[0].function.arguments == '{"path": "a.md"}'
    assert first.choices[0].finish_reason == "tool_calls"
    assert first.usage is not None and first.usage.prompt_tokens > 0
    assert second.usage is None and second.choices[0].message.content == "no usage"
    bodies = openai_server.requests
    assert openai_server.max_prompt_chars() == len(json.dumps(bodies[1]["messages"]))
    assert openai_server.pending == 0


@pytest.mark.asyncio
async def test_unscripted_request_fails_loudly(openai_server: OpenAIServer):
    async with make_llm(openai_server) as llm:
        exc = await chat_error(llm)
    assert "no scripted reply" in str(exc)


@pytest.mark.asyncio
async def test_server_rejecting_stream_options_is_retried_without_it(openai_server):
    openai_server.enqueue(
        Reply.http_error(400, "Unrecognized request argument supplied: stream_options"),
        Reply(text="fine", usage=None),
        Reply(text="still fine", usage=None),
    )
    async with make_llm(openai_server) as llm:
        assert (await llm.chat(USER)).message.content == "fine"
        assert (await llm.chat(USER)).message.content == "still fine"
    first, second, third = openai_server.requests
    assert "stream_options" in first
    assert "stream_options" not in second and "stream_options" not in third
    assert second["stream"] is True


def _fragment(index, call_id=None, name=None, arguments=None):
    return {"index": index, "id": call_id, "function": {"name": name, "arguments": arguments}}


@settings(max_examples=100, deadline=None)
@given(
    calls=st.lists(
        st.tuples(st.text(min_size=1, max_size=20), st.text(max_size=120)), min_size=1, max_size=4
    ),
    data=st.data(),
)
def test_tool_call_fragments_reassemble_in_any_interleaving(calls, data):
    """Argument pieces of parallel calls may interleave; each call is rebuilt by its index."""
    queues = []
    for index, (name, args) in enumerate(calls):
        cuts = sorted(data.draw(st.lists(st.integers(0, len(args)), max_size=6)))
        bounds = [0, *cuts, len(args)]
        pieces = [args[a:b] for a, b in itertools.pairwise(bounds) if b > a]
        queue = [_fragment(index, f"id{index}", name, "")]
        queue += [_fragment(index, arguments=p) for p in pieces]
        queues.append(queue)
    assembler = ToolCallAssembler()
    while any(queues):
        live = [q for q in queues if q]
        queue = live[data.draw(st.integers(0, len(live) - 1))]
        assembler.add(queue.pop(0))
    result = assembler.result(prefix="x")
    assert [(c["id"], c["function"]["name"], c["function"]["arguments"]) for c in result] == [
        (f"id{i}", name, args) for i, (name, args) in enumerate(calls)
    ]


def test_fragments_without_index_or_id():
    assembler = ToolCallAssembler()
    assembler.add(_fragment(None, "a", "read_file", '{"pa'))
    assembler.add(_fragment(None, None, None, 'th": 1}'))
    assembler.add(_fragment(None, "b", "grep", "{}"))
    assembler.add(_fragment(None, None, "grep", None))  # a server repeating the name
    result = assembler.result(prefix="gen")
    assert [(c["id"], c["function"]["name"], c["function"]["arguments"]) for c in result] == [
        ("a", "read_file", '{"path": 1}'),
        ("b", "grep", "{}"),
    ]
    missing_id = ToolCallAssembler()
    missing_id.add(_fragment(0, None, "list_dir", "{}"))
    assert missing_id.result(prefix="gen")[0]["id"] == "gen_0"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (None, None),
        ("  ", None),
        ("http://localhost:11434/v1", "http://localhost:11434/v1"),
        (" http://localhost:11434/v1/ ", "http://localhost:11434/v1"),
        ("http://h:1/v1/chat/completions", "http://h:1/v1"),
        ("http://h:1/v1/chat/completions/", "http://h:1/v1"),
    ],
)
def test_base_url_is_normalised(raw, expected):
    assert normalize_base_url(raw) == expected


@pytest.mark.asyncio
async def test_pasted_full_endpoint_still_works(openai_server: OpenAIServer):
    openai_server.enqueue(Reply(text="ok"))
    url = openai_server.base_url + "/chat/completions/"
    async with OpenAIChatLLM("m", base_url=url) as llm:
        assert (await llm.chat(USER)).message.content == "ok"
    assert openai_server.paths[-1] == "/v1/chat/completions"


def test_the_apps_own_key_variable_wins_and_no_other_providers_key_is_used(monkeypatch):
    from pi_desktop.agent.presets import PRESETS, key_env_names, resolve_api_key

    monkeypatch.setenv("PI_DESKTOP_API_KEY", "sk-app")
    monkeypatch.setenv("DASHSCOPE_API_KEY", "sk-dashscope")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-openai")
    assert resolve_api_key(PRESETS["dashscope"], None) == "sk-app"
    assert resolve_api_key(PRESETS["dashscope"], "sk-explicit") == "sk-explicit"
    monkeypatch.delenv("PI_DESKTOP_API_KEY")
    assert resolve_api_key(PRESETS["dashscope"], None) == "sk-dashscope"
    assert "OPENAI_API_KEY" not in key_env_names(PRESETS["custom"])
    assert resolve_api_key(PRESETS["custom"], None) is None
