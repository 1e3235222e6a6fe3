"""Runs every golden vector through the Python package and compares its answers
with the Rust host's, byte for byte:

    python python/scripts/run_vectors.py target/conformance/vectors.json

Prints each difference, then `N passed, N failed` on a line by itself; exits 1
on any difference (and 2 on a usage error).
"""

import sys

from tool_schema.conformance import main

if __name__ == "__main__":
    sys.exit(main())
