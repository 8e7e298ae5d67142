"""The tool schemas' share of the budget: what every chat request spends on them.

Every chat request carries the tool schemas, so they are reserved out of the budget; the usage
anchor must describe the messages the estimate counts, not the schemas sent beside them; and a
budget the schemas alone fill gets a message that says what to change.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any

from pi_desktop.context import CHARS_PER_TOKEN, ContextManager
from pi_desktop.context.usage import read_usage
from pi_desktop.usertext import UserText


def schema_tokens(schemas: Sequence[dict[str, Any]]) -> int:
    """Tokens the tool schemas add to every chat request: serialised chars / 4, rounded up.

    JSON tokenizes close to 4 chars per token. The figure is reserved out of the budget (the
    ContextManager's ``reserved_tokens``) and taken out of ``prompt_tokens`` before anchoring.
    """
    if not schemas:
        return 0
    return -(-len(json.dumps(list(schemas), ensure_ascii=False)) // CHARS_PER_TOKEN)


def no_room_message(ctx: ContextManager) -> UserText:
    """Why nothing can be sent: the tool schemas alone fill the budget's threshold."""
    needed = math.ceil(2 * ctx.reserved_tokens / ctx.threshold)
    return UserText(
        "Agent",
        "The tool definitions alone take %1 tokens, and the context budget of %2 tokens "
        "compacts at %3: nothing is left for the conversation. Raise the context budget (to %4 "
        "tokens or more) or turn tools off.",
        ctx.reserved_tokens,
        ctx.budget,
        ctx.threshold_tokens,
        needed,
    )


def usage_for_anchor(usage: dict[str, Any] | None, tools_tokens: int) -> dict[str, Any] | None:
    """``usage`` reduced to the messages' prompt count, for anchoring.

    The prompt count is ``read_usage(usage).prompt_total`` (a cached prefix counted in every
    dialect). Providers count the tool schemas in it, but the estimate (and so the ratio
    anchored on it) covers the messages only. Left in, a fixed few hundred schema tokens over
    a short view push the ratio towards its ceiling, every estimate balloons, and even the
    summarizer's own prompt looks over budget. ``tools_tokens`` is ``schema_tokens`` (the
    same figure the budget reserves); when nothing would remain, no anchor is taken.
    """
    if not usage or tools_tokens <= 0:
        return usage  # ``record_usage`` reads it through ``read_usage`` itself
    figures = read_usage(usage)
    if figures is None or figures.prompt_total <= 0:
        return usage
    rest = figures.prompt_total - tools_tokens
    if rest <= 0:
        return None
    return {"prompt_tokens": rest, "completion_tokens": figures.completion}
