"""Fixtures shared by the agent tests: a loopback server, a client on it, a session file."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from pi_desktop.agent import OpenAIChatLLM
from pi_desktop.session import Session
from tests.kit.agent_doubles import make_session
from tests.kit.openai_server import OpenAIServer


@pytest.fixture
def openai_server() -> Iterator[OpenAIServer]:
    """A started :class:`OpenAIServer` on 127.0.0.1; stopped (and its threads joined) after."""
    server = OpenAIServer().start()
    try:
        yield server
    finally:
        server.stop()


@pytest_asyncio.fixture
async def llm(openai_server: OpenAIServer) -> AsyncIterator[OpenAIChatLLM]:
    """The real ``openai``-based client talking to ``openai_server``."""
    async with OpenAIChatLLM(
        "test-model", base_url=openai_server.base_url, api_key="sk-test-key"
    ) as client:
        yield client


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    """A new session file (``chat.jsonl``, persona "You are terse.", no fsync), closed after."""
    s = make_session(tmp_path)
    yield s
    s.close()
