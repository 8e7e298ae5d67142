"""Issue 16 (5): summaries when the window needs them, not because of the message count.

The default L1 cap follows the budget; the seed's fixed 50 messages stays an explicit policy.
"""

from __future__ import annotations

import asyncio
import random

import pytest

from pi_desktop.context import ContextManager, Message
from pi_desktop.context.manager import SNIP_POLICIES
from pi_desktop.context.snip import DEFAULT_MAX_MESSAGES, budget_message_cap
from tests.kit.summary_doubles import FakeSummarizer
from tests.kit.tokenizer_model import TokenizerModel

SYSTEM = Message(role="system", content="You are a helpful assistant.")
PROSE = (
    "We looked at the parser again; the error path keeps its line numbers and the retry "
    "policy backs off as agreed. "
)


def _text(rng: random.Random, lo: int, hi: int) -> str:
    n = rng.randint(lo, hi)
    return (PROSE * (n // len(PROSE) + 1))[:n]


async def plain_chat(budget: int, turns: int, policy: str = "summarize"):
    rng = random.Random(budget)
    model = TokenizerModel(budget)
    summarizer = FakeSummarizer()
    mgr = ContextManager(budget, model, summarizer=summarizer, snip_policy=policy)
    messages = [SYSTEM]
    for _ in range(turns):
        messages.append(Message(role="user", content=_text(rng, 100, 500)))
        view = await mgr.prepare(messages)
        response = await model.chat(view)
        mgr.record_usage(response.usage)
        messages.append(Message(role="assistant", content=_text(rng, 150, 650)))
    return model, summarizer, mgr


def test_a_300_turn_chat_that_fills_40_percent_of_128k_makes_no_summary():
    model, summarizer, mgr = asyncio.run(plain_chat(128_000, 300))
    assert max(model.sizes) <= 0.4 * 128_000  # the case of the issue: well inside the window
    assert max(model.sizes) >= 0.25 * 128_000
    assert summarizer.calls == 0  # the seed's 50-message cap made 29 here
    assert mgr.last_report is not None and not mgr.last_report.snipped


def test_the_seed_fixed_cap_is_an_explicit_policy():
    assert "summarize-50" in SNIP_POLICIES and "drop-50" in SNIP_POLICIES
    _, summarizer, mgr = asyncio.run(plain_chat(128_000, 60, "summarize-50"))
    assert mgr.max_messages == DEFAULT_MAX_MESSAGES and summarizer.calls > 0
    _, summarizer, mgr = asyncio.run(plain_chat(128_000, 60, "drop-50"))
    assert summarizer.calls == 0 and mgr.last_report.snipped  # the seed's L1: dropped
    assert mgr.snip_policy == "drop"


@pytest.mark.parametrize("budget", [2_000, 8_000, 32_000, 128_000, 1_000_000])
def test_the_default_cap_follows_the_budget(budget):
    mgr = ContextManager(budget, FakeSummarizer())
    assert mgr.max_messages == budget_message_cap(mgr.view_limit) >= DEFAULT_MAX_MESSAGES
    mgr.set_budget(budget * 2)
    assert mgr.max_messages == budget_message_cap(mgr.view_limit)
    mgr.max_messages = 20  # an explicit setting wins
    assert mgr.max_messages == 20


def test_the_cap_grows_with_the_budget():
    caps = [budget_message_cap(limit) for limit in range(0, 2_000_000, 10_000)]
    assert caps == sorted(caps) and caps[0] == DEFAULT_MAX_MESSAGES
