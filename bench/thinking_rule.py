"""How many thinking-and-tools conversations fail against a server enforcing DeepSeek's rule.

Each run: a new session, 5 user turns (think → tool call → think → answer), the app
restarted (the session reloaded, a new agent), 2 more turns — against the loopback server of
``tests/kit/provider_formats.py`` that answers HTTP 400 "Missing `reasoning_content` field in the
assistant message at message index N" like DeepSeek's thinking mode. Prints the failed runs,
the failed turns and the requests the rule rejected. Uses only ``OpenAIChatLLM`` and ``Agent``,
so it measures older checkouts too: ``PYTHONPATH=<checkout> python3 bench/thinking_rule.py``.

    python3 bench/thinking_rule.py [runs]
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
if not os.environ.get("PYTHONPATH"):  # this checkout's pi_desktop unless told otherwise
    sys.path.insert(0, str(HERE))

from pi_desktop.agent import Agent, OpenAIChatLLM, RunFailed, Tool  # noqa: E402
from pi_desktop.session import Session  # noqa: E402

# the loopback server of this checkout, loaded by path so an older pi_desktop can be measured
_spec = importlib.util.spec_from_file_location(
    "provider_formats", HERE / "tests/kit/provider_formats.py"
)
assert _spec is not None and _spec.loader is not None
formats = importlib.util.module_from_spec(_spec)
sys.modules["provider_formats"] = formats
_spec.loader.exec_module(formats)


def responder(body: dict) -> object:
    """Think, call the tool once per user turn, then think again and answer."""
    messages = body["messages"]
    n = sum(1 for m in messages if m["role"] == "user")
    if messages[-1]["role"] == "user":
        return formats.Turn(
            reasoning=f"Turn {n}: echo first.", tool_calls=[("echo", {"text": "x"})]
        )
    return formats.Turn(reasoning=f"Turn {n}: done.", text=f"Done with turn {n}.")


async def _echo(args: dict) -> str:
    return f"echo: {args.get('text', '')}"


ECHO = Tool("echo", "Echo the text back.", {"type": "object", "properties": {}}, _echo)


async def one_run(folder: Path, server: formats.ProviderServer) -> int:
    """Failed turns of one run (0..7)."""
    failed = 0
    path = folder / "s.jsonl"
    session = Session.create(path, system_prompt="You are terse.", fsync=False)
    for phase, turns in ((0, range(1, 6)), (1, range(6, 8))):
        if phase:
            session = Session.load(path, fsync=False)
        llm = OpenAIChatLLM("deepseek-chat", base_url=server.base_url, api_key="sk-bench")
        agent = Agent(llm, [ECHO], session=session, context_budget=50_000)
        errors: list[RunFailed] = []
        agent.subscribe(lambda e, out=errors: out.append(e) if isinstance(e, RunFailed) else None)
        for n in turns:
            before = len(errors)
            await agent.run(f"Please echo t{n}.")
            failed += len(errors) > before
        await llm.aclose()
        session.close()
    return failed


async def main(runs: int) -> None:
    failed_runs = failed_turns = 0
    with formats.ProviderServer("deepseek", responder, deepseek_rule=True) as server:
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as tmp:
                turns = await one_run(Path(tmp), server)
            failed_runs += turns > 0
            failed_turns += turns
        rejected = len(server.rejected)
    print(f"runs: {runs}  failed runs: {failed_runs}  failed turns: {failed_turns}/{runs * 7}  "
          f"requests rejected by the rule: {rejected}")  # fmt: skip


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 20))
