"""Branch summaries: a short note of what an abandoned branch did, made when the user rewinds.

The abandoned part is the old path's messages past the point where it meets the new one. It is
sent to the summarizer with a short prompt (tools=[]; the summarization system prompt, so the
offline provider's summarizer answers it too), and the reply is condensed to a few lines: the
note is context ("explored on another branch: …"), not a second summary.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pi_desktop.context import SUMMARIZATION_SYSTEM_PROMPT, Message, extract_summary
from pi_desktop.context.summary import serialize_message

MAX_NOTE_CHARS = 700  # the note's size in the view (a few lines)
MAX_TRANSCRIPT_CHARS = 24_000  # what the summarizer reads of a long branch (its newest part)
NOTE_PREFIX = "Explored on another branch: "
BRANCH_PROMPT = (
    "The user abandoned the branch of the conversation below and went back to an earlier "
    "point. In at most 5 short bullet points (under 80 words in all), say what this branch "
    "tried, found, changed (files) and decided, so the conversation can avoid repeating it. "
    "Output only the bullets inside <summary></summary>.\n\nConversation:\n"
)
_KEEP_SECTIONS = ("Goal", "Done", "Blocked", "Key Decisions", "Critical Context")
_HEADING = re.compile(r"^#{2,3}\s+(.*)$")


def abandoned_messages(session: Any, old_leaf: str | None, target: str) -> list[Any]:
    """Message entries of the old path that the new path (root → ``target``) leaves behind."""
    if old_leaf is None:
        return []
    old = session.path_to(old_leaf)
    kept = {entry.id for entry in session.path_to(target)}
    return [entry for entry in old if entry.id not in kept]


def worth_summarizing(entries: Sequence[Any]) -> bool:
    """Only a branch with an answered turn of its own: a user message with a reply after it.

    Rewinding to a question to get another answer leaves just that answer behind, and
    feeding it back would defeat the retry; an edit or a rewind that leaves only a question
    nobody answered leaves nothing explored (the question is being replaced)."""
    asked = False
    for entry in entries:
        role = getattr(entry, "role", None)
        if role == "user":
            asked = True
        elif asked and role == "assistant":
            return True
    return False


def transcript(messages: Sequence[Message]) -> str:
    text = "\n\n".join(serialize_message(m, tool_result_chars=600) for m in messages)
    return text[-MAX_TRANSCRIPT_CHARS:]


def condense(reply: str) -> str:
    """The note from a summarizer reply: bullets, a six-section summary's main items, capped."""
    body = extract_summary(reply) or reply
    lines = [line.strip() for line in body.splitlines()]
    if any(_HEADING.match(line) for line in lines):  # a full summary: keep what matters
        picked, section = [], None
        for line in lines:
            heading = _HEADING.match(line)
            if heading:
                section = heading.group(1).strip()
                continue
            if section in _KEEP_SECTIONS and line.startswith(("- ", "* ")):
                item = line[2:].strip()
                if item and item not in ("(none)", "-") and not item.startswith("Summarized "):
                    picked.append(f"- {item}")
        lines = picked
    bullets = [line for line in lines if line and not line.startswith("<")]
    note = "\n".join(dict.fromkeys(bullets))
    if len(note) > MAX_NOTE_CHARS:
        note = note[: MAX_NOTE_CHARS - 1].rstrip() + "…"
    return note.strip()


async def summarize_branch(llm: Any, messages: Sequence[Message]) -> tuple[str, str | None]:
    """(note, model) for the abandoned ``messages``; raises whatever the provider raises."""
    request = [
        Message(role="system", content=SUMMARIZATION_SYSTEM_PROMPT),
        Message(role="user", content=BRANCH_PROMPT + transcript(messages)),
    ]
    response = await llm.chat(request, tools=[])
    return condense(response.message.content or ""), getattr(response, "model", None)


def context_note(summary: str) -> str:
    """How one branch summary reads in the view."""
    return NOTE_PREFIX + summary
