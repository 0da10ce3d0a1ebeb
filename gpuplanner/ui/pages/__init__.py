"""Wizard pages. Each is thin: it shows state and forwards input; the logic lives below ui/."""
