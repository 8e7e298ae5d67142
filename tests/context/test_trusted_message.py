"""``trusted_message`` (the fast path a long session's open converts its path with) makes
exactly the message pydantic makes, in every attribute pydantic keeps, for any fields."""

from __future__ import annotations

import copy

from hypothesis import given
from hypothesis import strategies as st

from pi_desktop.context import Message
from pi_desktop.context.message import trusted_message
from pi_desktop.session.entries import MessageEntry

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)
_metadata = st.none() | st.dictionaries(st.text(max_size=10), _json, max_size=4)
_role = st.sampled_from(["system", "user", "assistant", "tool"])

_PYDANTIC_STATE = ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__",
                   "__pydantic_private__")  # fmt: skip


@given(_role, st.text(max_size=40), _metadata)
def test_it_equals_the_validated_and_the_constructed_message(role, content, metadata):
    fast = trusted_message(role, content, copy.deepcopy(metadata))
    valid = Message(role=role, content=content, metadata=copy.deepcopy(metadata))
    built = Message.model_construct(role=role, content=content, metadata=copy.deepcopy(metadata))
    assert fast == valid == built
    for name in _PYDANTIC_STATE:
        assert getattr(fast, name) == getattr(built, name), name
    assert fast.model_dump() == valid.model_dump()
    assert fast.model_dump_json() == valid.model_dump_json()
    assert fast.tool_calls == valid.tool_calls and fast.tool_call_id == valid.tool_call_id


def test_it_behaves_as_a_model_copy_and_a_hash_key_would_expect():
    fast = trusted_message("user", "hi", None)
    changed = fast.model_copy(update={"content": "bye"})
    assert (fast.content, changed.content) == ("hi", "bye")
    assert changed == Message(role="user", content="bye")
    assert repr(fast) == repr(Message(role="user", content="hi"))


def test_an_entry_converts_with_its_metadata_copied_never_shared():
    meta = {"tool_calls": [{"id": "c1", "type": "function"}]}
    entry = MessageEntry(id="e1", parent_id=None, role="assistant", content="x", metadata=meta)
    message = entry.to_message()
    assert message == Message(role="assistant", content="x", metadata=meta)
    message.metadata["extra"] = 1
    assert "extra" not in entry.metadata
