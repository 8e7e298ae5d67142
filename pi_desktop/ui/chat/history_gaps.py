"""What the conversation says about gaps the history sent to the model papers over: tool
calls that never got a result (the run was interrupted) and results that answer no call.
The session file is never changed; the banner only says what the model is sent instead."""

from __future__ import annotations

from pi_desktop.agent.repair import INTERRUPTED_RESULT
from pi_desktop.ui.i18n import tr, trf


def gap_note(missing: int, orphans: int) -> str | None:
    """One sentence for both kinds of gap, or None when there is none."""
    if not missing and not orphans:
        return None
    parts = []
    if missing:
        parts.append(
            trf(
                "Conversation",
                "%Ln tool call(s) never got a result (the run was interrupted); the model "
                'is sent "%1" in its place',
                INTERRUPTED_RESULT,
                n=missing,
            )
        )
    if orphans:
        parts.append(
            tr(
                "Conversation",
                "%Ln tool result(s) answer no call and are left out of what the model is sent",
                n=orphans,
            )
        )
    return trf(
        "Conversation",
        "This conversation has a gap: %1. The session file is unchanged.",
        tr("Conversation", "; ").join(parts),
    )
