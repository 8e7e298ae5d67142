"""Answering "recall from this conversation" questions by quoting the view, nothing else.

The fidelity probe asks what survived compaction. The offline provider cannot reason, but it
can quote: it returns the lines of the messages it was sent that share the most words with the
question. So its probe scores measure exactly what the view (summary + kept tail) still holds.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pi_desktop import safejson
from pi_desktop.context import Message

RECALL_PREFIX = "Recall from this conversation:"
MAX_LINES = 6
_LINE_CHARS = 240
_WORD = re.compile(r"[A-Za-z]{4,}")  # "read-files" counts as "read" and "files"
_STOP = frozenset(
    {
        "what", "which", "where", "when", "were", "with", "from", "this", "that", "have",
        "your", "about", "tell", "them", "they", "there", "their", "these", "those", "been",
        "does", "answer", "conversation", "recall", "only", "tools", "using", "please",
    }
)  # fmt: skip
# a tool call in the words a question about it would use
_CALL_WORDS = {
    "read_file": "read file",
    "write_file": "modified file",
    "edit_file": "modified file",
}
_FILE_BLOCK = re.compile(r"<(read-files|modified-files)>\n(.*?)\n?</\1>", re.S)


def is_recall_question(text: str) -> bool:
    return text.lstrip().lower().startswith(RECALL_PREFIX.lower())


def _stems(text: str) -> set[str]:
    """Lower-case word stems (first four letters), so "modify" meets "modified"."""
    return {w.lower()[:4] for w in _WORD.findall(text) if w.lower() not in _STOP}


def _lines(message: Message) -> list[str]:
    text = _FILE_BLOCK.sub(
        lambda m: f"{m.group(1)}: " + ", ".join(m.group(2).split()), message.content
    )
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    for call in message.tool_calls or []:
        function = call.get("function") or {}
        name = str(function.get("name") or "tool")
        args = function.get("arguments") or ""
        try:
            path = safejson.loads(args).get("path", "") if isinstance(args, str) else ""
        except (ValueError, AttributeError):
            path = ""
        what = _CALL_WORDS.get(name)
        lines.append(f"{what} {path} ({name})" if what and path else f"{name}({args})")
    return lines


def recall_answer(messages: Sequence[Message], question: str) -> str:
    """The view's lines that best match ``question`` (in view order), or a plain "not found"."""
    wanted = _stems(question.split(":", 1)[1] if ":" in question else question)
    scored: list[tuple[int, int, str]] = []  # (hits, order, line)
    order = 0
    seen: set[str] = set()
    last_user = max((i for i, m in enumerate(messages) if m.role == "user"), default=-1)
    for index, message in enumerate(messages):
        if message.role == "system" or index == last_user:
            continue
        for line in _lines(message):
            order += 1
            hits = len(wanted & _stems(line))
            if hits and line not in seen:
                seen.add(line)
                scored.append((hits, order, line))
    if not scored:
        return "Offline demo: nothing in my context matches that question."
    # most matching words first; among equals the shortest (densest) line, then the newest
    best = sorted(scored, key=lambda item: (-item[0], len(item[2]), -item[1]))[:MAX_LINES]
    quoted = [
        "> " + (line if len(line) <= _LINE_CHARS else line[: _LINE_CHARS - 1] + "…")
        for _, _, line in sorted(best, key=lambda item: item[1])
    ]
    return "Offline demo: the lines of my context that match your question:\n\n" + "\n".join(quoted)
