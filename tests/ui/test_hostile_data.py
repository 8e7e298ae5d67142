"""Saved data that is malformed (hand-edited, foreign, damaged) never crashes a start or a dialog.

Each bad field is skipped and reported (a banner, ``problems``, a status line); the rest shows.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from pi_desktop.agent.offline.provider import OfflineLLM
from pi_desktop.context import Message
from pi_desktop.session import SessionLibrary
from pi_desktop.session import library as library_mod
from pi_desktop.session.library import SessionInfo
from pi_desktop.ui.chat.conversation import ConversationView, PathItem, tool_calls_of
from pi_desktop.ui.sessions.dialog import SessionsDialog
from pi_desktop.ui.settings import AppSettings, SettingsStore
from pi_desktop.ui.tree.snapshot import TreeSnapshot

BAD_TOOL_CALLS = [
    "abc",
    5,
    {"id": "x"},
    [1, "two", None],
    [{"function": "abc"}],
    [{"function": [1]}],
]


@pytest.mark.parametrize("calls", BAD_TOOL_CALLS, ids=repr)
def test_message_accessors_survive_malformed_metadata(calls):
    message = Message(role="assistant", content="hi", metadata={"tool_calls": calls})
    assert all(isinstance(call, dict) for call in message.tool_calls)
    assert Message(role="tool", metadata={"tool_call_id": ["x"]}).tool_call_id is None
    assert Message(role="tool", metadata={"tool_call_id": 7}).tool_call_id == "7"
    assert Message(role="assistant", metadata={"tool_calls": "abc"}).tool_calls == []


@pytest.mark.parametrize("calls", BAD_TOOL_CALLS, ids=repr)
def test_a_malformed_tool_call_field_is_skipped_and_reported(qtbot, calls):
    view = ConversationView()
    qtbot.addWidget(view)
    items = [
        PathItem("message", "u1", "user", "question"),
        PathItem("message", "a1", "assistant", "answer", {"tool_calls": calls}),
        PathItem("message", "t1", "tool", "result", {"tool_call_id": {"no": 1}}),
    ]
    view.show_path(items)
    assert [c.text for c in view.message_cards()] == ["question", "answer"]
    _calls, problems = tool_calls_of({"tool_calls": calls})
    assert len(view.problems) == len(problems)
    if problems:
        (banner,) = view.banners()
        assert "skipped" in banner.text and "a1" in banner.text
    else:
        assert view.banners() == []


def test_the_tree_draws_malformed_tool_calls_without_crashing():
    class Entry:
        def __init__(self, eid, parent, role, metadata):
            self.type, self.id, self.parent_id = "message", eid, parent
            self.role, self.content, self.metadata = role, "text", metadata

    entries = [
        Entry(f"e{i}", f"e{i - 1}" if i else None, "assistant", {"tool_calls": calls})
        for i, calls in enumerate(BAD_TOOL_CALLS)
    ]
    snapshot = TreeSnapshot.from_entries(entries, entries[-1].id, None)
    assert len(snapshot.nodes) == len(entries)


def _session_with_bad_metadata(library: SessionLibrary) -> Path:
    """A file whose assistant line carries ``tool_calls: "abc"`` (written by hand: the session
    API itself drops such a field on append)."""
    with library.create(fsync=False) as session:
        session.append_message(Message(role="user", content="first question"))
        parent, path = session.current_id, session.path
    line = {
        "type": "message",
        "id": "bad-metadata",
        "parent_id": parent,
        "timestamp": "2026-12-01T00:00:00+00:00",
        "role": "assistant",
        "content": "answer",
        "metadata": {"tool_calls": "abc"},
    }
    with path.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(line) + "\n")
    return path


def test_the_newest_session_with_malformed_tool_calls_opens(kit, qtbot):
    path = _session_with_bad_metadata(kit.library)
    window = kit.window(OfflineLLM(), offline=True)
    assert window.session.path == path
    assert [c.text for c in window.conversation.message_cards()] == ["first question", "answer"]
    (banner,) = window.conversation.banners()  # the loader dropped the field and said so
    assert "tool_calls" in banner.text


@pytest.mark.parametrize(
    ("key", "raw"),
    [
        ("context_budget", "zz"),
        ("context_budget", "inf"),
        ("context_budget", "1e400"),
        ("threshold", "nan"),
        ("keep_recent_tokens", "1, 2"),
        ("allow_commands", "a, b"),
    ],
)
def test_unusable_settings_keep_the_default_and_are_reported(qsettings, key, raw):
    qsettings.setValue(f"settings/{key}", raw)
    qsettings.sync()
    store = SettingsStore(qsettings)
    loaded = store.load()
    assert getattr(loaded, key) == getattr(AppSettings().validated(), key)
    assert len(store.problems) == 1 and key in store.problems[0]


def test_a_list_in_a_hand_edited_ini_is_not_a_number(tmp_path):
    from PySide6.QtCore import QSettings

    ini = tmp_path / "hand.ini"
    ini.write_text("[settings]\nkeep_recent_tokens=1, 2\nmodel=a, b\nprovider=offline\n")
    store = SettingsStore(QSettings(str(ini), QSettings.Format.IniFormat))
    loaded = store.load()
    assert (loaded.keep_recent_tokens, loaded.model) == (0, "a, b")
    assert len(store.problems) == 1 and "keep_recent_tokens" in store.problems[0]


def test_a_huge_budget_is_clamped(qsettings):
    qsettings.setValue("settings/context_budget", str(10**30))
    assert SettingsStore(qsettings).load().context_budget == 10_000_000


def test_the_window_says_which_settings_it_could_not_use(kit, qtbot):
    kit.save_settings()
    kit.qsettings.setValue("settings/context_budget", "zz")
    window = kit.window(OfflineLLM(), offline=True)
    assert window.settings.context_budget == AppSettings().context_budget
    (banner,) = window.conversation.banners()
    assert "context_budget" in banner.text and "defaults" in banner.text


class _Library:
    """Stands in for a listing written by another version: any value in any field."""

    def __init__(self, infos):
        self._infos = infos
        self.problems: list[str] = []

    def list_sessions(self):
        return self._infos


@pytest.mark.parametrize("title", [42, {"a": 1}, ["x"], b"bytes", 3.5])
def test_the_sessions_dialog_shows_a_non_text_title(qtbot, tmp_path, title):
    info = SessionInfo("abc", tmp_path / "abc.jsonl", title, datetime.now(UTC), 3)
    dialog = SessionsDialog(_Library([info]), current_id="abc")
    qtbot.addWidget(dialog)
    (item,) = dialog.items()
    assert item.text(0) == str(title) + "  (open)"


def test_the_sessions_dialog_lists_a_session_behind_a_bad_index(qtbot, tmp_path):
    library = SessionLibrary(tmp_path / "sessions")
    with library.create(title="kept", fsync=False) as session:
        session.append_message(Message(role="user", content="hello"))
    library.list_sessions()
    index = library.root / library_mod.INDEX_NAME
    raw = json.loads(index.read_text())
    for fields in raw["files"].values():
        fields.update(offset=-10, title=42)
    index.write_text(json.dumps(raw))
    dialog = SessionsDialog(library, current_id=None)
    qtbot.addWidget(dialog)
    assert [item.text(0) for item in dialog.items()] == ["kept"]
    assert "1 invalid entry" in dialog.status.text()


@pytest.mark.parametrize("raw", ["zz", "5", "a, b", "@ByteArray(garbage)"])
def test_a_hand_edited_window_state_is_ignored_and_reported(kit, qtbot, raw):
    kit.save_settings()
    ini = Path(kit.qsettings.fileName())
    kit.qsettings.sync()
    ini.write_text(ini.read_text() + f"\n[window]\ngeometry={raw}\nsplitter={raw}\n")
    from PySide6.QtCore import QSettings

    kit.qsettings = QSettings(str(ini), QSettings.Format.IniFormat)
    window = kit.window(OfflineLLM(), offline=True)
    assert window.isVisible()
    (banner,) = window.conversation.banners()
    assert "window/geometry" in banner.text and "window/splitter" in banner.text


def test_a_megabyte_title_is_listed_on_one_short_line(qtbot, tmp_path):
    info = SessionInfo("abc", tmp_path / "abc.jsonl", "t\n" * 500_000, datetime.now(UTC), 1)
    dialog = SessionsDialog(_Library([info]), current_id=None)
    qtbot.addWidget(dialog)
    (item,) = dialog.items()
    assert len(item.text(0)) <= 200 and "\n" not in item.text(0)
