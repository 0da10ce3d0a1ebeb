"""The Qt binding under the app keeps Python's books: emitting signals must not leak or drop
references. PySide6 6.12.0 dropped one reference to False per emit of a Python-defined signal,
and a window that had emitted a few thousand (a probe's progress, replans in a kiosk day)
aborted with "bool_dealloc"; pyproject.toml excludes that release."""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal


class _Emitter(QObject):
    with_object = Signal(object)
    with_text = Signal(str)
    bare = Signal()


def test_emitting_signals_keeps_the_reference_counts(qapp):
    emitter = _Emitter()
    received = []
    emitter.with_object.connect(received.append)
    before_false, before_true = sys.getrefcount(False), sys.getrefcount(True)
    for _ in range(3000):
        emitter.with_object.emit(None)
        emitter.with_text.emit("x")
        emitter.bare.emit()
    assert len(received) == 3000
    # A few references may come and go with caches; thousands lost is the binding's bug.
    assert abs(sys.getrefcount(False) - before_false) < 100
    assert abs(sys.getrefcount(True) - before_true) < 100
