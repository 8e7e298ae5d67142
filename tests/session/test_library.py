"""The session library: create/open/list/rename/delete, and listing that reads only new bytes."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from pi_desktop.session import Session, SessionLibrary, SessionLockedError
from pi_desktop.session import library as library_mod
from tests.kit.messages import assistant, user


@pytest.fixture
def lib(tmp_path):
    return SessionLibrary(tmp_path / "sessions")


def test_default_root_is_the_user_data_dir():
    root = SessionLibrary().root
    assert root.name == "sessions" and "pi-desktop" in str(root)
    assert str(root).startswith(os.environ["XDG_DATA_HOME"])  # isolated by conftest


def test_create_list_open(lib):
    assert lib.list_sessions() == []
    with lib.create(system_prompt="sys", workspace="/w", title="First", fsync=False) as s:
        s.append_message(user("  hello\n  world  "))
        s.append_message(assistant("hi"))
        sid = s.id
    infos = lib.list_sessions()
    assert len(infos) == 1
    info = infos[0]
    assert (info.id, info.title, info.message_count) == (sid, "First", 2)
    assert info.preview == "hello world" and info.path == lib.root / f"{sid}.jsonl"
    assert info.updated.tzinfo is not None
    with lib.open(sid) as again:
        assert again.system_prompt == "sys" and again.workspace == "/w"


def test_list_is_sorted_by_update_and_falls_back_to_preview(lib):
    with lib.create(fsync=False) as a:
        a.append_message(user("older"))
    with lib.create(fsync=False) as b:
        b.append_message(user("newer"))
    os.utime(a.path, ns=(1_000_000_000, 1_000_000_000))
    infos = lib.list_sessions()
    assert [i.id for i in infos] == [b.id, a.id]
    assert infos[0].display_title == "newer" and infos[0].title is None


def test_listing_sees_appends_from_another_process_and_reads_only_new_lines(lib, monkeypatch):
    with lib.create(title="T", fsync=False) as s:
        for i in range(20):
            s.append_message(user(f"m{i}"))
        sid = s.id
    assert lib.list_sessions()[0].message_count == 20
    script = textwrap.dedent(f"""
        from pi_desktop.context import Message
        from pi_desktop.session import SessionLibrary
        lib = SessionLibrary({str(lib.root)!r})
        with lib.open({sid!r}) as s:
            s.append_message(Message(role="assistant", content="from elsewhere"))
            s.set_title("Renamed elsewhere")
    """)
    subprocess.run([sys.executable, "-c", script], check=True, timeout=60)
    scanned: list[bytes] = []
    real = library_mod._scan_line
    monkeypatch.setattr(
        library_mod, "_scan_line", lambda scan, line: (scanned.append(line), real(scan, line))
    )
    info = lib.list_sessions()[0]
    assert (info.message_count, info.title) == (21, "Renamed elsewhere")
    assert len([x for x in scanned if x]) == 2  # just the two new lines
    scanned.clear()
    lib.list_sessions()
    assert scanned == []  # unchanged files are not read at all


def test_torn_tail_is_not_counted_until_it_is_complete(lib):
    with lib.create(fsync=False) as s:
        s.append_message(user("a"))
        path = s.path
    with open(path, "ab") as f:
        f.write(b'{"type":"message","id":"x","parent_id":null,"timestamp":"t","role":"us')
    assert lib.list_sessions()[0].message_count == 1
    with Session.load(path, fsync=False) as s:
        s.append_message(user("b"))  # starts on a fresh line after the torn one
    assert lib.list_sessions()[0].message_count == 2


def test_corrupt_index_is_rebuilt(lib):
    with lib.create(title="x", fsync=False) as s:
        s.append_message(user("a"))
    lib.list_sessions()
    (lib.root / library_mod.INDEX_NAME).write_text("{not json")
    assert lib.list_sessions()[0].message_count == 1
    (lib.root / library_mod.INDEX_NAME).write_text('{"version": 1, "files": {"a": {"bad": 1}}}')
    assert lib.list_sessions()[0].title == "x"


def _index_with(lib, **changes):
    """List once (the index now describes the one session), then rewrite its entry's fields."""
    import json

    lib.list_sessions()
    index = lib.root / library_mod.INDEX_NAME
    raw = json.loads(index.read_text())
    for fields in raw["files"].values():
        fields.update(changes)
    index.write_text(json.dumps(raw))


BAD_INDEX_FIELDS = [
    {"offset": "zz"},
    {"offset": -10},
    {"offset": 10**9},  # past the end of the file
    {"offset": None},
    {"offset": True},
    {"size": -1},
    {"message_count": "many"},
    {"ino": 1.5},
    {"title": 42},
    {"title": {"x": 1}},
    {"preview": ["a"]},
    {"created": 3},
    {"unexpected": 1},
]


@pytest.mark.parametrize("changes", BAD_INDEX_FIELDS, ids=lambda c: repr(c))
def test_a_bad_index_field_is_reported_and_the_session_still_listed(lib, changes):
    with lib.create(title="kept", fsync=False) as s:
        s.append_message(user("a"))
        s.append_message(assistant("b"))
    _index_with(lib, **changes)
    (info,) = lib.list_sessions()
    assert (info.title, info.message_count) == ("kept", 2)
    assert len(lib.problems) == 1 and library_mod.INDEX_NAME in lib.problems[0]
    lib.list_sessions()  # the rewritten index is clean again
    assert lib.problems == []


@pytest.mark.parametrize("raw", ["[1, 2]", '"text"', '{"version": 1, "files": [1]}', "null"])
def test_an_index_of_the_wrong_shape_is_rebuilt(lib, raw):
    with lib.create(title="x", fsync=False) as s:
        s.append_message(user("a"))
    lib.list_sessions()
    (lib.root / library_mod.INDEX_NAME).write_text(raw)
    assert [i.title for i in lib.list_sessions()] == ["x"]


def test_a_non_text_title_line_is_listed_without_a_title(lib):
    with lib.create(fsync=False) as s:
        s.append_message(user("hello there"))
        path = s.path
    with open(path, "ab") as f:
        f.write(b'{"type":"title","id":"t1","timestamp":"t","title":{"evil":1}}\n')
    (info,) = lib.list_sessions()
    assert info.title is None and info.display_title == "hello there"


def test_rename_uses_the_open_session_or_the_file(lib):
    s = lib.create(title="old", fsync=False)
    lib.rename(s.id, "via live session")
    assert s.title == "via live session"
    s.close()
    lib.rename(s.id, "via file")
    assert lib.list_sessions()[0].title == "via file"
    assert Session.load(s.path, read_only=True).title == "via file"


def test_delete_removes_file_and_results_but_not_while_open(lib):
    s = lib.create(fsync=False)
    results = lib.results_dir(s.path)
    assert results == lib.root / s.id / "tool-results"
    results.mkdir(parents=True)
    (results / "call_1.txt").write_text("big output")
    with pytest.raises(SessionLockedError):
        lib.delete(s.id)
    s.close()
    lib.delete(s.id)
    assert not s.path.exists() and not (lib.root / s.id).exists()
    assert lib.list_sessions() == []


def test_delete_refused_while_another_process_holds_it(lib):
    with lib.create(fsync=False) as s:
        sid = s.id
    script = textwrap.dedent(f"""
        import sys
        from pi_desktop.session import SessionLibrary
        s = SessionLibrary({str(lib.root)!r}).open({sid!r})
        print("HELD", flush=True)
        sys.stdin.readline()
    """)
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline().strip() == "HELD"
        with pytest.raises(SessionLockedError):
            lib.delete(sid)
        with pytest.raises(SessionLockedError):
            lib.rename(sid, "nope")
    finally:
        child.communicate("\n", timeout=60)
    lib.delete(sid)


def test_ids_cannot_escape_the_folder(lib):
    for bad in ("../x", "a/b", "", "x" * 65, "..", "a.b"):
        with pytest.raises(ValueError):
            lib.path_for(bad)


def test_fork_into_the_library(lib):
    with lib.create(system_prompt="p", fsync=False) as s:
        a = s.append_message(user("q"))
        s.append_message(assistant("a"))
        with lib.fork(s, a, title="branch") as fork:
            assert fork.path.parent == lib.root and fork.path.stem == fork.id
    titles = {i.title for i in lib.list_sessions()}
    assert titles == {None, "branch"}
    assert Path(lib.root / f"{fork.id}.jsonl").exists()
