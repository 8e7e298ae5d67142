"""Splitting ``<think>…</think>`` blocks out of streamed answer text.

Ollama, LM Studio, llama.cpp and vLLM reasoning templates put a model's thinking inline in
``content``; shown raw it buries the answer. The tags may be cut anywhere by the chunking, so
the splitter holds back a tail that could still become a tag and decides once it knows. The
result for a text never depends on where it was cut (a property test cuts it everywhere).
The whitespace a model puts between ``</think>`` and its answer is dropped.
"""

from __future__ import annotations

OPEN = "<think>"
CLOSE = "</think>"


def _held_prefix(text: str, tag: str) -> int:
    """How many trailing chars of ``text`` are a proper prefix of ``tag`` (kept back)."""
    for size in range(min(len(tag) - 1, len(text)), 0, -1):
        if tag.startswith(text[-size:]):
            return size
    return 0


class ThinkSplitter:
    """Feed content pieces; each call returns ``(answer, reasoning)`` decided so far.

    A block opens only where the answer has not begun (blank text before it is dropped), so
    an answer that talks about ``<think>`` tags later on is left alone; a block may follow
    another. Unclosed at the end, the block is reasoning (the model was cut off thinking).
    """

    def __init__(self) -> None:
        self._held = ""
        self._inside = False
        self._answered = False  # non-blank answer text has begun: no more tags
        self._after_block = False  # a block closed: blank text before the answer is dropped

    @property
    def inside(self) -> bool:
        """True while the text is inside a ``<think>`` block."""
        return self._inside

    def feed(self, piece: str) -> tuple[str, str]:
        text = self._held + piece
        self._held = ""
        answer: list[str] = []
        reasoning: list[str] = []
        while text:
            if self._inside:
                at = text.find(CLOSE)
                if at < 0:
                    keep = _held_prefix(text, CLOSE)
                    reasoning.append(text[: len(text) - keep])
                    self._held = text[len(text) - keep :]
                    break
                reasoning.append(text[:at])
                text = text[at + len(CLOSE) :]
                self._inside = False
                self._after_block = True
                continue
            if self._answered:
                answer.append(text)
                break
            stripped = text.lstrip()
            if not stripped:  # blanks only: wait for what follows (or drop after a block)
                self._held = "" if self._after_block else text
                break
            if stripped.startswith(OPEN):
                text = stripped[len(OPEN) :]
                self._inside = True
                continue
            if OPEN.startswith(stripped):  # could still become the tag
                self._held = text
                break
            self._answered = True
            answer.append(stripped if self._after_block else text)
            break
        return "".join(answer), "".join(reasoning)

    def flush(self) -> tuple[str, str]:
        """The held tail at the end of the stream (a cut tag is plain text after all)."""
        held, self._held = self._held, ""
        if not held:
            return "", ""
        if self._inside:
            return "", held
        return (held.lstrip() if self._after_block else held), ""


def split_think(text: str) -> tuple[str, str]:
    """``(answer, reasoning)`` of a whole text (what the streamed split must equal)."""
    splitter = ThinkSplitter()
    answer, reasoning = splitter.feed(text)
    tail_answer, tail_reasoning = splitter.flush()
    return answer + tail_answer, reasoning + tail_reasoning
