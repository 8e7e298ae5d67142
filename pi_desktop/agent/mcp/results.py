"""An MCP ``CallToolResult`` as the one string a tool result is in this app.

Text stays text (the context engine offloads a huge one like any tool's); images, audio and
binary resources become a short marker, because base64 in the context costs tokens and tells
a text model nothing. Embedded text resources keep their text under a header with their URI.
"""

from __future__ import annotations

import json
from typing import Any

MAX_STRUCTURED_CHARS = 4_000_000  # structured output of a server that sent no text


def _size(data: str | None) -> str:
    if not data:
        return "empty"
    raw = len(data) * 3 // 4  # base64
    return f"{raw / 1024:.1f} KB" if raw < 1024 * 1024 else f"{raw / 1024 / 1024:.1f} MB"


def block_text(block: Any) -> str:
    """One content block as text (unknown kinds become a marker naming their type)."""
    kind = getattr(block, "type", None)
    if kind == "text":
        return str(getattr(block, "text", ""))
    if kind in ("image", "audio"):
        mime = getattr(block, "mime_type", None) or kind
        return f"[{kind}: {mime}, {_size(getattr(block, 'data', None))} — not shown to the model]"
    if kind == "resource":
        resource = getattr(block, "resource", None)
        uri = str(getattr(resource, "uri", "") or "")
        text = getattr(resource, "text", None)
        if isinstance(text, str):
            return f"[resource {uri}]\n{text}"
        mime = getattr(resource, "mime_type", None) or "binary"
        return f"[resource {uri}: {mime}, {_size(getattr(resource, 'blob', None))}]"
    if kind == "resource_link":
        uri = str(getattr(block, "uri", "") or "")
        name = getattr(block, "name", None)
        return f"[resource link: {uri}" + (f" ({name})]" if name and name != uri else "]")
    return f"[{kind or 'unknown'} content]"


def result_text(result: Any) -> str:
    """The whole result: blocks joined by blank lines; structured content when nothing else."""
    parts = [block_text(b) for b in (getattr(result, "content", None) or [])]
    structured = getattr(result, "structured_content", None)
    if structured is not None and not any(p.strip() for p in parts):
        text = json.dumps(structured, ensure_ascii=False, default=str)
        if len(text) > MAX_STRUCTURED_CHARS:
            text = text[:MAX_STRUCTURED_CHARS] + " …"
        parts.append(text)
    return "\n\n".join(parts) if parts else "(the tool returned nothing)"
