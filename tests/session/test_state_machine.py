"""Random append / rewind / compact / fork / retitle / crash / corrupt / reopen runs vs a model.

The model is a list of what each line of the file says, in file order, and a small fold over it
that mirrors the loader's rules in the plainest way: a message whose parent line was lost
attaches to the nearest earlier message still there; a rewind or a compaction the tree no longer
allows is skipped. Corrupting a middle line (then reopening) must lose that line only.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from dataclasses import dataclass, field, replace
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


@dataclass
class Line:
    """One line of the file as the model sees it."""

    kind: str  # "msg", "leaf", "comp", "title", "torn", "bad"
    id: str | None = None
    parent: str | None = None  # a message's parent, a compaction's parent, a leaf's target
    covered: int = 0
    tail: int = 0
    first_kept: str | None = None
    title: str | None = None


@dataclass
class Folded:
    parent: dict[str, str | None] = field(default_factory=dict)  # message id -> parent id
    order: list[str] = field(default_factory=list)
    current: str | None = None
    floor: str | None = None
    comps: dict[str, Line] = field(default_factory=dict)
    title: str | None = None
    problems: int = 0

    def path(self, node: str | None) -> list[str]:
        out = []
        while node is not None:
            out.append(node)
            node = self.parent[node]
        return out[::-1]

    def allowed(self, target: str) -> bool:
        return self.floor is None or self.floor in self.path(target)


def fold(lines: list[Line]) -> Folded:
    state = Folded()
    last: str | None = None
    for line in lines:
        if line.kind in ("torn", "bad"):
            state.problems += 1
        elif line.kind == "msg":
            assert line.id is not None
            parent = line.parent
            if parent is not None and parent not in state.parent:
                state.problems += 1
                parent = last
            state.parent[line.id] = parent
            state.order.append(line.id)
            state.current = last = line.id
        elif line.kind == "leaf":
            if line.parent in state.parent and state.allowed(line.parent):
                state.current = line.parent
            else:
                state.problems += 1
        elif line.kind == "comp":
            if line.parent in state.parent and state.allowed(line.parent):
                assert line.id is not None
                state.comps[line.id] = line
                state.floor = line.parent
            else:
                state.problems += 1
        elif line.kind == "title":
            state.title = line.title
    return state


class SessionMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.dir = Path(tempfile.mkdtemp(prefix="session-sm-"))
        self.path = self.dir / "s.jsonl"
        self.session = Session.create(self.path, system_prompt="sys", fsync=False)
        self.lines: list[Line] = []
        self.forks = 0
        self.corrupted = 0

    @property
    def model(self) -> Folded:
        return fold(self.lines)

    def expected_cache(self, model: Folded) -> str | None:
        path = model.path(model.current)
        for index in range(len(path) - 1, -1, -1):
            hanging = [c for c, v in model.comps.items() if v.parent == path[index]]
            for cid in reversed(hanging):
                comp = model.comps[cid]
                if comp.covered + comp.tail > index + 2:
                    continue
                kept = comp.covered - 1
                first = comp.first_kept
                if first is None or (0 <= kept < len(path) and path[kept] == first):
                    return cid
        return None

    def reopen_file(self) -> None:
        self.session.close()
        self.session = Session.load(self.path, fsync=False)

    # ---------------------------------------------------------------- rules
    @rule(role=st.sampled_from(["user", "assistant", "tool"]), text=st.text(max_size=20))
    def append(self, role: str, text: str) -> None:
        metadata = {"tool_call_id": "c1", "name": "t"} if role == "tool" else None
        parent = self.session.current_id
        eid = self.session.append_message(Message(role=role, content=text, metadata=metadata))
        self.lines.append(Line("msg", eid, parent))

    @precondition(lambda self: self.model.order)
    @rule(data=st.data())
    def rewind(self, data: st.DataObject) -> None:
        model = self.model
        target = data.draw(st.sampled_from(model.order))
        size = self.path.stat().st_size
        if model.allowed(target):
            self.session.rewind(target)
            if target != model.current:
                self.lines.append(Line("leaf", parent=target))
        else:
            try:
                self.session.rewind(target)
            except RewindError as exc:
                assert "Fork to new session" in str(exc)
            else:
                raise AssertionError("rewind below the floor was accepted")
            assert self.path.stat().st_size == size

    @precondition(lambda self: self.model.current is not None)
    @rule(data=st.data())
    def compact(self, data: st.DataObject) -> None:
        path = self.session.get_current_path()
        kept = data.draw(st.integers(0, len(path)))
        tail = [e.to_message().model_dump() for e in path[kept:]]
        first_kept = path[kept].id if kept < len(path) else None
        cid = self.session.add_summary_cache(
            f"s{len(self.lines)}", 1 + kept, tail, first_kept_entry_id=first_kept
        )
        self.lines.append(
            Line("comp", cid, self.session.current_id, 1 + kept, len(tail), first_kept)
        )

    @precondition(lambda self: self.model.order)
    @rule(data=st.data())
    def fork(self, data: st.DataObject) -> None:
        model = self.model
        target = data.draw(st.sampled_from(model.order))
        self.forks += 1
        with self.session.fork(target, self.dir / f"fork{self.forks}.jsonl") as fork:
            assert [e.id for e in fork.get_current_path()] == model.path(target)
            assert fork.compaction_floor is None and fork.get_latest_compaction_cache() is None
            assert fork.system_prompt == "sys"
            assert Session.load(fork.path, read_only=True).state == fork.state

    @rule(title=st.none() | st.text(max_size=10))
    def retitle(self, title: str | None) -> None:
        if title != self.session.title:
            self.lines.append(Line("title", title=title))
        self.session.set_title(title)

    @rule(cut=st.integers(1, 60))
    def crash_mid_write(self, cut: int) -> None:
        """What a crash leaves: the start of a line, no newline; then the app restarts."""
        self.session.close()
        with open(self.path, "ab") as f:
            f.write(b'\n{"type":"message","id":"' + b"7" * 32 + b'","parent_id":null'[:cut])
        self.lines.append(Line("torn"))
        self.session = Session.load(self.path, fsync=False)

    @precondition(lambda self: sum(x.kind in ("msg", "comp") for x in self.lines[:-1]) > 0)
    @rule(data=st.data())
    def corrupt_middle_line(self, data: st.DataObject) -> None:
        """A line in the middle goes bad (a disk error, a bad edit); the app restarts."""
        self.session.close()
        raw = self.path.read_bytes().split(b"\n")
        last = max(i for i, b in enumerate(raw) if b.strip())
        by_id = {x.id: x for x in self.lines if x.kind in ("msg", "comp")}
        choices = []
        for number, text in enumerate(raw[:last]):
            try:
                entry = json.loads(text)
            except ValueError:
                continue
            if isinstance(entry, dict) and entry.get("id") in by_id:
                choices.append((number, entry["id"]))
        if not choices:
            self.session = Session.load(self.path, fsync=False)
            return
        number, entry_id = data.draw(st.sampled_from(choices))
        raw[number] = b'{"type": "message", "id": ' + b"\x00" * 3  # not JSON any more
        self.path.write_bytes(b"\n".join(raw))
        by_id[entry_id].kind = "bad"
        self.corrupted += 1
        self.session = Session.load(self.path, fsync=False)

    @rule()
    def reopen(self) -> None:
        self.reopen_file()

    # ---------------------------------------------------------------- invariants
    @invariant()
    def matches_model(self) -> None:
        s, model = self.session, self.model
        assert s.current_id == model.current
        assert s.title == model.title
        assert s.compaction_floor == model.floor
        assert [e.id for e in s.get_current_path()] == model.path(model.current)
        assert len(s.get_full_history_messages()) == 1 + len(model.path(model.current))
        latest = s.latest_compaction()
        assert (latest.id if latest else None) == self.expected_cache(model)
        cache = s.get_latest_compaction_cache()
        if latest is not None:
            assert cache is not None and len(cache["retained_tail"]) == latest.kept_count
            history = s.get_full_history_messages()
            start = cache["covered_count"]
            assert cache["retained_tail"] == [
                m.model_dump() for m in history[start : start + latest.kept_count]
            ]
        for eid in model.order:
            assert s.can_rewind(eid) == model.allowed(eid)

    @invariant()
    def reload_is_equal(self) -> None:
        other = Session.load(self.path, read_only=True)
        assert len(other.problems) == self.model.problems
        # problems describe each load (a torn tail becomes a corrupt middle line after an append)
        assert replace(other.state, problems=[]) == replace(self.session.state, problems=[])

    def teardown(self) -> None:
        self.session.close()
        shutil.rmtree(self.dir, ignore_errors=True)


SessionMachine.TestCase.settings = settings(max_examples=150, stateful_step_count=40, deadline=None)
TestSessionMachine = SessionMachine.TestCase
