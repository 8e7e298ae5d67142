"""Streaming renders exactly like the saved message (issue 18, point 3).

For random Markdown documents cut into random deltas, the body that streamed them ends as the
same document (``toHtml``) as a body given the whole saved text; while it streams, a block
that is already closed never shows raw Markdown. The offline demo's "hi there" answer (a list
followed by two paragraphs, which streamed as bullets) is the known case.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pi_desktop.agent.offline.answers import help_answer
from pi_desktop.ui.text.markdown_view import MarkdownBody

WORDS = st.sampled_from(["alpha", "beta", "gamma", "delta", "context", "tokens", "x", "42"])


def _words(draw, low: int = 1, high: int = 12) -> str:
    words = draw(st.lists(WORDS, min_size=low, max_size=high))
    if draw(st.booleans()):  # emphasis, always closed inside its paragraph (never in code)
        at = draw(st.integers(0, len(words) - 1))
        words[at] = f"**{words[at]}**"
    if draw(st.booleans()):
        at = draw(st.integers(0, len(words) - 1))
        if "*" not in words[at]:
            words[at] = f"`{words[at]}`"
    return " ".join(words)


@st.composite
def block(draw) -> str:
    kind = draw(st.sampled_from(["para", "para", "list", "olist", "heading", "quote", "code"]))
    if kind == "para":
        return _words(draw, 1, 30)
    if kind == "list":
        items = draw(st.integers(1, 4))
        loose = "\n\n" if draw(st.booleans()) else "\n"
        return loose.join(f"- {_words(draw)}" for _ in range(items))
    if kind == "olist":
        return "\n".join(f"{i + 1}. {_words(draw)}" for i in range(draw(st.integers(1, 4))))
    if kind == "heading":
        return "#" * draw(st.integers(1, 3)) + " " + _words(draw, 1, 5)
    if kind == "quote":
        return "> " + _words(draw)
    lang = draw(st.sampled_from(["", "python", "js"]))
    code = st.sampled_from(["def f(x):", "    return x", "a = [1, 2]", ""])
    lines = draw(st.lists(code, max_size=5))
    return f"```{lang}\n" + "\n".join(lines) + "\n```"


@st.composite
def document(draw) -> str:
    blocks = draw(st.lists(block(), min_size=1, max_size=10))
    return "\n\n".join(blocks) + draw(st.sampled_from(["", "\n", "\n\n"]))


@st.composite
def cuts(draw, text: str) -> list[str]:
    points = sorted(set(draw(st.lists(st.integers(1, max(1, len(text) - 1)), max_size=40))))
    pieces, start = [], 0
    for point in points:
        pieces.append(text[start:point])
        start = point
    pieces.append(text[start:])
    return [p for p in pieces if p]


def _drain(body: MarkdownBody) -> None:
    """Draw what the body queued, as the loop's next turns would (no nested event loop)."""
    while body._queue:
        body._drain()


def _stream(text: str, pieces: list[str], check_closed: bool = True) -> MarkdownBody:
    body = MarkdownBody()
    for piece in pieces:
        body.append(piece)
        _drain(body)
        if check_closed:
            pending = body._splitter.pending if body._splitter is not None else None
            raw = pending.text if pending is not None else ""
            # "**" left in the drawing can only be the open paragraph's, still being typed
            assert body.toPlainText().count("**") <= raw.count("**"), body.toPlainText()
    body.finish()
    _drain(body)
    assert not body.streaming
    return body


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_the_streamed_rendering_ends_as_the_saved_one(qapp, data):
    text = data.draw(document())
    pieces = data.draw(cuts(text))
    assert "".join(pieces) == text
    streamed = _stream(text, pieces)
    saved = MarkdownBody(text)
    assert streamed.text == saved.text == text
    assert streamed.document().toHtml() == saved.document().toHtml()
    assert streamed.code_blocks() == saved.code_blocks()


def test_hi_there_keeps_its_last_paragraphs_plain_while_and_after_streaming(qapp):
    text = help_answer("hi there", ["list_dir", "grep"])
    streamed = _stream(text, [text[i : i + 7] for i in range(0, len(text), 7)])
    saved = MarkdownBody(text)
    assert streamed.document().toHtml() == saved.document().toHtml()
    last = streamed.document().lastBlock()
    assert last.textList() is None and last.text().startswith("To chat with a real model")
    assert last.previous().textList() is None  # "When the context fills up…" is a paragraph


@pytest.mark.parametrize("size", [9_000, 20_000])
def test_long_answers_streamed_in_slices_end_as_the_saved_ones(qapp, size):
    """Past the size a saved text renders at once, it renders block by block: still equal."""
    unit = "Some **bold** words and a list:\n\n- one\n- two\n\nAfter it.\n\n```py\nx = 1\n```\n\n"
    text = (unit * (size // len(unit) + 1))[:size]
    streamed = _stream(text, [text[i : i + 97] for i in range(0, len(text), 97)], False)
    saved = MarkdownBody(text)
    _drain(saved)
    assert streamed.document().toHtml() == saved.document().toHtml()


def _whole(card) -> bool:
    """The card is as tall as it asks to be: its text is not cut off at the bottom."""
    return card.height() >= card.sizeHint().height() and card.bubble.geometry().bottom() < (
        card.height()
    )


def test_the_demo_answer_streamed_in_the_window_draws_as_it_does_reopened(kit, qtbot, artifacts):
    """The whole path a user sees: "hi there" streamed into the real window, then the session
    reopened in a new one — the answer's card holds the same document at the same height
    (its last paragraphs were cut off after streaming: the card kept an earlier slice's
    height), and looks the same."""
    from pi_desktop.agent import OfflineLLM
    from tests.ui.flows import send

    window = kit.window(OfflineLLM(), offline=True, new_session=True)
    window.resize(1000, 800)
    send(qtbot, window, "hi there")
    answer = [c for c in window.conversation.message_cards() if c.role == "assistant"][-1]
    qtbot.waitUntil(lambda: not answer.body.streaming)  # its last slices draw on later turns
    streamed, text = answer.body.document().toHtml(), answer.text
    assert answer.body.document().lastBlock().textList() is None  # a paragraph, not a bullet
    window.conversation.ensureWidgetVisible(answer)
    qtbot.waitUntil(lambda: _whole(answer) and not window.conversation.layout_pending())
    height = answer.height()
    assert answer.bubble.height() >= answer.body.height()
    qtbot.wait(100)  # the tree's "navigation paused" line goes on the loop's next turns
    window.grab().save(str(artifacts / "hi-there-streamed.png"))
    path = window.session.path
    window.close()
    qtbot.waitUntil(lambda: not window.isVisible())

    again = kit.window(OfflineLLM(), offline=True, session_path=path)
    again.resize(1000, 800)
    reopened = [c for c in again.conversation.message_cards() if c.role == "assistant"][-1]
    assert reopened.text == text
    assert reopened.body.document().toHtml() == streamed
    again.conversation.ensureWidgetVisible(reopened)
    qtbot.waitUntil(lambda: _whole(reopened) and not again.conversation.layout_pending())
    assert reopened.height() == height
    again.grab().save(str(artifacts / "hi-there-reloaded.png"))
