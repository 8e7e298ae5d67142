"""The Agent's side of what real servers get wrong: a silent overflow, tools they drop.

llama.cpp's server answers a prompt over its window with HTTP 200 and then breaks the stream,
with no wording to parse: when the estimate put the request over the window the server is known
to have, that break is an overflow (the loop then compacts, retries once and learns the window)
rather than a network drop to retry three times. A llama.cpp-family server that states no
window (llama-cpp-python has no ``/props``) gets one retry; when the same request breaks again
its window is taken to be the largest usual ``n_ctx`` below the request, and the notice says
so.
A model whose server silently drops ``tools`` describes the tools in prose instead of calling
them: one ``Notice`` says so.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from pi_desktop.agent.events import Notice
from pi_desktop.agent.llm import ChatResponse, ContextOverflowError, TransientProviderError
from pi_desktop.agent.server_info import ServerWindow, count_prompt_tokens, probe_window
from pi_desktop.context import Message, estimate_tokens
from pi_desktop.usertext import UserText

if TYPE_CHECKING:
    from pi_desktop.agent.context_steps import ContextSteps
    from pi_desktop.agent.tool import Tool
    from pi_desktop.session import Session

TOOLS_UNSUPPORTED_NOTICE = UserText(
    "Agent",
    "This model or server does not seem to support tool calls: it named the tools in its "
    "answers but never called one. For llama.cpp's server try `--jinja` (or llama-cpp-python's "
    "`--chat_format chatml-function-calling`); for Ollama choose a model with tool support.",
)
NAMED_WITHOUT_CALL = 2  # answers that name a tool without calling one before the notice


class ProviderSteps:
    """Broken-stream overflow, the server's stated window and the tool-support notice.

    ``llm`` is the chat provider (its ``server``, ``base_url``, ``model`` and
    ``context_window`` describe a local server); ``tools`` the tools offered; ``context``
    lowers the budget and anchors the estimate; ``session`` holds a window learned earlier;
    ``emit`` reports the notices; ``tools_tokens`` is what the schemas add to a request.
    """

    def __init__(
        self,
        llm: Any,
        tools: list[Tool],
        context: ContextSteps,
        session: Session | None,
        emit: Callable[[Any], None],
        tools_tokens: int,
    ) -> None:
        self._llm = llm
        self._tool_list = tools
        self._context = context
        self._session = session
        self._emit = emit
        self._tools_tokens = tools_tokens
        self._tool_calls_seen = False
        self._named_without_call = 0
        self._tools_notice_sent = False
        self._server_known = False
        self._tokenizer_works = True
        self._last_sent: list[Message] | None = None
        self._broken_request: tuple[int, int] | None = None  # the request whose stream broke

    async def know_server(self) -> None:
        """Once per agent, before its first request: ask a local server for its window.

        A stated window smaller than the budget lowers it (as an overflow error's would); for
        Ollama, which truncates silently, a plain warning says so either way.
        """
        if self._server_known:
            return
        self._server_known = True
        kind = getattr(self._llm, "server", None)
        if not isinstance(kind, str) or getattr(self._llm, "context_window", None):
            return
        window = await probe_window(
            kind,
            getattr(self._llm, "base_url", None),
            getattr(self._llm, "model", ""),
            getattr(self._llm, "_secret", None),
        )
        if window is None:
            return
        if not window.assumed:
            self._llm.context_window = window.tokens
        budget = self._context.budget
        if budget is None or window.tokens >= budget:
            return
        if window.silent_truncation:
            self._emit(Notice(ollama_warning(window, budget)))
        if window.assumed:
            return
        lowered = self._context.fit_window(window.tokens)
        if lowered is None:
            return
        if not window.silent_truncation:
            self._emit(
                Notice(
                    UserText(
                        "Agent",
                        "The server's context window is %1 tokens (%2), smaller than the context "
                        "budget of %3. This session now uses a budget of %4 tokens so requests "
                        "fit.",
                        window.tokens,
                        window.source,
                        budget,
                        lowered,
                    )
                )
            )

    async def anchor_by_tokenizer(self) -> None:
        """A response without usage: count the request with the server's tokenizer (where it
        has one) so the estimate is anchored all the same."""
        sent = self._last_sent
        if self._context.budget is None or not sent or not self._tokenizer_works:
            return
        kind = getattr(self._llm, "server", None)
        if kind not in ("llamacpp", "vllm"):
            return
        count = await self._count(sent)
        if count is None:
            self._tokenizer_works = False  # no endpoint: not asked again by this agent
            return
        # the tokenizer counted the messages only: no tool schemas to take out
        self._context.anchor_count(count)

    def known_window(self) -> int | None:
        """The server's context window when something stated it (the provider's ``/props``,
        ``/api/show`` or model list, read by ``server_info``; or an overflow error)."""
        window = getattr(self._llm, "context_window", None)
        if isinstance(window, int) and window > 0:
            return window
        learned = self._session.model_window if self._session is not None else None
        return learned.window_tokens if learned is not None else None

    async def send(
        self, attempt: Callable[[list[Message]], Awaitable[ChatResponse]], sent: list[Message]
    ) -> ChatResponse:
        """One attempt; a stream broken before any answer after a request the estimate put
        over the server's window is raised as ``ContextOverflowError`` (see the module)."""
        self._last_sent = sent
        try:
            return await attempt(sent)
        except TransientProviderError as exc:
            if exc.status is not None or exc.partial:
                raise
            estimate = self._request_estimate(sent)
            window = self.known_window()
            stated = window is not None
            if window is None and getattr(self._llm, "server", None) == "llamacpp":
                # no stated window: a drop is retried once; the same request breaking again
                # is an overflow, sized by the server's own tokenizer where it has one
                key = (len(sent), estimate)
                if self._broken_request != key:
                    self._broken_request = key
                    raise
                counted = await self._count(sent)
                if counted is not None:
                    estimate = max(estimate, counted + self._tools_tokens)
                window = inferred_window(estimate)
                if window is None:
                    raise
            elif window is None or estimate <= window:
                raise
            how = "the server's" if stated else "most likely the server's (it did not say)"
            raise ContextOverflowError(
                f"{exc} — the request (~{estimate:,} tokens by the estimate) is over "
                f"{how} context window of {window:,} tokens, so this is taken as an overflow",
                partial=exc.partial,
                window_tokens=window,
            ) from exc

    async def _count(self, sent: list[Message]) -> int | None:
        """The request's tokens by the server's tokenizer (None where it has none)."""
        return await count_prompt_tokens(
            getattr(self._llm, "server", None),
            getattr(self._llm, "base_url", None),
            getattr(self._llm, "model", ""),
            sent,
            getattr(self._llm, "_secret", None),
        )

    def _request_estimate(self, sent: list[Message]) -> int:
        return estimate_tokens(sent, self._context.ratio) + self._tools_tokens

    def after_answer(self, assistant: Message, called: bool) -> None:
        """Count answers that name an offered tool without calling any (once per agent)."""
        if not self._tool_list or self._tools_notice_sent:
            return
        if called:
            self._tool_calls_seen = True
            return
        if self._tool_calls_seen or not names_a_tool(assistant.content, self._tool_list):
            return
        self._named_without_call += 1
        if self._named_without_call >= NAMED_WITHOUT_CALL:
            self._tools_notice_sent = True
            self._emit(Notice(TOOLS_UNSUPPORTED_NOTICE))


LLAMACPP_SMALLEST_CTX = 512
INFER_SLACK = 1.1


def inferred_window(estimate: int) -> int | None:
    """The window a llama.cpp-family server most likely has when a request of ``estimate``
    tokens broke its stream without a word: the largest usual ``n_ctx`` (512 doubled) below
    it, with 10 % of slack for a count that missed the chat template's tokens
    (llama-cpp-python's default is 2,048). None for a request too small to be an overflow."""
    reach = int(estimate * INFER_SLACK)
    if reach <= LLAMACPP_SMALLEST_CTX:
        return None
    window = LLAMACPP_SMALLEST_CTX
    while window * 2 < reach:
        window *= 2
    return window


def ollama_warning(window: ServerWindow, budget: int) -> str:
    """The plain warning for a budget larger than Ollama's context size."""
    if window.assumed:
        size = UserText(
            "Connect",
            "its default context size (num_ctx, %1 tokens on most machines)",
            window.tokens,
        )
    else:
        size = UserText("Connect", "this model's context size (num_ctx %1 tokens)", window.tokens)
    return UserText(
        "Connect",
        "Ollama truncates silently at %1, and the context budget is %2 tokens: the start of "
        "long conversations would be cut without a word. Raise num_ctx (a Modelfile "
        "`PARAMETER num_ctx 32768`, or OLLAMA_CONTEXT_LENGTH for `ollama serve`) or lower the "
        "budget in Settings.",
        size,
        budget,
    )


def names_a_tool(text: str, tools: list[Tool]) -> bool:
    """Whether ``text`` names one of ``tools`` as a word (``read_file``, `read_file`).

    One pass with every name at once: a search per tool over a 200 kB answer held the event
    loop ~45 ms at the end of the answer (~6 ms now)."""
    if not text or not tools:
        return False
    return _names_pattern(tuple(tool.name for tool in tools)).search(text) is not None


@functools.lru_cache(maxsize=16)
def _names_pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    either = "|".join(re.escape(name) for name in names)
    return re.compile(rf"(?<![\w-])(?:{either})(?![\w-])")
