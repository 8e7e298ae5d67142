"""Opening files under a root without a check-then-use race.

A path is checked once (resolved, inside the workspace, outside the app's own folders) and then
opened component by component from a descriptor of the root, every step with ``O_NOFOLLOW``:
the path checked has no symlinks, so if one appears later (swapped in while the user reads
the approval prompt) the open fails instead of following it out. Leaves are opened with
``O_NONBLOCK`` and ``fstat``-ed, so a FIFO or a device node is refused rather than read —
opening a FIFO would block a worker thread forever, ``/dev/zero`` would fill memory.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path

from pi_desktop.agent.tool import ToolError

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_LEAF_FLAGS = os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


@dataclass(frozen=True)
class Target:
    """A checked path: ``parts`` below ``base`` (symlink-free when checked), how to show it."""

    base: Path
    parts: tuple[str, ...]
    shown: str
    read_only: bool = False

    @property
    def path(self) -> Path:
        return self.base.joinpath(*self.parts)


@dataclass(frozen=True)
class Stamp:
    """What identifies a file's version cheaply: a change between read and write is a race."""

    ino: int
    size: int
    mtime_ns: int
    nlink: int = 1

    @classmethod
    def of(cls, st: os.stat_result) -> Stamp:
        return cls(st.st_ino, st.st_size, st.st_mtime_ns, st.st_nlink)


def tool_error(exc: OSError, shown: str, doing: str = "open") -> ToolError:
    """The model-facing message for an ``OSError`` met while walking or opening ``shown``."""
    if exc.errno in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
        return ToolError(
            f"refused {shown}: part of the path is (or became) a symbolic link or not a folder; "
            "tools never follow a link that appears after the path was checked"
        )
    if exc.errno == errno.ENOENT:
        return ToolError(f"no such file: {shown}")
    if exc.errno == errno.ENXIO:
        return ToolError(f"{shown} is not a regular file (a FIFO or socket); not touched")
    return ToolError(f"cannot {doing} {shown}: {exc.strerror or exc}")


def open_dir(base: Path, parts: tuple[str, ...], *, create: bool = False) -> int:
    """A descriptor of ``base/parts...`` reached without following any symlink below ``base``.

    With ``create``, missing folders are made on the way (each relative to its parent's
    descriptor, so the new folder is where the walk is, whatever happens to the path).
    """
    fd = os.open(base, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for name in parts:
            if create:
                try:
                    os.mkdir(name, 0o777, dir_fd=fd)
                except FileExistsError:
                    pass
            child = os.open(name, _DIR_FLAGS, dir_fd=fd)
            os.close(fd)
            fd = child
    except BaseException:
        os.close(fd)
        raise
    return fd


def open_leaf(
    target: Target, flags: int, *, mode: int = 0o666, create_parents: bool = False
) -> int:
    """``os.open`` of the target's last component relative to its parent's safe descriptor."""
    if not target.parts:
        return open_dir(target.base, ())
    parent = open_dir(target.base, target.parts[:-1], create=create_parents)
    try:
        return os.open(target.parts[-1], flags | _LEAF_FLAGS, mode, dir_fd=parent)
    finally:
        os.close(parent)


def regular_or_refuse(fd: int, shown: str) -> os.stat_result:
    """``fstat`` of ``fd``; ``ToolError`` (fd closed) unless it is a regular file."""
    st = os.fstat(fd)
    if stat.S_ISREG(st.st_mode):
        return st
    os.close(fd)
    if stat.S_ISDIR(st.st_mode):
        raise ToolError(f"{shown} is a directory; use list_dir to see what it contains")
    raise ToolError(f"{shown} is not a regular file (a FIFO, device or socket); not read")


def read_upto(fd: int, cap: int, offset: int = 0) -> bytes:
    """At most ``cap`` bytes from ``offset`` (``pread``: the descriptor's position is kept)."""
    chunks: list[bytes] = []
    size = 0
    while size < cap:
        chunk = os.pread(fd, min(1 << 20, cap - size), offset + size)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def open_regular_for_read(target: Target) -> tuple[int, os.stat_result]:
    """A read descriptor of a regular file (FIFOs and devices refused without blocking)."""
    try:
        fd = open_leaf(target, os.O_RDONLY)
    except OSError as exc:
        raise tool_error(exc, target.shown) from None
    return fd, regular_or_refuse(fd, target.shown)


def write_regular(target: Target, data: bytes, expected: Stamp | None) -> None:
    """Write ``data`` to the target, but only if it is still the file the user approved a
    change to: ``expected`` None means "must not exist yet", a stamp means "the same file,
    unchanged since it was read" — anything else is refused, nothing written.

    An existing file is replaced, never written into: the new content goes to a temporary
    file in the same folder, which is renamed over the name. A hard link at the name (to a
    file outside the workspace, say) is thereby cut, not written through, and a failed write
    leaves the old content whole.
    """
    if expected is None:
        _create_new(target, data)
    else:
        _replace(target, data, expected)


def _write_fd(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _create_new(target: Target, data: bytes) -> None:
    try:
        fd = open_leaf(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, create_parents=True)
    except FileExistsError:
        raise ToolError(
            f"{target.shown} appeared while waiting for approval; read it and try again"
        ) from None
    except OSError as exc:
        raise tool_error(exc, target.shown, "write") from None
    try:
        _write_fd(fd, data)
    except OSError as exc:
        raise tool_error(exc, target.shown, "write") from None
    finally:
        os.close(fd)


def _replace(target: Target, data: bytes, expected: Stamp) -> None:
    shown, name = target.shown, target.parts[-1]
    try:
        parent = open_dir(target.base, target.parts[:-1])
    except OSError as exc:
        raise tool_error(exc, shown, "write") from None
    tmp = f".{name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    try:
        try:
            st = os.stat(name, dir_fd=parent, follow_symlinks=False)
        except OSError as exc:
            raise tool_error(exc, shown, "write") from None
        if stat.S_ISLNK(st.st_mode):  # swapped in while the user read the approval
            raise tool_error(OSError(errno.ELOOP, "symbolic link"), shown, "write")
        if not stat.S_ISREG(st.st_mode):
            raise ToolError(f"{shown} is not a regular file; not written")
        if Stamp.of(st) != expected:
            raise ToolError(f"{shown} changed while waiting for approval; read it again and retry")
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
        try:
            fd = os.open(tmp, flags, stat.S_IMODE(st.st_mode), dir_fd=parent)
        except OSError as exc:
            raise tool_error(exc, shown, "write") from None
        try:
            try:
                _write_fd(fd, data)
                os.fchmod(fd, stat.S_IMODE(st.st_mode))  # the umask narrowed the open's mode
            finally:
                os.close(fd)
            again = os.stat(name, dir_fd=parent, follow_symlinks=False)
            if Stamp.of(again) != expected:
                raise ToolError(
                    f"{shown} changed while waiting for approval; read it again and retry"
                )
            os.rename(tmp, name, src_dir_fd=parent, dst_dir_fd=parent)
        except OSError as exc:
            raise tool_error(exc, shown, "write") from None
        finally:
            try:
                os.unlink(tmp, dir_fd=parent)
            except FileNotFoundError:
                pass
    finally:
        os.close(parent)


def link_note(st: os.stat_result, shown: str) -> str:
    """What a tool says about a file with several hard links ("" for the usual one): the
    other names may lie outside the workspace, which the tools cannot see."""
    if st.st_nlink <= 1:
        return ""
    return (
        f"[note: {shown} has {st.st_nlink} hard links; the same content may also be a file "
        "outside the workspace. A write replaces this name only: the other links keep the old "
        "content.]"
    )
