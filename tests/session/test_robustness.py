"""Damaged files, unknown entry types, full disks and the single-writer lock."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import textwrap

import pytest

from pi_desktop.context import Message
from pi_desktop.session import (
    Session,
    SessionLockedError,
    SessionWriteError,
)
from pi_desktop.session import journal as journal_mod
from tests.kit.messages import assistant, user
from tests.session.helpers import assert_same_state, compact_here


def _make(tmp_path, n=3):
    path = tmp_path / "s.jsonl"
    with Session.create(path, system_prompt="sys", fsync=False) as s:
        ids = [s.append_message(user(f"m{i}")) for i in range(n)]
        state = s.state
    return path, ids, state


def test_torn_last_line_is_reported_and_next_append_starts_fresh(tmp_path):
    path, ids, _ = _make(tmp_path)
    with open(path, "ab") as f:
        f.write(b'{"type":"message","id":"abc","parent_id":null,"timest')
    with Session.load(path, fsync=False) as s:
        assert s.current_id == ids[-1]
        assert len(s.problems) == 1 and "incomplete last line" in s.problems[0]
        assert "line 5" in s.problems[0]
        new = s.append_message(assistant("after the crash"))
    with Session.load(path, read_only=True) as again:
        assert again.current_id == new and again.entries[new].parent_id == ids[-1]
        assert len(again.problems) == 1  # the torn line stays reported, nothing else broke


def test_complete_but_unterminated_last_line_is_kept(tmp_path):
    path, ids, _ = _make(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[:-1])  # drop only the final newline
    with Session.load(path, fsync=False) as s:
        assert s.problems == [] and s.current_id == ids[-1]
        new = s.append_message(user("next"))
    text = path.read_text()
    assert text.endswith("\n") and all(json.loads(x) for x in text.splitlines())
    assert Session.load(path, read_only=True).current_id == new


def test_corrupt_middle_line_loses_only_itself(tmp_path):
    path, ids, _ = _make(tmp_path, n=4)
    lines = path.read_bytes().split(b"\n")
    lines[2] = b"{garbage"  # the second message (ids[1])
    path.write_bytes(b"\n".join(lines))
    s = Session.load(path, read_only=True)
    assert s.problems[0] == "line 3: not valid JSON; skipped"  # problems in file order
    assert [p.split(":")[0] for p in s.problems] == ["line 3", "line 4"]
    # ids[2] descended from the lost line: it attaches to the nearest earlier good message
    assert ids[2] in s.problems[1] and "unknown parent" in s.problems[1]
    assert f"attached to {ids[0]}" in s.problems[1]
    assert s.current_id == ids[3]
    assert [e.id for e in s.get_current_path()] == [ids[0], ids[2], ids[3]]


def test_corrupt_line_4_of_a_12_message_file_keeps_11_on_the_path(tmp_path):
    path = tmp_path / "s.jsonl"
    with Session.create(path, fsync=False) as s:
        for i in range(6):
            s.append_message(user(f"q{i}"))
            s.append_message(assistant(f"a{i}"))
    lines = path.read_bytes().split(b"\n")
    lines[3] = lines[3][:20] + b"\x00garbage"  # line 4: the third message
    path.write_bytes(b"\n".join(lines))
    with Session.load(path, fsync=False) as s:
        assert len(s.get_current_path()) == 11
        assert [p.split(":")[0] for p in s.problems] == ["line 4", "line 5"]
        assert "attached to" in s.problems[1]
        # the next append continues the conversation; the bad line stays as it was
        s.append_message(user("next"))
    assert path.read_bytes().split(b"\n")[3] == lines[3]
    with Session.load(path, read_only=True) as again:
        assert len(again.get_current_path()) == 12


def test_corrupt_first_message_makes_its_child_a_root(tmp_path):
    path, ids, _ = _make(tmp_path, n=3)
    lines = path.read_bytes().split(b"\n")
    lines[1] = b"{garbage"  # ids[0]
    path.write_bytes(b"\n".join(lines))
    s = Session.load(path, read_only=True)
    assert [e.id for e in s.get_current_path()] == ids[1:]
    assert "attached to the root" in s.problems[1]


def test_non_utf8_bytes_do_not_crash_the_loader(tmp_path):
    path, ids, _ = _make(tmp_path)
    with open(path, "ab") as f:
        f.write(b"\xff\xfe\x00binary\n")
        f.write(
            json.dumps(
                {
                    "type": "message",
                    "id": "x" * 32,
                    "parent_id": ids[-1],
                    "timestamp": "t",
                    "role": "user",
                    "content": "ok",
                }
            ).encode()
            + b"\n"
        )
    s = Session.load(path, read_only=True)
    assert any("not valid UTF-8" in p for p in s.problems)
    assert s.current_id == "x" * 32


def test_invalid_entry_fields_are_reported_with_the_field(tmp_path):
    path, ids, _ = _make(tmp_path)
    bad = {
        "type": "message",
        "id": "y" * 32,
        "parent_id": ids[-1],
        "timestamp": "t",
        "role": "wizard",
        "content": "x",
    }
    with open(path, "a") as f:
        f.write(json.dumps(bad) + "\n")
    s = Session.load(path, read_only=True)
    assert len(s.problems) == 1 and "role" in s.problems[0] and s.current_id == ids[-1]


def test_unknown_entry_types_are_kept_and_ignored(tmp_path):
    path, ids, state = _make(tmp_path)
    future = {"type": "bookmark", "id": "z" * 32, "parent_id": ids[0], "timestamp": "t", "x": 1}
    with open(path, "a") as f:
        f.write(json.dumps(future) + "\n")
    s = Session.load(path, read_only=True)
    assert s.problems == [] and s.state.unknown == [future]
    assert s.current_id == ids[-1] and s.entries == state.entries


def test_missing_header_falls_back_to_the_file_name(tmp_path):
    path, ids, _ = _make(tmp_path)
    lines = path.read_bytes().split(b"\n")
    (tmp_path / "nohead.jsonl").write_bytes(b"\n".join(lines[1:]))
    s = Session.load(tmp_path / "nohead.jsonl", read_only=True)
    assert s.id == "nohead" and s.current_id == ids[-1] and s.system_prompt is None
    assert any("no session header" in p for p in s.problems)


def test_empty_file_loads_as_an_empty_session(tmp_path):
    (tmp_path / "e.jsonl").write_bytes(b"")
    with Session.load(tmp_path / "e.jsonl", fsync=False) as s:
        assert s.current_id is None and s.entries == {}
        s.append_message(user("first"))
    assert Session.load(tmp_path / "e.jsonl", read_only=True).current_id is not None


# --------------------------------------------------------------------- disk full


def test_disk_full_mid_line_leaves_file_and_memory_unchanged(tmp_path, monkeypatch):
    path, ids, _ = _make(tmp_path)
    with Session.load(path, fsync=False) as s:
        before_bytes = path.read_bytes()
        before_state = s.state.__dict__.copy()
        calls = {"n": 0}

        def half_then_enospc(fd, data):
            calls["n"] += 1
            if calls["n"] == 1:
                return os.write(fd, bytes(data[: len(data) // 2]))
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        monkeypatch.setattr(journal_mod, "_os_write", half_then_enospc)
        with pytest.raises(SessionWriteError, match="No space left on device"):
            s.append_message(user("x" * 5000))
        with pytest.raises(SessionWriteError):
            compact_here(s)
        assert path.read_bytes() == before_bytes
        assert s.current_id == ids[-1] and s.state.__dict__ == before_state
        monkeypatch.setattr(journal_mod, "_os_write", os.write)
        new = s.append_message(user("space again"))
        assert_same_state(s)
    assert Session.load(path, read_only=True).current_id == new


def test_failed_fsync_is_a_write_error_and_rolls_back(tmp_path, monkeypatch):
    path, ids, _ = _make(tmp_path)
    with Session.load(path, fsync=True) as s:
        before = path.read_bytes()

        def eio(fd):
            raise OSError(errno.EIO, os.strerror(errno.EIO))

        monkeypatch.setattr(os, "fsync", eio)
        with pytest.raises(SessionWriteError, match="Input/output error"):
            s.append_message(user("lost"))
        monkeypatch.undo()
        assert path.read_bytes() == before and s.current_id == ids[-1]


def test_every_append_is_fsynced_by_default_and_the_switch_turns_it_off(tmp_path, monkeypatch):
    """Durable by default (a committed entry survives power loss); ``fsync=False`` for tests."""
    synced: list[int] = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd)))
    for name, kwargs, expect in (("on.jsonl", {}, True), ("off.jsonl", {"fsync": False}, False)):
        with Session.create(tmp_path / name, **kwargs) as s:
            del synced[:]
            s.append_message(user("one"))
            s.rewind(s.current_id)  # no-op: writes nothing
            s.append_message(assistant("two"))
            assert (len(synced) >= 2) is expect and (not synced) is (not expect)
        with Session.load(tmp_path / name, **kwargs) as s:
            del synced[:]
            s.append_message(user("three"))
            assert bool(synced) is expect


def test_real_file_size_limit_in_a_subprocess(tmp_path):
    """A real kernel refusal (RLIMIT_FSIZE → EFBIG), no injection: clear error, valid file."""
    path, _, _ = _make(tmp_path)
    limit = path.stat().st_size + 300
    script = textwrap.dedent(f"""
        import resource, signal, sys
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))
        from pi_desktop.context import Message
        from pi_desktop.session import Session, SessionWriteError
        s = Session.load({str(path)!r})
        ok = s.append_message(Message(role="user", content="small"))
        print("OK", ok)
        try:
            s.append_message(Message(role="user", content="x" * 2000))
        except SessionWriteError as exc:
            print("ERR", exc)
        print("CUR", s.current_id)
    """)
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    ).stdout.split("\n")
    ok = out[0].split()[1]
    assert out[1].startswith("ERR Could not save") and "too large" in out[1]
    assert out[2] == f"CUR {ok}"
    s = Session.load(path, read_only=True)
    assert s.problems == [] and s.current_id == ok


# --------------------------------------------------------------------- the lock


def test_second_writer_in_process_is_refused_until_close(tmp_path):
    path, _, _ = _make(tmp_path)
    first = Session.load(path, fsync=False)
    with pytest.raises(SessionLockedError, match="already open"):
        Session.load(path)
    assert Session.load(path, read_only=True).current_id == first.current_id
    first.close()
    first.close()  # idempotent
    with Session.load(path, fsync=False) as second:
        second.append_message(user("mine now"))


def test_closed_session_refuses_writes(tmp_path):
    path, _, _ = _make(tmp_path)
    s = Session.load(path, fsync=False)
    s.close()
    with pytest.raises(SessionWriteError, match="closed"):
        s.append_message(user("late"))


def test_second_writer_in_another_process_is_refused(tmp_path):
    path, _, _ = _make(tmp_path)
    script = textwrap.dedent(f"""
        from pi_desktop.session import Session, SessionLockedError
        try:
            Session.load({str(path)!r})
        except SessionLockedError as exc:
            print("LOCKED", exc)
        else:
            print("OPENED")
        print("RO", Session.load({str(path)!r}, read_only=True).current_id)
    """)

    def run() -> list[str]:
        return subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
        ).stdout.splitlines()

    with Session.load(path, fsync=False) as s:
        out = run()
        assert out[0].startswith("LOCKED") and "another pi-desktop process" in out[0]
        assert out[1] == f"RO {s.current_id}"
    assert run()[0] == "OPENED"


def test_lock_held_by_another_process_blocks_us(tmp_path):
    path, _, _ = _make(tmp_path)
    script = textwrap.dedent(f"""
        import sys
        from pi_desktop.session import Session
        s = Session.load({str(path)!r})
        print("HELD", flush=True)
        sys.stdin.readline()
        s.close()
    """)
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline().strip() == "HELD"
        with pytest.raises(SessionLockedError, match="another pi-desktop process"):
            Session.load(path)
    finally:
        child.communicate("\n", timeout=60)
    with Session.load(path, fsync=False):
        pass


def test_text_that_is_not_utf8_is_stored_as_replacement_chars(tmp_path):
    path, _, _ = _make(tmp_path)
    with Session.load(path, fsync=False) as s:
        broken = "bad \udc80 byte"  # what surrogateescape-decoded tool output looks like
        meta = {"tool_call_id": "c", "name": "x\udcff"}
        eid = s.append_message(Message(role="tool", content=broken, metadata=meta))
        assert s.entries[eid].content == "bad \ufffd byte"
        assert s.entries[eid].metadata["name"] == "x\ufffd"
        assert_same_state(s)
