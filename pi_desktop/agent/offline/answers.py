"""What the offline provider says: who it is, what it can do, long texts, tool reports.

It never pretends to be a model: every answer either says it is the offline demo or reports
plainly what a tool returned. Everything is a pure function of its input (deterministic).
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
    ("find_files", "**find *.py** or **find all python files**"),
    ("write_file", '**write "hello" to notes.txt** (asks for your approval first)'),
    ("edit_file", "**replace \"old\" with \"new\" in notes.txt** (asks for approval)"),
    ("run_command", "**run `ls -la`** (only when commands are enabled)"),
    (None, "**write a long story** / **explain in detail** — a long text that fills the "
     "token budget quickly, so you can watch compaction happen"),
)  # fmt: skip
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


def wants_long_answer(text: str) -> bool:
    return bool(_LONG.search(text))


def help_answer(user_text: str, tool_names: Sequence[str], unavailable: Sequence[str] = ()) -> str:
    """The honest default reply: who I am, what you said, what I can do here."""
    parts = []
    if _GREETING.search(user_text):
        parts.append("Hello!")
    parts.append(INTRO)
    if user_text.strip():
        parts.append(f"You wrote: “{_quote(user_text)}”. I can't reason about free-form "
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


def long_answer(user_text: str, default_chars: int = 6_000) -> str:
    """A deterministic long text (honestly labelled) for filling a small budget in a demo."""
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


@dataclass(frozen=True)
class ToolResult:
    """A tool call and the result that came back for it (as the transcript shows them)."""

    name: str
    arguments: dict[str, Any]
    content: str
    is_error: bool


_NOTE = re.compile(r"\n\[(lines \d+-\d+ of \d+[^\]]*|output truncated[^\]]*)\]\s*$")


def _report_read(result: ToolResult) -> str:
    path = result.arguments.get("path", "the file")
    note = _NOTE.search(result.content)
    text = result.content[: note.start()] if note else result.content
    lines = text.splitlines()
    nonempty = [line.strip() for line in lines if line.strip()]
    parts = [f"**Read `{path}`** — {len(lines)} lines, {len(text):,} characters."]
    headings = [line.lstrip("#").strip() for line in nonempty if line.startswith("#")]
    if headings:
        parts.append("Headings: " + "; ".join(_quote(h, 60) for h in headings[:8]) + ".")
    if nonempty:
        excerpt = "\n".join(f"> {_quote(line, 120)}" for line in nonempty[:4])
        parts.append("It begins:\n" + excerpt)
    if note:
        parts.append(f"({note.group(1)})")
    return "\n".join(parts)


def _report_list(result: ToolResult) -> str:
    lines = result.content.splitlines()
    header, entries = (lines[0], lines[1:]) if len(lines) > 1 else (result.content, [])
    folders = [e for e in entries if e.endswith("/")]
    files = [e.split("  (", 1)[0] for e in entries if not e.endswith("/")]
    folder, _, count = header.partition(": ")  # list_dir's header: "<folder>: N entries"
    if count:
        where = "The workspace folder" if folder == "." else f"Folder `{_quote(folder, 80)}`"
        parts = [f"**{where}** holds {count}."]
    else:
        parts = [f"**{_quote(header, 80)}**"]
    if folders:
        parts.append("Folders: " + ", ".join(f"`{f}`" for f in folders[:15]))
    if files:
        parts.append("Files: " + ", ".join(f"`{f}`" for f in files[:20]))
    if len(folders) > 15 or len(files) > 20:
        parts.append("(and more)")
    return "\n".join(parts)


def _report_listing(result: ToolResult, shown: int) -> str:
    lines = result.content.splitlines()
    head, rest = lines[0], lines[1:]
    if not rest:
        return f"**{head}**"
    block = "\n".join(rest[:shown])
    more = f"\n…and {len(rest) - shown} more." if len(rest) > shown else ""
    return f"**{head}**\n```\n{block}\n```{more}"


def offload_note(path: str, original_chars: int, preview_chars: int, saved_tail: str = "") -> str:
    """What the chat says about a result L3 saved to a file, with sizes that are true: the
    saved copy's, and — when the tool capped its output (the note ending ``saved_tail``) —
    how much of what the tool read it holds ("the first 100,000 of 204,825 characters")."""
    cap = parse_cap_note(saved_tail)
    lines = parse_lines_note(saved_tail)
    name = Path(path).name
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


def report_tool_results(
    results: Sequence[ToolResult], saved_tail: Callable[[str], str] | None = None
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
            note = offload_note(path, original_chars, len(preview), tail)
            result = ToolResult(result.name, result.arguments, preview, result.is_error)
        if result.is_error or result.content.startswith("Error"):
            sections.append(f"**{result.name} failed:** {_quote(result.content, 300)}")
        elif result.name == "read_file":
            sections.append(_report_read(result))
        elif result.name == "list_dir":
            sections.append(_report_list(result))
        elif result.name == "grep":
            sections.append(_report_listing(result, 8))
        elif result.name == "find_files":
            sections.append(_report_listing(result, 15))
        elif result.name == "run_command":
            sections.append(f"**Command output:**\n```\n{_quote_block(result.content)}\n```")
        elif result.name in ("write_file", "edit_file"):
            sections.append(f"**Done:** {result.content}")
        else:
            sections.append(f"**{result.name}** returned {len(result.content):,} characters.")
        if note:
            sections[-1] = note + sections[-1]
    sections.append(
        "_That is what the tools returned; I'm the offline demo, so I only report it — "
        "ask me to read, search or list something else._"
    )
    return "\n\n".join(sections)


def _quote_block(text: str, limit: int = 3_000) -> str:
    return text if len(text) <= limit else text[:limit] + "\n…"
