"""The offline demo understands Chinese requests and answers them in Chinese, through the real
workspace tools (the same path as the English demo: intent → tool call → tool → report)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_desktop.agent import Agent
from pi_desktop.agent.offline import OfflineLLM
from pi_desktop.agent.offline.answers import help_answer, long_answer
from pi_desktop.agent.offline.intents import is_chinese, parse_intents
from pi_desktop.agent.tools import auto_approve, build_workspace_tools
from pi_desktop.context import Message
from tests.agent.test_offline import _run_calls, calls_of, chat, schemas, user


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("读取 README.md", [("read_file", {"path": "README.md"})]),
        ("读取README.md", [("read_file", {"path": "README.md"})]),
        ("请帮我读一下 notes.txt 的内容", [("read_file", {"path": "notes.txt"})]),
        ("README.md 里写了什么？", [("read_file", {"path": "README.md"})]),
        ("列出文件", [("list_dir", {"path": "."})]),
        ("有哪些文件？", [("list_dir", {"path": "."})]),
        ("列出 src 目录下的文件", [("list_dir", {"path": "src"})]),
        ("搜索 TODO", [("grep", {"pattern": "TODO"})]),
        ("在 src 目录中搜索 “def main”", [("grep", {"pattern": r"def\ main", "path": "src"})]),
        ("查找 *.py", [("find_files", {"pattern": "*.py"})]),
        ("查找所有 python 文件", [("find_files", {"pattern": "*.py"})]),
        ("把“你好”写入 hello.txt", [("write_file", {"path": "hello.txt", "content": "你好"})]),
        (
            "在 notes.txt 里把“alpha”替换为“omega”",
            [("edit_file", {"path": "notes.txt", "old_text": "alpha", "new_text": "omega"})],
        ),
        (
            "读取 README.md，然后搜索 TODO",
            [("read_file", {"path": "README.md"}), ("grep", {"pattern": "TODO"})],
        ),
        ("写一个长故事", []),
        ("今天天气怎么样？", []),
    ],
)
def test_chinese_requests_become_tool_calls(text: str, expected: list):
    resp = chat(OfflineLLM(), user(text), schemas())
    assert calls_of(resp) == expected
    if expected:  # the announcement is in Chinese too
        assert resp.message.content.startswith("离线演示：我将")


def test_the_four_readme_requests_answer_in_chinese_through_the_real_tools(tmp_path: Path):
    (tmp_path / "README.md").write_text("# 小工具\n\n它转得很快。\n## 用法\n运行它。\n")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "app.py").write_text("# TODO: 转得更快\n")
    tools = build_workspace_tools(tmp_path, approve=auto_approve)
    specs = [t.schema() for t in tools]
    llm = OfflineLLM()
    answers = {}
    for request in ("读取 README.md", "列出文件", "搜索 TODO"):
        messages = user(request)
        first = chat(llm, messages, specs)
        assert len(first.message.tool_calls) == 1
        messages = [*messages, first.message, *_run_calls(tools, first)]
        answer = chat(llm, messages, specs)
        assert answer.message.tool_calls == []
        answers[request] = answer.message.content
    assert "**已读取 `README.md`** — 共 5 行" in answers["读取 README.md"]
    assert "标题：小工具；用法。" in answers["读取 README.md"]
    assert (
        "**工作区文件夹** 中有" in answers["列出文件"] and "文件夹：`src/`" in answers["列出文件"]
    )
    assert "src/app.py:1: # TODO: 转得更快" in answers["搜索 TODO"]
    for text in answers.values():
        assert "我是离线演示" in text and "That is what the tools returned" not in text
    story = chat(llm, user("写一个长故事"), specs).message.content
    assert story.startswith("# 一篇关于上下文管理的长文")
    assert len(story) >= 6_000 and "offline demo" not in story


def test_a_chinese_conversation_runs_through_the_agent(tmp_path: Path):
    """The whole loop: the agent sends the request, the tool runs, the answer is Chinese."""
    (tmp_path / "notes.txt").write_text("alpha\nbeta\n")
    agent = Agent(OfflineLLM(), tools=build_workspace_tools(tmp_path, approve=auto_approve))
    text = asyncio.run(agent.run("读取 notes.txt"))
    assert "已读取 `notes.txt`" in text and "> alpha" in text


def test_help_and_long_text_follow_the_language():
    names = ["read_file", "list_dir", "grep"]
    zh = help_answer("你好，你是谁？", names, zh=True)
    assert zh.startswith("你好！") and "离线演示服务" in zh and "**读取 README.md**" in zh
    assert "**写入" not in zh  # write_file is not offered: its line is left out
    en = help_answer("hello", names)
    assert "offline demo provider" in en and "离线" not in en
    text = long_answer("写一篇关于量子计算的 800 字长文", zh=True)
    assert text.startswith("# 一篇关于量子计算的长文") and 800 <= len(text) < 1_200


def test_plain_chinese_question_gets_the_chinese_help():
    resp = chat(OfflineLLM(), user("今天天气怎么样？"), schemas())
    assert "我是 pi-desktop 的**离线演示服务**" in resp.message.content
    assert "你说的是：“今天天气怎么样？”" in resp.message.content


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="读取搜索列出文件查找把写入在里中 README.md*?“”\"'`/-_abc123", max_size=40))
def test_any_mix_of_chinese_request_words_never_crashes(text: str):
    for intent in parse_intents(text):
        json.dumps(intent.arguments, ensure_ascii=False)
        assert intent.tool in {"read_file", "list_dir", "grep", "find_files", "write_file",
                               "edit_file", "run_command"}  # fmt: skip
        assert all(isinstance(v, str) for v in intent.arguments.values())


def test_chinese_is_told_by_han_characters_outside_code():
    assert is_chinese("读取 README.md") and is_chinese("search 待办")
    assert not is_chinese("read `说明.md`") and not is_chinese("list the files")
    assert Message(role="user", content="x")  # the model is untouched by the language


def test_a_chinese_request_that_says_think_thinks_in_chinese():
    from pi_desktop.agent.offline.provider import thinking_for

    resp = chat(OfflineLLM(), user("思考一下，然后读取 README.md"), schemas())
    thought = thinking_for(user("思考一下，然后读取 README.md"), resp.message.tool_calls)
    assert thought.startswith("用户的请求是：“思考一下，然后读取 README.md”。")
    assert "- 调用 read_file" in thought
    assert thinking_for(user("读取 README.md"), []) == ""  # no "思考": no thinking


def test_a_chinese_conversation_is_summarized_under_chinese_headings():
    """The offline summarizer writes a Chinese chat's summary under Chinese headings (as real
    models do there); the engine reads them back onto the same sections."""
    from pi_desktop.context import ContextManager
    from pi_desktop.context.normalize import normalize_summary, section_items
    from pi_desktop.context.summary import build_summary_request, serialize_transcript

    history = [Message(role="system", content="你是一个认真的助手。")]
    for n in range(30):
        history.append(Message(role="user", content=f"请求 {n}：请读取 file{n}.md，不要跳过测试。"))
        history.append(Message(role="assistant", content=f"已完成请求 {n}。" + "细节 " * 60))
    llm = OfflineLLM()
    request = build_summary_request(serialize_transcript(history[1:]), None)
    raw = chat(llm, request, []).message.content
    assert "## 目标" in raw and "## 下一步" in raw and "## Goal" not in raw
    manager = ContextManager(budget=4_000, llm=llm)
    asyncio.run(manager.force_compact(history))
    stored = manager.pending_compaction.summary
    items = section_items(stored)
    assert any("请求 0" in item for item in items["Goal"])  # read back onto the sections
    assert normalize_summary(stored) == stored
