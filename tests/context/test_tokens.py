import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pi_desktop.context import Message, estimate_tokens
from pi_desktop.context.tokens import chars_of, list_chars_from_sizes, message_chars, message_json

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


# every code point, lone surrogates and control characters included
any_text = st.text(st.characters(blacklist_categories=()))


@given(
    st.sampled_from(["system", "user", "assistant", "tool"]),
    any_text,
    st.none() | st.dictionaries(any_text, any_text | st.integers() | st.none(), max_size=3),
)
def test_message_json_is_the_definitions_serialisation(role, content, metadata):
    """The direct path for metadata-free messages writes exactly what json.dumps writes."""
    message = Message(role=role, content=content, metadata=metadata)
    expected = json.dumps(message.model_dump(), ensure_ascii=False, default=str)
    assert message_json(message) == expected
    assert message_chars(message) == len(expected)


@pytest.mark.filterwarnings("ignore:Pydantic serializer warnings")
def test_message_json_falls_back_for_what_model_dump_converts():
    class Tagged(Message):
        tag: str = "x"

    odd = Message.model_construct(role="user", content=42, metadata=None)  # unvalidated
    for message in (Tagged(role="user", content="hi"), odd):
        expected = json.dumps(message.model_dump(), ensure_ascii=False, default=str)
        assert message_json(message) == expected
