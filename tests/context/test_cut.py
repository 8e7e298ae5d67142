import json

from hypothesis import given, settings
from hypothesis import strategies as st

from pi_desktop.context.cut import count_cut, find_cut, tighter_cut
from tests.kit.messages import assistant, tool_call, tool_result, user
from tests.kit.strategies import conversations


def size(m):
    return len(json.dumps(m.model_dump(), ensure_ascii=False)) + 2


def tail_chars(messages, cut):
    return sum(size(m) for m in messages[cut:])


@settings(max_examples=120, deadline=None)
@given(conversations(min_turns=1, max_turns=10), st.integers(0, 40_000))
def test_find_cut_rules(messages, keep):
    lo = 1
    cut = find_cut(messages, lo, keep, size)
    non_tool_after_lo = [i for i in range(lo + 1, len(messages)) if messages[i].role != "tool"]
    if cut is None:
        assert not non_tool_after_lo
        return
    assert lo < cut < len(messages)
    assert messages[cut].role != "tool"  # never splits a tool pair
    users = [i for i in range(lo + 1, len(messages)) if messages[i].role == "user"]
    fitting = [i for i in users if tail_chars(messages, i) <= keep]
    if fitting:  # a user message inside the keep budget: the tail starts at the oldest one
        assert cut == fitting[0]
    elif users:  # the newest turn alone is over the budget: summarize everything before it
        assert cut == users[-1]


def test_find_cut_keeps_the_newest_call_with_its_results():
    calls = [tool_call("a", "bash", {}), tool_call("b", "bash", {})]
    messages = [
        user("s"),
        assistant("", calls),
        tool_result("a", "bash", "x" * 500),
        tool_result("b", "bash", "y" * 500),
    ]
    assert find_cut(messages, 0, 10, size) == 1
    assert find_cut(messages, 1, 10, size) is None


def test_tighter_cut_moves_into_the_turn_at_an_assistant_boundary():
    messages = [user("go")]
    for j in range(10):
        messages += [
            assistant("", [tool_call(f"c{j}", "bash", {})]),
            tool_result(f"c{j}", "bash", "z" * 300),
        ]
    room = tail_chars(messages, len(messages) - 6) + 1
    cut = tighter_cut(messages, 0, room, size)
    assert cut == len(messages) - 6 and messages[cut].role == "assistant"
    assert tighter_cut(messages, cut, room, size) is None


@settings(max_examples=120, deadline=None)
@given(conversations(min_turns=1, max_turns=12), st.integers(1, 30))
def test_count_cut_keeps_about_keep_messages_at_a_safe_boundary(messages, keep):
    lo = 1
    cut = count_cut(messages, lo, keep)
    n = len(messages)
    safe = [i for i in range(lo + 1, n) if messages[i].role != "tool"]
    if cut is None:
        assert not safe
        return
    assert lo < cut < n and messages[cut].role != "tool"
    users = [i for i in range(max(n - keep, lo + 1), n) if messages[i].role == "user"]
    if users:  # a whole turn starts inside the last ``keep``: the oldest such
        assert cut == users[0]
    elif any(i >= n - keep for i in safe):  # else the first safe boundary inside them
        assert cut == min(i for i in safe if i >= max(n - keep, lo + 1))
    else:  # only a fan-out's results there: the last safe boundary before them
        assert cut == max(safe)
