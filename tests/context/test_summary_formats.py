"""Issue 16, point 1: summaries as real models write them are summaries.

Each double of ``summary_doubles`` answers in one real format; the engine must accept it,
put it on the six canonical sections (DESIGN invariant 6) without losing a line or adding a
contradicting empty section, and strip every draft. Junk (a refusal, a continuation, code
instead of a summary, an empty answer) is refused — and then climbs the ladder (see
``test_summary_ladder.py``). The normalisation's properties are checked with hypothesis.
"""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_desktop.context import ContextManager, extract_summary
from pi_desktop.context.normalize import (
    HEADING_LINES,
    HEADING_NAMES,
    KEYS,
    TOP_SECTIONS,
    conversation_language,
    normalize_summary,
    parse_heading,
    section_items,
    summary_problem,
)
from pi_desktop.context.summary import build_summary_request, ensure_sections
from tests.kit.messages import assistant, user
from tests.kit.soak import SYSTEM
from tests.kit.summary_doubles import (
    DRAFT_WORDS,
    GOOD_STYLES,
    JUNK_STYLES,
    REPAIR_START,
    StyledSummarizer,
    styled_summary,
)

ITEMS = ["FACT-1-alpha", "FACT-2-beta", "FACT-3-gamma"]
CANONICAL = [HEADING_LINES[k] for k in KEYS]


def _headings(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("#")]


@pytest.mark.parametrize("style", GOOD_STYLES)
def test_every_real_format_is_a_summary_on_the_six_sections(style):
    answer = styled_summary(style, ITEMS)
    body = extract_summary(answer)
    assert summary_problem(body) is None, style
    normal = ensure_sections(body)
    assert _headings(normal) == CANONICAL  # each once, in order; nothing contradicting added
    assert all(item in normal for item in ITEMS)
    assert not any(word in normal for word in DRAFT_WORDS), normal
    assert normalize_summary(normal) == normal


@pytest.mark.parametrize("style", [s for s in GOOD_STYLES if s not in ("terse", "prose")])
def test_each_section_lands_where_the_model_put_it(style):
    items = section_items(ensure_sections(extract_summary(styled_summary(style, ITEMS))))
    assert all(any(i in done for done in items["Done"]) for i in ITEMS), items
    assert items["Key Decisions"] and "(none reported)" not in " ".join(items["Key Decisions"])
    assert items["Next Steps"] and items["Goal"] and items["Critical Context"]


def test_synonyms_map_instead_of_adding_contradicting_sections():
    """The issue's ``## Key Decisions (none reported)`` after the model's own ``## Decisions``."""
    normal = ensure_sections("## Goal\n- ship\n## Decisions\n- use SQLite\n## Next actions\n- go")
    assert normal.count("Key Decisions") == 1
    assert "## Key Decisions\n- use SQLite" in normal and "## Next Steps\n- go" in normal


def test_prose_without_headings_is_kept_as_critical_context():
    prose = "The user is porting the parser to Rust.\nThey want the public API stable."
    assert summary_problem(prose) is None
    normal = ensure_sections(prose)
    assert "## Critical Context\nThe user is porting the parser to Rust.\nThey want" in normal


def test_chinese_terse_and_colon_forms():
    zh = ensure_sections(
        "## 目标\n- 修复登录\n## 进展\n### 已完成\n- 读了 auth.py\n## 关键决策\n- 用 bcrypt"
    )
    assert "## Goal\n- 修复登录" in zh and "### Done\n- 读了 auth.py" in zh
    assert "## Key Decisions\n- 用 bcrypt" in zh
    colon = ensure_sections("目标：修复登录\n下一步：写测试")
    assert "## Goal\n修复登录" in colon and "## Next Steps\n写测试" in colon


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        # the leak: the analysis names the tags
        (
            "<analysis>I will put it in <summary> tags as asked.</analysis>\n<summary>\n## Goal\n"
            "- g\n</summary>",
            "## Goal\n- g",
        ),
        ("<think>a</think>\n<think>b</think>\n## Goal\n- g", "## Goal\n- g"),  # two drafts
        ("lost opening tag</think>\n## Goal\n- g", "## Goal\n- g"),  # provider dropped <think>
        ("<analysis>never closed", ""),
        ("```markdown\n## Goal\n- g\n```", "## Goal\n- g"),
        ("```\n## Goal\n- g\n```", "## Goal\n- g"),
        ("<summary>\n```md\n## Goal\n- g\n```\n</summary>", "## Goal\n- g"),
        ("## Goal\n- g\n```python\nx = 1\n```", "## Goal\n- g\n```python\nx = 1\n```"),  # kept
        ("<summary>\n## Goal\n- unclosed summary", "## Goal\n- unclosed summary"),
        # tags named inline in the summary's own text are content
        ("## Goal\n- strip </think> tags", "## Goal\n- strip </think> tags"),
        ("## Goal\n- strip <think>…</think> blocks", "## Goal\n- strip <think>…</think> blocks"),
        # a quoted closing tag ending a line of a summary that opened as one (hypothesis found it)
        (
            "## Goal\n- said:\n</THINK>\n## Next Steps\n- n",
            "## Goal\n- said:\n</THINK>\n## Next Steps\n- n",
        ),
        (
            "- the model emits <think> tags\n## Goal\n- g",
            "- the model emits <think> tags\n## Goal\n- g",
        ),
    ],
)
def test_drafts_and_fences_are_removed_robustly(answer, expected):
    assert extract_summary(answer) == expected


@pytest.mark.parametrize("style", JUNK_STYLES)
def test_junk_is_refused(style):
    assert summary_problem(extract_summary(styled_summary(style, ITEMS))) is not None


@pytest.mark.parametrize(
    "answer",
    [
        "Sure, here is the summary of the conversation:\n## Goal\n- g",
        "Here is the summary:\n\n**Goal**\n- g",
        "以下是对话摘要：\n## 目标\n- 修复",
        "The user asked about the parser; we decided to keep the API.",
        "## Goal\n- g\n## Critical Context\n[User]: the exact error was E1234",
    ],
)
def test_what_only_looks_like_junk_is_a_summary(answer):
    assert summary_problem(extract_summary(answer)) is None


@pytest.mark.parametrize("style", GOOD_STYLES)
def test_a_compaction_with_each_format_is_committed_as_the_models(style):
    fake = StyledSummarizer(style)
    mgr = ContextManager(2_000, fake)
    messages = [SYSTEM]
    for k in range(12):
        messages += [user(f"#q{k} " + "q" * 400), assistant(f"#a{k} " + "a" * 400)]
    view = asyncio.run(mgr.prepare(messages))
    info = mgr.pending_compaction
    assert info is not None and info.rung == "model" and info.fallback_reason is None
    # chunks, each taken as it came: no repair request, no extractive fallback
    assert not any(r[-1].content.startswith(REPAIR_START) for r in fake.requests)
    assert _headings(info.summary.split("<read-files>")[0]) == CANONICAL
    assert view[1].content.startswith("[Context summary")
    assert not any(word in info.summary for word in DRAFT_WORDS)


def test_the_prompt_asks_for_the_conversations_language():
    zh = build_summary_request("[User]: 请重构解析器，让错误信息带上行号；保持公共接口稳定。", None)
    assert "write the summary in Chinese" in zh[1].content
    en = build_summary_request("[User]: please refactor the parser, keep the API", None)
    assert "Language:" not in en[1].content
    assert conversation_language("これはテストです。日本語の文章") == "Japanese"
    assert conversation_language("def f(x): return x  # 注释") is None  # mostly code: English


# ---------------------------------------------------------------- properties

_FORMS = ("## {}", "### {}", "## 1. {}", "**{}**", "{}:", "## **{}**", "{}：")
_NAMES = [(key, name) for key, names in HEADING_NAMES.items() for name in (key, *names)]
_WORD = st.text(
    alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyz0123456789 .,()-_/解析器接口测试"),
    min_size=1,
    max_size=40,
)


@st.composite
def content_lines(draw):
    line = draw(st.sampled_from(["- ", "", "  * ", "1. "])) + draw(_WORD)
    if not line.strip() or parse_heading(line) is not None or line.strip() == "- (none reported)":
        line = "- plain item"
    return line


@st.composite
def summaries(draw):
    """A model's answer: sections in any form and order, some content under each, maybe a
    draft before it, maybe prose before the first heading, maybe fenced whole."""
    parts = []
    lines: list[str] = []
    if draw(st.booleans()):
        pre = draw(content_lines())
        parts.append(pre)
        lines.append(pre)
    for _ in range(draw(st.integers(0, 8))):
        _key, name = draw(st.sampled_from(_NAMES))
        parts.append(draw(st.sampled_from(_FORMS)).format(name))
        for _ in range(draw(st.integers(0, 3))):
            line = draw(content_lines())
            parts.append(line)
            lines.append(line)
    text = "\n".join(parts)
    draft = draw(
        st.sampled_from(["", "<think>draft: <summary> tags</think>\n", "<analysis>x</analysis>"])
    )
    if draw(st.booleans()):
        text = f"```markdown\n{text}\n```"
    return draft + text, lines


@settings(max_examples=300, deadline=None)
@given(summaries())
def test_normalisation_keeps_every_line_and_always_yields_the_six_sections(case):
    answer, lines = case
    body = extract_summary(answer)
    normal = ensure_sections(body)
    assert _headings(normal) == CANONICAL
    assert ensure_sections(normal) == normal  # idempotent
    kept = {line.strip() for line in normal.splitlines()}
    for line in lines:  # never loses a line of content
        assert line.strip() in kept, (line, normal)
    assert "draft" not in normal and "<analysis>" not in normal
    assert all(h in normal.splitlines() for h in TOP_SECTIONS)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400))
def test_normalisation_never_raises_and_is_idempotent_on_any_text(text):
    normal = ensure_sections(extract_summary(text))
    assert _headings(normal)[: len(CANONICAL)] == CANONICAL or "#" in text
    assert ensure_sections(normal) == normal
