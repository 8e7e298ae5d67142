"""The conversation view and its markdown splitting: streaming, code blocks, tool calls, markers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from pi_desktop.ui.chat.conversation import ConversationView, PathItem
from pi_desktop.ui.text.markdown import MAX_OPEN_CHARS, Block, StreamSplitter, split_blocks

ANSWER = (
    "Here is the plan.\n\nFirst **read** the file:\n\n"
    "```python\ndef main():\n    return 42\n```\n\nThen run it.\n"
)


def _stream(text: str, sizes: list[int]) -> list[Block]:
    splitter = StreamSplitter()
    blocks: list[Block] = []
    pos = 0
    i = 0
    while pos < len(text):
        size = sizes[i % len(sizes)] if sizes else 1
        blocks += splitter.feed(text[pos : pos + size])
        pos += size
        i += 1
    return blocks + splitter.finish()


def test_split_blocks_separates_code_from_text():
    blocks = split_blocks(ANSWER)
    assert [b.kind for b in blocks] == ["text", "code", "text"]
    assert blocks[0].text == "Here is the plan.\n\nFirst **read** the file:"
    assert blocks[1] == Block("code", "def main():\n    return 42", "python")
    assert blocks[2].text == "Then run it."


def test_unclosed_fence_still_becomes_code():
    assert split_blocks("x\n```js\nlet a = 1") == [
        Block("text", "x"),
        Block("code", "let a = 1", "js"),
    ]


def test_tilde_fence_and_longer_backticks_close_correctly():
    text = "~~~\n```\ninner\n```\n~~~\nafter"
    assert split_blocks(text) == [Block("code", "```\ninner\n```", ""), Block("text", "after")]


@settings(max_examples=150, deadline=None)
@given(
    parts=st.lists(
        st.sampled_from(["word ", "**b** ", "\n", "\n\n", "```py\n", "```\n", "x = 1\n", "é中😀 "]),
        max_size=40,
    ),
    sizes=st.lists(st.integers(min_value=1, max_value=9), min_size=1, max_size=5),
)
def test_streaming_in_any_chunking_gives_the_same_blocks(parts, sizes):
    """Chunk boundaries never change what is rendered: streamed == split at once."""
    text = "".join(parts)
    whole = _stream(text, [max(1, len(text))])
    assert _stream(text, sizes) == whole
    # and no character of content is lost: every non-fence line shows up in some block
    shown = "\n".join(b.text for b in whole)
    for line in text.splitlines():
        if line.strip() and not line.strip().startswith("```"):
            assert line.strip() in shown


def test_a_paragraph_without_breaks_is_committed_in_bounded_pieces():
    splitter = StreamSplitter()
    done: list[Block] = []
    for _ in range(3_000):
        done += splitter.feed("lorem ")
        pending = splitter.pending
        assert pending is None or len(pending.text) <= MAX_OPEN_CHARS + 10
    done += splitter.finish()
    assert "".join(b.text for b in done).replace(" ", "") == "lorem" * 3_000


def test_marker_tokens_read_like_the_tree_and_the_bar(qtbot):
    from pi_desktop.ui.labels import format_tokens

    assert format_tokens(95_000) == "95k"
    assert format_tokens(1_500) == "1.5k"
    assert format_tokens(2_000) == "2k"
    assert format_tokens(800) == "800"
    view = ConversationView()
    qtbot.addWidget(view)
    marker = view.add_compaction("c1", 3_409, 1_010, 10)
    assert "3.4k → 1k tokens" in marker.label.text()  # the tree and the bar say "3.4k → 1k"


def test_streaming_renders_blocks_once_and_final_text_matches(qtbot):
    view = ConversationView()
    qtbot.addWidget(view)
    view.resize(600, 500)
    view.show()
    for ch in ANSWER:
        view.append_delta(ch)
    card = view.streaming_card
    assert card is not None and card.body.streaming
    # the closed fence is already a finished, highlighted block with its Copy link
    assert card.body.code_blocks() == ["def main():\n    return 42"]
    assert card.body.anchor_rect("copy:0") is not None
    streamed_html = card.body.toHtml()
    assert "font-weight:700" in streamed_html  # **read** rendered as bold while streaming
    view.add_message("assistant", ANSWER, "e1")
    assert view.streaming_card is None
    (card,) = view.message_cards()
    assert card.entry_id == "e1" and card.text == ANSWER
    assert card.body.code_blocks() == ["def main():\n    return 42"]
    assert "Then run it." in card.body.toPlainText()
    assert "```" not in card.body.toPlainText()  # rendered, not raw markdown
    # the height follows the document once laid out at the view's width
    qtbot.waitUntil(lambda: card.body.height() > 6 * card.body.fontMetrics().height())


def test_a_huge_streamed_answer_is_never_re_rendered(qtbot):
    """Once streamed, the final message equal to the stream keeps the same document."""
    view = ConversationView()
    qtbot.addWidget(view)
    text = "".join(f"Paragraph {i} with `code` and _emphasis_.\n\n" for i in range(400))
    for i in range(0, len(text), 9):
        view.append_delta(text[i : i + 9])
    body = view.streaming_card.body
    # the renderer draws a burst a slice per loop turn: let it catch up with the stream
    qtbot.waitUntil(lambda: body.toPlainText().count("Paragraph") == 400)
    doc = body.document()
    revision = doc.revision()
    view.add_message("assistant", text, "e9")
    card = view.message_cards()[-1]
    qtbot.waitUntil(lambda: not card.body.streaming)
    assert card.body is body and card.body.document() is doc
    assert doc.revision() - revision <= 2  # the open block closed, nothing re-rendered
    assert card.body.toPlainText().count("Paragraph") == 400


def test_code_block_copy_link_copies_the_code(qtbot):
    view = ConversationView()
    qtbot.addWidget(view)
    view.resize(600, 500)
    view.show()
    view.add_message("assistant", ANSWER, "e1")
    body = view.message_cards()[0].body
    qtbot.waitUntil(lambda: body.isVisible())
    rect = body.anchor_rect("copy:0")
    assert rect is not None
    QGuiApplication.clipboard().clear()
    with qtbot.waitSignal(body.codeCopied):
        qtbot.mouseClick(body.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert QGuiApplication.clipboard().text() == "def main():\n    return 42"


def test_tool_call_collapsible_with_result_and_offloaded_link(qtbot):
    view = ConversationView()
    qtbot.addWidget(view)
    view.show()
    meta = {
        "tool_calls": [
            {
                "id": "c1",
                "type": "function",
                "function": {"name": "read_file", "arguments": '{"path": "a.txt"}'},
            }
        ]
    }
    view.add_message("assistant", "", "e1", meta)
    (call,) = view.tool_calls()
    assert call.name == "read_file" and call.arguments == {"path": "a.txt"}
    assert not call.expanded and call.details.isHidden()
    assert "running" in call.toggle.text()
    view.finish_tool_call(
        "c1", "read_file", {"path": "a.txt"}, "x" * 30_000, offloaded_path="/tmp/r/c1.txt"
    )
    assert "30,000 chars" in call.toggle.text() and "saved to file" in call.toggle.text()
    qtbot.mouseClick(call.toggle, Qt.MouseButton.LeftButton)
    assert call.expanded and not call.details.isHidden()
    assert len(call.result_view.text()) < 5_000  # preview, not the whole result
    with qtbot.waitSignal(view.openFileRequested) as blocker:
        qtbot.mouseClick(call.open_button, Qt.MouseButton.LeftButton)
    assert blocker.args == ["/tmp/r/c1.txt"]
    # the tool message of the same call attaches to the widget, it does not add a row
    rows = len(view.rows())
    view.add_message("tool", "x" * 30_000, "e2", {"tool_call_id": "c1", "name": "read_file"})
    assert len(view.rows()) == rows


def test_compaction_marker_text_and_summary_link(qtbot):
    view = ConversationView()
    qtbot.addWidget(view)
    marker = view.add_compaction("cmp1", 95_000, 10_000, 12)
    assert "compacted 12 messages · 95k → 10k tokens" in marker.label.text()
    with qtbot.waitSignal(view.summaryRequested) as blocker:
        qtbot.mouseClick(marker.view_button, Qt.MouseButton.LeftButton)
    assert blocker.args == ["cmp1"]


def test_stopped_answer_is_kept_and_marked(qtbot):
    view = ConversationView()
    qtbot.addWidget(view)
    view.append_delta("half an ans")
    view.end_stream(stopped=True)
    (card,) = view.message_cards()
    assert card.stopped and "stopped" in card.status_label.text()
    assert card.text == "half an ans"


def test_error_banner_retry_removes_itself_and_signals(qtbot):
    view = ConversationView()
    qtbot.addWidget(view)
    banner = view.add_error("The provider refused: 500")
    with qtbot.waitSignal(view.retryRequested):
        qtbot.mouseClick(banner.buttons["retry"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not view.banners())


def test_show_path_redraws_messages_tools_and_markers(qtbot):
    view = ConversationView()
    qtbot.addWidget(view)
    view.add_message("user", "old", "x")
    call = {"id": "c1", "type": "function", "function": {"name": "list_dir", "arguments": "{}"}}
    view.show_path(
        [
            PathItem("message", "s", "system", "persona"),
            PathItem("message", "u1", "user", "hello"),
            PathItem("message", "a1", "assistant", "", {"tool_calls": [call]}),
            PathItem("message", "t1", "tool", "a.txt\nb.txt", {"tool_call_id": "c1"}),
            PathItem("compaction", "k1", tokens_before=900, tokens_after=300, summarized_count=3),
            PathItem("message", "a2", "assistant", "done"),
        ]
    )
    qtbot.waitUntil(lambda: len(view.message_cards()) == 2)
    assert [c.text for c in view.message_cards()] == ["hello", "done"]
    assert view.tool_calls()[0].result == "a.txt\nb.txt"
    assert view.markers()[0].entry_id == "k1"


def test_every_symbol_the_window_prints_has_a_glyph(qapp):
    """A symbol missing from the UI font renders as an empty box (seen: the stop mark)."""
    import re
    from pathlib import Path

    from PySide6.QtGui import QFontMetrics

    import pi_desktop.ui as ui_pkg

    fm = QFontMetrics(qapp.font())
    missing = set()
    for path in Path(ui_pkg.__file__).parent.glob("*.py"):
        for literal in re.findall(r'"[^"\n]*"', path.read_text()):
            for ch in literal:
                if ord(ch) > 0x2000 and not fm.inFontUcs4(ord(ch)):
                    missing.add((path.name, ch))
    assert not missing, (
        f"no glyph for {sorted(missing)}: CJK ones need a CJK font (the README's "
        "prerequisites: fonts-noto-cjk)"
    )


def test_code_follows_a_light_dark_switch_after_it_was_drawn(qtbot, qapp):
    from pi_desktop.ui.chat.code_block import CodeBlockWidget
    from pi_desktop.ui.text.markdown import Block
    from pi_desktop.ui.text.markdown_view import MarkdownBody
    from pi_desktop.ui.theme import dark_palette

    body = MarkdownBody("Loop:\n\n```python\nfor i in range(3):\n    print(i)\n```\n")
    args = CodeBlockWidget(Block("code", "for i in x: pass", "python"))  # a tool call's args
    qtbot.addWidget(body)
    qtbot.addWidget(args)

    def dark_drawn() -> tuple[bool, bool]:  # github-dark's keyword colour in each
        return "#ff7b72" in body.toHtml().lower(), "#ff7b72" in args.code_label.text().lower()

    assert dark_drawn() == (False, False)  # drawn with the light style
    light = qapp.palette()
    qapp.setPalette(dark_palette())
    try:
        qtbot.waitUntil(lambda: dark_drawn() == (True, True))
        assert body.code_blocks() == ["for i in range(3):\n    print(i)"]
    finally:
        qapp.setPalette(light)
    qtbot.waitUntil(lambda: dark_drawn() == (False, False))


def test_an_empty_conversation_says_what_to_do(qtbot):
    view = ConversationView()
    qtbot.addWidget(view)
    view.resize(600, 400)
    view.show()
    assert view.hint.isVisibleTo(view) and "Enter sends" in view.hint.text()
    assert view.hint.width() > 300  # laid out across the view, not a sliver
    view.add_message("user", "hello")
    assert not view.hint.isVisibleTo(view)
    view.clear()
    assert view.hint.isVisibleTo(view)
    view.append_delta("streaming")  # the first streamed text hides it too
    assert not view.hint.isVisibleTo(view)


def test_a_redrawn_path_keeps_the_link_to_an_offloaded_result(qtbot):
    """On load or rewind the path is drawn from stored items: the L3 file stays reachable."""
    view = ConversationView()
    qtbot.addWidget(view)
    call = {
        "id": "c1",
        "type": "function",
        "function": {"name": "read_file", "arguments": '{"path": "big.txt"}'},
    }
    view.show_path(
        [
            PathItem("message", "u1", "user", "read big.txt"),
            PathItem("message", "a1", "assistant", "", {"tool_calls": [call]}),
            PathItem(
                "message",
                "t1",
                "tool",
                "y" * 25_000,
                {"tool_call_id": "c1", "name": "read_file"},
                offloaded_path="/tmp/r/c1.txt",
            ),
            PathItem("message", "t2", "tool", "z" * 50, {"tool_call_id": "c2", "name": "grep"}),
        ]
    )
    first, second = view.tool_calls()
    assert first.result == "y" * 25_000 and first.offloaded_path == "/tmp/r/c1.txt"
    assert "saved to file" in first.toggle.text() and not first.open_button.isHidden()
    assert "c1.txt" in first.open_button.text()
    assert second.result == "z" * 50 and second.offloaded_path is None
    assert second.open_button.isHidden() and "saved to file" not in second.toggle.text()
    with qtbot.waitSignal(view.openFileRequested) as blocker:
        first.set_expanded(True)
        qtbot.mouseClick(first.open_button, Qt.MouseButton.LeftButton)
    assert blocker.args == ["/tmp/r/c1.txt"]


def test_an_error_quoting_a_server_page_is_shown_as_text(qtbot):
    """A proxy's HTML error page inside a provider error stays readable text, not markup."""
    view = ConversationView()
    qtbot.addWidget(view)
    error = "Provider error 502: <html><body><h1>Bad Gateway</h1><!-- nginx --></body></html>"
    banner = view.add_error(error)
    from PySide6 import QtGui

    assert QtGui.Qt.mightBeRichText(error)  # what an auto-format label would have rendered
    assert banner.label.textFormat() == Qt.TextFormat.PlainText and banner.text == error
