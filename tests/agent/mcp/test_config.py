"""load_config reads Claude Desktop's format and says exactly where a config is wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pi_desktop.agent.mcp import (
    HttpServer,
    McpConfig,
    McpConfigError,
    StdioServer,
    config_to_dict,
    load_config,
    load_config_file,
    parse_config_text,
    save_config,
)

CLAUDE = {
    "mcpServers": {
        "time": {"command": "uvx", "args": ["mcp-server-time"]},
        "github": {
            "command": "npx",
            "args": ["-y", "@modelcontextprotocol/server-github"],
            "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_secret"},
        },
        "remote": {"url": "https://example.com/mcp", "headers": {"Authorization": "Bearer tok"}},
    }
}


def test_reads_claude_desktop_format() -> None:
    config = load_config(CLAUDE)
    time_, github, remote = config.servers
    assert time_ == StdioServer("time", "uvx", ("mcp-server-time",))
    assert github.env == {"GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_secret"}
    assert isinstance(remote, HttpServer) and remote.headers["Authorization"] == "Bearer tok"
    assert all(s.enabled for s in config.servers)


def test_file_round_trip_is_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "cfg" / "mcp.json"
    config = load_config(CLAUDE).with_enabled("time", False)
    save_config(config, path)
    assert path.stat().st_mode & 0o777 == 0o600  # env and headers may hold keys
    again = load_config(path)
    assert again == config
    assert json.loads(path.read_text())["mcpServers"]["time"]["disabled"] is True


def test_secrets_stay_out_of_repr_and_errors() -> None:
    config = load_config(CLAUDE)
    assert "ghp_secret" not in repr(config) and "Bearer tok" not in repr(config)
    with pytest.raises(McpConfigError) as info:
        load_config({"mcpServers": {"x": {"command": "a", "env": {"KEY": ["sk-hidden"]}}}})
    assert "sk-hidden" not in str(info.value)
    assert "mcpServers.x.env.KEY" in str(info.value)


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ([], "expected a JSON object"),
        ({}, '"mcpServers"'),
        ({"mcpServers": []}, "mcpServers: expected an object"),
        ({"mcpServers": {"a": "npx"}}, "mcpServers.a: expected an object"),
        ({"mcpServers": {"a": {}}}, 'needs "command"'),
        ({"mcpServers": {"a": {"command": ""}}}, "mcpServers.a.command"),
        ({"mcpServers": {"a": {"command": "x", "args": "y"}}}, "mcpServers.a.args"),
        ({"mcpServers": {"a": {"command": "x", "args": [1]}}}, "mcpServers.a.args[0]"),
        ({"mcpServers": {"a": {"command": "x", "url": "http://h"}}}, "not both"),
        ({"mcpServers": {"a": {"url": "ftp://h"}}}, "mcpServers.a.url"),
        ({"mcpServers": {"a": {"url": "http://h", "headers": {"X": "a\nb"}}}}, "control"),
        ({"mcpServers": {"a": {"url": "http://h", "type": "sse"}}}, "SSE"),
        ({"mcpServers": {"a": {"command": "x", "disabled": "yes"}}}, "mcpServers.a.disabled"),
        ({"mcpServers": {"a": {"command": "x", "timeout": -1}}}, "mcpServers.a.timeout"),
    ],
)
def test_errors_name_the_place(data: object, where: str) -> None:
    with pytest.raises(McpConfigError) as info:
        load_config(data)  # type: ignore[arg-type]
    assert where in str(info.value)


def test_pasted_text_bad_json_says_where() -> None:
    with pytest.raises(McpConfigError, match=r"line 1, column"):
        parse_config_text('{"mcpServers": {')


def test_pasted_bare_block_is_accepted() -> None:
    """Some READMEs show only the inner ``"name": {...}`` object."""
    config = parse_config_text('{"time": {"command": "uvx", "args": ["mcp-server-time"]}}')
    assert config.servers[0].name == "time"


def test_app_file_missing_or_broken_never_raises(tmp_path: Path) -> None:
    assert load_config_file(tmp_path / "none.json") == (McpConfig(), None)
    broken = tmp_path / "mcp.json"
    broken.write_text("{oops")
    config, problem = load_config_file(broken)
    assert config == McpConfig() and problem and "not valid JSON" in problem


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(McpConfigError, match="no such file"):
        load_config(tmp_path / "nope.json")


def test_merge_replaces_same_names() -> None:
    base = load_config(CLAUDE)
    new = load_config(
        {"mcpServers": {"time": {"command": "mcp-server-time"}, "z": {"url": "http://h"}}}
    )
    merged = base.merged(new)
    assert [s.name for s in merged.servers] == ["github", "remote", "time", "z"]
    assert merged.get("time").command == "mcp-server-time"  # type: ignore[union-attr]


names = st.text(st.characters(codec="utf-8"), min_size=1, max_size=30).filter(str.strip)
words = st.text(st.characters(codec="utf-8", exclude_characters="\x00"), max_size=20)


@given(
    st.dictionaries(
        names,
        st.fixed_dictionaries(
            {
                "command": words.filter(str.strip),
                "args": st.lists(words, max_size=3),
                "env": st.dictionaries(
                    st.text("ABCXYZ_", min_size=1, max_size=5), words, max_size=2
                ),
            }
        ),
        max_size=5,
    )
)
def test_round_trip_property(servers: dict) -> None:
    config = load_config({"mcpServers": servers})
    assert load_config(config_to_dict(config)) == config
