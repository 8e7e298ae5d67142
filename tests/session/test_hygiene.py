"""Session hygiene: a new session has no file until its first change; delete goes to a trash."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from pi_desktop.context import Message
from pi_desktop.session import (
    RewindError,
    Session,
    SessionLibrary,
    SessionLockedError,
    SessionWriteError,
)
from pi_desktop.session.trash import KEEP_FOR


@pytest.fixture
def library(tmp_path) -> SessionLibrary:
    return SessionLibrary(tmp_path / "sessions")


def _files(library: SessionLibrary) -> list[str]:
    return sorted(p.name for p in library.root.glob("*.jsonl"))


def test_a_draft_writes_nothing_until_its_first_message(library):
    drafts = [library.draft(system_prompt="sys", fsync=False) for _ in range(3)]
    for draft in drafts:
        assert draft.is_draft and not draft.read_only and not draft.closed
        assert draft.get_full_history_messages()[0].content == "sys"
        draft.close()
        assert draft.closed
    assert _files(library) == [] and library.list_sessions() == []


def test_the_first_message_creates_the_file_and_it_reloads_whole(library):
    draft = library.draft(system_prompt="persona", workspace="/w", fsync=False)
    seen = []
    draft.subscribe(seen.append)
    entry_id = draft.append_message(Message(role="user", content="hello"))
    assert not draft.is_draft and draft.path.is_file() and len(seen) == 1
    with pytest.raises(SessionLockedError):  # held like any writable session
        Session.load(draft.path)
    draft.append_message(Message(role="assistant", content="hi"))
    draft.close()
    with Session.load(draft.path) as again:
        assert again.id == draft.id and again.workspace == "/w"
        assert [m.content for m in again.get_full_history_messages()] == ["persona", "hello", "hi"]
        assert again.get_current_path()[0].id == entry_id
    assert [i.id for i in library.list_sessions()] == [draft.path.stem]


def test_a_refused_first_change_leaves_no_file(library):
    draft = library.draft(fsync=False)
    with pytest.raises(RewindError):
        draft.rewind("nope")
    assert not draft.path.exists()
    draft.close()
    with pytest.raises(SessionWriteError):
        draft.append_message(Message(role="user", content="after close"))
    assert not draft.path.exists()


def _made(library: SessionLibrary, text: str) -> str:
    with library.create(fsync=False) as session:
        session.append_message(Message(role="user", content=text))
        results = library.results_dir(session.path)
        results.mkdir(parents=True)
        (results / "call_1.txt").write_text("offloaded")
        return session.path.stem


def test_delete_moves_to_the_trash_and_restore_brings_everything_back(library):
    keep, gone = _made(library, "keep me"), _made(library, "trash me")
    library.move_to_trash(gone)
    assert [i.id for i in library.list_sessions()] == [keep]
    trashed = library.trash.list()
    assert [t.id for t in trashed] == [gone] and library.trash.count() == 1
    assert trashed[0].info.preview == "trash me"
    assert trashed[0].expires_at - trashed[0].deleted_at == KEEP_FOR
    path = library.trash.restore(gone)
    assert path == library.path_for(gone)
    assert {i.id for i in library.list_sessions()} == {keep, gone}
    assert (library.results_dir(path) / "call_1.txt").read_text() == "offloaded"
    assert library.trash.list() == []
    with Session.load(path) as session:
        assert session.get_current_path()[0].content == "trash me"


def test_an_open_session_is_not_trashed(library):
    session = library.create(fsync=False)
    session.append_message(Message(role="user", content="busy"))
    with pytest.raises(SessionLockedError):
        library.move_to_trash(session.path.stem)
    session.close()
    library.move_to_trash(session.path.stem)
    assert library.list_sessions() == []


def test_the_trash_forgets_after_30_days_and_can_be_emptied(library):
    now = [datetime(2026, 1, 1, tzinfo=UTC)]
    library.trash.clock = lambda: now[0]
    old, recent, third = (_made(library, t) for t in ("old", "recent", "third"))
    library.move_to_trash(old)
    now[0] += timedelta(days=20)
    library.move_to_trash(recent)
    library.move_to_trash(third)
    now[0] += timedelta(days=9, hours=23)
    assert library.trash.purge_expired() == []
    now[0] += timedelta(hours=1)  # 30 days after the first deletion
    assert library.trash.purge_expired() == [old]
    assert sorted(t.id for t in library.trash.list()) == sorted([recent, third])
    assert not (library.trash.root / old).exists()
    assert library.trash.empty() == 2
    assert library.trash.list() == [] and library.list_sessions() == []


def test_a_draft_is_a_plain_session_whose_file_waits_for_the_first_change(tmp_path):
    path = tmp_path / "d.jsonl"
    draft = Session.draft(path, title="later", system_prompt="sys", fsync=False)
    assert type(draft) is Session and draft.is_draft and draft.title == "later"
    assert not path.exists()
    draft.append_message(Message(role="user", content="now"))
    assert path.is_file() and not draft.is_draft
    draft.close()
    with Session.load(path) as again:  # the same header a created session gets
        assert not again.is_draft and again.id == draft.id and again.title == "later"
    with Session.create(tmp_path / "c.jsonl", fsync=False) as created:
        assert not created.is_draft
