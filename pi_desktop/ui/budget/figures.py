"""Where the budget bar's figures come from, so they are the same whenever they are asked for.

The window must not count summaries per process: the count is the session's compaction entries
on the current branch — what the tree draws. (What the provider's token counts taught the
estimate, the usage anchor, is saved in the session itself and restored by every new Agent.)
"""

from __future__ import annotations

from pi_desktop.session import Session


def branch_compactions(session: Session | None) -> tuple[int, tuple[int, int] | None]:
    """The summaries hanging off the current path and the latest one's drop (before, after)."""
    if session is None:
        return 0, None
    found = session.current_compactions()
    if not found:
        return 0, None
    return len(found), (found[-1].tokens_before, found[-1].tokens_after)
