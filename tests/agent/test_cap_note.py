"""A capped read states the file's real size (issue 12.6): a 204,825-character file read with
the default caps says "the first 100,000 of 204,825", not the size of a line window."""

from __future__ import annotations

import asyncio
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from pi_desktop.agent.tools import build_workspace_tools
from pi_desktop.agent.tools.paths import CapNote, cap_note, cap_output, parse_cap_note


def _read(root: Path, **args) -> str:
    tool = {t.name: t for t in build_workspace_tools(root)}["read_file"]
    return asyncio.run(tool.handler(args))


def _big_file(root: Path, chars: int) -> str:
    line = "x" * 71 + "\n"  # 72 chars a line: 2,000 lines = 144,000 chars, more than the cap
    text = line * (chars // len(line))
    text += "y" * (chars - len(text))
    (root / "big.txt").write_text(text)
    return text


def test_the_note_states_the_files_real_size_and_how_to_go_on(tmp_path):
    text = _big_file(tmp_path, 204_825)
    assert len(text) == 204_825
    out = _read(tmp_path, path="big.txt")
    note = parse_cap_note(out)
    assert note == CapNote(shown=100_000, total=204_825, first=True)
    assert "showing the first 100,000 of 204,825 chars" in out
    body = out[: out.rindex("\n[output truncated")]
    assert body == text[:100_000]
    complete = body.count("\n")  # 1,388 whole lines; the 1,389th is cut
    assert f"lines 1-{complete} are complete, continue with offset={complete + 1}" in out
    again = _read(tmp_path, path="big.txt", offset=complete + 1)
    assert again.startswith(text.splitlines(keepends=True)[complete])
    assert parse_cap_note(again) == CapNote(shown=100_000, total=204_825, first=False)


def test_a_window_under_the_cap_keeps_its_line_note(tmp_path):
    _big_file(tmp_path, 204_825)
    out = _read(tmp_path, path="big.txt", limit=10)
    assert parse_cap_note(out) is None
    assert out.endswith("[lines 1-10 of 2845 in big.txt; continue with offset=11]")


def test_cap_output_of_other_tools_is_parsed_too():
    capped = cap_output("z" * 500, 120)
    assert parse_cap_note(capped) == CapNote(120, 500, False)
    assert parse_cap_note("no note here") is None
    assert parse_cap_note(capped + "\nmore text after it") is None  # only a note at the end


@given(st.integers(1, 10**9), st.integers(1, 10**9), st.booleans(), st.text(max_size=80))
def test_cap_note_round_trips(shown, total, first, more):
    more = more.replace("]", "").replace("\n", " ")
    note = cap_note(shown, total, first=first, more=more)
    assert parse_cap_note("body" + note) == CapNote(shown, total, first)
