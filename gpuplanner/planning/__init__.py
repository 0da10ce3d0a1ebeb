"""The decisions: pure functions over plain data (no I/O, no Qt, no TensorFlow).

Rooms by concern, each importing only those below it (a contract in pyproject.toml):
``plan`` (options judged and ranked) over ``options`` (the plan's records) over ``prices`` and
``speed`` (independent of each other) over ``job`` over ``request`` (what planning is asked)
over ``machine`` over ``findings`` and ``errors``. ``recommend`` is the entry every front end
reaches through app/."""
