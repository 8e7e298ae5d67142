"""Random conversations (hypothesis) and long replays, built from ``tests.kit.messages``.

Conversations follow the OpenAI protocol the app produces: ``[system]`` then turns of
``user`` → (``assistant(tool_calls)`` → one ``tool`` result per call)* → ``assistant``.
Content mixes ASCII, CJK and emoji at random sizes, including tool results large enough to
be offloaded. Import from other test packages: ``from tests.kit.strategies import ...``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from pi_desktop.context import Message
from tests.kit.messages import assistant, tool_call, tool_result, user

WORDS = [
    "refactor",
    "the",
    "parser",
    "上下文",
    "压缩",
    "摘要",
    "🚀",
    "✅",
    "def f(x):",
    "return",
    "{json}",
    "naïve",
    "Привет",
    "\n",
    '"quoted"',
]

TOOL_NAMES = ["read_file", "write_file", "edit_file", "bash", "search"]


@st.composite
def texts(draw: st.DrawFn, max_repeat: int = 60) -> str:
    """Mixed-script text; ``max_repeat`` scales the size (a few chars to tens of thousands)."""
    words = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8))
    repeat = draw(st.integers(min_value=1, max_value=max_repeat))
    return " ".join(words * repeat)


@st.composite
def tool_results(draw: st.DrawFn) -> str:
    """Mostly small results, sometimes one large enough for L3 (over 20,000 chars)."""
    if draw(st.integers(0, 9)) == 0:
        return draw(texts(max_repeat=8)) * 600
    return draw(texts(max_repeat=40))


@st.composite
def turns(draw: st.DrawFn, turn_no: int, max_steps: int = 3, max_fanout: int = 4) -> list[Message]:
    """One user turn with random tool-call fan-out (parallel calls included)."""
    out = [user(f"turn {turn_no}: " + draw(texts()))]
    for step in range(draw(st.integers(0, max_steps))):
        calls = []
        for j in range(draw(st.integers(1, max_fanout))):
            name = draw(st.sampled_from(TOOL_NAMES))
            path = f"src/{draw(st.sampled_from(['a', 'b', 'c', 'd']))}.py"
            calls.append(tool_call(f"call_{turn_no}_{step}_{j}", name, {"path": path}))
        out.append(assistant(draw(st.sampled_from(["", "let me check"])), calls))
        for call in calls:
            out.append(tool_result(call["id"], call["function"]["name"], draw(tool_results())))
    out.append(assistant(f"answer {turn_no}: " + draw(texts())))
    return out


@st.composite
def conversations(
    draw: st.DrawFn, min_turns: int = 1, max_turns: int = 12, system: bool | None = True
) -> list[Message]:
    """``[system] + turns``; ``system=None`` lets hypothesis decide whether there is one."""
    has_system = draw(st.booleans()) if system is None else system
    messages = [Message(role="system", content="You are a careful agent.")] if has_system else []
    for k in range(draw(st.integers(min_turns, max_turns))):
        messages += draw(turns(k))
    return messages


def assert_pairs_intact(view: Sequence[Message], *, ordered: bool = False) -> None:
    """Invariant 1: each call is followed by exactly its results, each result by its call.

    ``ordered``: the results also come in the order of the calls (how the agent stores them).
    """
    i = 0
    while i < len(view):
        message = view[i]
        assert message.role != "tool", f"tool result at {i} without its assistant call"
        ids = [c["id"] for c in message.tool_calls]
        i += 1
        results = []
        while i < len(view) and view[i].role == "tool":
            results.append(view[i].tool_call_id)
            i += 1
        if not ordered:
            ids, results = sorted(ids), sorted(results)
        assert results == ids, f"call/result mismatch before {i}: {ids} vs {results}"


def snapshot(messages: Sequence[Message]) -> list[dict[str, Any]]:
    """A deep, comparable copy to prove the input was not mutated."""
    return json.loads(json.dumps([m.model_dump() for m in messages], default=str))


EN = "Please refactor the parser so errors carry line numbers; keep the public API stable. "
ZH = "请重构解析器，让错误信息带上行号；保持公共接口稳定。上下文管理是核心功能。"
CODE = "def parse(src: str) -> Node:\n    for i, line in enumerate(src.splitlines()):\n"


def random_turn(rng: Any, k: int, scale: float = 1.0) -> list[Message]:
    """One agent turn for long replays (``rng`` is a ``random.Random``): mixed scripts,
    0–3 tool rounds with 1–3 parallel calls, results from a line to an L3-sized dump."""

    def text(n: int) -> str:
        base = rng.choice([EN, ZH, CODE, EN + "🚀 "])
        return (base * (n // len(base) + 1))[:n]

    out = [user(f"#t{k}u " + text(int(rng.randint(20, 1500) * scale)))]
    for step in range(rng.choice([0, 0, 1, 1, 2, 3])):
        calls = [
            tool_call(
                f"call_{k}_{step}_{j}",
                rng.choice(TOOL_NAMES),
                {"path": f"src/{rng.choice('abcdef')}.py"},
            )
            for j in range(rng.randint(1, 3))
        ]
        out.append(assistant(text(rng.randint(0, 200)), calls))
        for call in calls:
            size = 30_000 if rng.random() < 0.03 else rng.randint(50, 6000)
            out.append(tool_result(call["id"], call["function"]["name"], text(int(size * scale))))
    out.append(assistant(f"#t{k}a " + text(int(rng.randint(50, 3000) * scale))))
    return out
