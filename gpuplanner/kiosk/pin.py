"""The admin PIN: stored as a salted, slow hash; wrong tries make the next one wait longer."""

from __future__ import annotations

import hashlib
import hmac
import os
import time
from collections.abc import Callable

ITERATIONS = 200_000
MAX_DELAY_S = 60.0
# A stored hash is checked against these before any PIN is tried: too few iterations is weak,
# too many makes every try take minutes (or overflow), which locks the staff out.
MIN_ITERATIONS, MAX_ITERATIONS = 100_000, 5_000_000
MIN_SALT_BYTES, MAX_SALT_BYTES = 8, 64


def hash_pin(pin: str, iterations: int = ITERATIONS, salt: bytes | None = None) -> str:
    """'pbkdf2_sha256$<iterations>$<salt hex>$<hash hex>' (PBKDF2-HMAC-SHA256, 16-byte random salt)."""
    if not pin or not pin.isdigit() or not 4 <= len(pin) <= 12:
        raise ValueError("the PIN must be 4 to 12 digits")
    salt = salt or os.urandom(16)
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode(), salt, iterations)
    return f"pbkdf2_sha256${iterations}${salt.hex()}${digest.hex()}"


def check_hash_format(stored: str) -> str | None:
    """Why ``stored`` is not a usable PIN hash, or None."""
    parts = stored.split("$") if isinstance(stored, str) else []
    if len(parts) != 4 or parts[0] != "pbkdf2_sha256":
        return "pin_hash must be 'pbkdf2_sha256$iterations$salt$hash' (write it with: gpuplanner kiosk set-pin)"
    if len(parts[1]) > 9 or not parts[1].isdigit():
        return "pin_hash is damaged (its iteration count is not a number)"
    try:
        iterations = int(parts[1])
        salt = bytes.fromhex(parts[2])
        digest = bytes.fromhex(parts[3])
    except ValueError:
        return "pin_hash is damaged (not hexadecimal)"
    if iterations < MIN_ITERATIONS or len(digest) != 32:
        return "pin_hash is too weak (at least 100,000 iterations of SHA-256)"
    if iterations > MAX_ITERATIONS:
        return (
            f"pin_hash asks for {iterations:,} iterations: every PIN try would take minutes;"
            " write it again with: gpuplanner kiosk set-pin"
        )
    if not MIN_SALT_BYTES <= len(salt) <= MAX_SALT_BYTES:
        return "pin_hash is damaged (its salt must be 8 to 64 bytes)"
    return None


def verify_pin(pin: str, stored: str) -> bool:
    if check_hash_format(stored) is not None:
        return False
    _, iterations, salt, expected = stored.split("$")
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode(), bytes.fromhex(salt), int(iterations))
    return hmac.compare_digest(digest.hex(), expected)


class PinGate:
    """Checks PINs and slows down guessing: after n wrong tries, wait 2^(n-1) s (at most 60 s)."""

    def __init__(self, stored: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.stored = stored
        self.clock = clock
        self.failures = 0
        self.locked_until = 0.0

    def wait_s(self) -> float:
        return max(0.0, self.locked_until - self.clock())

    def attempt(self, pin: str) -> bool:
        """True when the PIN is right. A try during the wait counts as wrong without checking."""
        if self.wait_s() > 0:
            return False
        if verify_pin(pin, self.stored):
            self.failures = 0
            self.locked_until = 0.0
            return True
        self.failures += 1
        self.locked_until = self.clock() + min(MAX_DELAY_S, 2.0 ** (self.failures - 1))
        return False
