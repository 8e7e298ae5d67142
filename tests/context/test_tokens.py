import json

from hypothesis import given
from hypothesis import strategies as st

from pi_desktop.context import Message, estimate_tokens
from pi_desktop.context.tokens import chars_of, list_chars_from_sizes, message_chars

messages_st = st.lists(
    st.builds(
        Message,
        role=st.sampled_from(["system", "user", "assistant", "tool"]),
        content=st.text(),
        metadata=st.none() | st.dictionaries(st.text(max_size=5), st.text(max_size=20)),
    ),
    max_size=8,
)


def _definition(messages):
    return len(json.dumps([m.model_dump() for m in messages], ensure_ascii=False, default=str))


@given(messages_st)
def test_cached_sizes_add_up_to_the_definition(messages):
    assert list_chars_from_sizes([message_chars(m) for m in messages]) == _definition(messages)
    assert chars_of(messages) == _definition(messages)


@given(messages_st, st.none() | st.floats(min_value=0.01, max_value=3))
def test_estimate_matches_design(messages, ratio):
    chars = _definition(messages)
    expected = max(1, int(chars * ratio)) if ratio is not None else max(1, chars // 4)
    assert estimate_tokens(messages, ratio) == expected
