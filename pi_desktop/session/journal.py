"""The session file on disk: exclusive lock, O(1) durable appends, whole-file reads.

One writer per file: ``fcntl.flock`` on the open descriptor stops other processes, and an
in-process registry stops a second ``Session`` object in this one with a clearer message.
An append is one ``write`` of a whole line (plus ``fsync`` unless switched off); if it fails
half-way the file is truncated back, so a failed append never leaves a torn line behind.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat as stat_mod
import threading
import weakref
from collections.abc import Iterator
from pathlib import Path

from pi_desktop.session.errors import SessionFileError, SessionLockedError, SessionWriteError
from pi_desktop.usertext import UserText

# Seam for tests that inject a failing write (e.g. ENOSPC); production always uses os.write.
_os_write = os.write

_REGISTRY: dict[tuple[int, int], str] = {}
_REGISTRY_LOCK = threading.Lock()


def _refuse_irregular(path: Path, mode: int) -> None:
    if stat_mod.S_ISREG(mode):
        return
    if stat_mod.S_ISDIR(mode):
        kind = "a directory"
    elif stat_mod.S_ISFIFO(mode):
        kind = "a FIFO (named pipe)"
    elif stat_mod.S_ISCHR(mode) or stat_mod.S_ISBLK(mode):
        kind = "a device"
    elif stat_mod.S_ISSOCK(mode):
        kind = "a socket"
    else:
        kind = "not a regular file"
    raise SessionFileError(
        f"{path.name} is {kind}, not a session file; only regular files can be opened."
    )


def _refuse_symlink(path: Path) -> None:
    """A session file is never opened through a symbolic link: the next append would land in
    whatever it points to (a link planted in a synced folder could aim at ``~/.bashrc``)."""
    try:
        target = os.readlink(path)
    except OSError:
        target = "another file"
    raise SessionFileError(
        f"{path.name} is a symbolic link (to {target}); pi-desktop opens session files only "
        "directly, never through a link. Open the file it points to if you meant that one."
    )


def open_regular(path: Path, flags: int) -> int:
    """Open ``path`` only if it is a regular file, without ever blocking on a FIFO or device.

    The type is checked before the open (a FIFO's open for reading blocks until a writer
    comes) and again on the descriptor (the path may have been swapped in between). A
    symbolic link is refused, also one swapped in between (``O_NOFOLLOW``).
    """
    mode = os.lstat(path).st_mode
    if stat_mod.S_ISLNK(mode):
        _refuse_symlink(path)
    _refuse_irregular(path, mode)
    try:
        fd = os.open(path, flags | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOFOLLOW)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            _refuse_symlink(path)
        raise
    try:
        _refuse_irregular(path, os.fstat(fd).st_mode)
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_bytes(path: Path) -> bytes:
    """The whole file (sessions are read once at open; appends never re-read)."""
    fd = open_regular(path, os.O_RDONLY)
    with os.fdopen(fd, "rb") as handle:
        return handle.read()


def _read_fd(fd: int) -> bytes:
    chunks: list[bytes] = []
    offset = 0
    while chunk := os.pread(fd, 1 << 20, offset):
        chunks.append(chunk)
        offset += len(chunk)
    return b"".join(chunks)


def split_lines(data: bytes) -> Iterator[tuple[int, bytes]]:
    """Non-empty lines with 1-based line numbers; a last line without newline is included."""
    for number, line in enumerate(data.split(b"\n"), start=1):
        if line.strip():
            yield number, line


class Journal:
    """An open, locked session file that accepts whole-line appends."""

    def __init__(self, path: Path, fd: int, key: tuple[int, int], size: int, fsync: bool):
        self.path = path
        self.fsync = fsync
        self._fd = fd
        self._key = key
        self._size = size
        self._needs_newline = False
        self._finalizer = weakref.finalize(self, _release, fd, key)

    # ------------------------------------------------------------------ opening
    @classmethod
    def create(cls, path: Path, first_line: bytes, *, fsync: bool = True) -> Journal:
        """Create ``path`` (must not exist), lock it and write its first line."""
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
        journal = cls._lock(path, fd, fsync)
        try:
            journal.append(first_line)
        except SessionWriteError:
            journal.close()
            path.unlink(missing_ok=True)
            raise
        if fsync:
            _fsync_dir(path.parent)
        return journal

    @classmethod
    def open(cls, path: Path, *, fsync: bool = True) -> tuple[Journal, bytes]:
        """Lock an existing file and return it with its current content."""
        fd = open_regular(path, os.O_RDWR | os.O_APPEND)
        journal = cls._lock(path, fd, fsync)
        try:  # from the locked descriptor itself: the path may name another file by now
            data = _read_fd(fd)
        except OSError:
            journal.close()
            raise
        journal._size = len(data)
        journal._needs_newline = bool(data) and not data.endswith(b"\n")
        return journal, data

    @classmethod
    def _lock(cls, path: Path, fd: int, fsync: bool) -> Journal:
        stat = os.fstat(fd)
        key = (stat.st_dev, stat.st_ino)
        with _REGISTRY_LOCK:
            if key in _REGISTRY:
                os.close(fd)
                raise SessionLockedError(
                    UserText(
                        "Session",
                        "Session %1 is already open for writing in this window; close it there "
                        "first or open it read-only.",
                        path.name,
                    )
                )
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                os.close(fd)
                if exc.errno in (errno.EWOULDBLOCK, errno.EACCES, errno.EAGAIN):
                    raise SessionLockedError(
                        UserText(
                            "Session",
                            "Session %1 is open in another pi-desktop process; close it there "
                            "first or open it read-only.",
                            path.name,
                        )
                    ) from None
                raise
            _REGISTRY[key] = str(path)
        return cls(path, fd, key, stat.st_size, fsync)

    # ------------------------------------------------------------------ writing
    @property
    def closed(self) -> bool:
        return not self._finalizer.alive

    def append(self, line: bytes) -> None:
        """Append one whole line durably, or raise SessionWriteError leaving the file as it was."""
        if self.closed:
            raise SessionWriteError(UserText("Session", "Session %1 is closed.", self.path.name))
        try:
            self._follow_outside_writes()
        except OSError as exc:
            raise SessionWriteError(
                f"Could not save to session {self.path.name}: {exc.strerror or exc}."
            ) from exc
        data = b"\n" + line if self._needs_newline else line
        try:
            _write_all(self._fd, data)
            if self.fsync:
                os.fsync(self._fd)
        except OSError as exc:
            self._roll_back()
            reason = exc.strerror or type(exc).__name__
            raise SessionWriteError(
                UserText(
                    "Session",
                    "Could not save to session %1: %2. Nothing was recorded; free some space "
                    "and try again.",
                    self.path.name,
                    reason,
                )
            ) from exc
        self._size += len(data)
        self._needs_newline = False

    def _follow_outside_writes(self) -> None:
        """Another process (one that ignores the lock: an editor, ``echo >>``) may have written
        since our last append, perhaps leaving a torn last line: our line must then start on a
        fresh one, or it is glued to theirs and both are lost on reload. One ``fstat`` per
        append; the last byte is read only when the size moved."""
        size = os.fstat(self._fd).st_size
        if size == self._size:
            return
        self._size = size  # a failed append rolls back to here, never cutting their bytes
        self._needs_newline = size > 0 and os.pread(self._fd, 1, size - 1) != b"\n"

    def _roll_back(self) -> None:
        """Cut a partial line off; if that fails too, make the next append start a fresh line."""
        try:
            os.ftruncate(self._fd, self._size)
        except OSError:
            self._needs_newline = True
            try:
                self._size = os.fstat(self._fd).st_size
            except OSError:
                pass

    def close(self) -> None:
        """Release the lock and the descriptor (idempotent)."""
        self._finalizer()


def lock_is_free(path: Path) -> bool:
    """Whether nobody (this process or another) has ``path`` open for writing."""
    try:  # O_NONBLOCK: a FIFO at ``path`` must not block the caller
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK)
    except FileNotFoundError:
        return True
    try:
        stat = os.fstat(fd)
        with _REGISTRY_LOCK:
            if (stat.st_dev, stat.st_ino) in _REGISTRY:
                return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True
    finally:
        os.close(fd)


def write_new_file(path: Path, data: bytes, *, fsync: bool = True) -> None:
    """Publish a complete new file at ``path`` atomically; never replaces an existing file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
    try:
        try:
            _write_all(fd, data)
            if fsync:
                os.fsync(fd)
        finally:
            os.close(fd)
        _publish(tmp, path)
    except OSError as exc:
        if isinstance(exc, FileExistsError):
            raise
        raise SessionWriteError(
            f"Could not write session {path.name}: {exc.strerror or type(exc).__name__}."
        ) from exc
    finally:
        tmp.unlink(missing_ok=True)
    if fsync:
        _fsync_dir(path.parent)


def _publish(tmp: Path, path: Path) -> None:
    """Give ``tmp`` the name ``path`` without ever replacing an existing file."""
    try:
        os.link(tmp, path)  # atomic, and FileExistsError instead of overwriting
    except FileExistsError:
        raise
    except OSError:  # a filesystem without hard links: claim the name, then replace it
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600))
        os.replace(tmp, path)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = _os_write(fd, view)
        if written <= 0:
            raise OSError(errno.EIO, "short write")
        view = view[written:]


def _release(fd: int, key: tuple[int, int]) -> None:
    with _REGISTRY_LOCK:
        _REGISTRY.pop(key, None)
    try:
        os.close(fd)
    except OSError:
        pass


def _fsync_dir(directory: Path) -> None:
    """Make a new file's directory entry durable (best effort: not every FS supports it)."""
    try:
        fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
