"""Context engine benchmark: prints every figure of issue 2 item 8 from one run.

(a) cached-path ``prepare()`` time as a ratio to ``json.dumps`` of the view it returns, and its
    growth from 1k to 100k messages of history (targets ≤ 0.5 and ≤ 3);
(b) a 500-turn replay under a 32k budget with a fake summarizer, counted with a real tokenizer
    (o200k_base): requests over budget (0), share of requests with no extra API call (≥ 95 %),
    summarizer calls and the tokens they were sent (linear, not quadratic, in the history);
(c) estimate error against o200k_base on English, code and Chinese conversations: chars/4,
    script-aware first turn (≤ 20 % on Chinese) and usage-anchored (≤ 5 %);
(d) issue 8's soak (``tests/context/soak.py``): 300 turns against a model that enforces its
    window and a summarizer that never shortens (a tool step with 8-10 parallel calls, a huge
    paste): failed turns (0), summarizer calls, share of turns with 0 API calls, the summary's
    size against its allowance, the largest request against the budget, facts visible at the
    end; and the plain 300-turn chat at 32k with the default policy and with ``drop``.

Run: ``python3 bench/context_bench.py`` (needs the ``bench`` extra: ``bpe-openai``; offline).
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bpe_openai import get_encoding

from pi_desktop.context import ContextManager, Message, estimate_tokens
from tests.context.strategies import (
    FakeSummarizer,
    assistant,
    random_turn,
    tool_call,
    tool_result,
    user,
)

ENC = get_encoding("o200k_base")
SYSTEM = Message(role="system", content="You are a careful coding agent. Be concise.")
_counted: dict[int, tuple[Message, int]] = {}


def _tok(text: str) -> int:
    return sum(len(ENC.encode(text[i : i + 500_000])) for i in range(0, len(text), 500_000))


def message_tokens(m: Message) -> int:
    """Prompt tokens of one message the way chat APIs count them (content + framing)."""
    hit = _counted.get(id(m))
    if hit is not None and hit[0] is m:
        return hit[1]
    n = 4 + _tok(m.content)
    for call in m.tool_calls:
        fn = call.get("function") or {}
        n += 8 + _tok(str(fn.get("name", ""))) + _tok(str(fn.get("arguments", "")))
        n += _tok(str(call.get("id", "")))
    if m.tool_call_id:
        n += _tok(m.tool_call_id)
    _counted[id(m)] = (m, n)
    return n


def true_tokens(messages: Sequence[Message]) -> int:
    return 3 + sum(message_tokens(m) for m in messages)


# ---------------------------------------------------------------- (a) cached-path cost


def small_turn(rng: random.Random, k: int) -> list[Message]:
    return [user(f"#n{k} " + "short follow-up " * rng.randint(1, 12)), assistant("ok " * 40)]


async def bench_cached_path() -> None:
    print("(a) cached-path prepare() cost")
    rng = random.Random(1)
    medians: dict[int, float] = {}
    for n in (1_000, 10_000, 100_000):
        messages = [SYSTEM]
        k = 0
        while len(messages) < n:
            messages += random_turn(rng, k, scale=0.05)
            k += 1
        covered = max(i for i in range(1, len(messages) - 10) if messages[i].role == "user")
        # the 0-API path alone: with the default policy L1's snips become compactions every
        # ~dozen turns (counted in (b) and (d)); "drop" keeps this loop on the cached path
        mgr = ContextManager(
            32_000, FakeSummarizer(), results_dir=tempfile.mkdtemp(), snip_policy="drop"
        )
        mgr.restore_cache(
            "## Goal\nbench\n## Progress\n### Done\n- everything so far",
            covered,
            [m.model_dump() for m in messages[covered:]],
        )
        prepare_times, dump_times = [], []
        for t in range(80):
            messages += small_turn(rng, t)
            start = time.perf_counter()
            view = await mgr.prepare(messages)
            prepare_times.append(time.perf_counter() - start)
            assert mgr.last_report and mgr.last_report.cache_used and not mgr.last_report.summarized
            start = time.perf_counter()
            json.dumps([m.model_dump() for m in view], ensure_ascii=False, default=str)
            dump_times.append(time.perf_counter() - start)
        p, d = statistics.median(prepare_times[5:]), statistics.median(dump_times[5:])
        medians[n] = p
        print(
            f"    history {len(messages):>7} msgs, view {len(view):>3} msgs: prepare "
            f"{p * 1e6:8.0f} us, json.dumps(view) {d * 1e6:8.0f} us, ratio {p / d:5.2f}"
            " (target <= 0.5)"
        )
    print(f"    growth t(100k)/t(1k) = {medians[100_000] / medians[1_000]:.2f} (target <= 3)")


# ---------------------------------------------------------------- (b) 500-turn replay

# Turn size multipliers: 1 = the shared random_turn (messages up to ~6k chars, a 30k dump now
# and then), where L1/L2 alone may keep a 32k view under the threshold; larger ones force
# L4 to run often, so its cost and the budget guarantee are exercised too.
REPLAY_SCALES = (1.0, 1.5, 3.0)


async def bench_replay(scale: float) -> None:
    print(f"(b) 500-turn replay ×{scale}, 32k budget, fake summarizer, o200k_base as the truth")
    rng = random.Random(500)
    budget = 32_000
    fake = FakeSummarizer()
    mgr = ContextManager(budget, fake, results_dir=tempfile.mkdtemp())
    messages = [SYSTEM]
    over = requests = zero_api = summarizer_sent = 0
    turns_without_calls = 0
    sent_by_quarter = [0, 0, 0, 0]
    for k in range(500):
        turn = random_turn(rng, k, scale=scale)
        calls_before_turn = fake.calls
        start = 0
        for cut in [i for i, m in enumerate(turn) if m.role == "assistant"]:
            messages += turn[start:cut]
            start = cut
            calls = fake.calls
            view = await mgr.prepare(messages)
            tokens = true_tokens(view)
            requests += 1
            over += tokens > budget
            zero_api += fake.calls == calls
            for request in fake.requests[calls:]:
                sent = true_tokens(request)
                requests += 1
                over += sent > budget
                summarizer_sent += sent
                sent_by_quarter[k * 4 // 500] += sent
            mgr.record_usage({"prompt_tokens": tokens, "completion_tokens": 50})
        messages += turn[start:]
        turns_without_calls += fake.calls == calls_before_turn
    history = true_tokens(messages)
    chat_requests = requests - fake.calls
    print(f"    history: {len(messages)} messages, {history} tokens; {chat_requests} chat requests")
    print(f"    requests over budget (chat + summarizer): {over} (target 0)")
    print(
        f"    chat requests with 0 extra API calls: {zero_api / chat_requests:.1%}; "
        f"user turns with none: {turns_without_calls / 500:.1%} (issue 2's >= 95 % held "
        "for the seed's pure L1 drop; by default L1's drops are now summarized first)"
    )
    print(f"    summarizer calls: {fake.calls}; tokens sent to it: {summarizer_sent}")
    print(
        f"    summarizer tokens / history tokens = {summarizer_sent / history:.2f} "
        f"(linear: each message summarized once); per quarter of the run: {sent_by_quarter}"
    )


# ---------------------------------------------------------------- (c) estimate error

EN = (
    "Could you explain why the retry logic backs off exponentially, and whether we should cap "
    "the delay at thirty seconds? I would also like the log messages to mention the attempt. "
)
CODE = (
    "def retry(fn, attempts=5):\n    for i in range(attempts):\n        try:\n"
    "            return fn()\n        except TimeoutError as exc:\n"
    "            time.sleep(min(30, 2 ** i))  # back off\n    raise RuntimeError('gave up')\n"
)
ZH = (
    "请解释一下为什么重试逻辑采用指数退避，我们是否应该把延迟上限设为三十秒？"
    "另外希望日志信息里能提到当前是第几次尝试，方便排查线上问题。"
)


def script_conversation(text: str, turns: int, rng: random.Random) -> list[Message]:
    def piece(n: int) -> str:
        start = rng.randrange(len(text))
        return ((text * (n // len(text) + 2))[start : start + n]).strip() or text[:10]

    out = [SYSTEM]
    for k in range(turns):
        call = tool_call(f"call_{k}", "read_file", {"path": f"src/mod_{k}.py"})
        out += [
            user(piece(rng.randint(40, 600))),
            assistant(piece(rng.randint(0, 80)), [call]),
            tool_result(f"call_{k}", "read_file", piece(rng.randint(200, 3000))),
            assistant(piece(rng.randint(100, 1500))),
        ]
    return out


async def bench_estimates() -> None:
    print("(c) estimate error vs o200k_base (mean |error| over 30 turns)")
    rng = random.Random(7)
    for name, text in (("English", EN), ("code", CODE), ("Chinese", ZH)):
        messages = script_conversation(text, 30, rng)
        mgr = ContextManager(10**9, FakeSummarizer())
        errors: dict[str, list[float]] = {"chars/4": [], "script-aware": [], "anchored": []}
        previous_true = None
        for end in [i for i, m in enumerate(messages) if m.role == "assistant"]:
            view = await mgr.prepare(messages[:end])
            truth = true_tokens(view)
            errors["chars/4"].append(abs(estimate_tokens(view) - truth) / truth)
            fresh = ContextManager(10**9, FakeSummarizer())
            await fresh.prepare(messages[:end])
            errors["script-aware"].append(abs(fresh.last_view_tokens - truth) / truth)
            if previous_true is not None:
                errors["anchored"].append(abs(mgr.last_view_tokens - truth) / truth)
            mgr.record_usage({"prompt_tokens": truth})
            previous_true = truth
        figures = ", ".join(f"{k} {statistics.mean(v):6.1%}" for k, v in errors.items())
        print(f"    {name:8}: {figures}")
    print("    targets: script-aware <= 20 % on Chinese, anchored <= 5 %")


# ---------------------------------------------------------------- (d) long-session soak


async def bench_soak() -> None:
    from tests.context.soak import run_soak

    print("(d) long-session soak: window-enforcing model, never-shortening summarizer")
    runs = (
        ("8k, tools + paste", dict(budget=8_000)),
        ("32k, tools + paste", dict(budget=32_000)),
        ("32k plain chat", dict(budget=32_000, tools=False, paste_at=None)),
        ("32k plain, drop", dict(budget=32_000, tools=False, paste_at=None, snip_policy="drop")),
    )
    for name, kwargs in runs:
        f = await run_soak(300, results_dir=tempfile.mkdtemp(), **kwargs)
        print(
            f"    {name:19}: {f.turns} turns, {f.failed_turns} failed, "
            f"{len(f.refused)} refused (TurnTooLarge); summarizer calls {f.summarizer_calls} "
            f"({f.condense_requests} condense) in {f.compactions} compactions; "
            f"turns with 0 API {f.zero_api_share:.1%}"
        )
        print(
            f"    {'':19}  max summary {f.max_summary_tokens} tokens = "
            f"{f.max_summary_ratio:.0%} of its allowance; max request {f.max_request} of "
            f"{f.budget} ({f.max_request / f.budget:.0%}); facts visible at the end "
            f"{f.visible_at_end}/{f.facts}, left out by the trim (stated) {f.omitted_stated}, "
            f"dropped unsummarized {f.dropped_unsummarized}"
        )
    print("    targets: 0 failed, summary <= 100 %, request <= 100 %, 0 dropped unsummarized;")
    print("             plain chat at 32k: >= 90 % of turns with 0 API")


async def main() -> None:
    await bench_cached_path()
    for scale in REPLAY_SCALES:
        await bench_replay(scale)
    await bench_estimates()
    await bench_soak()


if __name__ == "__main__":
    asyncio.run(main())
