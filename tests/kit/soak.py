"""A long session driven straight through ``ContextManager`` with strict doubles.

Shared by the soak tests and ``bench/context_bench.py`` (d). The doubles are deliberately
hostile in the ways issue 8 describes:

- :class:`WindowModel` enforces its window: a request whose "true" size (the estimate's
  script-aware figure times ``truth``, so the engine's first guess is too low) exceeds the
  budget raises, as a provider's "context too long" would;
- :class:`FactKeeper` never shortens: it keeps every line of the previous summary and adds one
  Done item per fact it is shown (an "update, don't rewrite" summarizer taken literally), and
  answers a condense request with the summary unchanged; it enforces the same window.

Facts are ``FACT-<turn>-<word>`` markers planted in user messages. A fact is *accounted for*
when it is in the view verbatim, or in the current summary, or among the oldest facts the
deterministic trim left out — and the summary states exactly how many items were left out.
"Dropped unsummarized" is everything else: a fact that left the view and is in no summary
and in no stated omission.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pi_desktop.context import ContextManager, Message, TurnTooLarge
from pi_desktop.context.ratio import script_ratio, weighted_tokens
from pi_desktop.context.summary_trim import omitted_count
from tests.kit.messages import FakeResponse, assistant, tool_call, tool_result, user

FACT = re.compile(r"FACT-\d+-[a-z]+")
SYSTEM = Message(role="system", content="You are a careful agent. Keep answers short.")
FILLER = (
    "We discussed the parser, the retry policy and how errors should carry line numbers. "
    "Keep the public API stable and write the tests first. "
)


class WindowExceeded(Exception):
    """The request is larger than the model's window (``tokens``: its real size, as a
    provider's "resulted in N tokens" states it)."""

    def __init__(self, message: str, tokens: int = 0) -> None:
        super().__init__(message)
        self.tokens = tokens


def true_tokens(messages: Sequence[Message], truth: float) -> int:
    """The double's own count: the script-aware figure of the serialised request, scaled."""
    text = json.dumps([m.model_dump() for m in messages], ensure_ascii=False, default=str)
    return int(len(text) * script_ratio(weighted_tokens(text), len(text)) * truth) + 1


def o200k_tokens(messages: Sequence[Message], truth: float = 1.0) -> int:
    """The request's size counted with a real tokenizer (``tokenizer_model``), scaled."""
    from tests.kit.tokenizer_model import request_tokens

    return int(request_tokens(messages) * truth) + 1


COUNTERS = {"script": true_tokens, "o200k": o200k_tokens}


@dataclass
class WindowModel:
    """The chat model: checks each request against ``budget`` and reports usage."""

    budget: int
    truth: float = 1.1
    sizes: list[int] = field(default_factory=list)
    counter: Any = true_tokens

    async def chat(self, messages: Sequence[Message], tools: Any = None, on_delta: Any = None):
        size = self.counter(messages, self.truth)
        self.sizes.append(size)
        if size > self.budget:
            raise WindowExceeded(f"request of {size} tokens over the {self.budget} window", size)
        return FakeResponse(Message(role="assistant", content="ok"), {"prompt_tokens": size})


@dataclass
class FactKeeper:
    """The never-shortening summarizer (see the module docstring)."""

    budget: int
    truth: float = 1.1
    requests: list[list[Message]] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    condense_requests: int = 0
    counter: Any = true_tokens

    @property
    def calls(self) -> int:
        return len(self.requests)

    async def chat(self, messages: Sequence[Message], tools: Any = None, on_delta: Any = None):
        self.requests.append(list(messages))
        size = self.counter(messages, self.truth)
        self.sizes.append(size)
        if size > self.budget:
            raise WindowExceeded(f"summarizer request of {size} tokens over the window")
        prompt = messages[-1].content
        if prompt.startswith("Condense"):
            self.condense_requests += 1
            body = prompt.split("\nSummary:\n", 1)[1]  # unchanged: it never shortens
        else:
            previous, conversation = prompt.split("Previous summary:\n", 1)[1].split(
                "\n\nConversation:\n", 1
            )
            known = set(FACT.findall(previous))
            new = [f for f in dict.fromkeys(FACT.findall(conversation)) if f not in known]
            body = self._update(previous if previous != "(none)" else "", new)
        return FakeResponse(
            Message(role="assistant", content=f"<summary>\n{body}\n</summary>"),
            {"prompt_tokens": size, "completion_tokens": len(body) // 4},
            "fact-keeper",
        )

    @staticmethod
    def _update(previous: str, facts: list[str]) -> str:
        items = "".join(f"\n- {f}: the user stated this fact" for f in facts)
        if not previous:
            return (
                "## Goal\n- Keep the facts.\n## Constraints & Preferences\n- Tests first.\n"
                f"## Progress\n### Done{items}\n### In Progress\n- chatting\n### Blocked\n"
                "- nothing\n## Key Decisions\n- keep the API\n## Next Steps\n- go on\n"
                "## Critical Context\n- none"
            )
        return previous.replace("\n### In Progress", f"{items}\n### In Progress", 1)


REFUSAL = "I'm sorry, but I can't help with summarizing this conversation."


@dataclass
class JunkSummarizer(FactKeeper):
    """A summarizer that always refuses (as a weak or over-cautious model does); it enforces
    the same window, so a summarizer request over it still fails as an overflow."""

    async def chat(self, messages: Sequence[Message], tools: Any = None, on_delta: Any = None):
        self.requests.append(list(messages))
        size = self.counter(messages, self.truth)
        self.sizes.append(size)
        if size > self.budget:
            raise WindowExceeded(f"summarizer request of {size} tokens over the window")
        return FakeResponse(Message(role="assistant", content=REFUSAL), {"prompt_tokens": size})


@dataclass
class ChineseKeeper(FactKeeper):
    """The never-shortening summarizer writing its headings in Chinese, as real models do for
    a Chinese conversation (``## 目标``, ``### 已完成`` …; see notes/real-providers.md)."""

    @staticmethod
    def _update(previous: str, facts: list[str]) -> str:
        items = "".join(f"\n- {f}: 用户说明了这个事实" for f in facts)
        if not previous:
            return (
                "## 目标\n- 记住这些事实。\n## 约束与偏好\n- 先写测试。\n"
                f"## 进展\n### 已完成{items}\n### 进行中\n- 对话中\n### 受阻\n- 无\n"
                "## 关键决策\n- 保持接口稳定\n## 下一步\n- 继续\n## 关键上下文\n- 无"
            )
        for heading in ("\n### 进行中", "\n### In Progress"):  # its own, or as normalised
            if heading in previous:
                return previous.replace(heading, f"{items}{heading}", 1)
        return previous + items


SUMMARIZERS = {"keeper": FactKeeper, "zh": ChineseKeeper, "junk": JunkSummarizer}


@dataclass
class SoakFigures:
    """What one soak run measured (the test asserts on them, the bench prints them)."""

    turns: int = 0
    failed_turns: int = 0
    failures: list[str] = field(default_factory=list)
    refused: list[TurnTooLarge] = field(default_factory=list)
    summarizer_calls: int = 0
    condense_requests: int = 0
    compactions: int = 0
    turns_without_calls: int = 0
    max_summary_tokens: int = 0
    max_summary_ratio: float = 0.0  # summary tokens / its allowance, worst compaction
    max_request: int = 0  # largest request (chat or summarizer), "true" tokens
    budget: int = 0
    facts: int = 0
    visible_at_end: int = 0  # in the view verbatim or in the summary
    omitted_stated: int = 0
    dropped_unsummarized: int = 0  # the worst turn (must be 0)
    max_parallel_calls: int = 0
    restarted: bool = False
    chat_requests: int = 0
    prefix_extends: int = 0  # chat requests that start with the previous request unchanged
    # chat requests that break the previous one's prefix with no compaction in their prepare
    # (a free layer rewrote what was sent: L3 flipping, L2 moving, L1's boundary moving)
    breaks_without_compaction: int = 0
    max_chat_request: int = 0
    overflows: int = 0  # requests (chat or summarizer) the model refused as over its window
    rungs: dict[str, int] = field(default_factory=dict)  # compactions per rung (issue 16)
    summary_failures: list[str] = field(default_factory=list)  # reports' summary_failed

    @property
    def prefix_share(self) -> float:
        """Share of chat requests (after the first) that extend the previous one."""
        return self.prefix_extends / max(self.chat_requests - 1, 1)

    @property
    def calls_per_100_turns(self) -> float:
        return 100 * self.summarizer_calls / max(self.turns, 1)

    @property
    def zero_api_share(self) -> float:
        return self.turns_without_calls / max(self.turns, 1)


def _text(rng: random.Random, lo: int, hi: int) -> str:
    n = rng.randint(lo, hi)
    return (FILLER * (n // len(FILLER) + 1))[:n]


def _word(rng: random.Random) -> str:
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(6))


def _turn_steps(rng: random.Random, k: int, tools: bool) -> list[list[Message]]:
    """The model's steps of turn ``k`` after the user message: tool rounds, then an answer."""
    steps: list[list[Message]] = []
    if tools and k % 10 == 3:  # a tool step with 8-10 parallel calls
        n = rng.randint(8, 10)
        calls = [
            tool_call(f"c{k}_{j}", "read_file", {"path": f"src/pkg{k}/mod{j}.py"}) for j in range(n)
        ]
        results = [tool_result(c["id"], "read_file", _text(rng, 200, 2500)) for c in calls]
        steps.append([assistant("reading the modules", calls), *results])
    if tools and k % 7 == 5:
        call = tool_call(f"w{k}", "edit_file", {"path": f"src/pkg{k}/mod0.py"})
        steps.append([assistant("", [call]), tool_result(f"w{k}", "edit_file", "ok")])
    steps.append([assistant(f"answer {k}: " + _text(rng, 80, 1500))])
    return steps


def _account(mgr: ContextManager, view: Sequence[Message], planted: list[str]) -> tuple[int, int]:
    """(facts visible in view or summary, facts dropped unsummarized) — see the docstring."""
    seen = set(FACT.findall("\n".join(m.content for m in view)))
    seen |= set(FACT.findall(mgr.summary or ""))
    missing = [f for f in planted if f not in seen]
    stated = omitted_count(mgr.summary or "")
    # the trim leaves out the oldest items first: the missing ones must be exactly the
    # oldest facts, as many as the summary states; anything else was dropped unsummarized.
    # (The goal is trimmed last: an extractive summary keeps the first request as its goal,
    # so the facts it names do not count as "older facts kept".)
    kept_goal = set(FACT.findall(first_goal_item(mgr.summary or "")))
    oldest = [f for f in planted if f not in kept_goal]
    trimmed = missing[:stated] if missing[:stated] == oldest[: len(missing[:stated])] else []
    return len(planted) - len(missing), len(missing) - len(trimmed)


def first_goal_item(summary: str) -> str:
    """The first item of the summary's Goal section (the request that set the goal)."""
    body = summary.split("## Goal", 1)[1] if "## Goal" in summary else ""
    lines = [line for line in body.split("\n## ", 1)[0].splitlines() if line.strip()]
    return lines[0] if lines else ""


async def run_soak(
    turns: int = 300,
    budget: int = 8_000,
    *,
    tools: bool = True,
    paste_at: int | None = 150,
    seed: int = 8,
    snip_policy: str = "summarize",
    results_dir: Any = None,
    check_every_turn: bool = True,
    restart_at: int | None = 200,
    summarizer: Any = "keeper",
    counter: str = "script",
) -> SoakFigures:
    """Drive ``turns`` user turns through a manager the way the agent loop does.

    At ``restart_at`` the app "restarts": a fresh manager restores the last compaction the way
    the session bridge does (summary, covered_count, retained tail; no usage anchor).
    ``summarizer`` (default: a :class:`FactKeeper`) must count its ``calls``, record its
    ``sizes`` and ``condense_requests`` like one.
    """
    rng = random.Random(seed)
    count = COUNTERS[counter]
    model = WindowModel(budget, counter=count)
    # a name from SUMMARIZERS, or a summarizer that counts ``calls`` and records ``sizes`` and
    # ``condense_requests`` like a FactKeeper
    if summarizer is None:
        summarizer = "keeper"
    if isinstance(summarizer, str):
        keeper = SUMMARIZERS[summarizer](budget, counter=count)
    else:
        keeper = summarizer
    previous: list[Message] = []

    def manager() -> ContextManager:
        return ContextManager(
            budget, model, results_dir=results_dir, summarizer=keeper, snip_policy=snip_policy
        )

    mgr = manager()
    last = None
    figures = SoakFigures(budget=budget)
    messages: list[Message] = [SYSTEM]
    planted: list[str] = []
    view: list[Message] = []
    for k in range(turns):
        if k == restart_at and last is not None:
            mgr = manager()
            mgr.restore_cache(last.summary, last.covered_count, last.retained_tail)
            figures.restarted = True
        if k == paste_at:  # a huge paste: refused before it is stored, nothing else happens
            paste = user("please read this: " + "lorem ipsum dolor sit amet " * 8_000)
            calls = keeper.calls
            try:
                mgr.check_turn([*messages, paste])
            except TurnTooLarge as exc:
                figures.refused.append(exc)
            else:
                figures.failures.append("the huge paste was not refused")
            assert keeper.calls == calls
        fact = f"FACT-{k}-{_word(rng)}"
        message = user(f"{fact} is worth keeping. " + _text(rng, 40, 900))
        try:
            mgr.check_turn([*messages, message])
        except TurnTooLarge as exc:
            figures.failures.append(f"turn {k} refused: {exc}")
            figures.failed_turns += 1
            continue
        messages.append(message)
        planted.append(fact)
        calls_before = keeper.calls
        failed = False
        for step in _turn_steps(rng, k, tools):
            calls = keeper.calls
            try:
                view = await mgr.prepare(messages)
                figures.chat_requests += 1
                extends = bool(previous) and view[: len(previous)] == previous
                figures.prefix_extends += extends
                if previous and not extends and mgr.pending_compaction is None:
                    figures.breaks_without_compaction += 1
                previous = view
                try:
                    response = await model.chat(view)
                except WindowExceeded as exc:
                    # what the agent does: re-anchor on the stated count, compact, retry once
                    figures.overflows += 1
                    mgr.record_overflow(exc.tokens)
                    view = await mgr.force_compact(messages)
                    previous = view
                    response = await model.chat(view)
            except Exception as exc:
                figures.failures.append(f"turn {k}: {type(exc).__name__}: {exc}")
                figures.overflows += isinstance(exc, WindowExceeded)
                failed = True
                break
            mgr.record_usage(response.usage)
            info = mgr.pending_compaction
            if info is not None:
                last = info
                figures.compactions += 1
                figures.rungs[info.rung] = figures.rungs.get(info.rung, 0) + 1
                figures.max_summary_tokens = max(figures.max_summary_tokens, info.summary_tokens)
                figures.max_summary_ratio = max(
                    figures.max_summary_ratio, info.summary_tokens / info.summary_allowance
                )
            elif keeper.calls > calls and not mgr.last_report.summary_failed:
                figures.failures.append(f"turn {k}: a summarizer call with no outcome")
            if mgr.last_report.summary_failed:
                figures.summary_failures.append(f"turn {k}: {mgr.last_report.summary_failed}")
            for message_ in step:
                figures.max_parallel_calls = max(
                    figures.max_parallel_calls, len(message_.tool_calls)
                )
            messages += step
        figures.failed_turns += failed
        figures.turns += 1
        figures.turns_without_calls += keeper.calls == calls_before
        if check_every_turn or k == turns - 1:
            _, dropped = _account(mgr, view, planted)
            figures.dropped_unsummarized = max(figures.dropped_unsummarized, dropped)
    figures.facts = len(planted)
    figures.visible_at_end, _ = _account(mgr, view, planted)
    figures.omitted_stated = omitted_count(mgr.summary or "")
    figures.summarizer_calls = keeper.calls
    figures.condense_requests = keeper.condense_requests
    figures.max_request = max([*model.sizes, *keeper.sizes, 0])
    figures.max_chat_request = max([*model.sizes, 0])
    figures.overflows += sum(size > budget for size in keeper.sizes)
    return figures
