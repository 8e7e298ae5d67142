"""Hostile session files (issue 20): planted links, files that are not sessions, outside writers.

Each case ends in a clear refusal or a read-only open, and nothing is ever written to a file
the session does not own.
"""

from __future__ import annotations

import json
import os

import pytest

from pi_desktop.session import Session, SessionLibrary
from pi_desktop.session.errors import SessionFileError, SessionReadOnlyError
from tests.kit.messages import assistant, user

BASHRC = b"# ~/.bashrc\nexport PATH=$HOME/bin:$PATH\nalias ll='ls -la'\n"


def _session_file(path, n=2):
    with Session.create(path, fsync=False) as s:
        for i in range(n):
            s.append_message(user(f"q{i}"))
    return path


@pytest.mark.parametrize("read_only", [False, True])
def test_a_session_path_that_is_a_symlink_is_refused_and_its_target_untouched(tmp_path, read_only):
    """``--session chat.jsonl`` with ``chat.jsonl -> ~/.bashrc``: refused, .bashrc unchanged."""
    bashrc = tmp_path / "bashrc"
    bashrc.write_bytes(BASHRC)
    link = tmp_path / "chat.jsonl"
    link.symlink_to(bashrc)
    with pytest.raises(SessionFileError, match="symbolic link"):
        Session.load(link, read_only=read_only, fsync=False)
    assert bashrc.read_bytes() == BASHRC


def test_a_symlink_to_a_real_session_is_refused_too(tmp_path):
    real = _session_file(tmp_path / "real.jsonl")
    before = real.read_bytes()
    (tmp_path / "link.jsonl").symlink_to(real)
    with pytest.raises(SessionFileError, match="symbolic link"):
        Session.load(tmp_path / "link.jsonl", fsync=False)
    assert real.read_bytes() == before


def test_the_library_never_lists_or_opens_a_symlinked_session(tmp_path):
    lib = SessionLibrary(tmp_path / "lib")
    with lib.create(fsync=False) as own:
        own.append_message(user("mine"))
    outside = tmp_path / "target.jsonl"
    _session_file(outside)
    before = outside.read_bytes()
    planted = "a" * 32
    (lib.root / f"{planted}.jsonl").symlink_to(outside)
    (lib.root / f"{'b' * 32}.jsonl").symlink_to(tmp_path / "dangling")
    os.mkfifo(lib.root / f"{'c' * 32}.jsonl")
    listed = {info.id for info in lib.list_sessions()}
    assert listed == {own.id}
    with pytest.raises(SessionFileError, match="symbolic link"):
        lib.open(planted)
    assert outside.read_bytes() == before


@pytest.mark.parametrize(
    "content",
    [
        BASHRC,
        b'{"type":"message","id":"x","parent_id":null,"timestamp":"t","role":"user"}\n',
        b'{"some":"other app"}\n{"type":"session","id":"late"}\n',
        b"not json at all\n",
    ],
    ids=["shell-profile", "headerless-jsonl", "foreign-jsonl", "text"],
)
def test_a_file_without_a_session_header_opens_read_only_and_is_never_appended(tmp_path, content):
    path = tmp_path / "chat.jsonl"
    path.write_bytes(content)
    s = Session.load(path, fsync=False)
    assert s.read_only
    assert s.read_only_reason and "session header" in s.read_only_reason
    assert s.problems[0] == s.read_only_reason
    with pytest.raises(SessionReadOnlyError):
        s.append_message(assistant("sure $(touch PWNED)"))
    with pytest.raises(SessionReadOnlyError):
        s.set_title("x")
    s.close()
    assert path.read_bytes() == content


def test_a_real_session_still_opens_writable(tmp_path):
    path = _session_file(tmp_path / "s.jsonl")
    with Session.load(path, fsync=False) as s:
        assert not s.read_only and s.read_only_reason is None
        s.append_message(assistant("fine"))


def test_an_outside_writer_leaving_a_torn_line_does_not_swallow_our_next_append(tmp_path):
    """Another process appends half a line while we hold the file: our line starts fresh."""
    path = _session_file(tmp_path / "s.jsonl")
    with Session.load(path, fsync=False) as s:
        s.append_message(assistant("before"))
        with open(path, "ab") as other:  # ignores our lock, like `echo >>` or an editor
            other.write(b'{"type":"message","id":"torn","par')
        kept = s.append_message(user("after the torn line"))
        s.append_message(assistant("and one more"))
    again = Session.load(path, read_only=True)
    assert kept in again.entries
    assert [e.content for e in again.get_current_path()][-2:] == [
        "after the torn line",
        "and one more",
    ]
    assert len(again.problems) == 1 and "line" in again.problems[0]


def test_an_outside_writer_with_whole_lines_costs_no_extra_blank_line(tmp_path):
    path = _session_file(tmp_path / "s.jsonl")
    with Session.load(path, fsync=False) as s:
        with open(path, "ab") as other:
            other.write(json.dumps({"type": "bookmark", "id": "z" * 32}).encode() + b"\n")
        s.append_message(user("next"))
    assert b"\n\n" not in path.read_bytes()
    assert Session.load(path, read_only=True).problems == []


def test_a_failed_append_after_an_outside_write_keeps_their_bytes(tmp_path, monkeypatch):
    from pi_desktop.session import journal as journal_mod
    from pi_desktop.session.errors import SessionWriteError

    path = _session_file(tmp_path / "s.jsonl")
    with Session.load(path, fsync=False) as s:
        with open(path, "ab") as other:
            other.write(b"theirs\n")
        expected = path.read_bytes()

        def half(fd, data):
            os.write(fd, bytes(data[:5]))
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(journal_mod, "_os_write", half)
        with pytest.raises(SessionWriteError):
            s.append_message(user("lost"))
    assert path.read_bytes() == expected


def test_a_planted_index_fifo_or_link_neither_blocks_the_listing_nor_is_written_through(tmp_path):
    import threading

    lib = SessionLibrary(tmp_path / "lib")
    with lib.create(fsync=False) as own:
        own.append_message(user("mine"))
    outside = tmp_path / "outside.txt"
    outside.write_text("keep me\n")
    index = lib.root / ".index.json"
    index.unlink(missing_ok=True)
    os.mkfifo(index)
    listed: list = []
    worker = threading.Thread(target=lambda: listed.extend(lib.list_sessions()), daemon=True)
    worker.start()
    worker.join(10)
    assert not worker.is_alive(), "the listing blocked on a FIFO"
    assert [info.id for info in listed] == [own.id]
    index.unlink(missing_ok=True)
    index.symlink_to(outside)
    assert [info.id for info in lib.list_sessions()] == [own.id]
    assert outside.read_text() == "keep me\n"
    assert not index.is_symlink()  # our cache replaced the link itself
    assert [p.name for p in lib.root.iterdir() if p.name.endswith(".tmp")] == []
