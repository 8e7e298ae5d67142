"""Admitting a fresh step's results tighter instead of compacting for them.

Why: the results of a parallel step arrive together. When the view is already well filled, the
step at its usual share (``step_share_tokens``) pushes the request over the threshold, and the
compaction that admits them lands high — the newest turn (its question, the calls and the
results) is kept whole — so the next request compacts again: two prefix breaks and two
summaries for one fan-out. If instead the step fits the room left under the threshold with its
results offloaded harder (more of them to files, smaller previews, down to
``TIGHT_PREVIEW_CHARS``), it is appended as it is: no summary, the request extends the
previous one, and the compaction comes at a later request, where the step is old and is
summarized away. Every offloaded result stays reachable: its marker names the file holding it
whole and shows its first chars.

Only a step never sent is planned this way (``ViewBuilder.sent_step``): the plan it gets is
remembered as the step's sticky plan, so later views hold the same markers and the prefix
stays byte-identical; a step already sent keeps the decision it was sent with.
"""

from __future__ import annotations

from collections.abc import Sequence

from pi_desktop.context.cache import SummaryCache
from pi_desktop.context.message import Message
from pi_desktop.context.views import ViewBuilder, _View, step_key

# the smallest preview a tightened marker carries: the first words of the result (its file
# path is on the marker's line)
TIGHT_PREVIEW_CHARS = 40
_SHARE_ROUNDS = 3  # share corrections per preview (result and view estimates round apart)


def trailing_step(view: _View) -> list[int]:
    """View positions of the newest step's results when the view ends with them, else []."""
    tools = view.tools
    end = len(view.messages) - 1
    if not tools or tools[-1] != end:
        return []
    k = len(tools) - 1
    while k > 0 and tools[k - 1] == tools[k] - 1:
        k -= 1
    return list(tools[k:])


_MAX_TIGHT = 16  # saved tight steps before those no longer in the view are forgotten


def note_sent(views: ViewBuilder, messages: Sequence[Message], view: _View) -> None:
    """Record the newest step of the view being sent (its first result, as given), and
    forget tight steps that left the view (checked only once there are many of them)."""
    step = trailing_step(view)
    src = view.sources[step[0]] if step else None
    views.sent_step = messages[src] if src is not None else None
    if len(views.tight) > _MAX_TIGHT:
        sources = [view.sources[i] for i in view.tools]
        live = {step_key(messages[k]) for k in sources if k is not None}
        views.tight = {k: v for k, v in views.tight.items() if k in live}


def saved_tight(views: ViewBuilder) -> dict[str, list[float | int]]:
    """The tight steps as the session saves them (with the usage anchor)."""
    return {key: [share, preview] for key, (share, preview) in views.tight.items()}


def restore_tight(views: ViewBuilder, saved: object) -> bool:
    """Take back :func:`saved_tight`'s figures; anything malformed is ignored (False)."""
    if not isinstance(saved, dict):
        return False
    tight: dict[str, tuple[float, int]] = {}
    for key, value in saved.items():
        if not (isinstance(key, str) and isinstance(value, list) and len(value) == 2):
            return False
        share, preview = value
        if not all(isinstance(x, int | float) and not isinstance(x, bool) for x in value):
            return False
        if not (0 < share < float("inf") and 0 <= preview <= 1_000_000):
            return False
        tight[key] = (float(share), int(preview))
    views.tight = tight
    return True


def _previews(normal: int) -> list[int]:
    floor = min(normal, TIGHT_PREVIEW_CHARS)
    return sorted({normal, max(floor, normal // 4), floor}, reverse=True)


def admit_tight(
    views: ViewBuilder,
    messages: Sequence[Message],
    base: _View,
    cache: SummaryCache,
    micro_floor: int,
    limit: int,
    preview_chars: int,
) -> _View | None:
    """The view with the fresh newest step planned to fit under ``limit``, else None.

    ``base`` is the view over ``limit``; ``preview_chars`` the step's usual preview. The
    largest previews are tried first; a preview's share starts at the room the rest of the
    view leaves and is corrected by what the built view is still over. The plan is committed
    only with the view that fits.
    """
    step = trailing_step(base)
    src = base.sources[step[0]] if step else None
    if src is None:
        return None
    first = messages[src]
    if views.sent_step is first:
        return None  # sent already: its decision stands (a flip would break the prefix)
    step_tokens = sum(views.result_tokens(base.messages[i]) for i in step)
    room = step_tokens - (views.tokens(base) - limit)
    for preview in _previews(preview_chars):
        share = room
        for _ in range(_SHARE_ROUNDS):
            if share <= 0:
                break
            views.squeeze, views.squeezed = (first, share, preview), None
            try:
                view = views.base(messages, cache, micro_floor)
            finally:
                views.squeeze = None
            plan, views.squeezed = views.squeezed, None
            if plan is None:
                return None
            over = views.tokens(view) - limit
            if over <= 0:
                views.commit_plan(plan)
                views.tight[step_key(first)] = (share, preview)
                return view
            share -= over + 1
    return None
