"""The offline demo's reading pace: off by default (tests stay instant), and a paced answer
that is cancelled has handed out only a part of its text (what Stop keeps)."""

from __future__ import annotations

import asyncio

from pi_desktop.agent import OfflineLLM
from pi_desktop.context import Message


def test_unpaced_by_default_and_the_whole_text_arrives():
    llm = OfflineLLM()
    assert llm.chars_per_second == 0
    pieces: list[str] = []
    response = asyncio.run(llm.chat([Message(role="user", content="hello")], None, pieces.append))
    assert "".join(pieces) == response.message.content
    assert max(len(p) for p in pieces) == llm.chunk_chars


def test_a_paced_answer_comes_in_frame_sized_pieces_and_can_be_stopped():
    async def scenario() -> tuple[list[str], str]:
        llm = OfflineLLM(chars_per_second=150)  # ~5 characters a frame
        pieces: list[str] = []
        got_some = asyncio.Event()

        def on_delta(text: str) -> None:
            pieces.append(text)
            if len(pieces) >= 3:
                got_some.set()

        task = asyncio.ensure_future(
            llm.chat([Message(role="user", content="hello")], None, on_delta)
        )
        await got_some.wait()
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass
        full = (await OfflineLLM().chat([Message(role="user", content="hello")])).message.content
        return pieces, full

    pieces, full = asyncio.run(scenario())
    assert {len(p) for p in pieces} == {5}
    shown = "".join(pieces)
    assert full.startswith(shown) and 0 < len(shown) < len(full) // 2
