"""The usage anchor: how ``ContextManager`` turns characters into the provider's tokens.

Estimates start from a per-script ratio (``ratio.py``). Once the provider reports the prompt's
size for a view, that count anchors the ratio: later views scale the anchored ratio by their
script mix. The anchor (with L2's horizon) is saved in the session, so a restarted app
estimates, and therefore summarizes, exactly as the live one did.

Usage is not trusted blindly (issue 16): the count is ``read_usage(...).prompt_total``, which
adds the cached prefix back for dialects that leave it out; a count the view's character
classes rule out (outside ``PLAUSIBLE_RATIO`` of the class estimate, or fewer tokens than the
newest message alone) is not taken — a proxy that drops the cached prefix would otherwise
collapse the ratio and make every later view overflow. An overflow error that states the
real count (:meth:`UsageCalibration.record_overflow`) anchors at once: one overflow per cause.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any

from pi_desktop.context.message import Message
from pi_desktop.context.ratio import ASCII_WEIGHT, clamp_ratio, script_ratio, weighted_tokens
from pi_desktop.context.tokens import tokens_from_chars
from pi_desktop.context.usage import read_usage

# a usage anchor that predicts the provider's count within this share is kept as it is
ANCHOR_TOLERANCE = 0.01
# (low, high): a reported prompt outside this share of the class estimate is ruled out. The
# class estimate is within 25 % of o200k for 90 % of views (bench (c)) and o200k is among the
# densest tokenizers, so a real count under 0.6x is a count that left something out (a cached
# prefix); over 6x is garbage (a batch total, another request's figure)
PLAUSIBLE_RATIO = (0.6, 6.0)
# a prompt under this share of the newest message's class estimate cannot have carried it
NEWEST_FLOOR = 0.8
# L3 decides in a coarser unit: the anchor's correction of the class estimate rounded to
# powers of this factor, so a usage anchor that moves by some per cent (most turns, and by
# a fifth under a 2k budget) does not flip which results are offloaded (each flip breaks
# the request prefix)
L3_RATIO_STEP = 1.25
# an overflow error's stated count beyond this multiple of the class estimate likely counts
# more than the prompt (vLLM and OpenAI state "requested N tokens" with the completion's
# max_tokens included; a proxy may add its own framing): not taken, the window still is
OVERFLOW_RATIO = (PLAUSIBLE_RATIO[0], 2.5)


class UsageCalibration:
    """Tokens per serialised char: the usage anchor and the last view it is checked against.

    ``ContextManager`` owns one and tells it about every view it returns (:meth:`observe`);
    everything else asks it for ratios. ``anchor`` is ``(prompt/chars, script ratio)`` of the
    anchored view, replaced (never changed in place) when a new anchor is taken, so callers
    may cache figures by its identity.
    """

    def __init__(self, anchor: tuple[float, float] | None = None) -> None:
        self._anchor = anchor
        # the ratio the last view was estimated with (the anchor's figure for that view)
        self._ratio = ASCII_WEIGHT if anchor is None else anchor[0]
        self._last_view_chars = 0
        self._last_view_script = ASCII_WEIGHT
        self._last_newest_weighted = 0.0  # the class estimate of the last view's newest message
        self.rejected_usage = 0  # usage figures not taken as an anchor (implausible)

    @property
    def anchor(self) -> tuple[float, float] | None:
        return self._anchor

    @property
    def ratio(self) -> float:
        """Tokens per serialised char the last view was estimated with."""
        return self._ratio

    @property
    def last_view_chars(self) -> int:
        return self._last_view_chars

    def observe(self, chars: int, weighted: float, newest_weighted: float) -> float:
        """The view just returned (its chars, class estimate, newest message's class estimate):
        the one ``record_usage`` will anchor against. Returns the ratio it is estimated with."""
        script = script_ratio(weighted, chars)
        self._ratio = self._ratio_from_script(script)
        self._last_view_chars = chars
        self._last_view_script = script
        self._last_newest_weighted = newest_weighted
        return self._ratio

    def record_usage(self, usage: dict[str, Any] | None) -> None:
        """Anchor the ratio on ``prompt_total / chars`` of the view prepare last returned.

        ``prompt_total`` comes from :func:`read_usage` (cached tokens counted in every
        dialect). Missing, zero or implausible usage is ignored (see the module docstring);
        the anchor is clamped to a plausible range. Later views scale it by their script mix
        relative to the anchored view, so the ratio for the anchored view itself is exactly
        ``prompt_total / last_view_chars``.

        An anchor that already predicted the count within ``ANCHOR_TOLERANCE`` is kept: the
        estimate then does not jitter by a token or two every turn, and the session saves a
        new anchor only when the model's counting really moved (not one line per turn).
        """
        if not usage or not self._last_view_chars:
            return
        figures = read_usage(usage)
        prompt = figures.prompt_total if figures is not None else 0
        if prompt <= 0:
            return
        if not self._plausible(prompt):
            self.rejected_usage += 1
            return
        self._take_anchor(prompt)

    def record_overflow(self, prompt_tokens: int | None) -> bool:
        """The provider refused the last view and stated its real size: anchor on it now.

        That count is the provider's own for the view sent, so it replaces the anchor at once
        (no tolerance); a count the view's character classes rule out (outside
        ``OVERFLOW_RATIO`` of the class estimate) cannot describe that view alone and is not
        taken. True when an anchor was taken.
        """
        if not prompt_tokens or prompt_tokens <= 0 or not self._last_view_chars:
            return False
        low, high = OVERFLOW_RATIO
        expected = self._last_view_chars * self._last_view_script
        if not low * expected <= prompt_tokens <= high * expected:
            self.rejected_usage += 1
            return False
        anchored = clamp_ratio(prompt_tokens / self._last_view_chars)
        self._anchor = (anchored, self._last_view_script)
        self._ratio = anchored
        return True

    def _plausible(self, prompt: int) -> bool:
        """Whether ``prompt`` tokens could be the last view's size (see the module docstring)."""
        expected = self._last_view_chars * self._last_view_script  # the class estimate
        low, high = PLAUSIBLE_RATIO
        if not low * expected <= prompt <= high * expected:
            return False
        return prompt >= NEWEST_FLOOR * self._last_newest_weighted

    def _take_anchor(self, prompt: int) -> None:
        if self._anchor is not None:
            predicted = self._ratio * self._last_view_chars  # the current anchor's figure
            if abs(predicted - prompt) <= ANCHOR_TOLERANCE * prompt:
                return
        anchored = clamp_ratio(prompt / self._last_view_chars)
        self._anchor = (anchored, self._last_view_script)
        self._ratio = anchored

    def saved(self) -> dict[str, Any]:
        """The anchor as the session saves it (see ``ContextManager.usage_anchor``)."""
        anchor = None if self._anchor is None else [self._anchor[0], self._anchor[1]]
        ratio = ASCII_WEIGHT if self._anchor is None else self._anchor[0]
        return {"anchor": anchor, "ratio": ratio}

    def restore(self, anchor: dict[str, Any]) -> bool:
        """Take back a saved ``usage_anchor``; a malformed one is ignored (False), never fatal."""

        def positive(value: Any) -> float | None:
            ok = isinstance(value, int | float) and not isinstance(value, bool)
            return float(value) if ok and 0 < value < float("inf") else None  # NaN fails too

        pair, ratio = anchor.get("anchor"), positive(anchor.get("ratio"))
        if ratio is None:
            return False
        if pair is not None:
            if not isinstance(pair, list) or len(pair) != 2:
                return False
            first, second = positive(pair[0]), positive(pair[1])
            if first is None or second is None:
                return False
            pair = (first, second)
        self._anchor = pair
        self._ratio = ratio
        return True

    @property
    def l3_correction(self) -> float:
        """The anchor's correction of the class estimate rounded to a power of
        ``L3_RATIO_STEP`` (1.0 without an anchor): what L3's decisions scale it by."""
        if self._anchor is None:
            return 1.0
        anchored, anchored_script = self._anchor
        steps = round(math.log(anchored / anchored_script) / math.log(L3_RATIO_STEP))
        return float(L3_RATIO_STEP**steps)

    def l3_ratio_for(self, weighted: float, chars: int) -> float:
        """Tokens per char for L3's decisions (see ``l3_correction``)."""
        return clamp_ratio(script_ratio(weighted, chars) * self.l3_correction)

    def ratio_for(self, weighted: float, chars: int) -> float:
        """Tokens per char of text with ``chars`` chars and class estimate ``weighted``."""
        return self._ratio_from_script(script_ratio(weighted, chars))

    def tokens(self, chars: int, weighted: float) -> int:
        return tokens_from_chars(chars, self.ratio_for(weighted, chars))

    def text_tokens(self, text: str) -> int:
        return self.tokens(len(text), weighted_tokens(text))

    def request_tokens(self, request: Sequence[Message]) -> int:
        """The estimate of ``request`` serialised on its own (no memo: e.g. a refused paste)."""
        return self.text_tokens(_dump(request))

    def summarizer_request_tokens(self, request: Sequence[Message]) -> int:
        """A summarizer request's size, never below its class estimate.

        The usage anchor is taken on chat views, whose serialised chars are largely message
        framing (roles, metadata) the provider hardly counts; a summarizer request is one dense
        transcript (random ids, file paths), so the anchor's lower ratio undercounts it — at
        2k by a quarter, past the window (2k junk soak: the repair request overflowed at
        2,054 of 2,000, estimated under 1,600). The class estimate, or the anchor where it is
        higher, stays on the safe side.
        """
        text = _dump(request)
        weighted = weighted_tokens(text)
        ratio = max(self.ratio_for(weighted, len(text)), script_ratio(weighted, len(text)))
        return tokens_from_chars(len(text), ratio)

    def _ratio_from_script(self, script: float) -> float:
        if self._anchor is None:
            return script
        anchored, anchored_script = self._anchor
        return clamp_ratio(anchored * script / anchored_script)


def _dump(request: Sequence[Message]) -> str:
    return json.dumps([m.model_dump() for m in request], ensure_ascii=False, default=str)
