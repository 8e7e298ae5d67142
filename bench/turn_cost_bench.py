"""Per-turn agent cost over a long session (issue 16 item 7): does a turn cost what is new?

1,000 turns through the real ``Agent`` with a real ``Session`` (fsync on) and in-process fakes
(a chat model answering at once with usage, a six-section summarizer), at a 32k budget; every
third turn runs a tool. Prints the agent's CPU time per turn (``time.process_time``: the loop,
the context engine, the session's appends; not the disk's latency) for the first and the last
tenth, and their ratio (target <= 1.3). The two tenths are timed side by side (see ``run``).

Run: ``python3 bench/turn_cost_bench.py [turns] [budget]``.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pi_desktop.agent import Agent, ChatResponse, Tool
from pi_desktop.context import SUMMARIZATION_SYSTEM_PROMPT, Message
from pi_desktop.session import Session

SUMMARY = (
    "<summary>## Goal\nchat\n## Constraints & Preferences\n- terse\n## Progress\n### Done\n"
    "- earlier turns\n### In Progress\n-\n### Blocked\n-\n## Key Decisions\n-\n"
    "## Next Steps\n-\n## Critical Context\n-</summary>"
)
ANSWER = "Here is the answer; the parser keeps line numbers on the retry path. " * 6


class FakeModel:
    """Answers at once; every third user turn first calls the ``note`` tool."""

    def __init__(self) -> None:
        self.calls = 0

    async def chat(self, messages: Any, tools: Any = None, on_delta: Any = None) -> ChatResponse:
        self.calls += 1
        usage = None  # an O(1) fake: counting the request would bill the view to the agent
        if messages and messages[0].content == SUMMARIZATION_SYSTEM_PROMPT:
            return ChatResponse(Message(role="assistant", content=SUMMARY), usage, "fake")
        last = messages[-1]
        if last.role == "user" and self.calls % 3 == 0:
            call = {
                "id": f"call_{self.calls}",
                "type": "function",
                "function": {"name": "note", "arguments": '{"text": "remember this"}'},
            }
            msg = Message(role="assistant", content="", metadata={"tool_calls": [call]})
            return ChatResponse(msg, usage, "fake")
        if on_delta is not None:
            on_delta(ANSWER)
        return ChatResponse(Message(role="assistant", content=ANSWER), usage, "fake")


async def note(args: dict[str, Any]) -> str:
    return "noted: " + str(args.get("text", "")) * 20


def _agent(folder: Path, budget: int) -> tuple[Agent, Session]:
    session = Session.create(folder / "s.jsonl", system_prompt="You are terse.", fsync=True)
    tool = Tool("note", "Take a note", {"type": "object", "properties": {}}, note)
    return Agent(FakeModel(), [tool], session=session, context_budget=budget), session


async def _turn(agent: Agent, k: int) -> float:
    start = time.process_time()
    await agent.run(f"Question {k}: how do the parser's errors keep their line numbers? " * 3)
    cost = time.process_time() - start
    if agent.last_error is not None:
        raise SystemExit(f"turn {k} failed: {agent.last_error}")
    return cost


async def run(turns: int, budget: int) -> tuple[list[float], list[float]]:
    """(costs of turns 1..tenth, costs of the last tenth) of two sessions of ``turns`` turns.

    The machine is shared: timing the first tenth, then the last one a second later, compares
    two different loads. So one session is first taken (untimed) to the start of its last
    tenth, and then a fresh session's first tenth and the old one's last tenth are timed turn
    by turn, alternating: both see the same load, the same process and the same heap.
    """
    tenth = max(1, turns // 10)
    old, old_session = _agent(Path(tempfile.mkdtemp()), budget)
    young, young_session = _agent(Path(tempfile.mkdtemp()), budget)
    for k in range(turns - tenth):
        await _turn(old, k)
    firsts, lasts = [], []
    for j in range(tenth):
        firsts.append(await _turn(young, j))
        lasts.append(await _turn(old, turns - tenth + j))
    old_session.close()
    young_session.close()
    return firsts, lasts


def report(turns: int, budget: int, repeats: int = 3) -> float:
    """Run ``repeats`` times and print; returns the median last/first tenth ratio.

    The tenths are timed side by side (see ``run``), and the median of a few runs is the
    figure, each run's printed beside it.
    """
    ratios, firsts, lasts = [], [], []
    for _ in range(repeats):
        first, last = asyncio.run(run(turns, budget))
        firsts.append(statistics.mean(first) * 1000)
        lasts.append(statistics.mean(last) * 1000)
        ratios.append(lasts[-1] / firsts[-1])
    ratio = statistics.median(ratios)
    print(f"(f) agent CPU per turn, {turns} turns at {budget:,} (fakes, fsync on), {repeats} runs")
    print(
        f"    first tenth {statistics.median(firsts):.2f} ms, last tenth "
        f"{statistics.median(lasts):.2f} ms: ratio {ratio:.2f} (median; runs "
        + ", ".join(f"{r:.2f}" for r in ratios)
        + ")"
    )
    print("    target <= 1.3")
    return ratio


def main() -> None:
    turns = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000
    budget = int(sys.argv[2]) if len(sys.argv) > 2 else 8_000
    report(turns, budget)


if __name__ == "__main__":
    main()
