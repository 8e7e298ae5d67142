"""One run's loop: prepare → chat → usage → tools → repeat, until the model stops calling tools.

The Agent (``agent.py``) owns a run as a whole (one at a time, the terminal event, what is
appended first); this object owns what happens between: each model call with its streaming,
retries and the single overflow retry, the tool calls, and storing every message so the session
is consistent at every await point (an assistant message with tool calls is stored together
with one result per call, so a Stop or a crash never leaves dangling calls).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pi_desktop.agent.events import (
    MessageAdded,
    ReasoningDelta,
    RetryScheduled,
    TextDelta,
    TextRetracted,
)
from pi_desktop.agent.llm import (
    LLM,
    ChatResponse,
    ContextOverflowError,
    TransientProviderError,
    accepts_keyword,
)
from pi_desktop.agent.retry import RetryPolicy, call_with_retries
from pi_desktop.agent.stats import ResponseClock, response_stats
from pi_desktop.agent.tool_exec import (
    ToolCall,
    index_tools,
    normalize_tool_calls,
    run_tool_calls,
)
from pi_desktop.context import Message
from pi_desktop.context.reasoning import without_ignored_reasoning
from pi_desktop.usertext import text_of

if TYPE_CHECKING:
    from pi_desktop.agent.context_steps import ContextSteps
    from pi_desktop.agent.history import History
    from pi_desktop.agent.provider_steps import ProviderSteps
    from pi_desktop.agent.tool import Tool


class StepLimitReached(Exception):
    """The model kept calling tools past ``max_steps``."""


@dataclass
class Turn:
    """Mutable state of one run: the step count and the text streamed by the current call."""

    steps: int = 0
    streamed: list[str] = field(default_factory=list)
    reasoning: list[str] = field(default_factory=list)
    final_text: str = ""
    clock: ResponseClock = field(default_factory=ResponseClock)


class RunLoop:
    """The steps of a run on ``llm`` with ``tools``, whose schemas ride with every request.

    ``history`` is where messages are stored; ``context`` prepares each view and records
    usage; ``provider`` handles what real servers get wrong; ``emit`` reports the events;
    ``retry`` sets the backoff for transient failures; ``max_steps`` caps model calls per run;
    ``offload(result)`` gives a large tool result its L3 file at once (its path, or None).
    """

    def __init__(
        self,
        llm: LLM,
        history: History,
        context: ContextSteps,
        provider: ProviderSteps,
        emit: Callable[[Any], None],
        *,
        tools: list[Tool],
        tool_schemas: list[dict[str, Any]],
        retry: RetryPolicy,
        max_steps: int,
        offload: Callable[[Message], str | None],
    ) -> None:
        self._llm = llm
        self._streams_reasoning = accepts_keyword(llm.chat, "on_reasoning")
        self._takes_retract = accepts_keyword(llm.chat, "on_retract")
        self._history = history
        self._context = context
        self._provider = provider
        self._emit = emit
        self._tools = index_tools(tools)
        self._tool_schemas = tool_schemas
        self._retry = retry
        self._max_steps = max_steps
        self._offload = offload

    def store(
        self,
        messages: list[Message],
        path_ids: list[str | None],
        msg: Message,
        stats: dict[str, Any] | None = None,
    ) -> None:
        """Append ``msg`` to the history (and the run's own copy of it); one ``MessageAdded``."""
        entry_id = self._history.append(msg, stats)
        messages.append(without_ignored_reasoning(msg))  # the session keeps all of it
        path_ids.append(entry_id)
        self._emit(MessageAdded(msg, entry_id, stats))

    async def run(self, messages: list[Message], path_ids: list[str | None], turn: Turn) -> str:
        """Loop until the model answers without tool calls; returns that answer's text."""
        await self._provider.know_server()
        while True:
            if turn.steps >= self._max_steps:
                raise StepLimitReached
            turn.steps += 1
            view = await self._context.prepare(messages, path_ids)
            response = await self._chat(messages, path_ids, view, turn)
            self._context.record_usage(response)
            if response.usage is None:
                await self._provider.anchor_by_tokenizer()
            stats = response_stats(response.usage, response.model, turn.clock)
            assistant, calls = normalize_tool_calls(_as_assistant(response.message), turn.steps)
            self._provider.after_answer(assistant, bool(calls))
            if not calls:
                self.store(messages, path_ids, assistant, stats)
                return assistant.content
            await self._run_tools(messages, path_ids, assistant, calls, stats)

    async def _chat(
        self,
        messages: list[Message],
        path_ids: list[str | None],
        view: list[Message],
        turn: Turn,
    ) -> ChatResponse:
        """One model call with transient retries and the single overflow retry.

        Text streamed before a Stop is stored, marked ``stopped`` (the user chose to keep what
        was there). Text streamed by a failed attempt is void, whether the attempt is retried
        (``RetryScheduled`` tells the window) or the run fails: the failed request's fragment
        is not an answer, and the window's "retry" resends from the question without it.
        """
        turn.streamed = []
        turn.reasoning = []
        clock = turn.clock = ResponseClock()
        loop = asyncio.get_running_loop()

        def on_delta(chunk: str) -> None:
            if chunk:
                clock.delta(loop.time())
                turn.streamed.append(chunk)
                self._emit(TextDelta(chunk))

        def on_reasoning(chunk: str) -> None:
            if chunk:
                clock.delta(loop.time())
                turn.reasoning.append(chunk)
                self._emit(ReasoningDelta(chunk))

        def on_retract() -> None:
            turn.streamed = []
            self._emit(TextRetracted())

        def on_retry(attempt: int, delay: float, error: TransientProviderError) -> None:
            turn.streamed = []
            turn.reasoning = []
            self._emit(RetryScheduled(attempt, delay, text_of(error)))

        tools = self._tool_schemas or None
        extra: dict[str, Any] = {"on_reasoning": on_reasoning} if self._streams_reasoning else {}
        if self._takes_retract:
            extra["on_retract"] = on_retract

        async def attempt(sent: list[Message]) -> ChatResponse:
            clock.start(loop.time())
            response = await self._llm.chat(sent, tools, on_delta, **extra)
            clock.finish(loop.time())
            return response

        overflow_retried = False
        try:
            while True:
                try:
                    return await call_with_retries(
                        lambda sent=view: self._provider.send(attempt, sent),
                        self._retry,
                        on_retry,
                    )
                except ContextOverflowError as exc:
                    turn.streamed = []
                    turn.reasoning = []
                    if overflow_retried or self._context.budget is None:
                        raise
                    overflow_retried = True
                    self._context.learn_window(exc)
                    view = await self._context.compact_after_overflow(messages, path_ids, exc)
        except asyncio.CancelledError:
            self._keep_partial(messages, path_ids, "".join(turn.streamed), "".join(turn.reasoning))
            raise

    def _keep_partial(
        self, messages: list[Message], path_ids: list[str | None], text: str, reasoning: str = ""
    ) -> None:
        """Store a half-streamed answer (and its reasoning), marked ``stopped`` so the window
        can say so."""
        if not text and not reasoning.strip():
            return
        metadata: dict[str, Any] = {"stopped": True}
        if reasoning.strip():
            metadata["reasoning"] = reasoning
        self.store(messages, path_ids, Message(role="assistant", content=text, metadata=metadata))

    async def _run_tools(
        self,
        messages: list[Message],
        path_ids: list[str | None],
        assistant: Message,
        calls: list[ToolCall],
        stats: dict[str, Any] | None = None,
    ) -> None:
        """Run the calls, then store the assistant message and every result together.

        ``run_tool_calls`` answers every call even when the run is cancelled mid-way, so the
        stored pairing is always complete.
        """
        results: list[Message] = []
        try:
            await run_tool_calls(
                calls,
                self._tools,
                self._emit,
                self._offload,
                results,
            )
        finally:
            self.store(messages, path_ids, assistant, stats)
            for result in results:
                self.store(messages, path_ids, result)


def _as_assistant(message: Message) -> Message:
    if message.role == "assistant":
        return message
    return message.model_copy(update={"role": "assistant"})
