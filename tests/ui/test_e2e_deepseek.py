"""DeepSeek's thinking mode with tools in the real window, against a server that enforces its
rule (an assistant message with tool calls must carry its ``reasoning_content`` in every later
request) and streams DeepSeek's chunks and usage. Turns with a tool call each, a restart, more
turns: no failed run, and every answer's Thinking block is there again after the reload."""

from __future__ import annotations

from pi_desktop.agent.presets import build_llm
from tests.kit.provider_formats import ProviderServer, Turn
from tests.ui.flows import send


def _responder(body: dict) -> Turn:
    messages = body["messages"]
    last = messages[-1]
    turn = sum(1 for m in messages if m["role"] == "user")
    if last["role"] == "user":
        return Turn(
            reasoning=f"Turn {turn}: the user wants the notes; I should read notes.txt first.",
            tool_calls=[("read_file", {"path": "notes.txt"})],
            cached_tokens=256,
        )
    return Turn(
        reasoning=f"Turn {turn}: the file lists alpha, beta and gamma. Answer briefly.",
        text=f"Turn {turn}: the notes list alpha, beta and gamma.",
        cached_tokens=320,
    )


def _llm(server):
    return build_llm("deepseek", model="deepseek-chat", base_url=server.base_url, api_key="sk-x")


def test_thinking_with_tools_survives_turns_and_a_restart(kit, qtbot, artifacts):
    with ProviderServer("deepseek", _responder, deepseek_rule=True, chunk_size=6) as server:
        window = kit.window(_llm(server), new_session=True, description="DeepSeek · chat")
        for n in (1, 2, 3):
            send(qtbot, window, f"What is in the notes? ({n})")
        assert server.rejected == [] and window.conversation.banners() == []
        live = window.conversation.tool_calls()  # the same call id each turn: still 3 rows
        assert len(live) == 3 and all("gamma" in (c.result or "") for c in live)
        path = window.session.path
        window.close()
        qtbot.waitUntil(lambda: not window.isVisible())

        again = kit.window(_llm(server), session_path=path, description="DeepSeek · chat")
        for n in (4, 5):
            send(qtbot, again, f"What is in the notes? ({n})")
        assert server.rejected == [] and again.conversation.banners() == []
        # every later request carried the reasoning of every tool-call turn in its view
        last = server.chat_requests()[-1]
        with_calls = [
            m for m in last["messages"] if m["role"] == "assistant" and m.get("tool_calls")
        ]
        assert len(with_calls) == 5 and all(m.get("reasoning_content") for m in with_calls)
        plain = [
            m for m in last["messages"] if m["role"] == "assistant" and not m.get("tool_calls")
        ]
        assert plain and not any(m.get("reasoning_content") for m in plain)
        path = again.session.path
        again.close()
        qtbot.waitUntil(lambda: not again.isVisible())

        third = kit.window(_llm(server), session_path=path, description="DeepSeek · chat")
        cards = [c for c in third.conversation.message_cards() if c.role == "assistant"]
        assert len(cards) == 10  # a card that only thought before its call, and its answer
        assert all(c.thinking is not None and not c.thinking.live for c in cards)
        assert cards[0].text == "" and cards[0].reasoning.startswith("Turn 1: the user wants")
        assert cards[-1].text == "Turn 5: the notes list alpha, beta and gamma."
        assert len(third.conversation.tool_calls()) == 5
        # DeepSeek's cache hits read as a share of the prompt, per answer and for the session
        assert " cached) · " in cards[-1].actions.usage_label.text()
        assert "% cached" in third.usage_label.text()
        cards[-2].thinking.set_expanded(True)
        third.conversation.scroll_to_bottom()
        qtbot.wait(50)
        third.grab().save(str(artifacts / "deepseek-tools-reloaded.png"))
