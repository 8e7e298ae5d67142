"""``<think>`` blocks split out of streamed content, wherever the chunking cuts (issue 17)."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from pi_desktop.agent.openai_stream import StreamState
from pi_desktop.agent.think import ThinkSplitter, split_think

# text made mostly of the tags' own characters, so cuts land inside tags and near-tags
pieces = st.sampled_from(
    ["<think>", "</think>", "<", "</", "<th", "think", ">", "\n", " ", "a", "b", "x<t", "é", "🙂"]
)
texts = st.lists(pieces, max_size=20).map("".join)


def feed_all(chunks: list[str]) -> tuple[str, str]:
    """What a reader of the stream ends with: the answer deltas since the last retraction, and
    every reasoning delta (the retracted text arrives as reasoning)."""
    splitter = ThinkSplitter()
    answer, reasoning = [], []
    for chunk in chunks:
        a, r = splitter.feed(chunk)
        if splitter.take_retract():
            answer.clear()
        answer.append(a)
        reasoning.append(r)
    a, r = splitter.flush()
    assert not splitter.take_retract()
    return "".join(answer) + a, "".join(reasoning) + r


def cuts(text: str, positions: list[int]) -> list[str]:
    points = sorted({p % (len(text) + 1) for p in positions})
    bounds = [0, *points, len(text)]
    return [text[a:b] for a, b in itertools.pairwise(bounds)]


@settings(max_examples=400, deadline=None)
@given(texts, st.lists(st.integers(min_value=0, max_value=400), max_size=12))
def test_any_chunking_gives_the_split_of_the_whole_text(text: str, positions: list[int]):
    assert feed_all(cuts(text, positions)) == split_think(text)


@settings(max_examples=100, deadline=None)
@given(texts)
def test_cutting_at_every_boundary_at_once(text: str):
    assert feed_all(list(text)) == split_think(text)


@settings(max_examples=200, deadline=None)
@given(
    st.text(max_size=40).filter(lambda s: "</think>" not in s),
    st.text(max_size=40).filter(lambda s: not s.lstrip().startswith("<")),
)
def test_a_leading_block_is_reasoning_and_the_rest_the_answer(thought: str, answer: str):
    got = split_think(f"<think>{thought}</think>\n\n{answer}")
    assert got == (answer.lstrip(), thought)


@settings(max_examples=200, deadline=None)
@given(
    st.text(max_size=30).filter(lambda s: "</think>" not in s),
    st.text(min_size=1, max_size=30).filter(lambda s: s.strip() and not s.lstrip().startswith("<")),
    st.lists(st.integers(min_value=0, max_value=200), max_size=8),
)
def test_the_stream_state_splits_content_the_same_at_every_chunking(thought, answer, positions):
    """Through the real chunk folding (surrogate cleaning included): the answer never shows
    the block, the reasoning holds it, whatever the cuts."""
    text = f"<think>{thought}</think>{answer}"
    state = StreamState(1 << 20)
    shown, thinking = [], []
    for piece in cuts(text, positions):
        _, new_text, new_reasoning = state.apply({"choices": [{"delta": {"content": piece}}]})
        shown.append(new_text)
        thinking.append(new_reasoning)
    tail, tail_reasoning = state.flush()
    assert "".join(shown) + tail == answer.lstrip() == state.partial
    assert "".join(thinking) + tail_reasoning == thought == state.partial_reasoning


def test_plain_cases():
    assert split_think("<think>a</think>\n\nhello") == ("hello", "a")
    assert split_think("  \n<think>a</think>b") == ("b", "a")
    assert split_think("<think>cut off while thinking") == ("", "cut off while thinking")
    assert split_think("<think>one</think><think>two</think> answer") == ("answer", "onetwo")
    # once the answer has begun, a tag is just text (an answer about tags)
    assert split_think("Use <think> tags") == ("Use <think> tags", "")
    assert split_think("Use <think> and </think> tags") == ("Use <think> and </think> tags", "")
    assert split_think("<thin") == ("<thin", "")
    assert split_think("   ") == ("   ", "")


@settings(max_examples=200, deadline=None)
@given(
    st.text(min_size=1, max_size=40).filter(
        lambda s: s.strip() and "<think>" not in s and "</think>" not in s
        and not s.lstrip().startswith("<")
    ),
    st.text(max_size=30).filter(lambda s: "</think>" not in s),
    st.lists(st.integers(min_value=0, max_value=200), max_size=8),
)  # fmt: skip
def test_a_lone_close_takes_back_what_was_streamed_as_the_answer(thought, answer, positions):
    """A template that opened the block in the prompt: the text starts inside it."""
    text = f"{thought}</think>\n\n{answer}"
    state = StreamState(1 << 20)
    shown: list[str] = []
    thinking: list[str] = []
    retracted = 0
    for piece in cuts(text, positions):
        _, new_text, new_reasoning = state.apply({"choices": [{"delta": {"content": piece}}]})
        if state.take_retracted():
            retracted += 1
            shown.clear()
        shown.append(new_text)
        thinking.append(new_reasoning)
    tail, tail_reasoning = state.flush()
    assert retracted == 1
    assert "".join(shown) + tail == state.partial == answer.lstrip()
    assert "".join(thinking) + tail_reasoning == state.partial_reasoning == thought


def test_lone_close_cases():
    assert split_think("Okay, the user wants x.\n</think>\n\nHello!") == (
        "Hello!",
        "Okay, the user wants x.\n",
    )
    assert split_think("a</think>b") == ("b", "a")
    # an answer about the tags names both: left alone
    assert split_think("hello <think>x</think>") == ("hello <think>x</think>", "")
    # after a real block there is no hidden one
    assert split_think("<think>a</think> ans </think> more") == ("ans </think> more", "a")
