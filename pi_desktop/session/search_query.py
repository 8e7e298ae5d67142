"""What a cross-session search asks and answers: terms, hits, snippets and the query plan.

Pure functions over strings and the index's tables (no threads, no files), so the planning
rules are tested on a small database and :mod:`pi_desktop.session.search_index` keeps to
the worker, the files and the schema.

The plan, per term (see :func:`plan`):

- three characters or more: FTS5's ``trigram`` index (``msg_fts``);
- one or two CJK characters alone (everyday words there): ``cjk_fts``, each message's CJK
  characters as separate tokens, where a phrase query finds them;
- one or two other characters: the **short-term vocabulary**. ``gram`` holds every trigram
  the messages contain (pure-CJK ones aside) with how many messages hold it, and
  ``gram_part`` maps each 1- and 2-character piece of a trigram to it. Any message of three
  characters or more that contains ``qz`` contains one of the trigrams holding ``qz``, so
  ``msg_fts MATCH '"qza" OR "xqz" …'`` finds exactly those messages through the index;
  messages shorter than a trigram are kept in ``tiny`` and matched there. A common piece
  ("e": in more than ``MAX_OR_GRAMS`` trigrams, or in a trigram that one message in
  ``DENSE_SHARE`` holds, ``DENSE_MIN_DOCS`` at least) filters the other terms' matches
  with ``LIKE``, or, alone, scans the newest ``MAX_LIKE_ROWS`` messages, where it fills the
  walk at once. (SQLite 3.40's trigram tokenizer answers a short non-ASCII ``LIKE`` with no
  rows, so that scan goes around the index on purpose: ``+f.content``.)
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass

MIN_TRIGRAM = 3
MAX_OR_GRAMS = 400  # a short piece found in more trigrams than this is common: LIKE serves it
DENSE_SHARE = 20  # a trigram in one message of 20 or more: its piece is common (LIKE serves it)
DENSE_MIN_DOCS = 5_000  # … when that is many messages too (a small library: the union is cheap)
SNIPPET_BEFORE = 32
SNIPPET_AFTER = 90
_TERM_RE = re.compile(r'"([^"]+)"|(\S+)')
_SPACE_RE = re.compile(r"\s+")
# CJK ideographs, kana and Hangul: words of one or two characters are everyday words there
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
_CJK_RUN_RE = re.compile(f"[{_CJK}]+")
_CJK_ONLY_RE = re.compile(f"^[{_CJK}]+$")


@dataclass(frozen=True)
class SearchHit:
    """The newest matching message of one session.

    ``match`` is the span of the first matched term inside ``snippet`` (for highlighting);
    ``hits`` counts this session's matching messages among those the query looked at.
    """

    session_id: str
    entry_id: str
    role: str
    timestamp: str | None
    snippet: str
    match: tuple[int, int] | None
    hits: int


class SearchHits(list[SearchHit]):
    """The hits of one query; ``complete`` is False when more sessions may match than were
    looked at (a common word: only the newest matches are walked); ``indexing`` is True while
    the index is still catching up with the library (more may match in a moment)."""

    def __init__(
        self, hits: Iterable[SearchHit] = (), *, complete: bool = True, indexing: bool = False
    ) -> None:
        super().__init__(hits)
        self.complete = complete
        self.indexing = indexing


def split_terms(query: str) -> list[str]:
    """Whitespace-separated terms; ``"a phrase"`` in double quotes stays one term."""
    terms = []
    for quoted, bare in _TERM_RE.findall(query):
        term = " ".join((quoted or bare).split()).strip('"')
        if term:
            terms.append(term)
    return terms


def make_snippet(content: str, terms: Iterable[str]) -> tuple[str, tuple[int, int] | None]:
    """A one-line excerpt around the first occurrence of any term, and that term's span."""
    low = content.lower()
    if len(low) != len(content):  # a rare letter whose lower case is longer: match as written
        low = content
    found = [(at, len(t)) for t in terms if (at := low.find(t.lower())) >= 0]
    if not found:
        return _collapse(content[: SNIPPET_BEFORE + SNIPPET_AFTER]).strip(), None
    at, length = min(found)
    start = max(0, at - SNIPPET_BEFORE)
    end = min(len(content), at + length + SNIPPET_AFTER)
    head = "…" if start > 0 else ""
    pre = _collapse(content[start:at]).lstrip()
    mid = _collapse(content[at : at + length])
    post = _collapse(content[at + length : end]).rstrip()
    tail = "…" if end < len(content) else ""
    lead = len(head) + len(pre)
    return f"{head}{pre}{mid}{post}{tail}", (lead, lead + len(mid))


def _collapse(text: str) -> str:
    return _SPACE_RE.sub(" ", text)


def cjk_chars(text: str) -> str:
    """The CJK characters of ``text`` as space-separated tokens, runs kept apart by a filler
    token, so a phrase query finds one- and two-character words the trigram index cannot."""
    return " 0 ".join(" ".join(run) for run in _CJK_RUN_RE.findall(text))


def trigrams(text: str) -> set[str]:
    """The distinct trigrams of ``text`` as the vocabulary keeps them: lower case (as the
    trigram tokenizer folds), pure-CJK ones left out (``cjk_fts`` serves those words)."""
    low = text.lower()
    grams = {low[i : i + 3] for i in range(len(low) - 2)}
    if _CJK_RUN_RE.search(low):
        grams = {g for g in grams if not _CJK_ONLY_RE.match(g)}
    return grams


def fts_phrase(term: str) -> str:
    return '"' + term.replace('"', '""') + '"'


def like_pattern(term: str) -> str:
    escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def short_grams(db: sqlite3.Connection, term: str) -> list[str] | None:
    """The trigrams holding the short ``term``, or None when it is common: in more than
    ``MAX_OR_GRAMS`` trigrams, or one of them in over ``1 / DENSE_SHARE`` of the messages.
    Then a ``LIKE`` over the newest messages fills the walk sooner than their union would."""
    rows = db.execute(
        "SELECT p.gram, g.docs FROM gram_part AS p JOIN gram AS g ON g.gram = p.gram "
        "WHERE p.part = ? LIMIT ?",
        (term.lower(), MAX_OR_GRAMS + 1),
    ).fetchall()
    if len(rows) > MAX_OR_GRAMS:
        return None
    most = max((docs for _gram, docs in rows), default=0)
    if most >= DENSE_MIN_DOCS:
        messages = db.execute("SELECT max(id) FROM msg").fetchone()[0] or 0
        if most * DENSE_SHARE >= messages:
            return None
    return [gram for gram, _docs in rows]


@dataclass(frozen=True)
class Plan:
    """How one query selects its messages: ``sql`` yields their row ids as ``id``, newest
    first, at most ``:cap`` of them and none at or below ``:floor``; ``scan`` when it walks
    rows rather than index entries (the caller then bounds it by ``MAX_LIKE_ROWS``)."""

    sql: str
    params: dict[str, object]
    scan: bool


class _Params(dict[str, object]):
    def add(self, value: object) -> str:
        name = f"p{len(self)}"
        self[name] = value
        return f":{name}"


def plan(db: sqlite3.Connection, terms: list[str]) -> Plan:
    """The plan for ``terms`` (every term must be in a message): see the module docstring."""
    long = [t for t in terms if len(t) >= MIN_TRIGRAM]
    short = [t for t in terms if len(t) < MIN_TRIGRAM]
    params = _Params()
    if not long and all(_CJK_ONLY_RE.match(t) for t in short):
        phrases = " AND ".join(fts_phrase(" ".join(t)) for t in short)
        return Plan(_newest("cjk_fts", [f"f.cjk_fts MATCH {params.add(phrases)}"]), params, False)
    groups = [fts_phrase(t) for t in long]
    likes: list[str] = []
    only_tiny = False  # a short term no trigram holds: only a message under three chars can
    for term in short:
        grams = None if _CJK_ONLY_RE.match(term) else short_grams(db, term)
        if grams is None:
            likes.append(term)
        elif grams:
            groups.append("(" + " OR ".join(fts_phrase(g) for g in grams) + ")")
        else:
            only_tiny = True
    filters = [f"+f.content LIKE {params.add(like_pattern(t))} ESCAPE '\\'" for t in likes]
    tiny = _tiny(short, params) if not long else None  # a long term never fits in one
    if only_tiny:
        return Plan(tiny or "SELECT NULL AS id WHERE 0", params, False)
    if not groups:
        return Plan(_newest("msg_fts", filters), params, True)
    indexed = _newest("msg_fts", [f"f.msg_fts MATCH {params.add(' AND '.join(groups))}", *filters])
    if tiny is None:
        return Plan(indexed, params, False)
    union = (
        f"SELECT id FROM ({indexed}) UNION ALL SELECT id FROM ({tiny}) ORDER BY id DESC LIMIT :cap"
    )
    return Plan(union, params, False)


def _newest(table: str, where: list[str]) -> str:
    conditions = " AND ".join([*where, "f.rowid > :floor"])
    return (
        f"SELECT f.rowid AS id FROM {table} AS f WHERE {conditions} "
        "ORDER BY f.rowid DESC LIMIT :cap"
    )


def _tiny(short: list[str], params: _Params) -> str:
    """The messages shorter than a trigram that hold every (short) term (``tiny`` keeps them
    in lower case: LIKE folds ASCII only)."""
    likes = [f"t.content LIKE {params.add(like_pattern(t.lower()))} ESCAPE '\\'" for t in short]
    conditions = " AND ".join([*likes, "t.id > :floor"])
    return f"SELECT t.id AS id FROM tiny AS t WHERE {conditions} ORDER BY t.id DESC LIMIT :cap"
