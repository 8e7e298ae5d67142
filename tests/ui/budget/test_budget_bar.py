"""The budget bar: zones, text, tooltip figures, the compaction drop and its fading ghost."""

from __future__ import annotations

from itertools import pairwise

import pytest
from PySide6.QtGui import QColor

from pi_desktop.context.report import OffloadedResult, PrepareReport
from pi_desktop.ui.budget.bar import BudgetBar, bar_text, ghost_span, zone_for
from pi_desktop.ui.theme import dark_palette
from tests.ui.shots import save_shot


@pytest.fixture
def bar(qtbot):
    w = BudgetBar()
    qtbot.addWidget(w)
    w.resize(360, 26)
    w.show()
    return w


@pytest.mark.parametrize(
    ("tokens", "zone"),
    [
        (0, "ok"),
        (15_000, "ok"),
        (15_360, "warn"),
        (25_599, "warn"),
        (25_600, "over"),
        (40_000, "over"),
    ],
)
def test_zones_follow_threshold(tokens, zone):
    # budget 32k, threshold 0.8 -> compaction at 25,600; warn from 60 % of that (15,360)
    assert zone_for(tokens, 32_000, 0.8) == zone


def test_no_budget_is_never_over():
    assert zone_for(10**9, None, 0.8) == "ok"
    assert bar_text(12_345, None) == "12.3k tokens · no limit"


def test_text_and_properties(bar):
    bar.set_estimate(12_300, 32_000, 0.8)
    assert bar.tokens == 12_300
    assert bar.budget == 32_000
    assert bar.zone == "ok"
    assert bar.text == "12.3k / 32k tokens (38 %)"
    save_shot(bar, "budget_ok")
    bar.set_estimate(27_000, 32_000, 0.8)
    assert bar.zone == "over"
    save_shot(bar, "budget_over")


def test_tooltip_lists_every_figure(bar):
    report = PrepareReport(
        input_count=120,
        view_count=44,
        tokens=20_000,
        budget=32_000,
        threshold_tokens=25_600,
        ratio=0.27,
        snipped=(3, 4, 5),
        micro_compacted=(7, 9),
        offloaded=(OffloadedResult(8, "call_1", "/tmp/r/call_1.txt", 90_000),),
    )
    bar.set_estimate(20_000, 32_000, 0.8, ratio=0.2712, prompt_tokens=19_876, report=report)
    tip = bar.toolTip()
    for needle in (
        "20,000 tokens",
        "32,000 tokens",
        "62.5 %",
        "80 % = 25,600",
        "0.2712",
        "19,876",
        "Compactions",
        "view 44 of 120 messages",
        "1 offloaded to disk",
        "3 snipped",
        "2 placeholdered",
    ):
        assert needle in tip, needle


def test_compaction_drop_counts_and_ghosts(bar, qtbot):
    bar.set_estimate(26_000, 32_000, 0.8)
    bar.mark_compacted(26_000, 9_000)
    assert bar.tokens == 9_000
    assert bar.zone == "ok"
    assert bar.compactions == 1
    assert bar.ghost_tokens == 26_000
    assert "26k → 9k" in bar.toolTip()
    save_shot(bar, "budget_drop_ghost")
    # the ghost fades on its own without blocking
    qtbot.waitUntil(lambda: bar.ghost_tokens is None, timeout=5000)
    bar.mark_compacted(25_700, 8_000)
    assert bar.compactions == 2
    bar.reset_compactions()  # another session opened: its bar shows no drop it did not have
    assert bar.ghost_tokens is None and bar.compactions == 0


def test_ghost_span_is_clamped_to_the_track():
    assert ghost_span(26_000, 9_000, 32_000) == (9_000 / 32_000, 26_000 / 32_000)
    # an over-budget estimate before the drop ends at the right edge, not past it
    assert ghost_span(43_000, 3_000, 40_000) == (3_000 / 40_000, 1.0)
    assert ghost_span(9_000, 9_000, 32_000) is None  # nothing dropped
    assert ghost_span(50_000, 45_000, 40_000) is None  # still over: no visible drop
    assert ghost_span(26_000, 9_000, None) is None


def test_over_budget_ghost_is_hatched_not_a_solid_fill(bar, qtbot):
    """After a drop from over budget the track must not look full: the ghost shows gaps."""
    bar.set_estimate(4_300, 4_000, 0.8)
    before = bar.grab().toImage()
    bar.mark_compacted(4_300, 314)
    img = bar.grab().toImage()
    y = img.height() // 2
    xs = range(int(img.width() * 0.84), int(img.width() * 0.95))  # right of tick and text
    solid = before.pixel(xs[0], y)  # the old over-budget fill at that spot
    row = [img.pixel(x, y) for x in xs]
    assert solid not in row  # the solid over-budget fill is gone
    stripes = sum(1 for a, b in pairwise(row) if a != b)
    assert stripes >= 4  # hatched: the colour alternates along the row
    save_shot(bar, "budget_drop_from_over")
    qtbot.waitUntil(lambda: bar.ghost_tokens is None, timeout=5000)
    faded = bar.grab().toImage()
    assert len({faded.pixel(x, y) for x in xs}) == 1  # gone: plain trough again


def test_budget_off_shows_estimate_only(bar):
    bar.set_estimate(5_000, None, 0.8)
    assert bar.budget is None
    assert "no limit" in bar.text
    assert "context management is off" in bar.toolTip()
    save_shot(bar, "budget_unlimited")


def test_offline_and_dark_palette_render(bar):
    bar.setPalette(dark_palette())
    bar.set_offline(True)
    bar.set_estimate(18_000, 32_000, 0.8)
    assert bar.zone == "warn"
    img = bar.grab().toImage()
    # the fill is painted: a pixel in the left part is the warn colour-ish, not the trough
    px = QColor(img.pixel(20, img.height() // 2))
    assert px.red() > px.blue()
    save_shot(bar, "budget_dark_warn_offline")
    assert "offline" in bar.toolTip()


def test_theme_follows_palette_brightness(qapp):
    from pi_desktop.ui.theme import theme_for

    dark = theme_for(dark_palette())
    light = theme_for(qapp.style().standardPalette())
    assert dark.dark and not light.dark
    # the text colour differs clearly from the base it is painted on, in both modes
    for t in (dark, light):
        assert abs(t.text.lightnessF() - t.base.lightnessF()) > 0.5
        assert abs(t.muted.lightnessF() - t.base.lightnessF()) > 0.2


def test_tooltip_speaks_plainly_first_and_keeps_the_figures_under_details(bar):
    from pi_desktop.ui.budget.bar import plain_line, summaries_words

    assert summaries_words(0) == "no summary yet"
    assert summaries_words(1) == "1 summary so far"
    assert plain_line(10_240, 32_000, 2) == "32 % of the context used · 2 summaries so far"
    bar.set_estimate(10_240, 32_000, 0.8, ratio=0.2712, prompt_tokens=9_876)
    bar.set_compactions(2, (26_000, 9_000))
    tip = bar.toolTip()
    first = tip.index("32 % of the context used · 2 summaries so far")
    assert first < tip.index("summarized when it passes 80 %") < tip.index("Details")
    details = tip[tip.index("Details") :]
    for needle in ("10,240 tokens", "0.2712", "9,876", "2 on this branch", "26k → 9k"):
        assert needle in details, needle
    for jargon in ("Anchored ratio", "prompt_tokens"):
        assert jargon not in tip
    bar.set_compactions(0)
    assert "no summary yet" in bar.toolTip() and "last" not in bar.toolTip()
