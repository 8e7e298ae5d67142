"""The Thinking block: live while reasoning streams, the same after a reload, bounded."""

from __future__ import annotations

from PySide6.QtCore import Qt

from pi_desktop.context import Message
from pi_desktop.ui.chat.conversation import ConversationView, PathItem
from pi_desktop.ui.chat.thinking import SHOWN_CHARS, header_text, reasoning_of, seconds_words

REASONING = "The user wants a haiku about autumn. Count syllables: 5, 7, 5. " * 6


def _view(qtbot) -> ConversationView:
    view = ConversationView()
    qtbot.addWidget(view)
    view.resize(760, 520)
    view.show()
    return view


def test_reasoning_streams_into_a_live_block_before_the_answer(qtbot):
    view = _view(qtbot)
    view.append_reasoning("The user wants ")
    view.append_reasoning("a haiku.")
    card = view.streaming_card
    assert card is not None and card.thinking is not None
    assert card.thinking.live and card.thinking.chars == len("The user wants a haiku.")
    head = card.thinking.header()
    assert head.startswith("Thinking…") and "23 characters" in head and " s" in head
    assert not card.thinking.body.isVisible()  # collapsed: the answer's place stays calm
    assert card.text == ""
    qtbot.waitUntil(card.thinking.toggle.isVisible)
    qtbot.mouseClick(card.thinking.toggle, Qt.MouseButton.LeftButton)
    assert card.thinking.body.isVisible() and "a haiku." in card.thinking.body.text()
    view.append_reasoning(" More.")
    assert card.thinking.body.text().endswith("More.")  # an open block follows the stream
    view.append_delta("Crisp leaves")
    assert not card.thinking.live  # the answer started: thinking is over
    assert card.thinking.header().startswith("Thought for ")
    view.add_message(
        "assistant", "Crisp leaves fall", "e1", {"reasoning": "The user wants a haiku. More."}
    )
    assert view.streaming_card is None
    assert card.reasoning == "The user wants a haiku. More." and card.text == "Crisp leaves fall"


def test_streaming_screenshot_shows_the_live_count(qtbot, artifacts):
    view = _view(qtbot)
    view.add_message("user", "Write a haiku about autumn.", "u1")
    view.append_reasoning(REASONING)
    qtbot.wait(20)
    card = view.streaming_card
    assert card is not None and card.thinking is not None and card.thinking.isVisible()
    assert card.thinking.header().startswith(f"Thinking… · {len(REASONING):,} characters")
    view.grab().save(str(artifacts / "thinking-streaming-widget.png"))


def test_a_reloaded_answer_shows_the_same_block_from_metadata(qtbot, artifacts):
    view = _view(qtbot)
    view.show_path(
        [
            PathItem("message", "u1", "user", "Write a haiku about autumn."),
            PathItem("message", "a1", "assistant", "Crisp leaves fall", {"reasoning": REASONING}),
            PathItem("message", "a2", "assistant", "No thoughts here.", {"reasoning": "  "}),
        ]
    )
    first, plain = [c for c in view.message_cards() if c.role == "assistant"]
    assert first.thinking is not None and first.reasoning == REASONING
    assert first.thinking.header() == f"Thinking · {len(REASONING):,} characters"
    assert plain.thinking is None  # whitespace is no reasoning
    first.thinking.set_expanded(True)
    qtbot.wait(20)
    assert REASONING.strip()[:40] in first.thinking.body.text()
    view.grab().save(str(artifacts / "thinking-reloaded-widget.png"))


def test_an_answer_that_only_thought_keeps_its_card():
    """Tool-calling turns often have reasoning and no text: the card stays, with the block."""
    assert reasoning_of({"reasoning": "x"}) == "x"
    assert reasoning_of({"reasoning": 3}) == "" and reasoning_of(None) == ""


def test_only_thinking_then_tool_call_keeps_the_card(qtbot):
    view = _view(qtbot)
    view.append_reasoning("I should read the file first.")
    calls = [{"id": "c1", "type": "function", "function": {"name": "read_file", "arguments": "{}"}}]
    card = view.add_message(
        "assistant", "", "a1", {"reasoning": "I should read the file first.", "tool_calls": calls}
    )
    assert card is not None and card in view.message_cards()
    assert card.thinking is not None and not card.thinking.live
    assert [t.name for t in view.tool_calls()] == ["read_file"]


def test_a_stopped_thought_stays_visible(qtbot):
    view = _view(qtbot)
    view.append_reasoning("Half a thought")
    view.end_stream(stopped=True)
    (card,) = view.message_cards()
    assert card.reasoning == "Half a thought" and card.stopped and not card.thinking.live


def test_a_huge_reasoning_is_shown_bounded_and_copied_whole(qtbot):
    from PySide6.QtGui import QGuiApplication

    view = _view(qtbot)
    huge = "step " * 40_000
    view.add_message("assistant", "done", "a1", {"reasoning": huge})
    (card,) = view.message_cards()
    card.thinking.set_expanded(True)
    shown = card.thinking.body.text()
    assert len(shown) < SHOWN_CHARS + 200 and "more characters" in shown
    card.thinking.copy_button.click()
    assert QGuiApplication.clipboard().text() == huge


def test_header_words():
    assert header_text(1, None, live=True) == "Thinking… · 1 character"
    assert header_text(1200, 65, live=False) == "Thought for 1 min 05 s · 1,200 characters"
    assert seconds_words(4.9) == "4 s"


def test_message_model_keeps_reasoning_in_metadata():
    m = Message(role="assistant", content="hi", metadata={"reasoning": "because"})
    assert reasoning_of(m.metadata) == "because"


def _thinking_session(tmp_path):
    from pi_desktop.session import Session

    session = Session.create(tmp_path / "s.jsonl", system_prompt="Be brief.")
    session.append_message(Message(role="user", content="Write a haiku"))
    session.append_message(
        Message(role="assistant", content="Crisp leaves fall", metadata={"reasoning": REASONING})
    )
    calls = [{"id": "c1", "type": "function", "function": {"name": "ls", "arguments": "{}"}}]
    session.append_message(
        Message(
            role="assistant",
            content="",
            metadata={"reasoning": "List first.", "tool_calls": calls},
        )
    )
    return session


def test_the_tree_names_the_thinking(tmp_path):
    from pi_desktop.ui.tree.snapshot import TreeSnapshot, tooltip_text

    session = _thinking_session(tmp_path)
    snap = TreeSnapshot.from_session(session)
    answer = next(n for n in snap.nodes.values() if n.content == "Crisp leaves fall")
    assert (
        tooltip_text(answer)
        .splitlines()[1]
        .startswith(f"Thinking ({len(REASONING):,} characters): The user wants a haiku")
    )
    call = next(n for n in snap.nodes.values() if n.kind == "tool_call")
    assert "Thinking (11 characters): List first." in tooltip_text(call)
    session.close()


def test_exports_carry_the_thinking_collapsed(tmp_path):
    from pi_desktop.session.export import to_html, to_markdown

    session = _thinking_session(tmp_path)
    md = to_markdown(session)
    label = f"Thinking ({len(REASONING.strip()):,} chars)"
    assert f"<summary>{label}</summary>" in md
    assert md.index(label) < md.index("Crisp leaves fall")
    page = to_html(session)
    assert f'<details class="thinking"><summary>{label}</summary>' in page
    assert "<details open" not in page  # collapsed until the reader opens it
    session.close()


def test_a_compaction_of_several_summarizer_calls_says_how_many(tmp_path):
    from pi_desktop.session import Session
    from pi_desktop.ui.tree.snapshot import TreeSnapshot

    session = Session.create(tmp_path / "c.jsonl", system_prompt="p")
    for n in range(3):
        session.append_message(Message(role="user", content=f"q{n}"))
        session.append_message(Message(role="assistant", content=f"a{n}"))
    session.add_summary_cache(
        "## Goal\nx", 3, [], tokens_before=9_000, tokens_after=1_000, summarizer_calls=3
    )
    session.append_message(Message(role="user", content="q3"))
    session.add_summary_cache("## Goal\ny", 5, [], tokens_before=4_000, tokens_after=900)
    labels = [
        n.label for n in TreeSnapshot.from_session(session).nodes.values() if n.role == "compaction"
    ]
    assert labels == [
        "compacted 3 messages · 9k → 1k · 3 summarizer calls",
        "compacted 5 messages · 4k → 900",
    ]
    session.close()


def test_the_offline_demo_thinks_when_asked(kit, qtbot):
    """No model needed to try the block: the offline demo streams its plan as reasoning."""
    from pi_desktop.agent import OfflineLLM
    from tests.ui.flows import send

    window = kit.window(OfflineLLM(), offline=True, new_session=True)
    send(qtbot, window, "think, then list the files")
    cards = [c for c in window.conversation.message_cards() if c.role == "assistant"]
    assert cards and cards[0].thinking is not None and cards[0].reasoning.strip()
    assert not cards[0].thinking.live


def test_a_retracted_answer_moves_into_the_thinking_block(qtbot):
    """A model whose template opened <think> in the prompt: its thoughts stream as text until
    a lone </think>; the agent's TextRetracted clears them, then they come as reasoning."""
    view = _view(qtbot)
    view.append_delta("Okay, the user wants a haiku.")
    card = view.streaming_card
    assert card is not None and card.text == "Okay, the user wants a haiku."
    view.retract_stream_text()
    assert card.text == "" and card.body.isHidden()
    view.append_reasoning("Okay, the user wants a haiku.")
    view.append_delta("Crisp leaves fall")
    assert card.text == "Crisp leaves fall" and card.thinking is not None
    assert card.thinking.chars == len("Okay, the user wants a haiku.")


def test_the_controller_drops_a_retracted_batch_before_it_is_shown(qtbot):
    from pi_desktop.agent import ReasoningDelta, TextDelta, TextRetracted
    from pi_desktop.ui.controller import AgentController

    controller = AgentController()
    shown: list[str] = []
    retracted: list[bool] = []
    thoughts: list[str] = []
    controller.textStreamed.connect(shown.append)
    controller.textRetracted.connect(lambda: retracted.append(True))
    controller.reasoningStreamed.connect(thoughts.append)
    controller._on_event(TextDelta("Okay, thinking"))  # still in the batch, not emitted
    controller._on_event(TextRetracted())
    controller._on_event(ReasoningDelta("Okay, thinking"))
    controller._on_event(TextDelta("Answer"))
    controller.flush()
    assert shown == ["Answer"] and retracted == [True] and thoughts == ["Okay, thinking"]
