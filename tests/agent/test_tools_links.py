"""Hard links and the open session (issue 20): a write never goes through a link to a file
outside the workspace, a multi-link read says so, the open session is out of the tools' reach
wherever it lives."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from pi_desktop.agent import ToolError
from pi_desktop.agent.tools import ApprovalRequest
from pi_desktop.ui.agent_factories import default_tools_factory
from pi_desktop.ui.settings import AppSettings
from tests.agent.test_tools_sandbox import call, tools

OUTSIDE = "the outside file's own content\n"


@pytest.fixture
def linked(tmp_path: Path) -> tuple[Path, Path]:
    """``ws/innocent.txt`` hard-linked to ``outside/target.txt``."""
    ws = tmp_path / "ws"
    ws.mkdir()
    outside = tmp_path / "outside"
    outside.mkdir()
    target = outside / "target.txt"
    target.write_text(OUTSIDE)
    target.chmod(0o640)
    os.link(target, ws / "innocent.txt")
    return ws, target


def test_write_file_replaces_the_name_and_leaves_the_outside_link_alone(linked):
    ws, target = linked
    asked: list[ApprovalRequest] = []

    async def approve(request: ApprovalRequest) -> bool:
        asked.append(request)
        return True

    result = call(tools(ws, approve=approve)["write_file"], path="innocent.txt", content="new\n")
    assert not isinstance(result, ToolError), result
    assert (ws / "innocent.txt").read_text() == "new\n"
    assert target.read_text() == OUTSIDE
    assert os.stat(target).st_nlink == 1 and os.stat(ws / "innocent.txt").st_nlink == 1
    assert stat.S_IMODE(os.stat(ws / "innocent.txt").st_mode) == 0o640  # the mode is kept
    assert "2 hard links" in asked[0].summary  # the approval says what happens
    assert [p.name for p in ws.iterdir()] == ["innocent.txt"]  # no temporary file left


def test_edit_file_replaces_the_name_and_leaves_the_outside_link_alone(linked):
    ws, target = linked
    result = call(
        tools(ws)["edit_file"], path="innocent.txt", old_text="own content", new_text="EDITED"
    )
    assert not isinstance(result, ToolError), result
    assert (ws / "innocent.txt").read_text() == "the outside file's EDITED\n"
    assert target.read_text() == OUTSIDE


def test_read_file_of_a_multi_link_file_warns_first(linked):
    ws, _ = linked
    result = call(tools(ws)["read_file"], path="innocent.txt")
    assert isinstance(result, str)
    assert result.startswith("[note: innocent.txt has 2 hard links")
    assert result.endswith(OUTSIDE)
    (ws / "plain.txt").write_text("plain\n")
    assert call(tools(ws)["read_file"], path="plain.txt") == "plain\n"


def test_a_write_refused_mid_way_leaves_the_old_content(linked, monkeypatch):
    ws, _ = linked
    (ws / "own.txt").write_text("old\n")
    from pi_desktop.agent.tools import fsafe

    def fail(fd, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(fsafe, "_write_fd", fail)
    result = call(tools(ws)["write_file"], path="own.txt", content="new\n")
    assert isinstance(result, ToolError) and "No space" in str(result)
    assert (ws / "own.txt").read_text() == "old\n"
    assert sorted(p.name for p in ws.iterdir()) == ["innocent.txt", "own.txt"]


def test_the_open_session_inside_the_workspace_is_out_of_reach(tmp_path):
    """``pi-desktop --session ws/chat.jsonl``: the model cannot read or change the file."""
    ws = tmp_path / "ws"
    ws.mkdir()
    session = ws / "chat.jsonl"
    session.write_text('{"type":"session","id":"x"}\n')
    (ws / "chat" / "tool-results").mkdir(parents=True)
    (ws / "chat" / "tool-results" / "r.txt").write_text("offloaded\n")
    (ws / "chat" / "notes.txt").write_text("private\n")
    (ws / "ok.txt").write_text("fine\n")
    settings = AppSettings()
    built = {
        t.name: t
        for t in default_tools_factory(
            ws,
            _allow,
            settings,
            results_dir=ws / "chat" / "tool-results",
            sessions_root=tmp_path / "lib",
            session_path=session,
        )
    }
    for name, args in [
        ("read_file", {"path": "chat.jsonl"}),
        ("write_file", {"path": "chat.jsonl", "content": "x"}),
        ("edit_file", {"path": "chat.jsonl", "old_text": "session", "new_text": "y"}),
        ("read_file", {"path": "chat/notes.txt"}),
    ]:
        result = call(built[name], **args)
        assert isinstance(result, ToolError) and "pi-desktop's own data" in str(result), name
    assert session.read_text() == '{"type":"session","id":"x"}\n'
    assert call(built["read_file"], path="chat/tool-results/r.txt") == "offloaded\n"
    assert call(built["read_file"], path="ok.txt") == "fine\n"
    listing = call(built["grep"], pattern="session")
    assert "chat.jsonl" not in str(listing)


async def _allow(request: ApprovalRequest) -> bool:
    return True
