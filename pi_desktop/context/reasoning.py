"""Which reasoning a request carries: only what the provider reads.

DeepSeek (and providers like it) need an assistant message's reasoning back when that message
made tool calls, in every later request; the reasoning of a plain answer is ignored by every
provider, so sending it would only spend the budget. It is therefore the first thing left out
of the view: the history handed to the context engine has it removed (the session file keeps
it, and the window shows it). What stays is counted by the estimate like any metadata.
"""

from __future__ import annotations

from collections.abc import Sequence

from pi_desktop.context.message import Message

REASONING_KEY = "reasoning"


def reasoning_of(message: Message) -> str:
    """The message's reasoning text ("" when it has none)."""
    value = (message.metadata or {}).get(REASONING_KEY) if message.role == "assistant" else None
    return value if isinstance(value, str) else ""


def sent_reasoning(message: Message) -> bool:
    """True when the provider reads this message's reasoning (an assistant with tool calls)."""
    return bool(reasoning_of(message)) and bool(message.tool_calls)


def without_ignored_reasoning(message: Message) -> Message:
    """``message`` without reasoning no provider reads (the same object when it has none)."""
    meta = message.metadata
    if message.role != "assistant" or not meta or REASONING_KEY not in meta:
        return message
    if message.tool_calls and reasoning_of(message):
        return message
    rest = {k: v for k, v in meta.items() if k != REASONING_KEY}
    return message.model_copy(update={"metadata": rest or None})


def strip_ignored_reasoning(messages: Sequence[Message]) -> list[Message]:
    """:func:`without_ignored_reasoning` over a history (unchanged messages are shared)."""
    return [without_ignored_reasoning(m) for m in messages]
