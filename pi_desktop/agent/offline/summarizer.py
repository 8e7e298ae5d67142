"""The offline summarizer: the context engine's extractive summary, answering the chat protocol.

The offline demo needs no model, so its summaries are the same rule-built summary the engine
falls back to when a real summarizer fails (``pi_desktop.context.extractive``): one code path,
tested once. This module only reads the request the engine sends — with the engine's own
``parse_summary_request``, so the size, language and focus rules appended to the prompt are
never mistaken for something the user said — and answers a condense request by trimming the
summary it was given (never by summarizing an empty transcript, which used to drop
everything the previous summary held).
"""

from __future__ import annotations

from pi_desktop.context.extractive import (
    SUMMARY_HEADER_PREFIX,
    call_parts,
    describe_call,
    extractive_summary,
    localize_labels,
    parse_transcript,
)
from pi_desktop.context.normalize import (
    conversation_language,
    extract_summary,
    localize_headings,
    section_items,
)
from pi_desktop.context.ratio import weighted_tokens
from pi_desktop.context.summary import (
    CONDENSE_PROMPT,
    REPAIR_PROMPT,
    ensure_sections,
    file_block,
    parse_summary_request,
    strip_file_blocks,
)
from pi_desktop.context.summary_trim import trim_summary

__all__ = ["describe_call", "parse_sections", "summarize_messages", "summarize_request"]

SECTIONS = (
    "Goal",
    "Constraints & Preferences",
    "Done",
    "In Progress",
    "Blocked",
    "Key Decisions",
    "Next Steps",
    "Critical Context",
)
QUOTE_SHARE = 0.4  # of the stated size: the newest user messages verbatim
_MIN_SUMMARY_CHARS = 1_200
_CONDENSE_START = CONDENSE_PROMPT.split("{", 1)[0]
_REPAIR_START = REPAIR_PROMPT.split("{", 1)[0]


def parse_sections(summary: str | None) -> dict[str, list[str]]:
    """Items per section of a summary (bullets stripped; empty markers and file lists left
    out), whatever heading form it uses."""
    items = section_items(strip_file_blocks(summary or ""))
    return {name: items[name] for name in SECTIONS}


def summarize_messages(prompts: list[str]) -> str:
    """The reply to a summarizer request whose user prompts are ``prompts`` (oldest first).

    A repair request ("your answer above is not a summary") summarizes the original prompt.
    """
    prompt = prompts[-1] if prompts else ""
    if prompt.startswith(_REPAIR_START) and len(prompts) > 1:
        prompt = prompts[0]
    return summarize_request(prompt)


def summarize_request(prompt: str) -> str:
    """The full reply to one summarizer prompt: a short ``<analysis>`` and the ``<summary>``."""
    if prompt.startswith(_CONDENSE_START):
        return _condense(prompt)
    request = parse_summary_request(prompt)
    previous = request.previous
    entries = parse_transcript(request.conversation)
    target = request.target_tokens
    # smaller than what it replaces, or compaction could not converge
    limit = max(_MIN_SUMMARY_CHARS, (len(request.conversation) + len(previous or "")) // 2)

    def quote_fits(quotes: str) -> bool:
        if target:
            return weighted_tokens(quotes) <= target * QUOTE_SHARE
        return len(quotes) <= limit * QUOTE_SHARE

    body = extractive_summary(
        strip_file_blocks(previous) if previous else None,
        entries,
        focus=request.instructions,
        quote_fits=quote_fits,
    )
    body, _ = trim_summary(body, lambda b: len(b) <= limit)
    # a Chinese conversation gets its headings in Chinese, as real models write them there
    language = conversation_language(request.conversation)
    body = localize_labels(localize_headings(body, language), language)
    read, modified = _files(previous, entries)
    count = sum(e.role != "user" or not e.text.startswith(SUMMARY_HEADER_PREFIX) for e in entries)
    analysis = (
        f"<analysis>Offline extractive summary of {count} transcript entries; "
        f"previous summary {'merged' if previous else 'absent'}.</analysis>"
    )
    return f"{analysis}\n\n<summary>\n{_with_files(body, read, modified)}\n</summary>"


def _condense(prompt: str) -> str:
    """A condense request: the summary it carries, trimmed to the size it states."""
    head, _, summary = prompt.partition("\n\nSummary:\n")
    digits = "".join(ch for ch in head[len(_CONDENSE_START) :].split(" ", 1)[0] if ch.isdigit())
    target = int(digits) if digits else 0
    body = ensure_sections(strip_file_blocks(extract_summary(summary)))
    if target:
        body, _ = trim_summary(body, lambda b: weighted_tokens(b) <= target)
    read = file_block(summary, "read-files")
    modified = file_block(summary, "modified-files")
    analysis = "<analysis>Offline condense: the oldest items trimmed.</analysis>"
    return f"{analysis}\n\n<summary>\n{_with_files(body, read, modified)}\n</summary>"


def _files(previous: str | None, entries: list) -> tuple[list[str], list[str]]:
    read = set(file_block(previous, "read-files"))
    modified = set(file_block(previous, "modified-files"))
    for entry in entries:
        if entry.role != "call":
            continue
        name, args = call_parts(entry.text)
        path = args.get("path")
        if isinstance(path, str) and path:
            if name in ("write_file", "edit_file"):
                modified.add(path)
            elif name == "read_file":
                read.add(path)
    return sorted(read - modified), sorted(modified)


def _with_files(body: str, read: list[str], modified: list[str]) -> str:
    parts = [body]
    if read:
        parts.append("<read-files>\n" + "\n".join(read) + "\n</read-files>")
    if modified:
        parts.append("<modified-files>\n" + "\n".join(modified) + "\n</modified-files>")
    return "\n\n".join(parts)
