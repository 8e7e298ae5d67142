"""Issue 16 (4): usage you can't trust.

The anchor is taken on ``read_usage(...).prompt_total`` (cached prefixes counted in every
dialect), and only when it is plausible: a ratio the view's character classes rule out, or a
prompt smaller than the newest message alone, is not taken. With no usage the estimate stays
the class estimate, which is biased to the safe side.
"""

from __future__ import annotations

import asyncio

from pi_desktop.context import ContextManager, Message
from pi_desktop.context.calibration import PLAUSIBLE_RATIO
from tests.kit.summary_doubles import FakeSummarizer

SYSTEM = Message(role="system", content="You are brief.")


def _prepared(n: int = 8) -> tuple[ContextManager, list[Message]]:
    messages = [SYSTEM] + [
        Message(
            role="user" if i % 2 == 0 else "assistant",
            content=f"turn {i}: we talked about the parser and its error messages. " * 10,
        )
        for i in range(n)
    ]
    mgr = ContextManager(32_000, FakeSummarizer())
    asyncio.run(mgr.prepare(messages))
    return mgr, messages


def test_anthropic_style_usage_counts_the_cached_prefix():
    mgr, _ = _prepared()
    estimate = mgr.last_view_tokens
    uncached = estimate // 10
    mgr.record_usage(
        {
            "prompt_tokens": uncached,
            "completion_tokens": 5,
            "cache_read_input_tokens": estimate - uncached,
            "cache_creation_input_tokens": 0,
        }
    )
    assert mgr.usage_anchor["anchor"] is not None  # taken, on the whole prompt
    assert abs(mgr.ratio * mgr._calibration.last_view_chars - estimate) <= 2


def test_openai_cached_tokens_are_part_of_prompt_tokens():
    mgr, _ = _prepared()
    target = int(mgr.last_view_tokens * 0.9)
    mgr.record_usage(
        {"prompt_tokens": target, "prompt_tokens_details": {"cached_tokens": target - 10}}
    )
    assert abs(mgr.ratio * mgr._calibration.last_view_chars - target) <= 2


def test_a_prompt_count_the_character_classes_rule_out_is_not_taken():
    """A proxy whose prompt_tokens leaves the cached prefix out (and says nothing else): the
    anchored ratio would collapse (0.74 -> 0.16 in the issue) and every later view overflow."""
    mgr, messages = _prepared()
    ratio = mgr.ratio
    estimate = mgr.last_view_tokens
    mgr.record_usage({"prompt_tokens": int(estimate * PLAUSIBLE_RATIO[0] * 0.8)})
    assert mgr.ratio == ratio and mgr.usage_anchor["anchor"] is None
    assert mgr.rejected_usage == 1
    mgr.record_usage({"prompt_tokens": int(estimate * PLAUSIBLE_RATIO[1] * 1.2)})  # garbage high
    assert mgr.usage_anchor["anchor"] is None and mgr.rejected_usage == 2
    _, again = mgr.preview(messages)
    assert again == estimate  # the estimate stays where the classes put it
    mgr.record_usage({"prompt_tokens": int(estimate * 0.8)})  # a plausible count is taken
    assert mgr.usage_anchor["anchor"] is not None and mgr.rejected_usage == 2


def test_fewer_prompt_tokens_than_the_newest_message_alone_is_not_taken():
    mgr = ContextManager(32_000, FakeSummarizer())
    big = Message(role="user", content="please review this function carefully. " * 400)
    hello = [Message(role="user", content="hi"), Message(role="assistant", content="hello")]
    messages = [SYSTEM, *hello, big]
    asyncio.run(mgr.prepare(messages))
    newest = mgr._message_tokens([big])
    mgr.record_usage({"prompt_tokens": int(newest * 0.7)})  # the classes alone might allow it
    assert mgr.usage_anchor["anchor"] is None and mgr.rejected_usage == 1


def test_no_usage_keeps_the_safe_side_estimate():
    mgr, messages = _prepared()
    estimate = mgr.last_view_tokens
    for usage in (None, {}, {"completion_tokens": 3}, {"prompt_tokens": 0}):
        mgr.record_usage(usage)
    assert mgr.usage_anchor["anchor"] is None and mgr.preview(messages)[1] == estimate
