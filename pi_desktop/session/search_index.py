"""Search across every session of the library: an SQLite FTS5 index kept beside the sessions.

The JSONL files stay the truth; the index (``<root>/.search.sqlite3``) is derived from them and
can be thrown away at any time. Like the library's listing it remembers, per file, how many
bytes it has read: session files only grow, so catching up reads the appended lines only, and
a file that shrank or was replaced is indexed again from the start. A missing, corrupt or
foreign database is deleted and rebuilt from the files.

All SQLite work runs on one worker thread that owns the connection, so neither indexing nor a
query ever blocks the window: callers get ``concurrent.futures.Future`` objects back. Queries
jump ahead of indexing work (a priority queue), and a big file is indexed in chunks so a query
waits at most one chunk. A session being written is followed through ``Session.subscribe``:
each committed entry only marks its file dirty, and the worker catches up in batches.

Text is tokenized by FTS5's ``trigram`` tokenizer, which needs no word boundaries (Chinese,
Japanese, identifiers, parts of words). Terms shorter than three characters are served by two
more indexes kept in the same transactions: the CJK characters of each message (one- and
two-character words there) and the short-term vocabulary (every trigram with the pieces it is
made of, so "qz" becomes the trigrams holding it); :mod:`pi_desktop.session.search_query`
plans each query over them. A query walks at most ``MAX_HITS`` matches, newest first, so a
word found in every message costs what a rare one does; the answer then says it is not
complete.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import os
import queue
import sqlite3
import threading
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from pi_desktop.session.search_query import (
    MIN_TRIGRAM,
    SearchHit,
    SearchHits,
    cjk_chars,
    make_snippet,
    plan,
    split_terms,
    trigrams,
)
from pi_desktop.session.search_store import (
    CHUNK_BYTES,
    SCHEMA,
    count_grams,
    delete_session,
    is_corruption,
    message_rows,
    read_line_end,
    read_range,
    transaction,
    tune,
)
from pi_desktop.usertext import UserText

__all__ = [
    "INDEX_FILE",
    "SearchHit",
    "SearchHits",
    "SearchIndex",
    "cjk_chars",
    "make_snippet",
    "split_terms",
]

log = logging.getLogger(__name__)

INDEX_FILE = ".search.sqlite3"
SCHEMA_VERSION = 3  # 3: the short-term vocabulary (gram, gram_part, tiny)
BATCH_DELAY_S = 0.15  # appends are gathered this long before the worker catches up
MAX_HITS = 5_000  # matching messages walked, newest first, per query
MAX_LIKE_ROWS = 250_000  # newest messages a scan for a common short term looks at

_QUERY, _WORK = 0, 1  # priorities: a query never waits behind a rebuild


class SearchIndex:
    """The full-text index of one library folder, maintained on its own thread.

    ``start()`` opens (or rebuilds) the database and catches up with the folder; ``watch``
    follows an open session; ``search`` returns a future of ``SearchHit`` rows, newest first,
    one per session. ``close()`` stops the thread; the index file stays for the next start.
    """

    def __init__(self, root: Path | str, *, batch_delay: float = BATCH_DELAY_S) -> None:
        self.root = Path(root)
        self.path = self.root / INDEX_FILE
        self.batch_delay = batch_delay
        self.rebuilds = 0  # how many times the database was (re)created from the files
        self.problems: list[str] = []  # why it was rebuilt, lines it could not read
        self._queue: queue.PriorityQueue[tuple[int, int, Callable[[], None] | None]] = (
            queue.PriorityQueue()
        )
        self._seq = itertools.count()
        self._db: sqlite3.Connection | None = None
        self._thread: threading.Thread | None = None
        self._dirty: set[str] = set()
        self._dirty_lock = threading.Lock()
        self._flush_timer: threading.Timer | None = None
        self._closed = False
        self._syncing = 0  # catch-ups in progress (queries meanwhile say ``indexing``)

    # ------------------------------------------------------------------ lifecycle
    def start(self) -> Future[None]:
        """Start the worker; the future resolves once the folder is indexed (catch-up)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="search-index", daemon=True)
            self._thread.start()
        return self.sync()

    def close(self) -> None:
        """Stop the worker (a long catch-up stops after its current chunk and resumes at the
        next start) and close the database."""
        if self._closed:
            return
        self._closed = True
        if self._flush_timer is not None:
            self._flush_timer.cancel()
        if self._thread is not None:
            self._put(_WORK + 1, None)  # after everything already queued
            self._thread.join(timeout=30)
        if self._db is not None:  # the worker closes it; only a worker that never ran leaves it
            self._db.close()
            self._db = None

    def __enter__(self) -> SearchIndex:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ requests
    def search(
        self, query: str, *, limit: int = 50, max_hits: int = MAX_HITS
    ) -> Future[SearchHits]:
        """The newest matching message of up to ``limit`` sessions (empty query: no rows)."""
        return self._submit(_QUERY, lambda: self._search(query, limit, max_hits))

    def sync(self) -> Future[None]:
        """Catch up with the folder: new and grown files are read, removed ones forgotten."""
        return self._submit(_WORK, self._sync_all)

    def touch(self, path: Path | str) -> None:
        """``path`` changed: catch up with it soon (batched with other changes)."""
        name = Path(path).name
        with self._dirty_lock:
            self._dirty.add(name)
            if self._flush_timer is None and not self._closed:
                self._flush_timer = threading.Timer(self.batch_delay, self._schedule_flush)
                self._flush_timer.daemon = True
                self._flush_timer.start()

    def watch(self, session: Any) -> Callable[[], None]:
        """Follow ``session``'s appends (its ``subscribe``); returns the unsubscribe."""
        path = Path(session.path)

        def on_entry(entry: Any) -> None:
            if getattr(entry, "type", None) == "message":
                self.touch(path)

        return session.subscribe(on_entry)

    def forget(self, session_id: str) -> Future[None]:
        """Drop a session's rows now (it went to the trash); ``sync`` would do it later."""
        return self._submit(_WORK, lambda: self._forget(session_id + ".jsonl"))

    def idle(self) -> Future[None]:
        """Resolves when the batched appends and the work queued before it are done."""
        with self._dirty_lock:
            if self._flush_timer is not None:
                self._flush_timer.cancel()
                self._flush_timer = None
        self._schedule_flush()
        return self._submit(_WORK, lambda: None)

    def stats(self) -> Future[dict[str, int]]:
        def count() -> dict[str, int]:
            db = self._connection()
            messages = db.execute("SELECT count(*) FROM msg").fetchone()[0]
            files = db.execute("SELECT count(*) FROM files").fetchone()[0]
            return {"messages": messages, "files": files}

        return self._submit(_QUERY, count)

    def short_term_stats(self) -> Future[dict[str, int]]:
        """The size of the short-term vocabulary (rows, and bytes where SQLite says)."""

        def count() -> dict[str, int]:
            db = self._connection()
            out = {
                name: db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                for name, table in (("grams", "gram"), ("parts", "gram_part"), ("tiny", "tiny"))
            }
            try:  # the dbstat table exists when SQLite was built with it
                out["bytes"] = db.execute(
                    "SELECT coalesce(sum(pgsize), 0) FROM dbstat "
                    "WHERE name IN ('gram', 'gram_part', 'tiny', "
                    "'sqlite_autoindex_gram_part_1', 'sqlite_autoindex_gram_1')"
                ).fetchone()[0]
            except sqlite3.OperationalError:
                out["bytes"] = 0
            return out

        return self._submit(_QUERY, count)

    # ------------------------------------------------------------------ the worker
    def _put(self, priority: int, job: Callable[[], None] | None) -> None:
        self._queue.put((priority, next(self._seq), job))

    def _submit(self, priority: int, fn: Callable[[], Any]) -> Future[Any]:
        future: Future[Any] = Future()
        if self._closed:
            future.set_exception(RuntimeError("the search index is closed"))
            return future

        def job() -> None:
            if not future.set_running_or_notify_cancel():
                return
            try:
                future.set_result(self._guarded(fn))
            except BaseException as exc:  # delivered to the caller, never lost in the thread
                future.set_exception(exc)

        self._put(priority, job)
        return future

    def _run(self) -> None:
        try:
            while True:
                _priority, _seq, job = self._queue.get()
                if job is None:
                    return
                try:
                    job()
                except Exception:  # background upkeep: logged, the worker goes on
                    log.exception("search index: background job failed")
        finally:
            if self._db is not None:
                self._db.close()
                self._db = None

    def _guarded(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn``; a database that turns out corrupt is rebuilt and ``fn`` run once more."""
        try:
            return fn()
        except sqlite3.DatabaseError as exc:
            if not is_corruption(exc):
                raise
            self._rebuild(
                UserText(
                    "Session",
                    "the search index was unreadable (%1); rebuilt from the sessions",
                    str(exc),
                )
            )
            return fn()

    def _serve_queries(self) -> None:
        """Between two chunks of indexing: answer the queries that arrived meanwhile."""
        while True:
            with self._queue.mutex:
                heap = self._queue.queue
                if not heap or heap[0][0] != _QUERY:
                    return
            _p, _s, job = self._queue.get()
            if job is not None:
                job()

    def _schedule_flush(self) -> None:
        with self._dirty_lock:
            self._flush_timer = None
        if not self._closed:
            self._put(_WORK, lambda: self._guarded(self._flush_dirty))

    def _flush_dirty(self) -> None:
        with self._dirty_lock:
            names, self._dirty = sorted(self._dirty), set()
        db = self._connection()
        for name in names:
            path = self.root / name
            try:
                stat = path.stat()
            except OSError:
                self._forget(name)
                continue
            while self._index_chunk(db, path, stat) and not self._closed:
                self._serve_queries()
                db = self._connection()

    # ------------------------------------------------------------------ database
    def _connection(self) -> sqlite3.Connection:
        if self._db is None:
            self._db = self._open()
        return self._db

    def _open(self) -> sqlite3.Connection:
        """The database, or a new one when it is missing, corrupt or of another schema."""
        self.root.mkdir(parents=True, exist_ok=True)
        if self.path.exists():
            try:
                db = sqlite3.connect(self.path, isolation_level=None)
                tune(db)
                row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
                db.execute("SELECT count(*) FROM files").fetchone()
                if row is not None and row[0] == str(SCHEMA_VERSION):
                    return db
                db.close()
                self.problems.append(
                    UserText("Session", "the search index had another format; rebuilt")
                )
            except sqlite3.DatabaseError as exc:
                with contextlib.suppress(Exception):
                    db.close()
                self.problems.append(
                    UserText("Session", "the search index was unreadable (%1); rebuilt", str(exc))
                )
        return self._create()

    def _create(self) -> sqlite3.Connection:
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{self.path}{suffix}").unlink(missing_ok=True)
        # created private first: SQLite gives its -wal and -shm files the same permissions
        os.close(os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY | os.O_CLOEXEC, 0o600))
        db = sqlite3.connect(self.path, isolation_level=None)
        tune(db)
        db.executescript(
            f"BEGIN; {SCHEMA} INSERT INTO meta VALUES ('schema', '{SCHEMA_VERSION}'); COMMIT;"
        )
        self.rebuilds += 1
        return db

    def _rebuild(self, why: str) -> None:
        self.problems.append(why)
        if self._db is not None:
            with contextlib.suppress(Exception):
                self._db.close()
            self._db = None
        self._db = self._create()
        self._sync_all()

    # ------------------------------------------------------------------ indexing
    def _sync_all(self) -> None:
        """Index what the files hold that the database lacks; oldest files first, so the
        newest messages get the highest row ids (queries walk row ids newest first)."""
        self._syncing += 1
        try:
            self._sync_files()
        finally:
            self._syncing -= 1

    def _sync_files(self) -> None:
        db = self._connection()
        known = {name for (name,) in db.execute("SELECT name FROM files")}
        present: list[tuple[int, str, os.stat_result]] = []
        if self.root.is_dir():
            with os.scandir(self.root) as it:
                for dirent in it:
                    if dirent.name.endswith(".jsonl") and dirent.is_file(follow_symlinks=False):
                        with contextlib.suppress(OSError):
                            stat = dirent.stat(follow_symlinks=False)
                            present.append((stat.st_mtime_ns, dirent.name, stat))
        for name in known - {name for _m, name, _s in present}:
            self._forget(name)
        present.sort()
        for _mtime, name, stat in present:
            if self._closed:  # closing: the rest is read at the next start, from its offset
                return
            while self._index_chunk(db, self.root / name, stat) and not self._closed:
                self._serve_queries()
                db = self._connection()
            self._serve_queries()

    def _index_chunk(self, db: sqlite3.Connection, path: Path, stat: os.stat_result) -> bool:
        """Index up to ``CHUNK_BYTES`` of what ``path`` gained; True while more is left."""
        name = path.name
        row = db.execute(
            "SELECT ino, size, mtime_ns, offset FROM files WHERE name = ?", (name,)
        ).fetchone()
        if row is not None and (row[0], row[1], row[2]) == (
            stat.st_ino,
            stat.st_size,
            stat.st_mtime_ns,
        ):
            return False
        offset = 0
        if row is not None and row[0] == stat.st_ino and stat.st_size >= row[3]:
            offset = row[3]
        try:
            with open(path, "rb") as handle:
                handle.seek(offset)
                data = handle.read(CHUNK_BYTES)
        except OSError:
            return False
        complete = data.rfind(b"\n") + 1  # a torn last line is read again next time
        if complete == 0 and len(data) == CHUNK_BYTES:  # one line longer than a chunk
            complete = read_line_end(path, offset)
            data = read_range(path, offset, complete)
        session_id = path.stem
        rows = list(message_rows(data[:complete]))
        grams: Counter[str] = Counter()
        with transaction(db):
            if offset == 0 and row is not None:
                delete_session(db, session_id)
            for entry_id, role, ts, content in rows:
                cur = db.execute(
                    "INSERT INTO msg(session_id, entry_id, role, ts) VALUES (?, ?, ?, ?)",
                    (session_id, entry_id, role, ts),
                )
                rowid = cur.lastrowid
                db.execute("INSERT INTO msg_fts(rowid, content) VALUES (?, ?)", (rowid, content))
                chars = cjk_chars(content)
                if chars:
                    db.execute("INSERT INTO cjk_fts(rowid, chars) VALUES (?, ?)", (rowid, chars))
                if len(content) < MIN_TRIGRAM:
                    row = (rowid, content.lower())  # folded as the trigrams are (LIKE: ASCII)
                    db.execute("INSERT INTO tiny(id, content) VALUES (?, ?)", row)
                else:
                    grams.update(trigrams(content))
            count_grams(db, grams, +1)

            new_offset = offset + complete
            more = new_offset < stat.st_size and complete > 0
            size, mtime = (stat.st_size, stat.st_mtime_ns) if not more else (-1, -1)
            db.execute(
                "INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?)",
                (name, stat.st_ino, size, mtime, new_offset),
            )
        return more

    def _forget(self, name: str) -> None:
        db = self._connection()
        with transaction(db):
            delete_session(db, Path(name).stem)
            db.execute("DELETE FROM files WHERE name = ?", (name,))

    # ------------------------------------------------------------------ querying
    def _search(self, query: str, limit: int, max_hits: int) -> SearchHits:
        """Newest hit per session, newest first, from the newest ``max_hits`` matches.

        The walk is bounded so a query costs the same whether a word is rare or in every
        message; a common word that fills the walk before ``limit`` sessions were found gives
        ``complete=False`` (the sidebar says that only the newest matches are shown)."""
        terms = split_terms(query)
        if not terms or limit <= 0:
            return SearchHits()
        with self._dirty_lock:
            dirty = bool(self._dirty)
        if dirty:  # appends still waiting for their batch: a search sees what was just written
            self._flush_dirty()
        db = self._connection()
        found = plan(db, terms)
        floor = 0
        if found.scan:  # bounded by rows, not by hits
            newest = db.execute("SELECT max(id) FROM msg").fetchone()[0] or 0
            floor = max(0, newest - MAX_LIKE_ROWS)
        cap = max(1, max_hits)
        grouped = db.execute(
            "SELECT m.session_id, max(m.id), count(*) FROM "
            f"({found.sql}) AS h JOIN msg AS m ON m.id = h.id "
            "GROUP BY m.session_id ORDER BY 2 DESC",
            {**found.params, "floor": floor, "cap": cap},
        ).fetchall()
        walked = sum(count for *_rest, count in grouped)
        complete = walked < cap and len(grouped) <= limit and floor == 0
        indexing = self._syncing > 0
        best = grouped[:limit]
        if not best:
            return SearchHits(complete=complete, indexing=indexing)
        marks = ",".join("?" * len(best))
        details = {
            row[0]: row[1:]
            for row in db.execute(
                "SELECT m.id, m.entry_id, m.role, m.ts, f.content FROM msg AS m "
                f"JOIN msg_fts AS f ON f.rowid = m.id WHERE m.id IN ({marks})",
                [rowid for _sid, rowid, _n in best],
            )
        }
        hits = SearchHits(complete=complete, indexing=indexing)
        for session_id, rowid, count in best:
            if rowid not in details:
                continue
            entry_id, role, ts, content = details[rowid]
            snippet, match = make_snippet(content, terms)
            hits.append(SearchHit(session_id, entry_id, role, ts, snippet, match, count))
        return hits
