"""Summarizer doubles that answer the way real models answer (issue 16).

Written from ``/work/shared/notes/real-providers.md``, not from the template the app asks for:
translated headings (Chinese), numbered, bold, ``Goal:`` lines, one level deeper, a terse
two-section answer, an answer fenced in ```` ```markdown ````, a ``<think>`` block before an
untagged summary, an ``<analysis>`` that itself names the ``<summary>`` tags, synonyms
(``Decisions``, ``Next actions``, ``Context``), plain prose. And the junk a weak local model
sends: a refusal, a continuation of the chat, an empty answer.

Each good double is an "update, don't rewrite" summarizer taken literally (like
``tests.kit.soak.FactKeeper``): it lists every ``FACT-…`` / ``#…`` marker of the previous
summary and of the transcript, in order, as Done items, and answers a condense request with
the summary unchanged, so whatever size discipline there is must be the engine's.
``FakeSummarizer`` is the plain one: it records requests and can fail or answer nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pi_desktop.context import Message
from tests.kit.messages import FakeResponse
from tests.kit.soak import true_tokens

MARKER = re.compile(r"FACT-\d+-[a-z]+|#[a-z]\d+[a-z]?\b")

_EN = {
    "goal": "## Goal",
    "constraints": "## Constraints & Preferences",
    "progress": "## Progress",
    "done": "### Done",
    "in_progress": "### In Progress",
    "blocked": "### Blocked",
    "decisions": "## Key Decisions",
    "next": "## Next Steps",
    "context": "## Critical Context",
}
_ZH = {
    "goal": "## 目标",
    "constraints": "## 约束与偏好",
    "progress": "## 进展",
    "done": "### 已完成",
    "in_progress": "### 进行中",
    "blocked": "### 受阻",
    "decisions": "## 关键决策",
    "next": "## 下一步",
    "context": "## 关键上下文",
}
_NUMBERED = {
    "goal": "## 1. Goal",
    "constraints": "## 2. Constraints & Preferences",
    "progress": "## 3. Progress",
    "done": "### 3.1 Done",
    "in_progress": "### 3.2 In Progress",
    "blocked": "### 3.3 Blocked",
    "decisions": "## 4. Key Decisions",
    "next": "## 5. Next Steps",
    "context": "## 6. Critical Context",
}
_BOLD = {k: f"**{v.lstrip('# ')}**" for k, v in _EN.items()}
_DEEPER = {k: "#" + v for k, v in _EN.items()}
_SYNONYMS = {
    "goal": "## Objective",
    "constraints": "## Constraints",
    "progress": "## Status",
    "done": "### Completed",
    "in_progress": "### Ongoing",
    "blocked": "### Blockers",
    "decisions": "## Decisions",
    "next": "## Next actions",
    "context": "## Context",
}
GOOD_STYLES = (
    "english",
    "chinese",
    "numbered",
    "bold",
    "colon",
    "listed_bold",
    "deeper",
    "terse",
    "fenced",
    "think",
    "unclosed_think",
    "analysis_tags",
    "synonyms",
    "prose",
)
JUNK_STYLES = ("refusal", "continuation", "chat_reply", "code", "empty")
REPAIR_START = "Your answer above is not a summary"


def _sectioned(h: dict[str, str], items: list[str], zh: bool = False) -> str:
    done = "\n".join(
        f"- {m}: {'用户说明了这一点' if zh else 'the user stated this'}" for m in items
    )
    text = {
        "goal": "- 记住用户说明的事实" if zh else "- Keep the facts the user stated.",
        "constraints": "- 先写测试" if zh else "- Tests first.",
        "in_progress": "- 继续对话" if zh else "- chatting",
        "blocked": "- 无" if zh else "- nothing",
        "decisions": "- 保持公共接口稳定" if zh else "- keep the public API stable",
        "next": "- 继续" if zh else "- go on",
        "context": "- 无特别说明" if zh else "- the parser lives in parse.py",
    }
    return "\n".join(
        [
            h["goal"], text["goal"], h["constraints"], text["constraints"], h["progress"],
            h["done"], done or "- (none)", h["in_progress"], text["in_progress"], h["blocked"],
            text["blocked"], h["decisions"], text["decisions"], h["next"], text["next"],
            h["context"], text["context"],
        ]
    )  # fmt: skip


def styled_summary(style: str, items: list[str]) -> str:
    """What a model answering in ``style`` sends for a summary listing ``items``."""
    english = _sectioned(_EN, items)
    if style == "english":
        return f"<analysis>draft</analysis>\n<summary>\n{english}\n</summary>"
    if style == "chinese":
        return _sectioned(_ZH, items, zh=True)
    if style == "numbered":
        return _sectioned(_NUMBERED, items)
    if style == "bold":
        return _sectioned(_BOLD, items)
    if style == "deeper":
        return _sectioned(_DEEPER, items)
    if style == "synonyms":
        return _sectioned(_SYNONYMS, items)
    if style == "colon":
        done = "\n".join(f"- {m}: the user stated this" for m in items)
        return (
            "Goal: keep the facts the user stated.\nConstraints: tests first.\n"
            f"Done:\n{done}\nIn progress: chatting\nDecisions: keep the public API stable\n"
            "Next steps: go on\nContext: the parser lives in parse.py"
        )
    if style == "listed_bold":  # one labelled bullet per section
        done = "\n".join(f"  - {m}: the user stated this" for m in items)
        return (
            "- **Goal**: keep the facts the user stated.\n- **Constraints**: tests first.\n"
            f"- **Done**:\n{done}\n- **In progress**: chatting\n"
            "- **Decisions**: keep the public API stable\n- **Next steps**: go on\n"
            "- **Context**: the parser lives in parse.py"
        )
    if style == "terse":
        done = "\n".join(f"- {m}" for m in items)
        return f"## Goal\n- Keep the facts.\n\n## Progress\n{done}"
    if style == "fenced":
        return f"```markdown\n{english}\n```"
    if style == "think":
        return (
            "<think>\nThe user wants a summary. I should use the six headings and put it in "
            f"<summary> tags… no, plain markdown is fine.\n</think>\n\n{english}"
        )
    if style == "unclosed_think":
        return f"<think>\nLet me go through the conversation first.\n\n{english}"
    if style == "analysis_tags":
        return (
            "<analysis>I will list every fact, then put the final answer in <summary> tags as "
            f"asked.</analysis>\n<summary>\n{english}\n</summary>"
        )
    if style == "prose":
        listed = ", ".join(items) or "nothing yet"
        return (
            f"The user stated these facts, which must be kept: {listed}.\n"
            "They want the public API to stay stable and the tests written first."
        )
    if style == "refusal":
        return "I'm sorry, but I can't help with summarizing this conversation."
    if style == "continuation":
        return "[User]: and what about the parser?\n[Assistant]: The parser reads tokens."
    if style == "chat_reply":
        return "Sure! Let me continue with the refactor: I'll split the parser next."
    if style == "code":
        return "```python\ndef parse(src):\n    return [line for line in src.splitlines()]\n```"
    if style == "empty":
        return "<think>nothing to say</think>"
    raise ValueError(f"unknown style {style!r}")


DRAFT_WORDS = ("<think>", "</think>", "<analysis>", "tags as asked", "Let me go through",
               "plain markdown is fine", "```")  # fmt: skip


def _prompt(messages: Sequence[Message]) -> str:
    users = [m.content for m in messages if m.role == "user"]
    if users and users[-1].startswith(REPAIR_START):
        return users[0]
    return users[-1] if users else ""


@dataclass
class StyledSummarizer:
    """Answers every summary request in ``style``; ``repairs``: junk first, then (asked to
    repair) a proper summary. ``window`` (tokens, the soak's "true" count) is enforced."""

    style: str
    window: int | None = None
    repairs: str | None = None  # the style of the answer to a repair request
    requests: list[list[Message]] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    condense_requests: int = 0

    @property
    def calls(self) -> int:
        return len(self.requests)

    async def chat(self, messages: Sequence[Message], tools: Any = None, on_delta: Any = None):
        self.requests.append(list(messages))
        size = true_tokens(messages, 1.1)
        self.sizes.append(size)
        if self.window is not None and size > self.window:
            raise ConnectionError(f"summarizer request of {size} tokens over the window")
        prompt = _prompt(messages)
        if prompt.startswith("Condense"):
            self.condense_requests += 1
            summary = prompt.split("\nSummary:\n", 1)[1]
            return FakeResponse(
                Message(role="assistant", content=f"<summary>\n{summary}\n</summary>")
            )
        style = self.style
        if self.repairs and messages[-1].content.startswith(REPAIR_START):
            style = self.repairs
        items = list(dict.fromkeys(MARKER.findall(prompt)))
        content = styled_summary(style, items)
        usage = {"prompt_tokens": size, "completion_tokens": len(content) // 4}
        return FakeResponse(Message(role="assistant", content=content), usage, f"styled-{style}")


def request_markers(request: Sequence[Message]) -> list[str]:
    return MARKER.findall(json.dumps([m.content for m in request], ensure_ascii=False))


@dataclass
class FakeSummarizer:
    """A real, small LLM stand-in: records every request and writes a six-section summary.

    ``fail`` raises, ``empty`` answers nothing; ``summary_chars`` pads the summary so tests
    can make it large. The summary names the ``turn N`` markers it saw, so tests can check
    what it was (and was not) sent.
    """

    fail: bool = False
    empty: bool = False
    summary_chars: int = 0
    requests: list[list[Message]] = field(default_factory=list)
    tools: list[Any] = field(default_factory=list)  # the ``tools`` argument of each request

    @property
    def calls(self) -> int:
        return len(self.requests)

    async def chat(
        self,
        messages: Sequence[Message],
        tools: Sequence[dict[str, Any]] | None = None,
        on_delta: Any = None,
    ) -> FakeResponse:
        self.requests.append(list(messages))
        self.tools.append(tools)
        if self.fail:
            raise ConnectionError("summarizer unavailable")
        if self.empty:
            return FakeResponse(Message(role="assistant", content="<analysis>hmm</analysis>"))
        prompt = messages[-1].content
        seen = sorted({w for w in prompt.split() if w.startswith("#")})[:20]
        body = (
            "## Goal\nKeep working.\n## Constraints & Preferences\n- none\n## Progress\n"
            f"### Done\n- saw {len(prompt)} chars {' '.join(seen)}\n### In Progress\n-\n"
            "### Blocked\n-\n## Key Decisions\n-\n## Next Steps\n-\n## Critical Context\n"
            + "x"
            * self.summary_chars
        )
        content = f"<analysis>draft that must be stripped</analysis>\n<summary>\n{body}\n</summary>"
        usage = {"prompt_tokens": len(prompt) // 4, "completion_tokens": len(body) // 4}
        return FakeResponse(Message(role="assistant", content=content), usage)
