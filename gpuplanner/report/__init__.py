"""A plan rendered for people: HTML, PDF, a QR code with the summary, and JSON."""
