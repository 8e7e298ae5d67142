"""The cross-session search index: derived from the JSONL files, kept up to date, rebuilt."""

from __future__ import annotations

import os
import re
import sqlite3

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pi_desktop.context import Message
from pi_desktop.session import SessionLibrary
from pi_desktop.session.search_index import (
    INDEX_FILE,
    SearchIndex,
    make_snippet,
    split_terms,
)

WAIT = 30


def _session(
    library: SessionLibrary, *texts: str, title: str | None = None
) -> tuple[str, list[str]]:
    with library.create(title=title, fsync=False) as session:
        ids = [
            session.append_message(Message(role="user" if n % 2 == 0 else "assistant", content=t))
            for n, t in enumerate(texts)
        ]
        return session.path.stem, ids


@pytest.fixture
def library(tmp_path) -> SessionLibrary:
    return SessionLibrary(tmp_path / "sessions")


def _search(index: SearchIndex, query: str, **kw):
    return index.search(query, **kw).result(WAIT)


def test_finds_messages_across_sessions_with_snippet_time_and_entry(library):
    a, a_ids = _session(library, "How do I rotate a log file?", "Use logrotate with a daily rule.")
    b, b_ids = _session(library, "Plan the trip", "Lorem ipsum dolor sit amet, logrotate again")
    _session(library, "Nothing relevant here", "Still nothing")
    with SearchIndex(library.root) as index:
        index.start().result(WAIT)
        hits = _search(index, "LOGROTATE")
        assert {h.session_id for h in hits} == {a, b}
        by_session = {h.session_id: h for h in hits}
        assert by_session[a].entry_id == a_ids[1]
        assert by_session[b].entry_id == b_ids[1]
        hit = by_session[a]
        assert hit.role == "assistant" and hit.timestamp and hit.timestamp.startswith("20")
        start, end = hit.match
        assert hit.snippet[start:end].lower() == "logrotate"
        assert hits[0].session_id == b  # newest first
        assert _search(index, "logrotate daily")[0].session_id == a  # terms AND together
        assert _search(index, "zebra") == []
        assert _search(index, "   ") == []


def test_chinese_text_is_found_also_with_a_short_query(library):
    zh, ids = _session(library, "我们今天讨论上下文压缩的实现细节", "好的，先看摘要模块")
    _session(library, "english only conversation", "no chinese at all")
    with SearchIndex(library.root) as index:
        index.start().result(WAIT)
        hits = _search(index, "上下文压缩")
        assert [(h.session_id, h.entry_id) for h in hits] == [(zh, ids[0])]
        assert hits[0].snippet[slice(*hits[0].match)] == "上下文压缩"
        short = _search(index, "摘要")  # two characters: below a trigram, the LIKE fallback
        assert [(h.session_id, h.entry_id) for h in short] == [(zh, ids[1])]
        assert [h.entry_id for h in _search(index, "压")] == [ids[0]]
        assert _search(index, "摘要 模块")[0].entry_id == ids[1]  # short AND long
        assert _search(index, "ab") == []


def test_the_index_follows_appends_of_an_open_session(library):
    with SearchIndex(library.root, batch_delay=0.01) as index:
        index.start().result(WAIT)
        session = library.create(fsync=False)
        unsubscribe = index.watch(session)
        try:
            assert _search(index, "quasar") == []
            first = session.append_message(Message(role="user", content="tell me about quasars"))
            index.idle().result(WAIT)
            assert [h.entry_id for h in _search(index, "quasar")] == [first]
            later = session.append_message(Message(role="assistant", content="A quasar is …"))
            index.idle().result(WAIT)
            hits = _search(index, "quasar")
            assert [(h.entry_id, h.hits) for h in hits] == [(later, 2)]
        finally:
            unsubscribe()
            session.close()
        stats = index.stats().result(WAIT)
        assert stats == {"messages": 2, "files": 1}


def test_a_restart_reads_only_what_was_appended_meanwhile(library):
    sid, _ = _session(library, "first words", "first answer")
    with SearchIndex(library.root) as index:
        index.start().result(WAIT)
        assert index.rebuilds == 1
    with library.open(sid) as session:  # written while no index ran
        extra = session.append_message(Message(role="user", content="nebula question"))
    _session(library, "another nebula")
    with SearchIndex(library.root) as index:
        index.start().result(WAIT)
        assert index.rebuilds == 0  # the file was reused, not rebuilt
        assert {h.entry_id for h in _search(index, "nebula")} >= {extra}
        assert index.stats().result(WAIT) == {"messages": 4, "files": 2}


def test_a_corrupt_index_file_is_rebuilt_from_the_sessions(library):
    _sid, ids = _session(library, "the crimson key opens the door")
    with SearchIndex(library.root) as index:
        index.start().result(WAIT)
    path = library.root / INDEX_FILE
    size = path.stat().st_size
    with open(path, "r+b") as handle:  # garbage over the header and the first pages
        handle.write(os.urandom(min(size, 8192)))
    with SearchIndex(library.root) as index:
        index.start().result(WAIT)
        assert index.rebuilds == 1 and index.problems
        assert [h.entry_id for h in _search(index, "crimson")] == [ids[0]]


def test_damage_found_later_is_rebuilt_too(library):
    _sid, ids = _session(library, "violet horizon")
    with SearchIndex(library.root) as index:
        index.start().result(WAIT)
        db = sqlite3.connect(library.root / INDEX_FILE)
        db.execute("DROP TABLE msg")  # someone broke it behind the worker's back
        db.commit()
        db.close()
        assert [h.entry_id for h in _search(index, "violet")] == [ids[0]]
        assert index.rebuilds == 2


def test_removed_and_replaced_files_leave_the_index(library):
    gone, _ = _session(library, "ephemeral note")
    kept, _ = _session(library, "ephemeral too")
    with SearchIndex(library.root) as index:
        index.start().result(WAIT)
        assert len(_search(index, "ephemeral")) == 2
        library.path_for(gone).unlink()
        index.sync().result(WAIT)
        assert [h.session_id for h in _search(index, "ephemeral")] == [kept]
        index.forget(kept).result(WAIT)
        assert _search(index, "ephemeral") == []


def test_tool_output_and_corrupt_lines_are_not_indexed(library):
    with library.create(fsync=False) as session:
        session.append_message(Message(role="user", content="run it"))
        session.append_message(
            Message(role="tool", content="secretive tool output", metadata={"tool_call_id": "c"})
        )
        path = session.path
    with open(path, "ab") as handle:
        handle.write(b'{"type":"message","id":"x","role":"user","content":"torn\n')
    with SearchIndex(library.root) as index:
        index.start().result(WAIT)
        assert _search(index, "secretive") == []
        assert _search(index, "torn") == []
        assert len(_search(index, "run")) == 1


def test_many_sessions_limit_and_per_session_grouping(library):
    ids = [_session(library, f"alpha {n}", f"alpha again {n}")[0] for n in range(12)]
    with SearchIndex(library.root) as index:
        index.start().result(WAIT)
        hits = _search(index, "alpha", limit=5)
        assert len(hits) == 5 and len({h.session_id for h in hits}) == 5
        assert {h.session_id for h in _search(index, "alpha")} == set(ids)


def test_split_terms_keeps_quoted_phrases():
    assert split_terms('  foo "bar baz"  qux ') == ["foo", "bar baz", "qux"]
    assert split_terms('"') == []


@given(st.text(max_size=300), st.text(min_size=1, max_size=8))
def test_snippet_span_points_at_the_term(content, term):
    snippet, span = make_snippet(content, [term])
    assert "\n" not in snippet and len(snippet) <= 300
    plain = len(content.lower()) == len(content) and len(term.lower()) == len(term)
    if not plain:
        return
    if term.lower() not in content.lower():
        assert span is None
        return
    assert span is not None
    start, end = span
    assert snippet[start:end].lower() == re.sub(r"\s+", " ", term).lower()


def test_closing_during_the_first_build_resumes_at_the_next_start(library):
    from pi_desktop.session.entries import MessageEntry, SessionHeader, dump_line

    library.root.mkdir(parents=True)
    for s in range(30):
        lines = [dump_line(SessionHeader(id=f"s{s:02d}"))]
        lines += [
            dump_line(MessageEntry(role="user", content=f"kestrel {s} {m} " + "words " * 30))
            for m in range(500)
        ]
        (library.root / f"s{s:02d}.jsonl").write_bytes(b"".join(lines))
    index = SearchIndex(library.root)
    index.start()
    index.close()  # at once: the catch-up stops after the file it is in
    assert not index._thread.is_alive()
    with SearchIndex(library.root) as again:
        again.start().result(WAIT)
        assert again.stats().result(WAIT) == {"messages": 15_000, "files": 30}
        assert [h.session_id for h in _search(again, '"kestrel 29 499"')] == ["s29"]


def test_a_common_term_walks_only_the_newest_matches_and_says_so(library):
    """The walk is bounded: a word in every message costs what a rare one does, and the
    answer says it may be incomplete; interleaved sessions still group correctly."""
    solo = [_session(library, *(f"common word {n}.{k}" for k in range(6)))[0] for n in range(5)]
    a, b = library.create(fsync=False), library.create(fsync=False)
    with SearchIndex(library.root, batch_delay=0.01) as index:
        index.start().result(WAIT)
        for session in (a, b):
            index.watch(session)
        newest = {}
        for k in range(6):
            for session in (a, b):  # the two sessions grow interleaved
                newest[session.path.stem] = session.append_message(
                    Message(role="user", content=f"common again {k}")
                )
                index.idle().result(WAIT)
        a.close()
        b.close()
        full = _search(index, "common")
        assert full.complete
        assert {h.session_id for h in full} == set(solo) | set(newest)
        assert [h.session_id for h in full][:2] == [b.path.stem, a.path.stem]
        assert {h.session_id: h.entry_id for h in full[:2]} == newest
        assert [h.hits for h in full[:2]] == [6, 6]
        bounded = _search(index, "common", max_hits=12)  # just the interleaved twelve
        assert not bounded.complete
        assert {h.session_id: h.entry_id for h in bounded} == newest
        limited = _search(index, "common", limit=3)
        assert len(limited) == 3 and not limited.complete


def test_a_query_during_the_first_build_says_it_is_still_indexing(library, monkeypatch):
    from pi_desktop.session.entries import MessageEntry, SessionHeader, dump_line

    library.root.mkdir(parents=True)
    for s in range(20):
        lines = [dump_line(SessionHeader(id=f"s{s:02d}"))]
        lines += [dump_line(MessageEntry(role="user", content=f"osprey {m}")) for m in range(100)]
        (library.root / f"s{s:02d}.jsonl").write_bytes(b"".join(lines))
    index = SearchIndex(library.root)
    during = []
    real_chunk = SearchIndex._index_chunk

    def chunk(self, *args):  # the user types while the first file is being read
        if not during:
            during.append(self.search("osprey"))
        return real_chunk(self, *args)

    monkeypatch.setattr(SearchIndex, "_index_chunk", chunk)
    with index:
        index.start().result(WAIT)
        hits = during[0].result(WAIT)
        assert hits.indexing and len(hits) < 20  # answered between two files of the catch-up
        after = _search(index, "osprey")
        assert not after.indexing and len(after) == 20


def test_a_search_sees_an_append_still_waiting_for_its_batch(library):
    with SearchIndex(library.root, batch_delay=30) as index:  # the batch would come much later
        index.start().result(WAIT)
        with library.create(fsync=False) as session:
            index.watch(session)
            written = session.append_message(Message(role="user", content="a heron flew by"))
            assert [h.entry_id for h in _search(index, "heron")] == [written]
