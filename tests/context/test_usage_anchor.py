"""The usage anchor can be handed to a new manager for the same model: the same messages then
get the same estimate (the window rebuilds its manager on a budget change)."""

from __future__ import annotations

import asyncio

from pi_desktop.context import ContextManager, Message


class _NoLLM:
    async def chat(self, messages, tools=None, on_delta=None):  # pragma: no cover - never called
        raise AssertionError("no summary expected")


def _messages() -> list[Message]:
    return [Message(role="system", content="be brief")] + [
        Message(role="user" if i % 2 == 0 else "assistant", content=f"turn {i} " * 40)
        for i in range(6)
    ]


def test_a_restored_anchor_gives_the_same_estimate_under_another_budget():
    messages = _messages()
    first = ContextManager(32_000, _NoLLM())
    assert first.usage_anchor["anchor"] is None
    asyncio.run(first.prepare(messages))
    first.record_usage({"prompt_tokens": 900})
    anchor = first.usage_anchor
    assert anchor["anchor"] is not None
    _, estimate = first.preview(messages)

    fresh = ContextManager(16_000, _NoLLM())
    _, guessed = fresh.preview(messages)
    assert guessed != estimate  # without the anchor: the script guess
    fresh.restore_usage_anchor(anchor)
    assert fresh.usage_anchor == anchor and fresh.ratio == first.ratio
    assert fresh.preview(messages)[1] == estimate
    assert not fresh.restore_usage_anchor(None)  # nothing to restore: kept as it was
    assert not fresh.restore_usage_anchor({"anchor": ["x", 1], "ratio": 0.3})  # malformed
    assert fresh.usage_anchor == anchor


def test_the_reported_summary_size_follows_the_anchor_and_the_summary():
    """The report's summary_tokens is kept between prepares; a new anchor or a new summary
    must give the figure a fresh measurement gives."""
    messages = _messages()
    mgr = ContextManager(32_000, _NoLLM())
    mgr.restore_cache("## Goal\nshort", 3, [m.model_dump() for m in messages[3:]])

    def reported() -> int:
        asyncio.run(mgr.prepare(messages))
        assert mgr.last_report is not None and mgr.last_report.cache_used
        fresh = mgr._message_tokens([mgr._cache.entry.message])  # measured, never kept
        assert mgr.last_report.summary_tokens == fresh
        return fresh

    guessed = reported()
    assert reported() == guessed
    mgr.record_usage({"prompt_tokens": 4 * mgr.last_view_tokens})  # the model counts 4x
    anchored = reported()
    assert anchored > guessed
    mgr.restore_cache("## Goal\n" + "a much longer summary " * 40, 3, messages[3:])
    longer = reported()
    assert longer > anchored
    other = ContextManager(32_000, _NoLLM())
    other.restore_usage_anchor({"anchor": None, "ratio": 0.25})
    mgr.restore_usage_anchor(other.usage_anchor)  # back to the unanchored guess
    assert reported() < longer
