"""Saved system prompts ("assistants"): the pure library and its JSON file (issue 17)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pi_desktop.agent.prompts import PromptLibrary, default_path, load_prompts, save_prompts


def test_edits_return_a_new_library_and_keep_order():
    lib = PromptLibrary().put("Coder", "You write code.").put("Writer", "You write prose.")
    lib = lib.with_default("Writer").put("Coder", "You write Python.")
    assert [p.name for p in lib.prompts] == ["Coder", "Writer"]
    assert lib.get("Coder").text == "You write Python."
    assert lib.default_text == "You write prose."
    renamed = lib.rename("Writer", "Author")
    assert renamed.default == "Author" and lib.default == "Writer"
    assert renamed.remove("Author").default is None


def test_bad_edits_say_why():
    lib = PromptLibrary().put("A", "x")
    with pytest.raises(ValueError, match="needs a name"):
        lib.put("  ", "text")
    with pytest.raises(ValueError, match="already exists"):
        lib.put("B", "y").rename("A", "B")
    with pytest.raises(ValueError, match="no saved prompt"):
        lib.with_default("missing")


def test_round_trip_through_the_file(tmp_path: Path):
    path = tmp_path / "cfg" / "prompts.json"
    lib = PromptLibrary().put("Ü-Persona", "Sprich Deutsch. 🙂").with_default("Ü-Persona")
    save_prompts(lib, path)
    assert load_prompts(path) == lib
    assert load_prompts(tmp_path / "missing.json") == PromptLibrary()


def test_an_unreadable_file_is_reported_and_kept(tmp_path: Path):
    path = tmp_path / "prompts.json"
    path.write_text('{"prompts": [{"name": "A"}]}')  # no text
    lib = load_prompts(path)
    assert lib.prompts == () and "could not be read" in (lib.problem or "")
    save_prompts(lib.put("New", "text"), path)
    assert json.loads(path.with_name("prompts.json.unreadable").read_text()) == {
        "prompts": [{"name": "A"}]
    }
    assert load_prompts(path).get("New").text == "text"


def test_the_default_path_is_in_the_app_config_folder():
    assert default_path().name == "prompts.json"
    assert default_path().parent.name == "pi-desktop"
