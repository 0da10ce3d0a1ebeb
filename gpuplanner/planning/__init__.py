"""The decisions: pure functions over plain data (no I/O, no Qt, no TensorFlow)."""
