"""Errors the context engine raises to its caller (the agent shows them to the user)."""

from __future__ import annotations

from pi_desktop.usertext import UserText


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
        super().__init__(self.text())

    def text(self) -> UserText:
        """The sentence for the user (English by default; the window translates it)."""
        limit = max(self.limit_tokens, 0)
        if self.system_tokens:
            return UserText(
                "Context",
                "This message is about %1 tokens; the context budget allows about %2 for the "
                "conversation, of which the system prompt takes about %4 (budget %3). Shorten it, "
                "or save it as a file in the workspace and ask for it to be read in parts.",
                self.message_tokens,
                limit,
                self.budget,
                self.system_tokens,
            )
        return UserText(
            "Context",
            "This message is about %1 tokens; the context budget allows about %2 for the "
            "conversation (budget %3). Shorten it, or save it as a file in the workspace and ask "
            "for it to be read in parts.",
            self.message_tokens,
            limit,
            self.budget,
        )

    def __str__(self) -> str:
        return str(self.args[0])
