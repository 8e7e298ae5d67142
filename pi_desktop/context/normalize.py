"""Reading a summarizer's answer as real models write it, onto the six sections.

Models translate the headings into the conversation's language, number them, bold them, end
them with a colon, nest them one level deeper, write two sections for a short chat, wrap the
answer in a code fence or put a ``<think>`` draft before it. All of that is a summary: the
headings are looked up in one table (:data:`HEADING_NAMES`, easy to extend) and the text is
re-rendered in the canonical layout, every content line kept. Prose without headings is kept
as Critical Context. An answer is refused (:func:`summary_problem`) only when it is empty, a
refusal, or a continuation of the conversation: replacing the history with that would lose it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pi_desktop.usertext import UserText

# canonical keys in render order; Done / In Progress / Blocked are Progress's subsections
KEYS = (
    "Goal",
    "Constraints & Preferences",
    "Progress",
    "Done",
    "In Progress",
    "Blocked",
    "Key Decisions",
    "Next Steps",
    "Critical Context",
)
SUBSECTIONS = ("Done", "In Progress", "Blocked")
HEADING_LINES = {key: ("### " if key in SUBSECTIONS else "## ") + key for key in KEYS}
TOP_SECTIONS = tuple(HEADING_LINES[k] for k in KEYS if k not in SUBSECTIONS)
EMPTY_ITEM = "- (none reported)"

# The names models give each section (compared case-folded, spaces collapsed). Add a language
# or a synonym here; nothing else needs to change.
_TABLE = {  # canonical key: the names models give it, separated by "|"
    "Goal": (
        "goal|goals|current goal|main goal|primary goal|overall goal|user goal|"
        "objective|objectives|task|current task|purpose|目标|当前目标|主要目标|任务|当前任务|目的"
    ),
    "Constraints & Preferences": (
        "constraints & preferences|constraints and preferences|"
        "constraints/preferences|constraints|preferences|user constraints|"
        "user preferences|user constraints & preferences|"
        "user constraints and preferences|requirements|rules|约束与偏好|约束和偏好|约束|偏好|"
        "限制|要求|用户约束与偏好|限制与偏好"
    ),
    "Progress": (
        "progress|status|current status|progress so far|state|进展|进度|当前进展|当前状态|状态"
    ),
    "Done": ("done|completed|complete|finished|accomplished|已完成|完成"),
    "In Progress": (
        "in progress|in-progress|ongoing|current work|working on|进行中|正在进行|进行中的工作"
    ),
    "Blocked": (
        "blocked|blockers|blocking issues|issues|problems|open issues|受阻|阻塞|阻碍|"
        "问题|遇到的问题"
    ),
    "Key Decisions": (
        "key decisions|decisions|decisions made|important decisions|"
        "key technical decisions|关键决策|决策|重要决策|决定|关键决定"
    ),
    "Next Steps": (
        "next steps|next step|next actions|next action|next|todo|to do|to-do|"
        "remaining work|remaining|action items|plan|下一步|下一步计划|后续步骤|后续|待办|接下来"
    ),
    "Critical Context": (
        "critical context|context|key context|important context|notes|"
        "important notes|additional context|details|key details|critical info|"
        "关键上下文|上下文|重要上下文|背景|关键信息|重要信息|备注"
    ),
}
# the headings a summary of a conversation in that language is shown with (the stored form
# stays the canonical English one above: the engine and the next summary read that)
LOCAL_HEADINGS = {
    "Chinese": {
        "Goal": "目标",
        "Constraints & Preferences": "约束与偏好",
        "Progress": "进展",
        "Done": "已完成",
        "In Progress": "进行中",
        "Blocked": "受阻",
        "Key Decisions": "关键决策",
        "Next Steps": "下一步",
        "Critical Context": "关键上下文",
    },
}


def localize_headings(summary: str, language: str | None) -> str:
    """``summary`` with its canonical heading lines in ``language`` ("## Goal" → "## 目标");
    unchanged for English or a language without headings here. Every name used is one the
    parser maps back (see ``_TABLE``), so a localized summary normalizes to the same one."""
    names = LOCAL_HEADINGS.get(language or "")
    if not names:
        return summary
    out = []
    for line in summary.split("\n"):
        level, _, title = line.partition(" ")
        if level in ("##", "###") and title in names and line == HEADING_LINES.get(title):
            line = f"{level} {names[title]}"
        out.append(line)
    return "\n".join(out)


HEADING_NAMES: dict[str, tuple[str, ...]] = {
    key: tuple(name.strip() for name in names.split("|")) for key, names in _TABLE.items()
}
# a heading that names the whole answer ("# Summary"): a title, not a section
TITLES = (
    "summary", "context summary", "conversation summary", "session summary",
    "updated summary", "condensed summary", "the summary", "总结", "摘要", "对话摘要",
    "上下文摘要", "对话总结",
)  # fmt: skip


def _key(name: str) -> str:
    name = re.sub(r"[*_`]+", "", name).strip().rstrip(":：").strip()
    return " ".join(name.casefold().split())


_LOOKUP = {_key(n): key for key, names in HEADING_NAMES.items() for n in (key, *names)}
_TITLE_KEYS = frozenset(_key(t) for t in TITLES)

_NUMBER = re.compile(r"^(?:\(?\d{1,2}(?:\.\d{1,2})*[.)、:：]?|[一二三四五六七八九十]+[、.．])\s*")
_MD_HEADING = re.compile(r"^#{1,6}\s*(?P<title>.*?)\s*#*\s*$")
_BOLD_HEADING = re.compile(r"^\*\*(?P<title>[^*]+?)\*\*\s*(?P<rest>.*)$")
_COLON_HEADING = re.compile(r"^(?P<title>[^:：]{1,40}?)\s*[:：]\s*(?P<rest>.*)$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_LISTED_BOLD = re.compile(r"^[-*+] (?=\*\*)")


@dataclass
class Heading:
    """A recognised heading line: its canonical key (None for a title) and inline content."""

    key: str | None
    rest: str = ""


def _lookup(title: str) -> str | bool | None:
    """The canonical key of ``title``; None for a title ("Summary"); False when unknown."""
    plain = _NUMBER.sub("", title.strip()).strip()
    k = _key(plain)
    if k in _LOOKUP:
        return _LOOKUP[k]
    if k in _TITLE_KEYS:
        return None
    return False


def parse_heading(line: str) -> Heading | None:
    """``line`` as a section heading in any common form, or None when it is content.

    ``## Goal``, ``### 1. Goal``, ``## **Goal**``, ``**Goal**``, ``**Goal:** text``,
    ``Goal: text``, ``## 目标`` are all the Goal heading; a bulleted ``- Goal: x`` is content.
    """
    text = line.strip()
    if not text:
        return None
    md = _MD_HEADING.match(text)
    if md:
        title = md.group("title")
        found = _lookup(title)
        if found is not False:
            return Heading(found)  # type: ignore[arg-type]
        colon = _COLON_HEADING.match(_NUMBER.sub("", re.sub(r"[*_]+", "", title)))
        if colon:
            found = _lookup(colon.group("title"))
            if found:
                return Heading(found, colon.group("rest").strip())  # type: ignore[arg-type]
        return None
    # "**Goal**", and "- **Goal**: text" at the left margin (a list of labelled sections)
    listed = _LISTED_BOLD.match(line)
    bold = _BOLD_HEADING.match(text[listed.end() :] if listed else text)
    if bold:
        found = _lookup(bold.group("title"))
        if found is not False and not (listed and found is None):
            rest = bold.group("rest").lstrip(":：").strip()
            return Heading(found, rest)  # type: ignore[arg-type]
        return None
    plain = _NUMBER.sub("", text)
    colon = _COLON_HEADING.match(plain)
    if colon:
        found = _lookup(colon.group("title"))
        if found:
            return Heading(found, colon.group("rest").strip())  # type: ignore[arg-type]
    return None


def _is_unknown_md_heading(line: str) -> bool:
    return bool(_MD_HEADING.match(line.strip())) and line.lstrip().startswith("#")


@dataclass
class Sections:
    """Content lines per canonical key; ``preamble`` is what came before any heading."""

    lines: dict[str, list[str]] = field(default_factory=lambda: {k: [] for k in KEYS})
    preamble: list[str] = field(default_factory=list)
    headings: int = 0  # recognised heading lines (titles excluded)


_PREAMBLE = re.compile(
    r"^(?:(?:sure|certainly|okay|ok)[,!.]?\s*)?(?:here(?:'s| is) (?:the |a |your )?"
    r"(?:updated |condensed |final |context )?summary(?: of the conversation)?\s*[:：.]?|"
    r"以下是(?:更新后的)?(?:对话|上下文)?(?:摘要|总结)[:：。]?)$",
    re.IGNORECASE,
)


def parse_sections(body: str) -> Sections:
    """Split ``body`` (drafts and fences already removed) into canonical sections."""
    out = Sections()
    current: list[str] = out.preamble
    fenced = False
    for raw in body.splitlines():
        line = raw.rstrip()
        if _FENCE.match(line):
            fenced = not fenced
            current.append(line)
            continue
        if fenced:
            current.append(line)
            continue
        heading = parse_heading(line)
        if heading is not None:
            if heading.key is None:  # a title line: no section, no content
                continue
            out.headings += 1
            current = out.lines[heading.key]
            if heading.rest:
                current.append(heading.rest)
            continue
        if not line.strip():
            continue
        if _is_unknown_md_heading(line):  # a heading of the model's own: kept as a label
            title = _MD_HEADING.match(line.strip()).group("title")  # type: ignore[union-attr]
            current.append(f"**{title.strip()}**" if title.strip() else line.strip())
            continue
        current.append(line)
    return out


def _real(lines: list[str]) -> list[str]:
    return [line for line in lines if line.strip() != EMPTY_ITEM]


def render_sections(sections: Sections) -> str:
    """The canonical layout: every section present, empty ones marked ``(none reported)``."""
    lines = {k: _real(v) for k, v in sections.lines.items()}
    preamble = [p for p in sections.preamble if not _PREAMBLE.match(p.strip())]
    if preamble:  # prose outside any section is context, never dropped
        lines["Critical Context"] = [*preamble, *lines["Critical Context"]]
    out: list[str] = []
    for key in KEYS:
        if key not in SUBSECTIONS and out:
            out.append("")
        out.append(HEADING_LINES[key])
        if key == "Progress":
            out += lines[key]
            continue
        out += lines[key] or [EMPTY_ITEM]
    return "\n".join(out)


def normalize_summary(body: str) -> str:
    """``body`` in the six sections, headings in any recognised form mapped, content kept."""
    return render_sections(parse_sections(body))


def section_items(body: str) -> dict[str, list[str]]:
    """Items per canonical key of a summary (bullets stripped, empty markers left out)."""
    parsed = parse_sections(body)
    items: dict[str, list[str]] = {}
    for key in KEYS:
        lines = _real(parsed.lines[key])
        if key == "Critical Context":
            lines = [p for p in parsed.preamble if not _PREAMBLE.match(p.strip())] + lines
        items[key] = [re.sub(r"^\s*[-*+]\s+", "", line).strip() for line in lines]
    return items


# ---------------------------------------------------------------- drafts, tags and fences

_DRAFT_TAGS = ("think", "thinking", "analysis", "reasoning", "thought")
_DRAFT_OPEN = re.compile(rf"^[ \t]*<({'|'.join(_DRAFT_TAGS)})>", re.IGNORECASE | re.MULTILINE)
_SUMMARY_BLOCK = re.compile(r"<summary>(.*?)</summary>", re.DOTALL | re.IGNORECASE)
_WHOLE_FENCE = re.compile(
    r"^(?P<pre>[^\n`]{0,200}\n)?\s*```(?P<lang>[\w+-]*)[ \t]*\n(?P<body>.*?)\n?```\s*$", re.DOTALL
)
_TEXT_LANGS = ("", "markdown", "md", "text", "txt", "plain", "plaintext")


def _strip_drafts(text: str) -> str:
    """Remove ``<think>``/``<analysis>`` drafts: closed, unclosed or with a lost opening tag."""
    for tag in _DRAFT_TAGS:
        # a closing tag ending a line with no opening one before it: a provider dropped the
        # opening tag (a tag named inline in the summary's own text is content, not a draft)
        close = re.search(rf"</{tag}>[ \t]*(?:\n|$)", text, re.IGNORECASE)
        opened = re.search(rf"<{tag}>", text, re.IGNORECASE)
        if (
            close
            and (opened is None or opened.start() > close.start())
            and not _opens_as_summary(text[: close.start()])
        ):
            text = text[close.end() :]
        # a draft opens a line (its text may name other tags: "…in <summary> tags")
        text = re.sub(
            rf"^[ \t]*<{tag}>.*?</{tag}>", "", text, flags=re.DOTALL | re.IGNORECASE | re.MULTILINE
        )
    opened = _DRAFT_OPEN.search(text)
    if opened:  # never closed: keep what follows only if a summary starts after it
        rest = text[opened.end() :]
        tagged = rest.lower().rfind("<summary>")
        if tagged >= 0:
            text = text[: opened.start()] + rest[tagged:]
        else:
            start = _first_heading_offset(rest)
            text = text[: opened.start()] + (rest[start:] if start is not None else "")
    return text


def _opens_as_summary(text: str) -> bool:
    """Whether ``text`` starts as a summary does (a section heading or ``<summary>``): a draft
    whose opening tag was lost starts as prose, so a closing tag after a summary's first heading
    is quoted content (a user's ``</think>``), not the end of a draft."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    if first.strip().lower().startswith("<summary>"):
        return True
    heading = parse_heading(first)
    return heading is not None and heading.key is not None


def _first_heading_offset(text: str) -> int | None:
    offset = 0
    for line in text.splitlines(keepends=True):
        heading = parse_heading(line)
        if heading is not None and heading.key is not None:
            return offset
        offset += len(line)
    return None


def unwrap_fence(text: str) -> str:
    """An answer wrapped whole in a markdown/text code fence, unwrapped (else unchanged)."""
    match = _WHOLE_FENCE.match(text.strip())
    if not match or match.group("lang").lower() not in _TEXT_LANGS:
        return text
    body = match.group("body")
    if sum(1 for line in body.splitlines() if _FENCE.match(line)) % 2:
        return text  # the closing fence belongs to a code block inside
    return body


def extract_summary(content: str) -> str:
    """The summary in a summarizer's answer: drafts removed, ``<summary>`` taken, fence
    unwrapped. Tolerates no tags; an unclosed draft with nothing after it gives ""."""
    text = _strip_drafts(content or "")
    found = _SUMMARY_BLOCK.findall(text)
    if found:
        text = found[-1]
    elif "<summary>" in text.lower():  # opened, never closed: what follows is the summary
        text = text[text.lower().rfind("<summary>") + len("<summary>") :]
    text = re.sub(r"</?summary>", "", text, flags=re.IGNORECASE).strip()
    return unwrap_fence(text).strip()


# ---------------------------------------------------------------- junk

_REFUSAL = re.compile(
    r"^\W*(i['’]?m sorry|i am sorry|sorry\b|i apologi[sz]e|i can['’]?t\b|i cannot\b|"
    r"i can not\b|i won['’]?t\b|i will not\b|i['’]?m (?:not able|unable)|i am (?:not able|unable)|"
    r"as an ai\b|unfortunately,? i\b|抱歉|对不起|很抱歉|我无法|我不能)",
    re.IGNORECASE,
)
_TRANSCRIPT_LABEL = re.compile(
    r"^\s*(?:\[(?:User|Assistant|System|Assistant tool call|Tool result[^\]]*)\]:|"
    r"(?:User|Assistant|Human|AI|用户|助手)\s*[:：]|<\|(?:im_start|user|assistant)\|>)",
    re.MULTILINE | re.IGNORECASE,
)
# how a chat reply opens (a summary reads "The user…", "## Goal", "目标：…")
_CHAT_OPENER = re.compile(
    r"^\W*(?:sure|certainly|of course|absolutely|okay|ok|alright|great|no problem|happy to|"
    r"glad to|let me|let's|i'll|i will|i can|i think|yes|no[,.!]|hi\b|hello|thanks|thank you|"
    r"here(?:'s| is) (?:the|a|your|an) (?:fix|code|answer|implementation|updated code|example|"
    r"solution|function|script|patch)|好的|当然|没问题|让我|我来|可以|是的)",
    re.IGNORECASE,
)
_SUMMARY_CUE = re.compile(r"summar|the user|conversation|总结|摘要|用户|对话", re.IGNORECASE)
_MAX_PREAMBLE_CHARS = 300


def summary_problem(summary: str) -> str | None:
    """Why ``summary`` (from :func:`extract_summary`) is not a summary, or None when it is.

    Only three things are refused: an empty answer, a refusal, and a continuation of the
    conversation (transcript labels before the summary, a chat reply instead of one, or code
    instead of prose). Terse, unusual, translated or heading-less summaries are summaries.
    """
    text = summary.strip()
    parsed = parse_sections(text)
    preamble = [p for p in parsed.preamble if not _PREAMBLE.match(p.strip())]
    if not any(_real(v) for v in parsed.lines.values()) and not preamble:
        return UserText("Context", "the summarizer returned an empty summary")
    if _REFUSAL.match(text):
        return UserText("Context", "the summarizer refused (its answer opens as a refusal)")
    first = _first_heading_offset(text)
    head = text if first is None else text[:first]
    if _TRANSCRIPT_LABEL.search(head):  # (a quoted line inside a section is fine)
        return UserText(
            "Context", "the summarizer continued the conversation instead of summarizing it"
        )
    chatty = _CHAT_OPENER.match(head) is not None and not _SUMMARY_CUE.search(head[:300])
    if chatty and (first is None or len(head) > _MAX_PREAMBLE_CHARS):
        return UserText(
            "Context", "the summarizer continued the conversation instead of summarizing it"
        )
    if first is None and _mostly_code(text):
        return UserText("Context", "the summarizer wrote code instead of a summary")
    return None


def _mostly_code(text: str) -> bool:
    lines = [line for line in text.splitlines() if line.strip()]
    inside, fenced = 0, False
    for line in lines:
        if _FENCE.match(line):
            fenced = not fenced
            inside += 1
        elif fenced:
            inside += 1
    return bool(lines) and inside * 2 >= len(lines)


# ---------------------------------------------------------------- the conversation's language

_SCRIPTS = (
    ("Chinese", re.compile(r"[\u4e00-\u9fff\u3400-\u4dbf]")),
    ("Japanese", re.compile(r"[\u3040-\u30ff]")),
    ("Korean", re.compile(r"[\uac00-\ud7af]")),
    ("Russian", re.compile(r"[\u0400-\u04ff]")),
    ("Arabic", re.compile(r"[\u0600-\u06ff]")),
    ("Greek", re.compile(r"[\u0370-\u03ff]")),
)
_LETTER = re.compile(r"[^\W\d_]")
_SAMPLE_CHARS = 20_000


def conversation_language(text: str, share: float = 0.3) -> str | None:
    """The conversation's language when it is not English: the script of at least ``share``
    of its letters (Japanese kana before Chinese: Japanese text also uses Han), else None."""
    sample = text[-_SAMPLE_CHARS:]
    letters = len(_LETTER.findall(sample))
    if not letters:
        return None
    counts = {name: len(pattern.findall(sample)) for name, pattern in _SCRIPTS}
    if counts["Japanese"] and counts["Japanese"] * 10 >= counts["Chinese"]:
        counts["Japanese"] += counts.pop("Chinese")
    name, count = max(counts.items(), key=lambda kv: kv[1])
    return name if count >= share * letters else None
