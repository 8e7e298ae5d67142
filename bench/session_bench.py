"""Session storage figures: append cost at 1k vs 100k entries, load rate, listing 1,000 sessions,
and the file size of a long compacting session.

Run: ``python3 bench/session_bench.py`` (about a minute; writes only to a temp folder).
Targets (issue 3): append ratio 100k/1k ≤ 2 (append is O(1)), load ≥ 50k entries/s.
Targets (issue 11): a 300-turn session compacting every few turns stays ≤ 2× the JSON of its
messages, and the bytes per turn do not grow as it goes on.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from pi_desktop.agent import Agent, ChatResponse, Tool
from pi_desktop.context import Message
from pi_desktop.session import CompactionEntry, Session, SessionLibrary


def _message(i: int) -> Message:
    if i % 2:
        return Message(role="assistant", content=f"answer {i}: " + "lorem ipsum " * 12)
    return Message(role="user", content=f"question {i}: what about item {i}?")


def _per_append_us(session: Session, count: int, start: int) -> float:
    """Median of ``count`` single-append timings, in microseconds."""
    samples = []
    for i in range(start, start + count):
        message = _message(i)
        t0 = time.perf_counter()
        session.append_message(message)
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples) * 1e6


def _flush(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def bench_append_and_load(tmp: Path, big: int) -> None:
    path = tmp / "big.jsonl"
    sample = 2000
    with Session.create(path, system_prompt="bench", fsync=False) as s:
        for i in range(1000 - 1):
            s.append_message(_message(i))
        at_1k = _per_append_us(s, sample, 1000)
        t0 = time.perf_counter()
        for i in range(1000 + sample, big):
            s.append_message(_message(i))
        build = time.perf_counter() - t0
        at_big = _per_append_us(s, sample, big)
        s.rewind(s.get_current_path()[-big // 2].id)  # a branch half-way up
        for i in range(10):
            s.append_message(_message(i))
        branch = s.get_current_path()
        tail = branch[-1]
        # [system] + history: covering len(branch) messages keeps exactly the last one
        s.add_summary_cache(
            "summary", len(branch), [tail.to_message().model_dump()], first_kept_entry_id=tail.id
        )
    count = len(Session.load(path, read_only=True).entries)
    print(
        f"append (fsync off), median of {sample}: at 1k entries {at_1k:.1f} us, "
        f"at {count // 1000}k entries {at_big:.1f} us, ratio {at_big / at_1k:.2f} (target <= 2)"
    )
    print(f"  bulk appends while growing: {(big - 1000 - sample) / build:,.0f} entries/s")

    _flush(path)  # write back the bulk-written pages first: measure appends, not the backlog
    with Session.load(path, fsync=True) as s:
        fs_big = _per_append_us(s, 200, big + sample)
    with Session.create(tmp / "small.jsonl", fsync=True) as s:
        for i in range(1000):
            s.append_message(_message(i))
        _flush(s.path)
        fs_small = _per_append_us(s, 200, 1000)
    print(
        f"append (fsync on, default), median of 200: at 1k {fs_small:.0f} us, "
        f"at {count // 1000}k {fs_big:.0f} us"
    )

    size_mb = path.stat().st_size / 1e6
    times = []
    for _ in range(3):
        t0 = time.perf_counter()
        loaded = Session.load(path, read_only=True)
        times.append(time.perf_counter() - t0)
    best = min(times)
    n = len(loaded.entries)
    print(
        f"load {n:,} entries ({size_mb:.1f} MB): best of 3 {best:.2f} s = "
        f"{n / best:,.0f} entries/s (target >= 50,000)"
    )
    t0 = time.perf_counter()
    history = loaded.get_full_history_messages()
    print(
        f"  get_full_history_messages ({len(history):,} messages): "
        f"{(time.perf_counter() - t0) * 1000:.0f} ms"
    )
    t0 = time.perf_counter()
    cache = loaded.get_latest_compaction_cache()
    lookup = time.perf_counter() - t0
    t0 = time.perf_counter()
    sealed = sum(loaded.is_sealed(eid) for eid in loaded.entries)
    sweep = time.perf_counter() - t0
    assert cache is not None
    print(
        f"  latest compaction cache lookup {lookup * 1000:.0f} ms; is_sealed over all "
        f"{len(loaded.entries):,} entries {sweep * 1000:.0f} ms ({sealed:,} sealed)"
    )


def bench_listing(tmp: Path, sessions: int, per_session: int) -> None:
    lib = SessionLibrary(tmp / "library")
    for k in range(sessions):
        with lib.create(title=f"session {k}" if k % 3 else None, fsync=False) as s:
            for i in range(per_session):
                s.append_message(_message(i))
    t0 = time.perf_counter()
    infos = lib.list_sessions()
    cold = time.perf_counter() - t0
    t0 = time.perf_counter()
    lib.list_sessions()
    warm = time.perf_counter() - t0
    for info in infos[:10]:
        with lib.open(info.id) as s:
            s.append_message(_message(0))
    t0 = time.perf_counter()
    after = lib.list_sessions()
    grown = time.perf_counter() - t0
    assert len(after) == sessions
    assert sum(i.message_count for i in after) == sessions * per_session + 10
    print(
        f"list {sessions:,} sessions ({per_session} messages each): cold (no index) "
        f"{cold * 1000:.0f} ms, warm {warm * 1000:.0f} ms, "
        f"after appends to 10 of them {grown * 1000:.0f} ms"
    )


class _Model:
    """A deterministic chat model + summarizer: answers, sometimes a tool call, usage reported."""

    async def chat(self, messages, tools=None, on_delta=None):  # type: ignore[no-untyped-def]
        chars = len(json.dumps([m.model_dump() for m in messages], ensure_ascii=False))
        usage = {"prompt_tokens": chars // 4 + 11, "completion_tokens": 50}
        if tools == []:
            body = "\n".join(f"- step {i}: did a thing" for i in range(12))
            text = (
                f"<summary>## Goal\nbench\n## Constraints & Preferences\n-\n## Progress\n"
                f"### Done\n{body}\n### In Progress\n-\n### Blocked\n-\n## Key Decisions\n-\n"
                "## Next Steps\n-\n## Critical Context\n-</summary>"
            )
            return ChatResponse(Message(role="assistant", content=text), usage, "sum")
        last = messages[-1]
        if last.role == "user" and last.content.startswith("read"):
            call = {
                "id": f"call{len(messages)}",
                "type": "function",
                "function": {"name": "read", "arguments": '{"path": "src/module.py"}'},
            }
            return ChatResponse(Message(role="assistant", metadata={"tool_calls": [call]}), usage)
        text = f"answer {len(messages)}: " + "lorem ipsum dolor " * 30
        return ChatResponse(Message(role="assistant", content=text), usage, "m")


async def _read(args: dict) -> str:  # type: ignore[type-arg]
    return "def f(x):\n    return x\n" * 120  # ~3 KB of file content


def _format1_extra(session: Session) -> int:
    """Bytes format 1 would have added: each compaction copied its tail and listed ids."""
    extra = 0
    for entry in session.entries.values():
        if isinstance(entry, CompactionEntry):
            offset = 1 if session.system_prompt is not None else 0
            path = session.path_to(entry.parent_id or "")
            start = entry.covered_count - offset
            tail = [e.to_message().model_dump() for e in path[start : start + entry.kept_count]]
            extra += len(json.dumps(tail, ensure_ascii=False)) + 35 * start + 40
    return extra


def bench_compacting_session(tmp: Path, turns: int) -> None:
    path = tmp / "compacting.jsonl"
    session = Session.create(path, system_prompt="You are a coding agent.", fsync=False)
    tool = Tool("read", "Read a file.", {"type": "object", "properties": {}}, _read)
    agent = Agent(_Model(), [tool], session=session, context_budget=4000)
    sizes = [path.stat().st_size]
    for turn in range(turns):
        text = ("read the module, " if turn % 3 == 0 else "") + f"turn {turn}: " + "q" * 200
        asyncio.run(agent.run(text))
        sizes.append(path.stat().st_size)
    messages = [e for e in session.entries.values() if e.type == "message"]
    compactions = len(session.entries) - len(messages)
    messages_json = len(
        json.dumps([e.to_message().model_dump() for e in messages], ensure_ascii=False)
    )
    size = path.stat().st_size
    old = size + _format1_extra(session)
    session.close()
    print(
        f"{turns}-turn session, {compactions} compactions: file {size / 1e3:,.0f} KB = "
        f"{size / messages_json:.2f}x the JSON of its {len(messages):,} messages (target <= 2); "
        f"format 1 would have been {old / messages_json:.2f}x"
    )
    block = max(1, turns // 6)
    trend = [(sizes[min(i + block, turns)] - sizes[i]) / block for i in range(0, turns, block)]
    print(
        "  bytes per turn, per block of "
        + f"{block} turns: "
        + ", ".join(f"{b:,.0f}" for b in trend)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--per-session", type=int, default=40)
    parser.add_argument("--compacting-turns", type=int, default=300)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="session-bench-"))
    try:
        bench_compacting_session(tmp, args.compacting_turns)
        bench_append_and_load(tmp, args.entries)
        bench_listing(tmp, args.sessions, args.per_session)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
