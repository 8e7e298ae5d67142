"""Per-message sizes and layer copies, memoised by identity, so a turn costs O(view).

Messages are immutable values everywhere in the engine, so a message object's serialised size
and its L3/L2 copies never change. Each entry keeps the message itself, so an id cannot be
reused by another object while its entry lives; ``prune`` keeps memory proportional to the view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pi_desktop.context.message import Message
from pi_desktop.context.ratio import DIGIT_WEIGHT, weighted_tokens
from pi_desktop.context.snip import snip_placeholder
from pi_desktop.context.tokens import message_json

SEPARATOR_CHARS = 2  # ", " between list items in the serialised view
_MAX_PLACEHOLDERS = 256
_MISS = (None, 0, 0.0)  # what total() reads for a message not measured yet


class MessageMemo:
    """Serialised chars and script-weighted tokens per message; derived copies per layer."""

    def __init__(self) -> None:
        self._sizes: dict[int, tuple[Message, int, float]] = {}
        self._derived: dict[tuple[str, int], tuple[Message, Message]] = {}
        self._placeholders: dict[int, Message] = {}
        # L3's per-step plans, keyed by the step's first result: (that result, the settings
        # the plan was made under, the step's results, what the view holds for each)
        self.plans: dict[int, tuple[Message, object, tuple[Message, ...], tuple[Message, ...]]]
        self.plans = {}
        self._last_total: tuple[list[Message], int, float] = ([], 0, 0.0)  # see total()
        self._placeholder_one = self.measure(snip_placeholder(1))

    def measure(self, message: Message) -> tuple[int, float]:
        """(serialised chars, script-weighted tokens) of one message."""
        hit = self._sizes.get(id(message))
        if hit is not None and hit[0] is message:
            return hit[1], hit[2]
        text = message_json(message)
        entry = (message, len(text), weighted_tokens(text))
        self._sizes[id(message)] = entry
        return entry[1], entry[2]

    def total(self, messages: Sequence[Message]) -> tuple[int, float]:
        """Sum of :meth:`measure` over ``messages`` (the lookup inlined: this is per turn).

        A view usually extends the previous one: when ``messages`` starts with the list last
        summed (checked by one C-level list comparison, identity first), only the rest is
        added, in the same order, so the figure is exactly the full sum's.
        """
        get = self._sizes.get
        chars, weighted = 0, 0.0
        last, last_chars, last_weighted = self._last_total
        start = 0
        n = len(last)
        if n and len(messages) >= n and list(messages[:n]) == last:
            chars, weighted, start = last_chars, last_weighted, n
        for message in messages[start:]:
            kept, c, w = get(id(message), _MISS)
            if kept is not message:
                c, w = self.measure(message)
            chars += c
            weighted += w
        if len(messages) >= 8:  # views, not the one-message lists other callers measure
            self._last_total = (list(messages), chars, weighted)
        return chars, weighted

    def derive(self, kind: str, message: Message, make: Callable[[Message], Message]) -> Message:
        """``make(message)``, computed once per (layer ``kind``, message object)."""
        key = (kind, id(message))
        hit = self._derived.get(key)
        if hit is not None and hit[0] is message:
            return hit[1]
        out = make(message)
        self._derived[key] = (message, out)
        return out

    def peek(self, kind: str, message: Message) -> Message | None:
        """The copy :meth:`remember` (or :meth:`derive`) stored for ``message``, else None."""
        hit = self._derived.get((kind, id(message)))
        return hit[1] if hit is not None and hit[0] is message else None

    def remember(self, kind: str, message: Message, out: Message) -> None:
        """Store ``out`` as the ``kind`` copy of ``message`` (replacing an earlier one)."""
        self._derived[(kind, id(message))] = (message, out)

    def placeholder(self, count: int) -> Message:
        """The L1 placeholder, one object per count so its size is measured once."""
        hit = self._placeholders.get(count)
        if hit is None:
            hit = self._placeholders[count] = snip_placeholder(count)
            if len(self._placeholders) > _MAX_PLACEHOLDERS:
                self._placeholders = {count: hit}
            # the count appears twice (content and metadata); every other char is fixed, so
            # the size follows from the 1-message placeholder without serialising again
            one_chars, one_weighted = self._placeholder_one
            extra = 2 * (len(str(count)) - 1)
            self._sizes[id(hit)] = (hit, one_chars + extra, one_weighted + extra * DIGIT_WEIGHT)
        return hit

    def prune(self, live: Sequence[Message], retained: Sequence[Message]) -> None:
        """Drop entries for messages far out of the view, so memory tracks the view."""
        budget = 4 * (len(live) + len(retained)) + 4096
        if len(self._sizes) + len(self._derived) <= 2 * budget:
            return
        keep = {id(m) for m in live} | {id(m) for m in retained}
        self._derived = {k: v for k, v in self._derived.items() if k[1] in keep or id(v[1]) in keep}
        self.plans = {k: v for k, v in self.plans.items() if k in keep}
        keep |= {id(v[1]) for v in self._derived.values()}
        self._sizes = {k: v for k, v in self._sizes.items() if k in keep}
