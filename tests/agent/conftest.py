"""Fixtures for provider tests: a fresh loopback OpenAI-compatible server per test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.openai_server import OpenAIServer


@pytest.fixture
def openai_server() -> Iterator[OpenAIServer]:
    """A started :class:`OpenAIServer` on 127.0.0.1; stopped (and its threads joined) after."""
    server = OpenAIServer().start()
    try:
        yield server
    finally:
        server.stop()
