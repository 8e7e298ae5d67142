"""Saved system prompts ("assistants"): a small JSON file in the app's config folder.

A pure model (:class:`PromptLibrary`, immutable; edits return a new one) plus ``load`` /
``save``. The default prompt is what a new session starts with. A file that cannot be read is
reported and left where it is (renamed aside on the next save), never silently replaced.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

FILE_NAME = "prompts.json"
MAX_NAME_CHARS = 80
MAX_PROMPT_CHARS = 100_000


def default_path() -> Path:
    """``prompts.json`` in the user's config folder for pi-desktop."""
    import platformdirs

    return Path(platformdirs.user_config_dir("pi-desktop")) / FILE_NAME


@dataclass(frozen=True)
class SavedPrompt:
    name: str
    text: str


@dataclass(frozen=True)
class PromptLibrary:
    """The saved prompts in the user's order; ``default`` names the one new sessions get
    (None: new sessions start without a system prompt). ``problem`` says why a file did not
    load (the library is then empty and the file untouched)."""

    prompts: tuple[SavedPrompt, ...] = ()
    default: str | None = None
    problem: str | None = field(default=None, compare=False)

    def get(self, name: str) -> SavedPrompt | None:
        return next((p for p in self.prompts if p.name == name), None)

    @property
    def default_text(self) -> str | None:
        """The default prompt's text, or None."""
        chosen = self.get(self.default) if self.default else None
        return chosen.text if chosen is not None else None

    def put(self, name: str, text: str) -> PromptLibrary:
        """Add a prompt or replace the one of that name (its place kept)."""
        name = _check_name(name)
        if len(text) > MAX_PROMPT_CHARS:
            raise ValueError(f"a saved prompt holds at most {MAX_PROMPT_CHARS:,} characters")
        item = SavedPrompt(name, text)
        if self.get(name) is None:
            return replace(self, prompts=(*self.prompts, item), problem=None)
        prompts = tuple(item if p.name == name else p for p in self.prompts)
        return replace(self, prompts=prompts, problem=None)

    def remove(self, name: str) -> PromptLibrary:
        prompts = tuple(p for p in self.prompts if p.name != name)
        default = None if self.default == name else self.default
        return replace(self, prompts=prompts, default=default, problem=None)

    def rename(self, old: str, new: str) -> PromptLibrary:
        new = _check_name(new)
        if old == new:
            return self
        if self.get(new) is not None:
            raise ValueError(f"a prompt named {new!r} already exists")
        prompts = tuple(SavedPrompt(new, p.text) if p.name == old else p for p in self.prompts)
        default = new if self.default == old else self.default
        return replace(self, prompts=prompts, default=default, problem=None)

    def with_default(self, name: str | None) -> PromptLibrary:
        if name is not None and self.get(name) is None:
            raise ValueError(f"no saved prompt named {name!r}")
        return replace(self, default=name, problem=None)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": 1,
            "default": self.default,
            "prompts": [{"name": p.name, "text": p.text} for p in self.prompts],
        }

    @classmethod
    def from_json(cls, data: Any) -> PromptLibrary:
        """Parse the file's object; ``ValueError`` names what is wrong."""
        if not isinstance(data, dict) or not isinstance(data.get("prompts", []), list):
            raise ValueError("the file is not a prompt library (no list of prompts)")
        prompts: list[SavedPrompt] = []
        seen: set[str] = set()
        for n, item in enumerate(data.get("prompts", [])):
            if not isinstance(item, dict) or not isinstance(item.get("text"), str):
                raise ValueError(f"prompt {n + 1} has no text")
            name = item.get("name")
            if not isinstance(name, str) or not name.strip() or name.strip() in seen:
                raise ValueError(f"prompt {n + 1} has no name or a duplicate one")
            seen.add(name.strip())
            prompts.append(SavedPrompt(name.strip(), item["text"]))
        default = data.get("default")
        if not isinstance(default, str) or default not in seen:
            default = None
        return cls(tuple(prompts), default)


def _check_name(name: str) -> str:
    name = (name or "").strip()
    if not name:
        raise ValueError("a saved prompt needs a name")
    if len(name) > MAX_NAME_CHARS:
        raise ValueError(f"a prompt's name holds at most {MAX_NAME_CHARS} characters")
    return name


def load_prompts(path: Path | None = None) -> PromptLibrary:
    """The library at ``path`` (default: :func:`default_path`); a missing file is an empty
    library, an unreadable one an empty library with ``problem`` set."""
    path = Path(path) if path is not None else default_path()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return PromptLibrary()
    except OSError as exc:
        return PromptLibrary(problem=f"Saved prompts could not be read ({exc.strerror}).")
    try:
        return PromptLibrary.from_json(json.loads(raw.decode("utf-8")))
    except (ValueError, UnicodeDecodeError) as exc:
        return PromptLibrary(
            problem=f"{path.name} could not be read ({exc}); it is kept as it is until you save"
        )


def save_prompts(library: PromptLibrary, path: Path | None = None) -> None:
    """Write atomically (temp file + rename); a file that did not load is kept beside it as
    ``prompts.json.unreadable`` first, so nothing the user wrote is lost."""
    path = Path(path) if path is not None else default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and load_prompts(path).problem is not None:
        os.replace(path, path.with_name(path.name + ".unreadable"))
    data = json.dumps(library.to_json(), ensure_ascii=False, indent=2).encode("utf-8")
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".prompts-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
