"""The offline provider's recall answers: quotes of its view, nothing invented, no tool calls."""

from __future__ import annotations

import asyncio

from pi_desktop.agent import OfflineLLM
from pi_desktop.agent.offline.recall import RECALL_PREFIX, is_recall_question, recall_answer
from pi_desktop.context import Message

READ_TOOLS = [{"type": "function", "function": {"name": "read_file", "parameters": {}}}]


def _view(*extra: Message) -> list[Message]:
    return [
        Message(role="system", content="the codeword is SYSTEM-ONLY"),
        Message(role="user", content="Remember: the release codeword is AZURE-FALCON-17."),
        Message(role="assistant", content="Noted.",
                metadata={"tool_calls": [{"id": "c1", "type": "function", "function": {
                    "name": "edit_file", "arguments": '{"path": "src/app.py"}'}}]}),
        Message(role="tool", content="ok", metadata={"tool_call_id": "c1"}),
        Message(role="user", content="[Context summary]\n<read-files>\ndocs/plan.md\n"
                "</read-files>"),
        *extra,
    ]  # fmt: skip


def test_quotes_matching_lines_from_the_view_only():
    question = RECALL_PREFIX + " what is the release codeword?"
    answer = recall_answer(_view(Message(role="user", content=question)), question)
    assert "AZURE-FALCON-17" in answer
    assert "SYSTEM-ONLY" not in answer  # the persona is not conversation
    assert "what is the release codeword" not in answer  # never quotes the question back


def test_file_lists_and_tool_calls_answer_artifact_questions():
    for question, path in (
        ("which files did we read?", "docs/plan.md"),
        ("which files did we modify?", "src/app.py"),
    ):
        question = RECALL_PREFIX + " " + question
        view = _view(Message(role="user", content=question))
        assert path in recall_answer(view, question)  # fmt: skip


def test_nothing_matching_says_so():
    question = RECALL_PREFIX + " what colour was the bicycle?"
    view = _view(Message(role="user", content=question))
    assert "nothing in my context" in recall_answer(view, question)


def test_provider_answers_recall_questions_without_tool_calls():
    question = RECALL_PREFIX + " read which files?"  # "read … files" would otherwise be a call
    assert is_recall_question(question) and not is_recall_question("read docs/plan.md")
    response = asyncio.run(
        OfflineLLM().chat(_view(Message(role="user", content=question)), READ_TOOLS)
    )
    assert response.message.tool_calls in (None, [])
    assert "docs/plan.md" in response.message.content
