"""Compaction kinds and the user's edit of a summary: append-only, used by the cache after."""

from __future__ import annotations

import json

import pytest

from pi_desktop.context import Message
from pi_desktop.session import CompactionEntry, Session


def _session(tmp_path, turns: int = 6) -> Session:
    s = Session.create(tmp_path / "s.jsonl", system_prompt="sys", fsync=False)
    for k in range(turns):
        s.append_message(Message(role="user", content=f"q{k}"))
        s.append_message(Message(role="assistant", content=f"a{k}"))
    return s


def _compact(s: Session, summary: str, covered: int, **audit) -> str:
    path = s.get_current_path()
    kept = len(path) - (covered - 1)
    return s.add_summary_cache(
        summary, covered, [{}] * kept, first_kept_entry_id=path[covered - 1].id, **audit
    )


def test_kind_defaults_and_reads_old_lines(tmp_path):
    s = _session(tmp_path)
    auto = _compact(s, "first", 5)
    manual = _compact(s, "second", 7, manual=True)
    assert s.entries[auto].kind == "auto"
    assert s.entries[manual].kind == "manual"
    s.close()
    # a line written before ``kind`` existed
    lines = (tmp_path / "s.jsonl").read_text().splitlines()
    old = [json.loads(line) for line in lines]
    for raw in old:
        raw.pop("kind", None)
    (tmp_path / "old.jsonl").write_text("".join(json.dumps(r) + "\n" for r in old))
    again = Session.load(tmp_path / "old.jsonl", read_only=True)
    kinds = [e.kind for e in again.entries.values() if isinstance(e, CompactionEntry)]
    assert kinds == ["auto", "manual"]
    assert not again.problems


def test_edit_appends_an_edited_compaction_that_the_cache_uses(tmp_path):
    s = _session(tmp_path)
    original = _compact(s, "## Goal\nold text", 7, tokens_before=900, tokens_after=300)
    floor = s.compaction_floor
    size = (tmp_path / "s.jsonl").stat().st_size
    edited = s.add_edited_summary(
        original, "## Goal\nnew text", tokens_before=300, tokens_after=310
    )
    entry = s.entries[edited]
    assert entry.kind == "edited" and entry.edited_from == original
    assert entry.parent_id == s.entries[original].parent_id  # hangs beside the original
    assert s.compaction_floor == floor  # an edit does not move the floor
    assert s.entries[original].summary == "## Goal\nold text"  # the original stays
    assert (tmp_path / "s.jsonl").stat().st_size > size  # appended, nothing rewritten
    cache = s.get_latest_compaction_cache()
    assert cache["summary"] == "## Goal\nnew text"
    assert cache["covered_count"] == 7
    assert len(cache["retained_tail"]) == len(s.get_current_path()) - 6
    s.close()
    reread = Session.load(tmp_path / "s.jsonl", read_only=True)
    assert reread.get_latest_compaction_cache() == cache
    assert reread.latest_compaction().kind == "edited"


def test_refused_edits_say_why_and_write_nothing(tmp_path):
    s = _session(tmp_path)
    older = _compact(s, "one", 5)
    newer = _compact(s, "two", 9)
    size = (tmp_path / "s.jsonl").stat().st_size
    for cid, text, words in [
        (older, "edited", "only the summary in use"),
        (newer, "   ", "empty summary"),
        (newer, "two", "unchanged"),
        ("nope", "x", "no compaction"),
    ]:
        with pytest.raises(ValueError, match=words):
            s.add_edited_summary(cid, text)
    assert (tmp_path / "s.jsonl").stat().st_size == size
    with pytest.raises(TypeError):
        s.add_edited_summary(newer, "three", summary_model="x")


def test_markdown_export_names_the_edit_and_keeps_the_original(tmp_path):
    from pi_desktop.session.export import to_markdown

    s = _session(tmp_path)
    original = _compact(s, "## Goal\nold goal", 7)
    s.add_edited_summary(original, "## Goal\nnew goal")
    text = to_markdown(s)
    assert "Edited compaction" in text
    assert text.index("old goal") < text.index("new goal")
    s.close()
