"""Labels read as plain words: markdown syntax never shows up raw in a tree row or a title."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_desktop.ui.labels import (
    count_of,
    first_line,
    format_tokens,
    plain_inline,
    shorten,
    title_from,
)


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("_(offline demo: no network)_", "(offline demo: no network)"),
        ("*What the tools returned*; ask again", "What the tools returned; ask again"),
        ("**Read `big.txt`** — 37 lines", "Read big.txt — 37 lines"),
        ("see [the docs](https://example.org/x_y) now", "see the docs now"),
        ("call read_file and list_dir", "call read_file and list_dir"),
        ("2 * 3 = 6, a_b * c", "2 * 3 = 6, a_b * c"),
        ("> _quoted_ words", "quoted words"),
        ("```\ncode_here()\n```", "code_here()"),
        ("\n\n  ---  \n# *Title*  with   spaces", "Title with spaces"),
        ("", ""),
    ],
)
def test_first_line_drops_markdown(text, label):
    assert first_line(text, 80) == label


def test_first_line_is_shortened_with_an_ellipsis():
    assert first_line("word " * 40, 20) == "word word word word…"
    assert shorten("abc", 3) == "abc"
    assert shorten("abcd", 3) == "ab…"


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab _*`[]()#>-\n"), max_size=60), st.integers(2, 40))
def test_first_line_is_one_short_line(text, limit):
    label = first_line(text, limit)
    assert "\n" not in label
    assert len(label) <= limit
    assert label == label.strip()


@settings(max_examples=150, deadline=None)
@given(st.from_regex(r"[a-z]+(_[a-z]+)*", fullmatch=True))
def test_identifiers_survive(name):
    assert plain_inline(f"use {name} here") == f"use {name} here"


def test_count_of_reads_as_a_sentence():
    assert count_of(1, "message") == "1 message"
    assert count_of(0, "message") == "0 messages"
    assert count_of(12_345, "node") == "12,345 nodes"
    assert count_of(2, "entry", "entries") == "2 entries"


@pytest.mark.parametrize(
    ("n", "text"),
    [
        (None, "?"),
        (0, "0"),
        (999, "999"),
        (1_000, "1k"),
        (1_010, "1k"),
        (1_500, "1.5k"),
        (12_345, "12.3k"),
        (99_960, "100k"),
        (128_000, "128k"),
        (999_499, "999k"),
        (999_500, "1M"),
        (1_500_000, "1.5M"),
        (250_000_000, "250M"),
    ],
)
def test_format_tokens(n, text):
    assert format_tokens(n) == text


def test_title_from_the_first_user_message():
    from types import SimpleNamespace as E

    entries = [
        E(role="system", content="You are helpful."),
        E(role="user", content="   "),
        E(role="assistant", content="Hi"),
        E(role="user", content="Fix the\n  login   bug " + "x" * 80),
    ]
    assert title_from(entries) == shorten("Fix the login bug " + "x" * 80, 60)
    assert len(title_from(entries)) == 60
    assert title_from(entries[:3]) is None


def test_a_title_from_a_huge_first_message_reads_only_its_head():
    from types import SimpleNamespace

    from pi_desktop.ui.labels import title_from

    huge = SimpleNamespace(role="user", content="hello   world " + "x " * 2_500_000)
    assert title_from([huge]).startswith("hello world x x")
    late = SimpleNamespace(role="user", content=" " * 1_000 + "words at last")
    assert title_from([late]) == "words at last"
