"""Guard against a PySide6 6.12 bug: every call of a void Qt method drops one reference to None.

On Python < 3.12 None is an ordinary refcounted object, so after some hundred thousand
calls (``widget.update()``, ``setTextWidth``, ``updateGeometry``…) its count reaches zero
and the interpreter aborts ("none_dealloc: deallocating None"). A streaming answer makes
that many calls within minutes. Python 3.12 made None immortal; here we do the same by
hand: when the leak is detected, None's count is raised so far that it can never reach
zero. None is never freed in a healthy interpreter anyway, so this changes nothing else.
"""

from __future__ import annotations

import ctypes
import sys

_HEADROOM = 1 << 48  # ~2.8e14 leaked references: centuries of void calls


def void_call_leaks_none() -> bool:
    """Whether a void PySide6 call drops a reference to None (measured, not assumed)."""
    from PySide6.QtCore import QObject

    probe = QObject()
    before = sys.getrefcount(None)
    for _ in range(64):
        probe.setObjectName("probe")  # a void method
    return sys.getrefcount(None) < before - 32


def guard_none_refcount() -> bool:
    """Apply the guard if this PySide6 leaks None; True when it was applied."""
    if sys.version_info >= (3, 12) or not void_call_leaks_none():
        return False
    refcount = ctypes.c_ssize_t.from_address(id(None))
    if refcount.value < _HEADROOM:
        refcount.value += _HEADROOM
    return True
