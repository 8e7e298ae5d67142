"""Steering: the pins and context notes the user sets, as ``ContextManager`` honours them.

Pins keep chosen messages (with their tool-call units, ``pins.py``) in every view, capped at a
share of ``view_limit``; context notes (branch summaries) go after the system prompt as one
message. Neither needs an LLM call or touches the summary cache.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pi_desktop.context.memo import SEPARATOR_CHARS
from pi_desktop.context.message import Message
from pi_desktop.context.pins import (
    PinRefused,
    all_pinned_units,
    notes_message,
    pin_cap,
    pinned_units,
)


class PinsAndNotes:
    """The pins-and-notes half of ``ContextManager`` (see the module docstring).

    It uses the manager's ``_pinned``, ``_notes``, ``_notes_msg``, ``_memo``, ``view_limit`` and
    ``_message_tokens``; it is not meant to be used on its own.
    """

    @property
    def pinned(self) -> frozenset[int]:
        """Input indices (of ``[system] + history``) the user pinned; see ``context/pins.py``."""
        return self._pinned

    @property
    def context_notes(self) -> tuple[str, ...]:
        """Texts sent as one context message after the system prompt (branch summaries)."""
        return self._notes

    def steer(self, pinned: Iterable[int] = (), notes: Sequence[str] = ()) -> None:
        """Set the pins and context notes the next views honour (the agent calls it per turn).

        Indices refer to the ``messages`` the next ``prepare``/``preview``/``force_compact``
        receives. No LLM call; the summary cache is unaffected (pins in the covered part come
        back after the summary, so a new pin needs no new summary).
        """
        self._pinned = frozenset(int(k) for k in pinned)
        notes = tuple(notes)
        if notes != self._notes:
            self._notes = notes
            self._notes_msg = notes_message(notes)

    def pinned_tokens(self, messages: Sequence[Message], pinned: Iterable[int]) -> int:
        """The estimate of every pinned unit (a call with its results) as it stays in the view."""
        units = all_pinned_units(messages, pinned)
        return self._message_tokens([messages[k] for k in units]) if units else 0

    @property
    def pin_cap_tokens(self) -> int:
        """Tokens all pinned units together may take (``PIN_SHARE`` of ``view_limit``)."""
        return pin_cap(self.view_limit)

    def check_pins(self, messages: Sequence[Message], pinned: Iterable[int]) -> int:
        """Raise :class:`PinRefused` when ``pinned`` would exceed the cap; else their tokens."""
        tokens = self.pinned_tokens(messages, pinned)
        if tokens > self.pin_cap_tokens:
            raise PinRefused(tokens, self.pin_cap_tokens, self.view_limit)
        return tokens

    def _steer_chars(self, messages: Sequence[Message], covered: int) -> int:
        """Serialised chars the notes and the pins inside ``[1, covered)`` add to a prefix."""
        lo = int(bool(messages) and messages[0].role == "system")
        chars = sum(
            self._memo.measure(messages[k])[0] + SEPARATOR_CHARS
            for k in pinned_units(messages, self._pinned, lo, covered)
        )
        if self._notes_msg is not None:
            chars += self._memo.measure(self._notes_msg)[0] + SEPARATOR_CHARS
        return chars
