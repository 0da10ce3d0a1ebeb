"""gpuplanner: choose, and safely fit, a GPU for TensorFlow work."""

__version__ = "0.2.0"
