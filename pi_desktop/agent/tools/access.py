"""What a tool may touch: the workspace, minus the app's own folders, plus read-only roots.

The workspace may well be ``$HOME``, which holds pi-desktop's sessions, settings and key file;
a prompt-injected model must not read the saved API key or rewrite an open session, so those
folders are refused even inside the workspace. The current session's tool-results folder is
the exception, read-only: the context engine tells the model to read offloaded results there.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from pi_desktop.agent.tool import ToolError
from pi_desktop.agent.tools.approval import ApproveCallback
from pi_desktop.agent.tools.fsafe import Target
from pi_desktop.agent.tools.paths import contains, display_path, resolve_path

APP_NAME = "pi-desktop"


def app_data_dirs(app: str = APP_NAME) -> tuple[Path, ...]:
    """The folders where the app keeps sessions, settings, keys, caches and logs."""
    found = (
        platformdirs.user_data_dir(app),
        platformdirs.user_config_dir(app),
        platformdirs.user_cache_dir(app),
        platformdirs.user_state_dir(app),
        platformdirs.user_log_dir(app),
    )
    return tuple(dict.fromkeys(Path(p).expanduser().resolve() for p in found))


def _resolved(paths: Iterable[Path | str]) -> tuple[Path, ...]:
    return tuple(dict.fromkeys(Path(p).expanduser().resolve() for p in paths))


@dataclass(frozen=True)
class Workspace:
    """What every tool handler needs: the root, the approval callback, the output cap, and
    the access rules (``protected`` folders refused, ``readable`` folders read-only).

    Every root is resolved once, when the tools are built, so each check is a pure path
    comparison and every path shown to the model is relative to the workspace root.
    """

    root: Path
    approve: ApproveCallback | None
    max_output_chars: int
    protected: tuple[Path, ...] = ()
    readable: tuple[Path, ...] = ()
    env_allow: tuple[str, ...] = field(default=())

    @classmethod
    def build(
        cls,
        root: Path,
        approve: ApproveCallback | None,
        max_output_chars: int,
        *,
        protected: Iterable[Path | str] = (),
        readable: Iterable[Path | str] = (),
        env_allow: Iterable[str] = (),
    ) -> Workspace:
        return cls(
            root=Path(root).expanduser().resolve(),
            approve=approve,
            max_output_chars=max_output_chars,
            protected=_resolved([*app_data_dirs(), *protected]),
            readable=_resolved(readable),
            env_allow=tuple(env_allow),
        )

    def locate(self, raw: object, *, write: bool = False, what: str = "path") -> Target:
        """The checked target of ``raw``; ``ToolError`` says why it is refused."""
        resolved = resolve_path(self.root, raw, what=what)
        for root in self.readable:
            if contains(root, resolved):
                if write:
                    raise ToolError(f"{what} {raw!r} is a saved tool result: read-only")
                return Target(root, resolved.relative_to(root).parts, str(resolved), True)
        if self.is_protected(resolved):
            raise ToolError(
                f"{what} {raw!r} is inside pi-desktop's own data (sessions, settings, keys, "
                "logs); tools cannot read or change it"
            )
        if not contains(self.root, resolved):
            raise ToolError(
                f"{what} {raw!r} is outside the workspace; only files under it are allowed"
            )
        return Target(self.root, resolved.relative_to(self.root).parts, self.show(resolved))

    def is_protected(self, resolved: Path) -> bool:
        return any(contains(p, resolved) for p in self.protected)

    def show(self, path: Path) -> str:
        return display_path(self.root, path)


def arg_str(args: dict[str, Any], key: str, *, required: bool = True, default: str = "") -> str:
    """A string argument; ``ToolError`` names the problem so the model can fix its call."""
    value = args.get(key)
    if value is None:
        if required:
            raise ToolError(f"missing required argument '{key}'")
        return default
    if not isinstance(value, str):
        raise ToolError(f"argument '{key}' must be a string, got {type(value).__name__}")
    return value


def arg_int(args: dict[str, Any], key: str, default: int, *, minimum: int = 0) -> int:
    """An integer argument (numeric strings accepted: models send them)."""
    value = args.get(key)
    if value is None or value == "":
        return default
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ToolError(f"argument '{key}' must be an integer, got {value!r}") from None
    if number < minimum:
        raise ToolError(f"argument '{key}' must be at least {minimum}, got {number}")
    return number
