"""The file format: lean compaction lines, format-1 files, settings lines, hostile files."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import threading
from pathlib import Path

import pytest

from pi_desktop.context import ContextManager, Message
from pi_desktop.session import (
    FORMAT_VERSION,
    CompactionEntry,
    Session,
    SessionError,
    SessionReadOnlyError,
)
from pi_desktop.session.errors import SessionFileError
from tests.kit.messages import assistant, user
from tests.session.helpers import assert_same_state, compact_here

FIXTURES = Path(__file__).parent / "fixtures"


class CountingLLM:
    """Refuses to be called: a restored cache must be enough."""

    def __init__(self) -> None:
        self.calls = 0

    async def chat(self, messages, tools=None, on_delta=None):  # pragma: no cover - must not run
        self.calls += 1
        raise AssertionError("no API call expected")


# ------------------------------------------------------------------ format 1 (copied tails)


def test_a_format_1_file_loads_and_restores_its_cache_with_zero_calls(tmp_path):
    path = tmp_path / "old.jsonl"
    shutil.copy(FIXTURES / "v1_session.jsonl", path)
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    old = [x for x in lines if x["type"] == "compaction"]
    assert old and all(x["retained_tail"] and x["replaces_entry_ids"] for x in old)
    with Session.load(path, fsync=False) as s:
        assert s.problems == []
        comp = s.latest_compaction()
        assert comp is not None and comp.retained_count is None
        assert comp.id == old[-1]["id"] and comp.kept_count == len(old[-1]["retained_tail"])
        cache = s.get_latest_compaction_cache()
        assert cache == {
            "summary": old[-1]["summary"],
            "covered_count": old[-1]["covered_count"],
            "retained_tail": old[-1]["retained_tail"],
        }
        # the copied tail is what the path holds there: nothing was lost by not copying it
        history = s.get_full_history_messages()
        start = cache["covered_count"]
        kept = [m.model_dump() for m in history[start : start + len(cache["retained_tail"])]]
        assert kept == cache["retained_tail"]
        llm = CountingLLM()
        ctx = ContextManager(budget=1500, llm=llm)
        ctx.restore_cache(**cache)
        view = asyncio.run(ctx.prepare(history))
        assert llm.calls == 0 and ctx.last_report is not None and ctx.last_report.cache_used
        assert view[1].content.startswith("<summary>") or "summary" in view[1].content
        # appending to an old file works; the new lines are of the current format
        s.append_message(user("after the upgrade"))
        compact_here(s)
    with Session.load(path, read_only=True) as again:
        assert again.problems == []
        new = again.latest_compaction()
        assert new is not None and new.retained_count == 1


# ------------------------------------------------------------------ lean compactions


def test_compaction_lines_do_not_grow_with_the_history(tmp_path):
    sizes = []
    with Session.create(tmp_path / "s.jsonl", system_prompt="p", fsync=False) as s:
        for i in range(60):
            s.append_message(user(f"q{i} " + "x" * 2000))
            s.append_message(assistant(f"a{i} " + "y" * 2000))
            if i % 10 == 9:
                path = s.get_current_path()
                covered = 1 + len(path) - 6
                s.add_summary_cache(
                    "summary " * 50,
                    covered,
                    [e.to_message().model_dump() for e in path[covered - 1 :]],
                    first_kept_entry_id=path[covered - 1].id,
                )
                sizes.append(len(s.path.read_bytes().splitlines()[-1]))
                cache = s.get_latest_compaction_cache()
                assert cache is not None and len(cache["retained_tail"]) == 6
                assert cache["retained_tail"][-1]["content"] == f"a{i} " + "y" * 2000
        assert max(sizes) - min(sizes) < 10 and max(sizes) < 1000
        assert_same_state(s)


def test_a_compaction_that_does_not_fit_the_path_is_not_used(tmp_path):
    with Session.create(tmp_path / "s.jsonl", system_prompt="p", fsync=False) as s:
        a = s.append_message(user("q"))
        s.append_message(assistant("a"))
        s.add_summary_cache("sum", 2, [{}], first_kept_entry_id=a)  # wrong: a is index 1
        assert s.get_latest_compaction_cache() is None
        c = compact_here(s)
        assert s.latest_compaction().id == c


# ------------------------------------------------------------------ settings lines


def test_usage_anchor_and_model_window_are_saved_once_per_change(tmp_path):
    path = tmp_path / "s.jsonl"
    with Session.create(path, fsync=False) as s:
        anchor = {
            "anchor": [0.3, 0.25],
            "ratio": 0.3,
            "last_view_chars": 10,
            "last_view_script": 0.25,
        }
        s.set_usage_anchor(anchor)
        s.set_usage_anchor(dict(anchor))  # unchanged: no line
        s.set_model_window(8192, 7372)
        s.set_model_window(8192, 7372)
        lines = path.read_text().splitlines()
        assert [json.loads(x)["type"] for x in lines[1:]] == ["usage", "model_window"]
        assert_same_state(s)
    with Session.load(path, read_only=True) as again:
        assert again.usage_anchor == anchor
        assert again.model_window is not None and again.model_window.budget == 7372
        with pytest.raises(SessionReadOnlyError):
            again.set_usage_anchor({"ratio": 1})


def test_a_malformed_usage_anchor_is_ignored_by_the_manager():
    ctx = ContextManager(budget=1000, llm=CountingLLM())
    before = ctx.usage_anchor
    for bad in (
        None,
        "x",
        {"ratio": "zz"},
        {"ratio": float("nan")},
        {"ratio": float("inf")},
        {"ratio": True},
        {"anchor": [1], "ratio": 0.3},
        {"anchor": [0.3, -1], "ratio": 0.3},
        {"anchor": "ab", "ratio": 0.3},
        {"anchor": [0.3, 0.25], "ratio": 0.3, "micro_floor": -1},
        {"anchor": [0.3, 0.25], "ratio": 0.3, "micro_floor": "7"},
    ):
        assert ctx.restore_usage_anchor(bad) is False
    assert ctx.usage_anchor == before
    good = {"anchor": [0.31, 0.25], "ratio": 0.31, "micro_floor": 12}
    assert ctx.restore_usage_anchor(json.loads(json.dumps(good))) is True
    assert ctx.usage_anchor == good and ctx.ratio == 0.31
    older = {"anchor": [0.31, 0.25], "ratio": 0.31}  # a line written before L2's floor was saved
    assert ctx.restore_usage_anchor(older) is True
    assert ctx.usage_anchor == {**older, "micro_floor": 0}


def test_set_budget_moves_the_default_kept_tail_share():
    ctx = ContextManager(budget=8000, llm=CountingLLM())
    ctx.set_budget(4000)
    assert (ctx.budget, ctx.keep_recent_tokens, ctx.threshold_tokens) == (4000, 1000, 3200)
    fixed = ContextManager(budget=8000, llm=CountingLLM(), keep_recent_tokens=500)
    fixed.set_budget(4000)
    assert fixed.keep_recent_tokens == 500
    with pytest.raises(ValueError):
        fixed.set_budget(0)


# ------------------------------------------------------------------ newer formats


def test_a_newer_format_opens_read_only_with_a_notice(tmp_path):
    path = tmp_path / "future.jsonl"
    with Session.create(path, fsync=False) as s:
        s.append_message(user("hello"))
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["version"] = FORMAT_VERSION + 1
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    before = path.read_bytes()
    s = Session.load(path, fsync=False)
    try:
        assert s.read_only and s.read_only_reason is not None
        assert f"format {FORMAT_VERSION + 1}" in s.read_only_reason
        assert s.problems[0] == s.read_only_reason
        assert [m.content for m in s.get_full_history_messages()] == ["hello"]
        with pytest.raises(SessionReadOnlyError):
            s.append_message(user("old-format line"))
    finally:
        s.close()
    assert path.read_bytes() == before
    # the lock was released: another writer could open it now (and is downgraded the same way)
    with Session.load(path, fsync=False) as again:
        assert again.read_only


# ------------------------------------------------------------------ not a regular file


def _load_in_thread(path: Path, read_only: bool) -> BaseException | Session | None:
    """Load in a thread so a blocking open fails the test instead of hanging it."""
    out: list[BaseException | Session] = []

    def target() -> None:
        try:
            out.append(Session.load(path, read_only=read_only))
        except BaseException as exc:  # handed to the test
            out.append(exc)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(10)
    if thread.is_alive():  # unblock the FIFO so the thread can end, then fail
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)
        pytest.fail(f"loading {path.name} blocked")
    return out[0] if out else None


@pytest.mark.parametrize("read_only", [True, False])
def test_a_fifo_is_refused_without_blocking(tmp_path, read_only):
    path = tmp_path / "pipe.jsonl"
    os.mkfifo(path)
    result = _load_in_thread(path, read_only)
    assert isinstance(result, SessionFileError) and "FIFO" in str(result)
    assert isinstance(result, SessionError)


@pytest.mark.parametrize("read_only", [True, False])
def test_a_directory_or_device_is_refused(tmp_path, read_only):
    folder = tmp_path / "dir.jsonl"
    folder.mkdir()
    with pytest.raises(SessionFileError, match="directory"):
        Session.load(folder, read_only=read_only)
    if os.path.exists("/dev/null"):
        with pytest.raises(SessionFileError, match="device"):
            Session.load("/dev/null", read_only=True)


def test_a_symlink_to_a_fifo_is_refused(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "link.jsonl").symlink_to(tmp_path / "pipe")
    result = _load_in_thread(tmp_path / "link.jsonl", True)
    assert isinstance(result, SessionFileError)


# ------------------------------------------------------------------ fields validated


def _write_lines(path: Path, *extra: dict) -> list[str]:
    with Session.create(path, fsync=False) as s:
        ids = [s.append_message(user("q")), s.append_message(assistant("a"))]
    with open(path, "a") as f:
        for item in extra:
            f.write(json.dumps(item) + "\n")
    return ids


def _message(eid: str, parent: str, **fields) -> dict:
    base = {
        "type": "message",
        "id": eid,
        "parent_id": parent,
        "timestamp": "t",
        "role": "assistant",
    }
    return {**base, **fields}


def test_bad_tool_calls_are_dropped_and_reported(tmp_path):
    path = tmp_path / "s.jsonl"
    ids = _write_lines(
        path,
        _message("m1" * 16, "", metadata={"tool_calls": "abc"}),
        _message(
            "m2" * 16,
            "m1" * 16,
            metadata={
                "tool_calls": [
                    {"id": 5},
                    {"id": "ok", "function": {"name": "f", "arguments": "{}"}},
                ]
            },
        ),
        _message(
            "m3" * 16,
            "m2" * 16,
            role="tool",
            content="r",
            metadata={"tool_call_id": ["x"], "offloaded": {"path": 1}},
        ),
    )
    raw = path.read_text().replace('"parent_id": ""', f'"parent_id": "{ids[-1]}"')
    path.write_text(raw)
    with Session.load(path, fsync=False) as s:
        m1, m2, m3 = (s.entries[x * 16] for x in ("m1", "m2", "m3"))
        assert m1.metadata == {}
        assert m2.metadata["tool_calls"] == [
            {"id": "ok", "function": {"name": "f", "arguments": "{}"}}
        ]
        assert m3.metadata == {}
        joined = "\n".join(s.problems)
        assert "metadata.tool_calls is a str" in joined and "1 malformed tool call" in joined
        assert "metadata.tool_call_id" in joined and "metadata.offloaded" in joined
        assert len(s.get_current_path()) == 5  # nothing else lost
        for message in s.get_full_history_messages():
            for call in (message.metadata or {}).get("tool_calls", []):
                assert isinstance(call["id"], str)


@pytest.mark.parametrize(
    "fields", [{"content": 123}, {"content": None}, {"role": 7}, {"parent_id": 5}]
)
def test_bad_essential_message_fields_lose_only_their_line(tmp_path, fields):
    path = tmp_path / "s.jsonl"
    ids = _write_lines(path)
    with open(path, "a") as f:
        f.write(json.dumps(_message("b" * 32, ids[-1], **fields)) + "\n")
        f.write(json.dumps(_message("c" * 32, "b" * 32, content="after")) + "\n")
    with Session.load(path, fsync=False) as s:
        assert s.problems[0].startswith("line 4: invalid entry")
        assert "attached to" in s.problems[1]
        assert [e.id for e in s.get_current_path()] == [*ids, "c" * 32]
        s.append_message(user("still works"))


@pytest.mark.parametrize("metadata", ["abc", [1], 5])
def test_a_metadata_that_is_not_a_dict_is_dropped(tmp_path, metadata):
    path = tmp_path / "s.jsonl"
    ids = _write_lines(path, _message("b" * 32, "", content="kept", metadata=metadata))
    path.write_text(path.read_text().replace('"parent_id": ""', f'"parent_id": "{ids[-1]}"'))
    with Session.load(path, fsync=False) as s:
        assert s.problems == ["line 4: field 'metadata' is invalid; dropped"]
        entry = s.entries["b" * 32]
        assert entry.content == "kept" and entry.metadata is None


def test_bad_optional_fields_of_other_lines_are_dropped_not_the_line(tmp_path):
    path = tmp_path / "s.jsonl"
    with Session.create(path, system_prompt="persona", fsync=False) as s:
        s.append_message(user("q"))
        s.append_message(assistant("a"))
        compact_here(s)
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    lines[0]["title"] = 5
    lines[0]["workspace"] = ["x"]
    lines[-1]["tokens_before"] = "zz"
    lines.append({"type": "title", "id": "t" * 32, "timestamp": "t", "title": {"x": 1}})
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    with Session.load(path, fsync=False) as s:
        assert s.system_prompt == "persona" and s.title is None and s.workspace is None
        assert s.latest_compaction() is not None
        assert s.latest_compaction().tokens_before == 0
        assert [p.split(": ")[0] for p in s.problems] == ["line 1", "line 1", "line 4", "line 5"]
        assert all("invalid; dropped" in p for p in s.problems[:3])
        assert "skipped" in s.problems[3]  # a title line without a valid title means nothing


def test_appended_metadata_is_sanitised_like_a_reload(tmp_path):
    with Session.create(tmp_path / "s.jsonl", fsync=False) as s:
        s.append_message(Message(role="assistant", metadata={"tool_calls": "abc", "x": 1}))
        entry = s.entries[s.current_id]
        assert entry.metadata == {"x": 1}
        assert_same_state(s)


def test_compaction_entry_count_is_validated():
    with pytest.raises(ValueError):
        CompactionEntry(summary="s", covered_count=1, retained_count=-1)
