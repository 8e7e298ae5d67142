"""Where the budget bar's figures come from, so they are the same whenever they are asked for.

Two facts the window must not keep per process: how many summaries the conversation has (the
session's compaction entries on the current branch — what the tree draws), and what the
provider's token counts taught the estimate (the usage anchor), remembered per session and
model so a restart or a rebuilt agent estimates the same conversation with the same figure.
"""

from __future__ import annotations

from typing import Any

from pi_desktop.session import Session
from pi_desktop.ui.settings import AppSettings, SettingsStore

Anchor = tuple[float, float]


def branch_compactions(session: Session | None) -> tuple[int, tuple[int, int] | None]:
    """The summaries hanging off the current path and the latest one's drop (before, after)."""
    if session is None:
        return 0, None
    found = [
        comp for entry in session.get_current_path() for comp in session.compactions_for(entry.id)
    ]
    if not found:
        return 0, None
    return len(found), (found[-1].tokens_before, found[-1].tokens_after)


def model_key(settings: AppSettings) -> str:
    """Which tokenizer an anchor describes: another model counts differently."""
    return f"{settings.provider}|{settings.model}|{settings.base_url}"


class AnchorMemory:
    """The usage anchor per session (window state next to the settings, one short line each)."""

    def __init__(self, store: SettingsStore) -> None:
        self._store = store

    @staticmethod
    def _key(session: Session) -> str:
        return f"usage_anchor/{session.path.stem}"

    def save(self, session: Session, settings: AppSettings, anchor: Anchor | None) -> None:
        if anchor is None:
            return
        line = "\t".join((model_key(settings), repr(anchor[0]), repr(anchor[1])))
        self._store.set_value(self._key(session), line)

    def load(self, session: Session, settings: AppSettings) -> Anchor | None:
        """The anchor saved for ``session`` with the same model, else None."""
        raw: Any = self._store.value(self._key(session))
        if not isinstance(raw, str):
            return None
        model, _, numbers = raw.partition("\t")
        if model != model_key(settings):
            return None  # learnt on another model: learn again
        try:
            anchored, script = (float(x) for x in numbers.split("\t"))
        except ValueError:
            return None
        return anchored, script
