"""Reading a session file's bytes into a ``SessionState``: never fatal, nothing lost quietly.

Every line is parsed on its own. A line that does not parse is salvaged where its fields
allow (the issues are reported) or skipped with its line number and reason; an unfinished
last line (an interrupted write) says so. Message fields that cannot be drawn are cleaned
and reported. The problems come back sorted by line, for the window's banner.
"""

from __future__ import annotations

from pi_desktop.session.entries import (
    FORMAT_VERSION,
    LineError,
    MessageEntry,
    ParsedLine,
    SessionHeader,
    parse_line,
    salvage_line,
)
from pi_desktop.session.journal import split_lines
from pi_desktop.session.state import SessionState
from pi_desktop.session.validate import clean_message_entry
from pi_desktop.usertext import UserText, text_of


def parse_file(data: bytes) -> tuple[list[tuple[int, ParsedLine]], list[str]]:
    """Parse every line; bad lines become human-readable problems instead of errors."""
    parsed: list[tuple[int, ParsedLine]] = []
    problems: list[str] = []
    lines = list(split_lines(data))
    last_no = lines[-1][0] if lines else 0
    torn_tail = bool(data) and not data.endswith(b"\n")
    for number, line in lines:
        try:
            entry = parse_line(line)
        except LineError as exc:
            saved = salvage_line(line) if str(exc).startswith("invalid entry") else None
            if saved is None:
                if number == last_no and torn_tail:
                    reason = UserText("Session", "incomplete last line (interrupted write)")
                    problems.append(
                        UserText("Session", "line %1: %2; skipped", str(number), reason)
                    )
                else:
                    problems.append(
                        UserText("Session", "line %1: %2; skipped", str(number), text_of(exc))
                    )
                continue
            entry, issues = saved
            problems.extend(UserText("Session", "line %1: %2", str(number), i) for i in issues)
        if isinstance(entry, MessageEntry):
            entry, issues = clean_message_entry(entry)
            if issues:  # rare: no generator per clean line
                problems.extend(UserText("Session", "line %1: %2", str(number), i) for i in issues)
        parsed.append((number, entry))
    return parsed, problems


def newer_format(data: bytes) -> int | None:
    """The header's format version when it is newer than this app writes, else None."""
    for _, line in split_lines(data):
        try:
            header = parse_line(line)
        except LineError:
            return None
        if isinstance(header, SessionHeader) and header.version > FORMAT_VERSION:
            return header.version
        return None
    return None


def missing_header(data: bytes) -> bool:
    """Whether the file has content but its first line is not a session header.

    Such a file may be anything (a shell profile a planted link or a mistyped ``--session``
    pointed at, another app's JSONL): appending our lines to it could corrupt it or, in a
    script, run what a model wrote. An empty file is a session that was never written to.
    """
    for _, line in split_lines(data):
        try:
            return not isinstance(parse_line(line), SessionHeader)
        except LineError:  # a header with a bad optional field is still a header
            saved = salvage_line(line)
            return saved is None or not isinstance(saved[0], SessionHeader)
    return False


def load_state(data: bytes, fallback_id: str) -> SessionState:
    """Fold a file's bytes into a state; a missing header is reported, never fatal."""
    parsed, problems = parse_file(data)
    state = SessionState.from_entries(parsed)
    state.problems = sorted(problems + state.problems, key=_line_number)
    if not parsed or not isinstance(parsed[0][1], SessionHeader):
        state.problems.insert(
            0,
            UserText(
                "Session", "no session header at the start of the file; using the file name as id"
            ),
        )
    if state.id is None:
        state.id = fallback_id
    return state


def _line_number(problem: str) -> int:
    head = problem.split(":", 1)[0]
    return int(head[5:]) if head.startswith("line ") and head[5:].isdigit() else 0
