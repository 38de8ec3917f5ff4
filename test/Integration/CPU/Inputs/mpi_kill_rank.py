#!/usr/bin/env python3
"""Starts a workers=mpi tuning on 3 ranks, SIGKILLs rank 2 once the database
has some records, and checks that the run finishes with the other measuring
rank, that every record written before the kill is still there unchanged,
and that the budget was measured.

usage: mpi_kill_rank.py MPIRUN TUNER_OPT INPUT DB TRIALS OPTIONS..."""
import os
import shlex
import signal
import subprocess
import sys
import time

mpirun, tuner, model, db, trials = sys.argv[1:6]
options = sys.argv[6:]
trials = int(trials)
if os.path.exists(db):
    os.remove(db)


def lines():
    if not os.path.exists(db):
        return []
    with open(db) as f:
        return [l for l in f if l.strip()]


def rank_pid(rank):
    """The tuner-opt process of MPI rank `rank` of this run (its database is
    in the command line; other runs may be under way), not its workers."""
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                env = f.read().split(b"\0")
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read()
        except OSError:
            continue
        if (f"OMPI_COMM_WORLD_RANK={rank}".encode() in env
                and f"database={db}".encode() in cmd
                and b"--tuner-worker" not in cmd):
            return int(pid)
    return None


opts = " ".join(options + [f"database={db}", "progress=off", "workers=mpi",
                           f"trials={trials}"])
env = dict(os.environ, OMPI_MCA_mpi_warn_on_fork="0")
proc = subprocess.Popen(shlex.split(mpirun) + ["-np", "3", tuner, model,
                        f"--tuner-tune={opts}", "-o", os.devnull],
                        stderr=subprocess.PIPE, text=True, env=env)
deadline = time.time() + 120
while len(lines()) < trials // 4 and time.time() < deadline:
    time.sleep(0.05)
# The victim first, then the snapshot right before the kill: scanning /proc
# between the two let records land in between.
victim = rank_pid(2)
before = lines()
if not before or victim is None:
    proc.kill()
    sys.exit(f"nothing to kill: {len(before)} records, rank 2 pid {victim}")
os.kill(victim, signal.SIGKILL)
print(f"killed rank 2 after {len(before)} records")
_, err = proc.communicate(timeout=300)
after = lines()
if after[:len(before)] != before:
    sys.exit("records written before the kill changed")
if len(after) != trials:
    sys.exit(f"{len(after)} records, expected {trials}:\n{err}")
given_up = [l for l in err.splitlines() if "given up" in l]
print(given_up[0] if given_up else "no rank given up:\n" + err)
late = sum('"mpi rank 2"' in l for l in after[len(before):])
print(f"finished: {len(after)} records, none lost; {late} from rank 2 after "
      "the kill")
