"""The Agent and the context engine: compaction (automatic and manual), hidden entries,
rewind and the no-LLM estimate the budget bar starts from.
"""

from __future__ import annotations

import pytest

from pi_desktop.agent import (
    Agent,
    CompactionStarted,
    ContextCompacted,
    ContextPrepared,
    ProviderError,
    SummaryFallback,
)
from pi_desktop.context import Message, estimate_tokens
from pi_desktop.session import RewindError, Session
from tests.kit.agent_doubles import (
    Recorder,
    ScriptedLLM,
    long_session,
    reply,
    summary_reply,
)


@pytest.mark.asyncio
async def test_automatic_compaction_is_announced_persisted_and_hides_entries(
    session: Session,
) -> None:
    long_session(session, 10)
    summarizer = ScriptedLLM(default=summary_reply())
    agent = Agent(
        ScriptedLLM(reply("ok")), session=session, context_budget=2_000, summarizer=summarizer
    )
    rec = Recorder()
    agent.subscribe(rec)
    await agent.run("next")

    kinds = rec.kinds()
    assert kinds.index("CompactionStarted") < kinds.index("ContextCompacted")
    assert kinds.index("ContextCompacted") < kinds.index("ContextPrepared")
    assert rec.of(CompactionStarted) == [CompactionStarted(manual=False)]
    compacted = rec.of(ContextCompacted)[0]
    entry = session.entries[compacted.entry_id]
    assert entry.type == "compaction" and entry.summary == compacted.summary
    prepared = rec.of(ContextPrepared)[0]
    assert prepared.report is not None and prepared.report.summarized
    assert prepared.estimated_tokens <= int(2_000 * 0.8)
    path_ids = [e.id for e in session.get_current_path()]
    assert prepared.hidden_entry_ids and set(prepared.hidden_entry_ids) <= set(path_ids)
    assert prepared.hidden_entry_ids == tuple(path_ids[: len(prepared.hidden_entry_ids)])


@pytest.mark.asyncio
async def test_snipped_middle_is_reported_as_hidden_entries(session: Session) -> None:
    for n in range(40):
        session.append_message(Message(role="user", content=f"q{n}"))
        session.append_message(Message(role="assistant", content=f"a{n}"))
    llm = ScriptedLLM(reply("ok"))
    # the seed's fixed 50-message cap (the default cap follows the budget: no snip here)
    agent = Agent(llm, session=session, context_budget=1_000_000, snip_policy="drop-50")
    rec = Recorder()
    agent.subscribe(rec)
    await agent.run("latest")
    (prepared,) = rec.of(ContextPrepared)
    report = prepared.report
    assert report is not None and report.snipped and not report.summarized
    path_ids = [e.id for e in session.get_current_path()]
    assert prepared.hidden_entry_ids == tuple(path_ids[i - 1] for i in report.snipped)
    sent = {m.content for m in llm.requests[0]}
    hidden = {session.entries[i].content for i in prepared.hidden_entry_ids}
    assert hidden and not hidden & sent  # what is reported hidden really was not sent


@pytest.mark.asyncio
async def test_manual_compact_emits_persists_and_refuses_when_busy(session: Session) -> None:
    long_session(session, 4, size=200)
    agent = Agent(
        ScriptedLLM(),
        session=session,
        context_budget=100_000,
        summarizer=ScriptedLLM(summary_reply("focus on tests")),
    )
    rec = Recorder()
    agent.subscribe(rec)

    assert await agent.compact("focus on tests") is True

    assert rec.kinds() == ["CompactionStarted", "ContextCompacted", "ContextPrepared"]
    assert rec.events[0] == CompactionStarted(manual=True)
    compacted = rec.of(ContextCompacted)[0]
    assert compacted.manual and compacted.entry_id in session.entries
    assert session.entries[compacted.entry_id].manual
    assert session.compaction_floor == session.current_id
    assert not agent.is_busy
    assert await Agent(ScriptedLLM()).compact() is False  # no context management


@pytest.mark.asyncio
async def test_manual_compact_with_a_failing_summarizer_compacts_extractively(
    session: Session,
) -> None:
    """Was "reports and returns False". Issue 16: the ladder makes the summary without the
    model; the compaction is stored marked extractive, and the notice comes once."""
    long_session(session, 4, size=200)
    agent = Agent(
        ScriptedLLM(),
        session=session,
        context_budget=100_000,
        summarizer=ScriptedLLM(ProviderError("HTTP 500")),
    )
    rec = Recorder()
    agent.subscribe(rec)
    assert await agent.compact() is True
    assert rec.kinds() == [
        "CompactionStarted",
        "ContextCompacted",
        "SummaryFallback",
        "ContextPrepared",
    ]
    (compacted,) = rec.of(ContextCompacted)
    assert compacted.rung == "extractive"
    (fallback,) = rec.of(SummaryFallback)
    assert fallback.rung == "extractive" and "ProviderError" in fallback.reason
    assert session.latest_compaction().rung == "extractive"
    assert await agent.compact() is True  # the notice is once per session
    assert len(rec.of(SummaryFallback)) == 1


@pytest.mark.asyncio
async def test_rewind_resets_the_cache_and_reports_a_fresh_estimate(session: Session) -> None:
    long_session(session, 10)
    agent = Agent(
        ScriptedLLM(reply("ok")),
        session=session,
        context_budget=2_000,
        summarizer=ScriptedLLM(default=summary_reply()),
    )
    await agent.run("next")
    comp = session.latest_compaction()
    assert comp is not None
    rec = Recorder()
    agent.subscribe(rec)
    path = session.get_current_path()

    with pytest.raises(RewindError):
        agent.rewind(path[0].id)  # sealed below the floor
    assert rec.events == []

    floor = session.compaction_floor
    assert floor is not None
    agent.rewind(floor)
    assert session.current_id == floor
    (event,) = rec.events
    assert isinstance(event, ContextPrepared)
    assert agent.context is not None and agent.context.summary == comp.summary  # restored
    assert event.estimated_tokens == agent.estimate_now().estimated_tokens


def test_estimate_now_reflects_the_history_without_calling_any_llm(session: Session) -> None:
    long_session(session, 3, size=100)
    llm = ScriptedLLM()
    agent = Agent(llm, session=session, context_budget=10_000)
    est = agent.estimate_now()
    assert est.budget == 10_000 and est.threshold == 0.8
    assert est.estimated_tokens > 0 and llm.requests == []
    plain = Agent(ScriptedLLM(), session=session)

    assert plain.estimate_now().estimated_tokens == estimate_tokens(
        session.get_full_history_messages()
    )
    assert plain.estimate_now().budget is None


@pytest.mark.asyncio
async def test_estimate_now_equals_what_prepare_reports_on_the_free_layer_path(
    session: Session,
) -> None:
    for n in range(40):
        session.append_message(Message(role="user", content=f"question {n}"))
        call = {"id": f"t{n}", "type": "function", "function": {"name": "read", "arguments": "{}"}}
        session.append_message(Message(role="assistant", metadata={"tool_calls": [call]}))
        size = 30_000 if n % 10 == 0 else 600  # some offloaded (L3); L2 idle far under the limit
        session.append_message(
            Message(role="tool", content="r" * size, metadata={"tool_call_id": f"t{n}"})
        )
        session.append_message(Message(role="assistant", content=f"answer {n}"))
    llm = ScriptedLLM()
    agent = Agent(llm, session=session, context_budget=1_000_000)
    assert agent.context is not None
    agent.context.snip_policy = "drop"  # the free layers alone (the default summarizes snips)
    agent.context.max_messages = 50  # the seed's fixed cap (the default follows the budget)
    bar = agent.estimate_now()
    await agent.context.prepare(session.get_full_history_messages())
    report = agent.context.last_report
    assert report is not None and report.snipped and report.offloaded
    assert not report.summarized and llm.requests == []
    assert bar.estimated_tokens == report.tokens


@pytest.mark.asyncio
async def test_manual_compact_on_a_read_only_session_says_it_was_not_saved(
    session: Session,
) -> None:
    long_session(session, 4, size=200)
    session.close()
    viewer = Session.load(session.path, read_only=True)
    agent = Agent(
        ScriptedLLM(),
        session=viewer,
        context_budget=100_000,
        summarizer=ScriptedLLM(summary_reply()),
    )
    rec = Recorder()
    agent.subscribe(rec)
    assert await agent.compact() is False
    notices = [e.text for e in rec.events if type(e).__name__ == "Notice"]
    assert any("could not be saved" in text for text in notices)
    assert rec.kinds()[-1] == "ContextPrepared" and not agent.is_busy
    viewer.close()


@pytest.mark.asyncio
async def test_without_a_budget_every_request_is_the_full_history(session: Session) -> None:
    """``context_budget=None``: no layer runs — no snip, no placeholder, no offload, no summary."""
    for n in range(40):
        session.append_message(Message(role="user", content=f"question {n}"))
        call = {"id": f"t{n}", "type": "function", "function": {"name": "read", "arguments": "{}"}}
        session.append_message(Message(role="assistant", metadata={"tool_calls": [call]}))
        size = 30_000 if n % 10 == 0 else 600
        session.append_message(
            Message(role="tool", content="r" * size, metadata={"tool_call_id": f"t{n}"})
        )
        session.append_message(Message(role="assistant", content=f"answer {n}"))
    history = session.get_full_history_messages()
    llm = ScriptedLLM(reply("fine"))
    agent = Agent(llm, session=session)
    rec = Recorder()
    agent.subscribe(rec)
    await agent.run("last")
    (sent,) = llm.requests
    assert sent == [*history, sent[-1]] and sent[-1].content == "last"
    (prepared,) = rec.of(ContextPrepared)
    assert prepared.budget is None and prepared.report is None
    assert prepared.estimated_tokens == estimate_tokens(sent)
    assert agent.context is None and agent.summarizer_calls == 0
