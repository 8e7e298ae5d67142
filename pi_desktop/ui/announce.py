"""Tell a screen reader what changed: new messages and a run's states, as Qt accessibility
announcements (``QAccessibleAnnouncementEvent``, Qt ≥ 6.8), which AT-SPI, UIA and VoiceOver
speak without moving the focus from the input box.

The last announcements are kept (``recent``) so tests, and anyone debugging a reader's
silence, can see what was said.
"""

from __future__ import annotations

from collections import deque

from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QWidget

from pi_desktop.ui.labels import first_line

recent: deque[str] = deque(maxlen=50)
SPOKEN_LIMIT = 300  # a reader speaks a message's beginning; the rest is in the conversation


def announcement(
    widget: QWidget, text: str, *, urgent: bool = False
) -> QAccessibleAnnouncementEvent | None:
    """The event that says ``text`` (its first line, shortened), or None for no words. A
    failure is urgent (assertive: it interrupts); progress is polite (after current speech)."""
    spoken = first_line(text, SPOKEN_LIMIT) or text.strip()[:SPOKEN_LIMIT]
    if not spoken:
        return None
    event = QAccessibleAnnouncementEvent(widget, spoken)
    politeness = QAccessible.AnnouncementPoliteness
    event.setPoliteness(politeness.Assertive if urgent else politeness.Polite)
    return event


def announce(widget: QWidget, text: str, *, urgent: bool = False) -> None:
    """Say ``text`` for ``widget``'s window through the platform's accessibility bridge."""
    event = announcement(widget, text, urgent=urgent)
    if event is None:
        return
    recent.append(event.message())
    QAccessible.updateAccessibility(event)
