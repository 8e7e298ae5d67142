"""The offline provider with every request it is sent kept, for tests that read requests.

The real provider answers (tools, summaries, long texts); only the record is added, so a test
checks what the agent sent (pins, branch notes, summaries) without a mock in its place.
"""

from __future__ import annotations

from typing import Any

from pi_desktop.agent.offline import OfflineLLM
from pi_desktop.context import SUMMARIZATION_SYSTEM_PROMPT, Message


class RecordingLLM:
    """``OfflineLLM`` that keeps each request's messages in ``requests``, oldest first."""

    def __init__(self) -> None:
        self.inner = OfflineLLM()
        self.requests: list[list[Message]] = []

    async def chat(self, messages: Any, tools: Any = None, on_delta: Any = None) -> Any:
        self.requests.append(list(messages))
        return await self.inner.chat(messages, tools, on_delta)

    def summaries(self) -> int:
        """How many of the requests were the context engine's summarizer calls."""
        return sum(1 for r in self.requests if r and r[0].content == SUMMARIZATION_SYSTEM_PROMPT)
