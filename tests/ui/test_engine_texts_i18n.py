"""Texts made below ``ui/`` reach a Chinese window in Chinese: each is a ``UserText`` (a message
id, its arguments, an English default) that the window translates through the catalogue.

Driven through the real paths: a refused connection against a closed loopback port (the
connection test and a run in the window), session files that open read-only, a session held
by another writer, a message too large for the budget; the offline demo's summary labels
follow the conversation's language; the default system prompt follows the interface's.
"""

from __future__ import annotations

import asyncio
import re
import socket
from collections.abc import Iterator

import pytest

from pi_desktop.ui.i18n import install_language, say, tr
from pi_desktop.usertext import UserText
from tests.ui.test_i18n import pseudo, tool  # noqa: F401  (the pseudo catalogue fixture)

ENGINE_CONTEXTS = {"Errors", "Connect", "Session", "Agent", "Context"}
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def chinese(qapp) -> Iterator[None]:
    assert install_language("zh_CN", qm_dir=None).language == "zh_CN"
    yield
    install_language("en")


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_a_refused_connection_test_reads_in_chinese(chinese):
    from pi_desktop.agent.connect import ProviderConfig, test_connection

    port = closed_port()
    config = ProviderConfig("custom", model="m", base_url=f"http://127.0.0.1:{port}/v1", timeout=5)
    result = asyncio.run(test_connection(config))
    assert not result.ok and isinstance(result.message, UserText)
    assert result.message == f"Nothing is listening at 127.0.0.1:{port}."  # English by default
    assert say(result.message) == f"127.0.0.1:{port} 上没有任何服务在监听。"
    offline = asyncio.run(test_connection(ProviderConfig("offline")))
    assert say(offline.message) == "离线演示无需连接。"


def test_a_known_port_hint_and_a_missing_key_read_in_chinese(chinese):
    from pi_desktop.agent.errors import unreachable_message
    from pi_desktop.agent.presets import missing_key

    hinted = say(unreachable_message("127.0.0.1:11434"))
    assert hinted == "127.0.0.1:11434 上没有任何服务在监听——Ollama 是否在运行（`ollama serve`）？"
    key = missing_key("openai", None)
    assert key is not None and "API 密钥" in say(key)


def test_a_refused_run_shows_its_error_in_chinese_in_the_window(chinese, kit, qtbot):
    from pi_desktop.agent.presets import build_llm

    port = closed_port()
    llm = build_llm("custom", model="m", base_url=f"http://127.0.0.1:{port}/v1", timeout=5)
    window = kit.window(llm)
    window.input.setPlainText("你好")
    window.send()
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    texts = [b.text for b in window.conversation.banners()]
    assert any(f"127.0.0.1:{port} 上没有任何服务在监听" in t for t in texts), texts
    assert not any("Nothing is listening" in t for t in texts)


def _headerless(path) -> None:
    from pi_desktop.context import Message
    from pi_desktop.session.entries import MessageEntry, dump_line

    entry = MessageEntry(role="user", content=Message(role="user", content="hi").content)
    path.write_bytes(dump_line(entry))


def test_the_read_only_reason_reads_in_chinese(chinese, tmp_path):
    from pi_desktop.session import Session
    from pi_desktop.session.entries import FORMAT_VERSION, SessionHeader, dump_line

    path = tmp_path / "foreign.jsonl"
    _headerless(path)
    with Session.load(path) as session:
        reason = session.read_only_reason
        assert isinstance(reason, UserText) and "session header" in reason
        assert say(reason).startswith("foreign.jsonl 的开头不是 pi-desktop 会话头")
        assert session.problems[0] == reason
    newer = tmp_path / "newer.jsonl"
    header = dump_line(SessionHeader(id="newer", version=FORMAT_VERSION + 1))
    newer.write_bytes(header + path.read_bytes())
    with Session.load(newer) as session:
        shown = say(session.read_only_reason)
        assert shown.startswith("此会话由更新版本的 pi-desktop 写入")
        assert f"会话格式 {FORMAT_VERSION + 1}" in shown


def test_a_read_only_session_opens_with_a_chinese_banner(chinese, kit):
    from pi_desktop.agent import OfflineLLM

    path = kit.tmp / "foreign.jsonl"
    _headerless(path)
    window = kit.window(OfflineLLM(), session_path=path)
    texts = [b.text for b in window.conversation.banners()]
    assert any("的开头不是 pi-desktop 会话头" in t for t in texts), texts
    assert any("文件开头没有会话头；以文件名作为 id" in t for t in texts), texts  # the problems


def test_a_session_held_by_another_writer_reads_in_chinese(chinese, tmp_path):
    from pi_desktop.session import Session, SessionLockedError
    from pi_desktop.ui.sessions.open_errors import open_failure

    held = tmp_path / "held.jsonl"
    with Session.create(held, fsync=False), pytest.raises(SessionLockedError) as caught:
        Session.load(held)
    assert open_failure("held", caught.value).startswith(
        "会话 held.jsonl 已在此窗口中以可写方式打开"
    )


def test_a_message_too_large_for_the_budget_reads_in_chinese(chinese):
    from pi_desktop.context.errors import TurnTooLarge
    from pi_desktop.usertext import text_of

    shown = say(text_of(TurnTooLarge(12_000, 8_000, 10_000, 300)))
    assert shown.startswith("这条消息约 12,000 个 token") and "系统提示约占 300 个" in shown


def test_the_default_system_prompt_follows_the_interface(chinese, kit):
    from pi_desktop.agent import OfflineLLM
    from pi_desktop.ui.agent_factories import DEFAULT_SYSTEM_PROMPT, default_prompt

    assert default_prompt().startswith("你是 pi-desktop 中的得力助手")
    window = kit.window(OfflineLLM())
    assert window.default_system_prompt() == default_prompt()
    install_language("en")
    assert default_prompt() == DEFAULT_SYSTEM_PROMPT


def test_summary_labels_follow_the_conversation_not_the_interface(chinese):
    """The summary is read by the model too, and by every window that opens the session: its
    labels are in the conversation's language (as its headings are), whatever the window's."""
    from pi_desktop.agent.offline.summarizer import summarize_messages
    from pi_desktop.context.extractive import Entry, extractive_summary
    from pi_desktop.context.summary import build_summary_request
    from pi_desktop.ui.dialogs.summary_viewer import shown_summary

    conversation = "[User]: 请读取 README.md 并总结\n[Assistant]: 好的，我决定先读取文件。\n"
    request = build_summary_request(conversation, None)
    answer = summarize_messages([m.content for m in request if m.role == "user"])
    assert "最新请求：" in answer or "用户：请读取 README.md" in answer
    assert "Latest request:" not in answer and "User: " not in answer
    english = extractive_summary(None, [Entry("user", "Fix the login bug"), Entry("user", "now")])
    assert "- Latest request: now" in shown_summary(english)  # a Chinese window, English chat
    stored = extractive_summary(None, [Entry("user", "修复登录错误"), Entry("user", "接着写测试")])
    assert "- Latest request: 接着写测试" in stored  # the stored form the engine reads
    assert "- 最新请求：接着写测试" in shown_summary(stored)


@pytest.mark.usefixtures("pseudo")
def test_every_engine_text_is_in_the_catalogue_and_marked_by_the_pseudo_translation():
    engine = [key for key in tool.extract() if key[0] in ENGINE_CONTEXTS]
    assert len(engine) >= 60
    unmarked = [key for key in engine if not tr(key[0], key[1]).startswith("⟦")]
    assert not unmarked
    inner = UserText("Errors", "the request timed out")
    assert (
        say(UserText("Errors", "%1: %2", "m @ host", inner))
        == "⟦m @ host: ⟦the request timed out⟧⟧"
    )


@pytest.mark.usefixtures("pseudo")
def test_a_read_only_banner_escapes_no_translation(kit):
    from pi_desktop.agent import OfflineLLM

    path = kit.tmp / "foreign.jsonl"
    _headerless(path)
    window = kit.window(OfflineLLM(), session_path=path)
    texts = [b.text for b in window.conversation.banners()]
    assert texts and all(t.startswith("⟦") for t in texts), texts


def test_adopt_fills_a_merged_catalogue_from_the_other_side(tmp_path):
    """After a merge took one side of a conflicted .ts, ``adopt`` brings the other side's
    translations back: only untranslated entries, only finished ones."""
    ours = tmp_path / "i18n"
    ours.mkdir()
    language, entries = tool.read_ts(tool.I18N / "zh_CN.ts")
    key = ("Errors", "Nothing is listening at %1.", "")
    theirs = tmp_path / "theirs.ts"
    tool.write_ts(theirs, language, entries)
    entries[key].forms, entries[key].kind = [""], "unfinished"
    tool.write_ts(ours / "zh_CN.ts", language, entries)
    assert tool.adopt([theirs], ours) == 1
    assert tool.read_ts(ours / "zh_CN.ts")[1][key].forms == ["%1 上没有任何服务在监听。"]
