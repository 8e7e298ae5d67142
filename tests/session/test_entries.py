"""Line format: round trips, the discriminated union, unknown types, clear reasons for bad lines."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_desktop.context import Message
from pi_desktop.session import (
    CompactionEntry,
    LeafEntry,
    MessageEntry,
    SessionHeader,
    SystemPromptEntry,
    TitleEntry,
)
from pi_desktop.session.entries import LineError, dump_line, new_id, parse_line


def test_ids_are_unique_uuid_hex():
    ids = {new_id() for _ in range(2000)}
    assert len(ids) == 2000 and all(len(i) == 32 and int(i, 16) >= 0 for i in ids)


@pytest.mark.parametrize(
    "entry",
    [
        SessionHeader(title="t", system_prompt="p", workspace="/w"),
        MessageEntry(role="user", content="héllo ✓", parent_id="a" * 32),
        MessageEntry(
            role="assistant",
            metadata={"tool_calls": [{"id": "c", "type": "function", "function": {}}]},
        ),
        CompactionEntry(
            parent_id="b" * 32,
            summary="s",
            covered_count=3,
            retained_tail=[{"role": "user", "content": "x", "metadata": None}],
            replaces_entry_ids=["a"],
            first_kept_entry_id="c",
            summary_usage={"prompt_tokens": 1},
            read_files=["r.py"],
            modified_files=["m.py"],
            manual=True,
        ),
        LeafEntry(target_id="d" * 32),
        TitleEntry(title=None),
        SystemPromptEntry(system_prompt="new"),
    ],
)
def test_every_entry_round_trips_as_one_line(entry):
    line = dump_line(entry)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert json.loads(line)["type"] == entry.type  # ``type`` comes first on every line
    assert line.startswith(b'{"type":"' + entry.type.encode() + b'"')
    assert parse_line(line.rstrip(b"\n")) == entry


def test_every_entry_has_the_common_fields():
    for entry in (SessionHeader(), MessageEntry(role="user"), LeafEntry(target_id="x")):
        data = json.loads(dump_line(entry))
        assert {"type", "id", "parent_id", "timestamp"} <= set(data)
        assert data["timestamp"].endswith("+00:00")


@settings(max_examples=150, deadline=None)
@given(
    role=st.sampled_from(["system", "user", "assistant", "tool"]),
    content=st.text(),
    meta=st.none() | st.dictionaries(st.text(max_size=5), st.text(max_size=5) | st.integers()),
)
def test_any_message_survives_the_line(role, content, meta):
    message = Message(role=role, content=content, metadata=meta)
    entry = MessageEntry(role=role, content=content, metadata=meta)
    line = dump_line(entry)
    assert b"\n" not in line[:-1]  # newlines inside content are escaped
    parsed = parse_line(line[:-1])
    assert isinstance(parsed, MessageEntry) and parsed.to_message() == message


def test_unknown_type_is_returned_raw():
    raw = {"type": "reaction", "id": "r1", "parent_id": None, "timestamp": "t", "emoji": "+1"}
    assert parse_line(json.dumps(raw).encode()) == raw


def test_newer_fields_on_known_types_are_ignored():
    line = json.dumps(
        {"type": "leaf", "id": "l", "parent_id": None, "timestamp": "t", "target_id": "x", "v2": 1}
    ).encode()
    assert parse_line(line) == LeafEntry(id="l", timestamp="t", target_id="x")


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b'{"type":"message","id":"x"', "not valid JSON"),
        (b"\xff\xfe garbage", "not valid UTF-8"),
        (b"[1, 2]", "invalid entry"),
        (b'{"id": "x"}', "invalid entry"),
        (b'{"type": 5, "id": "x"}', "invalid entry"),
        (b'{"type":"compaction","id":"c","summary":"s","covered_count":-1}', "covered_count"),
        (b'{"type":"newer","no_id":true}', "invalid entry"),
    ],
)
def test_bad_lines_raise_with_a_reason(line, reason):
    with pytest.raises(LineError, match=reason):
        parse_line(line)
