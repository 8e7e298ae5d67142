"""The offline summarizer: a real, extractive summary in the six sections, no model needed.

It reads the summarization request the context engine sends (``Previous summary:`` and the
``Conversation:`` transcript of ``[User]: …`` / ``[Assistant tool call]: name(args)`` /
``[Tool result (name)]: …`` entries) and derives each section from it: the goal from the
user's requests, constraints from their "must/never/prefer" sentences, done items from tool
calls and answers, blocked items from failed calls, decisions from the assistant's "I'll…"
sentences. The previous summary is merged section by section (an update, not a rewrite), and
every section is bounded so the summary stays small however long the history grows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pi_desktop import safejson
from pi_desktop.context.summary import FOCUS_PREFIX, file_block, strip_file_blocks

SECTIONS = (
    "Goal",
    "Constraints & Preferences",
    "Done",
    "In Progress",
    "Blocked",
    "Key Decisions",
    "Next Steps",
    "Critical Context",
)
_LIMITS = {
    "Goal": 3,
    "Constraints & Preferences": 6,
    "Done": 10,
    "In Progress": 2,
    "Blocked": 5,
    "Key Decisions": 6,
    "Next Steps": 4,
    "Critical Context": 6,
}
_ITEM_CHARS = 160
_MIN_SUMMARY_CHARS = 1_200
_TRIMMABLE = ("Done", "Key Decisions", "Constraints & Preferences", "Critical Context", "Blocked")
_NONE = "(none)"

_LABEL = re.compile(
    r"^\[(?P<label>System|User|Assistant|Assistant tool call|Tool result(?: \((?P<tool>[^)]*)\))?)"
    r"\]: ?",
    re.M,
)
_CALL = re.compile(r"^(?P<name>[\w.\-]+)\((?P<args>.*)\)\s*$", re.S)
_SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+|\n+")
_CONSTRAINT = re.compile(
    r"\b(must|mustn't|should|shouldn't|don't|do not|never|always|prefer|please use|make sure|"
    r"only|without|avoid|keep)\b",
    re.I,
)
_DECISION = re.compile(
    r"\b(I will|I'll|I decided|decided|we will|we'll|let's|going to|instead|chose|plan to)\b",
    re.I,
)
_NEXT = re.compile(r"\b(next|then|todo|remaining|still need|follow[- ]up|afterwards)\b", re.I)
_BACKTICKS = re.compile(r"`([^`\n]{2,60})`")
_FILEISH = re.compile(r"(?<![\w/])((?:[\w.\-]+/)*[\w\-]+\.[A-Za-z][A-Za-z0-9]{0,9})(?![\w/])")
_HEADER_PREFIX = "[Context summary"
_PLAN_CHARS = 2_000
_SMALL_TALK = re.compile(
    r"^\s*(hi|hello|hey|thanks|thank you|ok|okay|yes|no|great|good)\b[\s!.,?]*\w{0,12}[\s!.?]*$",
    re.I,
)
_PER_RUN_NOTES = ("Summarized ", "Focus requested")  # about one compaction, not carried over


@dataclass(frozen=True)
class Entry:
    """One transcript entry: ``role`` is user/assistant/system/call/result."""

    role: str
    text: str
    tool: str = ""


def parse_request(prompt: str) -> tuple[str | None, str, str | None]:
    """(previous summary or None, conversation transcript, focus instructions or None)."""
    focus = None
    if FOCUS_PREFIX in prompt:
        prompt, focus = prompt.rsplit(FOCUS_PREFIX, 1)
        focus = focus.strip() or None
    previous, conversation = None, prompt
    if "Conversation:\n" in prompt:
        head, conversation = prompt.split("Conversation:\n", 1)
        if "Previous summary:\n" in head:
            previous = head.split("Previous summary:\n", 1)[1].strip()
    if previous in (None, "", "(none)"):
        previous = None
    return previous, conversation, focus


def parse_transcript(conversation: str) -> list[Entry]:
    """The transcript's entries, in order (text between one label and the next)."""
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


def parse_sections(summary: str | None) -> dict[str, list[str]]:
    """Bullet items per section of an earlier summary (file blocks are handled separately)."""
    sections: dict[str, list[str]] = {name: [] for name in SECTIONS}
    if not summary:
        return sections
    text = strip_file_blocks(summary)
    current: str | None = None
    for raw in text.splitlines():
        line = raw.strip()
        heading = re.match(r"^#{2,3}\s+(.*)$", line)
        if heading:
            name = heading.group(1).strip()
            current = name if name in sections else None
            continue
        if current and line and line != _NONE:
            item = line[2:].strip() if line.startswith(("- ", "* ")) else line
            if item and item != _NONE:
                sections[current].append(item)
    return sections


def _clip(text: str, limit: int = _ITEM_CHARS) -> str:
    one = " ".join(text.split())
    return one if len(one) <= limit else one[: limit - 1] + "…"


def _prose(text: str) -> str:
    """``text`` without code blocks and quoted lines: those quote data, they state nothing."""
    text = re.sub(r"```.*?(```|$)", " ", text, flags=re.S)
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(">"))


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_SPLIT.split(_prose(text)) if len(s.strip()) > 3]


def _merge(old: list[str], new: list[str], limit: int) -> list[str]:
    """Old items then new ones, duplicates dropped, newest ``limit`` kept."""
    merged: list[str] = []
    for item in [*old, *new]:
        if item and item not in merged:
            merged.append(item)
    return merged[-limit:]


def _call_parts(text: str) -> tuple[str, dict]:
    match = _CALL.match(text.strip())
    if not match:
        return text.strip()[:40] or "tool", {}
    try:
        args = safejson.loads(match.group("args"))
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
    return verbs.get(name, f"Called `{name}`")


def summarize_request(prompt: str) -> str:
    """The full summarizer reply: a short ``<analysis>`` and the ``<summary>``."""
    previous, conversation, focus = parse_request(prompt)
    entries = parse_transcript(conversation)
    prev = parse_sections(previous)
    users = [e.text for e in entries if e.role == "user" and not e.text.startswith(_HEADER_PREFIX)]
    new: dict[str, list[str]] = {name: [] for name in SECTIONS}

    # Goal: the first request sets it; the latest request is tracked separately.
    goal = list(prev["Goal"])
    if users:
        if not goal:
            substantive = [u for u in users if not _SMALL_TALK.match(u)]
            goal = [_clip((substantive or users)[0])]
        latest = f"Latest request: {_clip(users[-1])}"
        goal = [g for g in goal if not g.startswith("Latest request:")]
        if _clip(users[-1]) not in goal:
            goal.append(latest)
    for text in users:
        new["Constraints & Preferences"] += [
            _clip(s) for s in _sentences(text) if _CONSTRAINT.search(s)
        ]

    read, modified = (
        set(file_block(previous, "read-files")),
        set(file_block(previous, "modified-files")),
    )
    pending_call: tuple[str, dict] | None = None
    last_user_index = max((i for i, e in enumerate(entries) if e.role == "user"), default=-1)
    answered_after_last_user = False
    last_assistant = ""
    for index, entry in enumerate(entries):
        if entry.role == "call":
            name, args = _call_parts(entry.text)
            pending_call = (name, args)
            new["Done"].append(_clip(describe_call(name, args)))
            path = args.get("path")
            if isinstance(path, str) and path:
                if name in ("write_file", "edit_file"):
                    modified.add(path)
                elif name == "read_file":
                    read.add(path)
        elif entry.role == "result":
            failed = entry.text.startswith(("Error", "error:")) or "denied" in entry.text[:80]
            if failed:
                name, args = pending_call or (entry.tool or "tool", {})
                what = describe_call(name, args)
                if new["Done"] and new["Done"][-1] == _clip(what):
                    new["Done"].pop()
                first_line = entry.text.splitlines()[0] if entry.text else "failed"
                new["Blocked"].append(_clip(f"{what} failed: {first_line}"))
        elif entry.role == "assistant" and entry.text:
            last_assistant = entry.text
            sentences = _sentences(entry.text.replace("**", ""))
            preface = index + 1 < len(entries) and entries[index + 1].role == "call"
            if sentences and not preface:
                new["Done"].append(_clip(f"Answered: {sentences[0]}"))
            if len(entry.text) <= _PLAN_CHARS:  # a long essay states no decisions or plans
                new["Key Decisions"] += [_clip(s) for s in sentences if _DECISION.search(s)]
            if index > last_user_index:
                answered_after_last_user = True

    in_progress: list[str] = []
    plan = last_assistant if len(last_assistant) <= _PLAN_CHARS else ""
    next_steps = [_clip(s) for s in _sentences(plan.replace("**", "")) if _NEXT.search(s)]
    if users and not answered_after_last_user:
        in_progress.append(_clip(users[-1]))
        next_steps.insert(0, _clip(f"Answer the pending request: {users[-1]}"))
    if not next_steps:
        next_steps = prev["Next Steps"] or ["Wait for the user's next request."]

    critical: list[str] = []
    mentioned = sorted({m for text in users for m in _FILEISH.findall(text)})
    if mentioned:
        critical.append(_clip("Files mentioned: " + ", ".join(f"`{m}`" for m in mentioned[:12])))
    names = sorted({m for text in users for m in _BACKTICKS.findall(text)})
    if names:
        critical.append(_clip("Named in the conversation: " + ", ".join(f"`{n}`" for n in names)))
    if focus:
        critical.append(_clip(f"Focus requested for this summary: {focus}"))
    counts = {r: sum(e.role == r for e in entries) for r in ("user", "assistant", "call")}
    critical.append(
        f"Summarized {len(entries)} transcript entries ({counts['user']} user, "
        f"{counts['assistant']} assistant, {counts['call']} tool calls)."
    )

    final = {
        "Goal": goal[-_LIMITS["Goal"] :] if goal else ["(no user request in the transcript)"],
        "Constraints & Preferences": _merge(
            prev["Constraints & Preferences"], new["Constraints & Preferences"], 6
        ),
        "Done": _merge(prev["Done"], new["Done"], _LIMITS["Done"]),
        "In Progress": in_progress[: _LIMITS["In Progress"]],
        "Blocked": _merge(prev["Blocked"], new["Blocked"], _LIMITS["Blocked"]),
        "Key Decisions": _merge(prev["Key Decisions"], new["Key Decisions"], 6),
        "Next Steps": next_steps[: _LIMITS["Next Steps"]],
        "Critical Context": _merge(
            [c for c in prev["Critical Context"] if not c.startswith(_PER_RUN_NOTES)],
            critical,
            _LIMITS["Critical Context"],
        ),
    }
    limit = max(_MIN_SUMMARY_CHARS, (len(conversation) + len(previous or "")) // 2)
    _shrink(final, limit)
    return _render(final, sorted(read - modified), sorted(modified), len(entries), previous)


def _size(sections: dict[str, list[str]]) -> int:
    return sum(len(item) + 3 for items in sections.values() for item in items)


def _shrink(sections: dict[str, list[str]], limit: int) -> None:
    """Drop the oldest items of the longest trimmable section until the sections fit ``limit``
    chars: a summary must be smaller than what it replaces, or compaction cannot converge."""
    while _size(sections) > limit:
        candidates = [name for name in _TRIMMABLE if len(sections[name]) > 1]
        if not candidates:
            return
        longest = max(candidates, key=lambda name: sum(len(i) for i in sections[name]))
        sections[longest].pop(0)


def _bullets(items: list[str]) -> str:
    return "\n".join(f"- {item}" for item in items) if items else f"- {_NONE}"


def _render(
    sections: dict[str, list[str]],
    read: list[str],
    modified: list[str],
    entry_count: int,
    previous: str | None,
) -> str:
    analysis = (
        f"<analysis>Offline extractive summary of {entry_count} transcript entries; "
        f"previous summary {'merged' if previous else 'absent'}.</analysis>"
    )
    body = [
        "## Goal",
        _bullets(sections["Goal"]),
        "",
        "## Constraints & Preferences",
        _bullets(sections["Constraints & Preferences"]),
        "",
        "## Progress",
        "### Done",
        _bullets(sections["Done"]),
        "### In Progress",
        _bullets(sections["In Progress"]),
        "### Blocked",
        _bullets(sections["Blocked"]),
        "",
        "## Key Decisions",
        _bullets(sections["Key Decisions"]),
        "",
        "## Next Steps",
        _bullets(sections["Next Steps"]),
        "",
        "## Critical Context",
        _bullets(sections["Critical Context"]),
    ]
    if read:
        body += ["", "<read-files>", *read, "</read-files>"]
    if modified:
        body += ["", "<modified-files>", *modified, "</modified-files>"]
    return analysis + "\n\n<summary>\n" + "\n".join(body) + "\n</summary>"
