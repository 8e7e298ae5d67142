from hypothesis import given, settings
from hypothesis import strategies as st

from pi_desktop.context import micro_compact, snip_messages
from pi_desktop.context.micro import PLACEHOLDER, clearable_end, micro_targets
from tests.kit.messages import assistant, tool_call, tool_result, user
from tests.kit.strategies import assert_pairs_intact, conversations, snapshot


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


def _step(tag, sizes, answer="done"):
    """One assistant step with parallel calls, its results, and (optionally) the answer."""
    calls = [tool_call(f"{tag}{j}", "bash", {}) for j in range(len(sizes))]
    out = [assistant("", calls)]
    out += [tool_result(f"{tag}{j}", "bash", "z" * n) for j, n in enumerate(sizes)]
    return out + ([assistant(answer)] if answer is not None else [])


def test_micro_compacts_old_long_answered_results_only():
    # changed by issue 8: results after the last assistant message are unanswered (exempt),
    # so the 8 results are now answered by a final assistant message before L2 touches them
    messages = [user("go"), *_step("c", [300, 50, 300, 300, 300, 300, 300, 300])]
    out = micro_compact(messages)
    tools = [m for m in out if m.role == "tool"]
    assert [m.content == PLACEHOLDER for m in tools] == [True, False, True] + [False] * 5
    originals = [m for m in messages if m.role == "tool"]
    assert all(o.metadata == r.metadata for o, r in zip(tools, originals, strict=True))
    assert originals[0].content == "z" * 300


def test_micro_never_hides_results_the_model_has_not_answered():
    """One step with 8 parallel calls: the next request carries all 8 verbatim."""
    messages = [user("go"), *_step("a", [400] * 6), user("more"), *_step("b", [400] * 8, None)]
    out = micro_compact(messages)
    assert out[-8:] == messages[-8:]
    # keep_recent counts from the last assistant message: the 5 newest answered stay too
    first = [m.content == PLACEHOLDER for m in out[2:8]]
    assert first == [True] + [False] * 5
    assert micro_compact(messages, keep_recent=0)[-8:] == messages[-8:]
    assert clearable_end(messages, keep_recent=0) == len(messages) - 9


def test_micro_keeps_offloaded_path():
    msg = tool_result("c", "bash", "[Tool result offloaded: ...]" + "p" * 300)
    msg = msg.model_copy(update={"metadata": {**msg.metadata, "offloaded": {"path": "/r/c.txt"}}})
    out = micro_compact([assistant("", [tool_call("c", "bash", {})]), msg, assistant("ok")], 0)
    assert "/r/c.txt" in out[1].content and out[1].content.startswith("[Earlier tool result")


@settings(max_examples=80, deadline=None)
@given(conversations(max_turns=8), st.integers(0, 6), st.integers(0, 400), st.booleans())
def test_micro_property(messages, keep_recent, min_chars, mid_step):
    if mid_step:  # stop right after a step's results, before the model answered them
        ends = [i + 1 for i, m in enumerate(messages) if m.role == "tool"]
        ends = [e for e in ends if e == len(messages) or messages[e].role != "tool"]
        messages = messages[: ends[-1]] if ends else messages
    before = snapshot(messages)
    out = micro_compact(messages, keep_recent=keep_recent, min_chars=min_chars)
    assert snapshot(messages) == before
    assert_pairs_intact(out)
    last = max((i for i, m in enumerate(messages) if m.role == "assistant"), default=-1)
    answered = [i for i, m in enumerate(messages) if m.role == "tool" and i < last]
    recent = set(answered[max(0, len(answered) - keep_recent) :]) if keep_recent else set()
    for i, (a, b) in enumerate(zip(messages, out, strict=True)):
        assert a.metadata == b.metadata
        changed = a.content != b.content
        eligible = i in answered and i not in recent and len(a.content) > min_chars
        assert changed == (a.role == "tool" and eligible)
        if a.role == "tool" and i > last:
            assert b is a  # unanswered: never placeholdered


@given(
    st.lists(st.tuples(st.sampled_from(["user", "assistant", "tool"]), st.integers(0, 400))),
    st.integers(-1, 7),
    st.none() | st.integers(-2, 40),
)
def test_l2_positions_follow_the_rule_read_message_by_message(shape, keep, end):
    """clearable_end / micro_targets (found by bisecting the tool positions) agree with the
    rule applied one message at a time, newest first."""

    def make(i: int, role: str, n: int):
        if role == "tool":
            return tool_result(f"c{i}", "bash", "x" * n)
        return assistant("x" * n) if role == "assistant" else user("x" * n)

    messages = [make(i, role, n) for i, (role, n) in enumerate(shape)]
    last = max((i for i, m in enumerate(messages) if m.role == "assistant"), default=-1)
    answered = [i for i in range(last) if messages[i].role == "tool"] if last >= 0 else []
    if last < 0:
        expected_end = 0
    elif keep <= 0:
        expected_end = last
    else:
        expected_end = answered[-keep] if len(answered) >= keep else 0
    assert clearable_end(messages, keep) == expected_end
    stop = expected_end if end is None else min(expected_end, end)
    tools = [i for i in range(stop) if messages[i].role == "tool"]
    expected = [i for i in tools if len(messages[i].content) > 200]
    assert micro_targets(messages, keep, 200, end) == expected
