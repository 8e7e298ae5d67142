"""Prompt-prefix stability of a replayed session (issue 8 item 7), shared by tests and bench.

Providers cache a request's prefix (OpenAI, DashScope, vLLM prefix caching, Anthropic): a
request that starts with the previous request's messages, byte-identical, is billed at the
cached rate and answers sooner. :func:`prefix_stability` replays turns at an agent's pace
(one ``prepare`` before every assistant message) and counts how many requests extend the
previous one unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pi_desktop.context import Message


def _dumped(view: Sequence[Message]) -> list[str]:
    return [json.dumps(m.model_dump(), ensure_ascii=False, default=str) for m in view]


def extends(previous: Sequence[str], current: Sequence[str]) -> bool:
    """``current`` starts with every message of ``previous``, byte-identical."""
    return len(current) >= len(previous) and list(current[: len(previous)]) == list(previous)


@dataclass
class PrefixStats:
    """Counts over consecutive chat requests (the first request has no predecessor)."""

    requests: int = 0
    stable: int = 0
    turns: int = 0
    stable_turns: int = 0  # turns whose every request extended the one before it
    summarized: int = 0  # requests whose prepare ran a summary
    broken_by: dict[str, int] = field(default_factory=dict)  # cause → unstable requests
    views: list[list[Message]] = field(default_factory=list)  # kept when ``keep_views``

    @property
    def share(self) -> float:
        return self.stable / max(1, self.requests - 1)

    @property
    def turn_share(self) -> float:
        return self.stable_turns / max(1, self.turns - 1)


async def prefix_stability(
    manager: Any,
    system: Message,
    turns: Iterable[Sequence[Message]],
    *,
    keep_views: bool = False,
) -> PrefixStats:
    """Replay ``turns`` through ``manager`` and measure the stable share of requests."""
    stats = PrefixStats()
    messages: list[Message] = [system]
    previous: list[str] | None = None
    previous_report: Any = None
    for turn in turns:
        stats.turns += 1
        turn_stable = True
        start = 0
        for cut in [i for i, m in enumerate(turn) if m.role == "assistant"]:
            messages += turn[start:cut]
            start = cut
            view = await manager.prepare(messages)
            report = manager.last_report
            stats.requests += 1
            stats.summarized += bool(report.summarized)
            current = _dumped(view)
            if keep_views:
                stats.views.append(view)
            if previous is not None:
                if extends(previous, current):
                    stats.stable += 1
                else:
                    turn_stable = False
                    cause = _cause(previous_report, report)
                    stats.broken_by[cause] = stats.broken_by.get(cause, 0) + 1
            previous, previous_report = current, report
        messages += turn[start:]
        stats.stable_turns += turn_stable and stats.turns > 1
    return stats


def _cause(before: Any, after: Any) -> str:
    """Which layer changed the prefix (for the bench's breakdown)."""
    if after.summarized or before.covered_count != after.covered_count:
        return "summary"
    if set(before.snipped) != set(after.snipped):
        return "L1 snip"
    old = before.input_count
    if {o.index for o in before.offloaded} != {o.index for o in after.offloaded if o.index < old}:
        return "L3 offload"
    if not set(before.micro_compacted) <= set(after.micro_compacted):
        return "L2 restored"
    if set(before.micro_compacted) != set(after.micro_compacted):
        return "L2 clearing"
    return "other"
