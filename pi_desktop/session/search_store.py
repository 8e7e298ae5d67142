"""The search index's tables and the rows written into them (the worker is ``search_index``).

``msg`` names each indexed message (session, entry, role, time); ``msg_fts`` holds its text
under FTS5's trigram tokenizer, ``cjk_fts`` its CJK characters as tokens, and the short-term
vocabulary (``gram``, ``gram_part``, ``tiny``, see ``search_query``) is kept in step in the
same transactions: added as messages are indexed, taken away as a session's rows leave.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from pi_desktop.session.search_query import MIN_TRIGRAM, trigrams

INDEXED_ROLES = frozenset({"user", "assistant"})  # tool output and the system prompt stay out
MAX_INDEXED_CHARS = 100_000  # of one message: a pasted novel must not bloat the index
CHUNK_BYTES = 4 << 20  # one indexing job reads at most this much of a file
_MESSAGE_PREFIX = b'{"type":"message"'
SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE files(name TEXT PRIMARY KEY, ino INTEGER NOT NULL, size INTEGER NOT NULL,
                   mtime_ns INTEGER NOT NULL, offset INTEGER NOT NULL);
CREATE TABLE msg(id INTEGER PRIMARY KEY, session_id TEXT NOT NULL, entry_id TEXT NOT NULL,
                 role TEXT NOT NULL, ts TEXT);
CREATE INDEX msg_session ON msg(session_id);
CREATE VIRTUAL TABLE msg_fts USING fts5(content, tokenize='trigram');
CREATE VIRTUAL TABLE cjk_fts USING fts5(chars, tokenize='unicode61');
CREATE TABLE gram(gram TEXT PRIMARY KEY, docs INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE gram_part(part TEXT NOT NULL, gram TEXT NOT NULL, PRIMARY KEY(part, gram))
    WITHOUT ROWID;
CREATE TABLE tiny(id INTEGER PRIMARY KEY, content TEXT NOT NULL);
"""


def is_corruption(exc: sqlite3.DatabaseError) -> bool:
    """Damage (or a foreign file) that rebuilding cures, as opposed to a bug or a full disk."""
    text = str(exc).lower()
    if type(exc) is sqlite3.DatabaseError:
        return True
    return any(s in text for s in ("malformed", "not a database", "no such table", "corrupt"))


def tune(db: sqlite3.Connection) -> None:
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")  # a lost last batch is re-read from the files


@contextlib.contextmanager
def transaction(db: sqlite3.Connection):
    db.execute("BEGIN")
    try:
        yield
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _pieces(table: str) -> str:
    """(piece, trigram) for every trigram of ``table``: its three letters and two pairs."""
    return " UNION ALL ".join(
        f"SELECT substr(gram, {start}, {length}), gram FROM {table}"
        for start, length in ((1, 1), (2, 1), (3, 1), (1, 2), (2, 2))
    )


def count_grams(db: sqlite3.Connection, grams: Counter[str], sign: int) -> None:
    """Add (``sign`` +1) or take away (-1) ``grams``' message counts in the vocabulary; a new
    trigram gets its pieces in ``gram_part``, one no message holds any more leaves. Every
    statement goes through the primary keys: the cost follows ``grams``, not the vocabulary."""
    if not grams:
        return
    db.execute(
        "CREATE TEMP TABLE IF NOT EXISTS chunk_gram(gram TEXT PRIMARY KEY, docs INTEGER)"
        " WITHOUT ROWID"
    )
    db.execute("CREATE TEMP TABLE IF NOT EXISTS changed_gram(gram TEXT PRIMARY KEY) WITHOUT ROWID")
    db.executemany("INSERT INTO temp.chunk_gram VALUES (?, ?)", grams.items())
    if sign > 0:
        db.execute(
            "INSERT INTO temp.changed_gram SELECT c.gram FROM temp.chunk_gram AS c "
            "WHERE NOT EXISTS (SELECT 1 FROM main.gram AS g WHERE g.gram = c.gram)"
        )
        db.execute(f"INSERT OR IGNORE INTO gram_part(part, gram) {_pieces('temp.changed_gram')}")
        db.execute(
            "INSERT INTO gram(gram, docs) SELECT gram, docs FROM temp.chunk_gram WHERE true "
            "ON CONFLICT(gram) DO UPDATE SET docs = docs + excluded.docs"
        )
    else:
        db.execute(
            "UPDATE gram SET docs = docs - (SELECT c.docs FROM temp.chunk_gram AS c "
            "WHERE c.gram = gram.gram) WHERE gram IN (SELECT gram FROM temp.chunk_gram)"
        )
        db.execute(
            "INSERT INTO temp.changed_gram SELECT g.gram FROM temp.chunk_gram AS c "
            "JOIN main.gram AS g ON g.gram = c.gram WHERE g.docs <= 0"
        )
        db.execute(f"DELETE FROM gram_part WHERE (part, gram) IN ({_pieces('temp.changed_gram')})")
        db.execute("DELETE FROM gram WHERE gram IN (SELECT gram FROM temp.changed_gram)")
    db.execute("DELETE FROM temp.chunk_gram")
    db.execute("DELETE FROM temp.changed_gram")


def delete_session(db: sqlite3.Connection, session_id: str) -> None:
    grams: Counter[str] = Counter()
    for (content,) in db.execute(
        "SELECT f.content FROM msg AS m JOIN msg_fts AS f ON f.rowid = m.id WHERE m.session_id = ?",
        (session_id,),
    ):
        if len(content) >= MIN_TRIGRAM:
            grams.update(trigrams(content))
    count_grams(db, grams, -1)
    db.execute(
        "DELETE FROM tiny WHERE id IN (SELECT id FROM msg WHERE session_id = ?)", (session_id,)
    )
    db.execute(
        "DELETE FROM cjk_fts WHERE rowid IN (SELECT id FROM msg WHERE session_id = ?)",
        (session_id,),
    )
    db.execute(
        "DELETE FROM msg_fts WHERE rowid IN (SELECT id FROM msg WHERE session_id = ?)",
        (session_id,),
    )
    db.execute("DELETE FROM msg WHERE session_id = ?", (session_id,))


def message_rows(data: bytes) -> Iterable[tuple[str, str, str | None, str]]:
    """(entry id, role, timestamp, text) of each indexable message line of ``data``."""
    for line in data.split(b"\n"):
        line = line.strip()
        if not line.startswith(_MESSAGE_PREFIX) or not line.endswith(b"}"):
            continue
        try:
            entry = json.loads(line)
        except ValueError:
            continue  # a corrupt line: the session loader reports it, the index skips it
        if not isinstance(entry, dict) or entry.get("role") not in INDEXED_ROLES:
            continue
        content, entry_id = entry.get("content"), entry.get("id")
        if not isinstance(content, str) or not content.strip() or not isinstance(entry_id, str):
            continue
        ts = entry.get("timestamp")
        yield (
            entry_id,
            entry["role"],
            ts if isinstance(ts, str) else None,
            content[:MAX_INDEXED_CHARS],
        )


def read_line_end(path: Path, offset: int) -> int:
    """The length from ``offset`` to just past the next newline (0 when there is none)."""
    with open(path, "rb") as handle:
        handle.seek(offset)
        length = 0
        while chunk := handle.read(CHUNK_BYTES):
            at = chunk.find(b"\n")
            if at >= 0:
                return length + at + 1
            length += len(chunk)
    return 0


def read_range(path: Path, offset: int, length: int) -> bytes:
    with open(path, "rb") as handle:
        handle.seek(offset)
        return handle.read(length)
