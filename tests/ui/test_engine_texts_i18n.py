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


# ------------------------------------------------- the rest of the engine's words (issue 22 d1)

ENGLISH_SUMMARY_WORDS = ("summarizer", "repair request")


def _junk_summarizer_window(kit, qtbot, server):
    """A window whose summarizer carries on with the chat (as a weak local model does), with a
    few long turns behind it: Compact now climbs the ladder to the extractive rung."""
    from pi_desktop.agent import OpenAIChatLLM
    from tests.kit.openai_server import Reply

    def responder(body):
        if not body.get("tools"):
            return Reply(text="Sure! Let me continue with the refactor: I'll split the parser.")
        return Reply(text=f"Answer number {len(body['messages'])}. " + "detail " * 60)

    server.responder = responder
    llm = OpenAIChatLLM("test-model", base_url=server.base_url, api_key="sk-test-secret")
    window = kit.window(llm)
    for i in range(4):
        window.input.setPlainText(f"问题 {i}: " + "context " * 300)
        window.send()
        qtbot.waitUntil(lambda: not window.busy, timeout=10_000)
    return window


def test_the_summary_fallback_says_why_in_chinese(chinese, kit, qtbot, openai_server):
    window = _junk_summarizer_window(kit, qtbot, openai_server)
    window.compact_action.trigger()
    qtbot.waitUntil(lambda: window.dialog is not None and window.dialog.isVisible())
    window.dialog.accept()
    qtbot.waitUntil(lambda: bool(window.conversation.markers()) and not window.busy, timeout=10_000)
    (banner,) = [b for b in window.conversation.banners() if "summary_again" in b.buttons]
    # the reason the engine gave, in Chinese, inside the window's own Chinese sentence
    assert "总结器接着对话说了下去，而没有总结它，修复请求之后依然如此" in banner.text, banner.text
    assert not any(word in banner.text for word in ENGLISH_SUMMARY_WORDS), banner.text
    assert CJK.search(banner.text)


def test_a_failed_summary_says_why_in_chinese_in_the_budget_tip(chinese):
    """The summarizer's own reason for failing reaches the budget bar's tip through the
    report (``PrepareReport.summary_failed``), translated."""
    from pi_desktop.context.report import PrepareReport
    from pi_desktop.context.summarizer import SummaryFailed, summarize_texts
    from pi_desktop.ui.budget.bar import report_line
    from pi_desktop.usertext import text_of

    with pytest.raises(SummaryFailed) as caught:
        asyncio.run(summarize_texts(None, [], None, None, limit=100, count=len))
    reason = text_of(caught.value)
    assert isinstance(reason, UserText) and reason == "nothing to summarize"
    report = PrepareReport(3, 3, 900, 1000, 800, 1.0, summary_failed=reason)
    line = report_line(report)
    assert "没有可总结的内容" in line and "nothing to summarize" not in line


def test_a_learned_model_window_is_announced_in_chinese(chinese, kit, qtbot, openai_server):
    """A provider that states a smaller window than the budget: the session fits its budget
    and the window says so, in Chinese."""
    from pi_desktop.agent import OpenAIChatLLM
    from tests.kit.openai_server import Reply, window_limited

    openai_server.responder = window_limited(1500, lambda body: Reply(text="好的。"))
    llm = OpenAIChatLLM("test-model", base_url=openai_server.base_url, api_key="sk-test")
    window = kit.window(llm)
    window.input.setPlainText("请看这段文字：" + "word " * 1800)
    window.send()
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    texts = [b.text for b in window.conversation.banners()]
    assert any(t.startswith("模型的上下文窗口为 1,500 个 token") for t in texts), texts
    assert not any("context window is" in t for t in texts), texts


def test_tools_that_fill_the_budget_say_so_in_chinese(chinese, tmp_path):
    """A budget the tool definitions alone fill (smaller than Settings offers, as a library
    caller may set): Compact now and a run both say what to change, in Chinese."""
    from pi_desktop.agent import Agent, Notice, OfflineLLM, RunFailed
    from pi_desktop.agent.tools.workspace import build_workspace_tools

    tools = build_workspace_tools(tmp_path)
    agent = Agent(OfflineLLM(), tools=tools, context_budget=300)
    events: list[object] = []
    agent.subscribe(events.append)
    assert not asyncio.run(agent.compact())
    (notice,) = [e for e in events if isinstance(e, Notice)]
    assert isinstance(notice.text, UserText) and "tool definitions alone" in notice.text
    assert say(notice.text).startswith("仅工具定义就占用") and "或关闭工具" in say(notice.text)
    asyncio.run(agent.run("你好"))
    (failed,) = [e for e in events if isinstance(e, RunFailed)]
    assert say(failed.error).startswith("仅工具定义就占用"), say(failed.error)


def _problem_lines(path) -> None:
    """A session whose lines carry what the loader repairs or skips: malformed metadata, an
    orphan message, a second header."""
    from pi_desktop.session.entries import MessageEntry, SessionHeader, dump_line

    first = MessageEntry(role="user", content="你好")
    lines = [
        dump_line(SessionHeader(id="damaged")),
        dump_line(first),
        dump_line(
            MessageEntry(
                parent_id=first.id, role="assistant", content="嗨", metadata={"tool_calls": "x"}
            )
        ),
        dump_line(MessageEntry(parent_id="lost-id", role="user", content="还在吗")),
        dump_line(SessionHeader(id="second")),
    ]
    path.write_bytes(b"".join(lines))


def test_per_line_session_problems_read_in_chinese_in_the_banner(chinese, kit):
    from pi_desktop.agent import OfflineLLM
    from pi_desktop.session import Session

    path = kit.tmp / "damaged.jsonl"
    _problem_lines(path)
    with Session.load(path) as session:
        problems = [say(p) for p in session.problems]
    assert "第 3 行：metadata.tool_calls 是 str，而不是列表；已丢弃" in problems, problems
    assert any(p.startswith("第 4 行：消息 ") and "丢失了一行？" in p for p in problems), problems
    assert "第 5 行：第二个会话头；已跳过" in problems, problems
    window = kit.window(OfflineLLM(), session_path=path)
    text = "\n".join(b.text for b in window.conversation.banners())
    assert "metadata.tool_calls 是 str，而不是列表" in text and "第二个会话头" in text, text
    assert "dropped" not in text and "skipped" not in text and "unknown parent" not in text


def test_a_refused_rewind_explains_itself_in_chinese(chinese, kit):
    from pi_desktop.agent import OfflineLLM
    from pi_desktop.session import RewindError

    window = kit.window(OfflineLLM())
    with pytest.raises(RewindError) as caught:
        window.agent.rewind("no-such-entry")
    assert say(caught.value.args[0]) == "此会话中没有条目 no-such-entry"
    assert not window.session_tree.rewind_to("no-such-entry")
    shown = [b for b in window.refusals() if "fork" in b.buttons]
    assert shown and all(b.label.toolTip() == "此会话中没有条目 no-such-entry" for b in shown)


def test_an_unusable_saved_setting_reads_in_chinese(chinese, kit):
    from pi_desktop.agent import OfflineLLM

    kit.save_settings()
    kit.qsettings.setValue("settings/context_budget", "lots")
    kit.qsettings.sync()
    window = kit.window(OfflineLLM())
    text = "\n".join(b.text for b in window.conversation.banners())
    assert "设置：context_budget = 'lots' 不可用；保留默认值" in text, text
    assert "not usable" not in text


def test_the_search_index_problems_read_in_chinese(chinese, tmp_path):
    from pi_desktop.session.search_index import SearchIndex

    index = SearchIndex(tmp_path)
    index.path.parent.mkdir(parents=True, exist_ok=True)
    index.path.write_bytes(b"this is not a database" * 100)
    try:
        index.start().result(timeout=30)
    finally:
        index.close()
    assert index.problems, "a corrupt index is reported"
    shown = say(index.problems[0])
    assert shown.startswith("搜索索引") and "已重建" in shown, shown


def test_a_pin_past_its_cap_and_a_pin_in_a_read_only_session_read_in_chinese(chinese, kit, qtbot):
    """``PinRefused`` (the engine's cap) and a session error inside the window's own sentence
    ("Could not pin: %1") both reach the refusal banner translated."""
    from pi_desktop.agent import OfflineLLM

    kit.save_settings(context_budget=2_000)
    window = kit.window(OfflineLLM())
    window.input.setPlainText("请记住这一段：" + "长文本 " * 250)
    window.send()
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    first = next(e for e in window.session.get_current_path() if e.role == "user")
    pins = window.session_tree.pins
    assert not pins.set_pinned(first.id, True)
    refused = pins.last_refusal
    assert refused is not None and refused.startswith("无法固定：固定的消息将占用"), refused
    assert "个 token 的上限" in refused, refused
    assert "Cannot pin" not in refused

    path = kit.tmp / "foreign.jsonl"
    _headerless(path)
    window = kit.window(OfflineLLM(), session_path=path)
    (message,) = [e for e in window.session.get_current_path() if e.role == "user"]
    assert not window.session_tree.pins.set_pinned(message.id, True)
    refusal = window.session_tree.pins.last_refusal
    assert refusal is not None and "是以只读方式打开的" in refusal, refusal
    assert "read-only" not in refusal


def test_a_retry_after_a_rate_limit_reads_in_chinese(chinese, kit, qtbot, openai_server):
    """The provider's 429 (the engine's reason) inside the window's "Provider busy" status."""
    from pi_desktop.agent import OpenAIChatLLM
    from tests.kit.openai_server import Reply

    openai_server.enqueue(Reply.rate_limited(retry_after="0"))
    openai_server.responder = lambda body: Reply(text="好的。")
    llm = OpenAIChatLLM("test-model", base_url=openai_server.base_url, api_key="sk-test")
    window = kit.window(llm)
    said: list[str] = []
    window.statusBar().messageChanged.connect(said.append)
    window.input.setPlainText("你好")
    window.send()
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    busy = [m for m in said if m.startswith("服务繁忙")]
    assert busy and "已被限流（HTTP 429）" in busy[0], said
    assert not any("rate limited" in m for m in said), said


def test_a_damaged_search_index_is_said_in_chinese_in_the_sidebar(chinese, kit, qtbot, artifacts):
    from pi_desktop.agent import OfflineLLM
    from pi_desktop.session.search_index import INDEX_FILE

    kit.library.root.mkdir(parents=True, exist_ok=True)
    (kit.library.root / INDEX_FILE).write_bytes(b"this is not a database" * 100)
    window = kit.window(OfflineLLM())
    note = window.sidebar.note
    qtbot.waitUntil(lambda: note.text().startswith("消息搜索："), timeout=20_000)
    assert "搜索索引" in note.text() and "已重建" in note.text(), note.text()
    assert "search index" not in note.text()
    assert window.sidebar.grab().save(str(artifacts / "sidebar-search-index-rebuilt-zh.png"))
