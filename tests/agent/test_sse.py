"""The bounded SSE decoder and the surrogate cleaner, as properties (no server needed)."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_desktop.agent.sse import (
    SSEDecoder,
    SSEEvent,
    StreamFormatError,
    StreamLimitError,
    TextCleaner,
    clean_text,
)

# text that may hold any code point, lone (and paired) surrogates included
SURROGATES = ["\ud800", "\udbff", "\udc00", "\udfff", "\ud83d", "\ude00"]
any_text = st.text(st.one_of(st.characters(), st.sampled_from(SURROGATES)), max_size=40)
payloads = st.lists(
    st.dictionaries(st.sampled_from(["content", "x"]), any_text, max_size=2), max_size=6
)


def encode(events: list[dict], newline: bytes) -> bytes:
    out = b": opening comment" + newline + newline
    for event in events:
        out += b"data: " + json.dumps(event).encode() + newline + newline
    return out + b"data: [DONE]" + newline + newline


def decode_in_pieces(raw: bytes, cuts: list[int], cap: int = 1 << 20) -> list[SSEEvent]:
    decoder = SSEDecoder(cap)
    events: list[SSEEvent] = []
    bounds = [0, *sorted(c % (len(raw) + 1) for c in cuts), len(raw)]
    for start, end in itertools.pairwise(bounds):
        events += decoder.feed(raw[start:end])
    return events + decoder.finish()


@settings(max_examples=200, deadline=None)
@given(
    events=payloads,
    cuts=st.lists(st.integers(0, 10_000), max_size=8),
    nl=st.sampled_from([b"\n", b"\r\n", b"\r"]),
)
def test_any_split_of_a_stream_gives_the_same_events(events, cuts, nl):
    raw = encode(events, nl)
    decoded = decode_in_pieces(raw, cuts)
    assert [e.data for e in decoded[:-1]] == [json.dumps(event) for event in events]
    assert decoded[-1].data == "[DONE]"


@settings(max_examples=100, deadline=None)
@given(size=st.integers(1, 5000), cap=st.integers(16, 4096), piece=st.integers(1, 700))
def test_a_line_over_the_cap_fails_before_it_is_kept(size, cap, piece):
    line = b"data: " + b"x" * size
    decoder = SSEDecoder(cap)
    if len(line) <= cap:
        events = []
        for i in range(0, len(line), piece):
            events += decoder.feed(line[i : i + piece])
        events += decoder.feed(b"\n\n")
        assert events == [SSEEvent(None, "x" * size)]
        return
    with pytest.raises(StreamLimitError, match="larger than"):
        for i in range(0, len(line), piece):
            decoder.feed(line[i : i + piece])
            assert len(decoder._buffer) <= cap  # never holds more than the cap
        decoder.feed(b"\n\n")


def test_an_event_of_many_data_lines_is_capped_too():
    decoder = SSEDecoder(100)
    with pytest.raises(StreamLimitError):
        for _ in range(20):
            decoder.feed(b"data: " + b"y" * 20 + b"\n")


def test_bad_utf8_is_a_format_error_and_comments_are_counted():
    decoder = SSEDecoder()
    assert decoder.feed(b": keep-alive\n\n: again\n\n") == []
    assert decoder.comments == 2
    with pytest.raises(StreamFormatError, match="UTF-8"):
        decoder.feed(b"data: \xff\xfe\n\n")


def test_event_names_and_a_last_event_without_its_blank_line():
    decoder = SSEDecoder()
    assert decoder.feed(b'event: error\ndata: {"error": 1}\n\n') == [
        SSEEvent("error", '{"error": 1}')
    ]
    assert decoder.feed(b"data: [DONE]") == []
    assert decoder.finish() == [SSEEvent(None, "[DONE]")]


@settings(max_examples=300, deadline=None)
@given(text=any_text, cuts=st.lists(st.integers(0, 40), max_size=6))
def test_cleaned_text_is_always_utf8_and_splitting_never_changes_it(text, cuts):
    whole = clean_text(text)
    whole.encode("utf-8")  # never raises
    cleaner = TextCleaner()
    bounds = [0, *sorted(c % (len(text) + 1) for c in cuts), len(text)]
    pieces = [cleaner.feed(text[a:b]) for a, b in itertools.pairwise(bounds)]
    assert "".join(pieces) + cleaner.flush() == whole
    if not any("\ud800" <= ch <= "\udfff" for ch in text):
        assert whole == text


def test_clean_text_replaces_lone_surrogates_and_joins_pairs():
    assert clean_text("a\ud800b") == "a\ufffdb"
    assert clean_text("\udc00") == "\ufffd"
    assert clean_text("\ud83d\ude00") == "\U0001f600"
    cleaner = TextCleaner()
    assert cleaner.feed("x\ud83d") == "x"
    assert cleaner.feed("\ude00y") == "\U0001f600y"


def test_an_event_exactly_at_the_cap_is_kept():
    """Hypothesis found size=10, cap=16: a 16-byte line was refused by its own blank line."""
    decoder = SSEDecoder(16)
    assert decoder.feed(b"data: " + b"x" * 10 + b"\n\n") == [SSEEvent(None, "x" * 10)]
