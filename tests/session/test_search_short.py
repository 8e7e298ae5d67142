"""One- and two-character queries: served by the short-term vocabulary, exactly as a scan would.

A trigram index cannot answer "qz"; the vocabulary of trigrams (with the pieces each is made
of) turns it into the trigrams holding it. These tests hold that rewrite to the plain
definition (a case-insensitive substring of the message), check that a rare short term goes
through the index and a common one through the bounded scan, and that the vocabulary stays
what a rebuild would make after files are replaced and forgotten.
"""

from __future__ import annotations

import sqlite3

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pi_desktop.context import Message
from pi_desktop.session import SessionLibrary, search_query
from pi_desktop.session.search_index import INDEX_FILE, SearchIndex
from pi_desktop.session.search_query import plan, trigrams

WAIT = 30
ALPHABET = "abqzAQZ 1.-_%\\é摘要"


def _session(library: SessionLibrary, *texts: str) -> str:
    with library.create(fsync=False) as session:
        for n, text in enumerate(texts):
            role = "user" if n % 2 == 0 else "assistant"
            session.append_message(Message(role=role, content=text))
        return session.path.stem


def _db(library: SessionLibrary) -> sqlite3.Connection:
    return sqlite3.connect(library.root / INDEX_FILE)


_PIECE = st.text(ALPHABET, max_size=6)


@st.composite
def library_and_query(draw):
    """A short query and messages of which some hold it (in any case, anywhere)."""
    query = draw(st.text(ALPHABET.replace(" ", ""), min_size=1, max_size=2))
    texts = []
    for _ in range(draw(st.integers(1, 8))):
        before, after = draw(_PIECE), draw(_PIECE)
        middle = draw(st.sampled_from([query, query.upper(), "", draw(_PIECE)]))
        texts.append(before + middle + after)
    return texts, query


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(case=library_and_query())
@example(case=(["É"], "é"))  # a message under three characters, folded beyond ASCII
def test_a_short_query_finds_exactly_the_messages_holding_it(tmp_path_factory, case):
    texts, query = case
    library = SessionLibrary(tmp_path_factory.mktemp("short") / "sessions")
    sessions = {_session(library, text): text for text in texts if text.strip()}
    expected = {sid for sid, text in sessions.items() if query.lower() in text.lower()}
    with SearchIndex(library.root) as index:
        index.start().result(WAIT)
        hits = index.search(query, limit=100).result(WAIT)
    assert {h.session_id for h in hits} == expected


def test_a_rare_short_term_goes_through_the_index_and_a_common_one_scans(library, monkeypatch):
    _session(library, "the quiz is about jazz", "then the answer", "ok")
    with SearchIndex(library.root) as index:
        index.start().result(WAIT)
        db = _db(library)
        rare = plan(db, ["qu"])
        assert not rare.scan and "msg_fts MATCH" in rare.sql
        assert '"qui"' in str(rare.params.values())
        assert [h.snippet for h in index.search("ZZ").result(WAIT)] == ["the quiz is about jazz"]
        assert index.search("ok").result(WAIT)  # a message shorter than a trigram
        assert index.search("k").result(WAIT)
        assert plan(db, ["xq"]).sql.startswith("SELECT t.id")  # no trigram holds it
        monkeypatch.setattr(search_query, "MAX_OR_GRAMS", 3)
        assert plan(db, ["e"]).scan  # in more trigrams than that: the bounded LIKE scan
        hits = index.search("e").result(WAIT)
        assert len(hits) == 1 and hits[0].hits == 2
        db.close()


def test_short_and_long_terms_combine(library):
    target = _session(library, "rewind the branch to qz point")
    _session(library, "rewind the branch elsewhere", "qz alone")
    with SearchIndex(library.root) as index:
        index.start().result(WAIT)
        assert [h.session_id for h in index.search("qz rewind").result(WAIT)] == [target]
        assert [h.session_id for h in index.search("qz 摘").result(WAIT)] == []


def _vocabulary(path) -> tuple[dict[str, int], set[tuple[str, str]]]:
    db = sqlite3.connect(path)
    try:
        grams = dict(db.execute("SELECT gram, docs FROM gram"))
        parts = set(db.execute("SELECT part, gram FROM gram_part"))
        return grams, parts
    finally:
        db.close()


def test_the_vocabulary_after_changes_equals_a_rebuild(library):
    keep = _session(library, "alpha beta", "gamma qz")
    gone = _session(library, "delta qz", "only here: xylophone")
    replaced = _session(library, "first version")
    with SearchIndex(library.root) as index:
        index.start().result(WAIT)
        index.forget(gone).result(WAIT)
        (library.root / f"{gone}.jsonl").unlink()
        path = library.root / f"{replaced}.jsonl"
        data = path.read_bytes().replace(b"first version", b"second take!!")
        path.unlink()
        path.write_bytes(data)  # a new file under the same name: indexed again from the start
        index.sync().result(WAIT)
        index.idle().result(WAIT)
        assert index.search("xy").result(WAIT) == []
        assert [h.session_id for h in index.search("qz").result(WAIT)] == [keep]
        assert index.search("!!").result(WAIT)[0].session_id == replaced
    live = _vocabulary(library.root / INDEX_FILE)
    for suffix in ("", "-wal", "-shm"):
        (library.root / f"{INDEX_FILE}{suffix}").unlink(missing_ok=True)
    with SearchIndex(library.root) as index:
        index.start().result(WAIT)
        assert index.rebuilds == 1
    assert live == _vocabulary(library.root / INDEX_FILE)
    assert "xyl" not in live[0] and "qz" not in {g for g in live[0] if len(g) < 3}


def test_trigrams_fold_case_and_leave_pure_cjk_out():
    assert trigrams("QZa") == {"qza"}
    assert trigrams("摘要模a") == {"要模a"}
    assert trigrams("ab") == set()


@pytest.fixture
def library(tmp_path) -> SessionLibrary:
    return SessionLibrary(tmp_path / "sessions")
