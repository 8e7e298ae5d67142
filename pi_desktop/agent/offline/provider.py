"""``OfflineLLM``: the provider a fresh install runs on — deterministic, no network.

It speaks the same ``chat`` protocol as a real model, so the agent loop, the tools, the
budget bar and compaction all run for real: it turns plain-English requests into tool calls,
reports what the tools returned, writes long texts on request (to fill a small budget), and
acts as an extractive summarizer when the context engine asks for a summary.
"""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import json
import re
from collections.abc import Sequence
from typing import Any

from pi_desktop import safejson
from pi_desktop.agent.llm import ChatResponse, DeltaCallback
from pi_desktop.agent.offline.answers import (
    ToolResult,
    help_answer,
    long_answer,
    report_tool_results,
    wants_long_answer,
)
from pi_desktop.agent.offline.intents import parse_intents
from pi_desktop.agent.offline.recall import is_recall_question, recall_answer
from pi_desktop.agent.offline.summarizer import summarize_messages
from pi_desktop.context import SUMMARIZATION_SYSTEM_PROMPT, Message, estimate_tokens

SUMMARY_PROMPT_START = "You are a context summarization assistant"
MODEL_NAME = "offline-demo"


def is_summarizer_request(
    messages: Sequence[Message], tools: Sequence[dict[str, Any]] | None
) -> bool:
    """The context engine's call: ``tools == []`` and the summarization system prompt first."""
    if tools is None or len(tools) != 0 or not messages:
        return False
    first = messages[0]
    return first.role == "system" and (
        first.content.startswith(SUMMARY_PROMPT_START)
        or first.content == SUMMARIZATION_SYSTEM_PROMPT
    )


def _tool_names(tools: Sequence[dict[str, Any]] | None) -> list[str]:
    names = []
    for tool in tools or []:
        function = tool.get("function") if isinstance(tool, dict) else None
        if isinstance(function, dict) and function.get("name"):
            names.append(str(function["name"]))
    return names


def _parse_args(raw: Any) -> dict[str, Any]:
    if isinstance(raw, dict):
        return raw
    try:
        value = safejson.loads(raw or "{}")
    except (TypeError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


def _pending_results(messages: Sequence[Message]) -> list[ToolResult] | None:
    """Results of the latest assistant tool calls, if they are the last thing in the view."""
    if not messages or messages[-1].role != "tool":
        return None
    index = len(messages) - 1
    while index >= 0 and messages[index].role == "tool":
        index -= 1
    if index < 0 or messages[index].role != "assistant" or not messages[index].tool_calls:
        return None
    calls = {str(c.get("id")): c for c in messages[index].tool_calls}
    results = []
    for message in messages[index + 1 :]:
        call = calls.get(message.tool_call_id or "", {})
        function = call.get("function") or {}
        name = function.get("name") or (message.metadata or {}).get("name") or "tool"
        is_error = bool((message.metadata or {}).get("is_error"))
        results.append(ToolResult(name, _parse_args(function.get("arguments")), message.content,
                                  is_error))  # fmt: skip
    return results


def saved_tail(path: str, chars: int = 600) -> str:
    """The end of a tool result L3 saved to disk ("" when unreadable): its cap note says how
    much of the tool's input the saved copy holds."""
    try:
        with open(path, "rb") as fh:
            fh.seek(0, 2)
            fh.seek(max(0, fh.tell() - 4 * chars))
            return fh.read().decode("utf-8", errors="replace")[-chars:]
    except OSError:
        return ""


_THINK = re.compile(r"\bthink\b", re.I)


def thinking_for(messages: Sequence[Message], calls: list[dict[str, Any]]) -> str:
    """The demo's "reasoning" for a turn whose user message says *think* ("" otherwise): what
    it understood and what it will do, so the Thinking block can be tried offline."""
    user_text = next((m.content for m in reversed(messages) if m.role == "user"), "")
    if not _THINK.search(user_text):
        return ""
    asked = " ".join(user_text.split())
    asked = asked if len(asked) <= 120 else asked[:117] + "…"
    if messages and messages[-1].role == "tool":
        count = sum(1 for m in reversed(messages) if m.role == "tool")
        return (
            f"The tools answered ({count} result{'s' if count != 1 else ''}). I will report "
            f"what they returned for: “{asked}”."
        )
    lines = [f"The user asks: “{asked}”."]
    if calls:
        for call in calls:
            function = call.get("function") or {}
            lines.append(f"- call {function.get('name')} with {function.get('arguments')}")
        lines.append("Then I read the results and answer.")
    else:
        lines.append("No tool is needed here; I answer directly.")
    return "\n".join(lines)


class OfflineLLM:
    """The offline demo provider (``model = "offline-demo"``).

    Usage is honest: ``prompt_tokens`` is :func:`estimate_tokens` of the messages it was sent
    (serialised JSON chars / 4, the app's own definition) plus the tool schemas' JSON chars / 4;
    ``completion_tokens`` is the chars of what it produced (text and tool-call JSON) / 4.
    """

    model = MODEL_NAME
    name = MODEL_NAME

    def __init__(
        self,
        *,
        chunk_chars: int = 24,
        long_answer_chars: int = 6_000,
        chars_per_second: float = 0,
    ) -> None:
        """``chars_per_second`` > 0 streams at that pace (the app's readable demo, so Stop can
        be tried); 0, the default, hands the text out as fast as the loop runs (tests)."""
        self.chunk_chars = max(1, chunk_chars)
        self.long_answer_chars = long_answer_chars
        self.chars_per_second = max(0.0, float(chars_per_second))

    def describe(self) -> str:
        return "Offline demo (no network)"

    def __repr__(self) -> str:
        return "OfflineLLM()"

    async def aclose(self) -> None:
        """Nothing to release; present so callers can treat every provider alike."""

    async def chat(
        self,
        messages: Sequence[Message],
        tools: Sequence[dict[str, Any]] | None = None,
        on_delta: DeltaCallback | None = None,
        *,
        on_reasoning: DeltaCallback | None = None,
    ) -> ChatResponse:
        """Answer (see the class); a message that asks it to *think* gets its plan streamed
        as reasoning first (``on_reasoning``, ``metadata["reasoning"]``), as thinking models do."""
        calls: list[dict[str, Any]] = []
        reasoning = ""
        if is_summarizer_request(messages, tools):
            content = summarize_messages([m.content for m in messages[1:] if m.role == "user"])
        else:
            content, calls = self._respond(messages, tools)
            reasoning = thinking_for(messages, calls)
        await self._stream(reasoning, on_reasoning)
        await self._stream(content, on_delta)
        metadata: dict[str, Any] = {"tool_calls": calls} if calls else {}
        if reasoning:
            metadata["reasoning"] = reasoning
        if is_summarizer_request(messages, tools):  # rule-built: the engine marks it so
            metadata["extractive"] = True
        message = Message(role="assistant", content=content, metadata=metadata or None)
        return ChatResponse(
            message=message,
            usage=self._usage(messages, tools, reasoning + content, calls),
            model=MODEL_NAME,
            finish_reason="tool_calls" if calls else "stop",
        )

    def _respond(
        self, messages: Sequence[Message], tools: Sequence[dict[str, Any]] | None
    ) -> tuple[str, list[dict[str, Any]]]:
        names = _tool_names(tools)
        results = _pending_results(messages)
        if results is not None:
            return report_tool_results(results, saved_tail), []
        user_text = next((m.content for m in reversed(messages) if m.role == "user"), "")
        if is_recall_question(user_text):  # the fidelity probe: quote the view, call nothing
            return recall_answer(messages, user_text), []
        intents = parse_intents(user_text)
        usable = [i for i in intents if i.tool in names]
        missing = sorted({i.tool for i in intents if i.tool not in names})
        if usable:
            digest = hashlib.sha256(
                json.dumps([m.model_dump() for m in messages], default=str).encode()
            ).hexdigest()
            calls = [
                {
                    "id": f"call_{hashlib.sha256(f'{digest}:{n}'.encode()).hexdigest()[:20]}",
                    "type": "function",
                    "function": {
                        "name": intent.tool,
                        "arguments": json.dumps(intent.arguments, ensure_ascii=False),
                    },
                }
                for n, intent in enumerate(usable)
            ]
            text = "Offline demo: I'll " + "; ".join(i.label for i in usable) + "."
            if missing:
                text += f" ({', '.join(missing)} is not enabled here, so I skip that part.)"
            return text, calls
        if wants_long_answer(user_text) and not missing:
            return long_answer(user_text, self.long_answer_chars), []
        return help_answer(user_text, names, missing), []

    async def _stream(self, content: str, on_delta: DeltaCallback | None) -> None:
        """Hand the text out in small pieces, yielding to the loop between them.

        With a pace, each piece is due at ``start + sent / chars_per_second`` on the loop's
        clock (no drift from slow frames), in pieces of about a frame's worth of text.
        """
        if on_delta is None or not content:
            return
        loop = asyncio.get_running_loop()
        pace = self.chars_per_second
        step = self.chunk_chars if pace <= 0 else max(1, min(self.chunk_chars, round(pace / 30)))
        start = loop.time()
        for offset in range(0, len(content), step):
            if pace > 0:
                delay = start + offset / pace - loop.time()
                if delay > 0:
                    await asyncio.sleep(delay)
            result = on_delta(content[offset : offset + step])
            if inspect.isawaitable(result):
                await result
            await asyncio.sleep(0)

    @staticmethod
    def _usage(
        messages: Sequence[Message],
        tools: Sequence[dict[str, Any]] | None,
        content: str,
        calls: list[dict[str, Any]],
    ) -> dict[str, int]:
        prompt = estimate_tokens(list(messages))
        if tools:
            prompt += len(json.dumps(list(tools), ensure_ascii=False)) // 4
        produced = len(content) + (len(json.dumps(calls, ensure_ascii=False)) if calls else 0)
        completion = max(1, produced // 4)
        return {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
        }
