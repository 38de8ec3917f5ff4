#!/usr/bin/env python3
"""fsize_limit.py DATABASE EXTRA CMD...: fills DATABASE with 4000 copies of a
record of another task (about 3 MB, larger than any other file of a run),
then runs CMD with files limited to that size plus EXTRA bytes: only the
database reaches the limit, as on a full disk (SIGXFSZ ignored, so that its
write fails with EFBIG). Prints `exit N`."""
import json
import os
import resource
import signal
import subprocess
import sys

db, extra = sys.argv[1], int(sys.argv[2])
record = {"version": 1, "task": "0000000000000000",
          "workload": {"name": "other"}, "target": "other",
          "sketch": "cpu.fallback", "knobs": {"p1": 1}, "times_s": [1e-3],
          "error": 0, "error_name": "NO_ERROR", "message": "x" * 600}
with open(db, "w") as f:
    for _ in range(4000):
        f.write(json.dumps(record) + "\n")
limit = os.path.getsize(db) + extra


def restrict():
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE,
                       (limit, resource.RLIM_INFINITY))


print(f"exit {subprocess.run(sys.argv[3:], preexec_fn=restrict).returncode}")
