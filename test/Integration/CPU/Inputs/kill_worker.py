#!/usr/bin/env python3
"""kill_worker.py KIND CMD...: runs CMD (a tuning run), and kill -9s its
worker processes started with --tuner-worker=KIND as they appear, while it
runs (at most 3 of them). Prints `killed N` and `exit M` (CMD's status; a
driver killed by a signal prints a negative status)."""
import os
import signal
import subprocess
import sys
import time


def workers(parent, kind):
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmdline = f.read()
        except OSError:
            continue
        if ppid == parent and f"--tuner-worker={kind}".encode() in cmdline:
            found.append(int(pid))
    return found


kind = sys.argv[1]
proc = subprocess.Popen(sys.argv[2:])
killed = set()
while proc.poll() is None:
    for pid in workers(proc.pid, kind):
        if pid not in killed and len(killed) < 3:
            # Let it start (and finish a job), then kill it while idle or busy.
            time.sleep(0.5)
            try:
                os.kill(pid, signal.SIGKILL)
                killed.add(pid)
            except ProcessLookupError:
                pass
    time.sleep(0.05)
print(f"killed {len(killed)}")
print(f"exit {proc.returncode}")
