"""Reading plain requests as tool calls ("list the files", "read README.md", "读取 README.md").

English and Chinese requests are both understood ("列出文件", "搜索 TODO", "查找 *.py"); a
request with Chinese in it gets its labels in Chinese, so the demo answers in the language
it was asked in.

Deterministic pattern matching, nothing clever: the offline provider exists so a new user
sees the agent loop, the tools and the context pipeline work without a key. Each matched
span is consumed so one phrase yields one call ("write 'read me' to a.txt" is a write only).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

_PATH = r"[`'\"]?(?P<path>[\w.\-/\\]+)[`'\"]?"
_FILEISH = (
    r"[`'\"]?(?P<path>(?:[\w.\-]+/)*[\w\-]*\.[A-Za-z0-9]{1,10}|(?:[\w.\-]+/)+[\w.\-]+)[`'\"]?"
)
_PLACE_WORDS = {
    "workspace", "project", "folder", "directory", "dir", "here", "this", "current", "repo",
    "repository", "root", "it", "there",
}  # fmt: skip
_LANG_GLOBS = {
    "python": "*.py", "markdown": "*.md", "javascript": "*.js", "typescript": "*.ts",
    "json": "*.json", "yaml": "*.yaml", "toml": "*.toml", "rust": "*.rs", "go": "*.go",
    "text": "*.txt", "html": "*.html", "css": "*.css", "shell": "*.sh", "c": "*.c",
}  # fmt: skip


@dataclass(frozen=True)
class Intent:
    """One tool call read from the user's words; ``label`` says it back in plain words."""

    tool: str
    arguments: dict[str, Any] = field(default_factory=dict)
    label: str = ""
    start: int = 0


def _place(raw: str | None) -> str:
    if not raw:
        return "."
    cleaned = raw.strip("`'\".,;:!?")
    return "." if not cleaned or cleaned.lower() in _PLACE_WORDS else cleaned


def _clean_term(raw: str) -> str:
    return raw.strip().strip(".,;:!?")


_WRITE_QUOTED = re.compile(
    r"\b(?:write|save|put)\s+(?P<q>[\"'`])(?P<content>.+?)(?P=q)\s+(?:to|into|in)\s+"
    r"(?:the\s+|a\s+)?(?:new\s+)?(?:file\s+)?" + _PATH,
    re.I | re.S,
)
_WRITE_PLAIN = re.compile(
    r"\b(?:write|save)\s+(?P<content>.+?)\s+(?:to|into)\s+(?:the\s+|a\s+)?(?:new\s+)?file\s+"
    + _PATH,
    re.I | re.S,
)
_CREATE = re.compile(
    r"\bcreate\s+(?:a\s+)?(?:new\s+)?file\s+" + _PATH + r"\s+(?:with|containing)\s+"
    r"(?:the\s+)?(?:content\s+|text\s+)?(?P<q>[\"'`]?)(?P<content>.+?)(?P=q)\s*$",
    re.I | re.S,
)
_EDIT = re.compile(
    r"\b(?:replace|change)\s+(?P<q>[\"'`])(?P<old>.+?)(?P=q)\s+(?:with|to|into)\s+"
    r"(?P<q2>[\"'`])(?P<new>.*?)(?P=q2)\s+in\s+(?:the\s+)?(?:file\s+)?" + _PATH,
    re.I | re.S,
)
_RUN = re.compile(
    r"\b(?:run|execute)\s+(?:the\s+)?(?:command\s+)?(?P<q>[`'\"])(?P<cmd>.+?)(?P=q)", re.I
)
_SEARCH_QUOTED = re.compile(
    r"\b(?P<verb>search|grep|look)\s+(?:for\s+|up\s+)?(?P<q>[\"'`])(?P<term>.+?)(?P=q)"
    r"(?:\s+in\s+" + _PATH + ")?",
    re.I,
)
_SEARCH_PLAIN = re.compile(
    r"\b(?P<verb>search\s+for|search|grep(?:\s+for)?|look\s+for|find\s+(?:occurrences|mentions"
    r"|uses)\s+of|where\s+is)\s+(?P<term>[^\s,;?!'\"`]+)(?:\s+in\s+" + _PATH + ")?",
    re.I,
)
_FIND_GLOB = re.compile(
    r"\bfind\s+(?:all\s+|every\s+)?(?:the\s+)?(?:files\s+)?(?:named\s+|matching\s+|called\s+)?"
    r"[`'\"]?(?P<pat>[\w.\-/\[\]]*[*?][\w.\-/*?\[\]]*)[`'\"]?(?:\s+(?:in|under)\s+" + _PATH + ")?",
    re.I,
)
_FIND_LANG = re.compile(
    r"\b(?:find|list|show)\s+(?:all\s+|every\s+)?(?:the\s+)?(?P<lang>"
    + "|".join(_LANG_GLOBS)
    + r")\s+files\b(?:\s+(?:in|under)\s+"
    + _PATH
    + ")?",
    re.I,
)
_READ = re.compile(
    r"\b(?:read|open|show|cat|view|display|summari[sz]e|look\s+at)\s+(?:me\s+)?(?:the\s+)?"
    r"(?:file\s+|contents?\s+of\s+(?:the\s+)?(?:file\s+)?)?" + _FILEISH,
    re.I,
)
_WHATS_IN = re.compile(r"\bwhat(?:'s|\s+is)\s+in\s+(?:the\s+file\s+)?" + _FILEISH, re.I)
_LIST = re.compile(
    r"\b(?:list|show|ls)\b(?:\s+(?:me|all|the|of|every))*\s+(?:files|folders|folder|directory|dir"
    r"|contents|entries)\b(?:\s+(?:in|of|under|inside)\s+(?:the\s+)?(?:folder\s+|directory\s+)?"
    + _PATH
    + ")?",
    re.I,
)
_LIST_BARE = re.compile(r"^\s*(?:ls|dir)(?:\s+" + _PATH + r")?\s*$", re.I)
_WHAT_FILES = re.compile(
    r"\bwhat\s+files\b(?:[^.?!]*?\b(?:in|under|inside)\s+(?:the\s+)?" + _PATH + ")?", re.I
)


_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def is_chinese(text: str) -> bool:
    """Whether ``text`` is written in Chinese: it has Han characters outside code spans."""
    return bool(_HAN.search(re.sub(r"`[^`]*`", "", text)))


# Chinese requests: no \b (Han characters are word characters to ``re``), ASCII-only paths so
# a path never swallows the Chinese around it, and Chinese quotes as well as ASCII ones
_ZH_Q = "[`'\"“”‘’「」『』]?"
_ZH_PATH = _ZH_Q + r"(?P<path>[A-Za-z0-9_.\-/\\~]+)" + _ZH_Q
_ZH_FILE = (
    _ZH_Q
    + r"(?P<path>(?:[A-Za-z0-9_.\-]+/)*[A-Za-z0-9_\-]*\.[A-Za-z0-9]{1,10}|(?:[A-Za-z0-9_.\-]+/)+"
    r"[A-Za-z0-9_.\-]+)" + _ZH_Q
)
_ZH_IN = r"(?:在\s*" + _ZH_PATH + r"\s*(?:目录|文件夹)?\s*(?:里|中|下|内)?\s*)?"
_ZH_WRITE = re.compile(
    r"(?:把|将)\s*[“\"'「](?P<content>.+?)[”\"'」]\s*(?:写入|写到|保存到|存到)\s*(?:文件\s*)?"
    + _ZH_PATH
    + r"|(?:写入|写)\s*[“\"'「](?P<content2>.+?)[”\"'」]\s*(?:到|进)\s*(?:文件\s*)?"
    + _ZH_PATH.replace("path", "path2"),
    re.S,
)
_ZH_EDIT = re.compile(
    r"(?:在\s*(?:文件\s*)?"
    + _ZH_PATH
    + r"\s*(?:里|中)?\s*)?(?:把|将)\s*[“\"'「](?P<old>.+?)[”\"'」]"
    r"\s*(?:替换为|替换成|改为|改成|换成)\s*[“\"'「](?P<new>.*?)[”\"'」]",
    re.S,
)
_ZH_RUN = re.compile(r"(?:运行|执行)\s*(?:命令\s*)?[`'\"“「](?P<cmd>.+?)[`'\"”」]")
_ZH_SEARCH = re.compile(
    _ZH_IN
    + r"(?P<verb>搜索|搜一下|搜|查找|查一下|找一下|检索|grep)\s*(?:一下)?\s*(?:关键词|关键字)?\s*"
    r"(?:[“\"'「`](?P<qterm>[^“”\"'「」`]+)[”\"'」`]|(?P<term>[^\s“”\"'「」`，。,；;？?！!]+))"
)
_ZH_FIND_GLOB = re.compile(
    _ZH_IN + r"(?:查找|找出|找到|寻找|列出)\s*(?:所有|全部)?\s*(?:的)?\s*(?:文件\s*)?"
    r"[`'\"“]?(?P<pat>[\w.\-/\[\]]*[*?][\w.\-/*?\[\]]*)[`'\"”]?"
)
_ZH_FIND_LANG = re.compile(
    _ZH_IN
    + r"(?:查找|找出|列出|显示)\s*(?:所有|全部)?\s*(?:的)?\s*(?P<lang>"
    + "|".join(_LANG_GLOBS)
    + r")\s*(?:文件|源文件|代码文件)",
    re.I,
)
_ZH_READ = re.compile(
    r"(?:读取|读一下|读读|读|打开|查看|看一下|看看|显示|阅读|总结一下|总结)\s*(?:一下)?\s*(?:文件\s*)?"
    + _ZH_FILE
)
_ZH_WHATS_IN = re.compile(
    _ZH_FILE + r"\s*(?:文件)?\s*(?:里|中)?\s*(?:写了什么|有什么|是什么内容|的内容)"
)
_ZH_LIST = re.compile(
    r"(?:列出|列一下|列举|显示|看看|查看)\s*(?:一下)?\s*"
    + _ZH_IN
    + r"(?:所有|全部)?\s*(?:的)?\s*(?:文件|目录|文件夹|内容)"
    r"|(?:有|都有)\s*(?:哪些|什么)\s*文件"
)


_ZH_LIST_IN = re.compile(
    r"(?:列出|列一下|显示|看看|查看)\s*(?:一下)?\s*"
    + _ZH_PATH
    + r"\s*(?:目录|文件夹)\s*(?:下|里|中|内)?\s*(?:的)?\s*(?:所有|全部)?\s*(?:文件|内容)"
)


def _zh_intents(text: str) -> list[tuple[re.Match[str], Intent]]:
    """The Chinese requests of ``text`` as (match, intent), labels in Chinese."""
    out: list[tuple[re.Match[str], Intent]] = []
    for m in _ZH_WRITE.finditer(text):
        path = (m.group("path") or m.group("path2") or "").strip("`'\".,;:!?")
        content = m.group("content") if m.group("content") is not None else m.group("content2")
        out.append((m, Intent("write_file", {"path": path, "content": content}, f"写入 `{path}`")))
    for m in _ZH_EDIT.finditer(text):
        if not m.group("path"):
            continue
        args = {"path": m.group("path"), "old_text": m.group("old"), "new_text": m.group("new")}
        out.append((m, Intent("edit_file", args, f"编辑 `{m.group('path')}`")))
    for m in _ZH_RUN.finditer(text):
        out.append(
            (m, Intent("run_command", {"command": m.group("cmd")}, f"运行 `{m.group('cmd')}`"))
        )
    for m in _ZH_FIND_GLOB.finditer(text):
        args = {"pattern": m.group("pat")}
        if _place(m.group("path")) != ".":
            args["path"] = _place(m.group("path"))
        out.append((m, Intent("find_files", args, f"查找 `{m.group('pat')}`")))
    for m in _ZH_FIND_LANG.finditer(text):
        glob = _LANG_GLOBS[m.group("lang").lower()]
        args = {"pattern": glob}
        if _place(m.group("path")) != ".":
            args["path"] = _place(m.group("path"))
        out.append((m, Intent("find_files", args, f"查找 {m.group('lang')} 文件（`{glob}`）")))
    for m in _ZH_SEARCH.finditer(text):
        term = m.group("qterm") or _clean_term(m.group("term") or "").strip("。，")
        if not term:
            continue
        regex = term if m.group("verb") == "grep" else re.escape(term)
        args: dict[str, Any] = {"pattern": regex}
        if _place(m.group("path")) != ".":
            args["path"] = _place(m.group("path"))
        out.append((m, Intent("grep", args, f"搜索 `{term}`")))
    for pattern in (_ZH_READ, _ZH_WHATS_IN):
        for m in pattern.finditer(text):
            path = m.group("path").rstrip(".,;:!?")
            out.append((m, Intent("read_file", {"path": path}, f"读取 `{path}`")))
    for m in (*_ZH_LIST_IN.finditer(text), *_ZH_LIST.finditer(text)):
        where = _place(m.group("path"))
        label = "列出" + (f" `{where}` 中的" if where != "." else "") + "文件"
        out.append((m, Intent("list_dir", {"path": where}, label)))
    return out


def parse_intents(text: str) -> list[Intent]:
    """Tool calls the user asked for, in the order they were asked."""
    found: list[Intent] = []
    taken: list[tuple[int, int]] = []

    def claim(match: re.Match[str], intent: Intent) -> None:
        span = match.span()
        if any(span[0] < end and start < span[1] for start, end in taken):
            return
        taken.append(span)
        found.append(Intent(intent.tool, intent.arguments, intent.label, span[0]))

    for match, intent in _zh_intents(text):
        claim(match, intent)
    for pattern in (_WRITE_QUOTED, _CREATE, _WRITE_PLAIN):
        for m in pattern.finditer(text):
            path = m.group("path").strip("`'\".,;:!?")
            content = m.group("content")
            claim(m, Intent("write_file", {"path": path, "content": content}, f"write `{path}`"))
    for m in _EDIT.finditer(text):
        path = m.group("path").strip("`'\".,;:!?")
        args = {"path": path, "old_text": m.group("old"), "new_text": m.group("new")}
        claim(m, Intent("edit_file", args, f"edit `{path}`"))
    for m in _RUN.finditer(text):
        claim(m, Intent("run_command", {"command": m.group("cmd")}, f"run `{m.group('cmd')}`"))
    for pattern in (_SEARCH_QUOTED, _SEARCH_PLAIN):
        for m in pattern.finditer(text):
            term = _clean_term(m.group("term"))
            if not term:
                continue
            regex = term if m.group("verb").lower().startswith("grep") else re.escape(term)
            args: dict[str, Any] = {"pattern": regex}
            where = _place(m.group("path"))
            if where != ".":
                args["path"] = where
            claim(m, Intent("grep", args, f"search for `{term}`"))
    for m in _FIND_GLOB.finditer(text):
        args = {"pattern": m.group("pat")}
        if _place(m.group("path")) != ".":
            args["path"] = _place(m.group("path"))
        claim(m, Intent("find_files", args, f"find `{m.group('pat')}`"))
    for m in _FIND_LANG.finditer(text):
        glob = _LANG_GLOBS[m.group("lang").lower()]
        args = {"pattern": glob}
        if _place(m.group("path")) != ".":
            args["path"] = _place(m.group("path"))
        claim(m, Intent("find_files", args, f"find {m.group('lang').lower()} files (`{glob}`)"))
    for pattern in (_READ, _WHATS_IN):
        for m in pattern.finditer(text):
            path = m.group("path").rstrip(".,;:!?")
            claim(m, Intent("read_file", {"path": path}, f"read `{path}`"))
    for pattern in (_LIST, _LIST_BARE, _WHAT_FILES):
        for m in pattern.finditer(text):
            where = _place(m.group("path"))
            label = "list the files" + (f" in `{where}`" if where != "." else "")
            claim(m, Intent("list_dir", {"path": where}, label))
    found.sort(key=lambda intent: intent.start)
    unique: list[Intent] = []
    for intent in found:
        if all((i.tool, i.arguments) != (intent.tool, intent.arguments) for i in unique):
            unique.append(intent)
    return unique
