#!/usr/bin/env python3
"""timed.py MAX_SECONDS CMD...: runs CMD, prints `within MAX_SECONDS s` when
it took at most that long (else `took T s`), then `exit N`."""
import subprocess
import sys
import time

start = time.monotonic()
code = subprocess.run(sys.argv[2:]).returncode
took = time.monotonic() - start
limit = float(sys.argv[1])
print(f"within {sys.argv[1]} s" if took <= limit else f"took {took:.1f} s")
print(f"exit {code}")
