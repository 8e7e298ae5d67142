"""Stream faults end to end: the real ``openai`` client against the loopback server.

A malformed, cut or truncated stream is a retryable provider error (never an internal one);
streams are bounded by an idle deadline keep-alives cannot reset, an overall deadline and a
line cap; a lone surrogate is replaced on receipt so it never poisons the next request.
"""

from __future__ import annotations

import json
import logging

import pytest

from pi_desktop.agent import Agent, RetryScheduled, RunFailed, RunFinished
from pi_desktop.agent.llm import ProviderError, TransientProviderError
from pi_desktop.agent.openai_llm import OpenAIChatLLM
from pi_desktop.agent.openai_stream import StreamState
from pi_desktop.agent.sse import StreamFormatError
from pi_desktop.context import Message
from tests.kit.agent_doubles import Recorder
from tests.kit.openai_server import OpenAIServer, Reply, ToolCall

USER = [Message(role="system", content="persona"), Message(role="user", content="hello")]


def make_llm(server: OpenAIServer, **kw) -> OpenAIChatLLM:
    kw.setdefault("api_key", "sk-test-stream-faults")
    return OpenAIChatLLM("test-model", base_url=server.base_url, **kw)


async def chat_error(llm: OpenAIChatLLM) -> ProviderError:
    with pytest.raises(ProviderError) as info:
        await llm.chat(USER)
    return info.value


def assert_clean_log(caplog: pytest.LogCaptureFixture) -> None:
    bad = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert not bad, [r.getMessage() for r in bad]
    assert "Traceback" not in caplog.text


# ------------------------------------------------------------------ malformed and truncated


@pytest.mark.asyncio
async def test_malformed_chunk_is_transient_with_partial_text(openai_server: OpenAIServer):
    openai_server.enqueue(Reply.malformed("Some answer text", after_chars=5))
    async with make_llm(openai_server) as llm:
        exc = await chat_error(llm)
    assert isinstance(exc, TransientProviderError)
    assert "malformed chunk" in str(exc) and "JSON" in str(exc)
    assert exc.partial == "Some "


@pytest.mark.asyncio
async def test_half_a_chunk_then_a_clean_end_is_transient(openai_server: OpenAIServer):
    openai_server.enqueue(Reply.truncated_chunk("Some answer text", after_chars=10))
    async with make_llm(openai_server) as llm:
        exc = await chat_error(llm)
    assert isinstance(exc, TransientProviderError)
    assert exc.partial == "Some answe"


@pytest.mark.asyncio
async def test_stream_without_finish_reason_or_done_is_transient(openai_server: OpenAIServer):
    openai_server.enqueue(Reply.truncated("Looks complete but is not"))
    async with make_llm(openai_server) as llm:
        exc = await chat_error(llm)
    assert isinstance(exc, TransientProviderError)
    assert "ended before the response was complete" in str(exc)
    assert exc.partial == "Looks complete but is not"


@pytest.mark.parametrize(
    "payload",
    [{"choices": 3}, {"choices": ["x"]}, {"choices": [{"delta": "text"}]}],
)
def test_json_that_is_not_a_chat_chunk_is_malformed(payload):
    with pytest.raises(StreamFormatError):
        StreamState(1024).apply(payload)


def test_empty_deltas_are_not_progress_but_text_and_finish_are():
    state = StreamState(1024)
    assert state.apply({"choices": [{"delta": {"content": ""}}]}) == (False, "", "")
    assert state.apply({"choices": [{"delta": {"role": "assistant"}}]}) == (False, "", "")
    assert state.apply({"choices": []}) == (False, "", "")
    assert state.apply({"choices": [{"delta": {"content": "a"}}]}) == (True, "a", "")
    assert state.apply({"choices": [{"delta": {}, "finish_reason": "stop"}]}) == (True, "", "")


def test_blank_reasoning_is_kept_but_is_not_progress():
    state = StreamState(1024)
    assert state.apply({"choices": [{"delta": {"reasoning_content": "  \n"}}]}) == (
        False,
        "",
        "  \n",
    )
    assert state.apply({"choices": [{"delta": {"reasoning": "\t"}}]}) == (False, "", "\t")
    assert state.apply({"choices": [{"delta": {"reasoning_content": "hm"}}]}) == (True, "", "hm")
    # blanks inside a <think> block are not progress either; the tag itself is
    assert state.apply({"choices": [{"delta": {"content": "<think>"}}]})[0] is True
    assert state.apply({"choices": [{"delta": {"content": "   "}}]}) == (False, "", "   ")


@pytest.mark.asyncio
async def test_agent_retries_a_malformed_stream_then_answers(
    openai_server: OpenAIServer, caplog: pytest.LogCaptureFixture
):
    caplog.set_level(logging.DEBUG)
    openai_server.enqueue(
        Reply.malformed("[broken] half", after_chars=4),
        Reply.truncated_chunk("[broken] cut", after_chars=4),
        Reply.truncated("[broken] no finish"),
        Reply(text="The real answer."),
    )
    async with make_llm(openai_server) as llm:
        agent = Agent(llm, max_retries=3, retry_base_delay=0.01)
        rec = Recorder()
        agent.subscribe(rec)
        assert await agent.run("hi") == "The real answer."
    assert [e.attempt for e in rec.of(RetryScheduled)] == [1, 2, 3]
    assert not rec.of(RunFailed) and len(rec.of(RunFinished)) == 1
    assert len(openai_server.requests) == 4
    assert_clean_log(caplog)


@pytest.mark.asyncio
async def test_agent_gives_a_provider_error_when_malformed_streams_persist(
    openai_server: OpenAIServer, caplog: pytest.LogCaptureFixture
):
    caplog.set_level(logging.DEBUG)
    openai_server.responder = lambda body: Reply.malformed("never whole", after_chars=0)
    async with make_llm(openai_server) as llm:
        agent = Agent(llm, max_retries=2, retry_base_delay=0.01)
        rec = Recorder()
        agent.subscribe(rec)
        assert await agent.run("hi") == ""
        (failed,) = rec.of(RunFailed)
        assert failed.kind == "provider"
        assert "malformed chunk" in failed.error and "Internal error" not in failed.error
        assert len(rec.of(RetryScheduled)) == 2
        assert agent.pending_turn() == "hi"  # the user can retry
        openai_server.responder = lambda body: Reply(text="now fine")
        assert await agent.resume() == "now fine"
    assert_clean_log(caplog)


# ------------------------------------------------------------------------------ deadlines


@pytest.mark.asyncio
@pytest.mark.parametrize("kind", ["comment", "empty_delta"])
async def test_keep_alives_do_not_reset_the_idle_deadline(openai_server: OpenAIServer, kind):
    openai_server.enqueue(Reply.trickle(kind, interval=0.05, text="Started"))
    async with make_llm(openai_server, idle_deadline=1.0, response_deadline=60) as llm:
        exc = await chat_error(llm)
    assert isinstance(exc, TransientProviderError)  # a stall: worth another try
    assert "stalled" in str(exc) and "keep-alives do not count" in str(exc)
    assert exc.partial == "Started"


@pytest.mark.asyncio
async def test_trickling_tokens_end_at_the_response_deadline(openai_server: OpenAIServer):
    openai_server.enqueue(Reply.trickle("tokens", interval=0.02, text="Go"))
    async with make_llm(openai_server, idle_deadline=1.0, response_deadline=2.0) as llm:
        exc = await chat_error(llm)
    assert type(exc) is ProviderError  # retrying a response that never ends would not help
    assert "response deadline" in str(exc)
    assert exc.partial.startswith("Go.") and set(exc.partial[2:]) == {"."}


@pytest.mark.asyncio
async def test_a_stalled_first_byte_hits_the_idle_deadline(openai_server: OpenAIServer):
    openai_server.enqueue(Reply.slow("late", delay=3.0), Reply(text="on time"))
    async with make_llm(openai_server, idle_deadline=0.3, timeout=30) as llm:
        exc = await chat_error(llm)
        assert isinstance(exc, TransientProviderError) and "stalled" in str(exc)
        assert (await llm.chat(USER)).message.content == "on time"


def test_deadlines_must_be_positive():
    with pytest.raises(ValueError):
        OpenAIChatLLM("m", idle_deadline=0)
    with pytest.raises(ValueError):
        OpenAIChatLLM("m", response_deadline=-1)
    llm = OpenAIChatLLM("m")
    assert (llm.response_deadline, llm.idle_deadline) == (600.0, 120.0)


# ------------------------------------------------------------------------------ line cap


@pytest.mark.asyncio
async def test_a_line_over_the_cap_stops_the_stream_and_the_client_still_works(
    openai_server: OpenAIServer,
):
    openai_server.enqueue(Reply.huge_line(8 << 20), Reply(text="small again"))
    async with make_llm(openai_server, max_line_bytes=1 << 20) as llm:
        exc = await chat_error(llm)
        assert type(exc) is ProviderError
        assert "larger than 1,048,576 bytes" in str(exc)
        assert (await llm.chat(USER)).message.content == "small again"


@pytest.mark.asyncio
async def test_a_response_over_the_total_cap_is_stopped(openai_server: OpenAIServer):
    openai_server.enqueue(Reply(text="z" * 600_000, chunk_chars=2_000), Reply(text="fine"))
    async with make_llm(openai_server, max_response_bytes=256 << 10) as llm:
        exc = await chat_error(llm)
        assert type(exc) is ProviderError and "response is larger than 262,144" in str(exc)
        assert 0 < len(exc.partial) < 262_144
        assert (await llm.chat(USER)).message.content == "fine"


@pytest.mark.asyncio
async def test_a_line_under_the_cap_is_fine(openai_server: OpenAIServer):
    openai_server.enqueue(Reply(text="y" * 200_000, chunk_chars=200_000))
    async with make_llm(openai_server, max_line_bytes=1 << 20) as llm:
        assert (await llm.chat(USER)).message.content == "y" * 200_000


# ------------------------------------------------------------------------ lone surrogates


@pytest.mark.asyncio
async def test_lone_surrogate_in_tool_arguments_never_poisons_the_next_request(
    openai_server: OpenAIServer,
):
    call = ToolCall("write_file", {"path": "a.txt", "content": "x\ud800y"}, id="call_s")
    openai_server.enqueue(Reply(text="bad \udc00 text", tool_calls=[call]), Reply(text="next"))
    deltas: list[str] = []
    async with make_llm(openai_server) as llm:
        first = await llm.chat(USER, on_delta=deltas.append)
        arguments = first.message.tool_calls[0]["function"]["arguments"]
        assert json.loads(arguments)["content"] == "x\ufffdy"
        assert first.message.content == "bad \ufffd text" == "".join(deltas)
        first.message.content.encode("utf-8")  # storable and sendable
        arguments.encode("utf-8")
        result = Message(role="tool", content="ok", metadata={"tool_call_id": "call_s"})
        second = await llm.chat([*USER, first.message, result])
    assert second.message.content == "next"
    sent = openai_server.last_request["messages"]
    assert json.loads(sent[2]["tool_calls"][0]["function"]["arguments"])["content"] == "x\ufffdy"


@pytest.mark.asyncio
async def test_agent_with_a_surrogate_tool_call_keeps_working(openai_server: OpenAIServer, session):
    from pi_desktop.agent import Tool

    async def echo(args):
        return f"got {args.get('text')!r}"

    tool = Tool("echo", "echo", {"type": "object"}, echo)
    openai_server.enqueue(
        Reply(tool_calls=[ToolCall("echo", {"text": "\ud800"})]),
        Reply(text="done"),
        Reply(text="and again"),
    )
    async with make_llm(openai_server) as llm:
        agent = Agent(llm, tools=[tool], session=session)
        assert await agent.run("go") == "done"
        assert await agent.run("more") == "and again"
    assert len(openai_server.requests) == 3


# ------------------------------------------------------------------------ Retry-After gate


@pytest.mark.asyncio
async def test_a_pending_retry_after_holds_every_client_of_that_server_and_key(
    openai_server: OpenAIServer,
):
    openai_server.enqueue(Reply.rate_limited(retry_after="30"), Reply(text="other key"))
    async with make_llm(openai_server) as chat, make_llm(openai_server) as summarizer:
        first = await chat_error(chat)
        assert isinstance(first, TransientProviderError) and first.retry_after == 30
        for client in (chat, summarizer):  # nothing is sent while the wait is pending
            held = await chat_error(client)
            assert isinstance(held, TransientProviderError)
            assert held.retry_after is not None and 0 < held.retry_after <= 30
            assert "asked to wait" in str(held)
        assert len(openai_server.requests) == 1
        async with make_llm(openai_server, api_key="sk-another-key") as other:
            assert (await other.chat(USER)).message.content == "other key"


@pytest.mark.asyncio
async def test_a_short_pending_retry_after_is_waited_out(openai_server: OpenAIServer):
    openai_server.enqueue(Reply.rate_limited(retry_after="0.3"), Reply(text="after the wait"))
    async with make_llm(openai_server) as llm:
        assert isinstance(await chat_error(llm), TransientProviderError)
        assert (await llm.chat(USER)).message.content == "after the wait"
    assert openai_server.verdict() == []
    assert [r.fault for r in openai_server.served] == [None, None]


@pytest.mark.asyncio
async def test_the_verdict_reports_a_request_sent_too_early(openai_server: OpenAIServer):
    """The verdict itself can fail: a raw client that ignores Retry-After is caught."""
    import openai

    openai_server.enqueue(Reply.rate_limited(retry_after="5"), Reply(text="too early"))
    client = openai.AsyncOpenAI(base_url=openai_server.base_url, api_key="k", max_retries=0)
    messages = [{"role": "user", "content": "hi"}]
    with pytest.raises(openai.RateLimitError):
        await client.chat.completions.create(model="m", messages=messages)
    await client.chat.completions.create(model="m", messages=messages)
    await client.close()
    (finding,) = openai_server.verdict()
    assert "request 1 re-sent" in finding and "before its Retry-After of 5 s" in finding
    assert openai_server.verdict(["kept [chaos-9] text"]) == [finding]


@pytest.mark.asyncio
async def test_a_hostile_nesting_depth_is_a_malformed_chunk_not_a_crash():
    from pi_desktop.agent.sse import SSEEvent

    deep = "[" * 200_000 + "]" * 200_000
    async with OpenAIChatLLM("m", base_url="http://127.0.0.1:9/v1") as llm:
        with pytest.raises(StreamFormatError):
            await llm._events([SSEEvent(None, deep)], StreamState(1 << 20), None)


@pytest.mark.asyncio
async def test_a_surrogate_in_an_error_event_is_cleaned_from_the_message(
    openai_server: OpenAIServer,
):
    event = {"message": "bad \ud800 thing", "type": "server_error"}
    openai_server.enqueue(Reply(text="abc", error_event_after_chars=0, error_event=event))
    async with make_llm(openai_server) as llm:
        exc = await chat_error(llm)
    assert "bad \ufffd thing" in str(exc)
    str(exc).encode("utf-8")


def test_rate_gate_holds_never_shorten_and_are_capped():
    from pi_desktop.agent.retry import RateGate

    now = [100.0]
    gate = RateGate(clock=lambda: now[0], max_hold=300)
    assert gate.remaining() == 0
    gate.hold(5)
    gate.hold(2)  # a later, shorter wait does not shorten the pending one
    gate.hold(None)
    assert gate.remaining() == 5
    now[0] += 4.5
    assert gate.remaining() == pytest.approx(0.5)
    gate.hold(86_400)  # a Retry-After a day away holds at most max_hold
    assert gate.remaining() == 300
    now[0] += 301
    assert gate.remaining() == 0


@pytest.mark.asyncio
async def test_a_server_that_ignores_stream_and_sends_json_still_answers(
    openai_server: OpenAIServer,
):
    call = ToolCall("read_file", {"path": "a\ud800.md"}, id="call_j")
    openai_server.enqueue(
        Reply(text="whole answer \udc00", tool_calls=[call], ignore_stream=True),
        Reply(text="y" * 5000, ignore_stream=True),
    )
    deltas: list[str] = []
    async with make_llm(openai_server, max_line_bytes=4096) as llm:
        resp = await llm.chat(USER, on_delta=deltas.append)
        assert resp.message.content == "whole answer \ufffd" == "".join(deltas)
        (got,) = resp.message.tool_calls
        assert got["id"] == "call_j" and json.loads(got["function"]["arguments"]) == {
            "path": "a\ufffd.md"
        }
        assert resp.finish_reason == "tool_calls" and resp.usage is not None
        exc = await chat_error(llm)  # a JSON body over the cap is refused, not buffered
        assert type(exc) is ProviderError and "larger than 4,096" in str(exc)


@pytest.mark.asyncio
@pytest.mark.parametrize(("status", "transient"), [(500, True), (400, False)])
async def test_a_huge_error_body_is_not_read_whole(
    openai_server: OpenAIServer, status: int, transient: bool
):
    openai_server.enqueue(Reply.http_error(status, "x" * (3 << 20)), Reply(text="recovered"))
    async with make_llm(openai_server) as llm:
        exc = await chat_error(llm)
        assert isinstance(exc, TransientProviderError) is transient
        assert exc.status == status and "larger than 1,048,576 bytes" in str(exc)
        assert (await llm.chat(USER)).message.content == "recovered"


@pytest.mark.asyncio
async def test_an_ordinary_error_body_is_still_read(openai_server: OpenAIServer):
    openai_server.enqueue(Reply.http_error(404, "model not found"))
    async with make_llm(openai_server) as llm:
        exc = await chat_error(llm)
    assert exc.status == 404 and "model not found" in str(exc)
