"""The offline demo provider: honest answers, tool decisions, reports, summaries, usage."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_desktop.agent.offline import OfflineLLM, is_summarizer_request
from pi_desktop.agent.offline.intents import parse_intents
from pi_desktop.agent.offline.summarizer import parse_sections
from pi_desktop.agent.tools import auto_approve, build_workspace_tools
from pi_desktop.context import ContextManager, Message, estimate_tokens, extract_summary
from pi_desktop.context.summary import build_summary_request, serialize_transcript
from tests.context.test_summary import SECTIONS  # the six sections, in order
from tests.kit.messages import tool_call

SYSTEM = Message(role="system", content="You are a helpful assistant.")
ALL_TOOLS = ["read_file", "write_file", "edit_file", "list_dir", "find_files", "grep"]


def schemas(names=ALL_TOOLS) -> list[dict]:
    return [
        {"type": "function", "function": {"name": n, "description": "", "parameters": {}}}
        for n in names
    ]


def chat(llm: OfflineLLM, messages, tools=None, on_delta=None):
    return asyncio.run(llm.chat(messages, tools, on_delta))


def user(text: str) -> list[Message]:
    return [SYSTEM, Message(role="user", content=text)]


def calls_of(resp) -> list[tuple[str, dict]]:
    return [
        (c["function"]["name"], json.loads(c["function"]["arguments"]))
        for c in resp.message.tool_calls
    ]


# ----------------------------------------------------------------------------- plain answers


def test_plain_answer_is_honest_and_lists_what_it_can_do():
    resp = chat(OfflineLLM(), user("What is the capital of France?"), schemas())
    text = resp.message.content
    assert "offline demo provider" in text and "not a language model" in text
    assert "capital of France" in text  # says back what it was asked
    assert "list the files" in text and "read README.md" in text
    assert "Settings" in text
    assert resp.message.tool_calls == [] and resp.finish_reason == "stop"
    assert resp.model == "offline-demo"


def test_capabilities_follow_the_enabled_tools():
    text = chat(OfflineLLM(), user("help"), schemas(["read_file"])).message.content
    assert "read README.md" in text and "search for TODO" not in text
    asked = chat(OfflineLLM(), user("please list the files"), schemas(["read_file"]))
    assert asked.message.tool_calls == []
    assert "`list_dir`" in asked.message.content and "not enabled" in asked.message.content


def test_usage_is_counted_from_what_was_sent():
    messages = user("hello there")
    tools = schemas()
    resp = chat(OfflineLLM(), messages, tools)
    expected_prompt = estimate_tokens(messages) + len(json.dumps(tools, ensure_ascii=False)) // 4
    assert resp.usage["prompt_tokens"] == expected_prompt
    assert resp.usage["completion_tokens"] == len(resp.message.content) // 4
    assert resp.usage["total_tokens"] == expected_prompt + resp.usage["completion_tokens"]
    bigger = chat(OfflineLLM(), [*messages, Message(role="user", content="x" * 4000)], tools)
    assert bigger.usage["prompt_tokens"] > expected_prompt + 900


def test_streams_in_small_chunks_and_yields_to_the_loop():
    async def scenario() -> tuple[list[str], int, str]:
        ticks = 0
        stop = asyncio.Event()

        async def ticker() -> None:
            nonlocal ticks
            while not stop.is_set():
                ticks += 1
                await asyncio.sleep(0)

        task = asyncio.ensure_future(ticker())
        await asyncio.sleep(0)
        before = ticks
        chunks: list[str] = []
        resp = await OfflineLLM(chunk_chars=10).chat(user("hi"), None, chunks.append)
        stop.set()
        await task
        return chunks, ticks - before, resp.message.content

    chunks, ticks, content = asyncio.run(scenario())
    assert "".join(chunks) == content
    assert len(chunks) >= len(content) // 10 and all(len(c) <= 10 for c in chunks)
    assert ticks >= len(chunks) - 1  # the loop ran between chunks


def test_async_on_delta_is_awaited():
    seen: list[str] = []

    async def on_delta(text: str) -> None:
        await asyncio.sleep(0)
        seen.append(text)

    resp = chat(OfflineLLM(), user("hello"), None, on_delta)
    assert "".join(seen) == resp.message.content


def test_deterministic():
    messages = user("read README.md and search for TODO")
    first = chat(OfflineLLM(), messages, schemas())
    second = chat(OfflineLLM(), messages, schemas())
    assert first.message == second.message and first.usage == second.usage
    ids = [c["id"] for c in first.message.tool_calls]
    assert len(set(ids)) == 2 and all(i.startswith("call_") for i in ids)
    other = chat(OfflineLLM(), [*messages, Message(role="user", content="again")], schemas())
    assert not set(ids) & {c["id"] for c in other.message.tool_calls}


def test_long_answer_on_request():
    story = chat(OfflineLLM(), user("write a long story about dragons"), schemas()).message
    assert len(story.content) >= 6_000 and "dragons" in story.content
    assert "offline demo" in story.content  # labelled, never passed off as a model's
    assert story.tool_calls == []
    detail = chat(OfflineLLM(), user("explain in detail"), None).message.content
    assert len(detail) >= 6_000
    short = chat(OfflineLLM(), user("an essay of 200 words please"), None).message.content
    assert 1_000 <= len(short) < 2_000
    huge = OfflineLLM(long_answer_chars=20_000)
    assert len(chat(huge, user("tell me a long story"), None).message.content) >= 20_000


# ---------------------------------------------------------------------------- tool decisions


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("list the files", [("list_dir", {"path": "."})]),
        ("ls", [("list_dir", {"path": "."})]),
        ("What files are in src?", [("list_dir", {"path": "src"})]),
        ("show me the files in the workspace", [("list_dir", {"path": "."})]),
        ("read README.md", [("read_file", {"path": "README.md"})]),
        ("Can you open docs/guide.md?", [("read_file", {"path": "docs/guide.md"})]),
        ("what is in pyproject.toml", [("read_file", {"path": "pyproject.toml"})]),
        ("search for TODO", [("grep", {"pattern": "TODO"})]),
        ("search for foo.bar in src", [("grep", {"pattern": r"foo\.bar", "path": "src"})]),
        ('grep "def \\w+_main"', [("grep", {"pattern": r"def \w+_main"})]),
        ("find *.py", [("find_files", {"pattern": "*.py"})]),
        ("find all python files", [("find_files", {"pattern": "*.py"})]),
        (
            'write "hello world" to notes.txt',
            [("write_file", {"path": "notes.txt", "content": "hello world"})],
        ),
        (
            "create a file out/a.txt with content hi there",
            [("write_file", {"path": "out/a.txt", "content": "hi there"})],
        ),
        (
            "read README.md, then list the files in src and search for TODO",
            [
                ("read_file", {"path": "README.md"}),
                ("list_dir", {"path": "src"}),
                ("grep", {"pattern": "TODO"}),
            ],
        ),
        (
            'write "read main.py" to todo.txt',
            [("write_file", {"path": "todo.txt", "content": "read main.py"})],
        ),
        (
            "replace 'foo' with 'bar' in src/a.py",
            [("edit_file", {"path": "src/a.py", "old_text": "foo", "new_text": "bar"})],
        ),
        ("hello, how are you?", []),
        ("write a long story", []),
    ],
)
def test_tool_decisions(text: str, expected: list):
    resp = chat(OfflineLLM(), user(text), schemas())
    assert calls_of(resp) == expected
    assert [(i.tool, i.arguments) for i in parse_intents(text)] == expected
    if expected:
        assert resp.finish_reason == "tool_calls"
        assert resp.message.content.startswith("Offline demo: I'll ")


def test_run_command_only_when_offered():
    with_cmd = chat(OfflineLLM(), user("run `ls -la`"), schemas([*ALL_TOOLS, "run_command"]))
    assert calls_of(with_cmd) == [("run_command", {"command": "ls -la"})]
    without = chat(OfflineLLM(), user("run `ls -la`"), schemas())
    assert without.message.tool_calls == [] and "run_command" in without.message.content


def test_no_tools_means_no_calls():
    resp = chat(OfflineLLM(), user("read README.md"), None)
    assert resp.message.tool_calls == []


# ------------------------------------------------------------------ full loop with real tools


def _run_calls(tools, resp) -> list[Message]:
    by_name = {t.name: t for t in tools}
    results = []
    for call in resp.message.tool_calls:
        name = call["function"]["name"]
        try:
            out, meta = (
                asyncio.run(by_name[name].handler(json.loads(call["function"]["arguments"]))),
                {},
            )
        except Exception as exc:  # the Agent turns ToolError into an error result like this
            out, meta = f"Error: {exc}", {"is_error": True}
        metadata = {"tool_call_id": call["id"], "name": name, **meta}
        results.append(Message(role="tool", content=out, metadata=metadata))
    return results


def test_answers_from_tool_results(tmp_path: Path):
    (tmp_path / "README.md").write_text("# Widget\n\nWidgets spin fast.\n## Usage\nRun it.\n")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "app.py").write_text("# TODO: spin faster\n")
    tools = build_workspace_tools(tmp_path, approve=auto_approve)
    llm = OfflineLLM()
    messages = user("read README.md, list the files and search for TODO")
    first = chat(llm, messages, [t.schema() for t in tools])
    assert len(first.message.tool_calls) == 3
    messages = [*messages, first.message, *_run_calls(tools, first)]
    answer = chat(llm, messages, [t.schema() for t in tools])
    text = answer.message.content
    assert answer.message.tool_calls == []
    assert "Read `README.md`" in text and "Widget" in text and "Usage" in text
    assert "`src/`" in text and "`README.md`" in text
    assert "src/app.py:1: # TODO: spin faster" in text
    assert "offline demo" in text


def test_reports_errors_and_writes(tmp_path: Path):
    tools = build_workspace_tools(tmp_path)  # no approval callback: writes are refused
    llm = OfflineLLM()
    messages = user('read missing.md and write "x" to a.txt')
    first = chat(llm, messages, [t.schema() for t in tools])
    messages = [*messages, first.message, *_run_calls(tools, first)]
    text = chat(llm, messages, [t.schema() for t in tools]).message.content
    assert "**read_file failed:**" in text and "no such file" in text
    assert "**write_file failed:**" in text and "approval" in text
    approved = build_workspace_tools(tmp_path, approve=auto_approve)
    first = chat(llm, user('write "x" to a.txt'), [t.schema() for t in approved])
    messages = [*user('write "x" to a.txt'), first.message, *_run_calls(approved, first)]
    assert "Created a.txt" in chat(llm, messages, None).message.content
    assert (tmp_path / "a.txt").read_text() == "x"


# -------------------------------------------------------------------------------- summarizer


TRANSCRIPT = [
    Message(role="user", content="Fix the login bug in auth.py. Never change the public API."),
    Message(
        role="assistant",
        content="I'll read the module first.",
        metadata={"tool_calls": [tool_call("c1", "read_file", {"path": "src/auth.py"})]},
    ),
    Message(
        role="tool",
        content="def login(): ...",
        metadata={"tool_call_id": "c1", "name": "read_file"},
    ),
    Message(
        role="assistant",
        content="",
        metadata={
            "tool_calls": [
                tool_call(
                    "c2", "edit_file", {"path": "src/auth.py", "old_text": "a", "new_text": "b"}
                )
            ]
        },
    ),
    Message(
        role="tool",
        content="Edited src/auth.py: replaced 1 occurrence(s), first at line 3",
        metadata={"tool_call_id": "c2", "name": "edit_file"},
    ),
    Message(
        role="assistant",
        content="",
        metadata={
            "tool_calls": [tool_call("c3", "run_command", {"command": "pytest tests/test_auth.py"})]
        },
    ),
    Message(
        role="tool",
        content="Error: run_command is not enabled",
        metadata={"tool_call_id": "c3", "name": "run_command", "is_error": True},
    ),
    Message(
        role="assistant",
        content="The token check now compares hashes. Next I will add a test for refresh tokens.",
    ),
    Message(role="user", content="Please use pytest fixtures, and also look at `TokenStore`."),
]


def summarize(messages, previous=None, instructions=None):
    request = build_summary_request(serialize_transcript(messages), previous, instructions)
    resp = chat(OfflineLLM(), request, [])
    return request, resp, extract_summary(resp.message.content)


def test_summarizer_request_detection():
    request = build_summary_request("[User]: hi", None)
    assert is_summarizer_request(request, [])
    assert not is_summarizer_request(request, None)  # tools=None is a normal chat
    assert not is_summarizer_request(request, schemas())
    assert not is_summarizer_request(user("hi"), [])
    normal = chat(OfflineLLM(), request, None).message.content
    assert "<summary>" not in normal and "offline demo provider" in normal


def test_summary_has_six_sections_built_from_the_transcript():
    request, resp, summary = summarize(TRANSCRIPT)
    assert resp.message.tool_calls == [] and resp.finish_reason == "stop"
    assert "<analysis>" not in summary
    positions = [summary.index(h) for h in SECTIONS]
    assert positions == sorted(positions)
    sections = parse_sections(summary)
    assert sections["Goal"][0] == "Fix the login bug in auth.py. Never change the public API."
    assert sections["Goal"][-1].startswith("Latest request: Please use pytest fixtures")
    assert "Never change the public API." in sections["Constraints & Preferences"]
    assert "Please use pytest fixtures, and also look at `TokenStore`." in sections[
        "Constraints & Preferences"
    ] or any("pytest fixtures" in c for c in sections["Constraints & Preferences"])
    assert "Read `src/auth.py`" in sections["Done"]
    assert "Edited `src/auth.py`" in sections["Done"]
    assert any(
        d.startswith("Answered: The token check now compares hashes") for d in sections["Done"]
    )
    assert sections["Blocked"] == [
        "Ran `pytest tests/test_auth.py` failed: Error: run_command is not enabled"
    ]
    assert sections["In Progress"] == ["Please use pytest fixtures, and also look at `TokenStore`."]
    assert "I'll read the module first." in sections["Key Decisions"]
    assert sections["Next Steps"][0].startswith("Answer the pending request: Please use pytest")
    assert any("`TokenStore`" in c for c in sections["Critical Context"])
    assert any("`auth.py`" in c for c in sections["Critical Context"])
    assert "<modified-files>\nsrc/auth.py\n</modified-files>" in summary
    assert "<read-files>" not in summary  # read excludes modified
    # honest usage: what was sent, what came back
    assert resp.usage["prompt_tokens"] == estimate_tokens(request)
    assert resp.usage["completion_tokens"] == len(resp.message.content) // 4


def test_summary_differs_with_the_input():
    _, _, one = summarize(TRANSCRIPT[:3])
    _, _, two = summarize(TRANSCRIPT)
    assert one != two
    assert "Edited `src/auth.py`" not in one and "Read `src/auth.py`" in one
    assert summarize(TRANSCRIPT)[2] == two  # deterministic


def test_summary_merges_the_previous_summary():
    _, _, first = summarize(TRANSCRIPT)
    later = [
        Message(
            role="assistant", content="Added the refresh-token test. I decided to mock the clock."
        ),
        Message(
            role="user",
            content="Great. Now update the changelog; keep it short.",
        ),
        Message(
            role="assistant",
            content="",
            metadata={"tool_calls": [tool_call("c9", "read_file", {"path": "CHANGELOG.md"})]},
        ),
        Message(
            role="tool", content="# Changes", metadata={"tool_call_id": "c9", "name": "read_file"}
        ),
    ]
    _, resp, second = summarize(later, previous=first)
    sections = parse_sections(second)
    # the goal and constraints survive; new facts are appended
    assert sections["Goal"][0] == "Fix the login bug in auth.py. Never change the public API."
    assert sections["Goal"][-1] == "Latest request: Great. Now update the changelog; keep it short."
    assert "Never change the public API." in sections["Constraints & Preferences"]
    assert any("keep it short" in c for c in sections["Constraints & Preferences"])
    assert "Edited `src/auth.py`" in sections["Done"] and "Read `CHANGELOG.md`" in sections["Done"]
    assert "I decided to mock the clock." in sections["Key Decisions"]
    assert "I'll read the module first." in sections["Key Decisions"]
    assert sections["Blocked"]  # still blocked: nothing resolved it
    assert "<read-files>\nCHANGELOG.md\n</read-files>" in second
    assert "<modified-files>\nsrc/auth.py\n</modified-files>" in second
    assert "previous summary merged" in resp.message.content


def test_focus_instructions_reach_the_summary():
    _, _, summary = summarize(TRANSCRIPT, instructions="the database schema")
    assert "Focus requested for this summary: the database schema" in summary


@settings(max_examples=60, deadline=None)
@given(
    turns=st.lists(
        st.tuples(
            st.text(min_size=1, max_size=300),
            st.text(max_size=300),
            st.sampled_from(["read_file", "write_file", "grep", None]),
        ),
        min_size=1,
        max_size=60,
    )
)
def test_summary_is_bounded_and_always_well_formed(turns):
    messages: list[Message] = []
    for n, (question, answer, tool) in enumerate(turns):
        messages.append(Message(role="user", content=question))
        if tool:
            call = tool_call(f"c{n}", tool, {"path": f"f{n}.txt", "pattern": "x", "content": "y"})
            messages.append(Message(role="assistant", content="", metadata={"tool_calls": [call]}))
            messages.append(
                Message(role="tool", content=answer, metadata={"tool_call_id": f"c{n}"})
            )
        messages.append(Message(role="assistant", content=answer))
    _, _, summary = summarize(messages)
    for heading in SECTIONS:
        assert summary.count(f"\n{heading}\n") + summary.startswith(f"{heading}\n") == 1
    files = len(re.findall(r"^f\d+\.txt$", summary, re.M))
    assert len(summary) <= 8_000 + 12 * files  # sections are capped; file lists grow by paths


def test_offline_provider_drives_a_real_compaction():
    history = [SYSTEM]
    for n in range(30):
        history.append(
            Message(
                role="user", content=f"Request {n}: please read file{n}.md and never skip tests."
            )
        )
        history.append(
            Message(role="assistant", content=f"Done with request {n}. " + "detail " * 60)
        )
    manager = ContextManager(budget=4_000, llm=OfflineLLM())
    view = asyncio.run(manager.force_compact(history))
    info = manager.pending_compaction
    assert info is not None and info.summary_model == "offline-demo"
    assert "## Goal" in info.summary and "Request 0: please read file0.md" in info.summary
    assert estimate_tokens(view) <= int(4_000 * 0.8)
    assert view[0] == SYSTEM


def test_reports_an_offloaded_result_from_its_preview():
    from pi_desktop.context.offload import offload_marker

    content = offload_marker("/data/results/call_1.txt", 48_000, "# Huge file\n" + "row\n" * 9_000)
    call = tool_call("call_1", "read_file", {"path": "huge.md"})
    messages = [
        *user("read huge.md"),
        Message(role="assistant", content="", metadata={"tool_calls": [call]}),
        Message(role="tool", content=content, metadata={"tool_call_id": "call_1"}),
    ]
    text = chat(OfflineLLM(), messages, schemas()).message.content
    assert "48,000 characters" in text and "`call_1.txt`" in text  # the file, not the preview
    assert "Read `huge.md`" in text and "Huge file" in text
    assert "Tool result offloaded" not in text  # the raw marker line is not parroted


def test_summary_is_shorter_than_a_long_transcript_it_replaces():
    messages = []
    for n in range(40):
        messages.append(Message(role="user", content=f"Step {n}: always keep the tests green."))
        messages.append(Message(role="assistant", content=f"I'll handle step {n} now. Done."))
    request, _, summary = summarize(messages)
    conversation = request[1].content.split("Conversation:\n", 1)[1]
    assert len(summary) < len(conversation) // 2 + 600
    sections = parse_sections(summary)
    assert sections["Goal"][0] == "Step 0: always keep the tests green."
    assert sections["Done"][-1] == "Answered: I'll handle step 39 now."  # newest kept


def test_small_talk_long_essays_and_quotes_do_not_become_goals_or_plans():
    essay = "I'll explain. " + "Then the parser reads tokens and we will see. " * 60
    messages = [
        Message(role="user", content="Hello!"),
        Message(role="assistant", content="Hi."),
        Message(role="user", content="Refactor the parser in parse.py"),
        Message(role="assistant", content=essay),
        Message(role="user", content="thanks"),
        Message(role="assistant", content="Here it is:\n> next we will delete everything\n"),
    ]
    sections = parse_sections(summarize(messages)[2])
    assert sections["Goal"][0] == "Refactor the parser in parse.py"
    assert sections["Key Decisions"] == []
    assert sections["Next Steps"] == ["Wait for the user's next request."]


def test_reports_a_listing_in_words():
    call = tool_call("call_1", "list_dir", {"path": "."})
    listing = "README.md  (12 bytes)"
    messages = [
        *user("list the files"),
        Message(role="assistant", content="", metadata={"tool_calls": [call]}),
        Message(
            role="tool",
            content=f".: 2 entries\nsrc/\n{listing}",
            metadata={"tool_call_id": "call_1"},
        ),
    ]
    text = chat(OfflineLLM(), messages, schemas()).message.content
    assert text.startswith("**The workspace folder** holds 2 entries.")
    assert "`src/`" in text and "`README.md`" in text
    nested = [
        *user("list src/pkg"),
        Message(
            role="assistant",
            content="",
            metadata={"tool_calls": [tool_call("call_2", "list_dir", {"path": "src/pkg"})]},
        ),
        Message(
            role="tool", content="src/pkg: 1 entry\nutil.py", metadata={"tool_call_id": "call_2"}
        ),
    ]
    text = chat(OfflineLLM(), nested, schemas()).message.content
    assert text.startswith("**Folder `src/pkg`** holds 1 entry.")


# ---------------------------------------------------------------- issue 16: the offline
# summarizer is the engine's extractive summarizer, and its two bugs are gone


def test_the_size_rule_is_not_read_as_the_users_goal():
    """Was: the first summary recorded "Size: the whole summary must stay under about 273
    tokens…" (the engine's own instruction, appended after the transcript) as the goal."""
    messages = [Message(role="user", content="Fix the login bug in auth.py.")]
    request = build_summary_request(
        serialize_transcript(messages), None, "keep the API names", target_tokens=273
    )
    resp = chat(OfflineLLM(), request, [])
    summary = extract_summary(resp.message.content)
    assert "under about" not in summary and "Size:" not in summary
    assert parse_sections(summary)["Goal"] == ["Fix the login bug in auth.py."]
    assert "Focus requested for this summary: keep the API names" in summary
    assert resp.message.metadata == {"extractive": True}  # the engine marks the rung


def test_a_condense_request_keeps_what_the_summary_held():
    """Was: a condense request (no transcript) was answered with an empty summary, "(no user
    request in the transcript)", so the second summary dropped everything the first held."""
    from pi_desktop.context.summary import build_condense_request

    _, _, first = summarize(TRANSCRIPT)
    resp = chat(OfflineLLM(), build_condense_request(first, 120), [])
    condensed = extract_summary(resp.message.content)
    assert "no user request" not in condensed
    sections = parse_sections(condensed)
    assert sections["Goal"][0] == "Fix the login bug in auth.py. Never change the public API."
    assert "<modified-files>\nsrc/auth.py\n</modified-files>" in condensed
    assert len(condensed) < len(first)


def test_successive_offline_compactions_keep_what_the_first_held():
    manager = ContextManager(budget=2_000, llm=OfflineLLM())
    history = [SYSTEM]
    rungs = []
    for n in range(40):
        history.append(
            Message(role="user", content=f"Request {n}: read file{n}.md, never skip tests.")
        )
        history.append(Message(role="assistant", content=f"Done with request {n}. " + "x " * 80))
        asyncio.run(manager.prepare(history))
        if manager.pending_compaction is not None:
            rungs.append(manager.pending_compaction.rung)
            summary = manager.pending_compaction.summary
            assert "no user request" not in summary
            assert "Request 0: read file0.md" in summary  # the goal the first summary set
    assert len(rungs) >= 3 and set(rungs) == {"extractive"}


def test_a_chinese_conversation_is_summarized_without_the_prompts_rules():
    messages = [
        Message(role="user", content="请修复 auth.py 里的登录问题。必须保持公共接口不变。"),
        Message(role="assistant", content="我决定先读模块。下一步：补上刷新令牌的测试。"),
    ]
    request = build_summary_request(serialize_transcript(messages), None, target_tokens=300)
    assert "write the summary in Chinese" in request[1].content
    summary = extract_summary(chat(OfflineLLM(), request, []).message.content)
    assert "Language:" not in summary and "Size:" not in summary
    sections = parse_sections(summary)
    assert sections["Goal"][0] == "请修复 auth.py 里的登录问题。必须保持公共接口不变。"
    assert "必须保持公共接口不变。" in sections["Constraints & Preferences"]
    assert "我决定先读模块。" in sections["Key Decisions"]
    assert any("下一步" in s for s in sections["Next Steps"])


def test_parse_summary_request_reads_back_what_build_summary_request_wrote():
    from pi_desktop.context.summary import parse_summary_request

    conversation = "[User]: 请重构解析器，保持接口稳定。\n\n[Assistant]: 好的。"
    request = build_summary_request(conversation, "## Goal\n- old", "the API", target_tokens=1234)
    parsed = parse_summary_request(request[1].content)
    assert parsed == (
        "## Goal\n- old",
        conversation,
        "the API",
        1234,
    )
