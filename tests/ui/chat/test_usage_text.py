"""The usage words: the hover line of an answer and the session's totals."""

from __future__ import annotations

from pi_desktop.agent.stats import ModelPrice, session_cost
from pi_desktop.ui.chat.usage_text import (
    MessageStats,
    money,
    totals_details,
    totals_line,
)

OPENAI = {
    "prompt_tokens": 12_000,
    "completion_tokens": 300,
    "total_tokens": 12_300,
    "prompt_tokens_details": {"cached_tokens": 10_240},
    "completion_tokens_details": {"reasoning_tokens": 120},
}
DEEPSEEK = {
    "prompt_tokens": 2_000,
    "completion_tokens": 50,
    "prompt_cache_hit_tokens": 1_500,
    "prompt_cache_miss_tokens": 500,
}


def _stats(usage, **kw):
    return {"usage": usage, "model": "m", "ttft_s": 0.8, "duration_s": 6.8, **kw}


def test_the_hover_line_says_in_out_cache_first_token_and_speed():
    stats = MessageStats.from_stats(_stats(OPENAI))
    assert stats is not None
    assert stats.line() == (
        "12k in (85 % cached) · 300 out (120 thinking) · 0.8 s to first token · 50 tokens/s"
    )
    details = stats.details()
    assert "Served from the provider's cache: 10,240 tokens (85 %)" in details
    assert "Time to first token: 0.80 s" in details and "Model: m" in details


def test_the_agents_measured_speed_wins():
    stats = MessageStats.from_stats(_stats(DEEPSEEK, completion_tokens_per_s=41.7))
    assert stats is not None and stats.line().endswith("42 tokens/s")
    assert "75 % cached" in stats.line()


def test_no_cache_figure_is_not_shown_as_zero():
    stats = MessageStats.from_stats(_stats({"prompt_tokens": 10, "completion_tokens": 2}))
    assert stats is not None and "cached" not in stats.line()
    assert "Cache: the provider did not say" in stats.details()


def test_money_only_with_a_price():
    prices = {"m": ModelPrice(prompt=2.0, completion=8.0, cached=0.5)}
    priced = MessageStats.from_stats(_stats(OPENAI), prices)
    assert priced is not None
    # 1,760 fresh × $2 + 10,240 cached × $0.5 + 300 out × $8, per million
    assert priced.line().endswith(money((1_760 * 2 + 10_240 * 0.5 + 300 * 8) / 1e6))
    unpriced = MessageStats.from_stats(_stats(OPENAI), {"other": ModelPrice(1, 1, 1)})
    assert unpriced is not None and "$" not in unpriced.line() + unpriced.details()


def test_nothing_to_say_is_none():
    assert MessageStats.from_stats(None) is None
    assert MessageStats.from_stats({"usage": None, "ttft_s": None}) is None
    assert MessageStats.from_stats({"usage": "x", "ttft_s": float("nan")}) is None


def test_session_totals_keep_summaries_apart_and_rate_the_cache(tmp_path):
    from pi_desktop.agent.stats import session_usage_totals
    from pi_desktop.context import Message
    from pi_desktop.session import Session

    session = Session.create(tmp_path / "s.jsonl", system_prompt="p")
    session.append_message(Message(role="user", content="q"))
    session.append_message(Message(role="assistant", content="a"), _stats(OPENAI))
    session.append_message(Message(role="user", content="q2"))
    session.append_message(Message(role="assistant", content="b"), _stats(DEEPSEEK))
    session.append_message(Message(role="user", content="q3"))
    session.append_message(Message(role="assistant", content="offline: no stats"))
    totals = session_usage_totals(session)
    assert (totals.prompt, totals.completion, totals.calls) == (14_000, 350, 2)
    assert totals.cache_hit_rate == (10_240 + 1_500) / 14_000
    assert totals_line(totals) == "14k in · 84 % cached · 350 out"
    details = totals_details(totals)
    assert "Chat: 2 answers" in details and "84 % of the prompts" in details
    assert "Summaries" not in details
    assert session_cost(session, {}) is None
    price = {"m": ModelPrice(prompt=1.0, completion=2.0, cached=0.1)}
    cost = session_cost(session, price)
    assert cost is not None and totals_line(totals, cost).endswith(money(cost))
    session.close()


def test_the_settings_price_table_round_trips():
    from pi_desktop.ui.chat.usage_text import dump_prices, parse_prices

    prices = {"a": ModelPrice(2.5, 10.0, 1.25), "b": ModelPrice(0.3, 0.6)}
    assert parse_prices(dump_prices(prices)) == prices
    assert dump_prices({}) == ""
