"""Infrastructure every layer may use: paths, atomic and bounded file I/O, locks, logging,
languages and money formats, and the JSON boundary (serial). Imports nothing of ours."""
