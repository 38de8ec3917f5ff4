#!/usr/bin/env python3
"""Kills a tuning run with SIGKILL once its database has some records, checks
that every record on disk is intact, resumes, and checks that nothing finished
was lost and nothing was measured twice.

usage: kill_and_resume.py TUNER_OPT INPUT DB OPTIONS..."""
import json
import os
import signal
import subprocess
import sys
import time

tuner, model, db, options = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
if os.path.exists(db):
    os.remove(db)


def records():
    if not os.path.exists(db):
        return [], 0
    good, bad = [], 0
    with open(db) as f:
        for line in f:
            if not line.strip():
                continue
            try:
                good.append(json.loads(line))
            except json.JSONDecodeError:
                bad += 1
    return good, bad


def key(r):
    return (r["task"], r["sketch"], json.dumps(r["knobs"], sort_keys=True))


opts = " ".join(options + [f"database={db}", "progress=off"])
proc = subprocess.Popen([tuner, model, f"--tuner-tune={opts} trials=40",
                         "-o", os.devnull], stderr=subprocess.DEVNULL)
deadline = time.time() + 120
while time.time() < deadline and len(records()[0]) < 3:
    time.sleep(0.05)
proc.send_signal(signal.SIGKILL)
proc.wait()
before, bad = records()
print(f"killed after {len(before)} records ({bad} truncated)")
if len(before) < 3:
    sys.exit("the run did not record anything before the deadline")
if bad > 1:
    sys.exit(f"{bad} corrupt lines: only the one being written may be cut")
# No worker outlives the killed driver.
time.sleep(0.5)
ps = subprocess.run(["pgrep", "-f", "tuner-worker"], capture_output=True, text=True)
children = [p for p in ps.stdout.split() if p]
if children:
    print(f"warning: workers still alive: {children}")

trials = len(before) + 4
subprocess.run([tuner, model,
                f"--tuner-tune={opts} trials={trials} resume=true",
                "-o", os.devnull], check=True, stderr=subprocess.DEVNULL)
after, bad_after = records()
if bad_after > bad:
    sys.exit("resuming corrupted the database")
keys_before = [key(r) for r in before]
keys_after = [key(r) for r in after]
if keys_after[:len(keys_before)] != keys_before:
    sys.exit("records written before the kill changed")
if len(set(keys_after)) != len(keys_after):
    sys.exit("a candidate was measured twice")
if len(after) != trials:
    sys.exit(f"{len(after)} records after resuming, expected {trials}")
print(f"resumed: {len(after)} records, none lost, none repeated")
