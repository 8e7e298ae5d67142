"""The first estimate (issue 8 item 8): character classes, measured against o200k offline.

The o200k_base counts below were measured once with the bench tokenizer (``bench`` extra,
not needed here) on exactly these messages, framing included as bench (c) counts it.
"""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pi_desktop.context import ContextManager, Message
from pi_desktop.context.ratio import (
    DIGIT_WEIGHT,
    ESCAPE_WEIGHT,
    LETTER_WEIGHT,
    QUOTE_WEIGHT,
    WEIGHTS,
    WORD_WEIGHT,
    char_classes,
    list_weight,
    weighted_tokens,
)
from tests.kit.messages import assistant, tool_call, tool_result, user
from tests.kit.summary_doubles import FakeSummarizer

EN = (
    "Could you explain why the retry logic backs off exponentially, and whether we should cap "
    "the delay at thirty seconds? I would also like the log messages to mention the attempt "
    "number, so that we can tell a slow network from a dead server when reading them later."
)
CODE = (
    'def retry(fn, attempts=5):\n    """Call fn until it succeeds, backing off between tries."""\n'
    "    for i in range(attempts):\n        try:\n            return fn()\n"
    "        except TimeoutError as exc:\n"
    '            log.warning("attempt %d failed: %s", i + 1, exc)\n'
    "            time.sleep(min(30, 2 ** i))\n"
    '    raise RuntimeError("gave up after %d attempts" % attempts)\n'
)
JSON = json.dumps(
    {
        "items": [
            {
                "id": 1041 + k,
                "name": f"pi-desktop-{k}",
                "full_name": f"lab/pi-desktop-{k}",
                "private": False,
                "stargazers_count": 12 * k,
                "topics": ["llm", "desktop", "qt"],
                "updated_at": "2026-11-30T18:04:11Z",
                "license": {"key": "mit", "name": "MIT License"},
            }
            for k in range(4)
        ]
    },
    indent=2,
)
ZH = (
    "请解释一下为什么重试逻辑采用指数退避，我们是否应该把延迟上限设为三十秒？"
    "另外希望日志信息里能提到当前是第几次尝试，方便排查线上问题。"
)
# (message, o200k tokens as bench (c)'s true_tokens counts one message)
SAMPLES = {
    "english": (user(EN), 56),
    "code result": (tool_result("call_1", "read_file", CODE), 97),
    "JSON result": (tool_result("call_2", "http_get", JSON), 472),
    "chinese": (user(ZH), 52),
    "tool call": (
        assistant("Let me read it.", [tool_call("call_1", "read_file", {"path": "src/retry.py"})]),
        31,
    ),
}


def serialised(message):
    return json.dumps(message.model_dump(), ensure_ascii=False, default=str)


@pytest.mark.parametrize("name", list(SAMPLES))
def test_first_estimate_overestimates_typical_messages_a_little(name):
    message, truth = SAMPLES[name]
    text = serialised(message)
    estimate = weighted_tokens(text)
    assert truth <= estimate <= truth * 1.3, (estimate, truth)  # safe side, and close
    if name in ("english", "code result", "tool call"):  # chars/4 was further off
        assert abs(estimate - truth) < abs(len(text) / 4 - truth)


def test_char_classes_on_hand_made_samples():
    text = json.dumps({"a": 'line\nnext "q" back\\ café Привет 上下文 🚀 “x”'}, ensure_ascii=False)
    # words: a line nnext q back caf x; letters; long runs; digits; spaces; escapes \n \\;
    # escaped quotes; punctuation; CJK; non-ASCII words (é, Привет) and their letters;
    # symbols “ ”; astral
    assert char_classes(text) == (7, 19, 0, 0, 8, 2, 2, 6, 3, 2, 7, 2, 1)
    assert char_classes("additionalProperties HTTPServer") == (3, 30, 0, 0, 1, 0, 0, 0) + (0,) * 5
    assert char_classes("r" * 40)[:3] == (1, 40, 2)  # one word, two 16-letter chunks
    assert char_classes("") == (0,) * len(WEIGHTS)
    assert weighted_tokens("12345") == pytest.approx(5 * DIGIT_WEIGHT)
    assert weighted_tokens('\\"') == pytest.approx(QUOTE_WEIGHT)
    assert weighted_tokens("\\t") == pytest.approx(ESCAPE_WEIGHT + WORD_WEIGHT + LETTER_WEIGHT)
    assert weighted_tokens("hello") == pytest.approx(WORD_WEIGHT + 5 * LETTER_WEIGHT)


@given(st.text(max_size=300))
def test_estimate_is_non_negative_and_bounded(text):
    counts = char_classes(text)
    assert all(c >= 0 for c in counts)
    assert 0 <= weighted_tokens(text) <= 2.5 * len(text) + 1


def test_the_manager_starts_from_the_class_estimate_not_chars_over_4():
    messages = [Message(role="system", content="Be concise.")] + [m for m, _ in SAMPLES.values()]
    mgr = ContextManager(100_000, FakeSummarizer())
    _, estimate = mgr.preview(messages)
    truth = 3 + sum(t for _, t in SAMPLES.values()) + 7  # list framing + the system message
    assert truth <= estimate <= truth * 1.3


@given(
    st.lists(
        st.builds(
            Message,
            role=st.sampled_from(["user", "assistant", "tool"]),
            content=st.text(max_size=60),
            metadata=st.none() | st.dictionaries(st.text(max_size=5), st.text(max_size=10)),
        ),
        max_size=6,
    )
)
def test_per_message_figures_add_up_to_the_list(messages):
    """The manager sums memoised per-message figures; they must equal the whole list's."""
    parts = sum(weighted_tokens(serialised(m)) for m in messages) + list_weight(len(messages))
    whole = json.dumps([m.model_dump() for m in messages], ensure_ascii=False, default=str)
    assert parts == pytest.approx(weighted_tokens(whole), abs=1e-6)
