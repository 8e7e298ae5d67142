"""The request prefix under a small window: only a compaction may rewrite what was sent.

Against the o200k-counting model double (``tests/kit/soak.py``), a 300-turn session with
tool fan-outs at a 2k budget. The usage anchor moves by up to a fifth there, which used to
flip L3's decision for a fan-out step that had already been sent (a result offloaded in one
request, inline in the next): a prefix break with no compaction, ~3 % of all requests. L3's
step plans are sticky now (``ViewBuilder._plan_holds``); the only breaks left are the
compactions themselves, whose count the window and the message sizes decide.

The junk summarizer's repair request once went over the 2k window (2,054 tokens, estimated
under 1,600 with the chat anchor's ratio): summarizer requests are now sized on the safe side.
"""

from __future__ import annotations

import asyncio

import pytest

from tests.kit.soak import run_soak


@pytest.mark.parametrize("seed", [1, 2, 2_000])
@pytest.mark.parametrize("summarizer", ["keeper", "junk"])
def test_at_2k_only_compactions_break_the_request_prefix(tmp_path, seed, summarizer):
    f = asyncio.run(
        run_soak(
            300,
            2_000,
            seed=seed,
            counter="o200k",
            results_dir=tmp_path,
            summarizer=summarizer,
        )
    )
    breaks = f.chat_requests - 1 - f.prefix_extends
    print(
        f"\n2k {summarizer} seed {seed}: {f.prefix_share:.1%} extending, {breaks} breaks, "
        f"{f.breaks_without_compaction} without a compaction, {f.compactions} compactions"
    )
    assert f.failed_turns == 0 and f.dropped_unsummarized == 0
    # no request over the window, the summarizer's (and its repair request) included: they
    # are sized at the class estimate at least, never the chat anchor's lower ratio alone
    assert f.overflows == 0 and f.max_request <= 2_000
    assert f.breaks_without_compaction == 0
    assert breaks == f.compactions
    assert f.prefix_share >= 0.65


def test_at_8k_only_compactions_break_the_request_prefix(tmp_path):
    # (at 32k, L2's bulk clear — by design, bench (e) — breaks it twice in 300 turns)
    f = asyncio.run(run_soak(300, 8_000, seed=8_000, counter="o200k", results_dir=tmp_path))
    assert f.breaks_without_compaction == 0
    # a fan-out that would push the request over the threshold is admitted offloaded harder
    # (squeeze.py) instead of compacting for it: 91.9 % (86.3 % when it compacted, with 58
    # summarizer calls instead of 37)
    assert f.prefix_share >= 0.9
