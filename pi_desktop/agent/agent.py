"""The Agent: prepare → compaction → chat → usage → tools → repeat (DESIGN §5).

It coordinates the ContextManager (the view), the Session via the bridge (the truth), the LLM
and the tools, and reports everything as events; it never touches Qt. It is a façade over
small parts, each built here with what it uses: the ``History`` (the truth as sent),
``SessionPinsAndNotes`` (the path's pins and branch summaries), ``ContextSteps`` (prepare,
compaction, estimates, usage), ``ProviderSteps`` (what real servers get wrong) and the
``RunLoop`` (the steps of one run). The Agent itself owns a run as a whole: one at a time,
what it appends first, and its one terminal event.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from pi_desktop.agent.bridge import ContextSessionBridge
from pi_desktop.agent.context_steps import ContextSteps
from pi_desktop.agent.emitter import EventEmitter, Subscriber
from pi_desktop.agent.events import (
    CompactionStarted,
    ContextPrepared,
    HistoryRepaired,
    MessageAdded,
    RetryScheduled,
    RunFailed,
    RunFinished,
    RunStarted,
)
from pi_desktop.agent.history import (
    History,
    MemoryHistory,
    SessionHistory,
    adopt_system_prompt,
    unanswered_turn,
)
from pi_desktop.agent.llm import LLM, ContextOverflowError, ProviderError
from pi_desktop.agent.pins_notes import SessionPinsAndNotes
from pi_desktop.agent.provider_steps import ProviderSteps
from pi_desktop.agent.repair import PairRepair
from pi_desktop.agent.retry import RetryPolicy
from pi_desktop.agent.run_loop import RunLoop, StepLimitReached, Turn
from pi_desktop.agent.schema_budget import schema_tokens
from pi_desktop.agent.summary_probe import SummaryProbe
from pi_desktop.agent.tool import Tool
from pi_desktop.agent.tool_exec import offload_now, tool_schemas
from pi_desktop.context import ContextBreakdown, ContextManager, Message, TurnTooLarge
from pi_desktop.session import RewindError, Session, SessionError
from pi_desktop.usertext import UserText, text_of

log = logging.getLogger(__name__)


class Agent:
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
        self._tool_list = list(tools or ())
        self._session = session
        self._threshold = threshold
        self._max_steps = max_steps
        self._events = EventEmitter()
        emit = self._emit = self._events.emit
        self._busy = False
        self._last_error: RunFailed | None = None

        self._history: History
        bridge: ContextSessionBridge | None = None
        if session is not None:
            adopt_system_prompt(session, system_prompt)
            self._history = SessionHistory.of(session)  # shared by the agents of a session
            bridge = ContextSessionBridge(session)
        else:
            self._history = MemoryHistory(system_prompt)
        schemas = tool_schemas(self._tool_list)
        tools_tokens = schema_tokens(schemas)
        retry = RetryPolicy(max_retries=max_retries, base_delay=retry_base_delay)
        self._probe = SummaryProbe(
            summarizer or llm,
            lambda: emit(CompactionStarted(manual=False)),
            policy=retry,
            on_retry=lambda attempt, delay, error: emit(
                RetryScheduled(attempt, delay, UserText("Agent", "Summary: %1", text_of(error)))
            ),
        )
        results_dir = bridge.results_dir() if bridge is not None else None
        ctx: ContextManager | None = None
        if context_budget is not None:
            ctx = ContextManager(
                context_budget,
                llm,
                keep_recent_tokens,
                results_dir,
                threshold,
                summarizer=self._probe,
                reserved_tokens=tools_tokens,
                snip_policy=snip_policy,
            )
            if bridge is not None:  # what the live app had: budget, anchor, cache
                bridge.restore_all(ctx)
        self._ctx = ctx
        self._pins = SessionPinsAndNotes(session, self._history, ctx, summarizer or llm)
        self._context = ContextSteps(
            ctx,
            self._history,
            self._pins,
            emit,
            session=session,
            bridge=bridge,
            probe=self._probe,
            tools_tokens=tools_tokens,
            threshold=threshold,
        )
        self._provider = ProviderSteps(
            llm, self._tool_list, self._context, session, emit, tools_tokens
        )
        self._loop = RunLoop(
            llm,
            self._history,
            self._context,
            self._provider,
            emit,
            tools=self._tool_list,
            tool_schemas=schemas,
            retry=retry,
            max_steps=max_steps,
            offload=lambda result: offload_now(result, ctx, results_dir),
        )

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
        """The budget in force: the one given, lowered by a window the provider stated."""
        return self._context.budget

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
        first request, so a note it writes (the summary of the branch an edited first
        message leaves, which can only hang off the new message) reaches that request; its
        failure is logged and the run goes on.
        """
        if self._session is None:
            raise RuntimeError("run_from needs a session: the in-memory history has no entry ids")
        if parent_id is not None and not self._session.can_rewind(parent_id):
            self._session.rewind(parent_id)  # raises the RewindError that says why
        if parent_id is None and self._session.compaction_floor is not None:
            raise RewindError(
                UserText("Agent", "the first message lies below the compaction floor; fork instead")
            )
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
        turn = Turn()
        try:
            self._emit(RunStarted(user_text))
            messages, path_ids = self._history.snapshot()
            if self._history.repairs:
                self._emit(HistoryRepaired(self._history.repairs))
            if first is not None:
                # refused before it is stored: nothing to undo (a budget the tool schemas fill
                # is another failure, "overflow", reported by the first prepare)
                self._context.check_turn([*messages[:1], first])  # the system prompt + first
                if branch_from is not None:
                    messages, path_ids = self._branch(branch_from[0], first)
                    if on_branched is not None and path_ids and path_ids[-1] is not None:
                        await _branched(on_branched, path_ids[-1])
                else:
                    self._loop.store(messages, path_ids, first)
            turn.final_text = await self._loop.run(messages, path_ids, turn)
        except asyncio.CancelledError:
            self._busy = False
            self._emit(RunFinished("".join(turn.streamed), turn.steps, stopped=True))
            raise
        except StepLimitReached:
            self._fail(
                UserText(
                    "Agent",
                    "Stopped after %1 model calls without a final answer (the step limit). "
                    "Everything so far is saved; send a message to let it continue.",
                    turn.steps,
                ),
                "max_steps",
            )
            return ""
        except TurnTooLarge as exc:  # no summary can make room for the newest turn
            self._fail(text_of(exc), "too_large")
            return ""
        except ContextOverflowError as exc:
            self._fail(text_of(exc), "overflow")
            return ""
        except ProviderError as exc:
            self._fail(text_of(exc), "provider")
            return ""
        except SessionError as exc:  # disk full, file closed or read-only: say so, keep going
            saved = UserText("Agent", "The session could not be saved: %1", text_of(exc))
            self._fail(saved, "session")
            return ""
        except Exception as exc:  # a bug: logged with its traceback, reported once, not raised
            log.exception("agent run failed")
            self._fail(
                UserText("Agent", "Internal error: %1: %2", type(exc).__name__, text_of(exc)),
                "error",
            )
            return ""
        finally:
            self._busy = False
            self._context.save_usage()
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
        self._context.take_path_cache()
        messages, path_ids = self._history.snapshot()
        if root_id is None:
            self._loop.store(messages, path_ids, first)
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
        self._context.take_path_cache()
        self._emit(self.estimate_now())

    # ---------------------------------------------------------------- the context engine

    async def compact(self, instructions: str | None = None) -> bool:
        """Summarize now (the user's "Compact" button); True when a compaction was stored.

        Emits ``CompactionStarted(manual=True)``, then ``ContextCompacted(manual=True)`` when
        the summary succeeded and was saved (a ``Notice`` says why otherwise), then
        ``ContextPrepared`` with the new estimate in every case. ``instructions`` adds a
        focus line to the summary prompt.
        """
        if self._ctx is None:
            return False
        self._begin()
        try:
            return await self._context.compact(instructions)
        finally:
            self._busy = False

    def estimate_now(self) -> ContextPrepared:
        """A fresh estimate of what the next request would carry, without calling any LLM.

        The view ``prepare`` would return if no summary ran (the cache path or the free
        layers), plus the tool schemas, exactly as the next prepare would count it.
        """
        return self._context.estimate_now()

    def breakdown(self) -> ContextBreakdown:
        """Where the tokens of ``estimate_now()`` go, by category; no LLM call
        (``breakdown().total_tokens == estimate_now().estimated_tokens`` always)."""
        return self._context.breakdown()

    def edit_summary(self, compaction_id: str, summary: str) -> str:
        """Save the user's edit of the summary in use; the next request carries it (0 calls).

        Appended as a compaction of kind "edited" (the original stays in the history) and
        taken at once, as a restarted app would. Raises ``ValueError`` with the reason for a
        refused edit, ``RuntimeError`` without a session or while a run is in progress.
        Emits a ``ContextPrepared``.
        """
        if self._busy:
            raise RuntimeError("cannot edit the summary while the agent is running; stop it first")
        return self._context.edit_summary(compaction_id, summary)

    def known_window(self) -> int | None:
        """The server's context window when something stated it (the provider's ``/props``,
        ``/api/show`` or model list; or an overflow error)."""
        return self._provider.known_window()

    # ---------------------------------------------------------------- pins and notes

    def pin(self, entry_id: str) -> bool:
        """Pin message ``entry_id`` so it stays verbatim in every view; False if it already was.

        Raises :class:`~pi_desktop.context.PinRefused` (nothing written) when the pinned
        messages on the current path would take more than their cap of the view
        (``ContextManager.pin_cap_tokens``, 25 % of the view limit).
        """
        if self._session is not None and self._session.is_pinned(entry_id):
            return False
        done = self._pins.pin(entry_id)
        self._emit(self.estimate_now())
        return done

    def unpin(self, entry_id: str) -> bool:
        """Unpin message ``entry_id``; False if it was not pinned."""
        done = self._pins.unpin(entry_id)
        if done:
            self._emit(self.estimate_now())
        return done

    def pinned_tokens(self) -> int:
        """What the pinned messages on the current path take in the view (0 without a budget)."""
        return self._pins.pinned_tokens()

    async def summarize_abandoned(self, old_leaf: str | None, target: str) -> str | None:
        """Summarize the branch a rewind from ``old_leaf`` to ``target`` left behind.

        Stores a ``branch_summary`` entry hanging off ``target`` and returns its id; None
        when no user turn was left behind or the summary came back empty. Provider errors
        propagate (the caller says so; nothing is written).
        """
        summary_id = await self._pins.summarize_abandoned(old_leaf, target)
        if summary_id is not None and not self._busy:
            self._emit(self.estimate_now())
        return summary_id

    def remove_branch_summary(self, summary_id: str) -> None:
        """Take a branch summary out of the view (an appended line)."""
        self._pins.remove_branch_summary(summary_id)
        if not self._busy:
            self._emit(self.estimate_now())

    # ---------------------------------------------------------------- the run

    def _begin(self) -> None:
        if self._busy:
            raise RuntimeError("the agent is already running; wait for it or stop it first")
        self._busy = True

    def _fail(self, error: str, kind: str) -> None:
        self._busy = False
        self._last_error = RunFailed(error, kind)
        self._emit(self._last_error)


async def _branched(hook: Callable[[str], Awaitable[Any]], entry_id: str) -> None:
    """Run a ``run_from`` hook; only a cancellation (Stop) stops the run."""
    try:
        await hook(entry_id)
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("the on_branched hook failed; the run goes on without it")
