"""Property: the breakdown the window shows adds up to the bar's figure, whatever the history.

Random conversations go into a real session; the real Agent (tools or none, context
management on or off, a summary cache or not, an anchored ratio or not) reports
``breakdown()`` and ``estimate_now()`` — the rows must sum to the estimate exactly.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pi_desktop.agent import Agent, Tool
from pi_desktop.session import Session
from tests.kit.strategies import conversations
from tests.kit.summary_doubles import FakeSummarizer


async def _noop(args: dict) -> str:
    return "ok"


TOOLS = [
    Tool("read_file", "Read a file from the workspace.", {"type": "object"}, _noop),
    Tool(
        "search",
        "Search the workspace for a pattern; returns matching lines.",
        {"type": "object", "properties": {"pattern": {"type": "string"}}},
        _noop,
    ),
]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    messages=conversations(max_turns=8),
    budget=st.sampled_from([None, 2_000, 8_000, 100_000]),
    tools=st.integers(0, 2),
    compact=st.booleans(),
    pins=st.sets(st.integers(1, 40), max_size=3),
)
def test_breakdown_rows_add_up_to_the_bar(messages, budget, tools, compact, pins):
    with tempfile.TemporaryDirectory() as folder:
        session = Session.create(
            Path(folder) / "s.jsonl", system_prompt=messages[0].content, fsync=False
        )
        for i, message in enumerate(messages[1:], start=1):
            if i in pins and message.role == "user":
                message = message.model_copy(update={"metadata": {"pinned": True}})
            session.append_message(message)
        summarizer = FakeSummarizer()
        agent = Agent(summarizer, TOOLS[:tools], session=session, context_budget=budget)
        if agent.context is not None:
            agent.context.max_messages = 14
            agent.context.keep_recent_results = 2
        if compact and budget is not None:
            asyncio.run(agent.compact())
        result = agent.breakdown()
        estimate = agent.estimate_now()
        assert result.total_tokens == estimate.estimated_tokens
        if agent.context is not None:
            assert result.tokens("tools") == agent.context.reserved_tokens
        assert all(row.tokens >= 0 for row in result.rows)
        assert result.budget == estimate.budget
        # a restarted agent (cache and usage anchor from the file) shows the same figures
        again = Agent(summarizer, TOOLS[:tools], session=session, context_budget=budget)
        if again.context is not None:
            again.context.max_messages = 14
            again.context.keep_recent_results = 2
        assert again.breakdown().total_tokens == again.estimate_now().estimated_tokens
        session.close()
