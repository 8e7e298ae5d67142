"""``python -m pi_desktop.probe``: run the fidelity probe and print its table.

The provider is chosen like the app's (the same presets and ``build_llm``); the API key comes
from ``--api-key-env`` or the preset's environment variables (``PI_DESKTOP_API_KEY``, then e.g.
``OPENAI_API_KEY``), never from the command line, so it cannot land in a shell history. With
nothing configured it runs on the offline provider (deterministic, no network).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from pi_desktop.agent.presets import PRESETS, build_llm
from pi_desktop.probe.runner import DEFAULT_BUDGET, DEFAULT_TURNS, run_probe

PROVIDER_ENV = "PI_DESKTOP_PROVIDER"


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m pi_desktop.probe",
        description="Measure what survives compaction: recall, artifact, continuation and "
        "decision probes after a scripted long conversation, per summarizer model.",
    )
    parser.add_argument(
        "--provider",
        choices=sorted(PRESETS),
        default=None,
        help=f"provider preset (default: ${PROVIDER_ENV}, else offline)",
    )
    parser.add_argument(
        "--offline",
        action="store_true",
        help="use the offline demo provider (the default when nothing is set)",
    )
    parser.add_argument("--model", help="chat model (default: the preset's)")
    parser.add_argument("--base-url", help="server URL (custom / local servers)")
    parser.add_argument(
        "--api-key-env", metavar="VAR", help="environment variable holding the API key"
    )
    parser.add_argument(
        "--summarizer",
        action="append",
        default=[],
        metavar="MODEL",
        help="summarizer model to compare (repeatable; default: the chat model)",
    )
    parser.add_argument(
        "--judge",
        metavar="MODEL",
        help="judge model for free-text probes (default: keyword overlap)",
    )
    parser.add_argument(
        "--turns",
        type=int,
        default=DEFAULT_TURNS,
        help=f"user turns in the scripted conversation (default {DEFAULT_TURNS})",
    )
    parser.add_argument(
        "--budget",
        type=int,
        default=DEFAULT_BUDGET,
        help=f"context budget in tokens (default {DEFAULT_BUDGET:,})",
    )
    parser.add_argument("--json", action="store_true", help="print the rows as JSON instead")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = parser.parse_args(argv)  # fmt: skip
    if args.turns <= 0 or args.budget <= 0:
        parser.error("--turns and --budget must be positive")
    return args


def provider_of(args: argparse.Namespace) -> str:
    if args.offline:
        return "offline"
    return args.provider or os.environ.get(PROVIDER_ENV) or "offline"


def build_models(args: argparse.Namespace) -> tuple[Any, list[tuple[str, Any]], Any]:
    """(chat LLM, [(label, summarizer or None)], judge or None); ValueError if incomplete."""
    provider = provider_of(args)
    key = os.environ.get(args.api_key_env) if args.api_key_env else None
    common = {"base_url": args.base_url, "api_key": key}

    def make(model: str | None) -> Any:
        return build_llm(provider, model=model or args.model, **common)

    chat = make(args.model)
    chat_label = getattr(chat, "model", None) or args.model or provider
    if provider == "offline" or not args.summarizer:
        summarizers: list[tuple[str, Any]] = [(str(chat_label), None)]
    else:
        summarizers = [(m, None if m == chat_label else make(m)) for m in args.summarizer]
    judge = make(args.judge) if args.judge and provider != "offline" else None
    return chat, summarizers, judge


async def amain(args: argparse.Namespace) -> int:
    try:
        chat, summarizers, judge = build_models(args)
    except ValueError as exc:
        print(f"probe: {exc}", file=sys.stderr)
        return 2
    if provider_of(args) == "offline" and (args.summarizer or args.judge):
        print("probe: the offline provider has one summarizer and no judge; "
              "--summarizer/--judge are ignored", file=sys.stderr)  # fmt: skip

    def progress(text: str) -> None:
        if not args.quiet:
            print(text, file=sys.stderr, flush=True)

    try:
        report = await run_probe(chat, summarizers, turns=args.turns, budget=args.budget,
                                 judge=judge, progress=progress)  # fmt: skip
    finally:
        for llm in {id(x): x for x in [chat, judge, *(s for _, s in summarizers)] if x}.values():
            close = getattr(llm, "aclose", None)
            if close is not None:
                await close()
    if args.json:
        rows = [
            {"summarizer": r.summarizer, "probe": r.kind, "score": r.score,
             "max": r.max_points, "percent": round(r.percent, 1)}
            for r in report.rows()
        ]  # fmt: skip
        print(json.dumps(rows, indent=2))
    else:
        print(report.table())
        print()
        print(report.notes())
    if report.failed:  # a failed run is a failure, not a score of 0
        print(report.failure_summary(), file=sys.stderr)
        return 1
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return asyncio.run(amain(parse_args(argv)))


if __name__ == "__main__":
    sys.exit(main())
