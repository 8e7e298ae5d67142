"""The model's context window, learned from an overflow error that states it.

A budget set larger than the model's real window makes every long turn fail with "context too
long" and re-summarize. When the provider's error names the window (``ContextOverflowError.
window_tokens``), the session's effective budget drops to fit it, with a margin: the estimate is
an estimate, and the completion needs room in the same window. The session remembers it
(a ``model_window`` line), so a restarted app starts from the fitted budget.
"""

from __future__ import annotations

from pi_desktop.usertext import UserText

# Budget = window x margin; with the default threshold a request then fills at most ~72 %
# of the window, which absorbs estimate error and leaves the completion room.
WINDOW_MARGIN = 0.9
# No real model has a smaller window; a smaller stated or saved one is ignored.
MIN_WINDOW_TOKENS = 256


def fitted_budget(window_tokens: int) -> int:
    """The context budget that fits a model whose window is ``window_tokens``."""
    return max(1, int(window_tokens * WINDOW_MARGIN))


def lowered_budget(current: int, window_tokens: int | None) -> int | None:
    """The new budget when ``window_tokens`` calls for a lower one than ``current``, else None."""
    if window_tokens is None or window_tokens < MIN_WINDOW_TOKENS:
        return None
    budget = fitted_budget(window_tokens)
    return budget if budget < current else None


def window_notice(window_tokens: int, old: int, new: int) -> UserText:
    """What the window says once when the budget was lowered."""
    return UserText(
        "Agent",
        "The model's context window is %1 tokens (the provider said so), smaller than the "
        "context budget of %2. This session now uses a budget of %3 tokens so requests fit; "
        "raise the model's context size to use more.",
        window_tokens,
        old,
        new,
    )
