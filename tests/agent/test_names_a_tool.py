"""``names_a_tool`` (an answer that names an offered tool without calling it): one pass with
every name at once finds exactly what a search per tool finds."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from pi_desktop.agent.provider_steps import names_a_tool
from pi_desktop.agent.tool import Tool

_NAME = st.text(alphabet="abcdefg_-.+*", min_size=1, max_size=6)
_TEXT = st.text(alphabet="abcdefg_-.+* `\n", max_size=60)


def _tool(name: str) -> Tool:
    return Tool(name, "", {"type": "object"}, lambda _args: "")


def _per_tool(text: str, names: list[str]) -> bool:
    return any(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text) for n in names)


@given(_TEXT, st.lists(_NAME, max_size=5))
def test_one_pass_finds_what_a_search_per_tool_finds(text, names):
    assert names_a_tool(text, [_tool(n) for n in names]) == _per_tool(text, names)


def test_a_name_counts_only_as_a_word():
    tools = [_tool("read_file"), _tool("grep")]
    assert names_a_tool("I would use `read_file` here.", tools)
    assert names_a_tool("grep it", tools)
    assert not names_a_tool("pre_read_file and grep-like and egrep", tools)
    assert not names_a_tool("", tools) and not names_a_tool("grep", [])
