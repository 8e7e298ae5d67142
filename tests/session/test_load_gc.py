"""Loading a large session runs no cyclic garbage collection (it was half of loading 100,000
entries: the collector rescanned the young entries again and again while they piled up),
and leaves the entries in the oldest generation, where long-lived objects end anyway."""

from __future__ import annotations

import gc

from pi_desktop.context import Message
from pi_desktop.session import Session


def test_loading_a_session_starts_no_collection_and_promotes_its_entries(tmp_path):
    path = tmp_path / "big.jsonl"
    session = Session.create(path, system_prompt="sys", fsync=False)
    for i in range(3_000):
        role = "user" if i % 2 == 0 else "assistant"
        session.append_message(Message(role=role, content=f"message {i}"))
    session.close()

    started: list[int] = []

    def count(phase: str, info: dict) -> None:
        if phase == "start":
            started.append(info["generation"])

    gc.collect()
    gc.callbacks.append(count)
    try:
        loaded = Session.load(path)
    finally:
        gc.callbacks.remove(count)
    try:
        assert started == []  # 3,000 entries allocate enough to set off dozens otherwise
        assert gc.isenabled()
        assert len(loaded.entries) == 3_000
        entry = next(iter(loaded.entries.values()))
        young = gc.get_objects(generation=0) + gc.get_objects(generation=1)
        assert not any(o is entry for o in young)
    finally:
        loaded.close()
