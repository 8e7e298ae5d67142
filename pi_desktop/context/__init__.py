"""The pure context engine: messages, token estimate, the four layers, ContextManager.

Imports nothing from session/, agent/ or ui/; no Qt; no I/O except L3 offload files.
"""

from pi_desktop.context.breakdown import BreakdownRow, ContextBreakdown, context_breakdown
from pi_desktop.context.errors import TurnTooLarge
from pi_desktop.context.manager import ContextManager
from pi_desktop.context.message import Message
from pi_desktop.context.micro import micro_compact
from pi_desktop.context.offload import budget_tool_results, is_offloaded, offload_path
from pi_desktop.context.pins import PIN_SHARE, PinRefused
from pi_desktop.context.report import CompactionInfo, OffloadedResult, PrepareReport
from pi_desktop.context.snip import snip_messages
from pi_desktop.context.summary import (
    SUMMARIZATION_PROMPT_TEMPLATE,
    SUMMARIZATION_SYSTEM_PROMPT,
    FileOperations,
    extract_file_operations,
    extract_summary,
)
from pi_desktop.context.tokens import CHARS_PER_TOKEN, estimate_tokens

__all__ = [
    "CHARS_PER_TOKEN",
    "PIN_SHARE",
    "SUMMARIZATION_PROMPT_TEMPLATE",
    "SUMMARIZATION_SYSTEM_PROMPT",
    "BreakdownRow",
    "CompactionInfo",
    "ContextBreakdown",
    "ContextManager",
    "FileOperations",
    "Message",
    "OffloadedResult",
    "PinRefused",
    "PrepareReport",
    "TurnTooLarge",
    "budget_tool_results",
    "context_breakdown",
    "estimate_tokens",
    "extract_file_operations",
    "extract_summary",
    "is_offloaded",
    "micro_compact",
    "offload_path",
    "snip_messages",
]
