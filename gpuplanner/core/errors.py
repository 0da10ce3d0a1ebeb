"""One base for every error a user can fix: a file to repair, an input to change, a choice.

Each family (catalog, price list, price pack, plan, probe file, snapshot, nvidia-smi report,
kiosk configuration) derives from ``UserError``; its message names the file and the reason in
words. The command line turns any of them into that one line and ``exit_code`` (commands/
output.py, ``guard``); the window shows the message. Anything else is a bug and keeps its
traceback in the log.
"""

from __future__ import annotations

# Every exit status, here and nowhere else: 0 done, 1 a problem the user can fix (told in one
# line), 2 a usage error (argparse's own).
EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2


class UserError(Exception):
    """An error whose message is for the user, not a traceback."""

    exit_code = EXIT_FAILURE


class InputError(UserError):
    """A value the user gave that no machine has (a negative count of free slots): an id and its
    numbers, put into words in the user's language by report/input_text.py, like a finding."""

    def __init__(self, id: str, **params: float | int | str) -> None:
        self.id = id
        self.params = params
        super().__init__(f"{id}: " + ", ".join(f"{k}={v}" for k, v in params.items()))
