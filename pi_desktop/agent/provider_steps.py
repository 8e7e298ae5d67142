"""The Agent's side of what real servers get wrong: a silent overflow, tools they drop.

A mixin like ``context_steps``. llama.cpp's server answers a prompt over its window with
HTTP 200 and then breaks the stream, with no wording to parse: when the estimate put the
request over the window the server is known to have, that break is an overflow (the loop then
compacts, retries once and learns the window) rather than a network drop to retry three
times. A model whose server silently drops ``tools`` describes the tools in prose instead of
calling them: one ``Notice`` says so.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from pi_desktop.agent.events import Notice
from pi_desktop.agent.llm import ChatResponse, ContextOverflowError, TransientProviderError
from pi_desktop.context import Message, estimate_tokens

if TYPE_CHECKING:
    from pi_desktop.agent.tool import Tool
    from pi_desktop.context import ContextManager

TOOLS_UNSUPPORTED_NOTICE = (
    "This model or server does not seem to support tool calls: it named the tools in its "
    "answers but never called one. For llama.cpp's server try `--jinja` (or llama-cpp-python's "
    "`--chat_format chatml-function-calling`); for Ollama choose a model with tool support."
)
NAMED_WITHOUT_CALL = 2  # answers that name a tool without calling one before the notice


class ProviderSteps:
    """Broken-stream overflow and the tool-support notice; mixed into ``Agent``."""

    _ctx: ContextManager | None
    _llm: Any
    _tool_list: list[Tool]
    _emit: Callable[[Any], None]
    _tools_tokens: int

    _tool_calls_seen = False
    _named_without_call = 0
    _tools_notice_sent = False

    def known_window(self) -> int | None:
        """The server's context window when something stated it (the provider's ``/props``,
        ``/api/show`` or model list, read by ``server_info``; or an overflow error)."""
        window = getattr(self._llm, "context_window", None)
        return window if isinstance(window, int) and window > 0 else None

    async def _send(
        self, attempt: Callable[[list[Message]], Awaitable[ChatResponse]], sent: list[Message]
    ) -> ChatResponse:
        """One attempt; a stream broken before any answer after a request the estimate put
        over the known window is raised as ``ContextOverflowError``."""
        try:
            return await attempt(sent)
        except TransientProviderError as exc:
            window = self.known_window()
            if window is None or exc.status is not None:
                raise
            estimate = self._request_estimate(sent)
            if estimate <= window:
                raise
            raise ContextOverflowError(
                f"{exc} — the request (~{estimate:,} tokens by the estimate) is over the "
                f"server's context window of {window:,} tokens, so this is taken as an overflow",
                partial=exc.partial,
                window_tokens=window,
            ) from exc

    def _request_estimate(self, sent: list[Message]) -> int:
        ctx = self._ctx
        ratio = ctx.ratio if ctx is not None else None
        return estimate_tokens(sent, ratio) + self._tools_tokens

    def _after_answer(self, assistant: Message, called: bool) -> None:
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


def names_a_tool(text: str, tools: list[Tool]) -> bool:
    """Whether ``text`` names one of ``tools`` as a word (``read_file``, `read_file`)."""
    if not text:
        return False
    return any(re.search(rf"(?<![\w-]){re.escape(tool.name)}(?![\w-])", text) for tool in tools)
