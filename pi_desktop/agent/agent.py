"""The Agent: prepare → compaction → chat → usage → tools → repeat (DESIGN §5).

It coordinates the ContextManager (the view), the Session via the bridge (the truth), the LLM
and the tools, and reports everything as events; it never touches Qt. What it does with the
context engine (prepare, compaction, estimates, usage) is in ``context_steps``; pins and
branch summaries in ``steering``. The session is kept
consistent at every await point: an assistant message with tool calls is stored together with
one result per call, so a Stop (task cancellation) or a crash never leaves dangling calls.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pi_desktop.agent.bridge import ContextSessionBridge
from pi_desktop.agent.context_steps import ContextSteps
from pi_desktop.agent.emitter import EventEmitter, Subscriber
from pi_desktop.agent.events import (
    CompactionStarted,
    HistoryRepaired,
    MessageAdded,
    ReasoningDelta,
    RetryScheduled,
    RunFailed,
    RunFinished,
    RunStarted,
    TextDelta,
    TextRetracted,
)
from pi_desktop.agent.history import (
    History,
    MemoryHistory,
    SessionHistory,
    adopt_system_prompt,
    unanswered_turn,
)
from pi_desktop.agent.llm import (
    LLM,
    ChatResponse,
    ContextOverflowError,
    ProviderError,
    TransientProviderError,
    accepts_keyword,
)
from pi_desktop.agent.provider_steps import ProviderSteps
from pi_desktop.agent.repair import PairRepair
from pi_desktop.agent.retry import RetryPolicy, call_with_retries
from pi_desktop.agent.stats import ResponseClock, response_stats
from pi_desktop.agent.steering import Steering
from pi_desktop.agent.tool import Tool
from pi_desktop.agent.tool_exec import (
    ToolCall,
    index_tools,
    normalize_tool_calls,
    run_tool_calls,
    tool_schemas,
)
from pi_desktop.agent.view import (
    SummaryProbe,
    offload_now,
    schema_tokens,
)
from pi_desktop.context import (
    ContextManager,
    Message,
    TurnTooLarge,
)
from pi_desktop.context.reasoning import without_ignored_reasoning
from pi_desktop.session import RewindError, Session, SessionError

log = logging.getLogger(__name__)


class _StepLimitReached(Exception):
    """The model kept calling tools past ``max_steps``."""


@dataclass
class _Turn:
    """Mutable state of one ``run``: the step count and the text streamed by the current call."""

    steps: int = 0
    streamed: list[str] = field(default_factory=list)
    reasoning: list[str] = field(default_factory=list)
    final_text: str = ""
    clock: ResponseClock = field(default_factory=ResponseClock)


class Agent(ContextSteps, ProviderSteps, Steering):
    """Runs a conversation with tools on one LLM, with context management and persistence.

    ``context_budget=None`` disables context management (every request sends the full
    history). With a ``session`` the conversation lives in its file and the compaction cache is
    restored on construction, so a restarted app spends no API call on old history; without
    one the history is kept in memory.

    The session also keeps the usage anchor (so a restart estimates exactly as the live app)
    and a window a provider's overflow error stated (the budget drops to fit it, one
    ``Notice``). The history sent is repaired, never the file (``history_repairs``; a
    ``HistoryRepaired`` event at the start of a run names the entries).

    Every run ends with exactly one terminal event: ``RunFinished`` (``stopped=True`` after a
    cancellation, and ``run`` then re-raises ``CancelledError``) or ``RunFailed`` with kind
    ``provider``, ``overflow``, ``too_large`` (the new message alone cannot fit the view: refused
    before it is stored or summarized), ``max_steps``, ``session`` or ``error`` (an internal bug,
    logged with its traceback). A failed ``run`` returns ``""`` and never raises, so the
    window reports each failure once; headless callers read ``last_error``. ``resume``
    answers what a failed run left unanswered (the window's Retry).

    The tool schemas ride with every chat request, so they are reserved out of the budget
    (``ContextManager.reserved_tokens``) and every ``ContextPrepared`` / ``ContextCompacted``
    figure is the whole request. A budget whose threshold the schemas alone fill fails each
    run with kind ``overflow`` before anything is sent.

    ``CompactionStarted`` is emitted only when a summary really runs: right before the first
    summarizer request of an automatic compaction, or first thing in ``compact()`` and in the
    overflow recovery. Every one is followed by a ``ContextPrepared`` (and by a
    ``ContextCompacted`` when the summary succeeded) unless the run is stopped, which ends with
    ``RunFinished(stopped=True)``.

    ``threshold`` is the fraction of the budget a view may fill before a summary runs;
    ``snip_policy`` is the ContextManager's: ``"summarize"`` (messages the message limit pushes
    out are summarized first) or ``"drop"`` (the seed's pure L1 drop), the limit following the
    budget, or ``"summarize-50"`` / ``"drop-50"`` at the seed's fixed 50; ``max_steps`` caps model
    calls per ``run``; ``max_retries`` / ``retry_base_delay`` set the backoff for transient
    failures (doubling from the base, or the server's Retry-After).

    Ordering the window relies on: ``ReasoningDelta``s and ``TextDelta``s of a step (a
    ``TextRetracted`` voids the step's text so far: it was reasoning), then
    ``ToolCallStarted`` / ``ToolCallFinished`` per call, then ``MessageAdded`` for the
    assistant message (with its ``stats``) and for each result together (they are stored
    together so no call is ever left unanswered). Reasoning is kept in the message and the
    file; a plain answer's reasoning is left out of the history sent (no provider reads it).
    """

    def __init__(
        self,
        llm: LLM,
        tools: Sequence[Tool] | None = None,
        session: Session | None = None,
        context_budget: int | None = None,
        system_prompt: str | None = None,
        keep_recent_tokens: int | None = None,
        *,
        summarizer: LLM | None = None,
        threshold: float = 0.8,
        snip_policy: str = "summarize",
        max_steps: int = 25,
        max_retries: int = 3,
        retry_base_delay: float = 1.0,
    ) -> None:
        if context_budget is not None and context_budget <= 0:
            raise ValueError("context_budget must be a positive number of tokens or None")
        if not 0 < threshold <= 1:
            raise ValueError("threshold must be in (0, 1]")
        if max_steps < 1:
            raise ValueError("max_steps must be >= 1")
        self._llm = llm
        self._streams_reasoning = accepts_keyword(llm.chat, "on_reasoning")
        self._takes_retract = accepts_keyword(llm.chat, "on_retract")
        self._summarizer_llm = summarizer or llm
        self._tool_list = list(tools or ())
        self._tools = index_tools(self._tool_list)
        self._tool_schemas = tool_schemas(self._tool_list)
        self._tools_tokens = schema_tokens(self._tool_schemas)
        self._session = session
        self._budget = context_budget
        self._threshold = threshold
        self._max_steps = max_steps
        self._retry = RetryPolicy(max_retries=max_retries, base_delay=retry_base_delay)
        self._events = EventEmitter()
        self._emit = self._events.emit
        self._busy = False
        self._last_error: RunFailed | None = None

        self._history: History
        self._bridge: ContextSessionBridge | None = None
        if session is not None:
            adopt_system_prompt(session, system_prompt)
            self._history = SessionHistory(session)
            self._bridge = ContextSessionBridge(session)
        else:
            self._history = MemoryHistory(system_prompt)

        self._probe = SummaryProbe(
            summarizer or llm,
            self._announce_compaction,
            policy=self._retry,
            on_retry=lambda attempt, delay, error: self._emit(
                RetryScheduled(attempt, delay, f"Summary: {error}")
            ),
        )
        self._results_dir = self._bridge.results_dir() if self._bridge is not None else None
        self._ctx: ContextManager | None = None
        if context_budget is not None:
            self._ctx = ContextManager(
                context_budget,
                llm,
                keep_recent_tokens,
                self._results_dir,
                threshold,
                summarizer=self._probe,
                reserved_tokens=self._tools_tokens,
                snip_policy=snip_policy,
            )
            if self._bridge is not None:  # what the live app had: budget, anchor, cache
                self._bridge.restore_all(self._ctx)
                self._budget = self._ctx.budget

    # ---------------------------------------------------------------- properties

    @property
    def session(self) -> Session | None:
        return self._session

    @property
    def context(self) -> ContextManager | None:
        """The ContextManager, or None when context management is off."""
        return self._ctx

    @property
    def is_busy(self) -> bool:
        """True while ``run`` or ``compact`` is in progress."""
        return self._busy

    @property
    def budget(self) -> int | None:
        return self._budget

    @property
    def threshold(self) -> float:
        return self._threshold

    @property
    def llm(self) -> LLM:
        return self._llm

    @property
    def tools(self) -> list[Tool]:
        return list(self._tool_list)

    @property
    def max_steps(self) -> int:
        return self._max_steps

    @property
    def last_error(self) -> RunFailed | None:
        """The ``RunFailed`` of the latest run, None when it succeeded or was stopped."""
        return self._last_error

    @property
    def history_repairs(self) -> tuple[PairRepair, ...]:
        """What the history sent for the current path repairs (see ``HistoryRepaired``); the
        file is not. The snapshot is cached per path position, so asking is cheap."""
        self._history.snapshot()
        return self._history.repairs

    @property
    def summarizer_calls(self) -> int:
        """Summarizer requests made by this agent (the restart test expects 0)."""
        return self._probe.calls

    # ---------------------------------------------------------------- events

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(event)`` for every event; returns a function that unsubscribes.

        A callback that raises is logged and skipped; one returning an awaitable has it
        scheduled on the running loop.
        """
        return self._events.subscribe(callback)

    def unsubscribe(self, callback: Subscriber) -> None:
        """Stop sending events to ``callback`` (no error if it was not subscribed)."""
        self._events.unsubscribe(callback)

    def _announce_compaction(self) -> None:
        self._emit(CompactionStarted(manual=False))

    # ---------------------------------------------------------------- public actions

    async def run(self, user_text: str) -> str:
        """Send ``user_text`` and loop until the model answers without tool calls.

        Returns the final assistant text ("" when the run failed; see ``RunFailed``).
        """
        self._begin()
        return await self._drive(user_text, Message(role="user", content=user_text))

    async def resume(self) -> str:
        """Answer the unanswered turn the conversation ends with, appending nothing first.

        This is the window's Retry after a failed run: the path ends with the user's message
        (the request failed) or with tool results the model has not answered yet (the run
        failed or was stopped after the tools ran). The loop re-runs on the stored history, so
        no duplicate user message and no new branch. Events and guarantees are those of
        ``run``; ``RunStarted`` carries the pending user text. Raises ``RuntimeError`` when
        there is nothing to resume (see ``pending_turn``) or while a run is in progress.
        """
        if self._busy:
            raise RuntimeError("the agent is already running; wait for it or stop it first")
        pending = self.pending_turn()
        if pending is None:
            raise RuntimeError(
                "nothing to resume: the conversation does not end with an unanswered message"
            )
        self._begin()
        return await self._drive(pending, None)

    async def run_from(
        self,
        parent_id: str | None,
        user_text: str,
        *,
        on_branched: Callable[[str], Awaitable[Any]] | None = None,
    ) -> str:
        """Send ``user_text`` as a new branch from ``parent_id`` (None: a new first message).

        Edit and resend: the old branch stays in the session's tree. A parent below the
        compaction floor raises ``RewindError`` before anything is appended or emitted; a
        message too large for the view fails the run (``too_large``) before the position moves.
        ``on_branched(entry_id)`` is awaited once the new message is stored and before the
        first request, so steering it writes (the summary of the branch an edited first
        message leaves, which can only hang off the new message) reaches that request; its
        failure is logged and the run goes on.
        """
        if self._session is None:
            raise RuntimeError("run_from needs a session: the in-memory history has no entry ids")
        if parent_id is not None and not self._session.can_rewind(parent_id):
            self._session.rewind(parent_id)  # raises the RewindError that says why
        if parent_id is None and self._session.compaction_floor is not None:
            raise RewindError("the first message lies below the compaction floor; fork instead")
        self._begin()
        return await self._drive(
            user_text,
            Message(role="user", content=user_text),
            branch_from=(parent_id,),
            on_branched=on_branched,
        )

    def pending_turn(self) -> str | None:
        """The user text of the unanswered turn at the end of the path, or None if answered.

        The window enables Retry (``resume``) when this is not None.
        """
        messages, _ = self._history.snapshot()
        return unanswered_turn(messages)

    async def _drive(
        self,
        user_text: str,
        first: Message | None,
        *,
        branch_from: tuple[str | None] | None = None,
        on_branched: Callable[[str], Awaitable[Any]] | None = None,
    ) -> str:
        """One run: ``RunStarted``, append ``first`` (if any), the loop, one terminal event.

        ``branch_from=(parent_id,)`` stores ``first`` as a new branch from ``parent_id`` (a
        new first message when it is None), once ``first`` is known to fit.
        """
        self._last_error = None
        turn = _Turn()
        try:
            self._emit(RunStarted(user_text))
            messages, path_ids = self._history.snapshot()
            if self._history.repairs:
                self._emit(HistoryRepaired(self._history.repairs))
            if first is not None:
                # refused before it is stored: nothing to undo (a budget the tool schemas fill
                # is another failure, "overflow", reported by the first prepare)
                if self._ctx is not None and self._ctx.view_limit > 0:
                    self._ctx.check_turn([*messages[:1], first])  # the system prompt + first
                if branch_from is not None:
                    messages, path_ids = self._branch(branch_from[0], first)
                    if on_branched is not None and path_ids and path_ids[-1] is not None:
                        await _branched(on_branched, path_ids[-1])
                else:
                    self._append(messages, path_ids, first)
            turn.final_text = await self._loop(messages, path_ids, turn)
        except asyncio.CancelledError:
            self._busy = False
            self._emit(RunFinished("".join(turn.streamed), turn.steps, stopped=True))
            raise
        except _StepLimitReached:
            self._fail(
                f"Stopped after {turn.steps} model calls without a final answer (the step "
                "limit). Everything so far is saved; send a message to let it continue.",
                "max_steps",
            )
            return ""
        except TurnTooLarge as exc:  # no summary can make room for the newest turn
            self._fail(str(exc), "too_large")
            return ""
        except ContextOverflowError as exc:
            self._fail(str(exc), "overflow")
            return ""
        except ProviderError as exc:
            self._fail(str(exc), "provider")
            return ""
        except SessionError as exc:  # disk full, file closed or read-only: say so, keep going
            self._fail(f"The session could not be saved: {exc}", "session")
            return ""
        except Exception as exc:  # a bug: logged with its traceback, reported once, not raised
            log.exception("agent run failed")
            self._fail(f"Internal error: {type(exc).__name__}: {exc}", "error")
            return ""
        finally:
            self._busy = False
            self._save_usage()
        self._emit(RunFinished(turn.final_text, turn.steps))
        return turn.final_text

    def _branch(
        self, parent_id: str | None, first: Message
    ) -> tuple[list[Message], list[str | None]]:
        """Store ``first`` as a new branch from ``parent_id`` (None: a new first message).

        The position moves, so the ContextManager takes the cache that applies to the new
        path (none for a new first message); returns the new path's snapshot.
        """
        assert self._session is not None
        root_id = self._session.append_root(first) if parent_id is None else None
        if parent_id is not None:
            self._session.rewind(parent_id)
        self._take_path_cache()
        messages, path_ids = self._history.snapshot()
        if root_id is None:
            self._append(messages, path_ids, first)
        else:
            self._emit(MessageAdded(first, root_id))
        return messages, path_ids

    def set_system_prompt(self, text: str | None) -> str | None:
        """Change the system prompt from the next request on (the header's edit).

        With a session it is one ``system_prompt`` entry hanging off the current message (the
        tree shows where it changed; earlier requests stay as they were sent); returns its id
        (None when unchanged or without a session). An empty text removes the prompt. A
        ``ContextPrepared`` follows so the bar counts the new prompt.
        """
        if self._busy:
            raise RuntimeError("cannot change the system prompt while the agent is running")
        text = text if text and text.strip() else None
        entry_id = None
        if self._session is not None:
            entry_id = self._session.set_system_prompt(text)
        elif isinstance(self._history, MemoryHistory):
            self._history.set_system_prompt(text)
        self._emit(self.estimate_now())
        return entry_id

    @property
    def system_prompt(self) -> str | None:
        """The system prompt the next request carries."""
        messages, _ = self._history.snapshot()
        return messages[0].content if messages and messages[0].role == "system" else None

    def rewind(self, entry_id: str) -> None:
        """Move the conversation back to ``entry_id`` (``RewindError`` propagates unchanged).

        The ContextManager forgets its cache and takes the one that applies to the new path,
        then a ``ContextPrepared`` with a fresh estimate lets the bar follow.
        """
        if self._session is None:
            raise RuntimeError("rewind needs a session: the in-memory history has no entry ids")
        if self._busy:
            raise RuntimeError("cannot rewind while the agent is running; stop it first")
        self._session.rewind(entry_id)
        self._take_path_cache()
        self._emit(self.estimate_now())

    # ---------------------------------------------------------------- the loop

    def _begin(self) -> None:
        if self._busy:
            raise RuntimeError("the agent is already running; wait for it or stop it first")
        self._busy = True

    def _fail(self, error: str, kind: str) -> None:
        self._busy = False
        self._last_error = RunFailed(error, kind)
        self._emit(self._last_error)

    def _append(
        self,
        messages: list[Message],
        path_ids: list[str | None],
        msg: Message,
        stats: dict[str, Any] | None = None,
    ) -> None:
        entry_id = self._history.append(msg, stats)
        messages.append(without_ignored_reasoning(msg))  # the session keeps all of it
        path_ids.append(entry_id)
        self._emit(MessageAdded(msg, entry_id, stats))

    async def _loop(self, messages: list[Message], path_ids: list[str | None], turn: _Turn) -> str:
        await self._know_server()
        while True:
            if turn.steps >= self._max_steps:
                raise _StepLimitReached
            turn.steps += 1
            view = await self._prepare(messages, path_ids)
            response = await self._chat(messages, path_ids, view, turn)
            self._record_usage(response)
            if response.usage is None:
                await self._anchor_by_tokenizer()
            stats = response_stats(response.usage, response.model, turn.clock)
            assistant, calls = normalize_tool_calls(_as_assistant(response.message), turn.steps)
            self._after_answer(assistant, bool(calls))
            if not calls:
                self._append(messages, path_ids, assistant, stats)
                return assistant.content
            await self._run_tools(messages, path_ids, assistant, calls, stats)

    async def _chat(
        self,
        messages: list[Message],
        path_ids: list[str | None],
        view: list[Message],
        turn: _Turn,
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
            self._emit(RetryScheduled(attempt, delay, str(error)))

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
                        lambda sent=view: self._send(attempt, sent),
                        self._retry,
                        on_retry,
                    )
                except ContextOverflowError as exc:
                    turn.streamed = []
                    turn.reasoning = []
                    if overflow_retried or self._ctx is None:
                        raise
                    overflow_retried = True
                    self._learn_window(exc)
                    view = await self._compact_after_overflow(messages, path_ids, exc)
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
        self._append(messages, path_ids, Message(role="assistant", content=text, metadata=metadata))

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
                lambda result: offload_now(result, self._ctx, self._results_dir),
                results,
            )
        finally:
            self._append(messages, path_ids, assistant, stats)
            for result in results:
                self._append(messages, path_ids, result)


async def _branched(hook: Callable[[str], Awaitable[Any]], entry_id: str) -> None:
    """Run a ``run_from`` hook; only a cancellation (Stop) stops the run."""
    try:
        await hook(entry_id)
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("the on_branched hook failed; the run goes on without it")


def _as_assistant(message: Message) -> Message:
    if message.role == "assistant":
        return message
    return message.model_copy(update={"role": "assistant"})
