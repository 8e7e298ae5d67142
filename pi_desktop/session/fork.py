"""What a fork's new file holds: the path to the fork point and the steering of that stretch.

Kept apart from ``Session`` because it is a pure function of the folded state: the copy keeps
entry ids and contents, the pins in effect now on copied messages (one ``pin`` line each — the
net state, not the pin/unpin history), the branch summaries hanging off copied messages, the
prompt changes made on the stretch (plus one at the fork point when they do not end on the
prompt in effect now), and the model's stated window. Compactions stay out: a fork is how the
user continues from a point below a floor, so the copy has no floor.
"""

from __future__ import annotations

from pi_desktop.session.entries import (
    BranchSummaryEntry,
    MessageEntry,
    PinEntry,
    SessionHeader,
    SystemPromptEntry,
    dump_line,
)
from pi_desktop.session.state import SessionState


def fork_file(state: SessionState, entry_id: str, header: SessionHeader) -> bytes:
    """The bytes of a new session file that continues ``state`` from message ``entry_id``."""
    path = state.path_to(entry_id)
    lines = [dump_line(header)] + [dump_line(item) for item in path]
    lines += [dump_line(item) for item in _steering_of(state, path)]
    lines += [dump_line(item) for item in _prompt_changes_of(state, path, entry_id)]
    if state.model_window is not None:  # the same model: no overflow to learn it again
        lines.append(dump_line(state.model_window))
    return b"".join(lines)


def _prompt_changes_of(
    state: SessionState, path: list[MessageEntry], entry_id: str
) -> list[SystemPromptEntry]:
    """The prompt changes made on the copied stretch (so the fork's tree shows them), then
    one at ``entry_id`` if they do not end on the prompt in effect now (the copy goes on
    with the prompt the original would send next)."""
    on_path = {entry.id for entry in path}
    changes = [
        c for c in state.system_prompt_changes if c.parent_id is None or c.parent_id in on_path
    ]
    last = changes[-1].system_prompt if changes else state.header_system_prompt
    if last != state.system_prompt:
        changes.append(SystemPromptEntry(parent_id=entry_id, system_prompt=state.system_prompt))
    return changes


def _steering_of(
    state: SessionState, path: list[MessageEntry]
) -> list[PinEntry | BranchSummaryEntry]:
    """The steering lines a copy of ``path`` needs: pins, then branch summaries."""
    on_path = {entry.id for entry in path}
    pins: list[PinEntry | BranchSummaryEntry] = [
        PinEntry(target_id=eid) for eid in state.pinned if eid in on_path
    ]
    sides = [side for entry in path for side in state.branch_summaries_for(entry.id)]
    return pins + sides
