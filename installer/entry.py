"""The bundle's entry point: the same ``main`` as the ``gpuplanner`` command."""

import sys

from gpuplanner.cli import main

if __name__ == "__main__":
    sys.exit(main())
