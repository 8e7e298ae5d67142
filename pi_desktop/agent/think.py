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


ORPHAN_WATCH_CHARS = 256_000  # answer text watched for a lone </think> before giving up


class ThinkSplitter:
    """Feed content pieces; each call returns ``(answer, reasoning)`` decided so far.

    A block opens only where the answer has not begun (blank text before it is dropped), so
    an answer that talks about ``<think>`` tags later on is left alone; a block may follow
    another. Unclosed at the end, the block is reasoning (the model was cut off thinking).

    Templates that put ``<think>`` in the prompt (DeepSeek-R1 distills, Qwen3 on llama.cpp or
    vLLM without a reasoning parser) make the model start inside the block: its text reaches
    a lone ``</think>`` and then answers (no ``<think>`` before it: an answer about the tags
    names both). Everything before that close was reasoning, so it is taken back:
    :meth:`take_retract` is then True once, the caller drops the answer text it was given so
    far, and the taken-back text comes as reasoning.
    """

    def __init__(self) -> None:
        self._held = ""
        self._inside = False
        self._answered = False  # non-blank answer text has begun: no more opening tags
        self._after_block = False  # a block closed: blank text before the answer is dropped
        self._watching = True  # no block yet: a lone </think> would end hidden reasoning
        self._log: list[str] = []  # the answer so far while watching
        self._log_chars = 0
        self._retract = False

    @property
    def inside(self) -> bool:
        """True while the text is inside a ``<think>`` block."""
        return self._inside

    def take_retract(self) -> bool:
        """True (once) when the answer given so far turned out to be reasoning."""
        retract, self._retract = self._retract, False
        return retract

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
                if not self._watching:
                    answer.append(text)
                    break
                at = text.find(CLOSE)
                if at < 0:
                    keep = _held_prefix(text, CLOSE)
                    self._answer(text[: len(text) - keep], answer)
                    self._held = text[len(text) - keep :]
                    break
                before = "".join(self._log) + text[:at]
                if OPEN in before:  # the answer talks about the tags: not hidden reasoning
                    self._stop_watching()
                    answer.append(text)
                    break
                # a lone </think>: the "answer" so far was the model's reasoning
                reasoning.append(before)
                answer.clear()
                self._retract = True
                self._stop_watching()
                self._answered = False
                self._after_block = True
                text = text[at + len(CLOSE) :]
                continue
            stripped = text.lstrip()
            if not stripped:  # blanks only: wait for what follows (or drop after a block)
                self._held = "" if self._after_block else text
                break
            if stripped.startswith(OPEN):
                text = stripped[len(OPEN) :]
                self._inside = True
                self._stop_watching()
                continue
            if OPEN.startswith(stripped):  # could still become the tag
                self._held = text
                break
            self._answered = True
            text = stripped if self._after_block else text
            continue
        return "".join(answer), "".join(reasoning)

    def flush(self) -> tuple[str, str]:
        """The held tail at the end of the stream (a cut tag is plain text after all)."""
        held, self._held = self._held, ""
        if not held:
            return "", ""
        if self._inside:
            return "", held
        return (held.lstrip() if self._after_block else held), ""

    def _answer(self, body: str, answer: list[str]) -> None:
        if not body:
            return
        answer.append(body)
        self._log.append(body)
        self._log_chars += len(body)
        if self._log_chars > ORPHAN_WATCH_CHARS:
            self._stop_watching()

    def _stop_watching(self) -> None:
        self._watching = False
        self._log = []
        self._log_chars = 0


def split_think(text: str) -> tuple[str, str]:
    """``(answer, reasoning)`` of a whole text (what the streamed split must end as)."""
    splitter = ThinkSplitter()
    answer, reasoning = splitter.feed(text)
    tail_answer, tail_reasoning = splitter.flush()
    return answer + tail_answer, reasoning + tail_reasoning
