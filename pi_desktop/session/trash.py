"""Deleted sessions go to a trash folder first, where they can be restored for 30 days.

Layout: ``<library>/.trash/<id>.jsonl`` and ``<library>/.trash/<id>/`` (its tool results),
moved there by ``os.rename`` (same file system: nothing is copied, nothing can be half
moved), plus ``<id>.trashed.json`` saying when it was deleted. The trash sits inside the
library folder on purpose: the workspace tools refuse the whole library, so the trash is as
far out of an agent's reach as the sessions themselves, and the library's listing only reads
``*.jsonl`` at its top level. Expiry uses an injectable clock so tests need not wait 30 days.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pi_desktop.session.library import SessionInfo

TRASH_DIR = ".trash"
KEEP_FOR = timedelta(days=30)
_STAMP = ".trashed.json"

Clock = Callable[[], datetime]


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class TrashedSession:
    """One session in the trash: its listing row and when it was deleted."""

    info: SessionInfo
    deleted_at: datetime
    expires_at: datetime

    @property
    def id(self) -> str:
        return self.info.id


class SessionTrash:
    """The trash of one library: put, list, restore, delete forever, empty, expire."""

    def __init__(
        self, library_root: Path | str, *, clock: Clock = _now, keep_for: timedelta = KEEP_FOR
    ) -> None:
        self.library_root = Path(library_root)
        self.root = self.library_root / TRASH_DIR
        self.clock = clock
        self.keep_for = keep_for

    def _paths(self, folder: Path, session_id: str) -> tuple[Path, Path]:
        return folder / f"{session_id}.jsonl", folder / session_id

    def put(self, session_id: str) -> None:
        """Move a library session (file and tool results) into the trash."""
        source, results = self._paths(self.library_root, session_id)
        target, target_results = self._paths(self.root, session_id)
        if not source.is_file():
            raise FileNotFoundError(f"no session {session_id} in the library")
        self.root.mkdir(mode=0o700, parents=True, exist_ok=True)
        if target.exists():  # an older copy of the same id: the newer deletion wins
            self.delete(session_id)
        stamp = {"deleted_at": self.clock().isoformat()}
        (self.root / f"{session_id}{_STAMP}").write_text(json.dumps(stamp), "utf-8")
        os.rename(source, target)
        if results.is_dir():
            shutil.rmtree(target_results, ignore_errors=True)
            os.rename(results, target_results)

    def restore(self, session_id: str) -> Path:
        """Move a trashed session back into the library; returns its path there."""
        source, results = self._paths(self.root, session_id)
        target, target_results = self._paths(self.library_root, session_id)
        if not source.is_file():
            raise FileNotFoundError(f"no session {session_id} in the trash")
        if target.exists():
            raise FileExistsError(f"a session {session_id} is already in the library")
        os.rename(source, target)
        if results.is_dir() and not target_results.exists():
            os.rename(results, target_results)
        (self.root / f"{session_id}{_STAMP}").unlink(missing_ok=True)
        return target

    def delete(self, session_id: str) -> None:
        """Remove a trashed session for good."""
        path, results = self._paths(self.root, session_id)
        path.unlink(missing_ok=True)
        shutil.rmtree(results, ignore_errors=True)
        (self.root / f"{session_id}{_STAMP}").unlink(missing_ok=True)

    def empty(self) -> int:
        """Remove everything in the trash; returns how many sessions went."""
        items = self.list()
        for item in items:
            self.delete(item.id)
        return len(items)

    def purge_expired(self) -> list[str]:
        """Remove the sessions deleted more than ``keep_for`` ago; returns their ids."""
        now = self.clock()
        gone = [item.id for item in self.list() if item.expires_at <= now]
        for session_id in gone:
            self.delete(session_id)
        return gone

    def count(self) -> int:
        """How many sessions the trash holds (without reading them)."""
        if not self.root.is_dir():
            return 0
        with os.scandir(self.root) as it:
            return sum(1 for d in it if d.name.endswith(".jsonl") and d.is_file())

    def list(self) -> list[TrashedSession]:
        """What the trash holds, most recently deleted first."""
        if not self.root.is_dir():
            return []
        from pi_desktop.session.library import SessionLibrary

        out = []
        for info in SessionLibrary(self.root).list_sessions():
            deleted = self._deleted_at(info.id, info.path)
            out.append(TrashedSession(info, deleted, deleted + self.keep_for))
        out.sort(key=lambda item: item.deleted_at, reverse=True)
        return out

    def _deleted_at(self, session_id: str, path: Path) -> datetime:
        """From the stamp; without a readable one, the file's change time (a rename sets it)."""
        with contextlib.suppress(OSError, ValueError, TypeError, KeyError):
            raw = json.loads((self.root / f"{session_id}{_STAMP}").read_text("utf-8"))
            stamp = datetime.fromisoformat(raw["deleted_at"])
            return stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)
        try:
            return datetime.fromtimestamp(path.stat().st_ctime, tz=UTC)
        except (OSError, OverflowError, ValueError):
            return self.clock()
