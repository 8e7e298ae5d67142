"""The sidebar searches message text across sessions and opens a hit at its message.

Real window, real library on a temporary folder, the real index on its worker thread; the
answers come from the loopback OpenAI server or the offline provider.
"""

from __future__ import annotations

import os
import time

from PySide6.QtCore import QPoint, Qt

from pi_desktop.agent import OfflineLLM, OpenAIChatLLM
from pi_desktop.context import Message
from pi_desktop.ui.sessions.sidebar import HIT_ROLE, ID_ROLE
from tests.kit.openai_server import Reply
from tests.ui.flows import idle, send


def _seed(library, conversations: list[tuple[str, list[str]]]) -> list[tuple[str, list[str]]]:
    """Sessions written oldest first (one second apart): (id, entry ids) each."""
    out = []
    now = time.time()
    for n, (title, texts) in enumerate(conversations):
        with library.create(title=title, fsync=False) as session:
            ids = [
                session.append_message(
                    Message(role="user" if k % 2 == 0 else "assistant", content=t)
                )
                for k, t in enumerate(texts)
            ]
            out.append((session.path.stem, ids))
        stamp = now - 100 + n
        os.utime(library.path_for(out[-1][0]), (stamp, stamp))
    return out


def _filler(n: int, word: str = "filler") -> list[str]:
    return [
        f"{word} message number {k} " + "with some more words to take room. " * 4 for k in range(n)
    ]


def _type(qtbot, window, text: str) -> None:
    sidebar = window.sidebar
    sidebar.filter.setFocus()
    sidebar.filter.clear()
    if text.isascii():
        qtbot.keyClicks(sidebar.filter, text)
    else:  # QTest's key clicks know ASCII only (it aborts on other characters)
        sidebar.filter.insert(text)
    query = " ".join(text.split())
    qtbot.waitUntil(lambda: sidebar.search_answered(query), timeout=10_000)


def _card_in_view(window, entry_id: str) -> bool:
    conversation = window.conversation
    card = next((c for c in conversation.message_cards() if c.entry_id == entry_id), None)
    if card is None:
        return False
    top = card.mapTo(conversation.viewport(), QPoint(0, 0)).y()
    return -card.height() < top < conversation.viewport().height()


def _offline(kit):
    return kit.window(OfflineLLM(), offline=True)


def test_a_word_inside_a_message_finds_its_session_and_enter_opens_at_that_message(
    kit, qtbot, artifacts
):
    texts = _filler(30)
    texts[7] = "The quokka is a small marsupial; remember that for the quiz."
    (target, target_ids), (_other, _ids), (newest, _n) = _seed(
        kit.library,
        [("Animals", texts), ("Groceries", _filler(4, "milk")), ("Latest", _filler(2, "news"))],
    )
    window = _offline(kit)
    assert window.session.path.stem == newest
    sidebar = window.sidebar
    _type(qtbot, window, "quokka")
    assert sidebar.visible_ids() == [target]  # the title says nothing; the message does
    row = sidebar.proxy.index(0, 0)
    hit = row.data(HIT_ROLE)
    assert hit.entry_id == target_ids[7] and "quokka" in hit.snippet
    assert not sidebar.no_match.isVisible()
    window.resize(1200, 700)
    sidebar.grab().save(str(artifacts / "sidebar-search-results.png"))
    window.grab().save(str(artifacts / "window-search-results.png"))
    qtbot.keyClick(sidebar.filter, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.session.path.stem == target, timeout=5_000)
    qtbot.waitUntil(lambda: _card_in_view(window, target_ids[7]), timeout=5_000)
    qtbot.wait(300)  # the rows lay out over a few turns of the loop: it stays there
    assert _card_in_view(window, target_ids[7])
    assert not _card_in_view(window, target_ids[-1])  # it did not just sit at the bottom
    assert target_ids[7] in window.tree.view._selected  # the tree shows where it is
    assert "matched" in window.statusBar().currentMessage()
    window.grab().save(str(artifacts / "window-opened-at-hit.png"))


def test_a_click_on_a_hit_opens_at_the_message_and_titles_still_match(kit, qtbot):
    texts = _filler(24)
    texts[3] = "Our budget for the zeppelin ride is tight."
    (target, ids), (titled, _t) = _seed(
        kit.library, [("Travel", texts), ("Zeppelin history notes", _filler(2))]
    )
    window = _offline(kit)
    sidebar = window.sidebar
    _type(qtbot, window, "zeppelin")
    assert set(sidebar.visible_ids()) == {target, titled}
    rows = {sidebar.proxy.index(r, 0).data(ID_ROLE): sidebar.proxy.index(r, 0) for r in range(2)}
    assert rows[titled].data(HIT_ROLE) is None  # found by its title: no snippet
    rect = sidebar.view.visualRect(rows[target])
    qtbot.mouseClick(sidebar.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: window.session.path.stem == target, timeout=5_000)
    qtbot.waitUntil(lambda: _card_in_view(window, ids[3]), timeout=5_000)


def test_chinese_text_is_found_in_the_sidebar(kit, qtbot, artifacts):
    (zh, ids), _ = _seed(
        kit.library,
        [
            ("会议", ["我们今天讨论上下文压缩的实现细节", "好的，先看摘要模块"]),
            ("Other", _filler(2)),
        ],
    )
    window = _offline(kit)
    sidebar = window.sidebar
    _type(qtbot, window, "上下文压缩")
    assert sidebar.visible_ids() == [zh]
    assert sidebar.proxy.index(0, 0).data(HIT_ROLE).entry_id == ids[0]
    _type(qtbot, window, "摘要")  # two characters
    assert sidebar.proxy.index(0, 0).data(HIT_ROLE).entry_id == ids[1]
    sidebar.grab().save(str(artifacts / "sidebar-search-chinese.png"))


def test_a_blank_result_list_says_no_session_matches(kit, qtbot, artifacts):
    _seed(kit.library, [("Alpha", _filler(2)), ("Beta", _filler(2))])
    window = _offline(kit)
    sidebar = window.sidebar
    _type(qtbot, window, "xylophonist")
    assert sidebar.visible_ids() == []
    assert sidebar.no_match.isVisible()
    assert sidebar.no_match.text() == "No session matches “xylophonist”."
    sidebar.grab().save(str(artifacts / "sidebar-no-match.png"))
    sidebar.filter.clear()
    assert not sidebar.no_match.isVisible() and len(sidebar.visible_ids()) == 2


def test_what_the_window_just_wrote_is_found(kit, qtbot, openai_server):
    openai_server.enqueue(Reply("The capital of Mongolia is Ulaanbaatar."))
    llm = OpenAIChatLLM("test-model", base_url=openai_server.base_url, api_key="sk-test")
    window = kit.window(llm, new_session=True)
    send(qtbot, window, "what is the capital of Mongolia?")
    written = window.session.get_current_path()[-1].id
    _type(qtbot, window, "ulaanbaatar")
    assert window.sidebar.visible_ids() == [window.session.path.stem]
    assert window.sidebar.proxy.index(0, 0).data(HIT_ROLE).entry_id == written


def test_a_hit_on_another_branch_rewinds_to_that_branch(kit, qtbot):
    with kit.library.create(title="Branches", fsync=False) as session:
        root = session.append_message(Message(role="user", content="pick a colour"))
        old = session.append_message(Message(role="assistant", content="vermilion it is"))
        session.rewind(root)
        session.append_message(Message(role="assistant", content="blue then"))
        sid = session.path.stem
    window = _offline(kit)
    assert window.session.path.stem == sid
    assert [e.id for e in window.session.get_current_path()][-1] != old
    _type(qtbot, window, "vermilion")
    qtbot.keyClick(window.sidebar.filter, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.session.current_id == old, timeout=5_000)
    qtbot.waitUntil(lambda: _card_in_view(window, old), timeout=5_000)
    assert idle(window)


def test_building_the_index_never_blocks_the_window(kit, qtbot, loop_watchdog):
    """40,000 messages arrive in the library (another instance, a restored backup) while the
    window is up: it stays responsive while the worker reads them all (main-thread CPU
    between timer ticks stays small)."""
    from pi_desktop.session.entries import MessageEntry, SessionHeader, dump_line

    window = kit.window(OfflineLLM(), offline=True, new_session=True)
    index = window.sessions.search.index
    index.idle().result(30)
    for s in range(40):
        lines = [dump_line(SessionHeader(id=f"big{s:03d}"))]
        parent = None
        for m in range(1_000):
            entry = MessageEntry(
                parent_id=parent, role="user", content=f"pelican {s} {m} " + "lorem ipsum " * 20
            )
            lines.append(dump_line(entry))
            parent = entry.id
        (kit.library.root / f"big{s:03d}.jsonl").write_bytes(b"".join(lines))
    with loop_watchdog:
        done = index.sync()
        qtbot.waitUntil(done.done, timeout=120_000)
    assert loop_watchdog.ticks > 20  # the indexing took a while, and the loop ran throughout
    assert index.stats().result(30)["messages"] == 40_000
    window.sessions.refresh()
    _type(qtbot, window, '"pelican 7 999"')  # quoted: one phrase
    assert window.sidebar.visible_ids() == ["big007"]
    _type(qtbot, window, "pelican 7 999")  # three terms: any message holding all three
    assert set(window.sidebar.visible_ids()) == {"big007", "big017", "big027", "big037"}


def test_an_index_that_cannot_be_opened_leaves_the_title_filter_and_says_so(kit, qtbot):
    from pi_desktop.session.search_index import INDEX_FILE

    (target, _ids), _ = _seed(
        kit.library, [("Kayak trip", ["plan it", "bring paddles"]), ("Other", ["x"])]
    )
    (kit.library.root / INDEX_FILE).mkdir()  # not a database, and not removable as a file
    window = _offline(kit)
    sidebar = window.sidebar
    _type(qtbot, window, "kayak")
    assert sidebar.visible_ids() == [target]
    assert "Message search is unavailable" in sidebar.note.text()
    _type(qtbot, window, "paddles")  # only in a message: not found, and nothing crashed
    assert sidebar.visible_ids() == []
