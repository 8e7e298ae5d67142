"""The controller relays every agent event, as itself, on a signal typed with its class."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable

import pytest
from PySide6.QtCore import SignalInstance

from pi_desktop.agent import events
from pi_desktop.agent.events import AgentEvent
from pi_desktop.ui.controller import AgentController

STREAMED = {events.TextDelta, events.ReasoningDelta, events.TextRetracted}  # batched as text


class _Agent:
    """Only what ``set_agent`` uses: the agent's ``subscribe``."""

    def __init__(self) -> None:
        self.emit: Callable[[object], None] | None = None

    def subscribe(self, callback: Callable[[object], None]) -> Callable[[], None]:
        self.emit = callback
        return lambda: None


def _sample(cls: type) -> object:
    """An instance with placeholder field values (the relay never reads them)."""
    values = {
        f.name: 0
        for f in dataclasses.fields(cls)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    return cls(**values)


def _signals(controller: AgentController) -> dict[str, SignalInstance]:
    names = [n for n in dir(type(controller)) if not n.startswith("_")]
    return {
        n: getattr(controller, n)
        for n in names
        if isinstance(getattr(controller, n, None), SignalInstance)
    }


@pytest.mark.parametrize(
    "cls",
    [c for c in typing.get_args(AgentEvent) if c not in STREAMED],
    ids=lambda c: c.__name__,
)
def test_each_event_arrives_once_as_itself(qapp, cls):
    controller = AgentController()
    agent = _Agent()
    controller.set_agent(agent)  # type: ignore[arg-type]  # duck-typed: subscribe only
    got: list[tuple[str, tuple[object, ...]]] = []
    for name, signal in _signals(controller).items():
        signal.connect(lambda *args, name=name: got.append((name, args)))
    event = _sample(cls)
    assert agent.emit is not None
    agent.emit(event)
    assert len(got) == 1, f"{cls.__name__} was relayed {len(got)} times: {got}"
    (_name, args) = got[0]
    assert args == (event,) and args[0] is event


def test_streamed_text_is_batched_in_order(qapp):
    controller = AgentController(flush_ms=10_000)
    agent = _Agent()
    controller.set_agent(agent)  # type: ignore[arg-type]
    got: list[tuple[str, str]] = []
    controller.textStreamed.connect(lambda t: got.append(("text", t)))
    controller.reasoningStreamed.connect(lambda t: got.append(("reasoning", t)))
    assert agent.emit is not None
    for ev in (
        events.ReasoningDelta("think "),
        events.ReasoningDelta("more"),
        events.TextDelta("Hel"),
        events.TextDelta("lo"),
    ):
        agent.emit(ev)
    assert got == []  # batched until the timer, or until another event
    agent.emit(events.RunFinished("Hello", 1))
    assert got == [("reasoning", "think more"), ("text", "Hello")]
