"""Errors the context engine raises to its caller (the agent shows them to the user)."""

from __future__ import annotations


class TurnTooLarge(Exception):
    """The newest message cannot fit the view even alone with the system prompt.

    No summary can help (the newest turn is never summarized), so the run is refused before
    the message is stored and before any summarizer call; the window keeps the text in the
    input. ``message_tokens`` is the message's estimate, ``limit_tokens`` what the view may
    hold (``ContextManager.view_limit``), ``budget`` the context budget.
    """

    def __init__(
        self, message_tokens: int, limit_tokens: int, budget: int, system_tokens: int = 0
    ) -> None:
        self.message_tokens = int(message_tokens)
        self.limit_tokens = int(limit_tokens)
        self.budget = int(budget)
        self.system_tokens = int(system_tokens)
        super().__init__(str(self))

    def __str__(self) -> str:
        system = (
            f", of which the system prompt takes about {self.system_tokens:,}"
            if self.system_tokens
            else ""
        )
        return (
            f"This message is about {self.message_tokens:,} tokens; the context budget allows "
            f"about {max(self.limit_tokens, 0):,} for the conversation{system} "
            f"(budget {self.budget:,}). Shorten it or attach it as a file."
        )
