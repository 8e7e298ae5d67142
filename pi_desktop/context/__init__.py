"""The pure context engine: messages, token estimate, the four layers, ContextManager.

Imports nothing from session/, agent/ or ui/; no Qt; no I/O except L3 offload files.
"""

from pi_desktop.context.message import Message
from pi_desktop.context.report import CompactionInfo, OffloadedResult, PrepareReport
from pi_desktop.context.tokens import CHARS_PER_TOKEN, estimate_tokens

__all__ = [
    "CHARS_PER_TOKEN",
    "CompactionInfo",
    "Message",
    "OffloadedResult",
    "PrepareReport",
    "estimate_tokens",
]
