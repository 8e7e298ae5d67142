"""The summary that needs no model: built from the transcript by rules, in the six sections.

When the summarizer fails (down, over its window, or answering junk even after a repair
request) a session must not jam, and it must not forget what the user said. This summary
keeps what a model summary is for: the newest user messages verbatim (within a share of the
summary's size), the tool calls made and how they ended, the constraints the user stated and
the decisions the assistant stated, the file lists (added by the caller), and the previous
summary merged section by section (an update, not a rewrite). Items it leaves out are
stated in the summary, as the deterministic trim states them. Pure: no I/O, no API call.
The offline demo provider answers summary requests with this same function.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from pi_desktop import safejson
from pi_desktop.context.normalize import HEADING_LINES, KEYS, SUBSECTIONS, section_items
from pi_desktop.context.summary_trim import omission_line, omitted_count, strip_omissions

SUMMARY_HEADER_PREFIX = "[Context summary"
ITEM_CHARS = 160
GOAL_CHARS = 320
QUOTE_CHARS = 400  # one user message, verbatim up to this many chars
_LIMITS = {  # newest items kept per section (older ones are stated as left out)
    "Goal": 6,
    "Constraints & Preferences": 8,
    "Done": 12,
    "In Progress": 2,
    "Blocked": 5,
    "Key Decisions": 8,
    "Next Steps": 4,
}
_PLAN_CHARS = 2_000  # a longer answer is an essay: it states no decisions or plans
QUOTE_PREFIX = "User: "
LATEST = "Latest request: "
_PER_RUN = ("Focus requested", "Summarized ")
# The labels this summary writes, in the languages a conversation may be in. A label follows
# the conversation's language, not the interface's: the summary is part of what the model
# reads (a Chinese conversation continues best on a Chinese summary, whatever the window's
# language), and it must read the same in every window that opens the session. The stored
# form stays English like the headings (see ``localize_headings``); a summary written with
# localized labels (the offline demo's, a model's) is read back through ``canonical_item``.
LABELS = (
    LATEST,
    QUOTE_PREFIX,
    "Answered: ",
    "Files mentioned: ",
    "Named in the conversation: ",
    "Focus requested for this summary: ",
    "Answer the pending request: ",
    "Wait for the user's next request.",
)
LOCAL_LABELS = {
    "Chinese": {
        LATEST: "最新请求：",
        QUOTE_PREFIX: "用户：",
        "Answered: ": "已回答：",
        "Files mentioned: ": "提到的文件：",
        "Named in the conversation: ": "对话中提到：",
        "Focus requested for this summary: ": "本次摘要的重点：",
        "Answer the pending request: ": "回答待处理的请求：",
        "Wait for the user's next request.": "等待用户的下一个请求。",
    },
}
_CANONICAL = {local: label for names in LOCAL_LABELS.values() for label, local in names.items()}

_LABEL = re.compile(
    r"^\[(?P<label>System|User|Assistant|Assistant tool call|Tool result(?: \((?P<tool>[^)]*)\))?)"
    r"\]: ?",
    re.M,
)
_CALL = re.compile(r"^(?P<name>[\w.\-]+)\((?P<args>.*)\)\s*$", re.S)
_SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+|(?<=[。！？；])\s*|\n+")
_CONSTRAINT = re.compile(
    r"\b(must|mustn't|should|shouldn't|don't|do not|never|always|prefer|please use|make sure|"
    r"only|without|avoid|keep)\b|必须|不要|不能|别再|务必|一定要|保持|只用|只能|请用|优先|禁止|"
    r"不得|应该|避免|不允许",
    re.I,
)
_DECISION = re.compile(
    r"\b(I will|I'll|I decided|decided|we will|we'll|let's|going to|instead|chose|plan to)\b|"
    r"我将|我会|我决定|决定|改用|采用|选择|我们将|我们会|打算",
    re.I,
)
_NEXT = re.compile(
    r"\b(next|then|todo|remaining|still need|follow[- ]up|afterwards)\b|下一步|接下来|然后|之后|"
    r"待办|还需要",
    re.I,
)
_BACKTICKS = re.compile(r"`([^`\n]{2,60})`")
_FILEISH = re.compile(r"(?<![\w/])((?:[\w.\-]+/)*[\w\-]+\.[A-Za-z][A-Za-z0-9]{0,9})(?![\w/])")
_SMALL_TALK = re.compile(
    r"^\s*(hi|hello|hey|thanks|thank you|ok|okay|yes|no|great|good|你好|谢谢|好的)\b"
    r"[\s!.,?！。，？]*\w{0,12}[\s!.?！。？]*$",
    re.I,
)
_FAILED = re.compile(r"^(error|failed|traceback|exception)\b|denied|not permitted", re.I)


@dataclass(frozen=True)
class Entry:
    """One transcript entry: ``role`` is user/assistant/system/call/result."""

    role: str
    text: str
    tool: str = ""


def parse_transcript(conversation: str) -> list[Entry]:
    """Entries of a serialised transcript (``[User]: …`` labels), in order."""
    marks = list(_LABEL.finditer(conversation))
    entries = []
    for i, mark in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(conversation)
        text = conversation[mark.end() : end].strip()
        label = mark.group("label")
        if label == "Assistant tool call":
            role = "call"
        elif label.startswith("Tool result"):
            role = "result"
        else:
            role = label.lower()
        entries.append(Entry(role, text, mark.group("tool") or ""))
    return entries


def entries_of(texts: Iterable[str]) -> list[Entry]:
    """Entries of the serialised messages the summarizer would have been sent."""
    return [entry for text in texts for entry in parse_transcript(text)]


def clip(text: str, limit: int = ITEM_CHARS) -> str:
    one = " ".join(text.split())
    return one if len(one) <= limit else one[: limit - 1] + "…"


def _prose(text: str) -> str:
    """``text`` without code blocks and quoted lines: those quote data, they state nothing."""
    text = re.sub(r"```.*?(```|$)", " ", text, flags=re.S)
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(">"))


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_SPLIT.split(_prose(text)) if len(s.strip()) > 3]


def call_parts(text: str) -> tuple[str, dict]:
    match = _CALL.match(text.strip())
    if not match:
        return text.strip()[:40] or "tool", {}
    try:
        args = safejson.loads(match.group("args"))  # model data: bounded depth and size
    except ValueError:
        args = {}
    return match.group("name"), args if isinstance(args, dict) else {}


def describe_call(name: str, args: dict) -> str:
    """A done-item for one tool call, in words."""
    path = args.get("path") or args.get("file_path") or ""
    verbs = {
        "read_file": f"Read `{path}`",
        "write_file": f"Wrote `{path}`",
        "edit_file": f"Edited `{path}`",
        "list_dir": f"Listed `{path or '.'}`",
        "find_files": f"Looked for files matching `{args.get('pattern', '')}`",
        "grep": f"Searched for `{args.get('pattern', '')}`" + (f" in `{path}`" if path else ""),
        "run_command": f"Ran `{args.get('command', '')}`",
    }
    if name in verbs:
        return verbs[name]
    shown = ", ".join(f"{k}={clip(str(v), 40)}" for k, v in list(args.items())[:3])
    return f"Called `{name}({shown})`" if shown else f"Called `{name}`"


def _merge(old: list[str], new: list[str]) -> list[str]:
    """Old items then new ones, duplicates dropped (the first occurrence kept)."""
    return list(dict.fromkeys(item for item in [*old, *new] if item))


def _newest(items: list[str], limit: int) -> tuple[list[str], int]:
    """The newest ``limit`` items and how many older ones went."""
    if len(items) <= limit:
        return items, 0
    return items[-limit:], len(items) - limit


QuoteFits = Callable[[str], bool]


def extractive_summary(
    previous: str | None,
    entries: Sequence[Entry],
    *,
    focus: str | None = None,
    quote_fits: QuoteFits | None = None,
) -> str:
    """The summary body (six sections, no file lists) of ``previous`` updated by ``entries``.

    ``quote_fits(text)`` bounds the verbatim user messages (the newest kept first); without
    it, all of this part's user messages are quoted. Everything left out is counted in the
    summary's omission line, with what earlier summaries left out.
    """
    prev = section_items(strip_omissions(previous)) if previous else {k: [] for k in KEYS}
    prev = {key: [canonical_item(item) for item in items] for key, items in prev.items()}
    earlier_omitted = omitted_count(previous or "")
    users = [
        e.text
        for e in entries
        if e.role == "user" and e.text.strip() and not e.text.startswith(SUMMARY_HEADER_PREFIX)
    ]
    new: dict[str, list[str]] = {k: [] for k in KEYS}
    omitted = 0

    # the goal: the first substantive request (or the previous summary's goal), then the
    # latest request; the first item stays, the newest of the rest are kept
    goal = [g for g in prev["Goal"] if not g.startswith(LATEST)]
    if users:
        if not goal:
            substantive = [u for u in users if not _SMALL_TALK.match(u)]
            goal = [clip((substantive or users)[0], GOAL_CHARS)]
        if clip(users[-1], GOAL_CHARS) not in goal:
            goal.append(LATEST + clip(users[-1], GOAL_CHARS))
    elif prev["Goal"]:
        goal = prev["Goal"]
    rest, dropped = _newest(goal[1:], _LIMITS["Goal"] - 1)
    goal = goal[:1] + rest
    omitted += dropped

    for text in users:
        new["Constraints & Preferences"] += [
            clip(s) for s in sentences(text) if _CONSTRAINT.search(s)
        ]

    pending: tuple[str, dict] | None = None
    last_user = max((i for i, e in enumerate(entries) if e.role == "user"), default=-1)
    answered = False
    last_answer = ""
    for index, entry in enumerate(entries):
        if entry.role == "call":
            pending = call_parts(entry.text)
            new["Done"].append(clip(describe_call(*pending)))
        elif entry.role == "result":
            head = entry.text.splitlines()[0] if entry.text.strip() else ""
            if _FAILED.search(head[:200]):
                name, args = pending or (entry.tool or "tool", {})
                what = clip(describe_call(name, args))
                if new["Done"] and new["Done"][-1] == what:
                    new["Done"].pop()
                new["Blocked"].append(clip(f"{what} failed: {head or 'error'}"))
        elif entry.role == "assistant" and entry.text:
            last_answer = entry.text
            said = sentences(entry.text.replace("**", ""))
            preface = index + 1 < len(entries) and entries[index + 1].role == "call"
            if said and not preface:
                new["Done"].append(clip(f"Answered: {said[0]}"))
            if len(entry.text) <= _PLAN_CHARS:
                new["Key Decisions"] += [clip(s) for s in said if _DECISION.search(s)]
            if index > last_user:
                answered = True

    in_progress: list[str] = []
    plan = last_answer if len(last_answer) <= _PLAN_CHARS else ""
    next_steps = [clip(s) for s in sentences(plan.replace("**", "")) if _NEXT.search(s)]
    if users and not answered:
        in_progress.append(clip(users[-1]))
        next_steps.insert(0, clip(f"Answer the pending request: {users[-1]}"))
    if not next_steps:
        next_steps = prev["Next Steps"] or ["Wait for the user's next request."]

    final: dict[str, list[str]] = {"Goal": goal, "Progress": prev["Progress"]}
    for key in ("Constraints & Preferences", "Done", "Blocked", "Key Decisions"):
        final[key], dropped = _newest(_merge(prev[key], new[key]), _LIMITS[key])
        omitted += dropped
    final["In Progress"] = in_progress[: _LIMITS["In Progress"]]
    final["Next Steps"] = next_steps[: _LIMITS["Next Steps"]]

    context = [c for c in prev["Critical Context"] if not c.startswith(_PER_RUN)]
    mentioned = sorted({m for text in users for m in _FILEISH.findall(text)})
    if mentioned:
        context.append(clip("Files mentioned: " + ", ".join(f"`{m}`" for m in mentioned[:12])))
    names = sorted({m for text in users for m in _BACKTICKS.findall(text)})
    if names:
        context.append(clip("Named in the conversation: " + ", ".join(f"`{n}`" for n in names)))
    if focus:
        context.append(clip(f"Focus requested for this summary: {focus}"))
    context = _merge(context, [])
    # the user's own words, newest within the share; older quotes are stated as left out
    quotes = [c for c in context if c.startswith(QUOTE_PREFIX)]
    others = [c for c in context if not c.startswith(QUOTE_PREFIX)]
    quotes = _merge(quotes, [QUOTE_PREFIX + clip(u, QUOTE_CHARS) for u in users])
    kept = len(quotes)
    while kept > 1 and quote_fits is not None and not quote_fits("\n".join(quotes[-kept:])):
        kept -= 1
    omitted += len(quotes) - kept
    final["Critical Context"] = others + quotes[len(quotes) - kept :]
    return render(final, earlier_omitted + omitted)


def localize_labels(summary: str, language: str | None) -> str:
    """``summary`` with its item labels in ``language`` ("- Latest request: …" → "- 最新请求：…");
    unchanged for English or a language without labels here."""
    names = LOCAL_LABELS.get(language or "")
    if not names:
        return summary
    out = []
    for line in summary.split("\n"):
        if line.startswith("- "):
            for label, local in names.items():
                if line.startswith("- " + label):
                    line = "- " + local + line[2 + len(label) :]
                    break
        out.append(line)
    return "\n".join(out)


def canonical_item(item: str) -> str:
    """An item with a localized label read back as the English one the engine matches."""
    for local, label in _CANONICAL.items():
        if item.startswith(local):
            return label + item[len(local) :]
    return item


def render(sections: dict[str, list[str]], omitted: int = 0) -> str:
    """The six sections as bullets; ``omitted`` opens Done as the trim's omission line."""
    out: list[str] = []
    for key in KEYS:
        if key not in SUBSECTIONS and out:
            out.append("")
        out.append(HEADING_LINES[key])
        items = [item for item in (i.strip() for i in sections.get(key, [])) if item]
        if key == "Done" and omitted:
            out.append(omission_line(omitted))
        if key == "Progress":
            out += [f"- {item}" for item in items]
            continue
        out += [f"- {item}" for item in items] or (
            [] if key == "Done" and omitted else ["- (none reported)"]
        )
    return "\n".join(out)
