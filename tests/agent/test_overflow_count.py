"""Issue 16 (4): an overflow error that states the real prompt count re-anchors at once.

Parsing is table-tested on every provider's wording that carries the count; the re-anchoring
is checked on the ContextManager the agent drives.
"""

from __future__ import annotations

import asyncio

import pytest

from pi_desktop.agent import ContextOverflowError
from pi_desktop.agent.errors import classify_http_error, parse_prompt_tokens
from pi_desktop.context import ContextManager, Message
from tests.kit.openai_server import WINDOW_WORDINGS
from tests.kit.summary_doubles import FakeSummarizer


@pytest.mark.parametrize(
    ("text", "count"),
    [
        (
            "This model's maximum context length is 8192 tokens. However, your messages "
            "resulted in 9,001 tokens. Please reduce the length of the messages.",
            9001,
        ),
        ("prompt is too long: 200001 tokens > 200000 maximum", 200001),
        ("request (4476 tokens) exceeds the available context size (4096 tokens)", 4476),
        ("The decoder prompt (length 5000) is longer than the maximum model length of 4096.", 5000),
        ("Input length 6491 exceeds context length 1500", 6491),
        (
            "Trying to keep the first 15857 tokens when context the overflows. However, the "
            "model is loaded with context length of only 4096 tokens",
            15857,
        ),
        (
            "The input token count (9000) exceeds the maximum number of tokens allowed (8,192).",
            9000,
        ),
        ("Requested tokens (2139) exceed context window of 2048", 2139),
        ("prompt too long; exceeded max context length", None),
        ("This model's maximum context length is 8192 tokens.", None),  # the window, no count
        ("", None),
        (None, None),
    ],
)
def test_overflow_wordings_that_state_the_count(text, count):
    assert parse_prompt_tokens(text) == count


@pytest.mark.parametrize("provider", ["openai", "llamacpp", "lmstudio"])
def test_the_classified_error_carries_the_count(provider):
    error = classify_http_error(400, WINDOW_WORDINGS[provider](4096, 5123))
    assert isinstance(error, ContextOverflowError)
    assert error.prompt_tokens == 5123 and error.window_tokens == 4096


def test_a_stated_count_re_anchors_at_once():
    """The provider's own count for the view just sent replaces any anchor, at once."""
    mgr = ContextManager(8_000, FakeSummarizer())
    messages = [Message(role="system", content="sys"), Message(role="user", content="hi " * 900)]
    asyncio.run(mgr.prepare(messages))
    before = mgr.last_view_tokens
    assert mgr.record_overflow(2 * before) is True
    asyncio.run(mgr.prepare(messages))
    assert abs(mgr.last_view_tokens - 2 * before) <= 2  # the next estimate is the stated count
    assert mgr.usage_anchor["anchor"] is not None  # saved with the session, like any anchor
    assert mgr.record_overflow(None) is False and mgr.record_overflow(0) is False


def test_the_anchor_usage_counts_the_cached_prefix_before_taking_out_the_schemas():
    from pi_desktop.agent.schema_budget import usage_for_anchor

    anthropic = {"prompt_tokens": 100, "completion_tokens": 5, "cache_read_input_tokens": 900}
    assert usage_for_anchor(anthropic, 200) == {"prompt_tokens": 800, "completion_tokens": 5}
    deepseek = {"prompt_cache_hit_tokens": 700, "prompt_cache_miss_tokens": 300}
    assert usage_for_anchor(deepseek, 200)["prompt_tokens"] == 800


def test_a_stated_count_no_tokenizer_could_give_is_not_taken():
    """A count far beyond the view's class estimate counts more than the prompt (a completion
    reservation, a proxy's framing): the anchor stays, the window is still learned."""
    from pi_desktop.context.calibration import OVERFLOW_RATIO

    mgr = ContextManager(8_000, FakeSummarizer())
    messages = [Message(role="system", content="sys"), Message(role="user", content="hi " * 900)]
    asyncio.run(mgr.prepare(messages))
    estimate = mgr.last_view_tokens
    assert mgr.record_overflow(int(estimate * OVERFLOW_RATIO[1] * 1.5)) is False
    assert mgr.record_overflow(int(estimate * OVERFLOW_RATIO[0] * 0.5)) is False
    assert mgr.usage_anchor["anchor"] is None
