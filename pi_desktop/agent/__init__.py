"""LLM providers, tools, events, the Agent loop and the context/session bridge (no Qt).

Names are imported on first use (PEP 562), so ``import pi_desktop.agent`` stays cheap: the
``openai`` SDK and the session package load only when something asks for them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_EXPORTS: dict[str, str] = {
    # the loop
    "Agent": "pi_desktop.agent.agent",
    "ContextSessionBridge": "pi_desktop.agent.bridge",
    # protocols and errors
    "LLM": "pi_desktop.agent.llm",
    "ChatResponse": "pi_desktop.agent.llm",
    "ProviderError": "pi_desktop.agent.llm",
    "ContextOverflowError": "pi_desktop.agent.llm",
    "TransientProviderError": "pi_desktop.agent.llm",
    "Tool": "pi_desktop.agent.tool",
    "ToolError": "pi_desktop.agent.tool",
    # providers and tools
    "OpenAIChatLLM": "pi_desktop.agent.openai_llm",
    "OfflineLLM": "pi_desktop.agent.offline",
    "build_workspace_tools": "pi_desktop.agent.tools",
    "PRESETS": "pi_desktop.agent.presets",
    "ProviderPreset": "pi_desktop.agent.presets",
    "build_llm": "pi_desktop.agent.presets",
    # events
    "AgentEvent": "pi_desktop.agent.events",
    "RunStarted": "pi_desktop.agent.events",
    "RunFinished": "pi_desktop.agent.events",
    "RunFailed": "pi_desktop.agent.events",
    "TextDelta": "pi_desktop.agent.events",
    "ReasoningDelta": "pi_desktop.agent.events",
    "TextRetracted": "pi_desktop.agent.events",
    "MessageAdded": "pi_desktop.agent.events",
    "ToolCallStarted": "pi_desktop.agent.events",
    "ToolCallFinished": "pi_desktop.agent.events",
    "ContextPrepared": "pi_desktop.agent.events",
    "CompactionStarted": "pi_desktop.agent.events",
    "ContextCompacted": "pi_desktop.agent.events",
    "UsageRecorded": "pi_desktop.agent.events",
    "RetryScheduled": "pi_desktop.agent.events",
    "SummaryFallback": "pi_desktop.agent.events",
    "Notice": "pi_desktop.agent.events",
    "HistoryRepaired": "pi_desktop.agent.events",
}

__all__ = [
    "LLM",
    "PRESETS",
    "Agent",
    "AgentEvent",
    "ChatResponse",
    "CompactionStarted",
    "ContextCompacted",
    "ContextOverflowError",
    "ContextPrepared",
    "ContextSessionBridge",
    "HistoryRepaired",
    "MessageAdded",
    "Notice",
    "OfflineLLM",
    "OpenAIChatLLM",
    "ProviderError",
    "ProviderPreset",
    "ReasoningDelta",
    "RetryScheduled",
    "RunFailed",
    "RunFinished",
    "RunStarted",
    "SummaryFallback",
    "TextDelta",
    "TextRetracted",
    "Tool",
    "ToolCallFinished",
    "ToolCallStarted",
    "ToolError",
    "TransientProviderError",
    "UsageRecorded",
    "build_llm",
    "build_workspace_tools",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:
    from pi_desktop.agent.agent import Agent
    from pi_desktop.agent.bridge import ContextSessionBridge
    from pi_desktop.agent.events import (
        AgentEvent,
        CompactionStarted,
        ContextCompacted,
        ContextPrepared,
        HistoryRepaired,
        MessageAdded,
        Notice,
        ReasoningDelta,
        RetryScheduled,
        RunFailed,
        RunFinished,
        RunStarted,
        SummaryFallback,
        TextDelta,
        TextRetracted,
        ToolCallFinished,
        ToolCallStarted,
        UsageRecorded,
    )
    from pi_desktop.agent.llm import (
        LLM,
        ChatResponse,
        ContextOverflowError,
        ProviderError,
        TransientProviderError,
    )
    from pi_desktop.agent.offline import OfflineLLM
    from pi_desktop.agent.openai_llm import OpenAIChatLLM
    from pi_desktop.agent.presets import PRESETS, ProviderPreset, build_llm
    from pi_desktop.agent.tool import Tool, ToolError
    from pi_desktop.agent.tools import build_workspace_tools
