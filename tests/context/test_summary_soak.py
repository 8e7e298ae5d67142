"""Issue 16's done-when, through ``ContextManager`` (``tests/kit/soak.py``): 300 turns at
8k and at 2k with a summarizer that writes Chinese headings and with junk summarizers (one
that carries on with the chat, one that answers nothing). Every request — chat and
summarizer — is checked against the window by the doubles.

(At 2k the soak runs without its tool steps: 8-10 parallel results of one step overflow a 2k
window because L3 judges results one by one — issue 16's point 3, budgeted separately.)
"""

from __future__ import annotations

import asyncio

import pytest

from tests.kit.soak import run_soak
from tests.kit.summary_doubles import StyledSummarizer

CASES = [
    (8_000, "chinese", True),
    (8_000, "continuation", True),
    (8_000, "empty", True),
    (2_000, "chinese", False),
    (2_000, "continuation", False),
    (2_000, "numbered", False),
]


@pytest.mark.parametrize(("budget", "style", "tools"), CASES)
def test_300_turns_never_jam_whatever_the_summarizer_writes(tmp_path, budget, style, tools):
    summarizer = StyledSummarizer(style, window=budget)
    f = asyncio.run(
        run_soak(
            300,
            budget,
            tools=tools,
            seed=budget,
            results_dir=tmp_path,
            summarizer=summarizer,
            paste_at=150,
        )
    )
    print(
        f"\n{budget} {style}: {f.failed_turns} failed turns, {f.compactions} compactions "
        f"{f.rungs}, {f.summarizer_calls} summarizer calls, largest request "
        f"{f.max_request}/{budget}, {f.visible_at_end} facts visible, {f.omitted_stated} "
        f"items stated as left out, {f.dropped_unsummarized} dropped unsummarized"
    )
    assert f.failures == [] and f.failed_turns == 0 and f.turns == 300
    assert f.summary_failures == []  # no compaction refused, whatever the summarizer wrote
    assert 0 < f.max_request <= budget  # the doubles would have raised
    assert f.dropped_unsummarized == 0  # every fact in the view, a summary, or stated left out
    assert f.compactions >= 10 and f.max_summary_ratio <= 1.0
    if style in ("chinese", "numbered"):  # a real summary is the model's every time
        assert set(f.rungs) == {"model"}
    else:  # junk: one attempt and one repair per compaction, then the extractive summary
        assert set(f.rungs) == {"extractive"}
        assert f.summarizer_calls <= 2 * f.compactions + 2
    assert len(f.refused) == 1  # the huge paste, refused before it was stored
