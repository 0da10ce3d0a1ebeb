"""The PySide6 desktop interface: the wizard, its pages and the background workers."""
