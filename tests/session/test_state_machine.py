"""Random append / rewind / compact / fork / retitle / crash / reopen runs vs a small model."""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import replace
from pathlib import Path

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
)

from pi_desktop.context import Message
from pi_desktop.session import RewindError, Session


class SessionMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.dir = Path(tempfile.mkdtemp(prefix="session-sm-"))
        self.path = self.dir / "s.jsonl"
        self.session = Session.create(self.path, system_prompt="sys", fsync=False)
        self.parent: dict[str, str | None] = {}  # message id -> parent id
        self.order: list[str] = []
        self.current: str | None = None
        self.floor: str | None = None
        # compaction id -> (parent, covered_count, tail length, first kept id)
        self.comps: dict[str, tuple[str, int, int, str | None]] = {}
        self.forks = 0
        self.title: str | None = None
        self.torn = 0  # torn lines written by ``crash_mid_write``

    # ---------------------------------------------------------------- model helpers
    def model_path(self, node: str | None) -> list[str]:
        out = []
        while node is not None:
            out.append(node)
            node = self.parent[node]
        return out[::-1]

    def expected_cache(self) -> str | None:
        path = self.model_path(self.current)
        for index in range(len(path) - 1, -1, -1):
            hanging = [c for c, v in self.comps.items() if v[0] == path[index]]
            for cid in reversed(hanging):
                _, covered, tail, first_kept = self.comps[cid]
                if covered + tail > index + 2:
                    continue
                kept = covered - 1
                if first_kept is None or (0 <= kept < len(path) and path[kept] == first_kept):
                    return cid
        return None

    # ---------------------------------------------------------------- rules
    @rule(role=st.sampled_from(["user", "assistant", "tool"]), text=st.text(max_size=20))
    def append(self, role: str, text: str) -> None:
        metadata = {"tool_call_id": "c1", "name": "t"} if role == "tool" else None
        eid = self.session.append_message(Message(role=role, content=text, metadata=metadata))
        self.parent[eid] = self.current
        self.order.append(eid)
        self.current = eid

    @precondition(lambda self: self.order)
    @rule(data=st.data())
    def rewind(self, data: st.DataObject) -> None:
        target = data.draw(st.sampled_from(self.order))
        allowed = self.floor is None or self.floor in self.model_path(target)
        size = self.path.stat().st_size
        if allowed:
            self.session.rewind(target)
            self.current = target
        else:
            try:
                self.session.rewind(target)
            except RewindError as exc:
                assert "Fork to new session" in str(exc)
            else:
                raise AssertionError("rewind below the floor was accepted")
            assert self.path.stat().st_size == size

    @precondition(lambda self: self.current is not None)
    @rule(data=st.data())
    def compact(self, data: st.DataObject) -> None:
        path = self.session.get_current_path()
        kept = data.draw(st.integers(0, len(path)))
        tail = [e.to_message().model_dump() for e in path[kept:]]
        first_kept = path[kept].id if kept < len(path) else None
        cid = self.session.add_summary_cache(
            f"s{len(self.comps)}", 1 + kept, tail, first_kept_entry_id=first_kept
        )
        self.comps[cid] = (self.current, 1 + kept, len(tail), first_kept)
        self.floor = self.current

    @precondition(lambda self: self.order)
    @rule(data=st.data())
    def fork(self, data: st.DataObject) -> None:
        target = data.draw(st.sampled_from(self.order))
        self.forks += 1
        with self.session.fork(target, self.dir / f"fork{self.forks}.jsonl") as fork:
            assert [e.id for e in fork.get_current_path()] == self.model_path(target)
            assert fork.compaction_floor is None and fork.get_latest_compaction_cache() is None
            assert fork.system_prompt == "sys"
            assert Session.load(fork.path, read_only=True).state == fork.state

    @rule(title=st.none() | st.text(max_size=10))
    def retitle(self, title: str | None) -> None:
        self.session.set_title(title)
        self.title = title

    @rule(cut=st.integers(1, 60))
    def crash_mid_write(self, cut: int) -> None:
        """What a crash leaves: the start of a line, no newline; then the app restarts."""
        self.session.close()
        with open(self.path, "ab") as f:
            f.write(b'\n{"type":"message","id":"' + b"7" * 32 + b'","parent_id":null'[:cut])
        self.torn += 1
        self.session = Session.load(self.path, fsync=False)

    @rule()
    def reopen(self) -> None:
        self.session.close()
        self.session = Session.load(self.path, fsync=False)

    # ---------------------------------------------------------------- invariants
    @invariant()
    def matches_model(self) -> None:
        s = self.session
        assert s.current_id == self.current
        assert s.title == self.title
        assert s.compaction_floor == self.floor
        assert [e.id for e in s.get_current_path()] == self.model_path(self.current)
        assert len(s.get_full_history_messages()) == 1 + len(self.model_path(self.current))
        latest = s.latest_compaction()
        assert (latest.id if latest else None) == self.expected_cache()
        for eid in self.order:
            assert s.can_rewind(eid) == (self.floor is None or self.floor in self.model_path(eid))

    @invariant()
    def reload_is_equal(self) -> None:
        other = Session.load(self.path, read_only=True)
        assert len(other.problems) == self.torn
        assert all("not valid JSON" in p or "incomplete" in p for p in other.problems)
        # problems describe each load (a torn tail becomes a corrupt middle line after an append)
        assert replace(other.state, problems=[]) == replace(self.session.state, problems=[])

    def teardown(self) -> None:
        self.session.close()
        shutil.rmtree(self.dir, ignore_errors=True)


SessionMachine.TestCase.settings = settings(max_examples=150, stateful_step_count=40, deadline=None)
TestSessionMachine = SessionMachine.TestCase
