"""Issue 16 (7): the pair repair follows what is new.

``repair_pairs`` re-ran over the whole history after every append (agent CPU per turn grew
1.7 -> 3.9 ms over 1,000 turns). ``PairFold`` folds each message once; fed in any chunks it
gives exactly what one pass over the whole history gives.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pi_desktop.agent.history import MemoryHistory, SessionHistory
from pi_desktop.agent.repair import PairFold, repair_pairs
from pi_desktop.context import Message
from pi_desktop.context.reasoning import strip_ignored_reasoning
from pi_desktop.session import Session


def _call(cid: str) -> dict:
    return {"id": cid, "type": "function", "function": {"name": "f", "arguments": "{}"}}


@st.composite
def histories(draw) -> list[Message]:
    """Messages with well-paired steps, missing results, orphans and stray tool messages."""
    out: list[Message] = []
    for k in range(draw(st.integers(0, 25))):
        kind = draw(st.sampled_from(["user", "answer", "step", "orphan"]))
        if kind == "user":
            out.append(Message(role="user", content=f"u{k}"))
        elif kind == "answer":
            out.append(Message(role="assistant", content=f"a{k}"))
        elif kind == "orphan":
            out.append(Message(role="tool", content="x", metadata={"tool_call_id": f"zz{k}"}))
        else:
            ids = [f"c{k}_{j}" for j in range(draw(st.integers(1, 3)))]
            out.append(Message(role="assistant", metadata={"tool_calls": [_call(i) for i in ids]}))
            answered = draw(st.lists(st.sampled_from(ids), unique=True))
            out += [
                Message(role="tool", content="r", metadata={"tool_call_id": i}) for i in answered
            ]
    return out


@settings(max_examples=150, deadline=None)
@given(histories(), st.lists(st.integers(1, 6), max_size=30), st.booleans())
def test_a_fold_fed_in_chunks_equals_one_pass(messages, chunks, system):
    head = [Message(role="system", content="s")] if system else []
    ids = [f"e{i}" for i in range(len(messages))]
    whole = repair_pairs(head + messages, ids)
    fold = PairFold(head)
    at = 0
    for size in [*chunks, len(messages)]:
        fold.feed(messages[at : at + size], ids[at : at + size])
        at = min(len(messages), at + size)
        done = head + messages[:at]
        assert fold.result(done, ids[:at]) == repair_pairs(done, ids[:at])
    assert fold.count == len(messages)
    assert fold.result(head + messages, ids) == whole


def test_each_message_is_folded_once_over_a_long_session(tmp_path):
    """A turn feeds the fold only what it appended (not the whole history again)."""
    with Session.create(tmp_path / "s.jsonl", system_prompt="s", fsync=False) as session:
        history = SessionHistory(session)
        fed: list[int] = []
        feed = PairFold.feed

        def counting(self, messages, ids):
            fed.append(len(messages))
            return feed(self, messages, ids)

        PairFold.feed = counting  # type: ignore[method-assign]
        try:
            for k in range(200):
                history.snapshot()
                history.append(Message(role="user", content=f"q{k}"))
                history.append(Message(role="assistant", content=f"a{k}"))
            messages, _ = history.snapshot()
        finally:
            PairFold.feed = feed  # type: ignore[method-assign]
        assert len(messages) == 401 and sum(fed) == 400  # each message once
        assert history.clean_path_ids() == [e.id for e in session.get_current_path()]


def test_memory_history_repairs_incrementally_too():
    history = MemoryHistory("s")
    history.append(Message(role="user", content="q"))
    history.append(Message(role="assistant", metadata={"tool_calls": [_call("c1")]}))
    messages, ids = history.snapshot()
    assert [m.role for m in messages] == ["system", "user", "assistant", "tool"]
    assert ids == [None, None, None] and history.repairs[0].kind == "missing_result"
    history.append(Message(role="tool", content="r", metadata={"tool_call_id": "c1"}))
    messages, _ = history.snapshot()
    assert [m.content for m in messages][-1] == "r" and history.repairs == ()


# ---- issue 18: a long session's history costs what changed, and is the same history

_REASONED = {"reasoning": "thought about it"}


def _truth(session: Session) -> tuple[list[Message], list[str | None], tuple]:
    """The history as sent, computed the slow, obvious way from the file's current path."""
    messages = strip_ignored_reasoning(session.get_full_history_messages())
    return repair_pairs(messages, [e.id for e in session.get_current_path()])


_ops = st.lists(
    st.one_of(
        st.tuples(st.just("user"), st.integers(0, 99)),
        st.tuples(st.just("answer"), st.booleans()),  # with reasoning no provider reads
        st.tuples(st.just("calls"), st.integers(1, 3)),
        st.tuples(st.just("result"), st.integers(0, 3)),
        st.tuples(st.just("orphan"), st.integers(0, 99)),
        st.tuples(st.just("rewind"), st.integers(0, 10_000)),
        st.tuples(st.just("root"), st.integers(0, 99)),
        st.tuples(st.just("prompt"), st.sampled_from([None, "s", "t"])),
        st.tuples(st.just("agent"), st.integers(0, 99)),  # appended through the history
        st.tuples(st.just("fresh"), st.just(0)),  # a reopened session: a new shared history
    ),
    max_size=40,
)


@settings(max_examples=120, deadline=None)
@given(_ops)
def test_the_shared_history_equals_a_fresh_fold_of_the_path_after_any_changes(ops):
    """Appends (by the agent or anyone), rewinds, new roots and system prompt changes: the
    shared, incrementally kept history is exactly the repaired path, every time."""
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "s.jsonl"
        session = Session.create(path, system_prompt="s", fsync=False)
        pending: list[str] = []
        try:
            for step, (op, arg) in enumerate(ops):
                history = SessionHistory.of(session)
                if op == "user":
                    session.append_message(Message(role="user", content=f"u{arg}"))
                elif op == "answer":
                    meta = dict(_REASONED) if arg else None
                    session.append_message(Message(role="assistant", content="a", metadata=meta))
                elif op == "calls":
                    pending = [f"c{step}_{j}" for j in range(arg)]
                    meta = {"tool_calls": [_call(i) for i in pending], **_REASONED}
                    session.append_message(Message(role="assistant", metadata=meta))
                elif op == "result" and pending:
                    cid = pending.pop(arg % len(pending))
                    meta = {"tool_call_id": cid, "name": "f"}
                    session.append_message(Message(role="tool", content="r", metadata=meta))
                elif op == "orphan":
                    meta = {"tool_call_id": f"zz{arg}"}
                    session.append_message(Message(role="tool", content="x", metadata=meta))
                elif op == "rewind":
                    ids = [e.id for e in session.get_current_path()]
                    if ids:
                        session.rewind(ids[arg % len(ids)])
                elif op == "root":
                    session.append_root(Message(role="user", content=f"r{arg}"))
                elif op == "prompt":
                    session.set_system_prompt(arg)
                elif op == "agent":
                    history.snapshot()  # in step: the append extends what it holds
                    history.append(Message(role="user", content=f"g{arg}"))
                elif op == "fresh":
                    session.close()
                    session = Session.load(path)
                shared = SessionHistory.of(session)
                messages, ids = shared.snapshot()
                want_messages, want_ids, want_repairs = _truth(session)
                assert (messages, ids, shared.repairs) == (want_messages, want_ids, want_repairs)
                assert shared.clean_path_ids() == (None if want_repairs else want_ids)
        finally:
            session.close()


def _counting_conversions(monkeypatch) -> list[int]:
    from pi_desktop.session import MessageEntry

    calls = [0]
    convert = MessageEntry.to_message

    def counting(self):
        calls[0] += 1
        return convert(self)

    monkeypatch.setattr(MessageEntry, "to_message", counting)
    return calls


def _long_session(path, n: int) -> Session:
    session = Session.create(path, system_prompt="s", fsync=False)
    for k in range(n):
        role = "user" if k % 2 == 0 else "assistant"
        session.append_message(Message(role=role, content=f"m{k}"))
    return session


def test_agents_on_one_session_convert_its_path_once(tmp_path, monkeypatch):
    """Warmed where the session was read (a worker thread), the first agent's snapshot, a
    rebuilt agent's and a rewind convert no message again."""
    import threading

    from pi_desktop.agent import Agent
    from pi_desktop.agent.history import warm
    from tests.kit.agent_doubles import ScriptedLLM

    session = _long_session(tmp_path / "s.jsonl", 2_000)
    conversions = _counting_conversions(monkeypatch)
    worker = threading.Thread(target=warm, args=(session,))
    worker.start()
    worker.join()
    assert conversions[0] == 2_000
    first = Agent(ScriptedLLM(), session=session, context_budget=100_000)
    assert first.history_repairs == () and first.estimate_now().estimated_tokens > 0
    second = Agent(ScriptedLLM(), session=session, context_budget=100_000)  # a settings change
    assert second.pending_turn() is None
    path = session.get_current_path()
    second.rewind(path[999].id)
    messages, ids = second._history.snapshot()  # type: ignore[attr-defined]
    assert conversions[0] == 2_000  # nothing converted twice
    assert (messages, ids, ()) == _truth(session)
    session.close()


def test_a_history_does_not_keep_its_session_alive(tmp_path):
    import gc
    import weakref

    session = _long_session(tmp_path / "s.jsonl", 4)
    SessionHistory.of(session).snapshot()
    gone = weakref.ref(session)
    session.close()
    del session
    gc.collect()
    assert gone() is None
