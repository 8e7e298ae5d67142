"""Turning the model's tool calls into tool results the model can read — never a crash.

Models send broken JSON, call tools that do not exist, forget required arguments, omit call
ids; local servers are worse than hosted ones. Every such case becomes an error *result* (the
model reads it and corrects itself), and every call gets exactly one result message so the
assistant message and its results always pair up (context invariant 1).
"""

from __future__ import annotations

import inspect
import json
import logging
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pi_desktop import safejson
from pi_desktop.agent.events import AgentEvent, ToolCallFinished, ToolCallStarted
from pi_desktop.agent.tool import Tool, ToolError
from pi_desktop.context import ContextManager, Message
from pi_desktop.context.offload import offload_message

log = logging.getLogger(__name__)

CANCELLED_RESULT = "[cancelled by user]"
MAX_RESULT_CHARS = 1_000_000  # protects the session file; L3 offloads anything large anyway
# One answer may ask for this many calls; the rest are not run (10,000 calls in one answer
# would take minutes, raise as many approval dialogs and write as many session lines).
MAX_CALLS_PER_MESSAGE = 64
_RAW_PREVIEW_CHARS = 500


@dataclass(frozen=True)
class ToolCall:
    """One normalised call: a non-empty unique id, a name, the raw argument string."""

    id: str
    name: str
    raw_arguments: str
    refusal: str | None = None  # why this call is answered with an error instead of run


@dataclass(frozen=True)
class ToolOutcome:
    """What running a call produced; ``arguments`` is the raw string when it did not parse."""

    result: str
    is_error: bool
    arguments: dict[str, Any] | str


def index_tools(tools: Iterable[Tool] | None) -> dict[str, Tool]:
    """Tools by name; two tools with one name would make calls ambiguous, so that is refused."""
    indexed: dict[str, Tool] = {}
    for tool in tools or ():
        if tool.name in indexed:
            raise ValueError(f"two tools are named {tool.name!r}")
        indexed[tool.name] = tool
    return indexed


def _arguments_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    text = safejson.dumps_or_none(value, ensure_ascii=False)
    return text if text is not None else "[arguments nested too deep to show]"


def normalize_tool_calls(
    message: Message, step: int, max_calls: int = MAX_CALLS_PER_MESSAGE
) -> tuple[Message, list[ToolCall]]:
    """Give every call an id, ``type``, name and string arguments; return the fixed message.

    Missing or duplicate ids get ``call_<step>_<n>`` so each result can name its call; the
    returned message (a copy when anything changed) is what gets stored and sent back.
    Past ``max_calls`` calls, one more is kept and answered with an error that tells the
    model how many were dropped; the others are left out of the stored message, so the
    session and the next request stay bounded and every kept call still has its result.
    """
    raw_calls = message.tool_calls
    if not raw_calls:
        return message, []
    fixed: list[dict[str, Any]] = []
    calls: list[ToolCall] = []
    seen: set[str] = set()
    total = len(raw_calls)
    if total > max_calls:
        raw_calls = raw_calls[: max_calls + 1]
    for n, raw in enumerate(raw_calls):
        raw = raw if isinstance(raw, dict) else {}
        function = raw.get("function") if isinstance(raw.get("function"), dict) else {}
        name = str(function.get("name") or "")
        arguments = _arguments_text(function.get("arguments"))
        call_id = str(raw.get("id") or "")
        if not call_id or call_id in seen:
            call_id = f"call_{step}_{n}"
            while call_id in seen:
                call_id += "_"
        seen.add(call_id)
        fixed.append(
            {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}
        )
        calls.append(ToolCall(call_id, name, arguments))
    metadata = dict(message.metadata or {})
    if total > max_calls:
        last = calls[-1]
        calls[-1] = ToolCall(last.id, last.name, last.raw_arguments, _too_many(total, max_calls))
        metadata["tool_calls_dropped"] = total - len(calls)
    elif fixed == raw_calls:
        return message, calls
    metadata["tool_calls"] = fixed
    return message.model_copy(update={"metadata": metadata}), calls


def _too_many(total: int, limit: int) -> str:
    return (
        f"Error: not run. This answer made {total:,} tool calls; at most {limit} run per "
        f"answer. The first {limit} ran (their results are above); this call and the other "
        f"{total - limit - 1:,} after it were not run and are not kept. Make fewer calls at "
        "once and call again for what is still needed."
    )


def parse_arguments(raw: str) -> tuple[dict[str, Any] | None, str | None]:
    """``(arguments, None)`` or ``(None, error text for the model)``; empty means ``{}``."""
    if not raw.strip():
        return {}, None
    try:
        value = safejson.loads(raw)
    except json.JSONDecodeError as exc:
        return None, f"the arguments are not valid JSON ({exc.msg} at position {exc.pos})"
    except ValueError as exc:  # too deep or too large (JSONLimitError): refused unparsed
        return None, f"the arguments were not read: {exc}"
    if not isinstance(value, dict):
        return None, f"the arguments must be a JSON object, not {type(value).__name__}"
    return value, None


def _missing_required(tool: Tool, arguments: Mapping[str, Any]) -> list[str]:
    required = tool.parameters.get("required") if isinstance(tool.parameters, dict) else None
    if not isinstance(required, list):
        return []
    return [str(key) for key in required if key not in arguments]


def _preview(raw: str) -> str:
    if len(raw) <= _RAW_PREVIEW_CHARS:
        return raw
    return raw[:_RAW_PREVIEW_CHARS] + f"… ({len(raw)} chars)"


def _as_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        text = value
    else:
        dumped = safejson.dumps_or_none(value, ensure_ascii=False, default=str)
        text = dumped if dumped is not None else "[the tool returned a value nested too deep]"
    if len(text) > MAX_RESULT_CHARS:
        text = (
            text[:MAX_RESULT_CHARS] + f"\n[truncated: the tool returned {len(text)} characters; "
            f"the first {MAX_RESULT_CHARS} are kept]"
        )
    return text


async def execute_tool_call(call: ToolCall, tools: Mapping[str, Tool]) -> ToolOutcome:
    """Run one call. Tool failures become error results; only cancellation propagates."""
    if call.refusal is not None:
        return ToolOutcome(call.refusal, True, shown_arguments(call))
    tool = tools.get(call.name)
    if tool is None:
        available = ", ".join(sorted(tools)) or "none"
        return ToolOutcome(
            f"Error: unknown tool {call.name!r}. Available tools: {available}.",
            True,
            call.raw_arguments,
        )
    arguments, problem = parse_arguments(call.raw_arguments)
    if arguments is None:
        return ToolOutcome(
            f"Error: could not call {call.name}: {problem}. "
            f"Received: {_preview(call.raw_arguments)} — call the tool again with a JSON "
            "object that matches its parameters.",
            True,
            call.raw_arguments,
        )
    missing = _missing_required(tool, arguments)
    if missing:
        return ToolOutcome(
            f"Error: could not call {call.name}: missing required argument(s): "
            f"{', '.join(missing)}.",
            True,
            arguments,
        )
    try:
        result = tool.handler(arguments)
        if inspect.isawaitable(result):  # the contract says async; a plain function works too
            result = await result
    except ToolError as exc:
        return ToolOutcome(f"Error: {exc}", True, arguments)
    except Exception as exc:  # a broken tool must not end the conversation
        log.exception("tool %s raised", call.name)
        return ToolOutcome(
            f"Error: the tool {call.name} failed: {type(exc).__name__}: {exc}", True, arguments
        )
    return ToolOutcome(_as_text(result), False, arguments)


def tool_result_message(call: ToolCall, outcome: ToolOutcome) -> Message:
    """The tool message answering ``call`` (``is_error`` only recorded when true)."""
    metadata: dict[str, Any] = {"tool_call_id": call.id, "name": call.name}
    if outcome.is_error:
        metadata["is_error"] = True
    return Message(role="tool", content=outcome.result, metadata=metadata)


def shown_arguments(call: ToolCall) -> dict[str, Any] | str:
    """The arguments as events show them: parsed, or the raw string when they do not parse."""
    arguments, _ = parse_arguments(call.raw_arguments)
    return arguments if arguments is not None else call.raw_arguments


def cancelled_outcome(call: ToolCall) -> ToolOutcome:
    """The synthetic result for a call the user's Stop prevented from finishing."""
    return ToolOutcome(CANCELLED_RESULT, True, shown_arguments(call))


def tool_schemas(tools: Sequence[Tool]) -> list[dict[str, Any]]:
    """The ``tools=[...]`` list for the provider, in registration order."""
    return [tool.schema() for tool in tools]


async def run_tool_calls(
    calls: Sequence[ToolCall],
    tools: Mapping[str, Tool],
    emit: Callable[[AgentEvent], None],
    offload: Callable[[Message], str | None],
    results: list[Message],
) -> None:
    """Run ``calls`` in order, appending one result message per call to ``results``.

    Each call is announced (``ToolCallStarted``) and reported (``ToolCallFinished``, with the
    file ``offload`` wrote for a large result). If the run is cancelled (or anything else
    escapes) mid-way, the calls that did not finish get a ``[cancelled by user]`` result
    before the exception propagates, so the caller can store a complete pairing.
    """
    try:
        for call in calls:
            emit(ToolCallStarted(call.id, call.name, shown_arguments(call)))
            outcome = await execute_tool_call(call, tools)
            result = tool_result_message(call, outcome)
            emit(
                ToolCallFinished(
                    call.id,
                    call.name,
                    outcome.arguments,
                    outcome.result,
                    outcome.is_error,
                    offload(result),
                )
            )
            results.append(result)
    except BaseException:
        for index, call in enumerate(calls[len(results) :]):
            outcome = cancelled_outcome(call)
            if index > 0:  # the interrupted call already announced its start
                emit(ToolCallStarted(call.id, call.name, outcome.arguments))
            emit(ToolCallFinished(call.id, call.name, outcome.arguments, outcome.result, True))
            results.append(tool_result_message(call, outcome))
        raise


def offload_now(
    result: Message, ctx: ContextManager | None, results_dir: str | os.PathLike[str] | None
) -> str | None:
    """Write a large tool result to its L3 file now, so the window can open it at once.

    The stored message keeps the full text (the truth is lossless); ``prepare`` finds the
    same file later because the offload is idempotent. Returns the file's path, or None.
    """
    if ctx is None or results_dir is None:
        return None
    offloaded = offload_message(result, ctx.tool_chars_limit, results_dir)  # never raises OSError
    info = (offloaded.metadata or {}).get("offloaded")
    return str(info["path"]) if isinstance(info, dict) and info.get("path") else None
