"""Export injection (issue 20): the five constructions that let raw HTML through the Markdown
export, checked the way a hostile preview would see them — rendered by a CommonMark renderer
with raw HTML on (markdown-it-py), the rendered HTML parsed — plus the HTML page's rendering,
titles, language and dates, and the export targets that must be refused."""

from __future__ import annotations

import os
from datetime import datetime
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from pi_desktop.context import Message
from pi_desktop.session import Session, SessionLibrary
from pi_desktop.session.export import export_refusal, to_html, to_markdown
from pi_desktop.session.export_html import page_lang
from pi_desktop.session.md_safe import demote_headings
from tests.kit.messages import assistant, user

PAYLOAD = "<img src=x onerror=\"fetch('http://127.0.0.1:9/pwned')\">"
# what a hostile preview may show of our own structure; anything else is an injection
OURS = {"details", "summary"}
MARKDOWN_TAGS = {
    "h1", "h2", "h3", "h4", "h5", "h6", "p", "em", "strong", "code", "pre", "ul", "ol", "li",
    "blockquote", "hr", "br", "a", "table", "thead", "tbody", "tr", "th", "td",
}  # fmt: skip

HOSTILE_PREVIEW = MarkdownIt("commonmark", {"html": True})


class _Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.attrs: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs += [name for name, _ in attrs]

    handle_startendtag = handle_starttag

    def handle_data(self, data):
        self.text.append(data)


def elements(page: str) -> _Elements:
    parser = _Elements()
    parser.feed(page)
    parser.close()
    return parser


def assert_no_raw_html(markdown: str, *, payload_shown: bool = True) -> None:
    for renderer in (HOSTILE_PREVIEW, MarkdownIt("commonmark", {"html": True}).enable("table")):
        found = elements(renderer.render(markdown))
        assert set(found.tags) <= MARKDOWN_TAGS | OURS, set(found.tags) - MARKDOWN_TAGS - OURS
        assert not [a for a in found.attrs if a.startswith("on") or a == "src"], found.attrs
        if payload_shown:  # nothing lost: the payload is there, as text
            assert "onerror" in "".join(found.text)


def _session(tmp_path: Path, *texts: str, summary: str | None = None) -> Session:
    s = Session.create(tmp_path / "s.jsonl", fsync=False, title="t")
    for n, text in enumerate(texts):
        s.append_message(user(text) if n % 2 == 0 else assistant(text))
    if summary is not None:
        s.add_summary_cache(summary, 1, [])
    return s


CONSTRUCTIONS = {
    "backslash-escaped-backtick": (f"see \\`{PAYLOAD}` here",),
    "backtick-in-info-string": (f"```js`x\n{PAYLOAD}\n```",),
    "fence-line-with-info-does-not-close": (f"```\ncode\n```js\nstill code\n```\n{PAYLOAD}",),
    "unclosed-fence-then-payload-next-message": ("```\nnever closed", f"```\n{PAYLOAD}"),
}


@pytest.mark.parametrize("texts", CONSTRUCTIONS.values(), ids=CONSTRUCTIONS.keys())
def test_the_markdown_export_lets_no_raw_html_through(tmp_path, texts):
    with _session(tmp_path, *texts) as s:
        assert_no_raw_html(to_markdown(s))


def test_a_summary_opening_a_fence_before_its_file_list_lets_no_raw_html_through(tmp_path):
    summary = (
        f"## Goal\n- x\n```\n\n<read-files>\na.py\n{PAYLOAD}\n</read-files>\n\n"
        f"<modified-files>\nb.py\n</modified-files>\nafter {PAYLOAD}"
    )
    with _session(tmp_path, "q", summary=summary) as s:
        md = to_markdown(s)
    assert_no_raw_html(md)
    assert "a.py" in md and "b.py" in md


def test_the_five_constructions_in_one_session(tmp_path):
    texts = [t for pair in CONSTRUCTIONS.values() for t in pair]
    summary = f"```\n<read-files>\n{PAYLOAD}\n</read-files>"
    with _session(tmp_path, *texts, summary=summary) as s:
        assert_no_raw_html(to_markdown(s))
        page = to_html(s)
    found = elements(page)
    assert "img" not in found.tags and "script" not in found.tags
    assert "onerror" in "".join(found.text)  # shown as text


def test_containers_the_line_rules_cannot_follow_are_shown_as_code(tmp_path):
    """A fence inside a list item closes where the line rules do not see it: checked."""
    text = f"- ```\n  x\n  ```\n{PAYLOAD}"
    out = demote_headings(text)
    assert_no_raw_html(out)
    multi_line_span = f"`a\nb` {PAYLOAD} `"
    assert_no_raw_html(demote_headings(multi_line_span))


def test_ordinary_markdown_keeps_its_code_and_its_look(tmp_path):
    text = "Use `<kbd>` and\n\n```html\n<b>in a fence</b>\n```\n\n# Heading\n\n1 < 2 and **bold**"
    out = demote_headings(text)
    assert "`<kbd>`" in out and "<b>in a fence</b>" in out and "### Heading" in out
    assert "1 &lt; 2" in out
    html = HOSTILE_PREVIEW.render(out)
    assert "<code>&lt;kbd&gt;</code>" in html and "<strong>bold</strong>" in html


@given(st.text(alphabet="<`\\~ab-*>|\n\r ", max_size=60))
@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_no_text_makes_raw_html_or_leaves_a_block_open(text):
    out = demote_headings(text)
    assert_no_raw_html(out + "\n\n<details>\n\nafter\n", payload_shown=False)
    tokens = HOSTILE_PREVIEW.parse(out + "\n\nafter\n")
    assert tokens[-2].content == "after" and tokens[-3].level == 0


_PIECES = [
    PAYLOAD, "```", "````", "~~~", "```js`", "- ", "> ", "    ", "\\`", "`", "``", "|", "\n",
    "\n\n", "a", " ", "1. ", "#", "---", "[x]: /u '", "'", "<", "*", "\r", "\t",
]  # fmt: skip


@given(st.lists(st.lists(st.sampled_from(_PIECES), max_size=25), min_size=1, max_size=3))
@settings(max_examples=300, deadline=None)
def test_no_sequence_of_messages_makes_raw_html(messages):
    """Composed the way the export composes them: one message cannot open HTML in the next."""
    doc = "".join(f"## M\n\n{demote_headings(''.join(m))}\n\n" for m in messages)
    assert_no_raw_html(doc + "<details>\n<summary>x</summary>\n\nend\n\n</details>\n",
                       payload_shown=False)  # fmt: skip


# ------------------------------------------------------------------ the HTML page


def test_the_html_export_renders_markdown_with_raw_html_off(tmp_path):
    text = f"**bold** and `code`\n\n```py\nprint(1)\n```\n\n{PAYLOAD} [ok](https://example.org)"
    text += " [bad](javascript:alert(1)) ![img](https://example.org/x.png)"
    with _session(tmp_path, text) as s:
        page = to_html(s)
    found = elements(page)
    assert "strong" in found.tags and "pre" in found.tags and "code" in found.tags
    assert "img" not in found.tags and "script" not in found.tags
    assert 'href="https://example.org"' in page and 'href="javascript' not in page
    assert 'rel="noopener noreferrer nofollow"' in page
    assert "**bold**" not in page  # no raw Markdown syntax


def test_bidi_controls_in_a_title_are_written_out(tmp_path):
    title = "invoice\u202egnp.exe\u2066"
    with Session.create(tmp_path / "s.jsonl", fsync=False, title=title) as s:
        page = to_html(s)
        md = to_markdown(s)
    head = page.split("<main>")[0]
    assert "\u202e" not in head and "\u2066" not in head
    assert "<title>invoice⟦U+202E⟧gnp.exe⟦U+2066⟧</title>" in head
    assert "\u202e" not in md.splitlines()[0] and "⟦U+202E⟧" in md.splitlines()[0]


def test_the_page_says_its_language_and_shows_local_dates(tmp_path, monkeypatch):
    with _session(tmp_path, "hallo") as s:
        stamp = s.get_current_path()[0].timestamp
        page = to_html(s, lang="de-DE", format_time=lambda d: d.strftime("%d.%m.%Y um %H:%M"))
        monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
        default = to_html(s)
    assert '<html lang="de-DE">' in page
    when = datetime.fromisoformat(stamp).strftime("%d.%m.%Y um %H:%M")
    assert f'<time datetime="{stamp}">{when}</time>' in page
    assert '<html lang="fr-FR">' in default
    assert page_lang("C") == "en" and page_lang('x" onload="y') == "en"


# ------------------------------------------------------------------ export targets


def test_an_export_onto_the_open_session_inside_the_library_or_a_link_is_refused(tmp_path):
    lib = SessionLibrary(tmp_path / "lib")
    with lib.create(fsync=False) as s:
        s.append_message(Message(role="user", content="q"))
        own = s.path
        assert "open session's own file" in export_refusal(s, own)
        assert "pi-desktop's sessions" in export_refusal(s, lib.root / "other.md", lib.root)
        link = tmp_path / "out.md"
        link.symlink_to(tmp_path / "elsewhere.md")
        assert "symbolic link" in export_refusal(s, link)
        hard = tmp_path / "hard.jsonl"
        os.link(own, hard)
        assert "open session's own file" in export_refusal(s, hard)
        assert export_refusal(s, tmp_path / "fine.md", lib.root) is None


def test_message_headings_sit_below_the_pages_own(tmp_path):
    with _session(tmp_path, "# Plan\n\n## Step\n\n###### deep") as s:
        page = to_html(s)
    main = page.split("<main>")[1]
    assert "<h3>Plan</h3>" in main and "<h4>Step</h4>" in main and "<h6>deep</h6>" in main
    assert "<h1" not in main
