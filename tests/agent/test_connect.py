"""Settings' backend: the model list, the connection test, the missing-key warning (issue 17)."""

from __future__ import annotations

import time

import pytest

from pi_desktop.agent import Agent, RetryScheduled, RunFailed
from pi_desktop.agent.connect import ProviderConfig, list_models, test_connection
from pi_desktop.agent.llm import ProviderError, ServerUnreachableError
from pi_desktop.agent.presets import build_llm, missing_key
from tests.kit.agent_doubles import Recorder
from tests.kit.provider_formats import ProviderServer, Turn

test_connection.__test__ = False  # a function of the app, not a test


def free_port() -> int:
    server = ProviderServer("ollama").start()
    port = int(server.root.rsplit(":", 1)[1])
    server.stop()
    return port


@pytest.mark.asyncio
async def test_fetch_models_lists_the_servers_models_sorted():
    with ProviderServer("ollama", models=("qwen3:0.6b", "Llama3.2", "deepseek-r1:1.5b")) as srv:
        models = await list_models(ProviderConfig("ollama", base_url=srv.base_url))
    assert models == ["deepseek-r1:1.5b", "Llama3.2", "qwen3:0.6b"]


@pytest.mark.asyncio
async def test_fetch_models_with_a_refused_key_says_so():
    with (
        ProviderServer("openai", api_key="sk-right") as srv,
        pytest.raises(ProviderError) as caught,
    ):
        await list_models(ProviderConfig("openai", base_url=srv.base_url, api_key="sk-wrong"))
    assert caught.value.status == 401
    assert "sk-wrong" not in str(caught.value)


@pytest.mark.asyncio
async def test_connection_ok_in_plain_words():
    with ProviderServer("deepseek", lambda b: Turn(text="OK", reasoning="hm"), api_key="k") as srv:
        result = await test_connection(
            ProviderConfig("deepseek", model="deepseek-chat", base_url=srv.base_url, api_key="k")
        )
        body = srv.chat_requests()[-1]
    assert result.ok and result.message.startswith("Connected: deepseek-chat answered in ")
    assert body["max_tokens"] == 16 and len(body["messages"]) == 1  # one tiny request


@pytest.mark.asyncio
async def test_connection_with_a_refused_key():
    with ProviderServer("openrouter", api_key="sk-or-right") as srv:
        result = await test_connection(
            ProviderConfig("openrouter", base_url=srv.base_url, api_key="sk-or-wrong")
        )
    assert not result.ok
    assert result.message.startswith("The key was refused (401)")
    assert "sk-or-wrong" not in result.message


@pytest.mark.asyncio
async def test_connection_to_nothing_listening_is_reported_at_once():
    port = free_port()
    started = time.monotonic()
    result = await test_connection(
        ProviderConfig("ollama", base_url=f"http://127.0.0.1:{port}/v1", timeout=30)
    )
    assert not result.ok
    assert result.message == (
        f"Nothing is listening at 127.0.0.1:{port}."  # no hint: not a well-known port
    )
    assert time.monotonic() - started < 10  # no retries (the bound is generous: no timing claim)


def test_the_ollama_port_gets_the_ollama_hint():
    from pi_desktop.agent.errors import unreachable_message

    assert unreachable_message("127.0.0.1:11434") == (
        "Nothing is listening at 127.0.0.1:11434 — is Ollama running (`ollama serve`)?"
    )


@pytest.mark.asyncio
async def test_a_run_against_nothing_fails_once_without_retries():
    port = free_port()
    llm = build_llm("ollama", base_url=f"http://127.0.0.1:{port}/v1")
    agent = Agent(llm, retry_base_delay=5.0)
    events = Recorder()
    agent.subscribe(events)
    assert await agent.run("hello") == ""
    await llm.aclose()
    assert events.of(RetryScheduled) == []
    (failed,) = events.of(RunFailed)
    assert failed.error.startswith(f"Nothing is listening at 127.0.0.1:{port}")


@pytest.mark.asyncio
async def test_connection_with_an_unknown_model_lists_what_the_server_has():
    with ProviderServer(
        "vllm", models=("Qwen/Qwen3-8B", "Qwen/Qwen3-32B"), strict_models=True
    ) as srv:
        result = await test_connection(ProviderConfig("vllm", model="qwen3", base_url=srv.base_url))
        good = await test_connection(
            ProviderConfig("vllm", model="Qwen/Qwen3-8B", base_url=srv.base_url)
        )
    assert not result.ok
    assert result.message == (
        "The server has no model named 'qwen3' (404). It offers: Qwen/Qwen3-32B, Qwen/Qwen3-8B"
    )
    assert good.ok


def test_missing_key_warning():
    assert missing_key("openai", None) == (
        "OpenAI needs an API key: enter it here or set OPENAI_API_KEY."
    )
    assert missing_key("openai", "sk-1") is None
    assert missing_key("ollama", None) is None
    assert missing_key("offline", None) is None


def test_missing_key_reads_the_environment(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("DEEPSEEK_API_KEY", "sk-env")
    assert missing_key("deepseek", None) is None
    monkeypatch.delenv("DEEPSEEK_API_KEY")
    assert "DEEPSEEK_API_KEY" in (missing_key("deepseek", "") or "")


@pytest.mark.asyncio
async def test_connection_without_a_needed_key_says_so_before_sending():
    result = await test_connection(ProviderConfig("dashscope"))
    assert not result.ok and "needs an API key" in result.message


@pytest.mark.asyncio
async def test_unreachable_is_its_own_error_class():
    port = free_port()
    with pytest.raises(ServerUnreachableError) as caught:
        await list_models(ProviderConfig("lmstudio", base_url=f"http://127.0.0.1:{port}/v1"))
    assert caught.value.address == f"127.0.0.1:{port}"


@pytest.mark.asyncio
async def test_the_connection_test_names_ollamas_context_and_warns_over_it():
    with ProviderServer("ollama") as srv:  # no num_ctx in the model: Ollama's default applies
        result = await test_connection(
            ProviderConfig("ollama", model="qwen3:0.6b", base_url=srv.base_url)
        )
    assert result.ok and result.window is not None and result.window.tokens == 4096
    assert result.message.endswith(
        "Context window: 4,096 tokens (its default; the model does not set one)."
    )
    assert result.budget_warning(4000) is None
    warning = result.budget_warning(32_000)
    assert warning is not None and warning.startswith("Ollama truncates silently at")


@pytest.mark.asyncio
async def test_the_connection_test_names_llama_cpps_window():
    with ProviderServer("llamacpp", window=8192) as srv:
        result = await test_connection(ProviderConfig("llamacpp", base_url=srv.base_url))
    assert result.ok and "Context window: 8,192 tokens." in result.message
    assert result.budget_warning(32_000) == (
        "The server's context window is 8,192 tokens (llama.cpp /props n_ctx), smaller than the "
        "budget of 32,000: the app will use 7,372."
    )
