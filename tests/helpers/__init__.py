"""Helpers the tests share: import them from here, never from another test module."""
