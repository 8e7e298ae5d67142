"""Asking before a tool changes anything: the request record and the callback contract.

Writes, edits and commands await ``approve(ApprovalRequest)``; the window shows a dialog,
tests pass :func:`auto_approve` or :func:`deny_all`. There is deliberately no implicit
default: a tool set built without a callback refuses every change (see ``require_approval``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from pi_desktop.agent.tool import ToolError
from pi_desktop.textsafe import code_of, hidden_characters, is_hidden, reveal, reveal_parts

__all__ = [
    "ApprovalRequest",
    "ApproveCallback",
    "auto_approve",
    "code_of",
    "deny_all",
    "hidden_characters",
    "is_hidden",
    "require_approval",
    "reveal",
    "reveal_parts",
]


@dataclass(frozen=True)
class ApprovalRequest:
    """What a tool wants to do: ``summary`` is one line, ``details`` a diff, content or command."""

    tool_name: str
    summary: str
    details: str = ""

    @property
    def hidden_characters(self) -> list[str]:
        """The invisible or text-reordering characters in what the user is asked to allow."""
        return hidden_characters(self.tool_name + self.summary + self.details)


ApproveCallback = Callable[[ApprovalRequest], Awaitable[bool]]


async def auto_approve(request: ApprovalRequest) -> bool:
    """Approve everything (tests, or a user who chose "don't ask")."""
    return True


async def deny_all(request: ApprovalRequest) -> bool:
    """Refuse everything (read-only mode)."""
    return False


async def require_approval(approve: ApproveCallback | None, request: ApprovalRequest) -> None:
    """Raise ``ToolError`` unless ``approve`` says yes; no callback means no."""
    if approve is None:
        raise ToolError(
            f"{request.tool_name} was not run: changes need the user's approval and no "
            "approval handler is configured (read-only mode)."
        )
    if not await approve(request):
        raise ToolError(f"The user denied this {request.tool_name}: {request.summary}")
