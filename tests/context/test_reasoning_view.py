"""Reasoning in the view: only where a provider reads it, counted, and its own breakdown row."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pi_desktop.context import Message, context_breakdown, estimate_tokens
from pi_desktop.context.reasoning import (
    reasoning_of,
    sent_reasoning,
    strip_ignored_reasoning,
    without_ignored_reasoning,
)

CALL = [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]


def plain(thought: str) -> Message:
    return Message(role="assistant", content="answer", metadata={"reasoning": thought})


def with_call(thought: str) -> Message:
    return Message(
        role="assistant", content="", metadata={"reasoning": thought, "tool_calls": CALL}
    )


def test_a_plain_turns_reasoning_leaves_and_a_tool_turns_stays():
    kept = with_call("why the call")
    assert without_ignored_reasoning(kept) is kept and sent_reasoning(kept)
    dropped = without_ignored_reasoning(plain("idle thought"))
    assert dropped.metadata is None and reasoning_of(dropped) == ""
    other = Message(role="assistant", content="x", metadata={"reasoning": "r", "stopped": True})
    assert without_ignored_reasoning(other).metadata == {"stopped": True}
    user = Message(role="user", content="u")
    assert without_ignored_reasoning(user) is user


def test_stripping_never_mutates_its_input():
    history = [Message(role="user", content="q"), plain("t"), with_call("c")]
    before = [m.model_dump() for m in history]
    out = strip_ignored_reasoning(history)
    assert [m.model_dump() for m in history] == before
    assert out[2] is history[2] and out[1] is not history[1]


@given(st.text(min_size=1, max_size=300), st.text(max_size=100))
def test_the_breakdown_has_a_reasoning_row_and_still_adds_up(thought: str, answer: str):
    view = [
        Message(role="system", content="sys"),
        Message(role="user", content=answer),
        with_call(thought),
        Message(role="tool", content="42", metadata={"tool_call_id": "c1"}),
    ]
    breakdown = context_breakdown(view, None)
    assert breakdown.total_tokens == estimate_tokens(view)
    row = breakdown.row("reasoning")
    assert row.messages == 1 and row.chars >= len(thought)
    assert breakdown.row("conversation").chars > 0
