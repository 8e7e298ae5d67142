"""Export of the current branch, checked by parsing what comes out (never by string snapshots)."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from pi_desktop.context import Message
from pi_desktop.session import Session
from pi_desktop.session.export import (
    CSP,
    FORMATS,
    branch_items,
    demote_headings,
    escape_html_outside_code,
    export_bytes,
    to_html,
    to_jsonl,
    to_markdown,
)
from pi_desktop.session.export_html import render_markdown
from tests.kit.messages import assistant, user
from tests.session.helpers import compact_here

_COMMONMARK = MarkdownIt("commonmark", {"html": True})
HOSTILE = '<script>alert(1)</script><img src="http://evil.example/x.png" onerror="alert(2)">'


def _call(call_id: str, name: str, args: dict) -> dict:
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(args)},
    }


def build(tmp_path: Path) -> tuple[Session, list[str], list[str]]:
    """A session with a tool round, two compactions on the branch, and an abandoned branch
    that the export must leave out. Returns the session, the ids of
    the current path and the ids of the off-branch entries."""
    s = Session.create(tmp_path / "s.jsonl", system_prompt="You are helpful.", title="Demo")
    s.append_message(user("# Title from user\nread notes.txt please"))
    s.append_message(
        Message(
            role="assistant",
            content="I'll read it.",
            metadata={"tool_calls": [_call("c1", "read_file", {"path": "notes.txt"})]},
        )
    )
    s.append_message(
        Message(
            role="tool",
            content="line one\n```\n" + HOSTILE,
            metadata={"tool_call_id": "c1", "name": "read_file"},
        )
    )
    fork_point = s.append_message(assistant("It says hello.\nSetext\n---\nend"))
    compact_here(s, tokens_before=900, tokens_after=300, summarized_count=3)
    s.append_message(user("go on " + HOSTILE))
    s.append_message(assistant("abandoned answer"))
    off = [s.current_id]
    s.rewind(s.get_current_path()[-2].id)
    s.append_message(assistant("the kept answer " + HOSTILE))
    compact_here(s, summary_model="offline-demo")
    assert fork_point
    return s, [e.id for e in s.get_current_path()], off


# ------------------------------------------------------------------ Markdown


def test_markdown_has_one_h2_per_message_and_compaction_in_order(tmp_path):
    s, _, _ = build(tmp_path)
    md = to_markdown(s)
    h2 = [line[3:] for line in md.splitlines() if line.startswith("## ")]
    expected = ["System prompt"]
    for item in branch_items(s):
        if item.type == "compaction":
            expected.append("compaction")
        elif item.role == "tool":
            expected.append("Tool result: read_file")
        else:
            expected.append(item.role.capitalize())
    got = ["compaction" if h.startswith(("Compaction", "Manual compaction")) else h for h in h2]
    assert got == expected
    assert md.count("<details>") == 2 + 1 + 1  # 2 summaries, 1 tool call, 1 tool result
    assert "abandoned answer" not in md
    assert md.splitlines()[0] == "# Demo"
    # the user's own "# Title" is demoted below the export's level
    assert "### Title from user" in md
    assert sum(1 for line in md.splitlines() if re.match(r"# ", line)) == 1


def test_markdown_has_no_raw_html_outside_code(tmp_path):
    with Session.create(tmp_path / "m.jsonl", fsync=False, title="<img src=x>") as s:
        s.append_message(user(HOSTILE + " and `<kbd>` in code"))
        s.append_message(assistant("```html\n<script>ok in a fence</script>\n```\n<b>x</b>"))
        md = to_markdown(s)
    assert "<script>alert(1)" not in md and "&lt;script>alert(1)" in md
    assert "<img" not in md and "# &lt;img src=x>" in md
    assert "`<kbd>`" in md  # code spans show their text as written
    assert "<script>ok in a fence</script>" in md and "&lt;b>x&lt;/b>" in md


@given(st.text(alphabet="<`ab \n", max_size=40))
def test_html_escape_keeps_code_spans_and_escapes_the_rest(text):
    for line in text.split("\n"):
        out = escape_html_outside_code(line)
        assert out.replace("&lt;", "<") == line
        outside = re.sub(r"(?<!`)(`+)(?!`).*?(?<!`)\1(?!`)", "", out)
        assert "<" not in outside


def test_markdown_fences_the_summary_file_lists(tmp_path):
    with Session.create(tmp_path / "f.jsonl", fsync=False) as s:
        s.append_message(user("hi"))
        s.add_summary_cache(
            "## Goal\n- x\n\n<read-files>\na.py\n</read-files>\n\n<modified-files>\nb.py\n"
            "</modified-files>",
            1,
            [],
        )
        md = to_markdown(s)
    assert "```\n<read-files>\na.py\n</read-files>\n```" in md
    assert "```\n<modified-files>\nb.py\n</modified-files>\n```" in md
    assert "#### Goal" in md  # the summary's own headings sit below the export's


def test_markdown_fences_tool_output_longer_than_its_backticks(tmp_path):
    s, _, _ = build(tmp_path)
    md = to_markdown(s)
    # the tool result contains a ``` line: its fence must be longer
    assert "````\nline one\n```\n" in md


@given(st.text(alphabet="#=-`~ ab\n", max_size=80))
@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_demoted_text_never_makes_a_level_one_or_two_heading(text):
    """Checked by a CommonMark parser: no h1/h2, nothing left open after the text."""
    out = demote_headings(text)
    tokens = _COMMONMARK.parse(out + "\n\nafter\n")
    assert not [t for t in tokens if t.type == "heading_open" and t.tag in ("h1", "h2")], out
    assert tokens[-2].content == "after" and tokens[-3].level == 0, out


# ------------------------------------------------------------------ HTML


class _Tags(HTMLParser):
    """Every start tag with its attributes, as a browser's tokenizer sees them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def _dom(page: str) -> ET.Element:
    return ET.fromstring(page.split("\n", 1)[1])  # past the doctype line


def test_html_lists_every_branch_message_in_order_with_details(tmp_path):
    s, path_ids, off = build(tmp_path)
    page = to_html(s)
    root = _dom(page)
    system, *sections = root.findall(".//main/section")
    assert system.get("data-role") == "system" and "You are helpful." in "".join(system.itertext())
    ids = [sec.get("id") for sec in sections]
    assert ids == [f"m-{i}" for i in path_ids]
    for sec, entry in zip(sections, s.get_current_path(), strict=True):
        assert sec.get("data-role") == entry.role
        text = "".join(sec.itertext())
        if entry.role == "tool":
            assert entry.content in text  # tool output is shown verbatim
        else:  # message text is rendered Markdown: its text survives, its syntax is gone
            rendered = ET.fromstring(f"<div>{render_markdown(entry.content)}</div>")
            assert "".join(rendered.itertext()) in text
    tool_calls = root.findall(".//details[@class='tool-call']")
    assert len(tool_calls) == 1 and "notes.txt" in "".join(tool_calls[0].itertext())
    assert len(root.findall(".//details[@class='tool-result']")) == 1
    summaries = root.findall(".//aside[@class='compaction']/details[@class='summary']")
    assert len(summaries) == 2
    # each compaction marker comes right after the message it hangs off
    children = list(root.find(".//main"))
    for i, node in enumerate(children):
        if node.tag == "aside":
            parent_ids = [c.get("id") for c in children[:i] if c.get("data-role") != "system"]
            assert parent_ids[-1] == f"m-{node.get('data-parent')}"
    for gone in off:
        assert gone not in page


def test_html_is_inert_even_with_hostile_messages(tmp_path):
    s, _, _ = build(tmp_path)
    page = to_html(s)
    parser = _Tags()
    parser.feed(page)
    parser.close()
    tags = [tag for tag, _ in parser.tags]
    assert "script" not in tags
    assert "img" not in tags and "iframe" not in tags and "link" not in tags
    for _tag, attrs in parser.tags:
        assert not any(name.startswith("on") for name in attrs)
        assert "src" not in attrs and "href" not in attrs
    metas = [a for t, a in parser.tags if t == "meta" and a.get("http-equiv")]
    assert metas and metas[0]["content"] == CSP
    assert "default-src 'none'" in CSP and "script-src 'none'" in CSP
    assert "<script>alert(1)</script>" in "".join(parser.text)  # shown, as text
    assert tags.count("style") == 1


def test_html_style_matches_the_csp_hash(tmp_path):
    import base64
    import hashlib

    s, _, _ = build(tmp_path)
    page = to_html(s)
    style = re.search(r"<style>(.*?)</style>", page, re.S).group(1)
    digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
    assert f"'sha256-{digest}'" in CSP


_RENDERED_TAGS = {
    "p", "h3", "h4", "h5", "h6", "em", "strong", "code", "pre", "ul", "ol", "li", "blockquote",
    "hr", "br", "a", "table", "thead", "tbody", "tr", "th", "td", "s",
}  # fmt: skip


@given(st.text(min_size=1, max_size=200))
@settings(max_examples=100, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_message_text_renders_inert(tmp_path_factory, text):
    """Whatever a message says, the page is well-formed and holds only rendered Markdown."""
    path = tmp_path_factory.mktemp("h") / "s.jsonl"
    with Session.create(path, fsync=False, title=text) as s:
        s.append_message(user(text))
        s.append_message(assistant(text + "\n\n<script>x</script> [a](javascript:alert(1))"))
        root = _dom(to_html(s))
        sections = root.findall(".//main/section")
        assert len(sections) == 2
        for sec in sections:
            body = sec.find("div")
            if body is None:
                continue  # a message that renders to nothing (a link definition, spaces)
            for node in body.iter():
                if node is body:
                    continue
                assert node.tag in _RENDERED_TAGS, node.tag
                assert not any(name.startswith("on") or name == "src" for name in node.attrib)
                href = node.get("href")
                assert href is None or not href.lower().startswith(("javascript", "data", "vb"))
        assert root.find(".//script") is None and root.find(".//img") is None
        assert "<script>x</script>" in "".join(sections[1].itertext())


# ------------------------------------------------------------------ JSONL


def test_jsonl_reloads_as_the_same_path_with_byte_identical_lines(tmp_path):
    s, path_ids, off = build(tmp_path)
    data = to_jsonl(s)
    original = set((tmp_path / "s.jsonl").read_bytes().splitlines())
    lines = data.splitlines()
    assert all(line in original for line in lines)
    out = tmp_path / "exported.jsonl"
    out.write_bytes(data)
    with Session.load(out, read_only=True) as again:
        assert again.problems == []
        assert [e.id for e in again.get_current_path()] == path_ids
        assert again.get_full_history_messages() == s.get_full_history_messages()
        assert again.system_prompt == s.system_prompt and again.title == s.title
        assert again.get_latest_compaction_cache() == s.get_latest_compaction_cache()
        kept = {e.id for e in again.entries.values() if e.type == "compaction"}
        assert kept == {i.id for i in branch_items(s) if i.type == "compaction"}
    for gone in off:
        assert gone.encode() not in data


def test_jsonl_skips_a_torn_last_line(tmp_path):
    s, path_ids, _ = build(tmp_path)
    s.close()
    with open(tmp_path / "s.jsonl", "ab") as fh:
        fh.write(b'{"type":"message","id":"tor')
    again = Session.load(tmp_path / "s.jsonl", read_only=True)
    data = to_jsonl(again)
    assert b'"tor' not in data
    out = tmp_path / "e.jsonl"
    out.write_bytes(data)
    assert [e.id for e in Session.load(out, read_only=True).get_current_path()] == path_ids


def test_export_bytes_dispatches_and_refuses_unknown(tmp_path):
    s, _, _ = build(tmp_path)
    assert set(FORMATS) == {"markdown", "html", "jsonl"}
    assert export_bytes(s, "markdown").decode().startswith("# Demo")
    assert export_bytes(s, "html").startswith(b"<!DOCTYPE html>")
    assert export_bytes(s, "jsonl") == to_jsonl(s)
    with pytest.raises(ValueError, match="unknown export format"):
        export_bytes(s, "pdf")


def test_empty_session_exports(tmp_path):
    with Session.create(tmp_path / "e.jsonl") as s:
        assert to_markdown(s).startswith("# Untitled session")
        assert _dom(to_html(s)).findall(".//main/section") == []
        assert Session.load(tmp_path / "e.jsonl", read_only=True).entries == {}
        assert to_jsonl(s).count(b"\n") == 1


def test_reasoning_is_exported_collapsed_before_the_answer(tmp_path):
    from pi_desktop.context import Message
    from pi_desktop.session import Session
    from pi_desktop.session.export import to_html, to_markdown

    session = Session.create(tmp_path / "r.jsonl", fsync=False)
    session.append_message(Message(role="user", content="6 x 7?"))
    session.append_message(
        Message(role="assistant", content="42", metadata={"reasoning": "six <sevens> & more"})
    )
    md = to_markdown(session)
    assert "<summary>Thinking (19 chars)</summary>" in md
    assert md.index("six <sevens> & more") < md.index("\n42\n")
    page = to_html(session)
    assert '<details class="thinking"><summary>Thinking (19 chars)</summary>' in page
    assert "six &lt;sevens&gt; &amp; more" in page and "<sevens>" not in page
    session.close()
