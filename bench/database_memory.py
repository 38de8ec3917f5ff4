#!/usr/bin/env python3
"""Measures what reading a large tuning database costs: writes a database
of realistic records (copies of those a real `tuner-tune` run writes, with
varied knobs, timings, tasks and timestamps) of about --mb megabytes, then
runs `tuner-opt --sched-apply-best` on the workload the records were made
for, under /usr/bin/time -v, and reports the file size, the peak RSS, the
peak RSS of the same command on a one-record database (what tuner-opt
takes anyway), and the ratio of the difference to the file size.

usage: bench/database_memory.py [--build build] [--mb 30]
         [--workload examples/workloads/matmul_512.mlir] [--keep DIR]
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

ap = argparse.ArgumentParser()
ap.add_argument("--build", default="build")
ap.add_argument("--mb", type=float, default=30)
ap.add_argument("--workload", default="examples/workloads/matmul_512.mlir")
ap.add_argument("--keep", help="write the databases here and keep them")
args = ap.parse_args()
opt = os.path.join(args.build, "bin", "tuner-opt")


def peak_rss_kb(cmd):
    p = subprocess.run(["/usr/bin/time", "-v"] + cmd, capture_output=True,
                       text=True)
    if p.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{p.stderr[-2000:]}")
    return int(re.search(r"Maximum resident set size \(kbytes\): (\d+)",
                         p.stderr).group(1))


tmp = args.keep or tempfile.mkdtemp(prefix="db-memory-")
os.makedirs(tmp, exist_ok=True)
seed_db = os.path.join(tmp, "seed.db")
big_db = os.path.join(tmp, "big.db")
if os.path.exists(seed_db):
    os.remove(seed_db)
subprocess.run([opt, args.workload,
                f"--tuner-tune=trials=8 database={seed_db} progress=off",
                "-o", os.devnull], check=True)
with open(seed_db) as f:
    templates = [json.loads(line) for line in f if line.strip()]

rng = random.Random(1)
target = int(args.mb * 1e6)
written = records = 0
with open(big_db, "w") as f:
    while written < target:
        r = json.loads(json.dumps(rng.choice(templates)))
        # One record in ten for the workload's own task; the others for
        # 200 other tasks of other shapes (what a database of a model's
        # tuning holds).
        if rng.random() >= 0.1:
            t = rng.randrange(200)
            r["task"] = f"{t:016x}"
            w = r["workload"]
            m = 64 * (1 + t % 16)
            w["name"] = f"matmul_{m}x512x512"
            w["loop_ranges"] = [m, 512, 512]
            w["operands"][0]["shape"] = [m, 512]
            w["operands"][2]["shape"] = [m, 512]
            w["flops"] = 2 * m * 512 * 512
        for k, v in r["knobs"].items():
            if isinstance(v, int):
                r["knobs"][k] = rng.choice([1, 2, 4, 8, 16, 32, 64, 128, 256])
        base = rng.uniform(1e-3, 2e-2)
        r["times_s"] = [base * rng.uniform(0.95, 1.05) for _ in range(3)]
        r["build_s"] = rng.uniform(0.1, 3)
        r["run_s"] = rng.uniform(0.05, 0.5)
        r["timestamp"] = 1795462259 + records
        line = json.dumps(r, sort_keys=True, separators=(",", ":")) + "\n"
        f.write(line)
        written += len(line)
        records += 1

small_db = os.path.join(tmp, "small.db")
with open(small_db, "w") as f:
    f.write(json.dumps(templates[0], sort_keys=True) + "\n")

cmd = [opt, args.workload, "-o", os.devnull]
base_kb = peak_rss_kb(cmd[:2] + [f"--sched-apply-best=database={small_db}"] +
                      cmd[2:])
big_kb = peak_rss_kb(cmd[:2] + [f"--sched-apply-best=database={big_db}"] +
                     cmd[2:])
size = os.path.getsize(big_db)
print(f"database: {big_db}: {size / 1e6:.1f} MB, {records} records, "
      f"{size / records:.0f} bytes a record")
print(f"peak RSS, one-record database: {base_kb / 1024:.1f} MiB")
print(f"peak RSS, this database:       {big_kb / 1024:.1f} MiB")
print(f"(peak RSS - one-record peak) / file size: "
      f"{(big_kb - base_kb) * 1024 / size:.2f}")
print(f"peak RSS / file size: {big_kb * 1024 / size:.2f}")
