"""What the offline provider says: who it is, what it can do, long texts, tool reports.

It never pretends to be a model: every answer either says it is the offline demo or reports
plainly what a tool returned. Everything is a pure function of its input (deterministic).
Each answer exists in English and in Chinese (``zh=True``): the demo answers in the language
the user wrote in.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pi_desktop.agent.tools.paths import parse_cap_note, parse_lines_note
from pi_desktop.context.offload import parse_marker

INTRO = (
    "I'm the **offline demo provider** of pi-desktop — not a language model. I run on this "
    "computer with no network and follow fixed rules, so you can try the whole app (tools, "
    "token budget, compaction, session tree) without an API key."
)
REAL_MODEL_HINT = (
    "To chat with a real model, pick a provider in Settings: OpenAI, Ollama, LM Studio, vLLM, "
    "DashScope or any OpenAI-compatible server."
)
_CAPABILITIES: tuple[tuple[str | None, str], ...] = (
    ("list_dir", '**list the files** (also `ls`, "what files are in src")'),
    ("read_file", "**read README.md** — any text file in the workspace"),
    ("grep", '**search for TODO** or **grep "def main"**'),
    ("find_files", r"**find \*.py** or **find all python files**"),
    ("write_file", '**write "hello" to notes.txt** (asks for your approval first)'),
    ("edit_file", "**replace \"old\" with \"new\" in notes.txt** (asks for approval)"),
    ("run_command", "**run `ls -la`** (only when commands are enabled)"),
    (None, "**write a long story** / **explain in detail** — a long text that fills the "
     "token budget quickly, so you can watch compaction happen"),
)  # fmt: skip
INTRO_ZH = (
    "我是 pi-desktop 的**离线演示服务** — 不是语言模型。我在这台电脑上运行，不联网，按固定规则"
    "工作，让你无需 API 密钥就能试用整个应用（工具、Token 预算、压缩、会话树）。"
)
REAL_MODEL_HINT_ZH = (
    "要与真实模型对话，请在设置中选择一个服务：OpenAI、DeepSeek、通义千问（DashScope）、Ollama、"
    "LM Studio、vLLM，或任何兼容 OpenAI 的服务器。"
)
_CAPABILITIES_ZH: tuple[tuple[str | None, str], ...] = (
    ("list_dir", "**列出文件**（也可以说“有哪些文件”“列出 src 目录下的文件”）"),
    ("read_file", "**读取 README.md** — 工作区中的任意文本文件"),
    ("grep", "**搜索 TODO** 或 **搜索 “def main”**"),
    ("find_files", r"**查找 \*.py** 或 **查找所有 python 文件**"),
    ("write_file", "**把“你好”写入 notes.txt**（会先征求你的同意）"),
    ("edit_file", "**在 notes.txt 里把“旧”替换为“新”**（会先征求你的同意）"),
    ("run_command", "**运行命令 `ls -la`**（仅在允许运行命令时）"),
    (None, "**写一个长故事** / **详细解释** — 一段很长的文字，能很快填满 Token 预算，"
     "方便你观察压缩的过程"),
)  # fmt: skip
_GREETING_ZH = re.compile(r"^\s*(你好|您好|嗨|哈喽|早上好|下午好|晚上好)")
_LONG_ZH = re.compile(r"长故事|长篇|长文|很长|详细|详尽|展开讲|\d+\s*字")
_WORDS_ZH = re.compile(r"(\d{2,6})\s*字")
_ABOUT_ZH = re.compile(
    r"(?:关于|讲讲|讲述|介绍一下|介绍)\s*(?P<topic>[^，。？！,.?!\n\d]{2,30}?)"
    r"(?=的|\s*\d|\s*[，。？！,.?!\n]|\s*$)"
)
_GREETING = re.compile(r"^\s*(hi|hello|hey|good (morning|afternoon|evening)|greetings)\b", re.I)
_LONG = re.compile(
    r"\b(long|lengthy|in detail|detailed|story|essay|elaborate|verbose|at length|"
    r"\d+\s+words)\b",
    re.I,
)
_WORDS = re.compile(r"\b(\d{2,6})\s+words\b", re.I)
_ABOUT = re.compile(r"\b(?:about|on|of)\s+(?P<topic>[^.?!\n]{3,60})", re.I)


def _quote(text: str, limit: int = 200) -> str:
    one_line = " ".join(text.split())
    return one_line if len(one_line) <= limit else one_line[: limit - 1] + "…"


def _said(text: str, limit: int = 200) -> str:
    """The user's words quoted in prose, markdown's marks escaped: the reply is rendered as
    markdown, and "find *.py or *.txt" must read as typed, not half in italics."""
    return _MARKDOWN_MARK.sub(r"\\\g<0>", _quote(text, limit))


_MARKDOWN_MARK = re.compile(r"[\\`*_\[\]<>#~|!]")


def wants_long_answer(text: str) -> bool:
    return bool(_LONG.search(text) or _LONG_ZH.search(text))


def help_answer(
    user_text: str,
    tool_names: Sequence[str],
    unavailable: Sequence[str] = (),
    *,
    zh: bool = False,
) -> str:
    """The honest default reply: who I am, what you said, what I can do here."""
    if zh:
        return _help_answer_zh(user_text, tool_names, unavailable)
    parts = []
    if _GREETING.search(user_text):
        parts.append("Hello!")
    parts.append(INTRO)
    if user_text.strip():
        parts.append(f"You wrote: “{_said(user_text)}”. I can't reason about free-form "
                     "questions, but I can act on requests like these:")  # fmt: skip
    else:
        parts.append("I can act on requests like these:")
    lines = [f"- {text}" for tool, text in _CAPABILITIES if tool is None or tool in tool_names]
    parts.append("\n".join(lines))
    if unavailable:
        listed = ", ".join(f"`{name}`" for name in unavailable)
        parts.append(f"You asked for {listed}, but that tool is not enabled in this session.")
    parts.append(
        "When the context fills up I also act as the summarizer: my summaries are extractive "
        "(built from your requests and the tool calls) in the same six sections a model writes."
    )
    parts.append(REAL_MODEL_HINT)
    return "\n\n".join(parts)


def _help_answer_zh(user_text: str, tool_names: Sequence[str], unavailable: Sequence[str]) -> str:
    parts = []
    if _GREETING_ZH.search(user_text):
        parts.append("你好！")
    parts.append(INTRO_ZH)
    if user_text.strip():
        parts.append(
            f"你说的是：“{_said(user_text)}”。我无法思考开放式的问题，但可以执行下面这样的请求："
        )
    else:
        parts.append("我可以执行下面这样的请求：")
    caps = _CAPABILITIES_ZH
    parts.append(
        "\n".join(f"- {text}" for tool, text in caps if tool is None or tool in tool_names)
    )
    if unavailable:
        listed = "、".join(f"`{name}`" for name in unavailable)
        parts.append(f"你请求了 {listed}，但这个工具在本会话中没有启用。")
    parts.append(
        "上下文快满时，我也会充当总结模型：我的总结是抽取式的（根据你的请求和工具调用整理而成），"
        "分为与真实模型相同的六个部分。"
    )
    parts.append(REAL_MODEL_HINT_ZH)
    return "\n\n".join(parts)


_SENTENCES_ZH = (
    "关于{topic}的每一段对话都从很小开始，然后一轮一轮地变长。",
    "细心的读者会发现，随着工作推进，{topic}早期的细节变得不那么重要了。",
    "预算条显示了这段关于{topic}的文字现在占用了多少上下文窗口。",
    "当估算值越过阈值时，较早的轮次会被总结，而不是原样再次发送。",
    "什么都不会丢失：{topic}的完整历史一直保存在磁盘上的会话文件里。",
    "体积很大的工具结果会写入文件，视图中只保留预览和路径。",
    "最新的几轮对话会原样保留，因为接下来处理{topic}正需要它们。",
    "一份总结会列出目标、约束、进展、决定和下一步。",
    "点击会话树中较早的节点，对话就会回退到那个位置。",
    "工具调用和它的结果总是成对出现，所以协议永远不会被破坏。",
    "压缩之后，在再次达到阈值之前，每一轮新对话都不会产生额外的调用。",
    "这段关于{topic}的文字是离线演示写的填充内容，目的就是占用空间。",
)


_SENTENCES = (
    "Every conversation about {topic} starts small and then grows one turn at a time.",
    "A careful reader of {topic} notices that the early details matter less as the work moves on.",
    "The budget bar shows how much of the context window this text about {topic} now occupies.",
    "When the estimate crosses the threshold, the older turns are summarized instead of resent.",
    "Nothing is lost: the full history of {topic} stays in the session file on disk.",
    "Large tool results are written to files, and the view keeps only a preview and a path.",
    "The newest turns are kept verbatim, because they are what the work on {topic} needs next.",
    "A summary lists the goal, the constraints, the progress, the decisions and the next steps.",
    "Clicking an earlier node in the session tree rewinds the conversation to that point.",
    "Tool calls and their results always travel together, so the protocol is never broken.",
    "After a compaction, each new turn costs no extra calls until the threshold is reached again.",
    "This paragraph about {topic} is filler from the offline demo, written to take up space.",
)


def long_answer(user_text: str, default_chars: int = 6_000, *, zh: bool = False) -> str:
    """A deterministic long text (honestly labelled) for filling a small budget in a demo."""
    if zh:
        return _long_answer_zh(user_text, default_chars)
    words = _WORDS.search(user_text)
    target = int(words.group(1)) * 6 if words else default_chars
    target = max(400, min(target, 60_000))
    about = _ABOUT.search(user_text)
    topic = about.group("topic").strip() if about else "context management"
    seed = int(hashlib.sha256(user_text.encode()).hexdigest()[:8], 16)
    header = (
        f"# A long text about {topic}\n\n"
        "_Written by the offline demo provider to fill the context quickly — the sentences "
        "follow a fixed pattern; no model wrote them._\n"
    )
    paragraphs: list[str] = []
    size = len(header)
    index = seed
    while size < target:
        sentences = [_SENTENCES[(index + k) % len(_SENTENCES)] for k in range(4)]
        body = " ".join(s.format(topic=topic) for s in sentences)
        paragraph = f"**{len(paragraphs) + 1}.** {body}"
        paragraphs.append(paragraph)
        size += len(paragraph) + 2
        index += 5
    return header + "\n" + "\n\n".join(paragraphs) + "\n"


def _long_answer_zh(user_text: str, default_chars: int) -> str:
    """The Chinese long text: the same size in the estimate's unit (a Han character serialises
    to one character, like a Latin letter), so the bar fills as fast as in English."""
    words = _WORDS_ZH.search(user_text)
    target = int(words.group(1)) if words else default_chars
    target = max(400, min(target, 60_000))
    about = _ABOUT_ZH.search(user_text)
    topic = about.group("topic").strip() if about else "上下文管理"
    seed = int(hashlib.sha256(user_text.encode()).hexdigest()[:8], 16)
    header = (
        f"# 一篇关于{topic}的长文\n\n"
        "_这是离线演示服务为快速填满上下文而写的文字 — 句子按固定模式生成，并非模型所写。_\n"
    )
    paragraphs: list[str] = []
    size = len(header)
    index = seed
    while size < target:
        sentences = [_SENTENCES_ZH[(index + k) % len(_SENTENCES_ZH)] for k in range(4)]
        body = "".join(s.format(topic=topic) for s in sentences)
        paragraph = f"**{len(paragraphs) + 1}.** {body}"
        paragraphs.append(paragraph)
        size += len(paragraph) + 2
        index += 5
    return header + "\n" + "\n\n".join(paragraphs) + "\n"


@dataclass(frozen=True)
class ToolResult:
    """A tool call and the result that came back for it (as the transcript shows them)."""

    name: str
    arguments: dict[str, Any]
    content: str
    is_error: bool


_NOTE = re.compile(r"\n\[(lines \d+-\d+ of \d+[^\]]*|output truncated[^\]]*)\]\s*$")


def _report_read(result: ToolResult, zh: bool = False) -> str:
    path = result.arguments.get("path", "该文件" if zh else "the file")
    note = _NOTE.search(result.content)
    text = result.content[: note.start()] if note else result.content
    lines = text.splitlines()
    nonempty = [line.strip() for line in lines if line.strip()]
    if zh:
        parts = [f"**已读取 `{path}`** — 共 {len(lines)} 行，{len(text):,} 个字符。"]
    else:
        parts = [f"**Read `{path}`** — {len(lines)} lines, {len(text):,} characters."]
    headings = [line.lstrip("#").strip() for line in nonempty if line.startswith("#")]
    if headings:
        quoted = [_quote(h, 60) for h in headings[:8]]
        parts.append(
            "标题：" + "；".join(quoted) + "。" if zh else "Headings: " + "; ".join(quoted) + "."
        )
    if nonempty:
        excerpt = "\n".join(f"> {_quote(line, 120)}" for line in nonempty[:4])
        parts.append(("开头是：\n" if zh else "It begins:\n") + excerpt)
    if note:
        parts.append(f"（{note.group(1)}）" if zh else f"({note.group(1)})")
    return "\n".join(parts)


def _report_list(result: ToolResult, zh: bool = False) -> str:
    lines = result.content.splitlines()
    header, entries = (lines[0], lines[1:]) if len(lines) > 1 else (result.content, [])
    folders = [e for e in entries if e.endswith("/")]
    files = [e.split("  (", 1)[0] for e in entries if not e.endswith("/")]
    folder, _, count = header.partition(": ")  # list_dir's header: "<folder>: N entries"
    if count and zh:
        where = "工作区文件夹" if folder == "." else f"文件夹 `{_quote(folder, 80)}`"
        number = count.split()[0]
        parts = [f"**{where}** 中有 {number} 项。"]
    elif count:
        where = "The workspace folder" if folder == "." else f"Folder `{_quote(folder, 80)}`"
        parts = [f"**{where}** holds {count}."]
    else:
        parts = [f"**{_quote(header, 80)}**"]
    if folders:
        parts.append(
            ("文件夹：" if zh else "Folders: ") + ", ".join(f"`{f}`" for f in folders[:15])
        )
    if files:
        parts.append(("文件：" if zh else "Files: ") + ", ".join(f"`{f}`" for f in files[:20]))
    if len(folders) > 15 or len(files) > 20:
        parts.append("（还有更多）" if zh else "(and more)")
    return "\n".join(parts)


def _report_listing(result: ToolResult, shown: int, zh: bool = False) -> str:
    lines = result.content.splitlines()
    head, rest = lines[0], lines[1:]
    if not rest:
        return f"**{head}**"
    block = "\n".join(rest[:shown])
    left = len(rest) - shown
    more = (f"\n…还有 {left} 条。" if zh else f"\n…and {left} more.") if left > 0 else ""
    return f"**{head}**\n```\n{block}\n```{more}"


def offload_note(
    path: str, original_chars: int, preview_chars: int, saved_tail: str = "", *, zh: bool = False
) -> str:
    """What the chat says about a result L3 saved to a file, with sizes that are true: the
    saved copy's, and — when the tool capped its output (the note ending ``saved_tail``) —
    how much of what the tool read it holds ("the first 100,000 of 204,825 characters")."""
    cap = parse_cap_note(saved_tail)
    lines = parse_lines_note(saved_tail)
    name = Path(path).name
    if zh:
        return _offload_note_zh(name, original_chars, preview_chars, cap, lines)
    if lines is not None:
        first, last, total = lines
        held = (
            f"The tool returned lines {first:,}-{last:,} of the file's {total:,} "
            f"({original_chars:,} characters). That was too large for the context, so it was "
            f"saved to `{name}`"
        )
    elif cap is not None:
        part = "the first " if cap.first else ""
        held = (
            f"The tool capped its output: it returned {part}{cap.shown:,} of the "
            f"{cap.total:,} characters it read. That result was too large for the context, "
            f"so it was saved to `{name}`"
        )
    else:
        held = (
            f"The result ({original_chars:,} characters) was too large for the context, "
            f"so it was saved whole to `{name}`"
        )
    return (
        f"{held} — open it from the tool call above. What follows describes its first "
        f"{preview_chars:,} characters.\n\n"
    )


def _offload_note_zh(
    name: str, original_chars: int, preview_chars: int, cap: Any, lines: Any
) -> str:
    if lines is not None:
        first, last, total = lines
        held = (
            f"工具返回了文件共 {total:,} 行中的第 {first:,}-{last:,} 行"
            f"（{original_chars:,} 个字符）。"
            f"这对上下文来说太大了，所以已保存到 `{name}`"
        )
    elif cap is not None:
        part = "前 " if cap.first else ""
        held = (
            f"工具截断了输出：它读取了 {cap.total:,} 个字符，返回了其中{part}{cap.shown:,} 个。"
            f"这个结果对上下文来说太大了，所以已保存到 `{name}`"
        )
    else:
        held = f"结果（{original_chars:,} 个字符）对上下文来说太大了，所以已完整保存到 `{name}`"
    return (
        f"{held} — 可以从上面的工具调用中打开它。下面描述的是它的前 {preview_chars:,} 个字符。\n\n"
    )


def report_tool_results(
    results: Sequence[ToolResult],
    saved_tail: Callable[[str], str] | None = None,
    *,
    zh: bool = False,
) -> str:
    """A plain summary of what the tools returned, one section per call.

    ``saved_tail(path)`` returns the end of a file L3 saved (the provider reads it), so the
    report can state what the saved copy holds; without it the sizes of the view are used.
    """
    sections = []
    for result in results:
        note = ""
        marker = parse_marker(result.content)
        if marker is not None:  # L3 kept only a preview in the view; the result is in a file
            path, original_chars, preview = marker
            tail = saved_tail(path) if saved_tail is not None else ""
            note = offload_note(path, original_chars, len(preview), tail, zh=zh)
            result = ToolResult(result.name, result.arguments, preview, result.is_error)
        if result.is_error or result.content.startswith("Error"):
            failed = "失败：" if zh else "failed:"
            sections.append(f"**{result.name} {failed}** {_quote(result.content, 300)}")
        elif result.name == "read_file":
            sections.append(_report_read(result, zh))
        elif result.name == "list_dir":
            sections.append(_report_list(result, zh))
        elif result.name == "grep":
            sections.append(_report_listing(result, 8, zh))
        elif result.name == "find_files":
            sections.append(_report_listing(result, 15, zh))
        elif result.name == "run_command":
            title = "命令输出：" if zh else "Command output:"
            sections.append(f"**{title}**\n```\n{_quote_block(result.content)}\n```")
        elif result.name in ("write_file", "edit_file"):
            sections.append(f"**{'完成：' if zh else 'Done:'}** {result.content}")
        elif zh:
            sections.append(f"**{result.name}** 返回了 {len(result.content):,} 个字符。")
        else:
            sections.append(f"**{result.name}** returned {len(result.content):,} characters.")
        if note:
            sections[-1] = note + sections[-1]
    sections.append(
        "_以上就是工具返回的内容；我是离线演示，只负责如实转述 — "
        "你可以让我读取、搜索或列出别的内容。_"
        if zh
        else "_That is what the tools returned; I'm the offline demo, so I only report it — "
        "ask me to read, search or list something else._"
    )
    return "\n\n".join(sections)


def _quote_block(text: str, limit: int = 3_000) -> str:
    return text if len(text) <= limit else text[:limit] + "\n…"
