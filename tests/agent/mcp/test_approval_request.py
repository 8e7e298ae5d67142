"""What the approval shows: no character that hides or reorders text survives into it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pi_desktop.agent.mcp import McpApprovalRequest, ToolHints
from pi_desktop.textsafe import is_hidden


def test_bidi_and_zero_width_are_written_out_and_named() -> None:
    request = McpApprovalRequest.build(
        "fs__write", "fs", "write", {"path": "invoice\u202efdp.exe", "note": "a\u200bb"}
    )
    assert "\u202e" not in request.details and "⟦U+202E⟧" in request.details
    assert "⟦U+200B⟧" in request.details
    assert "U+202E RIGHT-TO-LEFT OVERRIDE" in request.hidden()
    assert request.arguments["path"] == "invoice\u202efdp.exe"  # the call gets them unchanged


@given(
    st.dictionaries(st.text(max_size=10), st.text(max_size=40), max_size=4), st.text(max_size=20)
)
def test_nothing_hidden_reaches_the_dialog_text(arguments: dict, server: str) -> None:
    request = McpApprovalRequest.build("x__y", server, "tool\u2066", arguments)
    for text in (request.details, request.summary):
        assert not any(is_hidden(c) for c in text)
    assert "\n" not in request.summary  # a name cannot add a line of its own


def test_a_line_break_in_a_server_name_is_written_out() -> None:
    request = McpApprovalRequest.build("x__y", "evil\r\nApproved by admin", "tool", {})
    assert request.summary == ("call tool on the MCP server evil⟦U+000D⟧⟦U+000A⟧Approved by admin")


def test_hints_are_words_only_for_what_the_server_declared() -> None:
    assert ToolHints().words() == []
    assert ToolHints(read_only=True, open_world=True).words() == [
        "read-only",
        "reaches outside services",
    ]
    assert ToolHints(destructive=True).words() == ["may change or delete data"]
    assert ToolHints(destructive=False).words() == ["only adds data"]
