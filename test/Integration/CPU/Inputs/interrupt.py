#!/usr/bin/env python3
"""interrupt.py SIGNAL TMPDIR CMD...: runs CMD with TMPDIR as its temporary
directory, sends it SIGNAL (INT, TERM or HUP) once its mlir-tuner-* work
directory exists and a worker runs, waits for it, and prints `exit N` (a
process ended by a signal: -signal) and the number of mlir-tuner-* entries
left in TMPDIR."""
import glob
import os
import signal
import subprocess
import sys
import time

sig = getattr(signal, "SIG" + sys.argv[1])
tmp = sys.argv[2]
os.makedirs(tmp, exist_ok=True)
env = dict(os.environ, TMPDIR=tmp)
# A test runner may start us with SIGINT ignored (a background job), which
# the tool keeps ignored: give the command the default disposition.
proc = subprocess.Popen(sys.argv[3:], env=env,
                        preexec_fn=lambda: signal.signal(sig, signal.SIG_DFL))
deadline = time.monotonic() + 120
while proc.poll() is None and time.monotonic() < deadline:
    dirs = glob.glob(os.path.join(tmp, "mlir-tuner-*"))
    if dirs and glob.glob(os.path.join(dirs[0], "*.log")):
        time.sleep(1)
        proc.send_signal(sig)
        break
    time.sleep(0.05)
proc.wait()
time.sleep(0.5)
print(f"exit {proc.returncode}")
print(f"left {len(glob.glob(os.path.join(tmp, 'mlir-tuner-*')))}")
