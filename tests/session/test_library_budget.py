"""Listing within a read budget: what the GUI thread reads of a library that changed behind
its back (a restored backup, another instance, a lost cache) is bounded, the rest is deferred
to a full listing, and nothing the full listing read is ever lost (``list_sessions_within``)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pi_desktop.session import SessionLibrary
from pi_desktop.session import library as library_mod
from pi_desktop.session.library import INDEX_NAME
from tests.kit.messages import user


def _session(lib: SessionLibrary, messages: int, word: str = "lorem") -> str:
    with lib.create(title=f"{word} {messages}", fsync=False) as s:
        for i in range(messages):
            s.append_message(user(f"{word} {i} " + "ipsum " * 10))
        return s.id


def _size(lib: SessionLibrary, session_id: str) -> int:
    return lib.path_for(session_id).stat().st_size


def _reads(monkeypatch) -> list[tuple[str, int]]:
    """(file name, bytes) of every file the listing reads (an unchanged one is not read)."""
    read: list[tuple[str, int]] = []
    real = library_mod._rescan

    def rescan(path, stat, old):
        unread = library_mod._unread_bytes(stat, old)
        if unread:
            read.append((path.name, unread))
        return real(path, stat, old)

    monkeypatch.setattr(library_mod, "_rescan", rescan)
    return read


def test_a_new_file_over_the_budget_is_deferred_and_the_cache_left_alone(tmp_path, monkeypatch):
    lib = SessionLibrary(tmp_path / "lib")
    small = _session(lib, 2)
    lib.list_sessions()  # the cache knows the small one
    cache_before = (lib.root / INDEX_NAME).read_bytes()
    big = _session(lib, 300)
    read = _reads(monkeypatch)
    listing = lib.list_sessions_within(_size(lib, big) // 2)
    assert [info.id for info in listing.sessions] == [small]
    assert listing.deferred == 1
    assert read == []  # the small one unchanged, the big one not opened
    assert (lib.root / INDEX_NAME).read_bytes() == cache_before  # only complete listings write
    full = lib.list_sessions()  # what the worker runs
    assert {info.id: info.message_count for info in full} == {small: 2, big: 300}
    read.clear()
    listing = lib.list_sessions_within(0)  # now the cache has it: nothing left to read
    assert listing.deferred == 0 and read == []
    assert listing.sessions == full


def test_a_grown_file_over_the_budget_is_listed_as_last_seen(tmp_path):
    lib = SessionLibrary(tmp_path / "lib")
    grown = _session(lib, 3)
    lib.list_sessions()
    with lib.open(grown) as s:
        for i in range(200):
            s.append_message(user(f"more {i} " + "ipsum " * 10))
    listing = lib.list_sessions_within(1_000)
    assert listing.deferred == 1
    assert [(i.id, i.message_count) for i in listing.sessions] == [(grown, 3)]  # stale, not gone
    assert [(i.id, i.message_count) for i in lib.list_sessions()] == [(grown, 203)]


def test_the_budget_reads_what_fits_and_no_more(tmp_path, monkeypatch):
    lib = SessionLibrary(tmp_path / "lib")
    ids = [_session(lib, n) for n in (5, 80, 10, 120, 7)]
    budget = _size(lib, ids[0]) + _size(lib, ids[2]) + _size(lib, ids[4]) + 10
    read = _reads(monkeypatch)
    listing = lib.list_sessions_within(budget)
    assert sum(n for _name, n in read) <= budget
    listed = {info.id for info in listing.sessions}
    assert {ids[0], ids[2], ids[4]} <= listed  # the small ones fit whatever the order
    assert listing.deferred == len(ids) - len(listed)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    sizes=st.lists(st.integers(0, 40), min_size=1, max_size=6),
    rounds=st.lists(
        st.tuples(
            st.integers(0, 20_000),  # the budget
            st.lists(st.integers(0, 30), max_size=6),  # messages appended to each file first
            st.booleans(),  # the cache lost first
            st.booleans(),  # a full listing after
        ),
        min_size=1,
        max_size=5,
    ),
)
def test_budgeted_listings_show_only_what_files_once_held_and_lose_nothing(
    tmp_path_factory, sizes, rounds
):
    """Files growing and the cache lost between listings: a budgeted listing shows each session
    as it is or as it once was, never a count it never had; a full listing is always exact, and
    after one nothing is left to read."""
    lib = SessionLibrary(tmp_path_factory.mktemp("lib"))
    ids = [_session(lib, n) for n in sizes]
    counts = dict(zip(ids, sizes, strict=True))
    held = {i: {n} for i, n in counts.items()}  # every count each file has had
    for budget, grow, lose_cache, full in rounds:
        for session_id, more in zip(ids, grow, strict=False):
            if more:
                with lib.open(session_id) as s:
                    for k in range(more):
                        s.append_message(user(f"grown {k}"))
                counts[session_id] += more
                held[session_id].add(counts[session_id])
        if lose_cache:
            (lib.root / INDEX_NAME).unlink(missing_ok=True)
        listing = lib.list_sessions_within(budget)
        for info in listing.sessions:
            assert info.message_count in held[info.id]
        assert len({i.id for i in listing.sessions}) + listing.deferred >= len(ids)
        if full:
            assert {i.id: i.message_count for i in lib.list_sessions()} == counts
    assert {i.id: i.message_count for i in lib.list_sessions()} == counts
    assert lib.list_sessions_within(0) == (lib.list_sessions(), 0)


def test_newest_ids_read_no_file(tmp_path, monkeypatch):
    lib = SessionLibrary(tmp_path / "lib")
    older, newer = _session(lib, 1), _session(lib, 1)
    os.utime(lib.path_for(older), ns=(1_000_000_000, 1_000_000_000))
    (lib.root / "notes.txt").write_text("not a session")
    (lib.root / "link.jsonl").symlink_to(lib.path_for(newer))
    read = _reads(monkeypatch)
    assert lib.newest_ids() == [newer, older]
    assert read == []
    assert SessionLibrary(tmp_path / "missing").newest_ids() == []


def test_the_deferred_rest_is_read_off_the_calling_thread_by_the_full_listing(tmp_path):
    """What the window does with a deferral: the full listing in a worker, the GUI thread's
    listing after it reads nothing more."""
    lib = SessionLibrary(tmp_path / "lib")
    ids = [_session(lib, 150) for _ in range(3)]
    assert lib.list_sessions_within(100).deferred == 3
    worker = threading.Thread(target=SessionLibrary(lib.root).list_sessions)
    worker.start()
    worker.join(30)
    listing = lib.list_sessions_within(100)
    assert listing.deferred == 0
    assert sorted(info.id for info in listing.sessions) == sorted(ids)


def test_a_library_that_is_missing_lists_nothing(tmp_path):
    assert SessionLibrary(Path(tmp_path / "none")).list_sessions_within(10) == ([], 0)
