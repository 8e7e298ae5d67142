"""One streamed chat completion, folded chunk by chunk (the OpenAI chunk format as dicts).

Kept apart from the transport (:mod:`pi_desktop.agent.openai_llm`) so what counts as a chat
chunk, as progress, and as an assembled tool call is tested without a server. Text is cleaned
of lone surrogates as it arrives; a JSON value that is not a chat chunk is ``StreamFormatError``.
"""

from __future__ import annotations

from typing import Any

from pi_desktop.agent.sse import SSEDecoder, StreamFormatError, TextCleaner, clean_text
from pi_desktop.agent.think import ThinkSplitter
from pi_desktop.context.usage import raw_usage


class ToolCallAssembler:
    """Joins streamed tool-call fragments (chunk dicts) by index: id/name once, arguments
    appended. Text is cleaned of lone surrogates when the call is complete, so a pair split
    across two fragments survives."""

    def __init__(self) -> None:
        self._calls: dict[int, dict[str, str]] = {}

    def add(self, fragment: dict[str, Any]) -> None:
        index = fragment.get("index")
        if not isinstance(index, int) or isinstance(index, bool):
            # some servers omit it: a new id opens a call, else continue the last
            frag_id = fragment.get("id")
            new = frag_id and all(c["id"] != frag_id for c in self._calls.values())
            index = len(self._calls) if new or not self._calls else max(self._calls)
        call = self._calls.setdefault(index, {"id": "", "name": "", "arguments": ""})
        frag_id = fragment.get("id")
        if isinstance(frag_id, str) and frag_id and not call["id"]:
            call["id"] = frag_id
        function = fragment.get("function")
        if isinstance(function, dict):
            name = function.get("name")
            if isinstance(name, str) and name and name != call["name"]:
                call["name"] = name if not call["name"] else call["name"] + name
            arguments = function.get("arguments")
            if isinstance(arguments, str) and arguments:
                call["arguments"] += arguments

    def result(self, prefix: str) -> list[dict[str, Any]]:
        calls = []
        for position, index in enumerate(sorted(self._calls)):
            c = self._calls[index]
            calls.append(
                {
                    "id": clean_text(c["id"]) or f"{prefix}_{position}",
                    "type": "function",
                    "function": {
                        "name": clean_text(c["name"]),
                        "arguments": clean_text(c["arguments"]),
                    },
                }
            )
        return calls


def usage_dict(usage: Any) -> dict[str, Any] | None:
    """The usage (a chunk's dict or an SDK object) as a plain dict: the three counts plus every
    dialect's cache and reasoning fields (``pi_desktop.context.usage.read_usage`` reads them)."""
    return raw_usage(usage)


class StreamState:
    """What one streamed response has delivered so far: answer text and reasoning apart.

    Reasoning comes as ``delta.reasoning_content`` (DeepSeek, DashScope/Qwen, vLLM),
    ``delta.reasoning`` (OpenRouter, Ollama) or inline ``<think>`` blocks in ``content``
    (llama.cpp, LM Studio, Ollama templates); all three end up in :attr:`reasoning`.
    """

    def __init__(self, max_line_bytes: int) -> None:
        self.decoder = SSEDecoder(max_line_bytes)
        self.cleaner = TextCleaner()
        self.reasoning_cleaner = TextCleaner()
        self.think = ThinkSplitter()
        self.text: list[str] = []
        self.reasoning: list[str] = []
        self.calls = ToolCallAssembler()
        self.usage: dict[str, Any] | None = None
        self.model: str | None = None
        self.finish_reason: str | None = None
        self.done = False  # [DONE] seen
        self.on_delta: Any = None  # the transport's callbacks, carried with the state
        self.on_reasoning: Any = None
        self.on_retract: Any = None
        self.retracted = False  # the answer text given so far was reasoning (see ThinkSplitter)

    @property
    def partial(self) -> str:
        return "".join(self.text)

    @property
    def partial_reasoning(self) -> str:
        return "".join(self.reasoning)

    def take_retracted(self) -> bool:
        """True (once) after the answer text delivered so far turned out to be reasoning."""
        retracted, self.retracted = self.retracted, False
        return retracted

    def apply(self, payload: dict[str, Any]) -> tuple[bool, str, str]:
        """Fold one chunk in; returns (progress, new text, new reasoning). Raises
        ``StreamFormatError`` for a chunk that is JSON but not a chat chunk. Progress is text,
        non-blank reasoning, tool-call pieces, a finish reason or usage — never an empty delta
        or a run of blanks inside reasoning (keep-alives in disguise)."""
        progress = False
        new_reasoning = ""
        model = payload.get("model")
        if isinstance(model, str) and model:
            self.model = clean_text(model)
        usage = payload.get("usage")
        if isinstance(usage, dict):
            self.usage = usage_dict(usage) or self.usage
            progress = True
        choices = payload.get("choices")
        if choices is None:
            choices = []
        if not isinstance(choices, list):
            raise StreamFormatError("a chunk's choices are not a list")
        new_text = ""
        for choice in choices:
            if not isinstance(choice, dict):
                raise StreamFormatError("a chunk's choice is not an object")
            delta = choice.get("delta")
            if delta is None:
                delta = {}
            if not isinstance(delta, dict):
                raise StreamFormatError("a chunk's delta is not an object")
            for key in ("reasoning_content", "reasoning"):
                piece = delta.get(key)
                if isinstance(piece, str) and piece:
                    new_reasoning += self.reasoning_cleaner.feed(piece)
                    progress = progress or bool(piece.strip())
                    break  # a server sending both names sends the same text twice
            content = delta.get("content")
            if isinstance(content, str) and content:
                answer, thought = self.think.feed(self.cleaner.feed(content))
                if self.think.take_retract():
                    self.text.clear()
                    new_text = ""
                    self.retracted = True
                new_text += answer
                new_reasoning += thought
                progress = progress or bool(answer) or bool(content.strip())
            fragments = delta.get("tool_calls")
            if isinstance(fragments, list):
                for fragment in fragments:
                    if isinstance(fragment, dict):
                        self.calls.add(fragment)
                        progress = True
            finish = choice.get("finish_reason")
            if isinstance(finish, str) and finish:
                self.finish_reason = finish
                progress = True
        if new_text:
            self.text.append(new_text)
        if new_reasoning:
            self.reasoning.append(new_reasoning)
        return progress, new_text, new_reasoning

    def flush(self) -> tuple[str, str]:
        """What the cleaners and the think splitter still held: (text, reasoning)."""
        answer, thought = self.think.feed(self.cleaner.flush())
        if self.think.take_retract():
            self.text.clear()
            self.retracted = True
        tail_answer, tail_thought = self.think.flush()
        rest, thought = answer + tail_answer, thought + tail_thought
        thought += self.reasoning_cleaner.flush()
        if rest:
            self.text.append(rest)
        if thought:
            self.reasoning.append(thought)
        return rest, thought
