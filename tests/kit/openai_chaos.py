"""Chaos mode for the loopback server: seeded random faults and a strict verdict.

``server.chaos = Chaos(seed=…)`` turns a share of the responder's replies into faults; the server
records every request it served (:class:`Served`), and :func:`verdict` reads the records back
as findings about the client: a request sent before a 429's Retry-After had elapsed, or a broken
stream whose text the client kept as an answer. Standard library only, like the server.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tests.kit.openai_server import Reply


@dataclass(frozen=True)
class Served:
    """What the server did with one request: when it arrived, when the response ended, the
    fault it served (``None`` = a healthy reply), the marker and a 429's Retry-After."""

    index: int
    arrival: float  # time.monotonic()
    responded: float
    fault: str | None
    marker: str | None
    status: int
    retry_after: float | None


CHAOS_FAULTS = ("rate_limited", "server_error", "dropped", "truncated", "malformed")


@dataclass
class Chaos:
    """Random but seeded faults over the responder's replies: ``server.chaos = Chaos(seed=3)``.

    Each responder reply is replaced, with probability ``rate``, by one of ``faults``: a 429
    with ``Retry-After: retry_after``, an HTTP 500, a connection dropped mid-stream, a stream
    that ends cleanly without a finish reason, or a stream with a malformed chunk (the rest of
    it valid). The broken streams carry a unique marker before the reply's text (and after its
    first line break, which keeps it inside a summary's ``<summary>`` block), so
    :meth:`OpenAIServer.verdict` can tell whether the client kept one as an answer; every 429
    is timed, so it can tell whether anything was sent before its Retry-After elapsed.
    ``streak`` caps faults in a row (so a client with that many retries can get through).
    """

    seed: int = 0
    rate: float = 0.3
    faults: tuple[str, ...] = CHAOS_FAULTS
    retry_after: str = "1"
    streak: int = 2
    counts: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        unknown = set(self.faults) - set(CHAOS_FAULTS)
        assert not unknown, f"unknown chaos faults: {sorted(unknown)}"
        self._rng = random.Random(self.seed)
        self._run = 0
        self._lock = threading.Lock()

    def disturb(self, index: int, reply: Reply) -> Reply:
        from tests.kit.openai_server import Reply  # the server imports this module first

        with self._lock:
            roll = self._rng.random()
            choice = self._rng.choice(self.faults)
            if roll >= self.rate or self._run >= self.streak:
                self._run = 0
                return reply
            self._run += 1
            self.counts[choice] = self.counts.get(choice, 0) + 1
        marker = f"[chaos-{index}]"
        head, newline, rest = reply.text.partition("\n")
        # before the text, and after its first line break so a summary's extraction keeps it
        text = f"{marker} {head}{newline}{marker + ' ' if newline else ''}{rest}"
        kw: dict[str, Any] = {"tool_calls": reply.tool_calls, "fault": choice, "marker": marker}
        if choice == "rate_limited":
            faulty = Reply.rate_limited(retry_after=self.retry_after)
            faulty.fault = choice
            return faulty
        if choice == "server_error":
            faulty = Reply.server_error(500)
            faulty.fault = choice
            return faulty
        if choice == "dropped":
            return Reply(text=text, cut_after_chars=len(marker) + 1, **kw)
        if choice == "truncated":
            return Reply.truncated(text, **kw)
        return Reply.malformed(text, after_chars=len(marker) + 1, **kw)


def verdict(served: list[Served], accepted: Iterable[str] = ()) -> list[str]:
    """Findings about the client from what the server ``served``; empty when it behaved.

    ``accepted`` is every text the client kept: a faulty reply's marker found there means a
    broken stream was taken as an answer.
    """
    served = sorted(served, key=lambda r: r.arrival)
    findings = []
    for limit in (r for r in served if r.retry_after):
        until = limit.responded + (limit.retry_after or 0)
        for later in served:
            if limit.responded < later.arrival < until:
                findings.append(
                    f"request {later.index} re-sent {later.arrival - limit.responded:.2f} s "
                    f"after the 429 of request {limit.index}, before its Retry-After of "
                    f"{limit.retry_after:g} s elapsed"
                )
    kept = "\n".join(accepted)
    for record in served:
        if record.marker and record.marker in kept:
            findings.append(
                f"{record.fault or 'faulty'} stream of request {record.index} accepted as an answer"
            )
    return findings
