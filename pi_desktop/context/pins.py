"""Pins and context notes: what the user asked the pipeline to keep, whatever the layers do.

A pinned message stays verbatim in every view: L1 does not snip it (it comes back right after
the snip placeholder), L2 does not placeholder it, L3 does not offload it (a pinned tool result
is kept whole — its size counts against the pin cap, so a huge result cannot be pinned), and
L4 keeps it verbatim right after the summary, in order. A pinned message is always kept as its
whole *unit*: an assistant message with tool calls and all its results, so invariant 1 holds
whichever half the user pinned.

The pins' share of the view is capped (``PIN_SHARE`` of the view limit): past it a pin is
refused with :class:`PinRefused`, naming the sizes. Context notes (e.g. summaries of abandoned
branches) are one synthetic message right after the system prompt. :class:`PinsAndNotes` holds
what the user set; ``ContextManager`` owns one.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from pi_desktop.context.message import Message
from pi_desktop.usertext import UserText

PIN_SHARE = 0.25  # pinned units may take at most this share of the view limit
NOTES_HEADER = "[Context from other branches of this conversation — for reference only]"


class PinRefused(ValueError):
    """A pin that would take the pinned messages past their share of the view."""

    def __init__(self, pinned_tokens: int, cap_tokens: int, view_limit: int) -> None:
        self.pinned_tokens = pinned_tokens
        self.cap_tokens = cap_tokens
        self.view_limit = view_limit
        super().__init__(
            UserText(
                "Context",
                "Cannot pin: pinned messages would take %1 tokens, over the cap of %2 tokens "
                "(%3 of the %4-token view limit). Unpin another message, or raise the context "
                "budget.",
                pinned_tokens,
                cap_tokens,
                f"{PIN_SHARE:.0%}",
                view_limit,
            )
        )


def pin_cap(view_limit: int) -> int:
    """Tokens all pinned units together may take in the view."""
    return max(0, int(max(view_limit, 0) * PIN_SHARE))


def unit_of(messages: Sequence[Message], index: int) -> range:
    """The input indices that travel with ``messages[index]``: a call and all its results."""
    start = index
    if messages[index].role == "tool":
        while start > 0 and messages[start].role == "tool":
            start -= 1
        if messages[start].role != "assistant":  # an orphan result: on its own
            return range(index, index + 1)
    if messages[start].role != "assistant" or not messages[start].tool_calls:
        return range(index, index + 1)
    end = start + 1
    while end < len(messages) and messages[end].role == "tool":
        end += 1
    return range(start, end)


def pinned_units(
    messages: Sequence[Message], pinned: Collection[int], lo: int, hi: int
) -> list[int]:
    """Sorted input indices in ``[lo, hi)`` of every pinned message's whole unit.

    ``lo`` and ``hi`` are pair-safe boundaries (the layers only cut there), so a unit of a pin
    inside them lies inside them; anything straddling is clipped to the range.
    """
    out: set[int] = set()
    for index in pinned:
        if lo <= index < hi and index < len(messages):
            out.update(k for k in unit_of(messages, index) if lo <= k < hi)
    return sorted(out)


def all_pinned_units(messages: Sequence[Message], pinned: Iterable[int]) -> list[int]:
    """Every index kept whole because of ``pinned`` (over the whole history)."""
    return pinned_units(messages, set(pinned), 0, len(messages))


def notes_message(notes: Sequence[str]) -> Message | None:
    """The one synthetic message carrying context notes (None without notes)."""
    texts = [text.strip() for text in notes if text and text.strip()]
    if not texts:
        return None
    return Message(role="user", content="\n\n".join([NOTES_HEADER, *texts]))


class PinsAndNotes:
    """The pins and context notes the next views honour (the agent sets them every turn).

    Pins are input indices of ``[system] + history``; notes are texts sent as one message
    after the system prompt (branch summaries). Neither needs an LLM call or touches the
    summary cache. ``notes_message`` is rebuilt only when the notes change, so its size is
    measured once.
    """

    def __init__(self, pinned: Iterable[int] = (), notes: Sequence[str] = ()) -> None:
        self.pinned: frozenset[int] = frozenset()
        self._notes: tuple[str, ...] = ()
        self.notes_message: Message | None = None
        self.set(pinned, notes)

    def set(self, pinned: Iterable[int] = (), notes: Sequence[str] = ()) -> None:
        self.pinned = frozenset(int(k) for k in pinned)
        notes = tuple(notes)
        if notes != self._notes:
            self._notes = notes
            self.notes_message = notes_message(notes)

    def units(self, messages: Sequence[Message]) -> list[int]:
        """Every input index kept whole because of a pin (none without pins)."""
        return all_pinned_units(messages, self.pinned) if self.pinned else []

    def units_in(self, messages: Sequence[Message], lo: int, hi: int) -> list[int]:
        """The pinned units' indices in ``[lo, hi)`` (see :func:`pinned_units`)."""
        return pinned_units(messages, self.pinned, lo, hi) if self.pinned else []
