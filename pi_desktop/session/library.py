"""Where sessions live and how the window lists them without parsing every line of every file.

Layout: ``<root>/<id>.jsonl`` for each session and ``<root>/<id>/tool-results/`` for the tool
results the context engine offloaded. Listing keeps a small sidecar cache
(``<root>/.index.json``) of what each file said up to a byte offset; because session files only
ever grow, a file that changed (also by another process) is scanned from that offset only.
The cache is a hint: if it is missing or corrupt it is rebuilt from the files.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import weakref
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from dataclasses import fields as dataclass_fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

import platformdirs

from pi_desktop import safejson
from pi_desktop.session.entries import new_id
from pi_desktop.session.errors import SessionFileError, SessionLockedError
from pi_desktop.session.journal import lock_is_free, open_regular
from pi_desktop.session.session import Session
from pi_desktop.session.trash import SessionTrash
from pi_desktop.usertext import UserText

INDEX_NAME = ".index.json"
INDEX_VERSION = 1
PREVIEW_CHARS = 120
_ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_MESSAGE_PREFIX = b'{"type":"message"'
_TITLE_PREFIX = b'{"type":"title"'
_HEADER_PREFIX = b'{"type":"session"'
_INDEX_CAP = 64 * 1024 * 1024


@dataclass(frozen=True)
class SessionInfo:
    """One row of the session list. ``message_count`` counts messages on every branch."""

    id: str
    path: Path
    title: str | None
    updated: datetime
    message_count: int
    created: str | None = None
    preview: str | None = None  # the first user message, shortened (a fallback title)

    @property
    def display_title(self) -> str:
        return self.title or self.preview or "Untitled session"


class Listing(NamedTuple):
    """A listing and how many files it left unread (``list_sessions_within``)."""

    sessions: list[SessionInfo]
    deferred: int


def results_dir_for(session_path: Path) -> Path:
    """``<root>/<id>/tool-results/`` next to ``<root>/<id>.jsonl``."""
    session_path = Path(session_path)
    return session_path.with_suffix("") / "tool-results"


@dataclass
class _Scan:
    """What the listing knows about one file up to ``offset`` bytes (cached in the sidecar)."""

    ino: int
    size: int
    mtime_ns: int
    offset: int
    id: str | None = None
    created: str | None = None
    title: str | None = None
    message_count: int = 0
    preview: str | None = None


_SCAN_FIELDS = dataclass_fields(_Scan)


class SessionLibrary:
    """The folder of sessions: create, open, list, rename, delete."""

    def __init__(self, root: Path | str | None = None):
        if root is None:
            root = Path(platformdirs.user_data_dir("pi-desktop")) / "sessions"
        self.root = Path(root)
        self._open: weakref.WeakValueDictionary[str, Session] = weakref.WeakValueDictionary()
        self.problems: list[str] = []  # what the last listing skipped in the index cache
        self.trash = SessionTrash(self.root)  # where delete puts sessions (restorable 30 days)

    # ------------------------------------------------------------------ paths
    def path_for(self, session_id: str) -> Path:
        if not _ID_RE.match(session_id):
            raise ValueError(f"not a session id: {session_id!r}")
        return self.root / f"{session_id}.jsonl"

    def results_dir(self, session_path: Path) -> Path:
        return results_dir_for(session_path)

    # ------------------------------------------------------------------ sessions
    def create(
        self,
        *,
        system_prompt: str | None = None,
        workspace: str | None = None,
        title: str | None = None,
        fsync: bool = True,
    ) -> Session:
        """A new, empty session in the library, open for writing."""
        self.root.mkdir(parents=True, exist_ok=True)
        session_id = new_session_id()
        session = Session.create(
            self.path_for(session_id),
            session_id=session_id,
            system_prompt=system_prompt,
            workspace=workspace,
            title=title,
            fsync=fsync,
        )
        self._open[session.id] = session
        return session

    def draft(
        self,
        *,
        system_prompt: str | None = None,
        workspace: str | None = None,
        fsync: bool = True,
    ) -> Session:
        """A new session that writes its file only with its first change (``Session.draft``):
        a "New" that is never used leaves nothing behind."""
        self.root.mkdir(parents=True, exist_ok=True)
        session_id = new_session_id()
        session = Session.draft(
            self.path_for(session_id),
            session_id=session_id,
            system_prompt=system_prompt,
            workspace=workspace,
            fsync=fsync,
        )
        self._open[session.id] = session
        return session

    def open(self, session_id: str, *, read_only: bool = False) -> Session:
        """Open a session by id (``SessionLockedError`` when another writer holds it)."""
        session = Session.load(self.path_for(session_id), read_only=read_only)
        if not read_only:
            self._open[session_id] = session
        return session

    def fork(self, session: Session, entry_id: str, *, title: str | None = None) -> Session:
        """Fork ``session`` at ``entry_id`` into a new library session."""
        session_id = new_session_id()
        fork = session.fork(entry_id, self.path_for(session_id), title=title, session_id=session_id)
        self._open[session_id] = fork
        return fork

    def rename(self, session_id: str, title: str | None) -> None:
        """Set the title (through the open Session when this window holds it)."""
        live = self._open.get(session_id)
        if live is not None and not live.closed:
            live.set_title(title)
            return
        with Session.load(self.path_for(session_id)) as session:
            session.set_title(title)

    def delete(self, session_id: str) -> None:
        """Remove the session file and its tool-results folder (refused while it is open)."""
        path = self.path_for(session_id)
        live = self._open.get(session_id)
        if (live is not None and not live.closed) or not lock_is_free(path):
            raise SessionLockedError(f"Session {session_id} is open; close it before deleting it.")
        path.unlink(missing_ok=True)
        shutil.rmtree(path.with_suffix(""), ignore_errors=True)

    def move_to_trash(self, session_id: str) -> None:
        """Move the session to the trash (``self.trash``; refused while it is open)."""
        path = self.path_for(session_id)
        live = self._open.get(session_id)
        if (live is not None and not live.closed) or not lock_is_free(path):
            raise SessionLockedError(f"Session {session_id} is open; close it before deleting it.")
        self.trash.put(session_id)

    # ------------------------------------------------------------------ listing
    def list_sessions(self) -> list[SessionInfo]:
        """Every session, most recently updated first (each file read up to its end)."""
        return self.list_sessions_within(None).sessions

    def list_sessions_within(self, read_budget: int | None) -> Listing:
        """The listing, reading at most ``read_budget`` bytes of the files (None: no limit).

        Why: a library that changed behind the window's back (a restored backup, another
        instance, a lost cache) can hold hundreds of megabytes not read yet; read on the GUI
        thread that is seconds of a frozen window. A file with more unread bytes than the
        budget has left is *deferred*: listed as last scanned, or not at all when it is new,
        and counted in ``Listing.deferred`` so the caller can run the full listing off the
        GUI thread. A listing that deferred a file leaves the cache as it was: only complete
        listings write it, so a full one running meanwhile never loses what it read.
        """
        if not self.root.is_dir():
            return Listing([], 0)
        cache = self._read_index()
        left = read_budget
        fresh: dict[str, _Scan] = {}
        infos: list[SessionInfo] = []
        changed = False
        deferred = 0
        for dirent, stat in self._session_files():
            old = cache.get(dirent.name)
            unread = _unread_bytes(stat, old)
            if left is not None and unread > left:
                deferred += 1
                if old is not None:
                    infos.append(_info(Path(dirent.path), old))
                continue
            try:
                scan = _rescan(Path(dirent.path), stat, old)
            except (OSError, SessionFileError):
                continue  # deleted or swapped for a link or a FIFO while listing
            if left is not None:
                left -= unread
            changed = changed or scan != old
            fresh[dirent.name] = scan
            infos.append(_info(Path(dirent.path), scan))
        if not deferred and (changed or set(fresh) != set(cache)):
            self._write_index(fresh)
        infos.sort(key=lambda info: info.updated, reverse=True)
        return Listing(infos, deferred)

    def newest_ids(self) -> list[str]:
        """Session ids, most recently written first, from the files' times alone (no file
        read: what the start needs to pick a session, however cold the cache)."""
        if not self.root.is_dir():
            return []
        found = sorted(
            ((stat.st_mtime_ns, dirent.name) for dirent, stat in self._session_files()),
            reverse=True,
        )
        return [name.removesuffix(".jsonl") for _mtime, name in found]

    def _session_files(self) -> Iterator[tuple[os.DirEntry[str], os.stat_result]]:
        """The session files of the folder and their stat. A link is never one: opening it
        would write through to what it names; one deleted meanwhile is skipped."""
        with os.scandir(self.root) as it:
            for dirent in it:
                if not dirent.name.endswith(".jsonl") or not dirent.is_file(follow_symlinks=False):
                    continue
                try:
                    stat = dirent.stat(follow_symlinks=False)
                except OSError:
                    continue
                yield dirent, stat

    def _read_index(self) -> dict[str, _Scan]:
        """The cached scans; an entry with a bad field is dropped (its file is read again from
        the start, so nothing is lost) and named in ``problems``."""
        self.problems = []
        try:  # a plain regular file only: a FIFO or a link to /dev/zero planted there
            fd = open_regular(self.root / INDEX_NAME, os.O_RDONLY)
            with os.fdopen(fd, "rb") as handle:
                data = handle.read(_INDEX_CAP + 1)
            if len(data) > _INDEX_CAP:
                return {}  # not ours (ours is ~200 bytes a session): rebuilt from the files
            raw = safejson.loads(data.decode("utf-8"))
        except (OSError, ValueError, SessionFileError):
            return {}
        if not isinstance(raw, dict) or raw.get("version") != INDEX_VERSION:
            return {}
        files = raw.get("files")
        if not isinstance(files, dict):
            return {}  # another version's cache, or not ours: rebuilt silently
        scans: dict[str, _Scan] = {}
        for name, fields in files.items():
            scan = _scan_from_index(fields)
            if scan is None:
                self.problems.append(
                    UserText(
                        "Session", "%1: ignored the invalid entry for %2", INDEX_NAME, repr(name)
                    )
                )
            else:
                scans[name] = scan
        return scans

    def _write_index(self, scans: dict[str, _Scan]) -> None:
        """Best effort: a cache that cannot be written only costs a rescan next time."""
        payload = {"version": INDEX_VERSION, "files": {n: asdict(s) for n, s in scans.items()}}
        data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
        try:  # a fresh name (O_EXCL): never written through a link planted at a guessable one
            fd, tmp = tempfile.mkstemp(prefix=".index.", suffix=".tmp", dir=self.root)
        except OSError:
            return
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.replace(tmp, self.root / INDEX_NAME)  # replaces a link itself, never its target
        except OSError:
            Path(tmp).unlink(missing_ok=True)


_INT_FIELDS = ("ino", "size", "mtime_ns", "offset", "message_count")
_TEXT_FIELDS = ("id", "created", "title", "preview")


def _scan_from_index(fields: Any) -> _Scan | None:
    """One cached scan, or None when any field has the wrong type or range.

    The index is a plain file anyone can edit: ``offset: "zz"`` would raise in ``seek`` and
    ``offset: -10`` (or past the size) would make the file unreadable and hide the session."""
    if not isinstance(fields, dict) or set(fields) != {f.name for f in _SCAN_FIELDS}:
        return None
    for key in _INT_FIELDS:
        value = fields[key]
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return None
    for key in _TEXT_FIELDS:
        if fields[key] is not None and not isinstance(fields[key], str):
            return None
    if fields["offset"] > fields["size"]:
        return None
    return _Scan(**fields)


def new_session_id() -> str:
    """Library sessions are named by their id, so the file name is the id."""
    return new_id()


def _unchanged(stat: os.stat_result, old: _Scan) -> bool:
    return (old.ino, old.size, old.mtime_ns) == (stat.st_ino, stat.st_size, stat.st_mtime_ns)


def _grown(stat: os.stat_result, old: _Scan) -> bool:
    """The same file, appended to since (session files only grow): read from the offset."""
    return old.ino == stat.st_ino and stat.st_size >= old.offset


def _unread_bytes(stat: os.stat_result, old: _Scan | None) -> int:
    """How many bytes ``_rescan`` would read."""
    if old is not None and _unchanged(stat, old):
        return 0
    if old is not None and _grown(stat, old):
        return stat.st_size - old.offset
    return stat.st_size


def _rescan(path: Path, stat: os.stat_result, old: _Scan | None) -> _Scan:
    """Reuse ``old`` when the file is unchanged; read only the appended bytes when it grew."""
    if old is not None and _unchanged(stat, old):
        return old
    if old is not None and _grown(stat, old):
        scan = _Scan(**asdict(old))
    else:
        scan = _Scan(ino=stat.st_ino, size=0, mtime_ns=0, offset=0)
    fd = open_regular(path, os.O_RDONLY)  # no link followed, no FIFO blocked on
    with os.fdopen(fd, "rb") as handle:
        handle.seek(scan.offset)
        data = handle.read()
    complete = data.rfind(b"\n") + 1  # a torn last line is read again next time
    for line in data[:complete].split(b"\n"):
        _scan_line(scan, line.strip())
    scan.offset += complete
    scan.size = stat.st_size
    scan.mtime_ns = stat.st_mtime_ns
    scan.ino = stat.st_ino
    return scan


def _scan_line(scan: _Scan, line: bytes) -> None:
    """Cheap classification by prefix (our writer puts ``type`` first); parse only what we use."""
    if line.startswith(_MESSAGE_PREFIX):
        if not line.endswith(b"}"):
            return  # a torn line that a later append closed off
        scan.message_count += 1
        if scan.preview is None and b'"role":"user"' in line:
            entry = _loads(line)
            if entry is not None and entry.get("role") == "user":
                text = " ".join(str(entry.get("content") or "").split())
                scan.preview = text[:PREVIEW_CHARS] or None
    elif line.startswith(_TITLE_PREFIX):
        entry = _loads(line)
        if entry is not None:
            scan.title = _text_or_none(entry.get("title"))
    elif line.startswith(_HEADER_PREFIX) and scan.id is None:
        entry = _loads(line)
        if entry is not None:
            scan.id = _text_or_none(entry.get("id"))
            scan.created = _text_or_none(entry.get("created"))
            scan.title = _text_or_none(entry.get("title"))


def _text_or_none(value: Any) -> str | None:
    """A listing shows titles as text: a number or an object in a hand-edited line is dropped."""
    return value if isinstance(value, str) else None


def _loads(line: bytes) -> dict[str, Any] | None:
    try:
        value = safejson.loads(line)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def _info(path: Path, scan: _Scan) -> SessionInfo:
    try:
        updated = datetime.fromtimestamp(scan.mtime_ns / 1e9, tz=UTC)
    except (OverflowError, OSError, ValueError):  # a clock far off: sort it as the oldest
        updated = datetime.fromtimestamp(0, tz=UTC)
    return SessionInfo(
        id=path.stem,
        path=path,
        title=scan.title,
        updated=updated,
        message_count=scan.message_count,
        created=scan.created,
        preview=scan.preview,
    )
