"""Shop and lab kiosk mode: its configuration, the admin PIN, and the lab fleet plan (no Qt here)."""
