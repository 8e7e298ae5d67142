"""The approval diff reads as a diff, whatever the file's last line ends with."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from pi_desktop.agent.tools.files import unified_diff
from tests.agent.test_tools import Recorder, run, tools


def test_a_file_without_a_final_newline_gets_the_marker_on_its_own_line(tmp_path: Path):
    (tmp_path / "hello.txt").write_text("hello")
    rec = Recorder(True)
    run(tools(tmp_path, approve=rec)["write_file"], path="hello.txt", content="bonjour")
    lines = rec.requests[-1].details.splitlines()
    assert "-hello+bonjour" not in rec.requests[-1].details
    assert lines[-4:] == [
        "-hello",
        "\\ No newline at end of file",
        "+bonjour",
        "\\ No newline at end of file",
    ]


def test_only_the_side_without_the_newline_is_marked():
    diff = unified_diff("a\nhello", "a\nhello\n", "x.txt").splitlines()
    assert diff[-3:] == ["-hello", "\\ No newline at end of file", "+hello"]
    assert "No newline" not in unified_diff("a\n", "a\nb\n", "x.txt")


@given(st.text(alphabet="ab\n", max_size=12), st.text(alphabet="ab\n", max_size=12))
def test_every_diff_line_is_a_line_of_its_own(old: str, new: str):
    diff = unified_diff(old, new, "x.txt")
    assert diff == "" or diff.endswith("\n")
    for line in diff.splitlines()[2:]:  # after the --- / +++ header
        assert line[:1] in {" ", "-", "+", "@", "\\"}, line
