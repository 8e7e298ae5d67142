"""Building a large structure that lives on: no cyclic GC while it is built, then promoted.

Loading a 100,000-entry session or building its tree allocates a few objects per entry,
none of them in cycles, all kept as long as the session is open. Python's cyclic collector
counts those allocations and scans the young objects again and again while they pile up
(half of ``Session.load`` of a 100,000-entry file: 807 -> 400 ms; a third of building its
tree). ``paused_gc`` turns the collector off for the build and, on the way out, moves what
was allocated straight to the oldest generation (``gc.freeze`` then ``gc.unfreeze``: two
list splices) instead of letting the first allocation after ``enable`` scan it all at once
only to promote it. Garbage cycles made meanwhile are collected by the next full collection.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_pauses = [0]  # builds in progress, in any thread (a list: changed in place under the GIL)


def collection_paused() -> bool:
    """Whether a build is in progress somewhere: a collector of its own (the app collects on
    its GUI thread with the automatic one off) waits, as the automatic one would."""
    return _pauses[0] > 0


@contextmanager
def paused_gc() -> Iterator[None]:
    """No cyclic collection inside; a caller's own pause (gc already off) is left as it was,
    and so are objects someone froze (``gc.freeze``): then nothing is promoted."""
    was_enabled = gc.isenabled()
    gc.disable()
    _pauses[0] += 1
    try:
        yield
    finally:
        _pauses[0] -= 1
        if gc.get_freeze_count() == 0:  # unfreeze would also thaw what someone else froze
            gc.freeze()
            gc.unfreeze()
        if was_enabled:
            gc.enable()
