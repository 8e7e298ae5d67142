from hypothesis import given, settings
from hypothesis import strategies as st

from pi_desktop.context import micro_compact, snip_messages
from pi_desktop.context.micro import PLACEHOLDER
from tests.context.strategies import (
    assert_pairs_intact,
    assistant,
    conversations,
    snapshot,
    tool_call,
    tool_result,
    user,
)


def _plain(n):
    return [user(f"m{i}") if i % 2 == 0 else assistant(f"m{i}") for i in range(n)]


def test_snip_keeps_head_placeholder_tail_exactly_fifty():
    messages = _plain(60)
    out = snip_messages(messages)
    assert len(out) == 50
    assert out[:3] == messages[:3]
    assert out[3].content == "[snipped 11 messages]" and out[3].metadata == {"snipped": 11}
    assert out[4:] == messages[-46:]


def test_snip_leaves_short_conversations_alone():
    messages = _plain(50)
    assert snip_messages(messages) == messages


def test_snip_moves_boundaries_around_tool_pairs():
    def group(tag):
        calls = [tool_call(f"{tag}{j}", "bash", {}) for j in range(3)]
        return [assistant("", calls), *[tool_result(f"{tag}{j}", "bash", "r") for j in range(3)]]

    # head boundary (3) falls inside the first group, tail start (94 - 46 = 48) in the second
    messages = [user("u0"), user("u1"), *group("a"), *_plain(40), *group("b"), *_plain(44)]
    assert len(messages) == 94 and messages[3].role == "tool" and messages[48].role == "tool"
    out = snip_messages(messages)
    assert_pairs_intact(out)
    assert out[:2] == messages[:2]
    assert out[2].content == "[snipped 48 messages]"
    assert out[3:] == messages[50:]


@settings(max_examples=80, deadline=None)
@given(conversations(min_turns=5, max_turns=25), st.integers(5, 60))
def test_snip_property(messages, max_messages):
    before = snapshot(messages)
    out = snip_messages(messages, max_messages=max_messages)
    assert snapshot(messages) == before
    assert_pairs_intact(out)
    assert out[0] is messages[0]
    if len(out) < len(messages):
        placeholder = next(m for m in out if (m.metadata or {}).get("snipped"))
        assert len(out) - 1 + placeholder.metadata["snipped"] == len(messages)
        fanout = max(len(m.tool_calls) for m in messages) + 1
        assert len(out) <= max_messages + fanout


def test_micro_compacts_old_long_results_only():
    results = [tool_result(f"c{i}", "bash", "z" * (300 if i != 1 else 50)) for i in range(8)]
    out = micro_compact(results)
    assert [m.content == PLACEHOLDER for m in out] == [True, False, True] + [False] * 5
    assert all(o.metadata == r.metadata for o, r in zip(out, results, strict=True))
    assert results[0].content == "z" * 300


def test_micro_keeps_offloaded_path():
    msg = tool_result("c", "bash", "[Tool result offloaded: ...]" + "p" * 300)
    msg = msg.model_copy(update={"metadata": {**msg.metadata, "offloaded": {"path": "/r/c.txt"}}})
    out = micro_compact([msg], keep_recent=0)
    assert "/r/c.txt" in out[0].content and out[0].content.startswith("[Earlier tool result")


@settings(max_examples=60, deadline=None)
@given(conversations(max_turns=8), st.integers(0, 6), st.integers(0, 400))
def test_micro_property(messages, keep_recent, min_chars):
    before = snapshot(messages)
    out = micro_compact(messages, keep_recent=keep_recent, min_chars=min_chars)
    assert snapshot(messages) == before
    assert_pairs_intact(out)
    tools = [i for i, m in enumerate(messages) if m.role == "tool"]
    recent = set(tools[max(0, len(tools) - keep_recent) :]) if keep_recent else set()
    for i, (a, b) in enumerate(zip(messages, out, strict=True)):
        assert a.metadata == b.metadata
        changed = a.content != b.content
        assert changed == (a.role == "tool" and i not in recent and len(a.content) > min_chars)
