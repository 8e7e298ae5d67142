"""Every (server, tool) pair gets a distinct name every provider accepts."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pi_desktop.agent.mcp.names import VALID_NAME, assign_names

text = st.text(st.characters(codec="utf-8"), min_size=0, max_size=80)


@given(st.lists(st.tuples(text, text), max_size=60, unique=True))
def test_names_are_valid_and_unique(pairs: list[tuple[str, str]]) -> None:
    names = assign_names(pairs, taken=("read_file", "write_file"))
    assert len(set(names)) == len(names) == len(pairs)
    assert all(VALID_NAME.match(n) for n in names)
    assert not {"read_file", "write_file"} & set(names)


@given(st.lists(st.tuples(text, text), max_size=30, unique=True))
def test_server_part_is_fixed_per_server(pairs: list[tuple[str, str]]) -> None:
    """The first ``__`` separates the server: one server, one prefix; two servers, two."""
    names = assign_names(pairs)
    prefixes: dict[str, str] = {}
    for (server, _tool), name in zip(pairs, names, strict=True):
        prefixes.setdefault(server, name.split("__", 1)[0])
        assert name.split("__", 1)[0] == prefixes[server]
    assert len(set(prefixes.values())) == len(prefixes)


def test_plain_names_stay_readable() -> None:
    assert assign_names([("time", "get_current_time"), ("git", "git_status")]) == [
        "time__get_current_time",
        "git__git_status",
    ]


def test_collisions_after_sanitising_are_told_apart() -> None:
    a, b = assign_names([("fs", "read.file"), ("fs", "read_file")])
    assert a != b and a.startswith("fs__read_file") and b.startswith("fs__read_file")
    x, y = assign_names([("my server", "t"), ("my_server", "t")])
    assert x.split("__")[0] != y.split("__")[0]
